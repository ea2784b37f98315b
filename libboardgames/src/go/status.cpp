// settle() (status.h): the steps of its description in turn, each a function below; and
// count_cut_off_dead() and spare_standing_stones(), its steps 8 and 9. Step 1 is in benson.cpp,
// the groups and readings of steps 2 and 7 in life.cpp, step 3 in walled_areas.cpp, the
// playouts of steps 4 and 6 in playouts.cpp.
#include "boardgames/go/status.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>

#include "boardgames/core/random.h"
#include "boardgames/go/reading.h"

#include "go/settling.h"

namespace boardgames::go {

namespace {

using settling::Ownership;
using settling::Playouts;
using settling::self_atari;

// Step 1's finding, for both colours: the points of chains alive unconditionally.
struct Life {
  std::vector<bool> black;
  std::vector<bool> white;
  const std::vector<bool>& of(Stone colour) const { return colour == Stone::black ? black : white; }
};

// What the steps have found so far, per point.
struct Verdicts {
  explicit Verdicts(std::size_t n)
      : judged(n, false), read(n, false), dead(n, false), uncertain(n, false) {}
  std::vector<bool> judged;  // the chain has been judged (by reading or by the playouts)
  std::vector<bool> read;    // judged by reading its closed fight out (step 5)
  std::vector<bool> dead;
  std::vector<bool> uncertain;
};

// The groups' eye space: regions of at most this many points (step 2).
constexpr std::size_t kEyeSpacePoints = 8;
// The group readings' budgets, in positions, scaled from `read_budget` (5,000 by default):
// step 2 reads each chain for at most 2/5 of it (2,000) and a board for ten times it (50,000;
// the counted games need 9,000 on average); step 7 reads a group for thirty times it (150,000:
// 0204's one-eyed White group needs 133,114 to be read dead) and a board for forty times it
// (200,000).
struct GroupBudgets {
  explicit GroupBudgets(const SettleOptions& options)
      : life(options.read_budget * 2 / 5),
        life_board(options.read_budget * 10),
        kill(options.read_budget * 30),
        kill_board(options.read_budget * 40) {}
  long life;
  long life_board;
  long kill;
  long kill_board;
};

// A chain its owner keeps in fewer than `attack_below` of the playouts: step 6 attacks it.
struct Doubtful {
  std::vector<Point> stones;
  double own_share;
};

// The number of playouts the shares are taken over (at least one, so that no share divides by
// zero).
double playouts_counted(const SettleOptions& options) { return std::max(1, options.playouts); }

// Appends to `out` the empty points next to `points` that it does not hold yet.
void add_empty_neighbours(const Board& board, const std::vector<Point>& points,
                          std::vector<Point>& out) {
  for (Point q : points) {
    for (Point r : board.neighbours(q)) {
      if (board.at(r) == Stone::empty && std::find(out.begin(), out.end(), r) == out.end())
        out.push_back(r);
    }
  }
}

// Step 4's shares: per point, the share of the playouts each colour owned it.
void record_shares(const Board& start, const Ownership& owned, const SettleOptions& options,
                   Settlement& result) {
  const std::size_t n = static_cast<std::size_t>(start.stride() * start.stride());
  const double total_playouts = playouts_counted(options);
  result.black_share.assign(n, 0.0);
  result.white_share.assign(n, 0.0);
  for (Point p : start.all_points()) {
    result.black_share[p] = owned.black[p] / total_playouts;
    result.white_share[p] = owned.white[p] / total_playouts;
  }
}

// Whether the walls of `fight` of colour `side` are kept by `side` in at least `dead_share` of
// the playouts: the readings cannot take walls, so a verdict that favours `side` stands only on
// walls that stand.
bool walls_hold(const Board& start, const ClosedFight& fight, Stone side, const Ownership& owners,
                const SettleOptions& options) {
  for (Point wall : fight.walls) {
    if (start.at(wall) == side && owners.of(side)[wall] < options.dead_share * options.playouts)
      return false;
  }
  return true;
}

// Step 5: small closed fights read out (reading.h). A chain in one is alive when the opponent
// moving first cannot take it, dead when he takes it whatever the defence. The reading cannot
// take the walls around the fight, so those of the side it favours (the opponent's for a dead
// chain, the chain's own for a living one) must not be dead themselves: the playouts must keep
// them. At most five times `read_budget` positions a search (a seki of two eyeless chains and a
// one-eyed group, 0124's right side, needs 18,800 and 18,000 for the first; 0204's O14 O13 P13,
// 19,636: four times it left that 2% of room) and no chain read once the board has used ten
// times it (0124's board uses 39,600), so that a board full of fights stays fast.
void read_closed_fights(const Board& start, const Life& life, const Ownership& owners,
                        const SettleOptions& options, Verdicts& verdicts) {
  long positions_left = 10L * options.read_budget;
  for (const ClosedFight& fight : closed_fights(start, options.read_empty)) {
    for (Point head : fight.chains) {
      const Stone s = start.at(head);
      if (life.of(s)[head] || verdicts.judged[head]) continue;
      if (positions_left <= 0) break;
      const ChainReading reading =
          read_chain(start, fight, head, std::min(5 * options.read_budget, positions_left));
      positions_left -= reading.positions;
      if (reading.attacker_first == Reading::undecided)
        break;  // the smaller ones are as hard (and slow)
      const bool dies = reading.attacker_first == Reading::dies;
      if (dies && reading.defender_first != Reading::dies)
        continue;  // whoever moves first wins: unsettled
      if (!walls_hold(start, fight, dies ? opponent(s) : s, owners, options)) continue;
      for (Point p : start.chain_stones(head)) {
        verdicts.judged[p] = true;
        verdicts.read[p] = true;
        verdicts.dead[p] = dies;
      }
    }
  }
}

// Step 4's verdict, chain by chain, for the chains step 5 has not judged and steps 1 and 2 have
// not found alive: dead when the opponent owns its points in at least `dead_share` of the
// playouts, or in most of them when it is walled in by the opponent (step 3); doubtful, for
// step 6, when
// its owner keeps it in fewer than `attack_below` of them; else alive, and uncertain when its
// owner keeps it in fewer than `dead_share`. Returns the doubtful chains, weakest first.
std::vector<Doubtful> judge_by_playouts(const Board& start, const Life& life,
                                        const std::vector<Stone>& closed, const Ownership& owned,
                                        const SettleOptions& options, Verdicts& verdicts) {
  const double total_playouts = playouts_counted(options);
  std::vector<Doubtful> doubtful;
  for (Point p : start.all_points()) {
    const Stone s = start.at(p);
    if ((s != Stone::black && s != Stone::white) || verdicts.judged[p]) continue;
    std::vector<Point> stones = start.chain_stones(p);
    for (Point q : stones) verdicts.judged[q] = true;
    if (life.of(s)[p]) continue;
    long own = 0;
    long other = 0;
    for (Point q : stones) {
      own += owned.of(s)[q];
      other += owned.of(opponent(s))[q];
    }
    const double total = static_cast<double>(stones.size()) * total_playouts;
    const double other_share = static_cast<double>(other) / total;
    const double own_share = static_cast<double>(own) / total;
    // Walled in by the other colour with no room for two eyes, and lost in most playouts.
    const bool walled_in = closed[p] == opponent(s) && other_share >= 0.5;
    if (other_share >= options.dead_share || walled_in) {
      for (Point q : stones) verdicts.dead[q] = true;
    } else if (own_share < options.attack_below && options.attack_playouts > 0) {
      doubtful.push_back({std::move(stones), own_share});
    } else if (own_share < options.dead_share) {
      for (Point q : stones) verdicts.uncertain[q] = true;
    }
  }
  std::stable_sort(doubtful.begin(), doubtful.end(),
                   [](const Doubtful& a, const Doubtful& b) { return a.own_share < b.own_share; });
  return doubtful;
}

// The share of the playouts in which the owner of the chain of `head` kept its points.
double share_kept(const Board& start, const Ownership& owners, Point head,
                  const SettleOptions& options) {
  const std::vector<Point> stones = start.chain_stones(head);
  long kept = 0;
  for (Point q : stones) kept += owners.of(start.at(head))[q];
  return static_cast<double>(kept) /
         (static_cast<double>(stones.size()) * playouts_counted(options));
}

// Step 5b's races: an opponent's chain its owner keeps in this share of the playouts or more
// is in no race they saw (0206's White chain: 81–85% in seeds 1–3).
constexpr double kRaceSeen = 0.9;

// Step 5b: a race the playouts lose for a group. A chain step 4 found dead is read in the race
// around its group (race_fight, reading.h) against the opponent's chains there next to its
// colour's stones that the playouts keep: when one of those dies whoever moves first, the
// chain is read again with that one taken off the board, the opponent moving first; if it lives
// so, the race is the group's (0206: White's eyeless H18 ... H17 dies whoever moves first, and
// Black's group lives once it is off; random playouts fill liberties no faster for the side that
// has the eye). Then the other chains of the fight are read again on that board: the opponent's
// that die whoever moves first are dead, and the group colour's step 4 found dead that live with
// the opponent first stand. At most sixteen times `read_budget` positions a search (0206's group
// needs 68,000 once the chain is off) and forty times it a board.
void read_lost_races(const Board& start, const Life& life, const Ownership& owners,
                     const SettleOptions& options, Verdicts& verdicts) {
  long positions_left = 40L * options.read_budget;
  const long per_search = 16L * options.read_budget;
  auto budget = [&] { return std::min(per_search, positions_left); };
  auto set_chain = [&](const Board& board, Point head, bool dead) {
    for (Point p : board.chain_stones(head)) {
      verdicts.judged[p] = true;
      verdicts.read[p] = true;
      verdicts.dead[p] = dead;
      verdicts.uncertain[p] = false;
    }
  };
  for (Point head : start.all_points()) {
    const Stone s = start.at(head);
    if ((s != Stone::black && s != Stone::white) || start.chain(head) != head ||
        !verdicts.dead[head] || verdicts.read[head] || life.of(s)[head] ||
        share_kept(start, owners, head, options) == 0.0) {
      continue;
    }
    const std::optional<ClosedFight> fight = race_fight(start, head, options.read_empty);
    if (!fight) continue;
    for (Point rival : fight->chains) {
      if (positions_left <= 0) return;
      const Stone other = start.at(rival);
      if (other != opponent(s) || verdicts.read[rival] || verdicts.dead[rival] ||
          life.of(other)[rival] || share_kept(start, owners, rival, options) >= kRaceSeen) {
        continue;
      }
      bool beside = false;  // next to a stone of the group's colour in the fight
      for (Point q : start.chain_stones(rival)) {
        for (Point r : start.neighbours(q)) {
          beside = beside || (start.at(r) == s && std::find(fight->area.begin(), fight->area.end(),
                                                            r) != fight->area.end());
        }
      }
      if (!beside) continue;
      const ChainReading rival_read = read_chain(start, *fight, rival, budget());
      positions_left -= rival_read.positions;
      if (rival_read.attacker_first != Reading::dies ||
          rival_read.defender_first != Reading::dies) {
        continue;
      }
      Board without = start;
      without.setup(start.chain_stones(rival), Stone::empty);
      long positions = 0;
      const Reading group_read =
          read_attack(without, *fight, head, budget(), KoTaking::both, positions);
      positions_left -= positions;
      if (group_read != Reading::lives || !walls_hold(start, *fight, s, owners, options)) continue;
      set_chain(start, rival, true);
      set_chain(start, head, false);
      for (Point chain : fight->chains) {
        if (positions_left <= 0 || verdicts.read[chain] || life.of(start.at(chain))[chain])
          continue;
        if (start.at(chain) == other) {
          const ChainReading read = read_chain(without, *fight, chain, budget());
          positions_left -= read.positions;
          if (read.attacker_first == Reading::dies && read.defender_first == Reading::dies)
            set_chain(start, chain, true);
        } else if (verdicts.dead[chain]) {
          long more = 0;
          const Reading read = read_attack(without, *fight, chain, budget(), KoTaking::both, more);
          positions_left -= more;
          if (read == Reading::lives) set_chain(start, chain, false);
        }
      }
      break;
    }
  }
}

// Step 6: a doubtful chain is dead when the opponent, playing first on one of its liberties,
// takes it in most playouts and no answer of its owner there saves it: at the end of a game
// both sides have stopped, so a chain that falls to the opponent's first move next to it was
// not going to be defended — unless it has an answer the random playouts miss (a group with
// room for two eyes that needs the right reply). (Random playouts alone let weak invaders of
// open areas live far too often.) The answers tried are the points next to the attacking move
// and the chain's liberties after it. The weakest chains are tested first, with no more attack
// playouts in all than ten times the first ones (the 340 real games need a thousand at most; a
// random 25×25 jumble would take 15 times that). Chains with many liberties (one move does not
// catch them), and those the budget does not reach, stay as the first playouts left them; an
// attack whose answers the budget does not reach stands.
class Attacks {
 public:
  Attacks(Playouts& runner, Random& random, const SettleOptions& options)
      : runner_(runner),
        random_(random),
        options_(options),
        budget_(10L * options.playouts),
        needed_(static_cast<int>(std::ceil(options.attack_survival * options.attack_playouts))) {}

