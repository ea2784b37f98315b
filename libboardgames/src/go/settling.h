// What the parts of settle() (status.h) share; private to the library. The steps of its
// description live apart: step 1 (unconditional life) in benson.cpp, the groups and their
// reading of steps 2 and 7 in life.cpp, step 3 (walled-in areas) in walled_areas.cpp, the
// playouts of steps 4 and 6 in playouts.cpp, and settle() itself, which takes the steps in turn,
// in status.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardgames/core/random.h"
#include "boardgames/go/board.h"

namespace boardgames::go::settling {

// Step 3: for each point, the colour whose walled-in area it lies in (Stone::empty for none).
// See walled_areas.cpp for what makes an area walled in.
std::vector<Stone> walled_areas(const Board& board, const std::vector<bool>& black_alive,
                                const std::vector<bool>& white_alive);

// A group: the chains of one colour that share an eye space — the regions without their stones
// (empty points and the opponent's stones, bounded by theirs and the edge) of at most a few
// points — and the rest of their liberties, outside it.
struct EyeGroup {
  Stone colour;
  std::vector<Point> chains;     // a stone of each, largest first
  std::vector<Point> eye_space;  // the points of its small regions
  std::vector<Point> outside;    // its liberties outside the eye space
};

// The groups of `colour` (every chain of it in one), with regions of at most `most_points`
// points as eye space.
std::vector<EyeGroup> eye_groups(const Board& board, Stone colour, std::size_t most_points);

// A chain of a group read in its eye space, the opponent moving first (reading.h):
//   alive   — with the opponent on every liberty of the group outside its eye space, and the
//             group taking no ko: `lives` is life whatever the opponent does outside;
//   killed  — the liberties outside played by the opponent alone, one move at a time (the group
//             is enclosed: it cannot get out), but for those that join two of its chains, which
//             either side may play; the opponent's chains next to the group (or sharing a
//             liberty with it) with no more liberties of their own (not the group's) than it
//             has, and that no single move of theirs gives more liberties than it has, read
//             with it, with all their liberties, so that a race it wins, or a seki, is life
//             (and a chain of the group's colour in atari beside one of them, with its last
//             liberty for the opponent only: taking it frees his chain);
//             the liberties of stones of the group's colour outside it next to a point of the
//             area (dead ones, say) are the opponent's to fill too: joining them frees nothing;
//             kos go to whoever takes them first (the game is over: no side has a threat
//             left). Only the largest chain is read: the group stands or falls with it.
enum class InsideQuestion : std::uint8_t { alive, killed };
enum class Inside : std::uint8_t { lives, dies, unknown };
struct InsideReading {
  Point chain;
  Inside result;
};
// Each chain of the group read so, largest first (each reading stopped at `node_budget`
// positions, added to `positions`, then `unknown`; an area of more than 14 empty points, 24
// for `killed`, is not read: `unknown`); a chain with liberties only outside dies. The
// opponent's chains `secure` marks (per point; `killed` only) are in no race with the group.
std::vector<InsideReading> read_inside(const Board& board, const EyeGroup& group,
                                       InsideQuestion question, const std::vector<bool>& secure,
                                       long node_budget, long& positions);

// Would `colour` playing at p put a group of two or more stones into atari (without capturing)?
// The playouts never do; the attacks of step 6 neither.
bool self_atari(const Board& board, Point p, Stone colour);

// Random playouts: the policy, and the scratch space one playout needs, kept between playouts.
// The areas walled in by one colour (step 3) are never invaded by the other.
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

// Step 4: `playouts` playouts from `start` (`to_move` to move), counting each point's final
// owner (its stone, or the one colour an empty point touches).
Ownership count_owners(Playouts& runner, const Board& start, Stone to_move, int playouts,
                       Random& random);

}  // namespace boardgames::go::settling
