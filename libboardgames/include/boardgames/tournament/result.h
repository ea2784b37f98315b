// GameResult: what one row of the results CSV says happened.
//
// Results are kept by colour (the player in the `white` column, the player in the `black`
// column), never by column position: a token such as `1-0` is read in the order the two
// player columns appear in the file's header, so `black,white` files (Go, Xigua) and
// `white,black` files (Shatar, chess) are both read correctly.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "boardgames/tournament/game.h"

BOARDGAMES_API_BEGIN

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
// Go/SGF `B+R B+Resign B+T B+Time B+F B+Forfeit B+3.5 W+…`, `Draw`/`Jigo` for a draw, `0`
// (SGF's RE[0]) for a draw in Go or where the game is not known (in a Shatar, Xigua or chess
// file a bare 0 is a score more likely than a draw: nullopt), and "" (pending).
// Case-insensitive. nullopt for anything else, including bye tokens.
std::optional<GameResult> parse_game_result(std::string_view token, Colour first_column,
                                            std::optional<Game> game = std::nullopt);

// The result of a bye row: `bye`/`PAB`/`U`, `H`, `Z`, `F` (case-insensitive); nullopt
// otherwise.
std::optional<GameResult> parse_bye_result(std::string_view token);

// The canonical token, in the column order given (`1-0`, `½-½`, `+-`, `bye`, `H`, "" ...).
std::string_view result_token(GameResult result, Colour first_column);

// What a row of the results CSV may hold. The reader refuses anything outside these ranges, and
// EventBuilder refuses such a row from any other source, so no number read from a file can
// size an allocation or overflow a counter:
//   round    1..kMaxRound (every round costs memory for every participant; the rounds an event
//            can have are bounded further by its rows, see EventBuilder)
//   board    1..kMaxBoard (0: not given), match 1..kMaxBoard (0: not given)
//   game     1..kMaxGame (a match of up to 32 games a round)
//   warnings 0..kMaxWarnings per player and game
//   numbers  1..kMaxNumber (0: not given), the draw numbers rr-schedule writes
//   seeds    1..kMaxSeed (0: unseeded or not given), a knock-out's seed ranks
inline constexpr int kMaxRound = 100'000;
inline constexpr int kMaxBoard = 1'000'000;
inline constexpr int kMaxGame = 32;
inline constexpr int kMaxWarnings = 1'000;
inline constexpr int kMaxNumber = 1'000'000;
inline constexpr int kMaxSeed = 1'024;  // knockout::kMaxEntrants

// One row of the results CSV: a game, or a bye (one player named).
struct ResultRow {
  std::uint32_t line = 0;  // where the row starts in its file
  int round = 0;
  int board = 0;      // 0: not given
  int game = 1;       // game number within a multi-game match
  int match = 0;      // 0: not given
  std::string white;  // players as written (id or name); empty for the absent side of a bye
  std::string black;
  GameResult result = GameResult::pending;
  int white_warnings = 0;
  int black_warnings = 0;
  std::string white_team;
  std::string black_team;
  // Draw numbers (`white_number`, `black_number`; in team events `white_team_number`,
  // `black_team_number`, the teams' numbers); 0 when not given.
  int white_number = 0;
  int black_number = 0;
  int white_team_number = 0;
  int black_team_number = 0;
  // A knock-out's seed ranks (`white_seed`, `black_seed`, as knockout writes them); 0 for an
  // unseeded player or when not given.
  int white_seed = 0;
  int black_seed = 0;
  std::string group;  // group stages: the row's group (`group` column); empty when not given
  // Go: the game's handicap stones (`handicap` column, 0..9; 0 an even game or not given).
  int handicap = 0;
  // Columns of the fields, for diagnostics that point at them.
  std::uint32_t white_column = 0;
  std::uint32_t black_column = 0;
  std::uint32_t result_column = 0;
  std::uint32_t white_seed_column = 0;
  std::uint32_t black_seed_column = 0;

  bool is_bye() const { return white.empty() || black.empty(); }
  const std::string& player(Colour c) const { return c == Colour::white ? white : black; }
  const std::string& team(Colour c) const { return c == Colour::white ? white_team : black_team; }
  int warnings(Colour c) const { return c == Colour::white ? white_warnings : black_warnings; }
  int number(Colour c) const { return c == Colour::white ? white_number : black_number; }
  int seed(Colour c) const { return c == Colour::white ? white_seed : black_seed; }
  std::uint32_t seed_column(Colour c) const {
    return c == Colour::white ? white_seed_column : black_seed_column;
  }
  int team_number(Colour c) const {
    return c == Colour::white ? white_team_number : black_team_number;
  }
};

}  // namespace boardgames

BOARDGAMES_API_END
