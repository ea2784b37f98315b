// The Go board: a flat array of (size + 2)² points with a wall border, so a neighbour loop
// needs no bounds checks; chains kept incrementally as circular lists with their size and
// pseudo-liberties (each stone–empty-neighbour pair counted once), plus the sum and sum of
// squares of those liberty points, which tell in O(1) whether a chain has exactly one
// liberty; captures; a Zobrist hash of the stones.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

BOARDGAMES_API_BEGIN

namespace boardgames::go {

enum class Stone : std::uint8_t { empty = 0, black = 1, white = 2, wall = 3 };
constexpr Stone opponent(Stone s) { return s == Stone::black ? Stone::white : Stone::black; }
std::string_view stone_name(Stone s);  // "Black", "White"

using Point = std::uint16_t;
constexpr Point kPass = 0;  // a wall corner: never a playable point

class Board {
 public:
  static constexpr int kMinSize = 2;
  static constexpr int kMaxSize = 25;

  // Throws std::invalid_argument for a size outside kMinSize..kMaxSize.
  explicit Board(int size = 19);
  Board(const Board& other);
  Board& operator=(const Board& other);
  Board(Board&& other) noexcept;
  Board& operator=(Board&& other) noexcept;
  ~Board() = default;

  int size() const { return size_; }
  int stride() const { return size_ + 2; }
  // x from the left, y from the top, both 0-based (SGF's order).
  Point point(int x, int y) const { return static_cast<Point>((y + 1) * stride() + x + 1); }
  int x_of(Point p) const { return p % stride() - 1; }
  int y_of(Point p) const { return p / stride() - 1; }
  bool on_board(Point p) const { return p < count_ && points_[p] != Stone::wall; }
  Stone at(Point p) const { return points_[p]; }
  std::span<const Point> all_points() const { return {playable_, playable_count_}; }
  std::array<Point, 4> neighbours(Point p) const {
    const auto s = static_cast<Point>(stride());
    return {static_cast<Point>(p - s), static_cast<Point>(p - 1), static_cast<Point>(p + 1),
            static_cast<Point>(p + s)};
  }

  // -- Chains
  Point chain(Point p) const { return head_[p]; }
  int chain_size(Point p) const { return size_of_[head_[p]]; }
  // The stones of the chain of p.
  std::vector<Point> chain_stones(Point p) const;
  // Exact liberties of the chain of p (a flood over its stones).
  int liberties(Point p) const;
  bool in_atari(Point p) const;  // exactly one liberty
  // The single liberty of a chain in atari.
  Point atari_liberty(Point p) const;

  // -- Moves
  // Why a stone of colour c cannot go on p: occupied, or suicide (no liberty after the
  // captures it makes). nullopt if it can.
  enum class Problem : std::uint8_t { occupied, suicide };
  std::optional<Problem> check(Point p, Stone c) const;
  // Plays a stone (the caller has checked it); returns the number of stones captured, and the
  // captured point when exactly one stone was taken (for simple ko).
  int play(Point p, Stone c, Point* single_capture = nullptr);
  // Setup (SGF AB/AW/AE): puts or clears a stone without captures.
  void set(Point p, Stone c);
  // The same for many points at once (a property's list and rectangles), in time linear in the
  // points and the chains they take stones from: a record that fills and clears the board
  // property after property costs no board rebuild per stone. Points off the board are skipped.
  void setup(const std::vector<Point>& points, Stone c);

  std::uint64_t hash() const { return hash_; }

  // "D4" (A1-style, I skipped, row 1 at the bottom); "pass" for kPass.
  std::string name(Point p) const;
  // A1-style name ("D4": a column letter, I skipped, either case, and the row in digits) or SGF
  // letters ("dd"); nullopt if not a point of this board.
  std::optional<Point> parse(std::string_view text) const;
  std::optional<Point> parse_sgf(std::string_view letters) const;

  // Self-check of the chain bookkeeping (tests).
  bool consistent() const;

 private:
  void add_liberty(Point head, Point liberty);
  void remove_liberty(Point head, Point liberty);
  void remove_chain(Point head);
  void merge(Point a, Point b);
  void place(Point p, Stone c);

  // Points the arrays below to their places in storage_.
  void bind();

  int size_;
  std::size_t count_ = 0;           // (size + 2)²: the points with the wall
  std::size_t playable_count_ = 0;  // size²
  // Every per-point array in one allocation: the readings copy a board at every position they
  // try, and eight arrays of their own made that eight allocations and eight frees a copy.
  std::size_t bytes_ = 0;
  std::unique_ptr<std::byte[]> storage_;
  std::uint64_t* liberty_square_sum_ = nullptr;
  std::uint32_t* liberty_sum_ = nullptr;
  Point* head_ = nullptr;
  Point* next_ = nullptr;
  std::uint16_t* size_of_ = nullptr;
  std::uint16_t* pseudo_ = nullptr;
  Point* playable_ = nullptr;
  Stone* points_ = nullptr;
  std::uint64_t hash_ = 0;
};

// The Zobrist key of a stone of colour c on point p (boards up to 25×25).
std::uint64_t zobrist(Stone c, Point p);

}  // namespace boardgames::go

BOARDGAMES_API_END
