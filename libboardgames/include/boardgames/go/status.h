// Which stones are dead at the end of a game, decided without a neural network:
//
//  1. Benson's algorithm finds the chains that are alive unconditionally (no sequence of
//     opponent moves can capture them): those are never called dead.
//  2. Areas walled in by one colour where the other cannot live (no stone of it alive
//     unconditionally, no room for two eyes, walls that win any race) are that colour's: the
//     playouts never invade them (invaders already there only answer ataris).
//  3. Many fast random playouts from the final position (moves that neither fill a player's
//     own eye nor put a group of two or more stones into atari, so sekis stay sekis) give each
//     point's final owner; a chain is dead when the opponent owns its points in at least
//     `dead_share` of the playouts (or in most of them when it is walled in), alive when its
//     owner does in at least that share, and uncertain in between — uncertain chains are
//     reported, and counted as alive.
#pragma once

#include <cstdint>
#include <vector>

#include "boardgames/go/board.h"
#include "boardgames/go/score.h"

namespace boardgames::go {

// Points of chains of `colour` that are alive unconditionally (Benson 1976).
std::vector<bool> benson_alive(const Board& board, Stone colour);

struct SettleOptions {
  int playouts = 200;
  std::uint64_t seed = 1;
  double dead_share = 0.7;
};

struct Settlement {
  std::vector<Point> dead;       // stones judged dead
  std::vector<Point> uncertain;  // stones of chains the evidence does not settle
  std::vector<Point> seki;       // stones alive in seki (sharing liberties with the opponent)
  std::vector<double> black_share;  // per point: the share of playouts Black owned it
  std::vector<double> white_share;
  // For empty points: the side that owns them in at least `dead_share` of the playouts (an
  // unclosed border the players would have closed), else Owner::none (dame).
  std::vector<Owner> estimated_owner;
};

Settlement settle(const Board& board, Stone to_move, const SettleOptions& options);

}  // namespace boardgames::go
