#include "teams.h"

#include <fmt/format.h>

#include "boardgames/io/lineup_check.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/team_formats.h"
#include "common/options.h"

namespace bg = boardgames;
using bg::cli::UsageError;

namespace rr {

TeamOptions::TeamOptions(bg::cli::Tool& tool) : app_(&tool.app()) {
  CLI::App& app = tool.app();
  app.add_flag("--teams", teams, "Team event: players grouped by their 'team' column");
  tool.add_input_option(
      "--teams-file", teams_file,
      "Team event with a teams CSV (name, id, rating) giving the teams' order; the "
      "players' 'team' column names teams by id or name");
  bg::cli::add_whole_number(app, "--boards", boards,
                            "Boards per team match (default: the smallest team)", 1, 1000, "K");
  app.add_flag("--scheveningen", scheveningen,
               "Team event where every player meets every player of the other team: a match "
               "of K boards over K rounds");
  tool.add_input_option("--lineups", lineups,
                        "Check a team event's results CSV: every line-up keeps the players "
                        "file's registered order (substitutes after the first K)");
  app.add_flag("--challenge", challenge,
               "Challenge match of two teams, players in file order: the loser of each bout "
               "leaves; bout 1, or the next bout from --results");
  bg::cli::add_choice(app, "--challenge-draw", challenge_draw,
                      "A drawn bout of --challenge: both players leave, or they play again",
                      {"both-leave", "replay"});
  bg::cli::add_whole_number(app, "--challenge-games", challenge_games,
                            "Games a bout of --challenge: 1, or 3 (best of three, the Xigua "
                            "book; the deciding game's first mover by lot with --seed)",
                            1, 3, "N");
}

void TeamOptions::check(bool count, int games_per_round) {
  if (challenge && (scheveningen || !lineups.empty() || !teams_file.empty() || boards > 0))
    throw UsageError("--challenge takes the two teams of the team column alone");
  // A challenge match plays the players in file order, one bout at a time: a round robin's
  // options would be ignored without a word.
  if (challenge) {
    bg::cli::refuse_options(
        *app_,
        {"--seed-by", "--draw-lots", "--double", "--swap-last-two", "--games-per-round", "--label",
         "--round", "--write-players", "--match", "--groups"},
        "is for round robins: --challenge plays the players in file order, "
        "one bout at a time");
  }
  if (!challenge && challenge_draw != "both-leave")
    throw UsageError("--challenge-draw needs --challenge");
  if (!challenge && challenge_games != 1) throw UsageError("--challenge-games needs --challenge");
  if (challenge_games == 2) throw UsageError("--challenge-games takes 1 or 3 (best of three)");
  if (!teams_file.empty() || scheveningen || !lineups.empty()) teams = true;
  if (count && teams) throw UsageError("--teams needs a players file with a team column");
  if (boards > 0 && !teams) throw UsageError("--boards needs --teams");
  if (scheveningen && games_per_round > 1)
    throw UsageError("--scheveningen plays one game a round on each board");
}

std::pair<int, int> TeamOptions::round_range(const bg::RoundRobinEvent& event,
                                             const bg::RoundRobin& table,
                                             std::optional<int> round) {
  if (event.rounds_per_table_round() > bg::teams::kMaxScheveningenPlayers)
    throw UsageError(fmt::format("--scheveningen takes at most {} boards, not {}",
                                 bg::teams::kMaxScheveningenPlayers, event.boards));
  const int rounds = table.rounds() * event.rounds_per_table_round();
  if (!round) return {1, rounds};
  if (*round > rounds) throw UsageError(fmt::format("--round {} is outside 1..{}", *round, rounds));
  return {*round, *round};
}

int TeamOptions::run_lineups(bg::cli::Tool& tool, const bg::PlayerList& players) const {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  if (!players.has_column("team")) {
    diagnostics.error({players.source, 1, 1},
                      "--lineups needs a 'team' column in the players file");
    return bg::cli::kInputRejected;
  }
  std::optional<bg::PlayerList> team_list;
  if (!teams_file.empty()) {
    auto source = tool.open_input(teams_file);
    if (!source) return bg::cli::kTrouble;
    team_list = bg::read_players_csv(*source, diagnostics);
  }
  const auto grouping =
      bg::group_teams(players, team_list ? &*team_list : nullptr, boards, diagnostics);
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  auto results = tool.open_input(lineups);
  if (!results) return bg::cli::kTrouble;
  const auto check = bg::check_lineups(*results, players, grouping, diagnostics);
  tool.output().buffer() +=
      fmt::format("{} line-ups of {} boards checked, {} against the registered order\n",
                  check.lineups, grouping.boards, check.violations);
  return bg::cli::kSuccess;
}

}  // namespace rr
