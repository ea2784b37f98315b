#include "boardgames/go/record.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "boardgames/core/strings.h"

namespace boardgames::go {

std::optional<Eighths> parse_komi_points(std::string_view text) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const std::string copy(text);
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
  double points = value;
  // Servers write komi ×100 ("750" for 7.5); no real komi is 100 points or more.
  if (std::fabs(points) >= 100) points /= 100;
  // Beyond that it is no komi at all (and would overflow the count).
  if (std::fabs(points) >= 1000) return std::nullopt;
  // A point is 4 eighths of a stone; keep quarter points.
  return static_cast<Eighths>(std::llround(points * 4));
}

namespace {

// SGF point lists: "dd", and FF[4] rectangles "dd:fg".
std::vector<Point> points_of(const Board& board, const std::vector<std::string>& values) {
  std::vector<Point> out;
  for (const std::string& v : values) {
    const auto colon = v.find(':');
    if (colon == std::string::npos) {
      if (auto p = board.parse_sgf(v)) out.push_back(*p);
      continue;
    }
    auto a = board.parse_sgf(std::string_view(v).substr(0, colon));
    auto b = board.parse_sgf(std::string_view(v).substr(colon + 1));
    if (!a || !b) continue;
    for (int y = std::min(board.y_of(*a), board.y_of(*b)); y <= std::max(board.y_of(*a), board.y_of(*b)); ++y) {
      for (int x = std::min(board.x_of(*a), board.x_of(*b)); x <= std::max(board.x_of(*a), board.x_of(*b)); ++x) {
        out.push_back(board.point(x, y));
      }
    }
  }
  return out;
}

}  // namespace

Replay replay_sgf(const SgfGame& sgf, const Rules& rules) {
  Replay r;
  const SgfNode& root = sgf.main_line.front();
  if (auto size = root.value("SZ"); !size.empty()) {
    const auto colon = size.find(':');
    auto n = parse_integer(trim(size.substr(0, colon)));
    if (n && *n >= Board::kMinSize && *n <= Board::kMaxSize) r.size = static_cast<int>(*n);
  }
  r.black = std::string(root.value("PB"));
  r.white = std::string(root.value("PW"));
  r.result = std::string(trim(root.value("RE")));
  r.komi_text = std::string(root.value("KM"));
  r.komi = parse_komi_points(r.komi_text);
  if (auto ha = parse_integer(trim(root.value("HA")))) r.handicap = static_cast<int>(*ha);
  Game game(r.size, rules);
  bool setup_pending = false;
  for (const SgfNode& node : sgf.main_line) {
    for (const SgfProperty& property : node.properties) {
      const std::string& name = property.name;
      if (name == "AB" || name == "AW" || name == "AE") {
        const Stone colour = name == "AB" ? Stone::black : name == "AW" ? Stone::white : Stone::empty;
        for (Point p : points_of(game.board(), property.values)) game.setup(p, colour);
        setup_pending = true;
      } else if (name == "PL") {
        const std::string_view v = property.values.empty() ? std::string_view{} : std::string_view(property.values.front());
        if (!v.empty()) game.set_to_move(v[0] == 'W' || v[0] == 'w' ? Stone::white : Stone::black);
      }
    }
    if (setup_pending) {
      game.setup_done();
      setup_pending = false;
      // After handicap stones White moves first unless PL says otherwise.
      if (node.find("AB") && !node.find("AW") && !node.find("PL") && game.moves_played() == 0 && r.handicap > 1) {
        game.set_to_move(Stone::white);
      }
    }
    for (const SgfProperty& property : node.properties) {
      if (property.name != "B" && property.name != "W") continue;
      const Stone colour = property.name == "B" ? Stone::black : Stone::white;
      const std::string_view v = property.values.empty() ? std::string_view{} : std::string_view(property.values.front());
      Point p = kPass;
      if (!(v.empty() || (v == "tt" && r.size <= 19))) {
        auto parsed = game.board().parse_sgf(v);
        if (!parsed) {
          r.legal = false;
          r.error_move = game.moves_played() + 1;
          r.error_colour = colour;
          r.error_point = std::string(v);
          r.reason = fmt::format("'{}' is not a point of a {}×{} board", v, r.size, r.size);
          r.error_line = node.line;
          r.error_column = node.column;
          break;
        }
        p = *parsed;
      }
      if (auto illegal = game.check(p, colour)) {
        r.legal = false;
        r.error_move = game.moves_played() + 1;
        r.error_colour = colour;
        r.error_point = game.board().name(p);
        r.reason = illegal->describe();
        r.error_line = node.line;
        r.error_column = node.column;
        break;
      }
      game.play(p, colour);
    }
    if (!r.legal) break;
  }
  r.moves = game.moves_played();
  r.board = game.board();
  r.to_move = game.to_move();
  // Marks in the last node of the main line.
  const SgfNode& last = sgf.main_line.back();
  std::vector<Point> dead;
  for (const SgfProperty& property : last.properties) {
    const std::string& name = property.name;
    if (name == "MA" || name == "DS" || name == "TB" || name == "TW") {
      r.has_marks = true;
      for (Point p : points_of(r.board, property.values)) {
        const Stone s = r.board.at(p);
        const bool stone = s == Stone::black || s == Stone::white;
        // Territory marks on stones mark them dead (the owner's territory covers them).
        if ((name == "MA" || name == "DS") && stone) dead.push_back(p);
        if (name == "TB" && s == Stone::white) dead.push_back(p);
        if (name == "TW" && s == Stone::black) dead.push_back(p);
      }
    }
  }
  std::sort(dead.begin(), dead.end());
  dead.erase(std::unique(dead.begin(), dead.end()), dead.end());
  r.marked_dead = dead;
  return r;
}

