// Area counting (數子法) as a pure function of the board, the dead stones and the rules.
//
// After the dead stones are taken off, a point counts for a side if it holds that side's stone,
// or is empty and reaches (through empty points) only that side's stones. Empty points reaching
// both sides — dame, and the shared liberties of a seki — count half to each. The result is in
// stones against the par (points ÷ 2) plus komi; a margin of one stone is two points.
//
// Counts are kept in eighths of a stone, so komi of 3¾ stones (7.5 points), half points shared,
// and komi given in points are all exact.
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/problem.h"
#include "boardgames/go/board.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

// Eighths of a stone.
using Eighths = std::int64_t;
constexpr Eighths kStone = 8;

enum class Owner : std::uint8_t { none, black, white, shared };

// The largest komi taken, either way: 500 stones (1,000 points), more than any board's count
// (625 points on 25×25), so no komi that means something is refused, and no count overflows.
constexpr Eighths kMaxKomi = 500 * kStone;
// The most warnings one side can be given in a game (two already lose it).
constexpr int kMaxWarnings = 100;

// A komi given as a number of stones or of points, as exact eighths of a stone (quarter
// points); nullopt when it is not finite, beyond kMaxKomi either way, or not a whole number of
// quarter points (7.3 points would have to be rounded: it is refused instead).
std::optional<Eighths> komi_from_stones(double stones);
std::optional<Eighths> komi_from_points(double points);
// The same for a komi option (`option` "--komi", in stones; "--komi-points", in points): the
// komi, or the Problem that says what a komi is, naming the option and the value.
Expected<Eighths> komi_option(const std::string& option, double value, bool in_points);

struct ScoreSettings {
  Eighths komi = 30;       // 3¾ stones = 7.5 points; at most kMaxKomi either way
  int black_warnings = 0;  // 0 to kMaxWarnings
  int white_warnings = 0;
};

struct Score {
  Eighths black = 0;  // Black's count (stones + territory + half the shared points − warnings)
  Eighths white = 0;
  Eighths par = 0;  // points ÷ 2
  Eighths komi = 0;
  // Black's count minus the par and komi: positive, Black wins. In eighths of a stone, which
  // are also quarters of a point.
  Eighths margin = 0;
  // Two warnings in one game lose it, whatever the count; Stone::empty when both players have
  // two: both lose (the result `--`, as the results CSV writes a game both sides lost).
  std::optional<Stone> lost_by_warnings;
  std::vector<Owner> owner;  // per board point index
  int shared_points = 0;
  // The largest empty region that reaches both colours, in board order (empty if there is
  // none). See open_border().
  std::vector<Point> largest_shared_region;
  std::vector<Point> dead;

  // Dame come one to four to a region; a region of kOpenBorderPoints or more shared points is a
  // border the players left open: the game looks unfinished (the rule book counts games whose
  // moves are finished, 著子完畢), and the count takes the border as shared as it stands.
  static constexpr std::size_t kOpenBorderPoints = 5;
  bool open_border() const { return largest_shared_region.size() >= kOpenBorderPoints; }

  // The largest empty region that reaches one colour only (a territory), in board order (empty
  // if there is none), and the number of points of the board.
  std::vector<Point> largest_territory;
  std::size_t board_points = 0;
  // No finished game has a territory of more than kMaxTerritoryPercent of the board: a larger
  // one is a game that stopped before the other side played there (`(;SZ[19];B[cc])` would
  // otherwise be B+353.5). The largest in the real records of the test data: 35% (128 of 361
  // points) in the 340 counted games of the benchmarks, 43% (35 of 81) in GNU Go's 65 finished
  // self-play games.
  static constexpr std::size_t kMaxTerritoryPercent = 75;
  bool territory_too_large() const {
    return largest_territory.size() * 100 > kMaxTerritoryPercent * board_points;
  }

  Stone winner() const;  // Stone::empty for a draw, or when both lose by warnings
  // SGF style with the points margin: "B+1.5", "W+0.5", "0".
  std::string sgf_result() const;
  // "Black 185, White 176: Black wins by 3/4 stone (B+1.5)".
  std::string text() const;
};

// An empty region that reaches both colours counts half to each, whether it is dame or a border
// the players left open: the position is counted as it stands. Throws std::invalid_argument for
// settings out of range (a komi beyond kMaxKomi, warnings below 0 or above kMaxWarnings).
Score count_area(const Board& board, const std::vector<Point>& dead, const ScoreSettings& settings);

// Eighths as a decimal stone count: "185", "184.5", "180.25".
std::string eighths_text(Eighths value);
// A margin in stones as a fraction people read: "3/4 stone", "1 1/4 stones", "2 stones".
std::string stones_text(Eighths value);

}  // namespace boardgames::go

BOARDGAMES_API_END
