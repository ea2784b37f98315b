#include "boardgames/go/reading.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace boardgames::go {

namespace {

// A chain sharing a liberty with a fight joins it with at most this many liberties outside it;
// one only touching its stones, with at most the second. The others are walls.
constexpr std::size_t kMostRaceLiberties = 4;
constexpr std::size_t kMostTouchingLiberties = 1;

// Which chains a fight's races take in: closed_fights' any chain of either colour with few
// liberties; race_fight's the opponent's, and the defender's only when in atari (its other
// chains are walls: the race is read for the group, not for everything short of liberties
// around it).
enum class Joining : std::uint8_t { either_colour, opponent_only };

// Grows fights from seeds, with scratch space kept from one to the next.
class FightGrower {
 public:
  explicit FightGrower(const Board& board)
      : board_(board), in_area_(static_cast<std::size_t>(board.stride() * board.stride()), -1) {}

  // The fight grown from the stone at `seed` (closed_fights describes how), or false when it
  // passes the limits. `seeded`, when given, marks the seed colour's stones the flood reached.
  bool grow(Point seed, int most_empty, Joining joining, std::vector<bool>* seeded,
            ClosedFight& fight) {
    const Stone defender = board_.at(seed);
    const Stone attacker = opponent(defender);
    ++flood_;
    fight = ClosedFight{};
    int empties = 0;
    auto add = [&](Point p) {
      in_area_[p] = flood_;
      fight.area.push_back(p);
      if (board_.at(p) == Stone::empty) ++empties;
    };
    auto add_chain = [&](Point head) {
      for (Point stone : board_.chain_stones(head)) {
        if (in_area_[stone] != flood_) add(stone);
      }
    };
    // The flood: the defender's stones and empty points, then the attacker's chains with every
    // liberty inside, then on from their stones.
    add(seed);
    around_.clear();
    std::size_t next = 0;
    bool grew = true;
    while (grew && empties <= most_empty) {
      for (; next < fight.area.size() && empties <= most_empty; ++next) {
        const Point p = fight.area[next];
        if (seeded != nullptr && board_.at(p) == defender) (*seeded)[p] = true;
        for (Point q : board_.neighbours(p)) {
          const Stone s = board_.at(q);
          if (s == Stone::wall || in_area_[q] == flood_) continue;
          if (s == attacker) {
            const Point head = board_.chain(q);
            if (std::find(around_.begin(), around_.end(), head) == around_.end()) {
              around_.push_back(head);
            }
          } else {
            add(q);
          }
        }
      }
      grew = false;
      for (Point& head : around_) {
        if (head == kPass || empties > most_empty) continue;
        liberties_outside(head);
        if (!outside_.empty()) continue;
        add_chain(head);
        head = kPass;
        grew = true;
      }
    }
    if (empties > most_empty) return false;
    // Races: a chain of either colour sharing a liberty with the area and with few liberties
    // outside it can be taken by moves there too, and so can one in atari next to the area's
    // stones (taking it may make an eye): those liberties and the chain join the area, until no
    // such chain is left (or the area grows past twice the room: no closed fight).
    grew = true;
    while (grew && empties <= 2 * most_empty) {
      grew = false;
      around_.clear();
      sharing_.clear();
      for (Point p : fight.area) {
        for (Point q : board_.neighbours(p)) {
          const Stone s = board_.at(q);
          if ((s != Stone::black && s != Stone::white) || in_area_[q] == flood_) continue;
          const Point head = board_.chain(q);
          if (std::find(around_.begin(), around_.end(), head) == around_.end()) {
            around_.push_back(head);
          }
          if (board_.at(p) == Stone::empty &&
              std::find(sharing_.begin(), sharing_.end(), head) == sharing_.end()) {
            sharing_.push_back(head);
          }
        }
      }
      for (Point head : around_) {
        if (joining == Joining::opponent_only && board_.at(head) == defender &&
            !board_.in_atari(head)) {
          continue;
        }
        liberties_outside(head);
        const bool shares = std::find(sharing_.begin(), sharing_.end(), head) != sharing_.end();
        if (outside_.size() > (shares ? kMostRaceLiberties : kMostTouchingLiberties)) continue;
        // With the empty points reached from those liberties through empty points: a stone
        // played on one would otherwise have liberties the search can never fill (0259's Q2,
        // whose Q1 outside let a White stone there stand, so Black's S1 was read dead whoever
        // moved first). A liberty open to a wide region makes the fight too big: it is dropped
        // (the flood stops one point past the size limit).
        const std::size_t most = static_cast<std::size_t>(2 * most_empty) + 1;
        for (std::size_t k = 0; k < outside_.size() && outside_.size() <= most; ++k) {
          for (Point r : board_.neighbours(outside_[k])) {
            if (board_.at(r) == Stone::empty && in_area_[r] != flood_ &&
                std::find(outside_.begin(), outside_.end(), r) == outside_.end()) {
              outside_.push_back(r);
            }
          }
        }
        for (Point q : outside_) add(q);
        add_chain(head);
        grew = true;
      }
    }
    if (empties > 2 * most_empty) return false;
    fight.walls = around_;  // the last round found no chain to join: the rest are walls
    for (Point p : fight.area) {
      const Stone s = board_.at(p);
      if ((s == Stone::black || s == Stone::white) && board_.chain(p) == p) {
        fight.chains.push_back(p);
      }
    }
    std::stable_sort(fight.chains.begin(), fight.chains.end(),
                     [&](Point a, Point b) { return board_.chain_size(a) > board_.chain_size(b); });
    return true;
  }

