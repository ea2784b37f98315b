#include "boardgames/io/lineup_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "boardgames/core/utf8.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/team_formats.h"

namespace boardgames {

namespace {

struct BoardSeat {
  std::string id;  // the registered player's id, or the label as written when unknown
  SourceLocation where;
};

}  // namespace

LineupCheck check_lineups(ByteSource& results, const PlayerList& players,
                          const TeamGrouping& grouping, Diagnostics& diagnostics) {
  LineupCheck check;
  ResultsCsvReader reader(results, diagnostics);
  if (!reader.read_header()) return check;
  // (round, team) → board → the player sitting there for the team.
  std::map<std::pair<int, std::size_t>, std::map<int, BoardSeat>> lineups;
  ResultRow row;
  while (reader.next(row)) {
    if (row.is_bye()) continue;
    for (const Colour colour : {Colour::white, Colour::black}) {
      const std::string& label = row.player(colour);
      const SourceLocation where =
          reader.location(row.line, colour == Colour::white ? row.white_column : row.black_column);
      const auto player = players.find(label);
      // The team: the row's team column, else the player's registration.
      std::string team_label = row.team(colour);
      if (team_label.empty() && player.match == PlayerList::Match::found)
        team_label = players.players[player.index].team;
      const auto team = grouping.teams.find(team_label);
      if (team.match != PlayerList::Match::found) {
        diagnostics.error(
            where, fmt::format("round {}, board {}: '{}' plays for '{}', which is "
                               "not a registered team",
                               row.round, row.board, excerpt(label, 40), excerpt(team_label, 40)));
        continue;
      }
      BoardSeat seat{
          player.match == PlayerList::Match::found ? players.players[player.index].id : label,
          where};
      auto& boards = lineups[{row.round, team.index}];
      const auto [it, inserted] = boards.emplace(row.board, seat);
      if (!inserted && it->second.id != seat.id) {
        diagnostics.error(
            where, fmt::format("round {}: '{}' and '{}' both play board {} for '{}'", row.round,
                               excerpt(it->second.id, 40), excerpt(label, 40), row.board,
                               excerpt(grouping.teams.players[team.index].name, 40)));
        ++check.violations;
      }
    }
  }
  for (const auto& [key, boards] : lineups) {
    const auto& [round, team] = key;
    std::vector<std::string> registered;
    for (std::size_t member : grouping.members[team])
      registered.push_back(players.players[member].id);
    std::vector<std::string> lineup;
    for (const auto& [board, seat] : boards) lineup.push_back(seat.id);
    ++check.lineups;
    // Every player not registered for the team, each at their row; then the order.
    bool unregistered = false;
    for (const auto& [board, seat] : boards) {
      if (std::find(registered.begin(), registered.end(), seat.id) != registered.end()) continue;
      diagnostics.error(seat.where,
                        fmt::format("round {}, '{}': '{}' on board {} is not registered for the "
                                    "team",
                                    round, excerpt(grouping.teams.players[team].name, 40),
                                    excerpt(seat.id, 40), board));
      unregistered = true;
    }
    if (unregistered) {
      ++check.violations;
      continue;
    }
    const auto problem = teams::check_lineup(registered, lineup, grouping.boards);
    if (!problem) continue;
    ++check.violations;
    SourceLocation where = boards.begin()->second.where;
    for (const auto& [board, seat] : boards) {
      if (seat.id == problem->token) where = seat.where;
    }
    diagnostics.error(where,
                      fmt::format("round {}, '{}': {}", round,
                                  excerpt(grouping.teams.players[team].name, 40), problem->reason));
  }
  return check;
}

}  // namespace boardgames
