// The Xigua engine: iterative deepening negamax alpha-beta (fail-soft), a transposition table
// keyed by the position's Zobrist key (which includes the same-stone counters), move ordering
// (table move, captures, history), repetition as a draw along the line and the game.
#pragma once

#include "boardgames/export.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "boardgames/core/random.h"
#include "boardgames/xigua/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

struct SearchLimits {
  int depth = 6;         // maximum depth (plies)
  int milliseconds = 0;  // time budget; 0 = none (depth only)
};

struct SearchInfo {
  int depth = 0;
  int score = 0;  // centi-stones from the side to move; ±(kWinScore - plies) for a won game
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<Move> pv;
};

// Scores of decided games.
inline constexpr int kWinScore = 100000;

// A static evaluation from the side to move: captures, stones in atari, mobility.
int evaluate(const Position& position);

class Engine {
 public:
  explicit Engine(std::size_t table_entries = 1 << 20);

  // The best move (a pass when there is nothing else). `history` holds the keys of the
  // game's earlier positions (for repetition); `report` is called after every finished depth.
  SearchInfo search(const Position& position, const SearchLimits& limits,
                    const std::vector<std::uint64_t>& history = {},
                    const std::function<void(const SearchInfo&)>& report = {});

  void clear();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int32_t score = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;  // 1 exact, 2 lower, 3 upper
    Move move;
  };
  int negamax(const Position& position, int depth, int alpha, int beta, int ply);
  std::vector<Move> principal_variation(Position position, int length);
  bool out_of_time();

  std::vector<Entry> table_;
  std::vector<std::uint64_t> path_;  // keys from the game start to the current node
  std::uint32_t history_scores_[kPoints][kPoints]{};
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::chrono::steady_clock::time_point deadline_;
  bool timed_ = false;
};

// A uniformly random legal move (a pass when there is none), for tests and openings.
Move random_move(const Position& position, Random& random);

}  // namespace boardgames::xigua

BOARDGAMES_API_END
