#include "boardgames/xigua/drawing.h"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "boardgames/core/strings.h"

namespace boardgames::xigua {

namespace {

// Rows of the text layout: (column, point name).
struct Placed {
  int column;
  std::string_view name;
};
// Unused places have an empty name.
constexpr std::array<std::array<Placed, 7>, 7> kLayout = {{
    {{{14, "NNW"}, {24, "N3"}, {33, "NNE"}}},
    {{{6, "WNW"}, {24, "N2"}, {41, "ENE"}}},
    {{{24, "N1"}}},
    {{{0, "W3"}, {8, "W2"}, {16, "W1"}, {24, "C"}, {32, "E1"}, {40, "E2"}, {48, "E3"}}},
    {{{24, "S1"}}},
    {{{6, "WSW"}, {24, "S2"}, {41, "ESE"}}},
    {{{14, "SSW"}, {24, "S3"}, {33, "SSE"}}},
}};

std::string_view stone_at(const Position& position, Point p, bool unicode) {
  if (position.stones(Side::black) & bit(p)) return unicode ? "\u25CF" : "X";
  if (position.stones(Side::white) & bit(p)) return unicode ? "\u25CB" : "O";
  return unicode ? "\u00B7" : ".";
}

}  // namespace

std::string board_diagram(const Position& position, bool unicode) {
  std::string out;
  for (const auto& row : kLayout) {
    std::string line;
    int width = 0;  // display columns so far
    for (const Placed& placed : row) {
      if (placed.name.empty()) break;
      while (width < placed.column) {
        line += ' ';
        ++width;
      }
      const std::string label = fmt::format("{}({})", placed.name,
                                            stone_at(position, *parse_point(placed.name), unicode));
      line += label;
      width += static_cast<int>(placed.name.size()) + 3;
    }
    out += line + '\n';
  }
  out +=
      fmt::format("{} to move; captured: Black {}, White {}\n", side_name(position.side_to_move()),
                  position.captured_by(Side::black), position.captured_by(Side::white));
  return out;
}

std::string board_svg(const Position& position, const std::string& title) {
  constexpr double kCentre = 200;
  constexpr double kRadius = 160;
  auto x_of = [](Point p) { return kCentre + kRadius * coordinates(p).x; };
  auto y_of = [](Point p) { return kCentre - kRadius * coordinates(p).y; };
  auto at = [](std::string_view name) { return *parse_point(name); };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 {}\" width=\"400\" "
      "height=\"{}\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#f4e3b5\"/>\n"
      "<g fill=\"none\" stroke=\"#2b5d2b\" stroke-width=\"2\">\n",
      title.empty() ? 400 : 430, title.empty() ? 400 : 430);
  fmt::format_to(std::back_inserter(out), "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>\n", kCentre,
                 kCentre, kRadius);
  fmt::format_to(std::back_inserter(out), "<circle cx=\"{}\" cy=\"{}\" r=\"{:.1f}\"/>\n", kCentre,
                 kCentre, kRadius * kInnerRadius);
  fmt::format_to(std::back_inserter(out),
                 "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n",
                 x_of(at("N3")), y_of(at("N3")), x_of(at("S3")), y_of(at("S3")));
  fmt::format_to(std::back_inserter(out),
                 "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\"/>\n",
                 x_of(at("W3")), y_of(at("W3")), x_of(at("E3")), y_of(at("E3")));
  // Each arc is the circle through its two rim ends and its middle point.
  for (auto [a, m, b] : {std::array<std::string_view, 3>{"NNW", "N2", "NNE"},
                         {"ENE", "E2", "ESE"},
                         {"SSE", "S2", "SSW"},
                         {"WSW", "W2", "WNW"}}) {
    const double x1 = x_of(at(a)), y1 = y_of(at(a));
    const double x2 = x_of(at(m)), y2 = y_of(at(m));
    const double x3 = x_of(at(b)), y3 = y_of(at(b));
    const double d = 2 * (x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2));
    const double ux = ((x1 * x1 + y1 * y1) * (y2 - y3) + (x2 * x2 + y2 * y2) * (y3 - y1) +
                       (x3 * x3 + y3 * y3) * (y1 - y2)) /
                      d;
    const double uy = ((x1 * x1 + y1 * y1) * (x3 - x2) + (x2 * x2 + y2 * y2) * (x1 - x3) +
                       (x3 * x3 + y3 * y3) * (x2 - x1)) /
                      d;
    const double r = std::hypot(x1 - ux, y1 - uy);
    // Through the middle point: the short arc, drawn so that it bows toward the centre.
    const double cross = (x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1);
    fmt::format_to(std::back_inserter(out),
                   "<path d=\"M {:.1f} {:.1f} A {:.1f} {:.1f} 0 0 {} {:.1f} {:.1f}\"/>\n", x1, y1,
                   r, r, cross > 0 ? 0 : 1, x3, y3);
  }
  out += "</g>\n";
  for (Point p = 0; p < kPoints; ++p) {
    const bool black = position.stones(Side::black) & bit(p);
    const bool white = position.stones(Side::white) & bit(p);
    if (black || white) {
      fmt::format_to(std::back_inserter(out),
                     "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"13\" fill=\"{}\" stroke=\"#111\" "
                     "stroke-width=\"1.5\"/>\n",
                     x_of(p), y_of(p), black ? "#111" : "#fafafa");
    } else {
      fmt::format_to(std::back_inserter(out),
                     "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"#2b5d2b\"/>\n", x_of(p),
                     y_of(p));
    }
    fmt::format_to(std::back_inserter(out),
                   "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"10\" "
                   "fill=\"#7a2020\">{}</text>\n",
                   x_of(p) + 12, y_of(p) - 12, point_name(p));
  }
  if (!title.empty()) {
    out +=
        "<text x=\"200\" y=\"418\" text-anchor=\"middle\" font-family=\"sans-serif\" "
        "font-size=\"14\">";
    append_markup_escaped(title, out);
    out += "</text>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace boardgames::xigua
