// GameResult: what one row of the results CSV says happened.
//
// Results are kept by colour (the player in the `white` column, the player in the `black`
// column), never by column position: a token such as `1-0` is read in the order the two
// player columns appear in the file's header, so `black,white` files (Go, Xigua) and
// `white,black` files (Shatar, chess) are both read correctly.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "boardgames/tournament/game.h"

namespace boardgames {

enum class GameResult : std::uint8_t {
  pending,  // empty result: not yet played
  white_wins,
  black_wins,
  draw,
  white_wins_by_forfeit,  // `+-` when white's column comes first
  black_wins_by_forfeit,
  double_forfeit,  // `--`: neither player appeared
  // Rows with one player:
  pairing_bye,     // `bye`: allocated by the pairing, worth what the regulations say
  half_point_bye,  // `H`
  zero_point_bye,  // `Z`
  full_point_bye,  // `F`
};

constexpr bool is_bye(GameResult r) {
  return r == GameResult::pairing_bye || r == GameResult::half_point_bye ||
         r == GameResult::zero_point_bye || r == GameResult::full_point_bye;
}

// The result of a game row, with `first_column` the colour of the player column that comes
// first in the header. Accepts `1-0 0-1 ½-½ 1/2-1/2 0.5-0.5 = +- -+ --` (`:` for `-` too),
// Go/SGF `B+R B+Resign B+T B+Time B+F B+Forfeit B+3.5 W+…`, `0`/`Draw`/`Jigo` for a draw,
// and "" (pending). Case-insensitive. nullopt for anything else, including bye tokens.
std::optional<GameResult> parse_game_result(std::string_view token, Colour first_column);

// The result of a bye row: `bye`/`PAB`/`U`, `H`, `Z`, `F` (case-insensitive); nullopt
// otherwise.
std::optional<GameResult> parse_bye_result(std::string_view token);

// The canonical token, in the column order given (`1-0`, `½-½`, `+-`, `bye`, `H`, "" ...).
std::string_view result_token(GameResult result, Colour first_column);

}  // namespace boardgames
