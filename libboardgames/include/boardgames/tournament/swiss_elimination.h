// Swiss with elimination (積分編排淘汰制, competitions.md): from a given round the lowest
// players leave before each round; their results stand and they are no longer paired. No I/O.
//
// The order for elimination before round t is the standing after round t − 1: score, then
// Buchholz (the sum of the scores after round t − 1 of the opponents met over the board), then
// a lot (seeded, so that every run recomputes the same eliminations from the same results).
// The eliminations are recomputed from the results each time, round by round, so a file of
// results is all a run needs.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/points.h"
#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"

BOARDGAMES_API_BEGIN

namespace boardgames::swiss {

struct EliminationRules {
  int from_round = 0;  // the first round paired without the eliminated (2 or later)
  int per_round = 0;   // K: players to eliminate before each round from from_round on
  std::optional<std::uint64_t> seed;  // the lot among players tied on score and Buchholz
};

struct Elimination {
  int participant = 0;
  int before_round = 0;  // out before this round (paired no more from it)
  int place = 0;         // its place in the order of the field (1 the best)
  int field = 0;         // the field before this round's eliminations
  Points score;          // after before_round − 1 rounds
  Points buchholz;
  bool by_lot = false;  // tied on score and Buchholz with a player who stays
};

// How many of a field of `field` players (of `entrants` at the start) leave before a round:
// `per_round`, one fewer when that would leave an odd field (the field is kept even), and never
// so many that fewer than half the entrants (rounded up to an even number where the field
// allows) are left, so at least half the field plays the last round.
int elimination_count(int field, int entrants, int per_round);

// The eliminations before every round from rules.from_round to the round to pair
// (rounds_played() + 1), each round's worst first; the participants eliminated by then are
// marked `absent` (not paired). The field of a round: the participants in the event then and not
// eliminated before (see eliminate() in the source for when a player is in: from the first round
// played or with a requested bye; a late entrant from the round to pair; a withdrawn player up to
// the last round played), so that a withdrawal or a late entry leaves the eliminations of the
// rounds already paired as they were. Reported into `diagnostics`: an eliminated player with a
// game in a round after its elimination (at that row of `file`). A Problem when a lot must
// decide and `seed` is not given (its reason names the round and the tied players).
Expected<std::vector<Elimination>> eliminate(Event& event, const EliminationRules& rules,
                                             const std::string& file, Diagnostics& diagnostics);

}  // namespace boardgames::swiss

BOARDGAMES_API_END