 private:
  // Fills `outside_` with the liberties of the chain of `head` outside the area.
  void liberties_outside(Point head) {
    outside_.clear();
    for (Point stone : board_.chain_stones(head)) {
      for (Point q : board_.neighbours(stone)) {
        if (board_.at(q) == Stone::empty && in_area_[q] != flood_ &&
            std::find(outside_.begin(), outside_.end(), q) == outside_.end()) {
          outside_.push_back(q);
        }
      }
    }
  }

  const Board& board_;
  std::vector<int> in_area_;  // the number of the flood a point is in
  int flood_ = -1;
  std::vector<Point> around_;   // chains next to the area, not (yet) in it
  std::vector<Point> outside_;  // a chain's liberties outside the area
  std::vector<Point> sharing_;  // chains next to the area's empty points
};

}  // namespace

std::vector<ClosedFight> closed_fights(const Board& board, int most_empty) {
  std::vector<bool> seeded(static_cast<std::size_t>(board.stride() * board.stride()), false);
  FightGrower grower(board);
  std::vector<ClosedFight> fights;
  ClosedFight fight;
  for (Point seed : board.all_points()) {
    const Stone s = board.at(seed);
    if ((s != Stone::black && s != Stone::white) || seeded[seed]) continue;
    if (!grower.grow(seed, most_empty, Joining::either_colour, &seeded, fight)) continue;
    for (Point p : fight.area) seeded[p] = board.at(p) != Stone::empty;  // one fight for one area
    fights.push_back(std::move(fight));
  }
  return fights;
}

std::optional<ClosedFight> race_fight(const Board& board, Point seed, int most_empty) {
  const Stone s = board.at(seed);
  if (s != Stone::black && s != Stone::white) return std::nullopt;
  FightGrower grower(board);
  ClosedFight fight;
  if (!grower.grow(seed, most_empty, Joining::opponent_only, nullptr, fight)) return std::nullopt;
  return fight;
}

namespace {

// Proof-number search (Allis 1994) over the fight's game graph: it expands the position whose
// solving would settle the most, so a search stopped early has not spent itself on one
// hopeless line the way depth-first search does. A position reached by different orders of the
// same moves is one node (a race's liberties can be filled in any order: 0204's race, read as a
// tree, held ten copies of each position). A node keeps every move of its position; the
// positions on the line followed decide which of them repeat (positional superko): a move that
// repeats one on the line is not followed, and a node's numbers are summed over the moves that
// do not, on the line that updates them. A position once solved keeps its result wherever it is
// met, which is exact where no position repeats on the lines that solved it (the history then
// changes nothing) and an approximation where one does, in a ko (the graph-history interaction
// of the literature).
class ProofSearch {
 public:
  ProofSearch(const Board& board, const ClosedFight& fight, Point target, long node_budget,
              KoTaking kos = KoTaking::both)
      : root_(board),
        board_(board),
        next_(board),
        defender_(board.at(target)),
        attacker_(opponent(board.at(target))),
        target_(target),
        budget_(node_budget),
        kos_(kos),
        area_(fight.area),
        attacker_only_(fight.attacker_only) {
    std::sort(area_.begin(), area_.end());
    std::sort(attacker_only_.begin(), attacker_only_.end());
  }

