// Round-robin schedules by the Berger tables of FIDE Handbook C.05, Annex 1.
//
// Participants carry draw numbers 1..n. With n odd a phantom number n + 1 is added and whoever
// meets it has a bye. With N the even table size, round r (1..N-1) is built from the ring of
// numbers 1..N-1 rotated by (r-1)·N/2 places:
//   ring(i) = ((i + (r-1)·N/2) mod (N-1)) + 1,   i = 0..N-2
//   board 1:  ring(0) v N, ring(0) moving first in odd rounds and N in even rounds;
//   board k:  ring(k-1) v ring(N-k), ring(k-1) moving first  (k = 2..N/2).
// This is the rule the seeds state (首尾相接, 末號擺動, 鄰近號相對) and it reproduces FIDE's
// published tables for 3..16 players number for number (tests/unit/data/berger-fide.txt).
//
// Nothing here stores the whole schedule: a round is computed on demand in O(N), so a
// 2,000-player event (two million games) streams in constant memory. Sizes are bounded by
// RoundRobin::kMaxParticipants.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgames/core/problem.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// The most participants a schedule is made for: far above any real event (FIDE's tables stop
// at 16, national championships have dozens), and low enough that a typing slip (-n 5000000)
// is refused instead of writing for hours. A double round robin of this size has
// 2 × (kMaxRoundRobinEntrants − 1) rounds.
inline constexpr int kMaxRoundRobinEntrants = 2000;

struct RoundRobinOptions {
  bool double_round = false;  // second cycle: the first repeated with colours reversed
  // FIDE's recommendation for double round robins: play the first cycle's last two rounds in
  // the opposite order, so that nobody gets three games in a row with the same colour across
  // the cycle boundary.
  bool swap_last_two = false;
};

// One pairing of a round: draw numbers, the first mover first. second == 0 is a bye for first.
struct Pairing {
  int first = 0;
  int second = 0;
  friend bool operator==(const Pairing&, const Pairing&) = default;
};

// The Berger table entry of `board` (1..N/2) in `round` (1..N-1) for an even table size N;
// the phantom (when there is one) appears as N.
Pairing berger_pairing(int table_size, int round, int board);

class RoundRobin {
 public:
  // The most participants a round robin can have (kMaxRoundRobinEntrants); every participant
  // also costs memory before the first row is written.
  static constexpr int kMaxParticipants = kMaxRoundRobinEntrants;
  // Why `participants` cannot make a round robin (fewer than 2, more than kMaxParticipants);
  // nothing when it can.
  static std::optional<Problem> check(int participants);

  // 2 <= participants <= kMaxParticipants (see check()); other values are brought into that
  // range, so that nothing computed from them overflows.
  RoundRobin(int participants, RoundRobinOptions options);

  int participants() const { return participants_; }
  int table_size() const { return table_size_; }  // even: participants or participants + 1
  bool has_bye() const { return table_size_ != participants_; }
  int rounds_per_cycle() const { return table_size_ - 1; }
  int rounds() const { return rounds_per_cycle() * (options_.double_round ? 2 : 1); }

  // The rounds to write: all (1..rounds()), or only `round`; a round outside 1..rounds() is a
  // Problem whose reason begins with `what` (the option naming it).
  Expected<std::pair<int, int>> round_range(std::optional<int> round, std::string_view what) const;

  // The pairings of `round` (1..rounds()): games in table order, then the bye if there is one.
  void pairings(int round, std::vector<Pairing>& out) const;
  std::vector<Pairing> pairings(int round) const;

  // Which round of the Berger table round `round` of the event plays, and whether its
  // colours are reversed (second cycle).
  struct TableRound {
    int table_round;
    bool reversed;
  };
  TableRound table_round(int round) const;

 private:
  int participants_;
  int table_size_;
  RoundRobinOptions options_;
};

// Who moves first in each game of a match between the participant listed first ("home") and
// the one listed second ("away"):
//   * team matches (boards > 1): home moves first on odd boards, away on even boards;
//   * with two games per round the first mover of game 1 moves second in game 2.
struct MatchGame {
  int board;  // 1-based
  int game;   // 1-based
  bool home_moves_first;
};
std::vector<MatchGame> match_games(int boards, int games_per_round);

}  // namespace boardgames

BOARDGAMES_API_END
