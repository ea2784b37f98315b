// Step 3 of settle() (status.h): the areas each colour has walled in, where the other cannot
// live. The playouts never invade them.
#include <algorithm>
#include <cstddef>

#include "go/settling.h"

namespace boardgames::go::settling {

// The areas each colour has walled in: for each colour c, the connected sets of points without
// c's stones, when the other colour cannot live there — no stone of it alive unconditionally,
// no room for two eyes (at most one eye of its own, of at most two points) — and the walls will
// not be captured first (each wall chain alive unconditionally, with two liberties outside the
// area, or with two liberties more than any invader; walls that neither touch an invader nor
// share a liberty with one are not in a race). Empty areas bordered by c alone always qualify.
// Where two areas overlap (a walled-in group that itself walls in stones), the larger wins: the
// outer wall decides.
std::vector<Stone> walled_areas(const Board& board, const std::vector<bool>& black_alive,
                                const std::vector<bool>& white_alive) {
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
          if (board.at(q) == o && board.chain(q) == q)
            invader_liberties = std::max(invader_liberties, board.liberties(q));
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
              for (Point t : board.neighbours(r))
                in_race = in_race || (board.at(t) == o && area_of[t] == id);
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

}  // namespace boardgames::go::settling
