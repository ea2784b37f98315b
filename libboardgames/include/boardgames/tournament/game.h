// The games the tournament tools know, and what differs between them for scheduling and
// results: which colour moves first and so how the results CSV names its player columns.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class Game : std::uint8_t { shatar, go, xigua, chess };

// "shatar", "go", "xigua", "chess" (case-insensitive); nullopt for anything else.
std::optional<Game> parse_game(std::string_view name);
std::string_view game_name(Game game);

enum class Colour : std::uint8_t { white, black };

constexpr Colour operator~(Colour c) { return c == Colour::white ? Colour::black : Colour::white; }

// White moves first in Shatar and chess, Black in Go and Xigua.
constexpr Colour first_mover(Game game) {
  return game == Game::go || game == Game::xigua ? Colour::black : Colour::white;
}

// The two seats at a board, named for what they do: `first` moves first, `second` answers.
// Records, pairing rules (the Dutch system's "White" is the player who moves first) and
// writers speak of seats; colour_of() is the one place a game names them.
enum class Seat : std::uint8_t { first, second, none };

constexpr Seat opposite(Seat s) {
  return s == Seat::first ? Seat::second : s == Seat::second ? Seat::first : Seat::none;
}

// The colour of a seat in a game (first: White in Shatar and chess, Black in Go and Xigua).
// Only for Seat::first and Seat::second.
constexpr Colour colour_of(Game game, Seat seat) {
  return seat == Seat::first ? first_mover(game) : ~first_mover(game);
}

// The results CSV column of a colour: "white" or "black" (Shatar's Blue is written "black",
// as PGN does).
constexpr std::string_view colour_name(Colour c) { return c == Colour::white ? "white" : "black"; }

}  // namespace boardgames

BOARDGAMES_API_END
