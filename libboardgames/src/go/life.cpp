// Groups and their eye space, read out (settling.h): steps 2 and 7 of settle() (status.h).
#include <algorithm>
#include <numeric>

#include "boardgames/go/reading.h"

#include "go/settling.h"

namespace boardgames::go::settling {

namespace {

// Union-find over points (chain heads).
struct Unions {
  explicit Unions(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), Point{0}); }
  Point find(Point p) {
    while (parent[p] != p) {
      parent[p] = parent[parent[p]];
      p = parent[p];
    }
    return p;
  }
  void join(Point a, Point b) { parent[find(a)] = find(b); }
  std::vector<Point> parent;
};

// Areas with more empty points than this are not read: the searches stop at their budget
// (the counted games: none of 677 such readings finished within 2,000 positions).
constexpr long kMostEmptyRead = 14;
// The question whether a group can be killed is asked of few groups (those enclosed): read more.
constexpr long kMostEmptyReadForKill = 24;

}  // namespace

std::vector<EyeGroup> eye_groups(const Board& board, Stone colour, std::size_t most_points) {
  const std::size_t n = static_cast<std::size_t>(board.stride() * board.stride());
  std::vector<int> region_of(n, -1);
  std::vector<std::vector<Point>> small_regions;  // points
  std::vector<std::vector<Point>> small_borders;  // chain heads
  std::vector<Point> points;
  std::vector<Point> borders;
  int regions = 0;
  for (Point p : board.all_points()) {
    if (board.at(p) == colour || region_of[p] >= 0) continue;
    points.assign(1, p);
    region_of[p] = regions;
    borders.clear();
    for (std::size_t i = 0; i < points.size(); ++i) {
      for (Point q : board.neighbours(points[i])) {
        const Stone s = board.at(q);
        if (s == Stone::wall) continue;
        if (s == colour) {
          const Point head = board.chain(q);
          if (std::find(borders.begin(), borders.end(), head) == borders.end())
            borders.push_back(head);
        } else if (region_of[q] < 0) {
          region_of[q] = regions;
          points.push_back(q);
        }
      }
    }
    ++regions;
    if (points.size() <= most_points && !borders.empty()) {
      small_regions.push_back(points);
      small_borders.push_back(borders);
    }
  }
  Unions unions(n);
  for (const std::vector<Point>& heads : small_borders) {
    for (Point head : heads) unions.join(head, heads.front());
  }
  std::vector<EyeGroup> groups;
  std::vector<int> group_of(n, -1);
  for (Point p : board.all_points()) {
    if (board.at(p) != colour || board.chain(p) != p) continue;
    const Point root = unions.find(p);
    if (group_of[root] < 0) {
      group_of[root] = static_cast<int>(groups.size());
      groups.push_back({colour, {}, {}, {}});
    }
    groups[static_cast<std::size_t>(group_of[root])].chains.push_back(p);
  }
  for (std::size_t r = 0; r < small_regions.size(); ++r) {
    EyeGroup& group =
        groups[static_cast<std::size_t>(group_of[unions.find(small_borders[r].front())])];
    group.eye_space.insert(group.eye_space.end(), small_regions[r].begin(), small_regions[r].end());
  }
  std::vector<char> in_eye_space(n, 0);
  for (EyeGroup& group : groups) {
    for (Point p : group.eye_space) in_eye_space[p] = 1;
    for (Point head : group.chains) {
      for (Point stone : board.chain_stones(head)) {
        for (Point q : board.neighbours(stone)) {
          if (board.at(q) == Stone::empty && !in_eye_space[q] &&
              std::find(group.outside.begin(), group.outside.end(), q) == group.outside.end()) {
            group.outside.push_back(q);
          }
        }
      }
    }
    for (Point p : group.eye_space) in_eye_space[p] = 0;
    std::stable_sort(group.chains.begin(), group.chains.end(),
                     [&](Point a, Point b) { return board.chain_size(a) > board.chain_size(b); });
  }
  return groups;
}

