#include "boardgames/xigua/position.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "boardgames/core/strings.h"

namespace boardgames::xigua {

namespace {

struct Zobrist {
  std::uint64_t stone[2][kPoints]{};
  std::uint64_t white_to_move = 0;
  // Same-stone counters: [side][point + 1 (0 = none)][count].
  std::uint64_t counter[2][kPoints + 1][Position::kLimit + 1]{};
};

constexpr Zobrist make_zobrist() {
  Zobrist z{};
  std::uint64_t state = 0x5849475541000001ULL;  // "XIGUA"
  auto next = [&state]() {
    std::uint64_t x = (state += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  };
  for (auto& side : z.stone) {
    for (auto& key : side) key = next();
  }
  z.white_to_move = next();
  for (auto& side : z.counter) {
    for (auto& point : side) {
      for (auto& key : point) key = next();
    }
  }
  return z;
}

constexpr Zobrist kZobrist = make_zobrist();

std::uint64_t counter_key(Side s, SameStone c) {
  const int point = c.point == kNoPoint ? 0 : c.point + 1;
  return kZobrist.counter[index(s)][point][c.count];
}

constexpr double kPi = 3.14159265358979323846;

}  // namespace

std::optional<Point> parse_point(std::string_view name) {
  for (std::size_t i = 0; i < kPointNames.size(); ++i) {
    const std::string_view candidate = kPointNames[i];
    if (candidate.size() != name.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < name.size() && same; ++k) {
      same = std::toupper(static_cast<unsigned char>(name[k])) == candidate[k];
    }
    if (same) return static_cast<Point>(i);
  }
  return std::nullopt;
}

Coordinates coordinates(Point p) {
  const std::string_view name = point_name(p);
  if (name == "C") return {0, 0};
  // Compass angles, counter-clockwise from east.
  auto direction = [](char c) {
    switch (c) {
      case 'N':
        return kPi / 2;
      case 'E':
        return 0.0;
      case 'S':
        return -kPi / 2;
      default:
        return kPi;
    }
  };
  if (name.size() == 2) {
    const double radius = name[1] == '1' ? kInnerRadius : name[1] == '2' ? kArcMiddle : 1.0;
    const double a = direction(name[0]);
    return {radius * std::cos(a), radius * std::sin(a)};
  }
  // Rim arc ends: 30 degrees from a diameter's rim point. In "NNE" the doubled letter is that
  // diameter (N) and the other one the side it leans to (E); "ENE" leans from E toward N.
  const char main_letter = name[0] == name[1] || name[0] == name[2] ? name[0] : name[1];
  const char toward =
      name[0] == main_letter ? (name[1] == main_letter ? name[2] : name[1]) : name[0];
  const double main = direction(main_letter);
  const double other = direction(toward);
  double delta = other - main;
  if (delta > kPi) delta -= 2 * kPi;
  if (delta < -kPi) delta += 2 * kPi;
  const double a = main + (delta > 0 ? kPi / 6 : -kPi / 6);
  return {std::cos(a), std::sin(a)};
}

std::string_view side_name(Side s) { return s == Side::black ? "Black" : "White"; }

std::string move_text(Move m) {
  if (m.is_pass()) return "pass";
  return std::string(point_name(m.from())) + "-" + std::string(point_name(m.to()));
}

Expected<Move> parse_move(std::string_view text) {
  if (iequals_ascii(text, "pass")) return Move::pass();
  const auto dash = text.find('-');
  std::optional<Point> from;
  std::optional<Point> to;
  if (dash != std::string_view::npos) {
    from = parse_point(text.substr(0, dash));
    to = parse_point(text.substr(dash + 1));
  }
  if (!from || !to) {
    Problem problem;
    problem.reason = "not a move: a move is FROM-TO with point names, or pass";
    problem.token = std::string(text);
    return problem;
  }
  return Move(*from, *to);
}

std::string_view describe(Illegal reason) {
  switch (reason) {
    case Illegal::game_over:
      return "the game is over (a side has captured 4 stones)";
    case Illegal::no_own_stone:
      return "there is no stone of the side to move on that point";
    case Illegal::not_adjacent:
      return "the two points are not joined by a line";
    case Illegal::occupied:
      return "the point moved to is not empty";
    case Illegal::same_stone_limit:
      return "the same stone may not move on more than four turns in a row (a fifth move loses)";
  }
  return "illegal";
}

void Position::set_counter(Side s, SameStone c) {
  key_ ^= counter_key(s, counter_[index(s)]);
  counter_[index(s)] = c;
  key_ ^= counter_key(s, c);
}

Position Position::from_sets(PointSet black, PointSet white, Side to_move) {
  Position p;
  p.stones_[0] = black & kAllPoints;
  p.stones_[1] = white & kAllPoints & ~black;
  p.side_ = to_move;
  p.key_ = to_move == Side::white ? kZobrist.white_to_move : 0;
  for (int side = 0; side < 2; ++side) {
    for (PointSet s = p.stones_[side]; s; s &= s - 1)
      p.key_ ^= kZobrist.stone[side][__builtin_ctz(s)];
    p.key_ ^= counter_key(static_cast<Side>(side), p.counter_[side]);
  }
  return p;
}

Position Position::start(Side first) {
  PointSet black = 0;
  PointSet white = 0;
  for (auto name : {"WNW", "NNW", "N3", "NNE", "ENE", "N2"}) black |= bit(*parse_point(name));
  for (auto name : {"ESE", "SSE", "S3", "SSW", "WSW", "S2"}) white |= bit(*parse_point(name));
  return from_sets(black, white, first);
}

std::optional<Side> Position::winner() const {
  // Capturing 4 of the 6 stones leaves the opponent 2 or fewer, who can surround nothing.
  if (captured_[0] >= kWinningCaptures || count(Side::white) <= 2) return Side::black;
  if (captured_[1] >= kWinningCaptures || count(Side::black) <= 2) return Side::white;
  return std::nullopt;
}

void Position::legal_moves(MoveList& moves) const {
  if (game_over()) return;
  const int us = index(side_);
  const PointSet empty = empty_points();
  const SameStone& c = counter_[us];
  for (PointSet s = stones_[us]; s; s &= s - 1) {
    const auto from = static_cast<Point>(__builtin_ctz(s));
    if (from == c.point && c.count >= kLimit) continue;
    for (PointSet t = neighbours(from) & empty; t; t &= t - 1) {
      moves.push(Move(from, static_cast<Point>(__builtin_ctz(t))));
    }
  }
}

std::optional<Illegal> Position::check_move(Move move) const {
  if (game_over()) return Illegal::game_over;
  if (move.is_pass()) return std::nullopt;
  const int us = index(side_);
  if (move.from() >= kPoints || move.to() >= kPoints || !(stones_[us] & bit(move.from()))) {
    return Illegal::no_own_stone;
  }
  if (!(neighbours(move.from()) & bit(move.to()))) return Illegal::not_adjacent;
  if (!(empty_points() & bit(move.to()))) return Illegal::occupied;
  const SameStone& c = counter_[us];
  if (move.from() == c.point && c.count >= kLimit) return Illegal::same_stone_limit;
  return std::nullopt;
}

Position Position::moved(Move move) const {
  Position next = *this;
  const Side us = side_;
  if (!move.is_pass()) {
    const int u = index(us);
    next.stones_[u] &= ~bit(move.from());
    next.stones_[u] |= bit(move.to());
    next.key_ ^= kZobrist.stone[u][move.from()] ^ kZobrist.stone[u][move.to()];
    const SameStone& c = counter_[u];
    // Capped at the limit: a fifth move of one stone is illegal (check_move), and a caller that
    // plays one anyway must not index past the counter's keys.
    const std::uint8_t count =
        move.from() == c.point ? static_cast<std::uint8_t>(std::min(c.count + 1, kLimit)) : 1;
    next.set_counter(us, {move.to(), count});
  }
  next.side_ = ~us;
  next.key_ ^= kZobrist.white_to_move;
  ++next.plies_;
  return next;
}

void Position::remove(Side owner, PointSet set) {
  const int o = index(owner);
  set &= stones_[o];
  for (PointSet s = set; s; s &= s - 1) key_ ^= kZobrist.stone[o][__builtin_ctz(s)];
  stones_[o] &= ~set;
  captured_[1 - o] = static_cast<std::uint8_t>(captured_[1 - o] + __builtin_popcount(set));
  // A captured stone's run of moves is over.
  if (counter_[o].point != kNoPoint && (set & bit(counter_[o].point)))
    set_counter(owner, SameStone{});
}

PointSet Position::dead_stones(Side owner) const {
  const int o = index(owner);
  const PointSet empty = empty_points();
  PointSet dead = 0;
  PointSet seen = 0;
  for (PointSet s = stones_[o]; s; s &= s - 1) {
    const auto p = static_cast<Point>(__builtin_ctz(s));
    if (seen & bit(p)) continue;
    const PointSet group = group_of(p, stones_[o]);
    seen |= group;
    if (!(neighbours(group) & empty)) dead |= group;
  }
  return dead;
}

Position Position::after(Move move, PointSet* captured) const {
  Position next = moved(move);
  PointSet dead = 0;
  if (!move.is_pass()) {
    dead = next.dead_stones(~side_);
    if (dead) next.remove(~side_, dead);
  }
  if (captured) *captured = dead;
  return next;
}

Position Position::after_manual(Move move, PointSet remove) const {
  Position next = moved(move);
  if (remove) next.remove(~side_, remove);
  return next;
}

std::uint64_t perft(const Position& position, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  position.legal_moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (Move m : moves) nodes += perft(position.after(m), depth - 1);
  return nodes;
}

}  // namespace boardgames::xigua
