// rr-schedule --groups: the group stage (serpentine groups, one Berger schedule per group) and
// --finals (a final round robin or a knock-out draw from the groups' final standings).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "boardgames/core/diagnostics.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/round_robin.h"
#include "boardgames/tournament/schedule.h"
#include "boardgames/tournament/seeding.h"
#include "common/tool.h"

namespace rr {

// What the group stage takes from the rest of the command line.
struct ScheduleSettings {
  boardgames::DrawMethod method = boardgames::DrawMethod::row_order;
  bool by_name = false;
  std::string game = "shatar";
  int games_per_round = 1;
  boardgames::RoundRobinOptions options;
  std::string format = "csv";
  std::optional<int> round;
  std::string write_players;
  std::optional<std::uint64_t> seed;
};

// The list's players numbered in their order (the draw of a group or of the finals).
boardgames::RoundRobinEvent schedule_of(const boardgames::PlayerList& list,
                                        const ScheduleSettings& settings,
                                        boardgames::Diagnostics& diagnostics);

class GroupOptions {
 public:
  // Registers --groups, --apart, --finals, --finals-system, --finals-games and --results.
  explicit GroupOptions(boardgames::cli::Tool& tool);
  bool wanted() const { return groups_ > 0; }
  const std::string& results() const { return results_; }
  // Usage errors of these options against the others (teams, lots, JSON).
  // `match`: --match is given (it reads --results too).
  void check(bool teams, bool draw_lots, bool match, const ScheduleSettings& settings) const;
  int run(boardgames::cli::Tool& tool, const boardgames::PlayerList& players,
          ScheduleSettings settings) const;

 private:
  int finals(boardgames::cli::Tool& tool, const std::vector<boardgames::PlayerList>& groups,
             const ScheduleSettings& settings) const;

  int groups_ = 0;
  std::string apart_;
  int finals_ = 0;
  std::string finals_system_ = "round-robin";
  std::optional<int> finals_games_;
  std::string results_;
};

}  // namespace rr
