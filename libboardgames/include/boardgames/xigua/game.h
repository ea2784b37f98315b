// How a Xigua game ends, and a game in progress under those rules.
//
// The rule book ends a game when a side has captured 4 stones (it wins), when a side tries the
// fifth consecutive move of one stone (it loses), when a side resigns, and, where the
// competition rules say so, when a position comes a third time (a draw) or a move limit is
// reached (the side with more stones on the board wins; equal counts draw). A record replayed
// by validate_record knows only the first two; a game played (xigua-play play, match) all of
// them. Both ask ending() here, so the two cannot disagree.
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/xigua/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

enum class EndReason : std::uint8_t {
  four_captured,     // a side has captured 4 stones: it wins
  same_stone_limit,  // a side tried the fifth consecutive move of one stone: it loses
  repetition,        // the same position a third time: a draw
  move_limit,        // the move limit: the stone count decides
  resignation,       // a side resigned: it loses
};

struct Ending {
  EndReason reason = EndReason::four_captured;
  std::optional<Side> winner;  // empty: a draw
  int max_plies = 0;           // move_limit: the limit
  int black_stones = 0;        // move_limit: the stones on the board
  int white_stones = 0;

  friend bool operator==(const Ending&, const Ending&) = default;
};

// The end in words: "4 stones captured", "the fifth consecutive move of one stone loses",
// "the same position a third time", "move limit (200 plies): stones on the board 5-4",
// "Black resigned".
std::string describe(const Ending& ending);

// Which of the optional rules a game is played under.
struct EndRules {
  int max_plies = 0;             // 0: no move limit
  bool repetition_draw = false;  // a position seen a third time is a draw
};

// The rules' verdict on `position`, reached after `plies` plies and seen `repetitions` times
// (counting this time): empty while the game goes on. Four captures come first, then the third
// repetition, then the move limit.
std::optional<Ending> ending(const Position& position, int repetitions, int plies,
                             const EndRules& rules);

// `loser` tried the fifth consecutive move of one stone.
Ending same_stone_limit_loss(Side loser);
// `side` resigned.
Ending resignation(Side side);

// A game in progress: the moves, every position's key (for repetition), and its end once the
// rules (or a resignation) have ended it.
class Game {
 public:
  Game(Side first, EndRules rules);

  // A legal move (or pass) of the side to move, while the game goes on.
  void play(Move move);
  void resign(Side side);
  // Takes back the last `plies` plies (fewer when fewer were played).
  void take_back(std::size_t plies);

  const Position& position() const { return position_; }
  const std::vector<Move>& moves() const { return moves_; }
  Side first() const { return first_; }
  bool over() const { return ending_.has_value(); }
  const std::optional<Ending>& end() const { return ending_; }
  // Earlier positions, for the engine's repetition check (the current one excluded).
  std::vector<std::uint64_t> history() const { return {keys_.begin(), keys_.end() - 1}; }

 private:
  Side first_;
  EndRules rules_;
  Position position_;
  std::vector<Move> moves_;
  std::vector<std::uint64_t> keys_;  // every position so far
  std::map<std::uint64_t, int> seen_;
  std::optional<Ending> ending_;
};

}  // namespace boardgames::xigua

BOARDGAMES_API_END
