// The FIDE Dutch system (C.04.3, the edition applied from 1 February 2026, with the basic rules
// C.04.1 of the same date): pairs the next round of an event from its history.
//
// It reads the one model of an event (tournament/event.h): participants with their records
// (RoundRecord: opponent, seat, kind, outcome) and the point system. A participant's score is
// points.of() summed over the records (Event::points_scored), and its pairing number is
// Participant::number.
//
// Scores are Points (core/points.h, in tenths of a point, as FIDE's TRF writes them: "2.5"), so
// that any point system the file or the user gives (1/½/0, 3/1/0, 2/1/0, 1.3) is exact.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardgames/core/points.h"
#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/game.h"

BOARDGAMES_API_BEGIN

namespace boardgames::swiss {

// One board of a pairing (participant indices).
struct Board {
  int first = -1;   // moves first (the Dutch system's White)
  int second = -1;  // -1: the pairing-allocated bye
};

// A round's pairing (pair_dutch), or the Problem that says why it cannot be paired.
struct Pairing {
  std::vector<Board> boards;  // board order (C.04.2): byes last
  int brackets = 0;           // brackets paired by a matching
  int reduced_brackets = 0;   // of which over the bracket and the next score group alone
};

// The edition of the Dutch rules (C.04.3 with its basic rules C.04.1) a round is paired under.
enum class DutchRules : std::uint8_t {
  fide2026,  // applied from 1 February 2026 (the default)
  fide2017,  // Baku 2016 / Goynuk 2017 (criteria C1-C19), in force until 31 January 2026
};
// "2026" or "2017".
const char* edition_name(DutchRules rules);

// How pair_dutch pairs: the rule edition, and how it computes (which does not change the
// pairing).
struct DutchOptions {
  // Match a bracket without the players below it when a certificate shows they can absorb
  // whoever floats down (much faster on large events); false: always over every player.
  bool reduced_matchings = true;
  DutchRules rules = DutchRules::fide2026;
};

// Participant indices in pairing order: by number, or as they are listed when
// event.pair_by_position.
std::vector<int> pairing_order(const Event& event);

// The event as it stood before round `round` was paired: histories cut to round - 1 rounds,
// and the players who were not paired in that round (requested byes, absences) marked absent.
Event event_before_round(const Event& event, int round);

// The initial colour (the lot before round 1) as round 1 shows it: in every game of round 1
// the higher-ranked player has it when their number is odd. nullopt before round 1, or when
// round 1 had no game.
std::optional<Seat> infer_initial_colour(const Event& event);

// Where the initial colour of a pairing came from.
enum class InitialColourSource : std::uint8_t { option, file, round_one, lot };
struct InitialColour {
  Seat seat = Seat::none;
  InitialColourSource source = InitialColourSource::option;
};

// The initial colour by precedence: the arbiter's choice (`chosen`), the file's
// (`event.initial_seat`, when `file_gives` it), round 1 as it was played
// (infer_initial_colour), a lot drawn with `seed` (C.04.3 5.2.5: the lot before round 1).
// nullopt when none of them gives it.
std::optional<InitialColour> decide_initial_colour(const Event& event, bool file_gives,
                                                   std::optional<Seat> chosen,
                                                   std::optional<std::uint64_t> seed);

// Sets the points of a result as a TRF's BBW, BBD and BBL do: a win is also worth a forfeit
// win and a full-point bye, a draw a half-point bye; the pairing-allocated bye, the forfeit
// loss and the zero-point bye are left as they are.
void set_result_points(PointSystem& points, Points win, Points draw, Points loss);

// The arbiter's points over the file's: `game_points` (W,D,L) as set_result_points, the
// pairing-allocated bye then worth a win unless `bye` gives it; `bye` the pairing-allocated
// bye's value. Either may be absent (the file's value stays).
void override_points(PointSystem& points, const std::optional<std::array<Points, 3>>& game_points,
                     const std::optional<Points>& bye);

// Re-pairs every round already played under `options` (its rules) and compares with what was
// paired (bbpPairings' checker): one entry per round, with the differences in words.
struct RoundCheck {
  int round = 0;
  int boards = 0;                        // games re-paired (the bye is no board)
  bool bye = false;                      // and a pairing-allocated bye
  std::optional<Problem> problem;        // the round could not be re-paired
  std::vector<std::string> differences;  // empty when identical
};
std::vector<RoundCheck> check_event(const Event& event, const DutchOptions& options = {});
// Whether every round re-paired as it was paired (no problem, no difference).
bool all_rounds_agree(const std::vector<RoundCheck>& checks);

// An event with no players has nothing to pair: a Problem (an empty file read as one is an
// error, not an empty pairing). The round to pair must be one of the event's: when its total
// rounds are known
// (planned_rounds), a Problem naming them once every round has been paired ("round 8 cannot be
// paired: the event has 7 rounds"), so that a pairing past the end is never written.
std::optional<Problem> check_round_to_pair(const Event& event);

// Games listed without a result in the rounds played (an OpenGotha RESULT_UNKNOWN, a results
// row left empty), each an error at its line in `file` (at most ten, then one that counts the
// rest): the next round's scores would leave them out. True when there are none.
bool report_unfinished_games(const Event& event, const std::string& file, Diagnostics& diagnostics);

// Pairs the next round by the Dutch system. The round paired is rounds_played() + 1;
// participants marked absent are left out. Every participant's history must have
// rounds_played() records (absent rounds as zero_bye, absent or none), and initial_seat must
// be set.
Expected<Pairing> pair_dutch(const Event& event, const DutchOptions& options = {});

}  // namespace boardgames::swiss

BOARDGAMES_API_END
