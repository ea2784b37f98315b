// A Go event for McMahon or OpenGotha's Swiss from the players CSV (with ranks) and the results
// CSV, as swiss-pair reads them beside OpenGotha files.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/opengotha_xml.h"
#include "boardgames/io/swiss_io.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// The players CSV's columns: `rank` (30k..9d, required), and optional `first_name`, `club`,
// `country` (else `federation`), `mms_correction` (-1..2, OpenGotha's range), `participation`
// (one 0 or 1 a round, 0 absent, as OpenGotha's participating). The results CSV is Go's
// (black,white; results by colour; byes), with an optional `handicap` column (0..9). The
// settings are `system`'s defaults. Each problem is reported with its line and column; nullopt
// when the results cannot be built into an event. Read to pair the next round by default; with
// `reading.for_standings`, to rank the rounds played (swiss::CsvSource). Absent rounds are
// always the event's absences (missing_round_absent).
std::optional<OpenGothaFile> read_go_event_csv(const PlayerList& players,
                                               std::string_view results_text,
                                               const std::string& results_file, GoSystem system,
                                               Diagnostics& diagnostics,
                                               swiss::ResultsReading reading = {});

// The Go registration (GoRegistration) of each participant from its row of the players CSV
// (the columns above); problems reported, `file` naming the results for players not found.
void add_go_registrations(const PlayerList& players, Event& event, const std::string& file,
                          Diagnostics& diagnostics);

// Before pairing `round`: a warning for each participant whose participation column stops
// before it, at that value of `players`. The round is paired as if the string said 1, which a
// string not lengthened for the event would not mean.
void warn_short_participation(const PlayerList& players, const Event& event, int round,
                              Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
