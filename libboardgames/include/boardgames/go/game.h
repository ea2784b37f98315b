// A Go game under rules given as data: the board plus the history that the ko rule needs.
//
// Chinese rules (spec/go.md): suicide illegal (also of several stones); no whole-board
// repetition — positional superko by default, situational (the same position with the same
// player to move) or simple ko as options.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "boardgames/go/board.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

enum class KoRule : std::uint8_t { positional, situational, simple };
std::optional<KoRule> parse_ko_rule(std::string_view name);

struct Rules {
  KoRule ko = KoRule::positional;
  bool suicide_allowed = false;
};

struct IllegalMove {
  enum class Kind : std::uint8_t { off_board, occupied, suicide, ko, repetition } kind;
  int repeats_move = 0;  // repetition: the earlier move (0 = the start position) it recreates
  std::string describe() const;
};

class Game {
 public:
  Game(int size, Rules rules);

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  Stone to_move() const { return to_move_; }
  void set_to_move(Stone s) { to_move_ = s; }
  int moves_played() const { return moves_; }
  int consecutive_passes() const { return passes_; }

  // nullopt if `colour` may play on p now.
  std::optional<IllegalMove> check(Point p, Stone colour) const;
  // Plays a legal move (the caller checked) or a pass (kPass); the next player is the other.
  void play(Point p, Stone colour);
  // Setup stones (AB, AW, AE); the position they make joins the history.
  void setup(Point p, Stone colour);
  void setup(const std::vector<Point>& points, Stone colour);
  void setup_done();

 private:
  std::uint64_t key(const Board& board, Stone next) const;

  Board board_;
  Rules rules_;
  Stone to_move_ = Stone::black;
  int moves_ = 0;
  int passes_ = 0;
  Point ko_point_ = kPass;  // simple ko: the point that may not be retaken at once
  std::unordered_map<std::uint64_t, int> seen_;  // position key -> the move that made it
};

}  // namespace boardgames::go

BOARDGAMES_API_END
