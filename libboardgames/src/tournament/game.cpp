#include "boardgames/tournament/game.h"

#include "boardgames/core/strings.h"

namespace boardgames {

std::optional<Game> parse_game(std::string_view name) {
  if (iequals_ascii(name, "shatar")) return Game::shatar;
  if (iequals_ascii(name, "go")) return Game::go;
  if (iequals_ascii(name, "xigua")) return Game::xigua;
  if (iequals_ascii(name, "chess")) return Game::chess;
  return std::nullopt;
}

std::string_view game_name(Game game) {
  switch (game) {
    case Game::shatar:
      return "shatar";
    case Game::go:
      return "go";
    case Game::xigua:
      return "xigua";
    case Game::chess:
      return "chess";
  }
  return "?";
}

}  // namespace boardgames
