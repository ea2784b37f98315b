// Swiss events from the project's players and results CSV, and a round's pairing written out:
// as the results CSV to fill in, as the bare pairs list other pairing programs print, as a
// table for the notice board, and (for TRF input) as the TRF with the round appended.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/trf.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/result.h"
#include "boardgames/tournament/swiss.h"

BOARDGAMES_API_BEGIN

namespace boardgames::swiss {

// The results rows and players built into the event (EventBuilder) a Swiss pairing reads: the
// rounds played are those with a game; byes (H, Z, F) entered for the round after them are
// that round's absences; withdrawn players are absent. A round with a game still without a
// result, or games already entered for the round to pair, are errors (reported, nullopt). The
// event's point system is `points`; each participant's id is as written in the files.
struct CsvSource {
  const PlayerList* players = nullptr;  // may be empty: players then come from the results
  std::vector<ResultRow> rows;
  std::string file;  // the results file, for diagnostics
  Game game = Game::shatar;
  PointSystem points;
  int total_rounds = 0;  // the event's planned_rounds (0: unknown)
};
std::optional<Event> event_from_results(const CsvSource& source, Diagnostics& diagnostics);

// The results CSV `text` (read as file `file`, Game `game`'s colour columns) with the players
// built into the event as event_from_results does, under the game's default Swiss points
// (default_point_system). Header and row errors are reported; nullopt when the header is
// unusable or the event cannot be built.
std::optional<Event> read_results_event(std::string_view text, const std::string& file,
                                        const PlayerList& players, Game game,
                                        Diagnostics& diagnostics);

enum class PairingFormat { text, csv, pairs, trf };
// "text", "csv", "pairs", "trf"; nullopt for another name.
std::optional<PairingFormat> parse_pairing_format(std::string_view name);

struct PairingOutput {
  const Event* event = nullptr;
  const Pairing* pairing = nullptr;
  Game game = Game::shatar;  // which colour moves first names the CSV columns
};

// Writes the pairing of round rounds_played() + 1. (PairingFormat::trf is written by
// write_trf_with_round.)
void write_pairing(const PairingOutput& output, PairingFormat format, std::string& out);

// The --check report: one line per round, then a summary line.
void write_check(const std::vector<RoundCheck>& checks, std::string& out);

}  // namespace boardgames::swiss

BOARDGAMES_API_END
