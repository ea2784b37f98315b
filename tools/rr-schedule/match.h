// rr-schedule --match N: every pairing of the round robin a best-of-N match — game 1's rows to
// fill in, then from the filled-in file (--results) each match's next game, or (--format text)
// where every match stands.
#pragma once

#include <string>

#include "boardgames/tournament/player.h"
#include "common/tool.h"
#include "groups.h"

namespace rr {

class MatchOptions {
 public:
  // Registers --match.
  explicit MatchOptions(boardgames::cli::Tool& tool);
  bool wanted() const { return games_ > 0; }
  // Usage errors of --match against the other options.
  void check(bool teams, bool groups, const std::string& results,
             const ScheduleSettings& settings) const;
  // `results`: the filled-in file, or empty for game 1 of every match.
  int run(boardgames::cli::Tool& tool, const boardgames::PlayerList& players,
          ScheduleSettings settings, const std::string& results) const;

 private:
  int games_ = 0;
};

}  // namespace rr
