// FIDE's tournament report file (TRF-16, and the TRF-2026 player line, which is the same), as
// a pairing program reads it: the `001` player lines with their round-by-round history, the
// total rounds (`XXR n` or `142 n`), the initial colour (`XXC white1|black1` or `152 W|B`;
// `XXC rank`: the order of the player lines is the pairing order), forbidden pairs (`XXP a b …`
// or `260`), the point system (`BBW BBD BBL BBZ BBF BBU`), acceleration (`XXA`, `250`, or the
// Baku acceleration a `192` line names: Participant::acceleration, as bbpPairings reads them);
// `240` byes of the round to pair (absences); a `192` naming another system than the Dutch, and
// JaVaFo's `XXZ` and `XXS` (not read), are warnings.
// Absences for the round to be paired are an extra entry after the last round played
// (`0000 - H`, `0000 - Z`, `0000 - F`). Lines it does not know are kept, so that the file can be
// written back with the new round appended.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/io/event_details.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/swiss.h"

BOARDGAMES_API_BEGIN

namespace boardgames::swiss {

struct TrfFile {
  Event event;
  std::vector<std::string> lines;  // as read, without line ends
  std::vector<int> player_line;    // per player: its line in `lines`
  bool rounds_given = false;       // XXR / 142 present
  bool colour_given = false;       // XXC / 152 present
  std::string line_end = "\n";     // CR, LF or CRLF, as the file had it
  std::string title;               // the 012 line (the event's name), UTF-8; empty without one
  // The 022 line (the place, UTF-8) and the 042 and 052 lines (first and last day) as
  // EventDetails holds them, for the TRF written back: the days only when they are days written
  // YYYY/MM/DD or YYYY-MM-DD, the last not before the first (other programs' other forms are
  // left out); each empty without one.
  EventDetails details;
  // Where the 042 or 052 line gives its day in another form (line 0 when none did): a TRF
  // written from this one leaves the days out, which the tool that writes it warns of.
  SourceLocation undated_days;
};

// A TRF has player lines "001 ..." (after CR, LF or CRLF line ends); a results CSV never does
// (its first line is a header).
bool looks_like_trf(std::string_view text);

// What a TRF is read for. For pairing, a game without a result (`   3 w  `: a round paired, its
// results not entered) is an error: the next round cannot be paired on top of it. For
// standings, it is a game not yet played, as an empty result in the results CSV: a warning,
// both players counted absent in that round (a zero-point bye) until it has one, and rounds
// after the last with a game that has a result are left out.
enum class TrfReading : std::uint8_t { pairing, standings };

// Reads a TRF. Problems are reported with line and column; nullopt when the file cannot be
// used (a malformed player line, an opponent that does not exist or does not agree, a points
// column that does not match the results, a game without a result when pairing).
std::optional<TrfFile> read_trf(std::string_view text, const std::string& file,
                                Diagnostics& diagnostics, TrfReading reading = TrfReading::pairing);

// The same file with the pairing of the next round written into every player line: the
// points of a PAB, and of a half- or full-point bye entered for the round, added to the
// player's score. `event` is the one paired (the file's, with --points and --bye-points): when
// its point system is not the file's, BBW, BBD, BBL, BBZ, BBF and BBU lines say it (before the
// first player line, in place of the file's) and every points column is counted by it. So does
// its total of rounds (event.planned_rounds, --rounds) when not the file's: an XXR line.
std::string write_trf_with_round(const TrfFile& trf, const Event& event, const Pairing& pairing);

// The TRF-2026 of an individual event for the rating report (from a CSV event, or a TRF's read
// back): `012` the title, `022` the place and `042`/`052` the first and last day (YYYY/MM/DD)
// when `details` gives them, `062` the players, `XXR` the rounds, `XXC` the initial colour when
// round 1 gives it, `BBW BBD BBL BBZ BBF BBU` when the points are not 1, ½, 0 with the bye a
// win; then a `001` line per participant in pairing-number order: title and federation from
// `players` (by id; empty when not there), name (cut to 33 bytes at a character; title and
// federation to 3; each cut a warning, at the players file's line), rating, points,
// rank (`ranks[participant index]`), and each round up to the last with a record: opponent's
// number, colour (`w` for the first mover), result (`1 = 0`, forfeits `+ -`, byes `U F H`, an
// absence `Z`), line breaks and other control characters in a name as spaces. Matches and team
// events are a Problem with no place (a usage matter); a rating past 9999, which the four rating
// columns cannot hold, one placed in the players file (nothing written either way).
std::optional<Problem> write_trf_report(const Event& event, const std::vector<int>& ranks,
                                        const PlayerList& players, const EventDetails& details,
                                        Diagnostics& diagnostics, std::string& out);

// What the player lines tell of each participant beyond the event, as a players list for the
// standings' writers and write_trf_report: id (the pairing number, as read_trf gives it), name,
// rating, title (columns 11-13) and federation (columns 54-56).
PlayerList trf_players(const TrfFile& trf);

// Limits on the numbers a TRF holds (each is an error when exceeded, never a truncation):
// pairing numbers (columns 5-8, opponents, XXP, 260) are 1..9999, as the 4-digit fields
// allow; a result's points (BBW, BBD, BBL, BBZ, BBF, BBU) are 0..100; a score is at most
// kMaxTenths; the rounds paired are 1..credible_rounds(players, entries) (tournament/event.h)
// with someone paired in each, and XXR is 1..1000.
inline constexpr int kMaxPairingNumber = 9999;
inline constexpr int kMaxResultTenths = 1000;
inline constexpr int kMaxTenths = 100'000'000;

// "2.5", "2.0": points as a TRF writes them, with one decimal.
std::string tenths_text(Points points);
// A player line's points field, columns 81-84, right-aligned: tenths_text when it fits, else
// the whole number without its decimal ("100"), else blank (" 100.5" cannot be written in four
// columns; the rounds give the score, and a blank field is not checked against them). Never
// wider than the field, which would shift every column after it.
std::string trf_points_field(Points points);
// "2.5", "2", "0.5", "-1" -> points; nullopt if not a number with at most one decimal, or
// beyond ±kMaxTenths tenths.
std::optional<Points> parse_tenths(std::string_view text);

}  // namespace boardgames::swiss

BOARDGAMES_API_END