namespace {

// A coordinate line as `--show` prints it ("A B C D E F G H J"): the column letters in order.
bool is_column_header(std::string_view line) {
  static constexpr std::string_view kLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  std::size_t next = 0;
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (next >= kLetters.size() || c != kLetters[next]) return false;
    ++next;
  }
  return next >= 2;
}

}  // namespace

std::optional<Replay> read_diagram(std::string_view text, DiagramError& error) {
  struct Row {
    std::string points;
    std::uint32_t line;
  };
  std::vector<Row> rows;
  std::uint32_t line_number = 0;
  for (std::string_view line : split(text, '\n')) {
    ++line_number;
    if (is_column_header(line) || trim(line).starts_with('#')) continue;
    // Row numbers, as `--show` prints them, may stand at either end of a row.
    std::size_t first = 0;
    std::size_t last = line.size();
    while (first < last && (line[first] == ' ' || line[first] == '\t' || (line[first] >= '0' && line[first] <= '9'))) ++first;
    while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t' || line[last - 1] == '\r' ||
                            (line[last - 1] >= '0' && line[last - 1] <= '9'))) --last;
    Row row{"", line_number};
    for (std::size_t k = first; k < last; ++k) {
      const char c = line[k];
      if (c == ' ' || c == '\t' || c == '\r') continue;
      if (c != '.' && c != 'X' && c != 'O' && c != 'x' && c != 'o' && c != '+' && c != '-') {
        error = {fmt::format("'{}' is not a board point ('.', 'X', 'O'; lower case for dead stones)", c), line_number,
                 static_cast<std::uint32_t>(k + 1)};
        return std::nullopt;
      }
      row.points += c;
    }
    if (!row.points.empty()) rows.push_back(std::move(row));
  }
  const int size = static_cast<int>(rows.size());
  if (size < Board::kMinSize || size > Board::kMaxSize) {
    error = {fmt::format("a board of {} rows (2 to 25 are possible)", size), line_number, 1};
    return std::nullopt;
  }
  Replay r;
  r.size = size;
  r.board = Board(size);
  for (int y = 0; y < size; ++y) {
    const Row& row = rows[static_cast<std::size_t>(y)];
    if (static_cast<int>(row.points.size()) != size) {
      error = {fmt::format("row {} has {} points, the board is {}×{}", y + 1, row.points.size(), size, size), row.line, 1};
      return std::nullopt;
    }
    for (int x = 0; x < size; ++x) {
      const char c = row.points[static_cast<std::size_t>(x)];
      const Point p = r.board.point(x, y);
      if (c == 'X' || c == 'x') r.board.set(p, Stone::black);
      if (c == 'O' || c == 'o') r.board.set(p, Stone::white);
      if (c == 'x' || c == 'o') {
        r.marked_dead.push_back(p);
        r.has_marks = true;
      }
    }
  }
  return r;
}

}  // namespace boardgames::go
