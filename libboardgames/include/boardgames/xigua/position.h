// A Xigua position: two 21-point stone sets, the side to move, each side's same-stone counter
// and capture count, and a Zobrist key over all of it.
//
// A turn moves one own stone along an edge to an adjacent empty point, or passes. After a move
// every opponent group left without a liberty is captured (automatic capture; a record read in
// manual-capture mode removes only the stones written). A side may not move the same stone on
// more than four of its turns in a row: the counter counts consecutive turns with one stone,
// follows that stone as it moves, restarts when another stone moves, and is cleared when the
// stone is captured; a pass neither adds nor resets. The first player to capture 4 stones wins:
// a side left with 2 or fewer stones has no moves.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "boardgames/core/fixed_list.h"
#include "boardgames/core/problem.h"
#include "boardgames/xigua/board.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

enum class Side : std::uint8_t { black = 0, white = 1 };
constexpr Side operator~(Side s) { return s == Side::black ? Side::white : Side::black; }
constexpr int index(Side s) { return static_cast<int>(s); }
std::string_view side_name(Side s);

// A move, 16 bits: bits 0-4 from, bits 5-9 to; a pass has both set to kNoPoint.
class Move {
 public:
  constexpr Move() : Move(kNoPoint, kNoPoint) {}
  constexpr Move(Point from, Point to) : bits_(static_cast<std::uint16_t>(from | (to << 5))) {}
  static constexpr Move pass() { return Move(); }

  constexpr Point from() const { return static_cast<Point>(bits_ & 31); }
  constexpr Point to() const { return static_cast<Point>((bits_ >> 5) & 31); }
  constexpr bool is_pass() const { return from() == kNoPoint; }
  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t bits_;
};

// "N2-N1" or "pass".
std::string move_text(Move m);

// A move as written: FROM-TO with point names ("N2-N1"), or "pass" (case-insensitive), nothing
// else around it. Whether the move is legal is check_move's question. The problem's reason says
// what is written instead; its token is the text.
Expected<Move> parse_move(std::string_view text);

// The stone moves of a position: at most 6 stones × 5 neighbours.
using MoveList = FixedList<Move, 64>;

enum class Illegal : std::uint8_t {
  game_over,         // a side has captured 4 stones
  no_own_stone,      // no stone of the side to move on the from-point
  not_adjacent,      // the points are not joined by an edge
  occupied,          // the to-point is not empty
  same_stone_limit,  // the fifth consecutive move of one stone
};
std::string_view describe(Illegal reason);

struct SameStone {
  Point point = kNoPoint;  // where the stone moved last is now
  std::uint8_t count = 0;  // on how many consecutive turns it moved
};

class Position {
 public:
  static constexpr int kLimit = 4;  // moves of one stone in a row
  static constexpr int kWinningCaptures = 4;

  // The start position: Black on WNW NNW N3 NNE ENE N2, White on ESE SSE S3 SSW WSW S2.
  static Position start(Side first = Side::black);
  // From stone sets (for tests and diagrams).
  static Position from_sets(PointSet black, PointSet white, Side to_move);

  PointSet stones(Side s) const { return stones_[index(s)]; }
  PointSet empty_points() const { return kAllPoints & ~(stones_[0] | stones_[1]); }
  Side side_to_move() const { return side_; }
  const SameStone& counter(Side s) const { return counter_[index(s)]; }
  int captured_by(Side s) const { return captured_[index(s)]; }
  std::uint64_t key() const { return key_; }
  int plies() const { return plies_; }

  // The game is over when a side has captured 4 stones.
  bool game_over() const { return winner().has_value(); }
  std::optional<Side> winner() const;

  // Stone moves only (no pass); none when the game is over.
  void legal_moves(MoveList& moves) const;
  std::optional<Illegal> check_move(Move move) const;

  // The position after a legal move (or pass) with automatic capture; the captured stones are
  // stored in `captured` if given.
  Position after(Move move, PointSet* captured = nullptr) const;
  // Manual capture (records read in --manual-capture mode): the move, then exactly `remove`
  // taken off (the caller checks that it holds dead opponent stones).
  Position after_manual(Move move, PointSet remove) const;

  // Opponent stones of the side that just moved that are in groups without liberties.
  PointSet dead_stones(Side owner) const;

  // Stones on the board, per side.
  int count(Side s) const { return __builtin_popcount(stones_[index(s)]); }

 private:
  Position moved(Move move) const;  // the move and the counter, before captures
  void remove(Side owner, PointSet set);
  void set_counter(Side s, SameStone c);

  PointSet stones_[2] = {0, 0};
  SameStone counter_[2];
  std::uint8_t captured_[2] = {0, 0};
  Side side_ = Side::black;
  std::uint16_t plies_ = 0;
  std::uint64_t key_ = 0;
};

// Sequences of `depth` stone moves (passes are not moves; captures automatic; the same-stone
// limit applied; a side with 2 or fewer stones has no moves).
std::uint64_t perft(const Position& position, int depth);

}  // namespace boardgames::xigua

BOARDGAMES_API_END
