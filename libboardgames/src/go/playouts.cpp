// The random playouts of settle() (status.h, steps 4 and 6): the policy, one playout, and the
// count of each point's final owner over many.
#include <algorithm>
#include <cstddef>

#include "go/settling.h"

namespace boardgames::go::settling {

namespace {

// A point that a player should not fill: all neighbours its own stones, and not a false eye
// (at most one diagonal held by the opponent in the middle, none on the edge).
bool is_eye(const Board& board, Point p, Stone colour) {
  for (Point q : board.neighbours(p)) {
    const Stone s = board.at(q);
    if (s != colour && s != Stone::wall) return false;
  }
  const int stride = board.stride();
  int enemy = 0;
  int walls = 0;
  for (int d : {-stride - 1, -stride + 1, stride - 1, stride + 1}) {
    const Stone s = board.at(static_cast<Point>(p + d));
    if (s == Stone::wall) ++walls;
    if (s == opponent(colour)) ++enemy;
  }
  return walls > 0 ? enemy == 0 : enemy < 2;
}

// The playouts' answer to a move: take the largest chain it left in atari; else save a chain of
// ours it put in atari, by taking a neighbouring chain in atari or by extending (when that gives
// room). kPass when there is nothing to answer.
Point tactical_answer(const Board& board, Stone colour, Point last, Point ko) {
  if (last == kPass) return kPass;
  const Stone other = opponent(colour);
  Point capture = kPass;
  int capture_size = 0;
  auto consider_capture = [&](Point q) {
    if (board.at(q) != other || !board.in_atari(q)) return;
    const Point liberty = board.atari_liberty(q);
    if (liberty == ko || board.check(liberty, colour)) return;
    if (board.chain_size(q) > capture_size) {
      capture = liberty;
      capture_size = board.chain_size(q);
    }
  };
  if (board.at(last) != Stone::empty) consider_capture(last);
  for (Point q : board.neighbours(last)) consider_capture(q);
  if (capture != kPass) return capture;
  for (Point q : board.neighbours(last)) {
    if (board.at(q) != colour || !board.in_atari(q)) continue;
    for (Point stone : board.chain_stones(q)) {
      for (Point r : board.neighbours(stone)) consider_capture(r);
    }
    if (capture != kPass) return capture;
    const Point liberty = board.atari_liberty(q);
    if (liberty != ko && !board.check(liberty, colour) && !self_atari(board, liberty, colour))
      return liberty;
  }
  return kPass;
}

// The liberty that captures the largest chain of the opponent in atari, anywhere; kPass if none.
Point largest_capture(const Board& board, Stone colour, Point ko) {
  const Stone other = opponent(colour);
  Point best = kPass;
  int best_size = 0;
  for (Point p : board.all_points()) {
    if (board.at(p) != other || board.chain(p) != p || !board.in_atari(p)) continue;
    const Point liberty = board.atari_liberty(p);
    if (liberty == ko || board.check(liberty, colour)) continue;
    if (board.chain_size(p) > best_size) {
      best = liberty;
      best_size = board.chain_size(p);
    }
  }
  return best;
}

// The owner of p at the end of a playout: its stone, or the one colour an empty point touches.
Stone final_owner(const Board& board, Point p) {
  const Stone s = board.at(p);
  if (s != Stone::empty) return s;
  bool b = false;
  bool w = false;
  for (Point q : board.neighbours(p)) {
    b = b || board.at(q) == Stone::black;
    w = w || board.at(q) == Stone::white;
  }
  return b && !w ? Stone::black : w && !b ? Stone::white : Stone::empty;
}

}  // namespace

bool self_atari(const Board& board, Point p, Stone colour) {
  int liberties = 0;
  int size = 1;
  Point seen[4] = {kPass, kPass, kPass, kPass};
  int chains = 0;
  for (Point q : board.neighbours(p)) {
    const Stone s = board.at(q);
    if (s == Stone::empty) {
      ++liberties;
    } else if (s == opponent(colour)) {
      if (board.in_atari(q)) return false;  // captures: new liberties
    } else if (s == colour) {
      const Point head = board.chain(q);
      if (std::find(seen, seen + chains, head) != seen + chains) continue;
      seen[chains++] = head;
      size += board.chain_size(q);
      if (!board.in_atari(q)) liberties += 1;  // at least one liberty besides p
    }
  }
  if (size < 2 || liberties >= 2) return false;
  // The count above is a lower bound (one liberty a chain); count the liberties the new chain
  // would have exactly, up to two. Without this, filling the last outside liberty of a
  // surrounded group from a large living chain would count as self-atari, and such groups lived.
  Point found = kPass;
  auto second_liberty = [&](Point r) {
    if (r == p || board.at(r) != Stone::empty || r == found) return false;
    if (found != kPass) return true;
    found = r;
    return false;
  };
  for (Point q : board.neighbours(p)) {
    if (second_liberty(q)) return false;
  }
  for (int i = 0; i < chains; ++i) {
    for (Point stone : board.chain_stones(seen[i])) {
      for (Point r : board.neighbours(stone)) {
        if (second_liberty(r)) return false;
      }
    }
  }
  return true;
}

Playouts::Playouts(const Board& start, const std::vector<Stone>& closed)
    : closed_(closed), slot_(static_cast<std::size_t>(start.stride() * start.stride()), 0) {}

void Playouts::play(Board& board, Stone colour, Point last, Random& random) {
  const int limit = 3 * static_cast<int>(board.all_points().size());
  int passes = 0;
  Point ko = kPass;
  empties_.clear();
  for (Point p : board.all_points()) {
    if (board.at(p) == Stone::empty) {
      slot_[p] = empties_.size();
      empties_.push_back(p);
    }
  }
  for (int move = 0; move < limit && passes < 2; ++move) {
    Point chosen = tactical_answer(board, colour, last, ko);
    // A chain left in atari at the end of the record is taken at once (the side to move
    // would not leave it), whatever the last move was.
    if (chosen == kPass && move < kOpeningCaptures) chosen = largest_capture(board, colour, ko);
    if (chosen == kPass && !empties_.empty()) {
      // Start at a random empty point and take the first acceptable one.
      const std::size_t count = empties_.size();
      const std::size_t first = static_cast<std::size_t>(random.below(count));
      for (std::size_t k = 0; k < count; ++k) {
        std::size_t i = first + k;
        if (i >= count) i -= count;
        const Point p = empties_[i];
        if (p == ko || closed_[p] == opponent(colour) || is_eye(board, p, colour) ||
            board.check(p, colour) || self_atari(board, p, colour)) {
          continue;
        }
        chosen = p;
        break;
      }
    }
    last = chosen;
    if (chosen == kPass) {
      ++passes;
      ko = kPass;
    } else {
      passes = 0;
      Point single = kPass;
      const int captured = board.play(chosen, colour, &single);
      ko = (captured == 1 && board.chain_size(chosen) == 1 && board.in_atari(chosen)) ? single
                                                                                      : kPass;
      // Keep the list of empty points: take the one played out, add the captured ones.
      const std::size_t at = slot_[chosen];
      empties_[at] = empties_.back();
      slot_[empties_[at]] = at;
      empties_.pop_back();
      if (captured > 0) {
        for (Point q : board.all_points()) {
          if (board.at(q) == Stone::empty &&
              (slot_[q] >= empties_.size() || empties_[slot_[q]] != q)) {
            slot_[q] = empties_.size();
            empties_.push_back(q);
          }
        }
      }
    }
    colour = opponent(colour);
  }
}

Ownership count_owners(Playouts& runner, const Board& start, Stone to_move, int playouts,
                       Random& random) {
  const std::size_t n = static_cast<std::size_t>(start.stride() * start.stride());
  Ownership owned{std::vector<int>(n, 0), std::vector<int>(n, 0)};
  Board board = start;
  for (int playout = 0; playout < playouts; ++playout) {
    if (playout > 0) board = start;  // into the same storage
    runner.play(board, to_move, kPass, random);
    for (Point p : board.all_points()) {
      const Stone s = final_owner(board, p);
      if (s == Stone::black) ++owned.black[p];
      if (s == Stone::white) ++owned.white[p];
    }
  }
  return owned;
}

}  // namespace boardgames::go::settling
