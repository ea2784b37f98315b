#include "boardgames/tournament/team_total.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "boardgames/core/utf8.h"

namespace boardgames {

std::vector<TeamTotalRow> team_totals(const Event& event, const Standings& standings,
                                      const PlayerList& players, TeamTotal mode,
                                      Diagnostics& diagnostics) {
  std::vector<TeamTotalRow> rows;
  std::map<std::string, std::size_t> index_of;
  for (const Player& player : players.players) {
    if (!player.team.empty() && index_of.emplace(player.team, rows.size()).second)
      rows.push_back({player.team, {}, {}, {}, 0, 0});
  }
  const auto ranked = static_cast<std::int64_t>(standings.rows.size());
  for (const StandingRow& standing : standings.rows) {  // in rank order: members best first
    const Participant& p = event.participants[static_cast<std::size_t>(standing.participant)];
    const auto found = players.find(p.id);
    if (found.match != PlayerList::Match::found) {
      diagnostics.warning(
          {event.file, 0, 0},
          fmt::format("'{}' is not in the players file: in no team's total", excerpt(p.name, 40)));
      continue;
    }
    const Player& player = players.players[found.index];
    if (player.team.empty()) {
      diagnostics.warning(
          players.location(player, "team"),
          fmt::format("'{}' has no team: in no team's total", excerpt(player.name, 40)));
      continue;
    }
    TeamTotalRow& row = rows[index_of.at(player.team)];
    row.total +=
        mode == TeamTotal::points ? p.score : Points::whole(ranked + 1 - standing.rank_first);
    row.member_ranks.push_back(standing.rank_first);
    row.members.push_back(standing.participant);
  }
  // Better: the higher total, then the better ranks in order (having a rank beats having none).
  const auto better = [](const TeamTotalRow& x, const TeamTotalRow& y) {
    if (x.total != y.total) return x.total > y.total;
    for (std::size_t i = 0; i < std::min(x.member_ranks.size(), y.member_ranks.size()); ++i) {
      if (x.member_ranks[i] != y.member_ranks[i]) return x.member_ranks[i] < y.member_ranks[i];
    }
    return x.member_ranks.size() > y.member_ranks.size();
  };
  std::stable_sort(rows.begin(), rows.end(), better);
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i + 1;
    while (j < rows.size() && !better(rows[i], rows[j])) ++j;
    for (std::size_t k = i; k < j; ++k) {
      rows[k].rank_first = static_cast<int>(i) + 1;
      rows[k].rank_last = static_cast<int>(j);
    }
    i = j;
  }
  return rows;
}

}  // namespace boardgames
