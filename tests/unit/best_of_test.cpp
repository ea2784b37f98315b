#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "boardgames/io/best_of_output.h"
#include "boardgames/tournament/best_of.h"

namespace bo = boardgames::best_of;
using boardgames::Points;

namespace {
const Points kWin = Points::whole(1);
const Points kDraw = Points::from_halves(1);
const Points kLoss;
}  // namespace

TEST_CASE("best of N: first to more than half the games") {
  CHECK(bo::needed(3) == Points::whole(2));
  CHECK(bo::needed(5) == Points::whole(3));
  CHECK(bo::needed(7) == Points::whole(4));
  CHECK(bo::decided(Points::whole(2), kLoss, 3));
  CHECK_FALSE(bo::decided(Points::from_halves(3), Points::from_halves(3), 3));
}

TEST_CASE("best of N: game 1 by lot, alternating, the decider by its own lot") {
  // Best of 5, A first in game 1: A, B, A, B, then game 5 as its lot says.
  CHECK(bo::a_moves_first(1, 5, true, false));
  CHECK_FALSE(bo::a_moves_first(2, 5, true, false));
  CHECK(bo::a_moves_first(3, 5, true, false));
  CHECK_FALSE(bo::a_moves_first(4, 5, true, false));
  CHECK_FALSE(bo::a_moves_first(5, 5, true, false));  // alternation alone would give A
  CHECK(bo::a_moves_first(5, 5, true, true));
  CHECK(bo::a_moves_first(2, 3, false, false));
}

TEST_CASE("best of N: the games so far tell the next game or the winner") {
  auto s = bo::standing({}, 3);
  CHECK(s.next_game == 1);
  CHECK(!s.winner);
  s = bo::standing({kWin, kWin}, 3);  // 2-0: over after two games
  CHECK(s.winner == 0);
  CHECK(s.next_game == 0);
  s = bo::standing({kWin, kLoss}, 3);  // 1-1: the decider next
  CHECK(s.next_game == 3);
  s = bo::standing({kDraw, kLoss}, 3);  // ½-1½: B needs ½ more
  CHECK(s.next_game == 3);
  s = bo::standing({kDraw, kLoss, kDraw}, 3);  // ½ + ½ = 1 against 2: B wins
  CHECK(s.winner == 1);
  s = bo::standing({kDraw, kDraw, kDraw}, 3);  // level after every game: the playoff
  CHECK(!s.winner);
  CHECK(s.next_game == 0);
  s = bo::standing({kWin, kWin, kWin, kLoss, kLoss}, 5);  // games after the decision ignored
  CHECK(s.a == Points::whole(3));
  CHECK(s.b == kLoss);
  CHECK(s.winner == 0);
}

TEST_CASE("best of N: the lots of a match are reproducible and both ways occur") {
  int a_first = 0;
  for (std::uint64_t seed = 0; seed < 32; ++seed) {
    CHECK(boardgames::best_of_lot(seed, 2, 1, 1) == boardgames::best_of_lot(seed, 2, 1, 1));
    a_first += boardgames::best_of_lot(seed, 2, 1, 1) ? 1 : 0;
  }
  CHECK(a_first > 0);
  CHECK(a_first < 32);
}