std::vector<InsideReading> read_inside(const Board& board, const EyeGroup& group,
                                       InsideQuestion question, const std::vector<bool>& secure,
                                       long node_budget, long& positions) {
  const bool with_races = question == InsideQuestion::killed;
  const Stone attacker = opponent(group.colour);
  ClosedFight fight;
  const auto in_area = [&](Point p) {
    return std::find(fight.area.begin(), fight.area.end(), p) != fight.area.end();
  };
  const auto add = [&](Point p) {
    if (!in_area(p)) fight.area.push_back(p);
  };
  // The group's liberties, and the opponent's chains next to its stones or sharing one of its
  // liberties: those that could lose a race to it (or be in seki with it) are read with it.
  std::vector<Point> liberties;
  std::vector<Point> neighbours;
  for (Point head : group.chains) {
    for (Point stone : board.chain_stones(head)) {
      add(stone);
      for (Point q : board.neighbours(stone)) {
        if (board.at(q) == Stone::empty) {
          if (std::find(liberties.begin(), liberties.end(), q) == liberties.end())
            liberties.push_back(q);
          for (Point r : board.neighbours(q)) {
            if (board.at(r) == attacker && std::find(neighbours.begin(), neighbours.end(),
                                                     board.chain(r)) == neighbours.end()) {
              neighbours.push_back(board.chain(r));
            }
          }
        } else if (board.at(q) == attacker && std::find(neighbours.begin(), neighbours.end(),
                                                        board.chain(q)) == neighbours.end()) {
          neighbours.push_back(board.chain(q));
        }
      }
    }
  }
  for (Point p : group.eye_space) add(p);
  const int group_liberties = static_cast<int>(liberties.size());
  // A chain that gets more liberties than the group has by one move on a liberty of its own (a
  // connection, an extension) is out of reach too.
  const auto escapes = [&](Point head) {
    for (Point stone : board.chain_stones(head)) {
      for (Point q : board.neighbours(stone)) {
        if (board.at(q) != Stone::empty || board.check(q, attacker)) continue;
        Board after = board;
        after.play(q, attacker);
        if (after.liberties(q) > group_liberties) return true;
      }
    }
    return false;
  };
  // The liberties of the chain of `head` that are not the group's.
  const auto own_liberties = [&](Point head) {
    int own = 0;
    std::vector<Point> seen;
    for (Point stone : board.chain_stones(head)) {
      for (Point q : board.neighbours(stone)) {
        if (board.at(q) != Stone::empty || std::find(seen.begin(), seen.end(), q) != seen.end())
          continue;
        seen.push_back(q);
        own += std::find(liberties.begin(), liberties.end(), q) == liberties.end();
      }
    }
    return own;
  };
  std::vector<Point> capture_only;
  for (Point head : neighbours) {
    if (!with_races ||
        std::find(group.eye_space.begin(), group.eye_space.end(), head) != group.eye_space.end() ||
        secure[head] || own_liberties(head) > group_liberties || escapes(head)) {
      continue;
    }
    // Its liberties only: its stones, taken, are room the group has won (moves there are not read).
    // And a chain of the group's colour in atari beside it (not the group's), with its last
    // liberty, for the opponent only: he may take it, his chain then has its points (0201's
    // Black chain racing White's centre group takes White's K16 L16 at L17 and joins his wall
    // above); its owner extending it would only reach liberties outside the area, which the
    // reading cannot fill.
    for (Point stone : board.chain_stones(head)) {
      for (Point q : board.neighbours(stone)) {
        if (board.at(q) == Stone::empty) add(q);
        if (board.at(q) == group.colour && board.in_atari(q) &&
            std::find(group.chains.begin(), group.chains.end(), board.chain(q)) ==
                group.chains.end() &&
            !in_area(q)) {
          for (Point taken : board.chain_stones(q)) add(taken);
          const Point last = board.atari_liberty(q);
          if (!in_area(last)) {
            add(last);
            capture_only.push_back(last);
          }
        }
      }
    }
  }
  // A stone of the group's colour outside it, next to a point of the area (0019's C18, counted
  // dead beside the Black corner group B17 ... C15): joining it gives the group its liberties,
  // which the opponent may fill too — the group is enclosed, and so is that stone.
  std::vector<Point> joinable;
  if (with_races) {
    const std::size_t area_points = fight.area.size();
    for (std::size_t i = 0; i < area_points; ++i) {
      const Point p = fight.area[i];
      if (board.at(p) != Stone::empty) continue;
      for (Point q : board.neighbours(p)) {
        if (board.at(q) != group.colour || in_area(q)) continue;
        for (Point stone : board.chain_stones(q)) {
          for (Point r : board.neighbours(stone)) {
            if (board.at(r) == Stone::empty && !in_area(r) &&
                std::find(joinable.begin(), joinable.end(), r) == joinable.end()) {
              joinable.push_back(r);
            }
          }
        }
      }
    }
  }
  // Every other liberty outside: taken by the opponent when the question is the group's life
  // (the worst case); when it is whether the group can be killed, played by the opponent alone,
  // one move at a time (the group cannot get out: it is enclosed), but for those that join two
  // of the group's chains, where either side may play.
  Board walled = board;
  for (Point p : group.outside) {
    if (in_area(p)) continue;
    if (with_races) {
      Point joined = kPass;
      bool joins = false;
      for (Point q : board.neighbours(p)) {
        if (board.at(q) != group.colour) continue;
        if (joined != kPass && board.chain(q) != joined) joins = true;
        joined = board.chain(q);
      }
      fight.area.push_back(p);
      if (!joins) fight.attacker_only.push_back(p);
    } else if (!walled.check(p, attacker)) {
      walled.play(p, attacker);
    } else {
      fight.area.push_back(p);
    }
  }
  for (Point p : joinable) {
    if (in_area(p)) continue;
    fight.area.push_back(p);
    fight.attacker_only.push_back(p);
  }
  for (Point p : capture_only) fight.attacker_only.push_back(p);
  const auto room = std::count_if(fight.area.begin(), fight.area.end(),
                                  [&](Point p) { return walled.at(p) == Stone::empty; });
  std::vector<InsideReading> readings;
  bool unread =
      room > (with_races ? kMostEmptyReadForKill : kMostEmptyRead);  // too much room: unknown
  for (Point head : group.chains) {
    InsideReading reading{head, Inside::unknown};
    if (walled.at(head) != group.colour || room == 0) {
      reading.result = Inside::dies;  // no liberty but outside
    } else if (node_budget > 0 && !unread) {
      // Read for life, the group may not take a ko (it may have no threat); read for death, the
      // game is over and neither side has a threat left: a ko goes to whoever takes it first.
      const KoTaking kos = with_races ? KoTaking::both : KoTaking::attacker;
      const Reading read = read_attack(walled, fight, head, node_budget, kos, positions);
      reading.result = read == Reading::lives  ? Inside::lives
                       : read == Reading::dies ? Inside::dies
                                               : Inside::unknown;
      // The smaller chains of a group too big to read out are read no more.
      unread = read == Reading::undecided;
    }
    readings.push_back(reading);
    if (with_races) break;  // the group's fate is its largest chain's
  }
  return readings;
}

}  // namespace boardgames::go::settling
