// Xigua solved by retrograde analysis: every position's value (win, loss or draw for the side to
// move) and its distance to the end under perfect play.
//
// The state is the two stone sets and the side to move; it is stored colour-normalised (the
// mover's stones, the other side's stones) and reduced by the board's symmetries. The
// same-stone counter (no stone may move on more than four turns in a row) is NOT part of the
// state: the table's values are those of the game without that rule. A caller that plays by the
// rules must check each move against the counter and fall back on the best legal move.
//
// Rules as solved (spec/xigua.md): a turn moves one stone along an edge to an empty point or
// passes (always allowed); opponent groups without a liberty are captured; a side left with
// fewer than `min_stones` stones has lost (the real game: 6 a side, the first to capture 4 wins,
// so a side with 2 or fewer has lost); a game that never ends (repetition) is a draw. Win
// distances count plies to the capture that ends the game (the winner as quick as it can, the
// loser as slow); a win is an odd number of plies, a loss an even one.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/problem.h"
#include "boardgames/xigua/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

// A bijection of the 21 points: image[p] is where p goes.
using Permutation = std::array<Point, kPoints>;
// The set's image.
PointSet permute(const Permutation& permutation, PointSet set);
// Every automorphism of the board graph (a permutation of the points that maps edges onto
// edges), found by search from the adjacency alone, the identity first.
std::vector<Permutation> board_automorphisms();

// Stone counts: a side has between min_stones and max_stones stones in a stored position (fewer
// than min_stones has lost). The real game is {6, 3}; the tests solve smaller games.
struct SolveRules {
  int max_stones = 6;
  int min_stones = 3;
  bool use_symmetry = true;  // false: one index per position (the tests' cross-check)
};

// Ranks (mover, other) with mover to move over every position of the rules' stone counts:
// slice by slice (stone counts), within a slice the mover's set's symmetry class (orbit) times
// the combinatorial (colex) rank of the other side's stones among the free points. Positions
// that one symmetry maps onto another share an index; a few indexes are unused (a set whose
// class is symmetric in itself leaves some ranks that no canonical position takes).
class PositionIndex {
 public:
  explicit PositionIndex(SolveRules rules = {});

  const SolveRules& rules() const { return rules_; }
  std::uint64_t size() const { return size_; }
  // Both counts within [min_stones, max_stones], the sets disjoint.
  std::uint64_t index(PointSet mover, PointSet other) const;
  // The canonical position of an index: (mover, other).
  std::pair<PointSet, PointSet> position(std::uint64_t index) const;
  // Whether `index` is taken by a canonical position (index(position(i)) == i).
  bool canonical(std::uint64_t index) const;
  // The first index of a slice and its length.
  std::uint64_t slice_begin(int mover_stones, int other_stones) const;
  std::uint64_t slice_size(int mover_stones, int other_stones) const;
  // Number of symmetries used (8 on the real board; 1 without symmetry).
  int symmetries() const { return static_cast<int>(group_.size()); }
  // How many positions the index's canonical position stands for (symmetries / stabiliser).
  int class_size(PointSet mover, PointSet other) const;

  // Implementation data, public for the solver's loops.
  struct Slice {
    std::uint64_t begin = 0;
    std::uint64_t orbits = 0;
    std::uint64_t per_orbit = 0;  // C(21 - mover stones, other stones)
  };
  const Slice& slice(int mover_stones, int other_stones) const;
  PointSet orbit_representative(int stones, std::uint32_t orbit) const {
    return representatives_[static_cast<std::size_t>(stones)][orbit];
  }

 private:
  PointSet transform(std::size_t element, PointSet set) const;

