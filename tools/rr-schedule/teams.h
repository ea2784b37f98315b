// rr-schedule's team events: --teams, --teams-file, --boards, --scheveningen (every match
// all-play-all between the two teams' players, 全隊循環制) and --lineups (the line-ups of a
// results CSV against the registered order).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "boardgames/tournament/player.h"
#include "boardgames/tournament/round_robin.h"
#include "boardgames/tournament/schedule.h"
#include "common/tool.h"
#include "groups.h"

namespace rr {

class TeamOptions {
 public:
  // Registers --teams, --teams-file, --boards and --scheveningen.
  explicit TeamOptions(boardgames::cli::Tool& tool);
  // Usage errors against the other options (`count`: -n N, no players file; `games_per_round`);
  // a teams file or --scheveningen makes the event a team event.
  void check(bool count, int games_per_round);
  // The rounds of the results CSV to write: all, or `round` when it is one of them.
  static std::pair<int, int> round_range(const boardgames::RoundRobinEvent& event,
                                         const boardgames::RoundRobin& table,
                                         std::optional<int> round);

  // --lineups: checks the line-ups of a team event's results CSV against the registered order
  // of the players file (substitutes after the first K); writes how many were checked.
  int run_lineups(boardgames::cli::Tool& tool, const boardgames::PlayerList& players) const;

  // --challenge: a challenge match (擂臺賽) of the two teams of the players file, players in
  // file order: bout 1's row, or from the filled-in `results` the next bout's (challenge.cpp).
  int run_challenge(boardgames::cli::Tool& tool, const boardgames::PlayerList& players,
                    const ScheduleSettings& settings, const std::string& results) const;

  bool teams = false;
  std::string teams_file;
  int boards = 0;
  bool scheveningen = false;
  std::string lineups;
  bool challenge = false;
  std::string challenge_draw = "both-leave";
  int challenge_games = 1;  // a bout's games: 1, or best of 3

 private:
  CLI::App* app_;  // which options were given (check)
};

}  // namespace rr
