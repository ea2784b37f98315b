// Step 1 of settle() (status.h): Benson's algorithm for the chains alive unconditionally.
#include <algorithm>

#include "boardgames/go/status.h"

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
          if (std::find(region.chains.begin(), region.chains.end(), h) == region.chains.end())
            region.chains.push_back(h);
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
        if (std::find(region.chains.begin(), region.chains.end(), h) == region.chains.end())
          continue;
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

}  // namespace boardgames::go
