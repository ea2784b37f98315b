// rr-schedule's team events: --teams, --teams-file, --boards and --scheveningen (every match
// all-play-all between the two teams' players, 全隊循環制).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "boardgames/tournament/round_robin.h"
#include "boardgames/tournament/schedule.h"
#include "common/tool.h"

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

  bool teams = false;
  std::string teams_file;
  int boards = 0;
  bool scheveningen = false;
};

}  // namespace rr
