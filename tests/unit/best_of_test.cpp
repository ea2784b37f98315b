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

TEST_CASE("match rule: one game, two games and best of N, the playoff, then the lot") {
  // Two games, colours swapped: no deciding game by lot, the playoff alternates on.
  const bo::MatchRule two{2, 2};
  CHECK(bo::a_moves_first(1, two, true, false));
  CHECK_FALSE(bo::a_moves_first(2, two, true, true));  // game 2 is not a best of N's decider
  CHECK(bo::a_moves_first(3, two, true, false));
  CHECK_FALSE(bo::a_moves_first(4, two, true, false));
  // Best of 3 with a playoff: game 3 by its lot, playoff game 4 alternating from game 1.
  const bo::MatchRule three{3, 1};
  CHECK_FALSE(bo::a_moves_first(3, three, true, false));
  CHECK_FALSE(bo::a_moves_first(4, three, true, true));

  auto o = bo::outcome(Points::from_halves(3), kDraw, 2, two);  // 1½-½ after two: A through
  CHECK(o.winner == 0);
  o = bo::outcome(kWin, kWin, 2, two);  // 1-1: the two playoff games belong to the match
  CHECK(!o.winner);
  CHECK_FALSE(o.lot);
  CHECK(o.length == 4);
  o = bo::outcome(kWin, Points::whole(2), 3, two);  // B won playoff game 1, one left: not over
  CHECK(!o.winner);
  o = bo::outcome(Points::whole(2), Points::whole(2), 4, two);  // level after the playoff: lot
  CHECK(o.lot);
  o = bo::outcome(kWin, kLoss, 1, bo::MatchRule{1, 0});  // one game
  CHECK(o.winner == 0);
  o = bo::outcome(kDraw, kDraw, 1, bo::MatchRule{1, 0});  // drawn, no playoff: the lot at once
  CHECK(o.lot);
  CHECK(o.length == 1);
  // Best of 5 is first to 3, as best_of::standing has it: 2½-½ after three games is not over.
  o = bo::outcome(Points::from_halves(5), kDraw, 3, bo::MatchRule{5, 0});
  CHECK(!o.winner);
  o = bo::outcome(Points::whole(3), kWin, 4, bo::MatchRule{5, 0});
  CHECK(o.winner == 0);
  // Points of another system (a win worth 2, a draw 1): the same match.
  o = bo::outcome(Points::whole(3), Points::whole(1), 2, two, Points::whole(2));
  CHECK(o.winner == 0);
  o = bo::outcome(Points::whole(2), Points::whole(2), 2, two, Points::whole(2));
  CHECK(o.length == 4);
}

TEST_CASE("match rule: the match lengths a knock-out takes") {
  CHECK(bo::valid_match_games(1));
  CHECK(bo::valid_match_games(2));
  CHECK(bo::valid_match_games(3));
  CHECK(bo::valid_match_games(7));
  CHECK_FALSE(bo::valid_match_games(4));
  CHECK_FALSE(bo::valid_match_games(9));
  CHECK_FALSE(bo::valid_match_games(0));
}
