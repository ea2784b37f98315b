#include "boardgames/go/drawing.h"

#include <fmt/format.h>

#include <algorithm>

namespace boardgames::go {

namespace {
constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

bool is_dead(const Score& score, Point p) {
  return std::find(score.dead.begin(), score.dead.end(), p) != score.dead.end();
}
}  // namespace

std::string board_diagram(const Board& board, const Score& score) {
  const int n = board.size();
  std::string header = "    ";
  for (int x = 0; x < n; ++x) {
    header += kColumns[static_cast<std::size_t>(x)];
    header += ' ';
  }
  std::string out = header + "\n";
  for (int y = 0; y < n; ++y) {
    std::string line = fmt::format("{:>3} ", n - y);
    for (int x = 0; x < n; ++x) {
      const Point p = board.point(x, y);
      const Stone s = board.at(p);
      char c = '.';
      if (s == Stone::black) {
        c = is_dead(score, p) ? 'x' : 'X';
      } else if (s == Stone::white) {
        c = is_dead(score, p) ? 'o' : 'O';
      } else {
        const Owner owner = score.owner[p];
        c = owner == Owner::black ? '+' : owner == Owner::white ? '-' : '.';
      }
      line += c;
      line += ' ';
    }
    line.pop_back();
    out += line + "\n";
  }
  // A comment line, so that the drawing reads back as a position (read_diagram).
  out += "# X O stones, x o dead stones, + Black's area, - White's area, . shared\n";
  return out;
}

std::string board_svg(const Board& board, const Score& score) {
  const int n = board.size();
  const int cell = 24;
  const int margin = 30;
  const int side = margin * 2 + cell * (n - 1);
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
      "height=\"{1}\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#dcb35c\"/>\n<g stroke=\"#222\" "
      "stroke-width=\"1\">\n",
      side, side + 24);
  for (int i = 0; i < n; ++i) {
    const int at = margin + i * cell;
    fmt::format_to(std::back_inserter(out), "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n",
                   margin, at, margin + cell * (n - 1), at);
    fmt::format_to(std::back_inserter(out), "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", at,
                   margin, at, margin + cell * (n - 1));
  }
  out += "</g>\n";
  for (int i = 0; i < n; ++i) {
    fmt::format_to(std::back_inserter(out),
                   "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" "
                   "font-family=\"sans-serif\">{}</text>\n",
                   margin + i * cell, margin - 14, kColumns[static_cast<std::size_t>(i)]);
    fmt::format_to(std::back_inserter(out),
                   "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\" "
                   "font-family=\"sans-serif\">{}</text>\n",
                   margin - 12, margin + i * cell + 4, n - i);
  }
  for (Point p : board.all_points()) {
    const int cx = margin + board.x_of(p) * cell;
    const int cy = margin + board.y_of(p) * cell;
    const Stone s = board.at(p);
    const bool dead = is_dead(score, p);
    if (s == Stone::black || s == Stone::white) {
      fmt::format_to(
          std::back_inserter(out),
          "<circle cx=\"{}\" cy=\"{}\" r=\"11\" fill=\"{}\" stroke=\"#000\" opacity=\"{}\"/>\n", cx,
          cy, s == Stone::black ? "#111" : "#f8f8f8", dead ? "0.45" : "1");
    }
    const Owner owner = score.owner[p];
    if ((s == Stone::empty || dead) && (owner == Owner::black || owner == Owner::white)) {
      fmt::format_to(std::back_inserter(out),
                     "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"{}\"/>\n", cx - 4,
                     cy - 4, owner == Owner::black ? "#111" : "#fff");
    }
  }
  fmt::format_to(std::back_inserter(out),
                 "<text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" "
                 "font-family=\"sans-serif\">{}</text>\n",
                 side / 2, side + 12, score.text());
  out += "</svg>\n";
  return out;
}

}  // namespace boardgames::go
