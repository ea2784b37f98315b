#include "boardgames/go/game.h"

#include <fmt/format.h>

#include "boardgames/core/strings.h"

namespace boardgames::go {

namespace {
constexpr std::uint64_t kWhiteToMove = 0x9E3779B97F4A7C15ULL;
}

std::optional<KoRule> parse_ko_rule(std::string_view name) {
  if (iequals_ascii(name, "positional")) return KoRule::positional;
  if (iequals_ascii(name, "situational")) return KoRule::situational;
  if (iequals_ascii(name, "simple-ko") || iequals_ascii(name, "simple")) return KoRule::simple;
  return std::nullopt;
}

std::string IllegalMove::describe() const {
  switch (kind) {
    case Kind::off_board:
      return "the point is not on the board";
    case Kind::occupied:
      return "the point is occupied";
    case Kind::suicide:
      return "suicide: the stone (or its group) would have no liberty";
    case Kind::ko:
      return "ko: the stone just captured may not be retaken at once";
    case Kind::repetition:
      return repeats_move == 0
                 ? "it repeats the start position (whole-board repetition)"
                 : fmt::format("it repeats the position after move {} (whole-board repetition)",
                               repeats_move);
  }
  return "illegal";
}

Game::Game(int size, Rules rules) : board_(size), rules_(rules) {
  seen_[key(board_, Stone::black)] = 0;
}

std::uint64_t Game::key(const Board& board, Stone next) const {
  // Only the situational rule tells positions apart by the player to move.
  return board.hash() ^
         (rules_.ko == KoRule::situational && next == Stone::white ? kWhiteToMove : 0);
}

std::optional<IllegalMove> Game::check(Point p, Stone colour) const {
  if (p == kPass) return std::nullopt;
  if (!board_.on_board(p)) return IllegalMove{IllegalMove::Kind::off_board, 0};
  if (auto problem = board_.check(p, colour)) {
    if (*problem == Board::Problem::occupied) return IllegalMove{IllegalMove::Kind::occupied, 0};
    if (!rules_.suicide_allowed) return IllegalMove{IllegalMove::Kind::suicide, 0};
  }
  if (rules_.ko == KoRule::simple) {
    if (p == ko_point_) return IllegalMove{IllegalMove::Kind::ko, 0};
    return std::nullopt;
  }
  Board after = board_;
  after.play(p, colour);
  if (auto it = seen_.find(key(after, opponent(colour))); it != seen_.end()) {
    return IllegalMove{IllegalMove::Kind::repetition, it->second};
  }
  return std::nullopt;
}

void Game::play(Point p, Stone colour) {
  ++moves_;
  if (p == kPass) {
    ++passes_;
    ko_point_ = kPass;
  } else {
    passes_ = 0;
    Point single = kPass;
    const int captured = board_.play(p, colour, &single);
    // Simple ko: a single stone captured by a single stone that is left in atari.
    ko_point_ = (captured == 1 && board_.chain_size(p) == 1 && board_.in_atari(p)) ? single : kPass;
  }
  to_move_ = opponent(colour);
  seen_.emplace(key(board_, to_move_), moves_);
}

void Game::setup(Point p, Stone colour) { board_.set(p, colour); }

void Game::setup(const std::vector<Point>& points, Stone colour) { board_.setup(points, colour); }

void Game::setup_done() { seen_.emplace(key(board_, to_move_), moves_); }

}  // namespace boardgames::go