  long positions() const { return static_cast<long>(nodes_.size()) - kRoot - outcomes_; }

  Reading read(Stone first) {
    nodes_.clear();
    edges_.clear();
    index_.clear();
    outcomes_ = 0;
    nodes_.push_back({0, kInfinity, 0, -1, 0, first, false, true});  // kStands
    nodes_.push_back({root_.hash(), 1, 1, -1, 0, first, false, false});
    std::vector<int> line;
    std::vector<std::uint64_t> hashes;  // the board on the line, position by position
    while (nodes_[kRoot].proof != 0 && nodes_[kRoot].disproof != 0 && positions() <= budget_) {
      // Down to the most proving position: the attacker's move needing the fewest proofs, the
      // defender's needing the fewest disproofs, among those that repeat no position on the line.
      line.assign(1, kRoot);
      hashes.assign(1, root_.hash());
      took_.assign(1, 0);
      board_ = root_;
      while (nodes_[static_cast<std::size_t>(line.back())].expanded) {
        const Node& node = nodes_[static_cast<std::size_t>(line.back())];
        const int best = best_edge(node, hashes);
        // None open: every move left is solved (some perhaps on another line). The update
        // below solves the node, so that each round expands a node or solves one.
        if (best < 0) break;
        const Edge& edge = edges_[static_cast<std::size_t>(best)];
        if (edge.move != kPass) board_.play(edge.move, node.to_move);
        line.push_back(edge.child);
        hashes.push_back(board_.hash());
        took_.push_back(static_cast<char>(took_.back() != 0 || edge.takes));
      }
      const Node& last = nodes_[static_cast<std::size_t>(line.back())];
      if (!last.expanded) expand(line.back(), hashes);
      for (std::size_t k = line.size(); k-- > 0;) {
        hashes.resize(k + 1);
        update(nodes_[static_cast<std::size_t>(line[k])], hashes);
      }
    }
    if (nodes_[kRoot].proof == 0) return Reading::dies;
    if (nodes_[kRoot].disproof == 0) return Reading::lives;
    return Reading::undecided;
  }

 private:
  static constexpr std::uint32_t kInfinity = 1u << 30;
  static constexpr int kStands = 0;  // two passes in a row: the target stands
  static constexpr int kRoot = 1;    // the first position: the nodes before it are none

  struct Node {
    std::uint64_t hash;      // of the board
    std::uint32_t proof;     // positions still to solve to show the target taken
    std::uint32_t disproof;  // to show it stands
    int first_edge;
    int edges;
    Stone to_move;
    bool after_pass;
    bool expanded;  // the outcomes count as expanded: they have no moves
  };
  struct Edge {
    int child;
    Point move;  // kPass for a pass
    bool takes;  // the move took stones
  };

  static std::uint32_t add(std::uint32_t a, std::uint32_t b) { return std::min(kInfinity, a + b); }

  bool may_take_ko(Stone side) const { return kos_ == KoTaking::both || side == attacker_; }

  // Whether the move of `edge` repeats a position of the line (`hashes`, the last the node's).
  // Without a capture on the line or by the move, the stones only grow in number along the line
  // (a pass adds none, a move one) and the move's position has more than any before: none can
  // repeat, and the line is not searched.
  bool repeats(const Edge& edge, const std::vector<std::uint64_t>& hashes) const {
    if (edge.move == kPass) return false;
    if (!edge.takes && took_[hashes.size() - 1] == 0) return false;
    const std::uint64_t hash = nodes_[static_cast<std::size_t>(edge.child)].hash;
    return std::find(hashes.begin(), hashes.end(), hash) != hashes.end();
  }

  // The move to follow from `node` on the line: the best of those that repeat nothing and lead
  // to a position not yet solved; -1 when none does.
  int best_edge(const Node& node, const std::vector<std::uint64_t>& hashes) const {
    const bool attacking = node.to_move == attacker_;
    int best = -1;
    std::uint32_t best_value = kInfinity + 1;  // a sum may reach kInfinity unsolved
    for (int e = node.first_edge; e < node.first_edge + node.edges; ++e) {
      const Edge& edge = edges_[static_cast<std::size_t>(e)];
      if (repeats(edge, hashes)) continue;
      const Node& child = nodes_[static_cast<std::size_t>(edge.child)];
      if (child.proof == 0 || child.disproof == 0) continue;
      const std::uint32_t value = attacking ? child.proof : child.disproof;
      if (value < best_value) {
        best_value = value;
        best = e;
      }
    }
    return best;
  }

