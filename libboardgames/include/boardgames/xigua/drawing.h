// Pictures of a Xigua position: a text diagram with point names for the terminal, and an SVG
// of the real round board for print and the web.
#pragma once

#include "boardgames/export.h"

#include <string>

#include "boardgames/xigua/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

// Every point as NAME(stone), laid out as on the board: ● Black, ○ White, · empty (Unicode), or
// X, O, . (ASCII).
std::string board_diagram(const Position& position, bool unicode = true);

// A standalone SVG picture: the circle, diameters, inner circle and the four arcs, the stones,
// and the point names; `title` goes under the board.
std::string board_svg(const Position& position, const std::string& title = "");

}  // namespace boardgames::xigua

BOARDGAMES_API_END
