// Swiss events from the project's players and results CSV, and a round's pairing written out:
// as the results CSV to fill in, as the bare pairs list other pairing programs print, as a
// table for the notice board, and (for TRF input) as the TRF with the round appended.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
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
  std::vector<ResultRow> rejected_rows;  // ResultsCsvReader::rejected_rows (not counted)
  std::string file;                      // the results file, for diagnostics
  Game game = Game::shatar;
  PointSystem points;
  int total_rounds = 0;               // the event's planned_rounds (0: unknown)
  bool missing_round_absent = false;  // EventOptions::missing_round_absent
  // Read to rank the rounds played (standings), not to pair the next: there is no round to
  // pair. Every row goes to the EventBuilder, which ranks up to the last round with a result; a
  // game of those rounds still without a result is said (the builder's warning), and later
  // rows are left out.
  bool for_standings = false;
};
std::optional<Event> event_from_results(const CsvSource& source, Diagnostics& diagnostics);

// How read_results_event reads: as CsvSource's fields of the same names.
struct ResultsReading {
  bool missing_round_absent = false;
  bool for_standings = false;
};

// The results CSV `text` (read as file `file`, Game `game`'s colour columns) with the players
// built into the event as event_from_results does, under the game's default Swiss points
// (default_point_system). Header and row errors are reported; nullopt when the header is
// unusable or the event cannot be built.
// An empty `text` (no header) is no rows: round 1 from the players alone.
std::optional<Event> read_results_event(std::string_view text, const std::string& file,
                                        const PlayerList& players, Game game,
                                        Diagnostics& diagnostics, ResultsReading reading = {});

// Whether `text` is a players CSV rather than a results CSV: its header has a `name` column and
// no `round` column (swiss-pair then pairs round 1 from it).
bool looks_like_players_csv(std::string_view text);

// FIDE's initial order of a Swiss (the TPNs, fide.md): rating, highest first, unrated last; then
// title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, then any other or none); then name (byte order).
// Reorders the list (stably, so equal entries keep their rows' order) and rebuilds its index;
// the players' pairing numbers are then their rows' order.
void order_by_rating(PlayerList& players);

// Forbidden pairs from a players-CSV column (same family, club or team: C.04.3 C1 forbids
// their meeting): every two participants whose players share a non-empty value of `column`
// (team, club, federation, group, title or an extra column) are added to event.forbidden.
// A problem (nothing added) when the players list has no such column.
std::optional<Problem> forbid_same(Event& event, const PlayerList& players,
                                   std::string_view column);

enum class PairingFormat { text, csv, pairs, trf };
// "text", "csv", "pairs", "trf"; nullopt for another name.
std::optional<PairingFormat> parse_pairing_format(std::string_view name);

struct PairingOutput {
  const Event* event = nullptr;
  const Pairing* pairing = nullptr;
  Game game = Game::shatar;  // which colour moves first names the CSV columns
  bool by_name = false;      // the CSV names players by name instead of id
  // The CSV adds white_number and black_number (the pairing numbers), which a later reading of
  // the results (standings, swiss-pair) takes before the players file's row order.
  bool numbers = false;
  // The lot's seed when it drew the initial colour for this round: the text says so.
  std::optional<std::uint64_t> lot_seed = std::nullopt;
  DutchRules rules = DutchRules::fide2026;  // the edition the text's heading names
};

// Writes the pairing of round rounds_played() + 1. (PairingFormat::trf is written by
// write_trf_with_round.) The CSV adds a bye row for the absent players (withdrawn) whose
// absence the input did not already enter as a row, so appending it repeats no row.
void write_pairing(const PairingOutput& output, PairingFormat format, std::string& out);

// The --check report: one line per round, then a summary line, naming the edition checked by.
void write_check(const std::vector<RoundCheck>& checks, DutchRules rules, std::string& out);

}  // namespace boardgames::swiss

BOARDGAMES_API_END