  // Whether the chain of `target` has two eyes of one point each (empty points all of whose
  // neighbours are its stones or the edge): the opponent can play in neither, so it can never be
  // taken.
  static bool two_eyes(const Board& board, Point target) {
    const Point head = board.chain(target);
    Point eye = kPass;
    for (Point stone : board.chain_stones(target)) {
      for (Point q : board.neighbours(stone)) {
        if (board.at(q) != Stone::empty || q == eye) continue;
        bool closed = true;
        for (Point r : board.neighbours(q)) {
          const Stone s = board.at(r);
          closed = closed && (s == Stone::wall || (s != Stone::empty && board.chain(r) == head));
        }
        if (!closed) continue;
        if (eye != kPass) return true;
        eye = q;
      }
    }
    return false;
  }

  // The move at p, which took `captured` stones, took a ko: one stone, and the stone played is
  // alone in atari (the other side could take it back at once).
  static bool takes_ko(const Board& after, Point p, int captured) {
    return captured == 1 && after.chain_size(p) == 1 && after.in_atari(p);
  }

  // The node's numbers from its moves' that repeat no position of the line (`hashes`).
  void update(Node& node, const std::vector<std::uint64_t>& hashes) {
    if (!node.expanded || node.first_edge < 0) return;
    const bool attacking = node.to_move == attacker_;
    std::uint32_t sum = 0;
    std::uint32_t least = kInfinity;
    for (int e = node.first_edge; e < node.first_edge + node.edges; ++e) {
      const Edge& edge = edges_[static_cast<std::size_t>(e)];
      if (repeats(edge, hashes)) continue;
      const Node& child = nodes_[static_cast<std::size_t>(edge.child)];
      sum = add(sum, attacking ? child.disproof : child.proof);
      least = std::min(least, attacking ? child.proof : child.disproof);
    }
    node.proof = attacking ? least : sum;
    node.disproof = attacking ? sum : least;
  }

  static std::uint64_t key(std::uint64_t hash, Stone to_move, bool after_pass) {
    return hash ^ (to_move == Stone::black ? 0x9e3779b97f4a7c15ULL : 0x7f4a7c159e3779b9ULL) ^
           (after_pass ? 0xc2b2ae3d27d4eb4fULL : 0);
  }

  // The node of the position `board` with `to_move` to move, made with the numbers given if new.
  int node_of(const Board& board, Stone to_move, bool after_pass, std::uint32_t proof,
              std::uint32_t disproof) {
    const auto [at, added] =
        index_.try_emplace(key(board.hash(), to_move, after_pass), static_cast<int>(nodes_.size()));
    if (added) nodes_.push_back({board.hash(), proof, disproof, -1, 0, to_move, after_pass, false});
    return at->second;
  }

  // The node of a position where the fight is over, the target taken or with two eyes (it can
  // never be taken), with `to_move` to move; made if new. Outcomes are not counted as positions.
  int outcome_of(const Board& board, Stone to_move, bool taken) {
    const auto [at, added] =
        index_.try_emplace(key(board.hash(), to_move, false), static_cast<int>(nodes_.size()));
    if (added) {
      nodes_.push_back({board.hash(), taken ? 0 : kInfinity, taken ? kInfinity : 0, -1, 0, to_move,
                        false, true});
      ++outcomes_;
    }
    return at->second;
  }

