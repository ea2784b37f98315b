// Pictures of a scored Go board: a text diagram (X O stones, x o dead stones, + Black's area,
// - White's area, . shared points) and a standalone SVG.
#pragma once

#include "boardgames/export.h"

#include <string>

#include "boardgames/go/board.h"
#include "boardgames/go/score.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

// The column letters, a row a line (numbered at both ends), the legend as a '#' line: all of it
// reads back (read_diagram) as the same position with the same stones marked dead.
std::string board_diagram(const Board& board, const Score& score);
std::string board_svg(const Board& board, const Score& score);

}  // namespace boardgames::go

BOARDGAMES_API_END