  SolveRules rules_;
  std::vector<Permutation> group_;
  // Per group element, the image of each 7-bit chunk of a set.
  std::vector<std::array<std::array<PointSet, 128>, 3>> images_;
  // Per set (2^21): orbit number within its stone count (low 24 bits) and the element that maps
  // the set onto its representative (high 8 bits).
  std::vector<std::uint32_t> orbit_of_;
  std::array<std::vector<PointSet>, kPoints + 1> representatives_;
  std::array<std::vector<std::uint8_t>, kPoints + 1> stabilisers_;  // non-identity elements, bits
  // Per representative, each free point's number among the free points.
  std::array<std::vector<std::array<std::uint8_t, kPoints>>, kPoints + 1> free_ranks_;
  std::vector<Slice> slices_;  // [mover][other]
  std::uint64_t size_ = 0;
};

// A value for the side to move.
enum class Outcome : std::uint8_t { draw, win, loss };
struct Value {
  Outcome outcome = Outcome::draw;
  int distance = 0;  // plies to the end (0 for a draw)
  friend bool operator==(const Value&, const Value&) = default;
};
// "win in 5", "loss in 4", "draw".
std::string value_text(Value value);

// What the solver reports between its steps (from the calling thread).
struct SolveProgress {
  int mover_stones = 0;
  int other_stones = 0;
  std::uint64_t done = 0;   // positions of the whole table finished
  std::uint64_t total = 0;  // positions of the whole table
};

// The solved table: one byte a position (0 draw, 255 unused index, else distance + 1: odd
// distances are wins, even ones losses).
class Tablebase {
 public:
  static constexpr std::uint32_t kFormatVersion = 1;
  static constexpr std::uint8_t kUnused = 255;
  static constexpr int kMaxDistance = 253;

  // Solves every position of the rules' stone counts, slice pairs from the fewest stones up,
  // each by retrograde iteration over its predecessors on `threads` threads. Throws
  // std::runtime_error if a distance exceeds kMaxDistance.
  static Tablebase solve(SolveRules rules, int threads = 2,
                         const std::function<void(const SolveProgress&)>& progress = {});

  const PositionIndex& index() const { return index_; }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

  // The value of the stone sets with `mover` to move; a mover with fewer than min_stones has lost
  // (distance 0); nullopt when the other side has fewer than min_stones (the game ended before
  // this move) or a count is above max_stones.
  std::optional<Value> value(PointSet mover, PointSet other) const;
  std::optional<Value> value(const Position& position) const;

  // The file: a header (magic "XIGUATB\n", format version, the rules, the number of symmetries,
  // the number of entries, an FNV-1a 64-bit checksum of the entries), then the entries.
  std::string serialise() const;
  static Expected<Tablebase> parse(std::string_view file);

 private:
  Tablebase(PositionIndex index, std::vector<std::uint8_t> bytes);
  PositionIndex index_;
  std::vector<std::uint8_t> bytes_;
};

// Counts of canonical positions (and of all positions they stand for) by stone count.
struct SliceCounts {
  int mover_stones = 0;
  int other_stones = 0;
  std::uint64_t won = 0, lost = 0, drawn = 0;              // canonical positions
  std::uint64_t all_won = 0, all_lost = 0, all_drawn = 0;  // every position (symmetries)
  int longest_win = 0;
};
std::vector<SliceCounts> count_values(const Tablebase& table);

// A value from the side to move's opponent's side after a move: win ↔ loss, one ply more.
Value before_move(Value after);

// The values of the side to move's moves (every stone move by the table's rules, and the pass)
// in `position`, best first; `illegal` set where the same-stone rule forbids the move.
struct MoveValue {
  Move move;
  Value value;
  bool illegal = false;  // the same-stone limit forbids it
};
std::vector<MoveValue> move_values(const Tablebase& table, const Position& position);
// The best move the rules allow by the table's values (nullopt when the game is over).
std::optional<MoveValue> best_legal_move(const std::vector<MoveValue>& values);
// Better for the side to move: a win before a draw before a loss; quicker wins, slower losses.
bool better(Value a, Value b);

}  // namespace boardgames::xigua

BOARDGAMES_API_END
