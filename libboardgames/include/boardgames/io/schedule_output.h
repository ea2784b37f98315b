// Writing a round-robin schedule: as the results CSV with empty results (the arbiter fills
// them in and hands the file to `standings`), as a printable table, or as JSON. Rounds are
// generated and written one at a time, so memory does not grow with the number of games.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/io/output.h"
#include "boardgames/tournament/schedule.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class ScheduleFormat : std::uint8_t { csv, text, json };
// "csv", "text", "json"; nullopt for anything else.
std::optional<ScheduleFormat> parse_schedule_format(std::string_view name);

// Writes rounds `first_round`..`last_round` (1-based, inclusive, cut to the event's rounds) of
// the event. The CSV carries the draw numbers (`white_number,black_number`, or
// `white_team_number,black_team_number` for teams), so that `standings` shows the numbers of
// this draw. An event RoundRobin::check() refuses, with games_per_round outside 1..2, or with
// a team of fewer than `boards` players, writes nothing.
void write_schedule(const RoundRobinEvent& event, ScheduleFormat format, int first_round,
                    int last_round, OutputFile& out);

// One group of a group stage (tournament/groups.h): its name and its round robin.
struct GroupSchedule {
  std::string name;
  RoundRobinEvent event;
};

// The groups' schedules in one output (individual events only). CSV: one file with a `group`
// column, round by round: in each round every group's games (groups in order, boards numbered
// on from one group to the next, so a board number is one table of the playing hall), then
// the groups' byes; draw numbers are the numbers within the group. Text: each group's table
// under a "Group A" line. JSON is not written. A group write_schedule() would refuse (fewer
// than 2 players, teams) makes it write nothing.
void write_group_schedules(const std::vector<GroupSchedule>& groups, ScheduleFormat format,
                           int first_round, int last_round, OutputFile& out);

}  // namespace boardgames

BOARDGAMES_API_END
