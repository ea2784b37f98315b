// rr-schedule --challenge: a challenge match between two teams (擂臺賽), each team's players in
// the players file's order; bout 1's row, then from the filled-in file the next bout's row, or
// (--format text) every bout and where the match stands.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "boardgames/core/utf8.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/challenge.h"
#include "boardgames/tournament/schedule.h"
#include "challenge_games.h"
#include "common/options.h"
#include "teams.h"

namespace bg = boardgames;
namespace ch = boardgames::challenge;
using boardgames::excerpt;

namespace rr {

namespace {

using Side = ChallengeSide;

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
  ChallengeBouts bouts;  // bouts of more than one game
  std::array<std::vector<std::string>, 2> ids;
  for (std::size_t t = 0; t < 2; ++t)
    for (const bg::Player* p : sides[t].players) ids[t].push_back(p->id);
  if (!results.empty()) {
    auto source = tool.open_input(results);
    if (!source) return bg::cli::kTrouble;
    if (challenge_games > 1) {
      if (!read_challenge_bouts(*source, ids, rule, game, challenge_games, diagnostics, bouts))
        return bg::cli::kInputRejected;
      outcomes = bouts.outcomes;
    }
    bg::ResultsCsvReader reader(*source, diagnostics, game);
    if (challenge_games == 1 && !reader.read_header()) return bg::cli::kInputRejected;
    bg::ResultRow row;
    while (challenge_games == 1 && reader.next(row)) {
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
    write_challenge_text(state, outcomes, sides, out);
    return bg::cli::kSuccess;
  }
  bg::ResultsCsvLayout layout;
  layout.game = game;
  layout.teams = true;
  layout.game_number = challenge_games > 1;
  bg::ResultsCsvWriter writer(layout, out);
  writer.header();
  if (state.over) {
    tool.note(state.winner ? fmt::format("the challenge match is over: {} wins",
                                         sides[static_cast<std::size_t>(*state.winner)].team)
                           : std::string("the challenge match is over: drawn"));
    return bg::cli::kSuccess;
  }
  if (waiting) return bg::cli::kSuccess;  // the last bout's row is still to fill in
  if (bouts.open) {  // the open bout's next game, if its games so far have results
    auto row = next_bout_game(*bouts.open, game, challenge_games, settings.seed.value_or(0));
    if (!row) return bg::cli::kSuccess;
    for (bg::Colour c : {bg::Colour::white, bg::Colour::black})
      (c == bg::Colour::white ? row->white_team : row->black_team) =
          sides[std::count(ids[0].begin(), ids[0].end(), row->player(c)) > 0 ? 0 : 1].team;
    writer.row(*row);
    return bg::cli::kSuccess;
  }
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
