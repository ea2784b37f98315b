// A Shatar position drawn for the terminal, White at the bottom.
#pragma once

#include "boardgames/export.h"

#include <string>

#include "boardgames/shatar/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

// Unicode chess figures (♔ White, ♚ Blue) or ASCII letters (upper case White, lower case
// Blue), with file letters and rank numbers; the side to move below.
std::string board_diagram(const Position& position, bool unicode = true);

}  // namespace boardgames::shatar

BOARDGAMES_API_END