  // Whether the doubtful chain falls to an attack; `dead` says which stones are dead so far.
  bool falls(const Board& start, const Doubtful& chain, const std::vector<bool>& dead) {
    const Point head = chain.stones.front();
    const Stone s = start.at(head);
    liberties_.clear();
    add_empty_neighbours(start, chain.stones, liberties_);
    // A chain next to a dead chain of the opponent's is in no danger from it: killing both
    // would leave the stones that did the capturing dead as well.
    bool beside_dead = false;
    for (Point q : chain.stones) {
      for (Point r : start.neighbours(q))
        beside_dead = beside_dead || (start.at(r) == opponent(s) && dead[r]);
    }
    const long cost = static_cast<long>(liberties_.size()) * options_.attack_playouts;
    if (liberties_.size() > kMostLibertiesAttacked || beside_dead || cost > budget_) return false;
    for (Point move : liberties_) {
      if (start.check(move, opponent(s)) || self_atari(start, move, opponent(s))) continue;
      Board after = start;
      after.play(move, opponent(s));
      if (after.at(head) == s && (survives(after, s, move, head) || has_answer(after, head, move)))
        continue;
      return true;
    }
    return false;
  }

 private:
  static constexpr std::size_t kMostLibertiesAttacked = 8;

  // Whether the chain at `head` survives in at least `attack_survival` of `attack_playouts`
  // playouts from `from` (`colour` to move, `last` the move that led there). Stops as soon as
  // the answer is known and charges the playouts it ran to the budget.
  bool survives(const Board& from, Stone colour, Point last, Point head) {
    const Stone owner = from.at(head);
    int kept = 0;
    for (int i = 0; i < options_.attack_playouts && kept < needed_ &&
                    kept + (options_.attack_playouts - i) >= needed_;
         ++i) {
      Board board = from;
      runner_.play(board, colour, last, random_);
      kept += board.at(head) == owner;
      --budget_;
    }
    return kept >= needed_;
  }

