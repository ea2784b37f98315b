#include "boardgames/io/point_options.h"

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/io/trf.h"
#include "boardgames/tournament/event.h"

namespace boardgames {

namespace {

Problem problem(std::string reason, std::string_view token) {
  Problem p;
  p.reason = std::move(reason);
  p.token = std::string(token);
  return p;
}

}  // namespace

Expected<Points> parse_points_value(std::string_view text, std::string_view what,
                                    std::int64_t maximum, PointsNotation notation) {
  // The words are those the tools have always used for each notation.
  const bool halves = notation == PointsNotation::halves;
  const auto value = halves ? Points::parse(text) : swiss::parse_tenths(text);
  if (!value) {
    return problem(halves ? fmt::format("{} '{}' is not a number of (half) points", what, text)
                          : fmt::format("{}: '{}' is not a number of points", what, text),
                   text);
  }
  if (*value < Points() || *value > Points::whole(maximum)) {
    return problem(fmt::format("{} {} is outside 0..{}", what, text, maximum), text);
  }
  return *value;
}

Expected<std::array<Points, 3>> parse_game_points(std::string_view text, std::string_view what,
                                                  PointsNotation notation) {
  const auto parts = split(text, ',');
  if (parts.size() != 3) return problem(fmt::format("{} needs three values: W,D,L", what), text);
  std::array<Points, 3> points;
  for (std::size_t i = 0; i < 3; ++i) {
    auto value = parse_points_value(parts[i], what, 1000, notation);
    if (!value) return value.problem();
    points[i] = *value;
  }
  if (!ordered_game_points(points[0], points[1], points[2])) {
    return problem(fmt::format("{} {}: a win must be worth more than a loss, and a draw between "
                               "the two",
                               what, text),
                   text);
  }
  return points;
}

}  // namespace boardgames
