// rr-schedule --challenge: a challenge match between two teams (擂臺賽), each team's players in
// the players file's order; bout 1's row, then from the filled-in file the next bout's row, or
// (--format text) every bout and where the match stands.
#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

#include "boardgames/core/utf8.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/challenge.h"
#include "boardgames/tournament/schedule.h"
#include "common/options.h"
#include "teams.h"

namespace bg = boardgames;
namespace ch = boardgames::challenge;
using boardgames::excerpt;

namespace rr {

namespace {

struct Side {
  std::string team;
  std::vector<const bg::Player*> players;
};

}  // namespace

int TeamOptions::run_challenge(bg::cli::Tool& tool, const bg::PlayerList& players,
                               const ScheduleSettings& settings, const std::string& results) const {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  const auto grouping = bg::group_teams(players, nullptr, 1, diagnostics);
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  if (grouping.teams.size() != 2) {
    diagnostics.error({players.source, 1, 1},
                      fmt::format("--challenge needs exactly two teams in the team column, not {}",
                                  grouping.teams.size()));
    return bg::cli::kInputRejected;
  }
  std::array<Side, 2> sides;
  for (std::size_t t = 0; t < 2; ++t) {
    sides[t].team = grouping.teams.players[t].name;
    for (std::size_t m : grouping.members[t]) sides[t].players.push_back(&players.players[m]);
  }
  const int a_size = static_cast<int>(sides[0].players.size());
  const int b_size = static_cast<int>(sides[1].players.size());
  if (a_size > ch::kMaxPlayers || b_size > ch::kMaxPlayers)
    throw bg::cli::UsageError(
        fmt::format("--challenge takes at most {} players a team", ch::kMaxPlayers));
  const auto rule = challenge_draw == "replay" ? ch::DrawRule::replay : ch::DrawRule::both_leave;
  const bg::Game game = *bg::parse_game(settings.game);
  std::vector<ch::Outcome> outcomes;
  bool waiting = false;  // the last bout's row has no result yet
  if (!results.empty()) {
    auto source = tool.open_input(results);
    if (!source) return bg::cli::kTrouble;
    bg::ResultsCsvReader reader(*source, diagnostics);
    if (!reader.read_header()) return bg::cli::kInputRejected;
    bg::ResultRow row;
    while (reader.next(row)) {
      const ch::State state = ch::play(a_size, b_size, outcomes, rule);
      const auto where = reader.location(row.line, row.white_column);
      if (state.over || waiting) {
        diagnostics.error(where, state.over ? "a bout after the end of the challenge match"
                                            : "a bout after one still without a result");
        break;
      }
      const ch::Bout& bout = state.bouts.back();
      const std::string& a = sides[0].players[static_cast<std::size_t>(bout.players[0])]->id;
      const std::string& b = sides[1].players[static_cast<std::size_t>(bout.players[1])]->id;
      const bool a_white = row.white == a && row.black == b;
      if (row.round != bout.number || (!a_white && !(row.white == b && row.black == a))) {
        diagnostics.error(where,
                          fmt::format("round {} pairs '{}' with '{}', but bout {} is '{}' "
                                      "against '{}' (the loser leaves, the winner stays)",
                                      row.round, excerpt(row.white, 40), excerpt(row.black, 40),
                                      bout.number, excerpt(a, 40), excerpt(b, 40)));
        break;
      }
      const auto outcome = ch::outcome_of(row.result, a_white);
      if (row.result != bg::GameResult::pending && !outcome) {
        diagnostics.error(reader.location(row.line, row.result_column),
                          "a bout needs a winner or a draw (1-0, 0-1, ½-½, +-, -+)");
        break;
      }
      if (outcome) outcomes.push_back(*outcome);
      waiting = !outcome;
    }
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  }
  const ch::State state = ch::play(a_size, b_size, outcomes, rule);
  std::string& out = tool.output().buffer();
  auto player = [&](int team, int position) {
    return sides[static_cast<std::size_t>(team)].players[static_cast<std::size_t>(position)];
  };
  if (settings.format == "text") {
    for (std::size_t i = 0; i < state.bouts.size(); ++i) {
      const ch::Bout& bout = state.bouts[i];
      const std::string result = i >= outcomes.size()               ? std::string("to play")
                                 : outcomes[i] == ch::Outcome::draw ? std::string("drawn")
                                 : outcomes[i] == ch::Outcome::a_wins
                                     ? excerpt(player(0, bout.players[0])->name, 40) + " wins"
                                     : excerpt(player(1, bout.players[1])->name, 40) + " wins";
      fmt::format_to(std::back_inserter(out), "Bout {}: {} ({}) - {} ({}), {}\n", bout.number,
                     excerpt(player(0, bout.players[0])->name, 40), excerpt(sides[0].team, 40),
                     excerpt(player(1, bout.players[1])->name, 40), excerpt(sides[1].team, 40),
                     result);
    }
    if (state.over) {
      out += state.winner
                 ? fmt::format("{} wins with {} of {} players left\n",
                               excerpt(sides[static_cast<std::size_t>(*state.winner)].team, 40),
                               state.left[static_cast<std::size_t>(*state.winner)],
                               *state.winner == 0 ? a_size : b_size)
                 : std::string("Both teams' last players left together: a drawn match\n");
    }
    return bg::cli::kSuccess;
  }
  bg::ResultsCsvLayout layout;
  layout.game = game;
  layout.teams = true;
  bg::ResultsCsvWriter writer(layout, out);
  writer.header();
  if (state.over) {
    tool.note(state.winner ? fmt::format("the challenge match is over: {} wins",
                                         sides[static_cast<std::size_t>(*state.winner)].team)
                           : std::string("the challenge match is over: drawn"));
    return bg::cli::kSuccess;
  }
  if (waiting) return bg::cli::kSuccess;  // the last bout's row is still to fill in
  const ch::Bout& bout = state.bouts.back();
  const bool white_first = bg::first_mover(game) == bg::Colour::white;
  const int first = bout.a_first ? 0 : 1;
  bg::ResultRow row;
  row.round = bout.number;
  row.board = 1;
  const bg::Player* mover = player(first, bout.players[static_cast<std::size_t>(first)]);
  const bg::Player* other = player(1 - first, bout.players[static_cast<std::size_t>(1 - first)]);
  (white_first ? row.white : row.black) = mover->id;
  (white_first ? row.black : row.white) = other->id;
  (white_first ? row.white_team : row.black_team) = sides[static_cast<std::size_t>(first)].team;
  (white_first ? row.black_team : row.white_team) = sides[static_cast<std::size_t>(1 - first)].team;
  writer.row(row);
  return bg::cli::kSuccess;
}

}  // namespace rr