  // Whether the owner of the chain at `head` has an answer in `after`, the position the
  // opponent's move `attack` made.
  bool has_answer(const Board& after, Point head, Point attack) {
    const Stone s = after.at(head);
    answers_.clear();
    add_empty_neighbours(after, after.chain_stones(head), answers_);
    add_empty_neighbours(after, {attack}, answers_);
    for (Point answer : answers_) {
      if (budget_ < options_.attack_playouts) return false;
      if (after.check(answer, s) || self_atari(after, answer, s)) continue;
      Board board = after;
      board.play(answer, s);
      if (survives(board, opponent(s), answer, head)) return true;
    }
    return false;
  }

  Playouts& runner_;
  Random& random_;
  const SettleOptions& options_;
  long budget_;  // attack playouts left
  int needed_;   // playouts a chain must survive in
  std::vector<Point> liberties_;
  std::vector<Point> answers_;
};

void attack_doubtful_chains(const Board& start, Playouts& runner, Random& random,
                            const SettleOptions& options, const std::vector<Doubtful>& doubtful,
                            Verdicts& verdicts) {
  Attacks attacks(runner, random, options);
  for (const Doubtful& chain : doubtful) {
    if (verdicts.read[chain.stones.front()]) continue;  // read in a race (step 5b)
    const bool dead = attacks.falls(start, chain, verdicts.dead);
    for (Point q : chain.stones) {
      if (dead) {
        verdicts.dead[q] = true;
      } else {
        verdicts.uncertain[q] = chain.own_share < options.dead_share;
      }
    }
  }
}

// Step 2: the groups of both colours (settling.h), each chain of them read for life in its eye
// space, the opponent on every liberty outside it (read_inside, `alive`); a chain that lives so
// is alive. The groups with a chain not alive unconditionally are kept, with their readings, for
// step 7.
struct GroupReadings {
  std::vector<settling::EyeGroup> groups;
  std::vector<std::vector<settling::InsideReading>> alive;
};

GroupReadings read_groups_for_life(const Board& start, const SettleOptions& options, Life& life) {
  const GroupBudgets budgets(options);
  GroupReadings found;
  long positions = 0;
  for (Stone colour : {Stone::black, Stone::white}) {
    std::vector<bool>& alive = colour == Stone::black ? life.black : life.white;
    for (settling::EyeGroup& group : settling::eye_groups(start, colour, kEyeSpacePoints)) {
      bool all_alive = true;
      for (Point head : group.chains) all_alive = all_alive && alive[head];
      if (all_alive || positions > budgets.life_board) continue;
      std::vector<settling::InsideReading> readings = settling::read_inside(
          start, group, settling::InsideQuestion::alive, {}, budgets.life, positions);
      for (const settling::InsideReading& reading : readings) {
        if (reading.result != settling::Inside::lives) continue;
        for (Point q : start.chain_stones(reading.chain)) alive[q] = true;
      }
      found.groups.push_back(std::move(group));
      found.alive.push_back(std::move(readings));
    }
  }
  return found;
}

// A chain in atari whose owner saves it by filling its last liberty, which joins it to a living
// chain of its own (`is_dead` false for it) with two liberties or more: dead or not, it stands
// as a wall for whoever moves first (step 7) and at the end of the game (step 9 (b)).
template <class IsDead>
bool saved_by_connecting(const Board& board, const IsDead& is_dead, Point stone) {
  const Point head = board.chain(stone);
  if (!board.in_atari(head)) return false;
  const Stone colour = board.at(head);
  const Point liberty = board.atari_liberty(head);
  bool joins_living = false;
  for (Point q : board.neighbours(liberty)) {
    joins_living = joins_living || (board.at(q) == colour && !is_dead(q) && board.chain(q) != head);
  }
  if (!joins_living || board.check(liberty, colour)) return false;
  Board after = board;
  after.play(liberty, colour);
  return after.liberties(liberty) >= 2;
}

// The points of a group's eye space (its small regions) but those of the regions that open when
// the opponent moves first: a region next to a chain of the group in atari whose last liberty
// lies outside the eye space. The opponent takes that chain there, and the region runs out
// through its points to the open side: a false eye (0654's T14, beside White's T16 in atari at
// T17, with Black's T15 in it).
std::vector<Point> closed_eye_space(const Board& start, const settling::EyeGroup& group) {
  const auto in_eye_space = [&](Point p) {
    return std::find(group.eye_space.begin(), group.eye_space.end(), p) != group.eye_space.end();
  };
  const auto opens = [&](Point p) {
    for (Point q : start.neighbours(p)) {
      if (start.at(q) == group.colour && start.in_atari(q) &&
          !in_eye_space(start.atari_liberty(q))) {
        return true;
      }
    }
    return false;
  };
  std::vector<Point> kept;
  std::vector<Point> region;
  std::vector<Point> done;
  for (Point first : group.eye_space) {
    if (std::find(done.begin(), done.end(), first) != done.end()) continue;
    region.assign(1, first);
    done.push_back(first);
    bool open = false;
    for (std::size_t i = 0; i < region.size(); ++i) {
      open = open || opens(region[i]);
      for (Point q : start.neighbours(region[i])) {
        if (in_eye_space(q) && std::find(done.begin(), done.end(), q) == done.end()) {
          done.push_back(q);
          region.push_back(q);
        }
      }
    }
    if (!open) kept.insert(kept.end(), region.begin(), region.end());
  }
  return kept;
}

// The group's chains in parts joined only through the regions of its eye space that hold no
// living stone of the opponent (`is_dead` true for the dead ones), each part with those regions
// as its eye space and the rest of its liberties outside. A region holding the opponent's
// living stones (0167's Black corner chain R16 ... T18 with its eye T17, beside White's R14 and
// R19 chains) is room for an eye only after a race; until then the chains around it are apart.
template <class IsDead>
std::vector<settling::EyeGroup> split_at_occupied_regions(const Board& start,
                                                          const settling::EyeGroup& group,
                                                          const IsDead& is_dead) {
  const auto in_eye_space = [&](Point p) {
    return std::find(group.eye_space.begin(), group.eye_space.end(), p) != group.eye_space.end();
  };
  // Each chain's part (an index into `parts`), and the parts' free regions.
  std::vector<std::size_t> part_of(group.chains.size());
  std::iota(part_of.begin(), part_of.end(), std::size_t{0});
  const auto root = [&](std::size_t i) {
    while (part_of[i] != i) i = part_of[i];
    return i;
  };
  const auto chain_index = [&](Point stone) {
    const Point head = start.chain(stone);
    for (std::size_t i = 0; i < group.chains.size(); ++i) {
      if (start.chain(group.chains[i]) == head) return i;
    }
    return group.chains.size();
  };
  std::vector<std::vector<Point>> regions;
  std::vector<bool> free_region;
  std::vector<std::size_t> region_chain;  // a chain next to each region (an index)
  std::vector<Point> done;
  for (Point first : group.eye_space) {
    if (std::find(done.begin(), done.end(), first) != done.end()) continue;
    std::vector<Point> region{first};
    done.push_back(first);
    bool occupied = false;
    std::size_t touching = group.chains.size();
    std::vector<std::size_t> joined;
    for (std::size_t i = 0; i < region.size(); ++i) {
      const Stone s = start.at(region[i]);
      occupied = occupied || (s != Stone::empty && !is_dead(region[i]));
      for (Point q : start.neighbours(region[i])) {
        if (start.at(q) == group.colour) {
          const std::size_t c = chain_index(q);
          if (c < group.chains.size()) joined.push_back(c);
        } else if (in_eye_space(q) && std::find(done.begin(), done.end(), q) == done.end()) {
          done.push_back(q);
          region.push_back(q);
        }
      }
    }
    if (!joined.empty()) touching = joined.front();
    if (!occupied) {
      for (std::size_t c : joined) part_of[root(c)] = root(joined.front());
    }
    regions.push_back(std::move(region));
    free_region.push_back(!occupied);
    region_chain.push_back(touching);
  }
  std::vector<settling::EyeGroup> parts;
  std::vector<std::size_t> part_root;
  for (std::size_t i = 0; i < group.chains.size(); ++i) {
    const std::size_t r = root(i);
    auto at = std::find(part_root.begin(), part_root.end(), r);
    if (at == part_root.end()) {
      part_root.push_back(r);
      parts.push_back({group.colour, {}, {}, {}});
      at = part_root.end() - 1;
    }
    parts[static_cast<std::size_t>(at - part_root.begin())].chains.push_back(group.chains[i]);
  }
  for (std::size_t k = 0; k < regions.size(); ++k) {
    if (!free_region[k] || region_chain[k] >= group.chains.size()) continue;
    const auto at = std::find(part_root.begin(), part_root.end(), root(region_chain[k]));
    settling::EyeGroup& part = parts[static_cast<std::size_t>(at - part_root.begin())];
    part.eye_space.insert(part.eye_space.end(), regions[k].begin(), regions[k].end());
  }
  for (settling::EyeGroup& part : parts) {
    for (Point head : part.chains) {
      for (Point stone : start.chain_stones(head)) {
        for (Point q : start.neighbours(stone)) {
          if (start.at(q) == Stone::empty &&
              std::find(part.eye_space.begin(), part.eye_space.end(), q) == part.eye_space.end() &&
              std::find(part.outside.begin(), part.outside.end(), q) == part.outside.end()) {
            part.outside.push_back(q);
          }
        }
      }
    }
  }
  return parts;
}

// The stones of the chains of groups with no eye space at all that steps 1 and 2 did not find
// alive, per point: met by step 7's flood, they go with the group (0610's D6, a lone Black stone
// beside the corner). A chain that step 5 read alive is no such chain: it stops the flood like a
// living one.
std::vector<bool> eyeless_chains(const Board& start, const Life& life, const GroupReadings& found,
                                 const Verdicts& verdicts) {
  std::vector<bool> eyeless(static_cast<std::size_t>(start.stride() * start.stride()), false);
  for (const settling::EyeGroup& group : found.groups) {
    if (!group.eye_space.empty()) continue;
    for (Point head : group.chains) {
      const bool read_alive = verdicts.read[head] && !verdicts.dead[head];
      for (Point stone : start.chain_stones(head))
        eyeless[stone] = !life.of(group.colour)[stone] && !read_alive;
    }
  }
  return eyeless;
}

// Step 7: a group none of whose chains step 2 read alive, and not dead yet, is dead when it is
// enclosed and cannot live. Enclosed: the region flooded from its stones through empty points
// and stones already dead meets no stone of its colour (but for chains of groups with no eye
// space that steps 1 and 2 did not find alive: those join the group, and the flood starts
// again), no uncertain stone but an opponent's chain next to its stones or on its liberties (a
// race the reading takes in), and no empty point that its colour owns in half the playouts or
// more (its own area, or a border it holds as often as not; for the group's own liberties, which
// go with it in the playouts, in `dead_share` of them) — unless that point lies in a small
// empty region (eight points at most, through empty points alone) touching a stone of the
// opponent's that is not dead: no second eye is made there against the opponent moving first,
// whatever the playouts say (0610's lower-left corner); an opponent's chain saved_by_connecting()
// stops the flood like a living one (0009's T5: the playouts take it and own T6 beyond it, but
// Black moving first joins it to S6). Cannot live: it has room for one eye at most (eye space of
// one region of one or two points, or none; closed_eye_space() leaves out the regions a chain in
// atari opens) and no opponent chain next to it (or sharing a liberty with it) could lose a race to
// it or be in seki with it — each has more liberties not shared with the group than the group has,
// or two such liberties and is kept by its owner in nine playouts of ten (a chain whose only other
// liberty is an eye is in seki with a group with one eye that shares the rest); or else its largest
// chain is killed when read out (read_inside, `killed`). The game is over: what the opponent takes
// moving first is his.
void kill_enclosed_groups(const Board& start, const Life& life, const Ownership& owned,
                          const SettleOptions& options, const GroupReadings& found,
                          Verdicts& verdicts) {
  const double total_playouts = playouts_counted(options);
  const GroupBudgets budgets(options);
  const std::size_t n = static_cast<std::size_t>(start.stride() * start.stride());
  std::vector<char> seen(n, 0);
  std::vector<Point> region;
  std::vector<Point> liberties;
  std::vector<Point> counted;
  std::vector<bool> secure(n, false);
  long positions = 0;
  const auto dead_now = [&](Point p) { return static_cast<bool>(verdicts.dead[p]); };
  const std::vector<bool> eyeless = eyeless_chains(start, life, found, verdicts);
  // Whether the empty points reached from the empty point `p` through empty points alone are
  // few (an eye space's size at most) and touch a stone of `other` that is not dead: no eye can
  // be made there against the opponent moving first, however often the playouts leave it to
  // the group (0610's lower-left corner beside White's B5, B2 and B1).
  std::vector<Point> local;
  const auto contested = [&](Point p, Stone other) {
    local.assign(1, p);
    bool touches = false;
    for (std::size_t i = 0; i < local.size(); ++i) {
      for (Point q : start.neighbours(local[i])) {
        const Stone s = start.at(q);
        if (s == other && !verdicts.dead[q]) touches = true;
        if (s != Stone::empty || std::find(local.begin(), local.end(), q) != local.end()) continue;
        if (local.size() == kEyeSpacePoints) return false;
        local.push_back(q);
      }
    }
    return touches;
  };
  std::size_t group_stones = 0;  // the first points of `region`
  // Whether the opponent's chain at `q` races the group: next to its stones or on a liberty.
  const auto races = [&](Point q) {
    const auto group_end = region.begin() + static_cast<std::ptrdiff_t>(group_stones);
    for (Point t : start.chain_stones(q)) {
      for (Point u : start.neighbours(t)) {
        const bool group_stone = std::find(region.begin(), group_end, u) != group_end;
        if (group_stone || std::find(liberties.begin(), liberties.end(), u) != liberties.end())
          return true;
      }
    }
    return false;
  };
  // The flood from the group's stones (into `region`, its liberties into `liberties`): whether
  // the group is enclosed. An eyeless chain of its colour met on the way stops it, in
  // `absorbed`: the group is flooded again with that chain.
  const auto flood = [&](const settling::EyeGroup& group, Point& absorbed) {
    const Stone colour = group.colour;
    const Stone other = opponent(colour);
    std::fill(seen.begin(), seen.end(), 0);
    region.clear();
    liberties.clear();
    for (Point head : group.chains) {
      for (Point stone : start.chain_stones(head)) {
        seen[stone] = 1;
        region.push_back(stone);
        for (Point q : start.neighbours(stone)) {
          if (start.at(q) == Stone::empty &&
              std::find(liberties.begin(), liberties.end(), q) == liberties.end()) {
            liberties.push_back(q);
          }
        }
      }
    }
    group_stones = region.size();
    for (Point p : group.eye_space) seen[p] = 2;  // the group's own: not flooded
    bool enclosed = true;
    for (std::size_t i = 0; i < region.size() && enclosed; ++i) {
      for (Point q : start.neighbours(region[i])) {
        const Stone s = start.at(q);
        if (seen[q] || s == Stone::wall) continue;
        if (s == Stone::empty) {
          const bool liberty = std::find(liberties.begin(), liberties.end(), q) != liberties.end();
          const double share = liberty ? options.dead_share : 0.5;
          const bool owns = owned.of(colour)[q] >= share * total_playouts;
          enclosed = enclosed && (!owns || contested(q, other));
        } else if (!verdicts.dead[q] || (s == other && saved_by_connecting(start, dead_now, q))) {
          if (s == colour && eyeless[q]) {
            absorbed = start.chain(q);
            return false;
          }
          // An uncertain chain of the opponent's is a wall only when it races the group (next
          // to its stones or on one of its liberties): the reading takes it in.
          enclosed = enclosed && s == other && (!verdicts.uncertain[q] || races(q));
          continue;
        }
        seen[q] = 1;
        region.push_back(q);
      }
    }
    return enclosed;
  };
  // Whether the group is enclosed and cannot live (then its stones are dead).
  const auto kill = [&](settling::EyeGroup group) {
    // A chain that step 5 read alive to the end in its closed fight lives: this step's reading,
    // which fills the group's outside liberties for the opponent, is no match for it (0124's
    // one-eyed Black group in seki on the right side).
    for (Point head : group.chains) {
      if (verdicts.read[head] && !verdicts.dead[head]) return false;
    }
    const Stone other = opponent(group.colour);
    Point absorbed = kPass;
    bool enclosed = flood(group, absorbed);
    while (absorbed != kPass) {
      // The eyeless chain joins the group, with its liberties outside the eye space.
      group.chains.push_back(absorbed);
      for (Point stone : start.chain_stones(absorbed)) {
        for (Point q : start.neighbours(stone)) {
          if (start.at(q) == Stone::empty &&
              std::find(group.eye_space.begin(), group.eye_space.end(), q) ==
                  group.eye_space.end() &&
              std::find(group.outside.begin(), group.outside.end(), q) == group.outside.end()) {
            group.outside.push_back(q);
          }
        }
      }
      absorbed = kPass;
      enclosed = flood(group, absorbed);
    }
    if (!enclosed) return false;
    const int group_liberties = static_cast<int>(liberties.size());
    // Room for one eye at most, in the eye space that stays closed when the opponent moves first.
    const std::vector<Point> eye_space = closed_eye_space(start, group);
    const std::size_t eye_points = eye_space.size();
    bool one_eye = eye_points <= 2;
    if (eye_points == 2) {
      const auto around = start.neighbours(eye_space.front());
      one_eye = std::find(around.begin(), around.end(), eye_space.back()) != around.end();
    }
    // The opponent's chains next to the group or sharing a liberty with it, outside its eye space:
    // can any lose a race to it? `secure` marks, for the reading, those that share no liberty
    // with it and that their owner keeps in nine playouts of ten (a chain sharing liberties may be
    // in seki with it: the playouts never fill a shared liberty that puts two stones in atari).
    std::fill(secure.begin(), secure.end(), false);
    bool no_race = true;
    for (std::size_t i = 0; i < group_stones; ++i) {
      for (Point q : start.neighbours(region[i])) {
        std::array<Point, 5> next{q, kPass, kPass, kPass, kPass};
        if (start.at(q) == Stone::empty) {
          const auto around = start.neighbours(q);
          std::copy(around.begin(), around.end(), next.begin() + 1);
        }
        for (Point r : next) {
          if (r == kPass || start.at(r) != other || verdicts.dead[r] || seen[r] == 2) continue;
          const Point head = start.chain(r);
          int own = 0;
          int shared = 0;
          counted.clear();
          for (Point t : start.chain_stones(head)) {
            for (Point u : start.neighbours(t)) {
              if (start.at(u) != Stone::empty ||
                  std::find(counted.begin(), counted.end(), u) != counted.end()) {
                continue;
              }
              counted.push_back(u);
              const bool theirs_only =
                  std::find(liberties.begin(), liberties.end(), u) == liberties.end();
              (theirs_only ? own : shared) += 1;
            }
          }
          const bool kept = owned.of(other)[head] >= 0.9 * total_playouts;
          secure[head] = shared == 0 && kept;
          no_race = no_race && (own > group_liberties || (own >= 2 && kept));
        }
      }
    }
    bool dead = one_eye && no_race;
    if (!dead) {
      const std::vector<settling::InsideReading> readings =
          settling::read_inside(start, group, settling::InsideQuestion::killed, secure,
                                positions > budgets.kill_board ? 0 : budgets.kill, positions);
      dead = !readings.empty() && readings.front().result == settling::Inside::dies;
    }
    if (!dead) return false;
    for (Point head : group.chains) {
      for (Point stone : start.chain_stones(head)) {
        verdicts.dead[stone] = true;
        verdicts.uncertain[stone] = false;
      }
    }
    return true;
  };
  for (std::size_t g = 0; g < found.groups.size(); ++g) {
    const settling::EyeGroup& group = found.groups[g];
    bool all_dead = true;
    bool lives = false;
    for (const settling::InsideReading& reading : found.alive[g]) {
      all_dead = all_dead && verdicts.dead[reading.chain];
      lives = lives || reading.result == settling::Inside::lives;
    }
    if (all_dead || lives || kill(group) || group.chains.size() < 2) continue;
    // The group as a whole lives: its chains joined only through a region that holds the
    // opponent's living stones may not (that region is an eye only once those are taken, which
    // is a race of its own): each part is judged alone.
    for (const settling::EyeGroup& part : split_at_occupied_regions(start, group, dead_now)) {
      if (part.chains.size() < group.chains.size()) kill(part);
    }
  }
}

// Step 7b: a group alone in the opponent's sphere, read with its border closed. A group that
// step 7 left, none of whose chains is alive, dead or read yet (steps 1, 2, 4 and 5), whose
// region flooded from its stones through empty points and dead stones meets the opponent's
// living stones, none of them uncertain, and no stone of its own colour (but chains with no eye
// space, which go with it, as in step 7) cannot join anything of its own, whatever share of
// the playouts keeps it. Its room is its liberties and the empty points reached from them
// through points the opponent owns in fewer than half the playouts (at most twice `read_empty`
// of them). When the region holds more empty points beyond the room than in it (the opponent's
// sphere, not an area of the group's own) and the room opens onto it at one or two points,
// those points, which the opponent owns in most playouts, get his stones: the group makes no
// eye there, and a narrow opening is all the opponent is given. The race around the group on
// that board (race_fight, holding all its stones) is read out, and the group is dead when its
// largest chain dies whoever moves first and the opponent's walls stand in the playouts.
// 0612's lower-left corner: Black's B4 B3 C3 D3, D1 and E2 F2 beside White's D2 (in atari) and
// B1, open at A5 to White's unfinished 35-point region on the left. The playouts keep Black's
// stones in 72-84% of them; closed at A5, they die whoever moves first (76,000 positions).
// Each of a reading's two searches stops at thirty times `read_budget` positions, and no group
// is read once the board has used as many.
void read_groups_alone(const Board& start, const Life& life, const Ownership& owned,
                       const SettleOptions& options, const GroupReadings& found,
                       Verdicts& verdicts) {
  const double total_playouts = playouts_counted(options);
  const std::size_t most_room = static_cast<std::size_t>(2 * options.read_empty);
  const std::vector<bool> eyeless = eyeless_chains(start, life, found, verdicts);
  std::vector<char> seen(static_cast<std::size_t>(start.stride() * start.stride()), 0);
  std::vector<Point> region;
  std::vector<Point> room;
  std::vector<Point> border;
  const auto in = [](const std::vector<Point>& points, Point p) {
    return std::find(points.begin(), points.end(), p) != points.end();
  };
  // A gap of one or two points is closed; a room open more widely is no enclosure.
  constexpr std::size_t kMostClosed = 2;
  const GroupBudgets budgets(options);
  long positions_left = budgets.kill;
  for (std::size_t g = 0; g < found.groups.size() && positions_left > 0; ++g) {
    const settling::EyeGroup& group = found.groups[g];
    const Stone colour = group.colour;
    const Stone other = opponent(colour);
    bool unsettled = true;
    for (const settling::InsideReading& reading : found.alive[g])
      unsettled = unsettled && reading.result != settling::Inside::lives;
    for (Point head : group.chains) {
      unsettled =
          unsettled && !life.of(colour)[head] && !verdicts.dead[head] && !verdicts.read[head];
    }
    if (!unsettled) continue;
    // The flood; `region` starts with the group's stones and takes in the eyeless chains met.
    std::fill(seen.begin(), seen.end(), 0);
    region.clear();
    for (Point head : group.chains) {
      for (Point stone : start.chain_stones(head)) {
        seen[stone] = 1;
        region.push_back(stone);
      }
    }
    bool alone = true;
    bool bordered = false;  // by a living stone of the opponent's
    for (std::size_t i = 0; i < region.size() && alone; ++i) {
      for (Point q : start.neighbours(region[i])) {
        const Stone s = start.at(q);
        if (seen[q] || s == Stone::wall) continue;
        if (s == other && !verdicts.dead[q]) {
          alone = alone && !verdicts.uncertain[q];
          bordered = true;
          continue;
        }
        alone = alone && (s != colour || verdicts.dead[q] || eyeless[q]);
        seen[q] = 1;
        region.push_back(q);
      }
    }
    if (!alone || !bordered) continue;
    const auto group_stone = [&](Point p) { return start.at(p) == colour && !verdicts.dead[p]; };
    // Its room: its liberties, then the points the opponent does not hold in most playouts.
    room.clear();
    Point largest = kPass;
    for (Point p : region) {
      if (!group_stone(p)) continue;
      if (largest == kPass || start.chain_size(p) > start.chain_size(largest)) largest = p;
      for (Point q : start.neighbours(p)) {
        if (start.at(q) == Stone::empty && !in(room, q)) room.push_back(q);
      }
    }
    for (std::size_t i = 0; i < room.size() && room.size() <= most_room; ++i) {
      for (Point q : start.neighbours(room[i])) {
        if (start.at(q) == Stone::empty && !in(room, q) &&
            owned.of(other)[q] < 0.5 * total_playouts) {
          room.push_back(q);
        }
      }
    }
    if (room.size() > most_room) continue;
    border.clear();
    for (Point p : room) {
      for (Point q : start.neighbours(p)) {
        if (start.at(q) == Stone::empty && !in(room, q) && !in(border, q)) border.push_back(q);
      }
    }
    std::size_t sphere = 0;  // the region's empty points outside the room
    for (Point p : region) sphere += start.at(p) == Stone::empty && !in(room, p) ? 1 : 0;
    if (border.empty() || border.size() > kMostClosed || sphere <= room.size()) continue;
    Board closed = start;
    closed.setup(border, other);
    bool legal = true;
    for (Point p : border) {
      legal = legal && closed.liberties(p) > 0;
      for (Point q : closed.neighbours(p)) {
        const Stone s = closed.at(q);
        legal = legal && (s == Stone::wall || s == Stone::empty || closed.liberties(q) > 0);
      }
    }
    if (!legal) continue;
    const std::optional<ClosedFight> fight =
        race_fight(closed, largest, static_cast<int>(most_room));
    if (!fight) continue;
    bool holds = true;
    for (Point p : region) holds = holds && (!group_stone(p) || in(fight->area, p));
    // The opponent's walls stand in the playouts (the stones put on the border aside).
    for (Point wall : fight->walls) {
      if (closed.at(wall) != other) continue;
      for (Point stone : closed.chain_stones(wall)) {
        holds = holds && (start.at(stone) != other ||
                          owned.of(other)[stone] >= options.dead_share * total_playouts);
      }
    }
    if (!holds) continue;
    const ChainReading reading =
        read_chain(closed, *fight, largest, std::min(budgets.kill, positions_left));
    positions_left -= reading.positions;
    if (reading.attacker_first != Reading::dies || reading.defender_first != Reading::dies)
      continue;
    for (Point p : region) {
      if (!group_stone(p)) continue;
      verdicts.dead[p] = true;
      verdicts.uncertain[p] = false;
    }
  }
}

// The verdicts as the settlement lists them (sorted).
void list_verdicts(const Board& start, const Verdicts& verdicts, Settlement& result) {
  for (Point p : start.all_points()) {
    if (verdicts.dead[p]) result.dead.push_back(p);
    if (verdicts.uncertain[p]) result.uncertain.push_back(p);
  }
}

// Step 10: seki — a living chain (not alive unconditionally) next to an empty point that touches
// the opponent's living stones and that, in most playouts, stays empty and owned by neither.
std::vector<Point> find_seki(const Board& start, const Life& life, const Ownership& owned,
                             const std::vector<bool>& dead, const SettleOptions& options) {
  const double total_playouts = playouts_counted(options);
  std::vector<Point> seki_stones;
  for (Point p : start.all_points()) {
    const Stone s = start.at(p);
    if ((s != Stone::black && s != Stone::white) || dead[p]) continue;
    if (life.of(s)[p]) continue;
    bool seki = false;
    for (Point q : start.neighbours(p)) {
      if (start.at(q) != Stone::empty) continue;
      bool touches_other = false;
      for (Point r : start.neighbours(q))
        touches_other = touches_other || (start.at(r) == opponent(s) && !dead[r]);
      const double neither = 1.0 - (owned.black[q] + owned.white[q]) / total_playouts;
      if (touches_other && neither >= 0.5) seki = true;
    }
    if (seki) seki_stones.push_back(p);
  }
  return seki_stones;
}

}  // namespace

Settlement settle(const Board& start, Stone to_move, const SettleOptions& options) {
  Settlement result;
  // 1. The chains alive unconditionally: never called dead.
  Life life{benson_alive(start, Stone::black), benson_alive(start, Stone::white)};
  // 2. Groups that live in their own eye space, whatever the opponent does outside: alive too.
  const GroupReadings groups = read_groups_for_life(start, options, life);
  // 3. Areas walled in by one colour are that colour's: in a finished game an invasion there has
  // failed or was never tried, so the playouts do not invade them (random invasions of large
  // territories live far too often); the owner's moves there take the invaders off.
  const std::vector<Stone> closed = settling::walled_areas(start, life.black, life.white);
  // 4. The playouts: each point's final owner.
  Playouts runner(start, closed);
  Random random(options.seed);
  const Ownership owned = settling::count_owners(runner, start, to_move, options.playouts, random);
  record_shares(start, owned, options, result);
  Verdicts verdicts(static_cast<std::size_t>(start.stride() * start.stride()));
  // 5. Small closed fights read out, before the playouts judge the chains in them.
  if (options.read_empty > 0) read_closed_fights(start, life, owned, options, verdicts);
  // 4, continued: every other chain judged by the playouts.
  const std::vector<Doubtful> doubtful =
      judge_by_playouts(start, life, closed, owned, options, verdicts);
  // 5b. Races the playouts lost for a group, read out.
  if (options.read_empty > 0) read_lost_races(start, life, owned, options, verdicts);
  // 6. The doubtful chains attacked.
  attack_doubtful_chains(start, runner, random, options, doubtful, verdicts);
  // 7. Enclosed groups that cannot live.
  kill_enclosed_groups(start, life, owned, options, groups, verdicts);
  // 7b. Groups alone in the opponent's sphere, read with their border closed.
  if (options.read_empty > 0) read_groups_alone(start, life, owned, options, groups, verdicts);
  list_verdicts(start, verdicts, result);
  // 8. Uncertain stones cut off in the opponent's area.
  count_cut_off_dead(start, result);
  // 9. Dead stones that stand: in their own side's area, or saved by a neutral point.
  spare_standing_stones(start, result);
  std::fill(verdicts.dead.begin(), verdicts.dead.end(), false);
  for (Point p : result.dead) verdicts.dead[p] = true;
  // 10. Seki among the living chains.
  result.seki = find_seki(start, life, owned, verdicts.dead, options);
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
    const std::vector<double>& share =
        board.at(p) == Stone::black ? settlement.black_share : settlement.white_share;
    return p < share.size() ? share[p] : 0.0;
  };
  std::vector<Point> heads;
  for (Point p : settlement.uncertain) {
    if (!dead[p] && std::find(heads.begin(), heads.end(), board.chain(p)) == heads.end())
      heads.push_back(board.chain(p));
  }
  std::stable_sort(heads.begin(), heads.end(),
                   [&](Point a, Point b) { return own_share(a) < own_share(b); });
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
          // The opponent's stones counted dead there are taken by these: a fight, not an area.
          cut_off = cut_off && !(s == opponent(colour) && dead[q]);
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

namespace boardgames::go {

void spare_standing_stones(const Board& board, Settlement& settlement) {
  const std::size_t n = static_cast<std::size_t>(board.stride() * board.stride());
  std::vector<char> dead(n, 0);
  for (Point p : settlement.dead) dead[p] = 1;
  std::vector<char> seen(n, 0);
  std::vector<Point> region;
  // (b): the owner fills the last liberty and the chain joins a living one, with two liberties.
  const auto is_dead = [&](Point p) { return dead[p] != 0; };
  // (a): the region reached through empty points and dead stones meets living stones of the
  // chain's colour and none of the other's.
  const auto in_own_area = [&](Point head) {
    const Stone colour = board.at(head);
    std::fill(seen.begin(), seen.end(), 0);
    region.assign(1, head);
    seen[head] = 1;
    bool own = false;
    for (std::size_t i = 0; i < region.size(); ++i) {
      for (Point q : board.neighbours(region[i])) {
        const Stone s = board.at(q);
        if (seen[q] || s == Stone::wall) continue;
        if (s == Stone::empty || dead[q]) {
          seen[q] = 1;
          region.push_back(q);
        } else if (s == colour) {
          own = true;
        } else {
          return false;
        }
      }
    }
    return own;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    for (Point head : board.all_points()) {
      if (!dead[head] || board.chain(head) != head) continue;
      if (!saved_by_connecting(board, is_dead, head) && !in_own_area(head)) continue;
      for (Point q : board.chain_stones(head)) dead[q] = 0;
      changed = true;
    }
  }
  std::erase_if(settlement.dead, [&](Point p) { return !dead[p]; });
}

}  // namespace boardgames::go
