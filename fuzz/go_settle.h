// The settling check shared by the Go fuzz targets: whatever position a reader produced, settle()
// and count_area() keep their promises.
#pragma once

#include <vector>

#include "boardgames/go/board.h"
#include "boardgames/go/reading.h"
#include "boardgames/go/score.h"
#include "boardgames/go/status.h"
#include "fuzz_support.h"

namespace fuzz {

namespace bgo = boardgames::go;

// Settles a final position with a few playouts: dead stones are stones, a chain is dead or not
// as a whole, uncertain stones are stones, the closed fights hold what they say, and the count
// adds up.
inline void check_settlement(const bgo::Board& board, bgo::Stone to_move) {
  bgo::SettleOptions options;
  options.playouts = 2;  // the fuzzer's time goes to the readers; two playouts reach every path
  options.attack_playouts = 2;
  options.read_budget = 200;
  const bgo::Settlement s = bgo::settle(board, to_move, options);
  std::vector<char> dead(static_cast<std::size_t>(board.stride() * board.stride()), 0);
  for (bgo::Point p : s.dead) {
    if (!board.on_board(p) || board.at(p) == bgo::Stone::empty) std::abort();
    dead[p] = 1;
  }
  for (bgo::Point p : s.dead) {
    for (bgo::Point q : board.chain_stones(p)) {
      if (!dead[q]) std::abort();
    }
  }
  for (bgo::Point p : s.uncertain) {
    if (!board.on_board(p) || board.at(p) == bgo::Stone::empty) std::abort();
  }
  // A closed fight, and the race around a group, hold every liberty of every chain in them, and
  // no chain in them is a wall; the race holds the group it was grown from.
  const auto check_fight = [&](const bgo::ClosedFight& fight) {
    std::vector<char> in_area(dead.size(), 0);
    for (bgo::Point p : fight.area) in_area[p] = 1;
    for (bgo::Point head : fight.chains) {
      for (bgo::Point stone : board.chain_stones(head)) {
        if (!in_area[stone]) std::abort();
        for (bgo::Point q : board.neighbours(stone)) {
          if (board.at(q) == bgo::Stone::empty && !in_area[q]) std::abort();
        }
      }
    }
    for (bgo::Point wall : fight.walls) {
      if (in_area[wall]) std::abort();
    }
    return in_area;
  };
  for (const bgo::ClosedFight& fight : bgo::closed_fights(board, 8)) check_fight(fight);
  for (bgo::Point p : board.all_points()) {
    if (board.at(p) == bgo::Stone::empty || board.chain(p) != p) continue;
    if (const auto race = bgo::race_fight(board, p, 8)) {
      if (!check_fight(*race)[p]) std::abort();
    }
  }
  const bgo::Score score = bgo::count_area(board, s.dead, bgo::ScoreSettings{});
  if (score.black + score.white != static_cast<long>(board.all_points().size()) * bgo::kStone)
    std::abort();
  // The largest shared region is made of shared points.
  if (score.largest_shared_region.size() > static_cast<std::size_t>(score.shared_points))
    std::abort();
  for (bgo::Point p : score.largest_shared_region) {
    if (score.owner[p] != bgo::Owner::shared) std::abort();
  }
}

}  // namespace fuzz
