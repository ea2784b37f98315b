#include "boardgames/go/status.h"

#include <algorithm>
#include <cmath>

#include "boardgames/core/random.h"
#include "boardgames/go/reading.h"

namespace boardgames::go {

std::vector<bool> benson_alive(const Board& board, Stone colour) {
  const std::size_t n = static_cast<std::size_t>(board.stride() * board.stride());
  // Chains of `colour`, by head; regions: connected sets of points without `colour`'s stones.
  std::vector<int> region_of(n, -1);
  struct Region {
    std::vector<Point> points;
    std::vector<Point> chains;  // heads of adjacent chains of `colour`
    bool alive = true;
  };
  std::vector<Region> regions;
  for (Point p : board.all_points()) {
    if (board.at(p) == colour || region_of[p] >= 0) continue;
    Region region;
    region.points.push_back(p);
    region_of[p] = static_cast<int>(regions.size());
    for (std::size_t i = 0; i < region.points.size(); ++i) {
      for (Point q : board.neighbours(region.points[i])) {
        const Stone s = board.at(q);
        if (s == Stone::wall) continue;
        if (s == colour) {
          const Point h = board.chain(q);
          if (std::find(region.chains.begin(), region.chains.end(), h) == region.chains.end()) region.chains.push_back(h);
        } else if (region_of[q] < 0) {
          region_of[q] = static_cast<int>(regions.size());
          region.points.push_back(q);
        }
      }
    }
    regions.push_back(std::move(region));
  }
  std::vector<Point> chains;
  for (Point p : board.all_points()) {
    if (board.at(p) == colour && board.chain(p) == p) chains.push_back(p);
  }
  std::vector<bool> chain_alive(n, false);
  for (Point h : chains) chain_alive[h] = true;
  // A region is vital to a chain when every empty point in it is a liberty of that chain.
  auto vital = [&](const Region& region, Point head) {
    for (Point p : region.points) {
      if (board.at(p) != Stone::empty) continue;
      bool liberty = false;
      for (Point q : board.neighbours(p)) {
        if (board.at(q) == colour && board.chain(q) == head) liberty = true;
      }
      if (!liberty) return false;
    }
    return true;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (Point h : chains) {
      if (!chain_alive[h]) continue;
      int vital_regions = 0;
      for (const Region& region : regions) {
        if (!region.alive) continue;
        if (std::find(region.chains.begin(), region.chains.end(), h) == region.chains.end()) continue;
        if (vital(region, h)) ++vital_regions;
      }
      if (vital_regions < 2) {
        chain_alive[h] = false;
        changed = true;
      }
    }
    for (Region& region : regions) {
      if (!region.alive) continue;
      for (Point h : region.chains) {
        if (!chain_alive[h]) {
          region.alive = false;
          changed = true;
          break;
        }
      }
    }
  }
  std::vector<bool> alive(n, false);
  for (Point p : board.all_points()) {
    if (board.at(p) == colour && chain_alive[board.chain(p)]) alive[p] = true;
  }
  return alive;
}

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

// Appends to `out` the empty points next to `points` that it does not hold yet.
void add_empty_neighbours(const Board& board, const std::vector<Point>& points, std::vector<Point>& out) {
  for (Point q : points) {
    for (Point r : board.neighbours(q)) {
      if (board.at(r) == Stone::empty && std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    }
  }
}

// Would the move put a group of two or more stones into atari (without capturing)?
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
    if (liberty != ko && !board.check(liberty, colour) && !self_atari(board, liberty, colour)) return liberty;
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

// The areas each colour has walled in (see `walled_areas` in settle()): for each colour c, the
// connected sets of points without c's stones, when the other colour cannot live there — no
// stone of it alive unconditionally, no room for two eyes (at most one eye of its own, of at
// most two points) — and the walls will not be captured first (each wall chain alive
// unconditionally, with two liberties outside the area, or with two liberties more than any
// invader; walls that neither touch an invader nor share a liberty with one are not in a race). Empty areas bordered by c alone
// always qualify. Where two areas overlap (a walled-in group that itself walls in stones), the
// larger wins: the outer wall decides.
std::vector<Stone> walled_areas(const Board& board, const std::vector<bool>& black_alive, const std::vector<bool>& white_alive) {
  const std::size_t n = static_cast<std::size_t>(board.stride() * board.stride());
  const std::size_t half = board.all_points().size() / 2;
  std::vector<Stone> owner(n, Stone::empty);
  std::vector<std::size_t> owner_area(n, 0);
  // Empty regions that touch one colour only are its territory, whatever the area around them.
  {
    std::vector<bool> seen(n, false);
    std::vector<Point> region;
    for (Point p : board.all_points()) {
      if (board.at(p) != Stone::empty || seen[p]) continue;
      region.assign(1, p);
      seen[p] = true;
      bool black = false;
      bool white = false;
      for (std::size_t i = 0; i < region.size(); ++i) {
        for (Point q : board.neighbours(region[i])) {
          const Stone s = board.at(q);
          black = black || s == Stone::black;
          white = white || s == Stone::white;
          if (s == Stone::empty && !seen[q]) {
            seen[q] = true;
            region.push_back(q);
          }
        }
      }
      if (black == white) continue;
      for (Point q : region) {
        owner[q] = black ? Stone::black : Stone::white;
        owner_area[q] = region.size();
      }
    }
  }
  std::vector<int> area_of(n, -1);
  std::vector<int> eye_of(n, -1);
  std::vector<Point> area;
  std::vector<Point> walls;
  std::vector<Point> eye;
  int areas = 0;
  for (Stone c : {Stone::black, Stone::white}) {
    const Stone o = opponent(c);
    const std::vector<bool>& other_alive = c == Stone::black ? white_alive : black_alive;
    const std::vector<bool>& own_alive = c == Stone::black ? black_alive : white_alive;
    std::fill(area_of.begin(), area_of.end(), -1);
    for (Point p : board.all_points()) {
      if (board.at(p) == c || area_of[p] >= 0) continue;
      const int id = areas++;
      area.assign(1, p);
      area_of[p] = id;
      walls.clear();
      bool invaded = false;
      bool other_lives = false;
      for (std::size_t i = 0; i < area.size(); ++i) {
        const Point q = area[i];
        if (board.at(q) == o) {
          invaded = true;
          other_lives = other_lives || other_alive[q];
        }
        for (Point r : board.neighbours(q)) {
          const Stone s = board.at(r);
          if (s == Stone::wall) continue;
          if (s == c) {
            const Point head = board.chain(r);
            if (std::find(walls.begin(), walls.end(), head) == walls.end()) walls.push_back(head);
          } else if (area_of[r] != id) {
            area_of[r] = id;
            area.push_back(r);
          }
        }
      }
      if (walls.empty() || area.size() > half || other_lives) continue;
      bool walled = true;
      if (invaded) {
        // Room for the other colour's eyes: empty points of the area that no wall stone touches.
        int eyes = 0;
        for (Point q : area) {
          if (board.at(q) != Stone::empty || eye_of[q] == id) continue;
          eye.assign(1, q);
          eye_of[q] = id;
          bool touches_wall = false;
          for (std::size_t i = 0; i < eye.size(); ++i) {
            for (Point r : board.neighbours(eye[i])) {
              const Stone s = board.at(r);
              if (s == c) touches_wall = true;
              if (s == Stone::empty && eye_of[r] != id) {
                eye_of[r] = id;
                eye.push_back(r);
              }
            }
          }
          if (!touches_wall && (++eyes >= 2 || eye.size() > 2)) walled = false;
        }
        // The invaders' most liberties: a wall with two more wins any race against them.
        int invader_liberties = 0;
        for (Point q : area) {
          if (board.at(q) == o && board.chain(q) == q) invader_liberties = std::max(invader_liberties, board.liberties(q));
        }
        for (Point head : walls) {
          if (!walled || own_alive[head]) continue;
          int outside = 0;
          bool in_race = false;  // touches an invader, or shares a liberty with one
          for (Point stone : board.chain_stones(head)) {
            for (Point r : board.neighbours(stone)) {
              const Stone s = board.at(r);
              if (s == o && area_of[r] == id) in_race = true;
              if (s != Stone::empty) continue;
              if (area_of[r] != id) ++outside;
              for (Point t : board.neighbours(r)) in_race = in_race || (board.at(t) == o && area_of[t] == id);
            }
          }
          if (!in_race) continue;
          // Counted per stone side, so a shared liberty may count twice: a loose bound.
          if (outside < 2 && board.liberties(head) < invader_liberties + 2) walled = false;
        }
      }
      if (!walled) continue;
      for (Point q : area) {
        if (area.size() > owner_area[q]) {
          owner[q] = c;
          owner_area[q] = area.size();
        }
      }
    }
  }
  return owner;
}

}  // namespace

// Random playouts: the policy, and the scratch space one playout needs, kept between playouts.
class Playouts {
 public:
  Playouts(const Board& start, const std::vector<Stone>& closed)
      : closed_(closed), slot_(static_cast<std::size_t>(start.stride() * start.stride()), 0) {}

