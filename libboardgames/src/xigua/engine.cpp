#include "boardgames/xigua/engine.h"

#include <algorithm>

namespace boardgames::xigua {

namespace {

constexpr int kInfinity = 1 << 30;
constexpr std::uint8_t kExact = 1;
constexpr std::uint8_t kLower = 2;
constexpr std::uint8_t kUpper = 3;

// Pressure on the groups of `side`: stones weighted by how few liberties their group has
// (one liberty: about to fall; two: in danger; three: hemmed in).
int exposure(const Position& position, Side side) {
  static constexpr int kWeight[] = {0, 100, 20, 5};
  const PointSet own = position.stones(side);
  const PointSet empty = position.empty_points();
  int total = 0;
  PointSet seen = 0;
  for (PointSet s = own; s; s &= s - 1) {
    const auto p = static_cast<Point>(__builtin_ctz(s));
    if (seen & bit(p)) continue;
    const PointSet group = group_of(p, own);
    seen |= group;
    const int liberties = __builtin_popcount(neighbours(group) & empty);
    if (liberties < 4) total += kWeight[liberties] * __builtin_popcount(group);
  }
  return total;
}

int mobility(const Position& position, Side side) {
  const PointSet empty = position.empty_points();
  int moves = 0;
  for (PointSet s = position.stones(side); s; s &= s - 1) {
    moves += __builtin_popcount(neighbours(static_cast<Point>(__builtin_ctz(s))) & empty);
  }
  return moves;
}

}  // namespace

int evaluate(const Position& position) {
  const Side us = position.side_to_move();
  const Side them = ~us;
  int score = 1000 * (position.captured_by(us) - position.captured_by(them));
  // Our move: their groups short of liberties are targets (one liberty: we take it now);
  // ours are the targets of the next turn.
  score += 3 * exposure(position, them) - 2 * exposure(position, us);
  score += 8 * (mobility(position, us) - mobility(position, them));
  // Stones near the centre have more room.
  score += 4 * (__builtin_popcount(position.stones(us) & 0x1F) -
                __builtin_popcount(position.stones(them) & 0x1F));
  return score;
}

Engine::Engine(std::size_t table_entries) {
  std::size_t size = 1;
  while (size < table_entries) size <<= 1;
  table_.resize(size);
}

void Engine::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
  for (auto& row : history_scores_) {
    for (auto& h : row) h = 0;
  }
}

bool Engine::out_of_time() {
  if (!timed_ || (nodes_ & 1023) != 0) return stopped_;
  if (std::chrono::steady_clock::now() >= deadline_) stopped_ = true;
  return stopped_;
}

int Engine::negamax(const Position& position, int depth, int alpha, int beta, int ply) {
  ++nodes_;
  if (position.game_over()) {
    // The side that just moved won (only captures end the game).
    return position.winner() == position.side_to_move() ? kWinScore - ply : -(kWinScore - ply);
  }
  // A repeated position is a draw (the game can go on for ever otherwise).
  // (`path_` holds the game's earlier positions and this line's ancestors, not this one.)
  if (std::find(path_.begin(), path_.end(), position.key()) != path_.end()) return 0;
  if (depth <= 0) return evaluate(position);
  if (out_of_time()) return 0;

  Entry& entry = table_[position.key() & (table_.size() - 1)];
  Move table_move;
  if (entry.key == position.key()) {
    table_move = entry.move;
    if (entry.depth >= depth && ply > 0) {
      if (entry.bound == kExact) return entry.score;
      if (entry.bound == kLower && entry.score >= beta) return entry.score;
      if (entry.bound == kUpper && entry.score <= alpha) return entry.score;
    }
  }
  MoveList moves;
  position.legal_moves(moves);
  struct Child {
    Move move;
    Position next;
    int order;
  };
  std::vector<Child> children;
  children.reserve(moves.size() + 1);
  for (Move m : moves) {
    PointSet captured = 0;
    Position next = position.after(m, &captured);
    int order = static_cast<int>(history_scores_[m.from()][m.to()]);
    if (captured) order += 1'000'000 * __builtin_popcount(captured);
    if (m == table_move) order = kInfinity;
    children.push_back({m, next, order});
  }
  // A pass is always possible; it is the only move when every stone is blocked.
  {
    Position next = position.after(Move::pass());
    children.push_back(
        {Move::pass(), next, table_move == Move::pass() && !moves.empty() ? kInfinity : -1});
  }
  std::stable_sort(children.begin(), children.end(),
                   [](const Child& a, const Child& b) { return a.order > b.order; });

  const int original_alpha = alpha;
  int best = -kInfinity;
  Move best_move = children.front().move;
  path_.push_back(position.key());
  for (const Child& child : children) {
    const int score = -negamax(child.next, depth - 1, -beta, -alpha, ply + 1);
    if (stopped_) break;
    if (score > best) {
      best = score;
      best_move = child.move;
    }
    if (score > alpha) alpha = score;
    if (alpha >= beta) {
      if (!child.move.is_pass())
        history_scores_[child.move.from()][child.move.to()] +=
            static_cast<std::uint32_t>(depth * depth);
      break;
    }
  }
  path_.pop_back();
  if (!stopped_) {
    entry.key = position.key();
    entry.score = best;
    entry.depth = static_cast<std::int8_t>(depth);
    entry.bound = best <= original_alpha ? kUpper : best >= beta ? kLower : kExact;
    entry.move = best_move;
  }
  return best;
}

std::vector<Move> Engine::principal_variation(Position position, int length) {
  std::vector<Move> pv;
  std::vector<std::uint64_t> seen;
  for (int i = 0; i < length && !position.game_over(); ++i) {
    const Entry& entry = table_[position.key() & (table_.size() - 1)];
    if (entry.key != position.key()) break;
    if (std::find(seen.begin(), seen.end(), position.key()) != seen.end()) break;
    seen.push_back(position.key());
    if (position.check_move(entry.move)) break;
    pv.push_back(entry.move);
    position = position.after(entry.move);
  }
  return pv;
}

SearchInfo Engine::search(const Position& position, const SearchLimits& limits,
                          const std::vector<std::uint64_t>& history,
                          const std::function<void(const SearchInfo&)>& report) {
  const auto start = std::chrono::steady_clock::now();
  timed_ = limits.milliseconds > 0;
  deadline_ = start + std::chrono::milliseconds(limits.milliseconds);
  stopped_ = false;
  nodes_ = 0;
  SearchInfo best;
  MoveList legal;
  position.legal_moves(legal);
  best.pv = {legal.empty() ? Move::pass() : legal[0]};
  const int max_depth = limits.depth > 0 ? limits.depth : 64;
  for (int depth = 1; depth <= max_depth; ++depth) {
    path_ = history;
    const int score = negamax(position, depth, -kInfinity, kInfinity, 0);
    if (stopped_ && depth > 1) break;
    best.depth = depth;
    best.score = score;
    best.nodes = nodes_;
    best.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best.pv = principal_variation(position, depth);
    if (best.pv.empty()) best.pv = {legal.empty() ? Move::pass() : legal[0]};
    if (report) report(best);
    if (score >= kWinScore - 64 || score <= -(kWinScore - 64)) break;  // the result is known
    if (stopped_) break;
  }
  best.nodes = nodes_;
  best.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return best;
}

Move random_move(const Position& position, Random& random) {
  MoveList moves;
  position.legal_moves(moves);
  if (moves.empty()) return Move::pass();
  return moves[static_cast<std::size_t>(random.below(moves.size()))];
}

}  // namespace boardgames::xigua
