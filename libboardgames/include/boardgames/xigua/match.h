// A match of Xigua games between two players (or engine configurations) A and B: best of three
// or of five. A win is a point, a draw half a point each; the match ends as soon as one side has
// more than half the games' points. A alternates sides from game to game, starting on a side
// drawn by lot; the side of each player in the deciding (last possible) game is drawn by lot
// again.
#pragma once

#include "boardgames/export.h"

#include <optional>

#include "boardgames/core/points.h"
#include "boardgames/core/random.h"
#include "boardgames/xigua/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

class BestOf {
 public:
  // Whether a match may be the best of `games` (3 or 5).
  static bool allowed(int games) { return games == 3 || games == 5; }

  // `games` allowed; draws A's side in the first game from `random`.
  BestOf(int games, Random& random);

  int games() const { return games_; }
  // A's side in game `game` (1-based); the deciding game's draws from `random`, so call it once
  // a game, in order.
  Side side_of_a(int game, Random& random) const;
  // The game A played on `a_side` ended with `winner` (empty: a draw).
  void add(Side a_side, std::optional<Side> winner);
  // One side has more than half the points of the match.
  bool decided() const;
  Points a() const { return a_; }
  Points b() const { return b_; }

 private:
  int games_;
  Side first_of_a_;
  Points a_;
  Points b_;
};

}  // namespace boardgames::xigua

BOARDGAMES_API_END
