// Writing a round-robin schedule: as the results CSV with empty results (the arbiter fills
// them in and hands the file to `standings`), as a printable table, or as JSON. Rounds are
// generated and written one at a time, so memory does not grow with the number of games.
#pragma once

#include <cstdint>
#include <optional>

#include "boardgames/io/output.h"
#include "boardgames/tournament/schedule.h"

namespace boardgames {

enum class ScheduleFormat : std::uint8_t { csv, text, json };

// Writes rounds `first_round`..`last_round` (1-based, inclusive) of the event.
void write_schedule(const RoundRobinEvent& event, ScheduleFormat format, int first_round,
                    int last_round, OutputFile& out);

}  // namespace boardgames
