#include "boardgames/go/record.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames::go {

std::string_view status_name(GameStatus status) {
  switch (status) {
    case GameStatus::ok:
      return "ok";
    case GameStatus::unfinished:
      return "unfinished";
    case GameStatus::illegal:
      return "illegal";
    case GameStatus::unreadable:
      return "unreadable";
  }
  return "unreadable";
}

GameStatus game_status(const Replay& replay, const Score* score) {
  if (replay.status != GameStatus::ok) return replay.status;
  if (score && (score->open_border() || score->territory_too_large()))
    return GameStatus::unfinished;
  return GameStatus::ok;
}

std::optional<Eighths> parse_komi_points(std::string_view text, bool* in_stones) {
  if (in_stones != nullptr) *in_stones = false;
  text = trim(text);
  if (text.starts_with('+')) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  // from_chars: no locale, no hexadecimal; "nan" and "inf" are read and refused below.
  double value = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (problem != std::errc{} || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  double points = value;
  // Servers write komi ×100 ("750" for 7.5); no real komi is 100 points or more. Chinese
  // servers write it in stones ×100 ("375": 3¾ stones, the Chinese komi): hundredths of 4 or
  // less are stones, since no server's even game gives 4 points or less.
  if (std::fabs(points) >= 100) {
    points /= 100;
    if (std::fabs(points) <= 4) {
      points *= 2;
      if (in_stones != nullptr) *in_stones = true;
    }
  }
  // Beyond that it is no komi at all (and would overflow the count).
  if (std::fabs(points) >= 1000) return std::nullopt;
  // Quarter points are eighths of a stone; anything finer is no komi.
  return komi_from_points(points);
}

namespace {

// Why the board did not take a point value: letters beyond the board, or not two letters at all
// (" cc", "c3"); a compressed list or pair "aa:cc" is two points, an LB label "cc:text" one.
std::string point_fault(std::string_view v, int size, bool label = false) {
  const auto two_letters = [](std::string_view p) {
    return p.size() == 2 && std::isalpha(static_cast<unsigned char>(p[0])) != 0 &&
           std::isalpha(static_cast<unsigned char>(p[1])) != 0;
  };
  const auto colon = v.find(':');
  const bool letters =
      colon == std::string_view::npos
          ? two_letters(v)
          : two_letters(v.substr(0, colon)) && (label || two_letters(v.substr(colon + 1)));
  const char last = static_cast<char>('a' + size - 1);
  return letters ? fmt::format("not a point of the {}×{} board", size, size)
                 : fmt::format("malformed: a point is two letters, aa to {}{}", last, last);
}

// Properties whose values are points: lists (a point "dd" or an FF[4] rectangle "dd:fg"),
// pairs of points ("dd:ee"), and labels ("dd:text").
bool is_point_list(std::string_view name) {
  static constexpr std::string_view kLists[] = {"AB", "AW", "AE", "MA", "DS", "TB", "TW",
                                                "CR", "SQ", "TR", "SL", "DD", "VW"};
  return std::find(std::begin(kLists), std::end(kLists), name) != std::end(kLists);
}
bool is_point_pair(std::string_view name) { return name == "AR" || name == "LN"; }

// A point-list value: every point it names, or nullopt if it names a point off the board (or
// is no point at all). An empty value names none.
std::optional<std::vector<Point>> list_points(const Board& board, std::string_view v) {
  std::vector<Point> out;
  if (v.empty()) return out;
  const auto colon = v.find(':');
  if (colon == std::string_view::npos) {
    auto p = board.parse_sgf(v);
    if (!p) return std::nullopt;
    out.push_back(*p);
    return out;
  }
  auto a = board.parse_sgf(v.substr(0, colon));
  auto b = board.parse_sgf(v.substr(colon + 1));
  if (!a || !b) return std::nullopt;
  for (int y = std::min(board.y_of(*a), board.y_of(*b));
       y <= std::max(board.y_of(*a), board.y_of(*b)); ++y) {
    for (int x = std::min(board.x_of(*a), board.x_of(*b));
         x <= std::max(board.x_of(*a), board.x_of(*b)); ++x) {
      out.push_back(board.point(x, y));
    }
  }
  return out;
}

// B[] and, on boards up to 19×19, B[tt] are passes (FF[3]); on larger boards tt is a point.
bool is_pass(std::string_view v, int size) { return v.empty() || (v == "tt" && size <= 19); }

// SZ: "19" or "19:19"; the size, or why not.
std::optional<int> board_size(const SgfProperty& sz, std::string& why) {
  const std::string shown = fmt::format("SZ[{}]", excerpt(sz.values.front(), 20));
  if (sz.values.size() != 1) {
    why = fmt::format("SZ has {} values: one board size is expected", sz.values.size());
    return std::nullopt;
  }
  const std::string_view text = sz.values.front();
  const auto colon = text.find(':');
  const auto columns = parse_integer(trim(text.substr(0, colon)));
  const auto rows =
      colon == std::string_view::npos ? columns : parse_integer(trim(text.substr(colon + 1)));
  if (!columns || !rows) {
    why = fmt::format("{} is not a board size", shown);
    return std::nullopt;
  }
  if (*columns != *rows) {
    why = fmt::format("{} is a rectangular board: only square boards are played, 2×2 to {}×{}",
                      shown, Board::kMaxSize, Board::kMaxSize);
    return std::nullopt;
  }
  if (*columns < Board::kMinSize || *columns > Board::kMaxSize) {
    why = fmt::format("{} is not a board size played: {}×{} to {}×{}", shown, Board::kMinSize,
                      Board::kMinSize, Board::kMaxSize, Board::kMaxSize);
    return std::nullopt;
  }
  return static_cast<int>(*columns);
}

// The most off-board points listed one by one in a game; the rest are counted.
constexpr int kListedOffBoard = 10;

}  // namespace

Replay replay_sgf(const SgfGame& sgf, const Rules& rules) {
  Diagnostics quiet;
  return replay_sgf(sgf, rules, "", quiet);
}

Replay replay_sgf(const SgfGame& sgf, const Rules& rules, const std::string& file,
                  Diagnostics& diagnostics) {
  Replay r;
  auto report = [&](Severity severity, SgfPosition where, const std::string& message) {
    diagnostics.report({severity,
                        {file, where.line, where.column},
                        fmt::format("game {}: {}", sgf.index, message)});
  };
  // The first error decides the status; the reader's errors were reported by the reader.
  auto stop = [&](GameStatus status, SgfPosition where, std::string message, bool reported,
                  int ply = 0, std::string token = {}) {
    if (!reported) report(Severity::error, where, message);
    if (r.status == GameStatus::ok) {
      r.status = status;
      r.problem =
          Problem{std::move(message), {file, where.line, where.column}, std::move(token), ply};
    }
  };
  if (!sgf.readable()) {
    r.status = GameStatus::unreadable;
    r.problem = *sgf.error;
    return r;
  }
  if (sgf.main_line.empty()) {
    stop(GameStatus::unreadable, {sgf.line, 0}, "the game tree has no node", false);
    return r;
  }
  const SgfNode& root = sgf.main_line.front();
  if (const SgfProperty* gm = root.find("GM"); gm && !gm->values.empty()) {
    const std::string_view game = trim(gm->values.front());
    if (!game.empty() && game != "1") {
      stop(GameStatus::unreadable, gm->where,
           fmt::format("GM[{}] is not a Go record (Go is GM[1])", excerpt(game, 20)), false);
      return r;
    }
  }
  // One board size a game: a second SZ (a list SZ[9][19], SZ again in the root or in a later
  // node) would leave the size in doubt.
  {
    const SgfProperty* first = nullptr;
    for (const SgfNode& node : sgf.main_line) {
      for (const SgfProperty& p : node.properties) {
        if (p.name != "SZ") continue;
        const bool list = p.values.size() > 1;
        if (first || list) {
          const SgfPosition where = list && !first ? p.value_where[1] : p.where;
          stop(GameStatus::unreadable, where,
               fmt::format("a second board size{}: a game has one SZ, in its root",
                           first ? fmt::format(" (the first at {}:{})", first->where.line,
                                               first->where.column)
                                 : std::string()),
               false);
          return r;
        }
        first = &p;
      }
    }
  }
  if (const SgfProperty* sz = root.find("SZ"); sz && !sz->values.empty()) {
    std::string why;
    auto size = board_size(*sz, why);
    if (!size) {
      stop(GameStatus::unreadable, sz->where, why, false);
      return r;
    }
    r.size = *size;
    r.board = Board(r.size);
  }
  r.black = std::string(root.value("PB"));
  r.white = std::string(root.value("PW"));
  r.result = std::string(trim(root.value("RE")));
  if (const SgfProperty* km = root.find("KM")) r.komi_where = km->where;
  r.komi_text = std::string(root.value("KM"));
  r.komi = parse_komi_points(r.komi_text);
  if (const SgfProperty* ha = root.find("HA"); ha && !trim(root.value("HA")).empty()) {
    const auto n = parse_integer(trim(root.value("HA")));
    if (n && *n >= 0 && *n <= r.size * r.size) {
      r.handicap = static_cast<int>(*n);
    } else {
      report(Severity::warning, ha->where,
             fmt::format("HA[{}] is not a handicap (0 to {} stones): ignored",
                         excerpt(root.value("HA"), 20), r.size * r.size));
    }
  }

  // Every point of the main line must be on the board: moves, setup stones, marks.
  {
    const Board& board = r.board;
    int move_number = 0;
    int off_board = 0;
    SgfPosition first_unlisted;
    auto off = [&](SgfPosition where, const std::string& message) {
      ++off_board;
      if (off_board <= kListedOffBoard) {
        stop(GameStatus::illegal, where, message, false);
      } else if (off_board == kListedOffBoard + 1) {
        first_unlisted = where;
      }
    };
    for (const SgfNode& node : sgf.main_line) {
      for (const SgfProperty& property : node.properties) {
        const std::string& name = property.name;
        if (name == "B" || name == "W") {
          ++move_number;
          if (property.values.size() > 1) {
            off(property.where,
                fmt::format("move {} ({}[{}][{}]...) has {} values: a move is one point, or a pass",
                            move_number, name, excerpt(property.values[0], 20),
                            excerpt(property.values[1], 20), property.values.size()));
            continue;
          }
          const std::string_view v = property.values.empty()
                                         ? std::string_view{}
                                         : std::string_view(property.values.front());
          if (!is_pass(v, r.size) && !board.parse_sgf(v)) {
            const std::string fault = point_fault(v, r.size);
            off(property.where,
                fmt::format("move {} ({}[{}]) is {}{}", move_number, name, excerpt(v, 20),
                            fault.starts_with("not") ? "illegal: " : "", fault));
          }
          continue;
        }
        const bool list = is_point_list(name);
        const bool pair = is_point_pair(name);
        if (!list && !pair && name != "LB") continue;
        for (std::size_t i = 0; i < property.values.size(); ++i) {
          const std::string_view v = property.values[i];
          const SgfPosition where =
              i < property.value_where.size() ? property.value_where[i] : property.where;
          bool ok = true;
          if (list) {
            ok = list_points(board, v).has_value();
          } else {
            const auto colon = v.find(':');
            ok = colon != std::string_view::npos && board.parse_sgf(v.substr(0, colon)) &&
                 (name == "LB" || board.parse_sgf(v.substr(colon + 1)));
          }
          if (!ok)
            off(where, fmt::format("{}[{}] is {}", name, excerpt(v, 20),
                                   point_fault(v, r.size, name == "LB")));
        }
      }
    }
    if (off_board > kListedOffBoard) {
      report(Severity::error, first_unlisted,
             fmt::format("{} more points off the board or malformed (not listed)",
                         off_board - kListedOffBoard));
    }
    if (r.status != GameStatus::ok) return r;
  }

  Game game(r.size, rules);
  bool setup_pending = false;
  bool setup_seen = false;
  // Moves out of turn (the same colour twice running: a pass not recorded, mostly) are played
  // as given, as the engines do, and said once a game: the first, and how many more.
  int out_of_turn = 0;
  int handicap_placed = 0;  // HA[n]'s stones placed as Black's first moves, without AB[]
  std::string first_out_of_turn;
  SgfPosition first_out_of_turn_at;
  // Nodes with more than one move (B and W together): FF[4] allows one a node.
  int crowded_nodes = 0;
  SgfPosition first_crowded_at;
  for (const SgfNode& node : sgf.main_line) {
    for (const SgfProperty& property : node.properties) {
      const std::string& name = property.name;
      if (name == "AB" || name == "AW" || name == "AE") {
        const Stone colour = name == "AB"   ? Stone::black
                             : name == "AW" ? Stone::white
                                            : Stone::empty;
        // All the property's points at once: no board rebuild per stone taken off.
        std::vector<Point> points;
        for (const std::string& v : property.values) {
          for (Point p : list_points(game.board(), v).value_or(std::vector<Point>{}))
            points.push_back(p);
        }
        game.setup(points, colour);
        setup_pending = true;
        setup_seen = true;
      } else if (name == "PL") {
        const std::string_view v = property.values.empty()
                                       ? std::string_view{}
                                       : std::string_view(property.values.front());
        if (!v.empty()) game.set_to_move(v[0] == 'W' || v[0] == 'w' ? Stone::white : Stone::black);
      }
    }
    if (setup_pending) {
      game.setup_done();
      setup_pending = false;
      // After handicap stones White moves first unless PL says otherwise.
      if (node.find("AB") && !node.find("AW") && !node.find("PL") && game.moves_played() == 0 &&
          r.handicap > 1) {
        game.set_to_move(Stone::white);
      }
    }
    int moves_in_node = 0;
    for (const SgfProperty& property : node.properties) {
      if (property.name != "B" && property.name != "W") continue;
      if (++moves_in_node == 2 && ++crowded_nodes == 1) first_crowded_at = property.where;
      const Stone colour = property.name == "B" ? Stone::black : Stone::white;
      const std::string_view v =
          property.values.empty() ? std::string_view{} : std::string_view(property.values.front());
      // Every point was checked above.
      const Point p = is_pass(v, r.size) ? kPass : game.board().parse_sgf(v).value_or(kPass);
      if (auto illegal = game.check(p, colour)) {
        const int number = game.moves_played() + 1;
        const std::string point = game.board().name(p);
        std::string message = fmt::format("move {} ({} {}) is illegal: {}", number,
                                          stone_name(colour), point, illegal->describe());
        stop(GameStatus::illegal, property.where, std::move(message), false, number, point);
        break;
      }
      // The first move after setup stones may be either colour's (a handicap without HA[]), and
      // Black's first n moves may place HA[n]'s stones (a free handicap recorded as moves).
      const bool placing_handicap = colour == Stone::black && !setup_seen &&
                                    game.moves_played() == handicap_placed &&
                                    handicap_placed < r.handicap;
      if (placing_handicap) ++handicap_placed;
      if (colour != game.to_move() && !placing_handicap &&
          !(setup_seen && game.moves_played() == 0)) {
        if (++out_of_turn == 1) {
          first_out_of_turn =
              fmt::format("move {} ({} {}) is out of turn, {} was to move: a pass not recorded?",
                          game.moves_played() + 1, stone_name(colour), game.board().name(p),
                          stone_name(game.to_move()));
          first_out_of_turn_at = property.where;
        }
      }
      game.play(p, colour);
    }
    if (!r.legal()) break;
  }
  if (crowded_nodes > 0) {
    report(
        Severity::warning, first_crowded_at,
        fmt::format(
            "a node holds more than one move (FF[4] allows one a node){}: each played "
            "in the order written",
            crowded_nodes == 1 ? "" : fmt::format(", and {} more such nodes", crowded_nodes - 1)));
  }
  if (out_of_turn > 0) {
    report(Severity::warning, first_out_of_turn_at,
           out_of_turn == 1 ? first_out_of_turn + " (played as given)"
                            : fmt::format("{} ({} more moves out of turn; played as given)",
                                          first_out_of_turn, out_of_turn - 1));
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
      for (const std::string& v : property.values) {
        for (Point p : list_points(r.board, v).value_or(std::vector<Point>{})) {
          const Stone s = r.board.at(p);
          const bool stone = s == Stone::black || s == Stone::white;
          // Territory marks on stones mark them dead (the owner's territory covers them).
          if ((name == "MA" || name == "DS") && stone) dead.push_back(p);
          if (name == "TB" && s == Stone::white) dead.push_back(p);
          if (name == "TW" && s == Stone::black) dead.push_back(p);
        }
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

Expected<Replay> read_diagram(std::string_view text) {
  auto problem = [](std::string reason, std::uint32_t line, std::uint32_t column,
                    std::string_view token = {}) {
    return Problem{std::move(reason), {"", line, column}, std::string(token), 0};
  };
  struct Row {
    std::string points;  // at most kMaxSize + 1 kept: enough to say the row is too long
    std::size_t length;  // every point of the row
    std::uint32_t line;
  };
  std::vector<Row> rows;
  std::uint32_t line_number = 0;
  for (std::string_view line : split_lines(text)) {
    if (line_number < std::numeric_limits<std::uint32_t>::max()) ++line_number;
    if (is_column_header(line) || trim(line).starts_with('#')) continue;
    // Row numbers, as `--show` prints them, may stand at either end of a row.
    std::size_t first = 0;
    std::size_t last = line.size();
    while (first < last && (line[first] == ' ' || line[first] == '\t' ||
                            (line[first] >= '0' && line[first] <= '9')))
      ++first;
    while (last > first &&
           (line[last - 1] == ' ' || line[last - 1] == '\t' || line[last - 1] == '\r' ||
            (line[last - 1] >= '0' && line[last - 1] <= '9')))
      --last;
    Row row{"", 0, line_number};
    for (std::size_t k = first; k < last; ++k) {
      const char c = line[k];
      if (c == ' ' || c == '\t' || c == '\r') continue;
      if (c != '.' && c != 'X' && c != 'O' && c != 'x' && c != 'o' && c != '+' && c != '-') {
        // Quote the whole character (however many bytes), at its column in characters.
        std::size_t length = 1;
        auto continues = [&](std::size_t at) {
          return at < line.size() && (static_cast<unsigned char>(line[at]) & 0xC0) == 0x80;
        };
        while (static_cast<unsigned char>(c) >= 0xC0 && length < 4 && continues(k + length))
          ++length;
        const auto column = std::min<std::size_t>(utf8_length(line.substr(0, k)) + 1,
                                                  std::numeric_limits<std::uint32_t>::max());
        return problem(
            fmt::format("'{}' is not a board point ('.', 'X', 'O'; lower case for dead stones)",
                        excerpt(line.substr(k, length), 1)),
            line_number, static_cast<std::uint32_t>(column), line.substr(k, length));
      }
      if (row.points.size() <= static_cast<std::size_t>(Board::kMaxSize)) row.points += c;
      ++row.length;
    }
    if (row.length == 0) continue;
    if (rows.size() == static_cast<std::size_t>(Board::kMaxSize)) {
      return problem(
          fmt::format("more than {} rows: boards are {}×{} to {}×{}", Board::kMaxSize,
                      Board::kMinSize, Board::kMinSize, Board::kMaxSize, Board::kMaxSize),
          line_number, 1);
    }
    rows.push_back(std::move(row));
  }
  const int size = static_cast<int>(rows.size());
  if (size == 0) {
    return problem("no board rows: a position is typed as rows of '.', 'X' and 'O'", 1, 1);
  }
  if (size < Board::kMinSize) {
    return problem(fmt::format("a board of {} row: boards are {}×{} to {}×{}", size,
                               Board::kMinSize, Board::kMinSize, Board::kMaxSize, Board::kMaxSize),
                   rows.back().line, 1);
  }
  Replay r;
  r.size = size;
  r.board = Board(size);
  for (int y = 0; y < size; ++y) {
    const Row& row = rows[static_cast<std::size_t>(y)];
    if (row.length != static_cast<std::size_t>(size)) {
      return problem(
          fmt::format("row {} has {} points, the board is {}×{}", y + 1, row.length, size, size),
          row.line, 1);
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
