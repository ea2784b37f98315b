#include "boardgames/io/team_total_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"

namespace boardgames {

namespace {

std::string place(const TeamTotalRow& row) {
  return row.rank_first == row.rank_last ? std::to_string(row.rank_first)
                                         : fmt::format("{}-{}", row.rank_first, row.rank_last);
}

}  // namespace

void write_team_totals_text(const std::vector<TeamTotalRow>& rows, const Event& event,
                            TeamTotal mode, std::string& out) {
  fmt::format_to(std::back_inserter(out), "Team standings: the members' {}\n\n",
                 mode == TeamTotal::points ? "game points" : "rank points (N + 1 - rank)");
  std::size_t team_width = display_width("Team");
  for (const TeamTotalRow& row : rows)
    team_width = std::max(team_width, display_width(excerpt(row.team, 60)));
  fmt::format_to(std::back_inserter(out), "Rank  {}  Total  Members (rank)\n",
                 pad_right("Team", team_width));
  for (const TeamTotalRow& row : rows) {
    std::string members;
    for (std::size_t i = 0; i < row.members.size(); ++i) {
      if (i > 0) members += ", ";
      const Participant& p = event.participants[static_cast<std::size_t>(row.members[i])];
      members += fmt::format("{} ({})", excerpt(p.name, 60), row.member_ranks[i]);
    }
    fmt::format_to(std::back_inserter(out), "{:>4}  {}  {:>5}  {}\n", place(row),
                   pad_right(excerpt(row.team, 60), team_width), row.total.text(), members);
  }
}

void write_team_totals_csv(const std::vector<TeamTotalRow>& rows, const Event& event,
                           std::string& out) {
  CsvWriter csv(out);
  csv.fields({"rank", "place", "team", "total", "players", "ranks"});
  csv.end_row();
  for (const TeamTotalRow& row : rows) {
    std::string ids;
    std::string ranks;
    for (std::size_t i = 0; i < row.members.size(); ++i) {
      if (i > 0) ids += ' ', ranks += ' ';
      ids += event.participants[static_cast<std::size_t>(row.members[i])].id;
      ranks += std::to_string(row.member_ranks[i]);
    }
    csv.field(row.rank_first).field(place(row)).field(row.team).field(row.total.decimal());
    csv.field(ids).field(ranks);
    csv.end_row();
  }
}

void write_team_totals(TeamTotal mode, bool csv, const Event& event, const Standings& standings,
                       const PlayerList& players, Diagnostics& diagnostics, std::string& out) {
  if (!players.has_column("team")) {
    diagnostics.error({players.source, 1, 1},
                      "team standings need a 'team' column in the players file");
    return;
  }
  const auto rows = team_totals(event, standings, players, mode, diagnostics);
  if (csv) {
    write_team_totals_csv(rows, event, out);
  } else {
    write_team_totals_text(rows, event, mode, out);
  }
}

}  // namespace boardgames
