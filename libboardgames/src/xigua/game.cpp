#include "boardgames/xigua/game.h"

#include <fmt/format.h>

#include <algorithm>

namespace boardgames::xigua {

std::string describe(const Ending& ending) {
  switch (ending.reason) {
    case EndReason::four_captured:
      return "4 stones captured";
    case EndReason::same_stone_limit:
      return "the fifth consecutive move of one stone loses";
    case EndReason::repetition:
      return "the same position a third time";
    case EndReason::move_limit:
      return fmt::format("move limit ({} plies): stones on the board {}-{}", ending.max_plies,
                         ending.black_stones, ending.white_stones);
    case EndReason::resignation:
      return fmt::format("{} resigned", side_name(~ending.winner.value_or(Side::white)));
  }
  return {};
}

std::optional<Ending> ending(const Position& position, int repetitions, int plies,
                             const EndRules& rules) {
  if (auto winner = position.winner()) {
    Ending end;
    end.reason = EndReason::four_captured;
    end.winner = winner;
    return end;
  }
  if (rules.repetition_draw && repetitions >= 3) {
    Ending end;
    end.reason = EndReason::repetition;
    return end;
  }
  if (rules.max_plies > 0 && plies >= rules.max_plies) {
    Ending end;
    end.reason = EndReason::move_limit;
    end.max_plies = rules.max_plies;
    end.black_stones = position.count(Side::black);
    end.white_stones = position.count(Side::white);
    if (end.black_stones != end.white_stones) {
      end.winner = end.black_stones > end.white_stones ? Side::black : Side::white;
    }
    return end;
  }
  return std::nullopt;
}

Ending same_stone_limit_loss(Side loser) {
  Ending end;
  end.reason = EndReason::same_stone_limit;
  end.winner = ~loser;
  return end;
}

Ending resignation(Side side) {
  Ending end;
  end.reason = EndReason::resignation;
  end.winner = ~side;
  return end;
}

Game::Game(Side first, EndRules rules)
    : first_(first), rules_(rules), position_(Position::start(first)) {
  keys_.push_back(position_.key());
  seen_[position_.key()] = 1;
}

void Game::play(Move move) {
  position_ = position_.after(move);
  moves_.push_back(move);
  keys_.push_back(position_.key());
  const int repetitions = ++seen_[position_.key()];
  ending_ = ending(position_, repetitions, static_cast<int>(moves_.size()), rules_);
}

void Game::resign(Side side) { ending_ = resignation(side); }

void Game::take_back(std::size_t plies) {
  const std::size_t back = std::min(plies, moves_.size());
  const std::vector<Move> keep(moves_.begin(), moves_.end() - static_cast<std::ptrdiff_t>(back));
  Game replay(first_, rules_);
  for (Move m : keep) replay.play(m);
  *this = std::move(replay);
}

}  // namespace boardgames::xigua