  // Adds the moves of the node `at`, whose position is `board_` (`hashes` the line to it).
  void expand(int at, const std::vector<std::uint64_t>& hashes) {
    const Board& board = board_;
    const Stone to_move = nodes_[static_cast<std::size_t>(at)].to_move;
    const bool after_pass = nodes_[static_cast<std::size_t>(at)].after_pass;
    const Stone next_to_move = opponent(to_move);
    const bool attacking = to_move == attacker_;
    const int first = static_cast<int>(edges_.size());
    auto edge = [&](Point move, int child, bool took) { edges_.push_back({child, move, took}); };
    // The attacker takes a target in atari at once unless that repeats a position of this line
    // (the node is then solved, and its result its own on every line: see the class). Otherwise
    // every move is kept whatever the line: one that repeats a position of a line is left out by
    // repeats() on that line only.
    bool takes = false;
    if (attacking && board.in_atari(target_) &&
        !board.check(board.atari_liberty(target_), attacker_)) {
      Board& next = next_;
      next = board;
      const Point taking = board.atari_liberty(target_);
      const int captured = next.play(taking, attacker_);
      takes = std::find(hashes.begin(), hashes.end(), next.hash()) == hashes.end() &&
              (may_take_ko(to_move) || !takes_ko(next, taking, captured));
    }
    if (takes) {
      edge(board.atari_liberty(target_), outcome_of(next_, defender_, true), true);
    } else {
      const Point head = board.chain(target_);
      for (Point p : area_) {
        if (board.at(p) != Stone::empty || board.check(p, to_move)) continue;
        if (!attacking && std::binary_search(attacker_only_.begin(), attacker_only_.end(), p)) {
          continue;  // a liberty outside that the defender cannot use
        }
        // A move that takes nothing and leads to a position already met needs no board: its
        // hash is the stone's key added, and the node met holds what the position is (an
        // outcome, or a position to read). 0204's race: nine moves in ten transpose.
        bool takes_stones = false;
        for (Point q : board.neighbours(p)) {
          takes_stones = takes_stones || (board.at(q) == next_to_move && board.in_atari(q));
        }
        if (!takes_stones) {
          const std::uint64_t hash = board.hash() ^ zobrist(to_move, p);
          if (const auto met = index_.find(key(hash, next_to_move, false)); met != index_.end()) {
            edge(p, met->second, false);
            continue;
          }
        }
        Board& next = next_;
        next = board;
        const int captured = next.play(p, to_move);
        if (!may_take_ko(to_move) && takes_ko(next, p, captured)) continue;
        if (next.at(target_) != defender_ || two_eyes(next, target_)) {
          edge(p, outcome_of(next, next_to_move, next.at(target_) != defender_), captured > 0);
          continue;
        }
        // A first guess: the fewer liberties the target keeps, the nearer its capture.
        const int left = next.liberties(target_);
        bool touches = false;
        for (Point q : board.neighbours(p)) {
          touches = touches || (board.at(q) == defender_ && board.chain(q) == head);
        }
        edge(
            p,
            node_of(next, next_to_move, false, static_cast<std::uint32_t>(left), touches ? 1u : 2u),
            captured > 0);
      }
      // Passing: after a pass it ends the fight with the target standing.
      if (after_pass) {
        edge(kPass, kStands, false);
      } else {
        edge(kPass,
             node_of(board, next_to_move, true,
                     static_cast<std::uint32_t>(board.liberties(target_)), 1),
             false);
      }
    }
    Node& node = nodes_[static_cast<std::size_t>(at)];
    node.first_edge = first;
    node.edges = static_cast<int>(edges_.size()) - first;
    node.expanded = true;
  }

  const Board& root_;
  Board board_;  // the position at the end of the line followed
  Board next_;   // a move tried from it
  Stone defender_;
  Stone attacker_;
  Point target_;
  long budget_;
  KoTaking kos_;
  std::vector<Point> area_;
  std::vector<Point> attacker_only_;
  std::vector<Node> nodes_;  // kStands, the root, then the positions met
  long outcomes_ = 0;        // nodes of positions where the fight is over
  std::vector<Edge> edges_;
  std::unordered_map<std::uint64_t, int> index_;  // key() → node
  std::vector<char> took_;  // per position of the line followed: a capture on the line to it
};

}  // namespace

ChainReading read_chain(const Board& board, const ClosedFight& fight, Point target,
                        long node_budget) {
  const Stone owner = board.at(target);
  if (owner != Stone::black && owner != Stone::white) {
    return {Reading::undecided, Reading::undecided, 0};
  }
  ProofSearch reader(board, fight, target, node_budget);
  const Reading attacked = reader.read(opponent(owner));
  const long first = reader.positions();
  // Living with the attacker first, a chain lives moving first too (its owner can pass).
  if (attacked != Reading::dies) return {attacked, attacked, first};
  const Reading defended = reader.read(owner);
  return {attacked, defended, first + reader.positions()};
}

Reading read_attack(const Board& board, const ClosedFight& fight, Point target, long node_budget,
                    KoTaking kos, long& positions) {
  const Stone owner = board.at(target);
  if (owner != Stone::black && owner != Stone::white) return Reading::undecided;
  ProofSearch reader(board, fight, target, node_budget, kos);
  const Reading reading = reader.read(opponent(owner));
  positions += reader.positions();
  return reading;
}

}  // namespace boardgames::go