  // Plays one game from `board` with `colour` to move and `last` the move that led to it, to
  // the end (two passes, or three moves a point). The board is left in the final position.
  void play(Board& board, Stone colour, Point last, Random& random) {
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
          if (p == ko || closed_[p] == opponent(colour) || is_eye(board, p, colour) || board.check(p, colour) ||
              self_atari(board, p, colour)) {
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
        ko = (captured == 1 && board.chain_size(chosen) == 1 && board.in_atari(chosen)) ? single : kPass;
        // Keep the list of empty points: take the one played out, add the captured ones.
        const std::size_t at = slot_[chosen];
        empties_[at] = empties_.back();
        slot_[empties_[at]] = at;
        empties_.pop_back();
        if (captured > 0) {
          for (Point q : board.all_points()) {
            if (board.at(q) == Stone::empty && (slot_[q] >= empties_.size() || empties_[slot_[q]] != q)) {
              slot_[q] = empties_.size();
              empties_.push_back(q);
            }
          }
        }
      }
      colour = opponent(colour);
    }
  }

  // The owner of p at the end of a playout: its stone, or the one colour an empty point touches.
  static Stone final_owner(const Board& board, Point p) {
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

 private:
  static constexpr int kOpeningCaptures = 10;
  const std::vector<Stone>& closed_;
  std::vector<Point> empties_;
  std::vector<std::size_t> slot_;  // where each empty point is in `empties_`
};

Settlement settle(const Board& start, Stone to_move, const SettleOptions& options) {
  Settlement result;
  const std::size_t n = static_cast<std::size_t>(start.stride() * start.stride());
  const std::vector<bool> black_alive = benson_alive(start, Stone::black);
  const std::vector<bool> white_alive = benson_alive(start, Stone::white);
  std::vector<int> black_owned(n, 0);
  std::vector<int> white_owned(n, 0);
  Random random(options.seed);
  // Areas walled in by one colour are that colour's: in a finished game an invasion there has
  // failed or was never tried, so the playouts do not invade them (random invasions of large
  // territories live far too often); the owner's moves there take the invaders off.
  const std::vector<Stone> closed = walled_areas(start, black_alive, white_alive);
  Playouts runner(start, closed);
  for (int playout = 0; playout < options.playouts; ++playout) {
    Board board = start;
    runner.play(board, to_move, kPass, random);
    for (Point p : board.all_points()) {
      const Stone s = Playouts::final_owner(board, p);
      if (s == Stone::black) ++black_owned[p];
      if (s == Stone::white) ++white_owned[p];
    }
  }
  const double total_playouts = std::max(1, options.playouts);
  result.black_share.assign(n, 0.0);
  result.white_share.assign(n, 0.0);
  for (Point p : start.all_points()) {
    result.black_share[p] = black_owned[p] / total_playouts;
    result.white_share[p] = white_owned[p] / total_playouts;
  }
  // Chain by chain: dead when the opponent owns its points in most playouts; in doubt when its
  // owner keeps it in fewer than `attack_below` of them.
  std::vector<bool> done(n, false);
  std::vector<bool> is_dead(n, false);
  std::vector<bool> uncertain(n, false);
  // Small closed fights are read out instead (reading.h): a chain in one is alive when the
  // opponent moving first cannot take it, dead when he takes it whatever the defence. The
  // reading cannot take the walls around the fight, so those of the side it favours (the
  // opponent's for a dead chain, the chain's own for a living one) must not be dead themselves:
  // the playouts must keep them.
  // At most ten times `read_budget` positions a board in all (the real games need 4,700 on
  // average, 27,000 at most), so that a board full of fights stays fast.
  if (options.read_empty > 0) {
    long positions_left = 10L * options.read_budget;
    for (const ClosedFight& fight : closed_fights(start, options.read_empty)) {
      for (Point head : fight.chains) {
        const Stone s = start.at(head);
        if ((s == Stone::black ? black_alive : white_alive)[head] || done[head]) continue;
        if (positions_left <= 0) break;
        const ChainReading reading = read_chain(start, fight, head, std::min(options.read_budget, positions_left));
        positions_left -= reading.positions;
        if (reading.attacker_first == Reading::undecided) break;  // the smaller ones are as hard (and slow)
        const bool dies = reading.attacker_first == Reading::dies;
        if (dies && reading.defender_first != Reading::dies) continue;  // whoever moves first wins: unsettled
        const Stone favoured = dies ? opponent(s) : s;
        const std::vector<int>& owned = favoured == Stone::black ? black_owned : white_owned;
        bool walls_hold = true;
        for (Point wall : fight.walls) {
          if (start.at(wall) == favoured) walls_hold = walls_hold && owned[wall] >= options.dead_share * options.playouts;
        }
        if (!walls_hold) continue;
        for (Point p : start.chain_stones(head)) {
          done[p] = true;
          is_dead[p] = dies;
        }
      }
    }
  }
  struct Doubtful {
    std::vector<Point> stones;
    double own_share;
  };
  std::vector<Doubtful> doubtful;
  for (Point p : start.all_points()) {
    const Stone s = start.at(p);
    if ((s != Stone::black && s != Stone::white) || done[p]) continue;
    std::vector<Point> stones = start.chain_stones(p);
    for (Point q : stones) done[q] = true;
    if ((s == Stone::black ? black_alive : white_alive)[p]) continue;
    long own = 0;
    long other = 0;
    for (Point q : stones) {
      own += s == Stone::black ? black_owned[q] : white_owned[q];
      other += s == Stone::black ? white_owned[q] : black_owned[q];
    }
    const double total = static_cast<double>(stones.size()) * total_playouts;
    const double other_share = static_cast<double>(other) / total;
    const double own_share = static_cast<double>(own) / total;
    // Walled in by the other colour with no room for two eyes, and lost in most playouts.
    const bool walled_in = closed[p] == opponent(s) && other_share >= 0.5;
    if (other_share >= options.dead_share || walled_in) {
      for (Point q : stones) is_dead[q] = true;
    } else if (own_share < options.attack_below && options.attack_playouts > 0) {
      doubtful.push_back({std::move(stones), own_share});
    } else if (own_share < options.dead_share) {
      for (Point q : stones) uncertain[q] = true;
    }
  }
  // A doubtful chain is dead when the opponent, playing first on one of its liberties, takes it
  // in most playouts and no answer of its owner there saves it: at the end of a game both
  // sides have stopped, so a chain that falls to the opponent's first move next to it was not
  // going to be defended — unless it has an answer the random playouts miss (a group with room
  // for two eyes that needs the right reply). (Random playouts alone let weak invaders of open
  // areas live far too often.) The answers tried are the points next to the attacking move and
  // the chain's liberties after it. The weakest chains are tested first, with no more attack
  // playouts in all than ten times the first ones (the 340 real games need a thousand at most;
  // a random 25×25 jumble would take 15 times that). Chains with many liberties (one move does
  // not catch them), and those the budget does not reach, stay as the first playouts left them;
  // an attack whose answers the budget does not reach stands.
  constexpr std::size_t kMostLibertiesAttacked = 8;
  std::stable_sort(doubtful.begin(), doubtful.end(),
                   [](const Doubtful& a, const Doubtful& b) { return a.own_share < b.own_share; });
  long budget = 10L * options.playouts;
  // Whether the chain at `head` survives in at least `attack_survival` of `attack_playouts`
  // playouts from `from` (`colour` to move, `last` the move that led there). Stops as soon as
  // the answer is known and charges the playouts it ran to the budget.
  const int needed = static_cast<int>(std::ceil(options.attack_survival * options.attack_playouts));
  const auto survives = [&](const Board& from, Stone colour, Point last, Point head) {
    const Stone owner = from.at(head);
    int kept = 0;
    for (int i = 0; i < options.attack_playouts && kept < needed && kept + (options.attack_playouts - i) >= needed; ++i) {
      Board board = from;
      runner.play(board, colour, last, random);
      kept += board.at(head) == owner;
      --budget;
    }
    return kept >= needed;
  };
  // Whether the owner of the chain at `head` has an answer in `after`, the position the
  // opponent's move `attack` made.
  std::vector<Point> answers;
  const auto has_answer = [&](const Board& after, Point head, Point attack) {
    const Stone s = after.at(head);
    answers.clear();
    add_empty_neighbours(after, after.chain_stones(head), answers);
    add_empty_neighbours(after, {attack}, answers);
    for (Point answer : answers) {
      if (budget < options.attack_playouts) return false;
      if (after.check(answer, s) || self_atari(after, answer, s)) continue;
      Board board = after;
      board.play(answer, s);
      if (survives(board, opponent(s), answer, head)) return true;
    }
    return false;
  };
  std::vector<Point> liberties;
  for (const Doubtful& chain : doubtful) {
    const Point head = chain.stones.front();
    const Stone s = start.at(head);
    liberties.clear();
    add_empty_neighbours(start, chain.stones, liberties);
    // A chain next to a dead chain of the opponent's is in no danger from it: killing both
    // would leave the stones that did the capturing dead as well.
    bool beside_dead = false;
    for (Point q : chain.stones) {
      for (Point r : start.neighbours(q)) beside_dead = beside_dead || (start.at(r) == opponent(s) && is_dead[r]);
    }
    const long cost = static_cast<long>(liberties.size()) * options.attack_playouts;
    bool dead = false;
    if (liberties.size() <= kMostLibertiesAttacked && !beside_dead && cost <= budget) {
      for (Point move : liberties) {
        if (start.check(move, opponent(s)) || self_atari(start, move, opponent(s))) continue;
        Board after = start;
        after.play(move, opponent(s));
        if (after.at(head) == s && (survives(after, s, move, head) || has_answer(after, head, move))) continue;
        dead = true;
        break;
      }
    }
    for (Point q : chain.stones) {
      if (dead) {
        is_dead[q] = true;
      } else {
        uncertain[q] = chain.own_share < options.dead_share;
      }
    }
  }
  for (Point p : start.all_points()) {
    if (is_dead[p]) result.dead.push_back(p);
    if (uncertain[p]) result.uncertain.push_back(p);
  }
  count_cut_off_dead(start, result);
  for (Point p : result.dead) is_dead[p] = true;
  // Seki: a living chain (not alive unconditionally) next to an empty point that touches the
  // opponent's living stones and that, in most playouts, stays empty and owned by neither.
  for (Point p : start.all_points()) {
    const Stone s = start.at(p);
    if ((s != Stone::black && s != Stone::white) || is_dead[p]) continue;
    if ((s == Stone::black ? black_alive : white_alive)[p]) continue;
    bool seki = false;
    for (Point q : start.neighbours(p)) {
      if (start.at(q) != Stone::empty) continue;
      bool touches_other = false;
      for (Point r : start.neighbours(q)) touches_other = touches_other || (start.at(r) == opponent(s) && !is_dead[r]);
      const double neither = 1.0 - (black_owned[q] + white_owned[q]) / total_playouts;
      if (touches_other && neither >= 0.5) seki = true;
    }
    if (seki) result.seki.push_back(p);
  }
  return result;
}

void count_cut_off_dead(const Board& board, Settlement& settlement) {
  const std::size_t n = static_cast<std::size_t>(board.stride() * board.stride());
  std::vector<char> dead(n, 0);
  std::vector<char> uncertain(n, 0);
  for (Point p : settlement.dead) dead[p] = 1;
  for (Point p : settlement.uncertain) uncertain[p] = 1;
  // One entry per uncertain chain, weakest first.
  const auto own_share = [&](Point p) {
    const std::vector<double>& share = board.at(p) == Stone::black ? settlement.black_share : settlement.white_share;
    return p < share.size() ? share[p] : 0.0;
  };
  std::vector<Point> heads;
  for (Point p : settlement.uncertain) {
    if (!dead[p] && std::find(heads.begin(), heads.end(), board.chain(p)) == heads.end()) heads.push_back(board.chain(p));
  }
  std::stable_sort(heads.begin(), heads.end(), [&](Point a, Point b) { return own_share(a) < own_share(b); });
  std::vector<char> seen(n, 0);
  std::vector<Point> region;
  for (Point head : heads) {
    if (dead[head]) continue;
    const Stone colour = board.at(head);
    std::fill(seen.begin(), seen.end(), 0);
    region.assign(1, head);
    seen[head] = 1;
    bool cut_off = true;
    bool bordered = false;
    for (std::size_t i = 0; i < region.size() && cut_off; ++i) {
      for (Point q : board.neighbours(region[i])) {
        const Stone s = board.at(q);
        if (seen[q] || s == Stone::wall) continue;
        if (s == Stone::empty || dead[q] || (s == colour && uncertain[q])) {
          seen[q] = 1;
          region.push_back(q);
        } else if (s == colour || uncertain[q]) {
          cut_off = false;  // a way out, or a border that is itself in doubt
        } else {
          bordered = true;
        }
      }
    }
    if (!cut_off || !bordered) continue;
    for (Point q : region) {
      if (board.at(q) == colour && !dead[q]) {
        dead[q] = 1;
        settlement.dead.push_back(q);
      }
    }
  }
  std::sort(settlement.dead.begin(), settlement.dead.end());
}

}  // namespace boardgames::go
