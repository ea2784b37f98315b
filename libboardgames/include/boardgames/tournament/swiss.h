// The history a Swiss pairing program needs, and the FIDE Dutch system (C.04.3, the edition
// applied from 1 February 2026, with the basic rules C.04.1 of the same date) that pairs the
// next round from it.
//
// Scores are Points (core/points.h, in tenths of a point, as FIDE's TRF writes them: "2.5"), so
// that any point system the file or the user gives (1/½/0, 3/1/0, 2/1/0, 1.3) is exact.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardgames/core/points.h"
#include "boardgames/tournament/game.h"

BOARDGAMES_API_BEGIN

namespace boardgames::swiss {

// What one round was for one player.
enum class Outcome : std::uint8_t {
  win,           // over the board
  draw,
  loss,
  forfeit_win,   // paired, the opponent did not appear (not a game: they may meet again)
  forfeit_loss,
  pairing_bye,   // the pairing-allocated bye (PAB)
  full_bye,      // requested or awarded byes: not paired
  half_bye,
  zero_bye,      // also: absent, withdrawn, not yet entered
};

struct RoundEntry {
  int opponent = -1;  // player index; -1 without one
  Seat seat = Seat::none;
  Outcome outcome = Outcome::zero_bye;

  // A game over the board: it counts for colours and rematches.
  bool played() const { return outcome == Outcome::win || outcome == Outcome::draw || outcome == Outcome::loss; }
  // The player took part in that round's pairing (a game, a forfeit, or the PAB).
  bool paired() const { return opponent >= 0 || outcome == Outcome::pairing_bye; }
};

// Points per outcome (C.04.1: every PAB in an event is worth the same).
struct PointSystem {
  Points win = Points::whole(1);
  Points draw = Points::from_halves(1);
  Points loss;
  Points forfeit_win = Points::whole(1);
  Points forfeit_loss;
  Points pairing_bye = Points::whole(1);
  Points full_bye = Points::whole(1);
  Points half_bye = Points::from_halves(1);
  Points zero_bye;

  Points of(Outcome outcome) const;
};

struct Player {
  int number = 0;          // pairing number (TPN), 1-based, unique
  std::string name;
  int rating = 0;          // 0: unrated
  std::optional<Points> declared_score;  // the score the file states
  std::vector<RoundEntry> rounds;     // completed rounds, first round first
  bool absent = false;     // not to be paired this round (a bye requested, withdrawn)
  std::optional<Outcome> absence;     // what the file says of the round being paired
};

struct Event {
  int total_rounds = 0;  // 0: unknown (the last round's rules for topscorers are then not applied)
  PointSystem points;
  Seat initial_seat = Seat::none;  // the lot before round 1: TPN 1's first seat (its colour)
  std::vector<Player> players;           // index = position; history refers to indices
  std::vector<std::pair<int, int>> forbidden;  // pairs that must not meet (indices)

  int rounds_played() const;
  Points score(int player) const;  // from the results
};

struct Board {
  int first = -1;   // moves first (the Dutch system's White)
  int second = -1;  // -1: the pairing-allocated bye
};

struct PairingResult {
  bool ok = false;
  std::string error;          // why the round cannot be paired
  std::vector<Board> boards;  // board order (C.04.2): byes last
  int brackets = 0;           // brackets paired by a matching
  int reduced_brackets = 0;   // of which over the bracket and the next score group alone
};

// How pair_dutch computes (the pairing is the same either way).
struct DutchOptions {
  // Match a bracket without the players below it when a certificate shows they can absorb
  // whoever floats down (much faster on large events); false: always over every player.
  bool reduced_matchings = true;
};

// The event as it stood before round `round` was paired: histories cut to round - 1 rounds,
// and the players who were not paired in that round (requested byes, absences) marked absent.
Event event_before_round(const Event& event, int round);

// The initial colour (the lot before round 1) as round 1 shows it: in every game of round 1
// the higher-ranked player has it when their number is odd. nullopt before round 1, or when
// round 1 had no game.
std::optional<Seat> infer_initial_colour(const Event& event);

// Re-pairs every round already played and compares with what was paired (bbpPairings'
// checker): one entry per round, with the differences in words.
struct RoundCheck {
  int round = 0;
  int boards = 0;
  std::string error;                     // the round could not be re-paired
  std::vector<std::string> differences;  // empty when identical
};
std::vector<RoundCheck> check_event(const Event& event);

// Pairs the next round by the Dutch system. The round paired is rounds_played() + 1; players
// marked absent are left out. Every player's history must have rounds_played() entries
// (absent rounds as zero_bye), and initial_seat must be set.
PairingResult pair_dutch(const Event& event, const DutchOptions& options = {});

}  // namespace boardgames::swiss

BOARDGAMES_API_END
