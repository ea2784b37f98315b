// The Xigua (watermelon chess) board as data: 21 named points, 36 edges, drawing coordinates.
//
// A circle with two perpendicular diameters, a small central circle and four arcs near the rim
// (spec/xigua.md). Points are numbered 0..20 and a set of points is a 32-bit mask, so a
// position is two masks and a neighbourhood is one table look-up per point.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

using Point = std::uint8_t;
using PointSet = std::uint32_t;
constexpr int kPoints = 21;
constexpr Point kNoPoint = 31;
constexpr PointSet kAllPoints = (PointSet{1} << kPoints) - 1;
constexpr PointSet bit(Point p) { return PointSet{1} << p; }

// Names in point order: the centre, the inner circle, the arc middles, the rim on the
// diameters, then the rim arc ends clockwise from north.
inline constexpr std::array<std::string_view, kPoints> kPointNames = {
    "C",  "N1", "E1",  "S1",  "W1",  "N2",  "E2",  "S2",  "W2",  "N3", "E3",
    "S3", "W3", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"};

constexpr std::string_view point_name(Point p) { return p < kPoints ? kPointNames[p] : "?"; }
// "N2", "nne" (case-insensitive) → the point; nullopt otherwise.
std::optional<Point> parse_point(std::string_view name);

namespace detail {
constexpr Point id(std::string_view name) {
  for (std::size_t i = 0; i < kPointNames.size(); ++i) {
    if (kPointNames[i] == name) return static_cast<Point>(i);
  }
  return kNoPoint;
}

struct Edge {
  std::string_view a;
  std::string_view b;
};

// The 36 edges: 12 on the rim, 8 on the arcs, 12 on the diameters, 4 on the inner circle.
inline constexpr std::array<Edge, 36> kEdges = {{
    {"N3", "NNE"}, {"NNE", "ENE"}, {"ENE", "E3"}, {"E3", "ESE"}, {"ESE", "SSE"}, {"SSE", "S3"},
    {"S3", "SSW"}, {"SSW", "WSW"}, {"WSW", "W3"}, {"W3", "WNW"}, {"WNW", "NNW"}, {"NNW", "N3"},
    {"N2", "NNE"}, {"N2", "NNW"},  {"E2", "ENE"}, {"E2", "ESE"}, {"S2", "SSE"},  {"S2", "SSW"},
    {"W2", "WSW"}, {"W2", "WNW"},  {"N3", "N2"},  {"N2", "N1"},  {"N1", "C"},    {"E3", "E2"},
    {"E2", "E1"},  {"E1", "C"},    {"S3", "S2"},  {"S2", "S1"},  {"S1", "C"},    {"W3", "W2"},
    {"W2", "W1"},  {"W1", "C"},    {"N1", "E1"},  {"E1", "S1"},  {"S1", "W1"},   {"W1", "N1"},
}};

constexpr std::array<PointSet, kPoints> make_neighbours() {
  std::array<PointSet, kPoints> n{};
  for (const Edge& e : kEdges) {
    const Point a = id(e.a);
    const Point b = id(e.b);
    n[a] |= bit(b);
    n[b] |= bit(a);
  }
  return n;
}
}  // namespace detail

inline constexpr std::array<PointSet, kPoints> kNeighbours = detail::make_neighbours();

constexpr PointSet neighbours(Point p) { return kNeighbours[p]; }
// The points next to any point of a set.
constexpr PointSet neighbours(PointSet set) {
  PointSet out = 0;
  for (PointSet s = set; s; s &= s - 1)
    out |= kNeighbours[static_cast<std::size_t>(__builtin_ctz(s))];
  return out;
}
// The group (same-coloured stones joined by edges) of the stone on `start` within `stones`.
constexpr PointSet group_of(Point start, PointSet stones) {
  PointSet group = bit(start);
  PointSet frontier = group;
  while (frontier) {
    const PointSet grown = neighbours(frontier) & stones & ~group;
    group |= grown;
    frontier = grown;
  }
  return group;
}

// Where a point is drawn, on a board of radius 1 centred at the origin, y pointing north.
struct Coordinates {
  double x;
  double y;
};
Coordinates coordinates(Point p);
// The radius of the inner circle, of the arc middles' distance from the centre.
inline constexpr double kInnerRadius = 0.3;
inline constexpr double kArcMiddle = 0.62;

}  // namespace boardgames::xigua

BOARDGAMES_API_END
