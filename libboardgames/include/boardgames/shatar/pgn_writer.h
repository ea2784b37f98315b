// Writing a Shatar game as PGN: the tag pairs (core/tag_pair.h, values escaped), a blank line,
// the moves numbered from the start position in clean notation, wrapped at 80 columns, and the
// result; a blank line after the game.
#pragma once

#include "boardgames/export.h"

#include <string>
#include <string_view>
#include <vector>

#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

enum class Notation : std::uint8_t {
  short_algebraic,  // "Nf3", "exd5", "a8=Q", "Qxf7#"
  long_algebraic,   // "Ng1-f3", "e2-e4", "Nf3:d4"
};

// Appends the game to `out`: `tags` in their order, `moves` (legal from `start`) in `notation`,
// `result` as written ("*" when empty).
void write_pgn_game(const std::vector<PgnTag>& tags, const Position& start,
                    const std::vector<Move>& moves, std::string_view result, Notation notation,
                    std::string& out);

}  // namespace boardgames::shatar

BOARDGAMES_API_END
