// Points as the tools' options give them (--points W,D,L, --bye-points, --max-score): read and
// checked here, so that every tool accepts the same texts and refuses them in the same words.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <string_view>

#include "boardgames/core/points.h"
#include "boardgames/core/problem.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// How the points are written: whole and half points (Points::parse: "2.5", "2½"), or one
// decimal as a TRF writes them (swiss::parse_tenths: "1.3").
enum class PointsNotation : std::uint8_t { halves, tenths };

// One number of points from 0 to `maximum` points; `what` (the option) names it in the
// Problem's reason.
Expected<Points> parse_points_value(std::string_view text, std::string_view what,
                                    std::int64_t maximum, PointsNotation notation);

// W,D,L: three numbers of points from 0 to 1,000, a win worth more than a loss and a draw
// between the two (ordered_game_points).
Expected<std::array<Points, 3>> parse_game_points(std::string_view text, std::string_view what,
                                                  PointsNotation notation);

}  // namespace boardgames

BOARDGAMES_API_END
