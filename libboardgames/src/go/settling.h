// What the parts of settle() (status.h) share; private to the library. The steps of its
// description live apart: step 1 (unconditional life) in benson.cpp, step 2 (walled-in areas)
// in walled_areas.cpp, the playouts of steps 3 and 5 in playouts.cpp, and settle() itself,
// which takes the steps in turn, in status.cpp.
#pragma once

#include <cstddef>
#include <vector>

#include "boardgames/core/random.h"
#include "boardgames/go/board.h"

namespace boardgames::go::settling {

// Step 2: for each point, the colour whose walled-in area it lies in (Stone::empty for none).
// See walled_areas.cpp for what makes an area walled in.
std::vector<Stone> walled_areas(const Board& board, const std::vector<bool>& black_alive,
                                const std::vector<bool>& white_alive);

// Would `colour` playing at p put a group of two or more stones into atari (without capturing)?
// The playouts never do; the attacks of step 5 neither.
bool self_atari(const Board& board, Point p, Stone colour);

// Random playouts: the policy, and the scratch space one playout needs, kept between playouts.
// The areas walled in by one colour (step 2) are never invaded by the other.
class Playouts {
 public:
  Playouts(const Board& start, const std::vector<Stone>& closed);

  // Plays one game from `board` with `colour` to move and `last` the move that led to it, to
  // the end (two passes, or three moves a point). The board is left in the final position.
  void play(Board& board, Stone colour, Point last, Random& random);

 private:
  static constexpr int kOpeningCaptures = 10;
  const std::vector<Stone>& closed_;  // walled_areas(): the other colour's areas are not invaded
  std::vector<Point> empties_;
  std::vector<std::size_t> slot_;  // where each empty point is in `empties_`
};

// Per point, in how many of the playouts each colour owned it at the end.
struct Ownership {
  std::vector<int> black;
  std::vector<int> white;
  const std::vector<int>& of(Stone colour) const { return colour == Stone::black ? black : white; }
};

// Step 3: `playouts` playouts from `start` (`to_move` to move), counting each point's final
// owner (its stone, or the one colour an empty point touches).
Ownership count_owners(Playouts& runner, const Board& start, Stone to_move, int playouts, Random& random);

}  // namespace boardgames::go::settling
