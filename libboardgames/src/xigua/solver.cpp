#include "boardgames/xigua/solver.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <thread>

namespace boardgames::xigua {

namespace {

// A non-negative int (a point, a depth, a stone count) as a std::array index.
constexpr std::size_t slot(int i) { return static_cast<std::size_t>(i); }

constexpr std::uint64_t kBinomialRows = kPoints + 1;

struct Binomials {
  std::uint64_t c[kBinomialRows][kBinomialRows]{};
  constexpr Binomials() {
    for (std::size_t n = 0; n < kBinomialRows; ++n) {
      c[n][0] = 1;
      for (std::size_t k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;

std::uint64_t binomial(int n, int k) {
  if (n < 0 || k < 0 || k > n) return 0;
  return kBinomials.c[n][k];
}

int popcount(PointSet set) { return __builtin_popcount(set); }

// The stones of `stones` in groups that touch an empty point.
PointSet with_liberties(PointSet stones, PointSet empty) {
  PointSet alive = stones & neighbours(empty);
  PointSet frontier = alive;
  while (frontier) {
    const PointSet grown = neighbours(frontier) & stones & ~alive;
    alive |= grown;
    frontier = grown;
  }
  return alive;
}

// The other side's stones captured when a stone arrives on `to`: the groups next to it left
// without a liberty (no other group lost one).
PointSet captured_by(Point to, PointSet other, PointSet empty) {
  PointSet captured = 0;
  PointSet seen = 0;
  for (PointSet s = other & neighbours(to); s; s &= s - 1) {
    const auto p = static_cast<Point>(__builtin_ctz(s));
    if (seen & bit(p)) continue;
    const PointSet group = group_of(p, other);
    seen |= group;
    if (!(neighbours(group) & empty)) captured |= group;
  }
  return captured;
}

// A position can arise in play only if every group of both sides has a liberty: the side that
// moved keeps the point it left, and the other side's groups without one were just captured.
bool legal(PointSet mover, PointSet other) {
  const PointSet empty = kAllPoints & ~(mover | other);
  return with_liberties(mover, empty) == mover && with_liberties(other, empty) == other;
}

Value decode(std::uint8_t byte) {
  if (byte == 0) return {};
  const int distance = byte - 1;
  return {distance % 2 == 1 ? Outcome::win : Outcome::loss, distance};
}

std::uint64_t fnv1a(const std::uint8_t* data, std::size_t size) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 0x100000001b3ULL;
  return hash;
}

// Up to 4 neighbours a stone, 6 stones, and the pass: successor lists stay small.
using IndexList = FixedList<std::uint32_t, 64>;

void add_unique(IndexList& list, std::uint32_t value) {
  for (std::uint32_t v : list) {
    if (v == value) return;
  }
  list.push(value);
}

template <typename Work>
void run_threads(int threads, Work work) {
  if (threads <= 1) {
    work(0);
    return;
  }
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
  for (std::thread& thread : pool) thread.join();
}

}  // namespace

PointSet permute(const Permutation& permutation, PointSet set) {
  PointSet out = 0;
  for (PointSet s = set; s; s &= s - 1) out |= bit(permutation[slot(__builtin_ctz(s))]);
  return out;
}

std::vector<Permutation> board_automorphisms() {
  // Depth-first: map points in order, each onto an unused point of the same degree whose
  // adjacency to the images so far matches the original's.
  std::vector<Permutation> found;
  Permutation image{};
  std::array<int, kPoints + 1> next{};  // the candidate to try next at each depth
  int depth = 0;
  PointSet used = 0;
  while (depth >= 0) {
    if (depth == kPoints) {
      found.push_back(image);
      --depth;
      used &= ~bit(image[slot(depth)]);
      continue;
    }
    bool placed = false;
    const auto p = static_cast<Point>(depth);
    while (next[slot(depth)] < kPoints && !placed) {
      const auto q = static_cast<Point>(next[slot(depth)]++);
      if ((used & bit(q)) || popcount(neighbours(p)) != popcount(neighbours(q))) continue;
      bool fits = true;
      for (Point earlier = 0; earlier < p && fits; ++earlier) {
        fits =
            ((neighbours(p) & bit(earlier)) != 0) == ((neighbours(q) & bit(image[earlier])) != 0);
      }
      if (!fits) continue;
      image[p] = q;
      used |= bit(q);
      placed = true;
    }
    if (placed) {
      ++depth;
      if (depth < kPoints) next[slot(depth)] = 0;
    } else {
      next[slot(depth)] = 0;
      --depth;
      if (depth >= 0) used &= ~bit(image[slot(depth)]);
    }
  }
  return found;
}

PositionIndex::PositionIndex(SolveRules rules) : rules_(rules) {
  if (rules.min_stones < 1 || rules.min_stones > rules.max_stones || rules.max_stones > 6)
    throw std::invalid_argument("stone counts out of range");
  if (rules.use_symmetry) {
    group_ = board_automorphisms();
  } else {
    Permutation identity{};
    for (int p = 0; p < kPoints; ++p) identity[slot(p)] = static_cast<Point>(p);
    group_.push_back(identity);
  }
  // The stabiliser of a representative is a byte of bits over the non-identity elements.
  if (group_.size() > 9) throw std::logic_error("more than 8 symmetries");
  images_.resize(group_.size());
  for (std::size_t g = 0; g < group_.size(); ++g) {
    for (int chunk = 0; chunk < 3; ++chunk) {
      for (PointSet bits = 0; bits < 128; ++bits)
        images_[g][slot(chunk)][bits] = permute(group_[g], bits << (7 * chunk));
    }
  }
  // Orbits: every set in increasing order; a set that no symmetry makes smaller represents its
  // orbit, and the orbits of a stone count are numbered in their representatives' order.
  orbit_of_.assign(std::size_t{1} << kPoints, 0);
  for (PointSet set = 0; set <= kAllPoints; ++set) {
    const int stones = popcount(set);
    if (stones > rules.max_stones || stones < rules.min_stones) continue;
    PointSet smallest = set;
    std::size_t element = 0;
    for (std::size_t g = 1; g < group_.size(); ++g) {
      const PointSet image = transform(g, set);
      if (image < smallest) {
        smallest = image;
        element = g;
      }
    }
    if (smallest == set) {
      std::uint8_t stabiliser = 0;
      for (std::size_t g = 1; g < group_.size(); ++g) {
        if (transform(g, set) == set) stabiliser |= static_cast<std::uint8_t>(1u << (g - 1));
      }
      orbit_of_[set] = static_cast<std::uint32_t>(representatives_[slot(stones)].size());
      representatives_[slot(stones)].push_back(set);
      stabilisers_[slot(stones)].push_back(stabiliser);
      std::array<std::uint8_t, kPoints> ranks{};
      std::uint8_t free = 0;
      for (int p = 0; p < kPoints; ++p) {
        if (!(set & bit(static_cast<Point>(p)))) ranks[static_cast<std::size_t>(p)] = free++;
      }
      free_ranks_[slot(stones)].push_back(ranks);
    } else {
      orbit_of_[set] = (orbit_of_[smallest] & 0xFFFFFF) | static_cast<std::uint32_t>(element << 24);
    }
  }
  const auto width = static_cast<std::size_t>(rules.max_stones + 1);
  slices_.assign(width * width, Slice{});
  for (int total = 2 * rules.min_stones; total <= 2 * rules.max_stones; ++total) {
    for (int mover = rules.min_stones; mover <= rules.max_stones; ++mover) {
      const int other = total - mover;
      if (other < rules.min_stones || other > rules.max_stones) continue;
      Slice& s = slices_[static_cast<std::size_t>(mover) * width + static_cast<std::size_t>(other)];
      s.begin = size_;
      s.orbits = representatives_[slot(mover)].size();
      s.per_orbit = binomial(kPoints - mover, other);
      size_ += s.orbits * s.per_orbit;
    }
  }
  if (size_ >= (std::uint64_t{1} << 32) - 1) throw std::logic_error("index above 32 bits");
}

PointSet PositionIndex::transform(std::size_t element, PointSet set) const {
  const auto& image = images_[element];
  return image[0][set & 127] | image[1][(set >> 7) & 127] | image[2][(set >> 14) & 127];
}

const PositionIndex::Slice& PositionIndex::slice(int mover_stones, int other_stones) const {
  const auto width = static_cast<std::size_t>(rules_.max_stones + 1);
  return slices_[static_cast<std::size_t>(mover_stones) * width +
                 static_cast<std::size_t>(other_stones)];
}

std::uint64_t PositionIndex::slice_begin(int mover_stones, int other_stones) const {
  return slice(mover_stones, other_stones).begin;
}

std::uint64_t PositionIndex::slice_size(int mover_stones, int other_stones) const {
  const Slice& s = slice(mover_stones, other_stones);
  return s.orbits * s.per_orbit;
}

std::uint64_t PositionIndex::index(PointSet mover, PointSet other) const {
  const int movers = popcount(mover);
  const int others = popcount(other);
  const std::uint32_t entry = orbit_of_[mover];
  const std::uint32_t orbit = entry & 0xFFFFFF;
  const std::size_t element = entry >> 24;
  const PointSet mapped = element ? transform(element, other) : other;
  // A representative that some symmetry maps onto itself: the other side's smallest image under
  // those symmetries.
  PointSet image = mapped;
  for (unsigned stabiliser = stabilisers_[slot(movers)][orbit]; stabiliser;
       stabiliser &= stabiliser - 1) {
    const PointSet candidate =
        transform(static_cast<std::size_t>(__builtin_ctz(stabiliser)) + 1, mapped);
    if (candidate < image) image = candidate;
  }
  // Colex rank of the other side's stones among the points the mover leaves free.
  const auto& free_rank = free_ranks_[slot(movers)][orbit];
  std::uint64_t rank = 0;
  std::size_t i = 0;
  for (PointSet s = image; s; s &= s - 1)
    rank += kBinomials.c[free_rank[static_cast<std::size_t>(__builtin_ctz(s))]][++i];
  const Slice& s = slice(movers, others);
  return s.begin + orbit * s.per_orbit + rank;
}

std::pair<PointSet, PointSet> PositionIndex::position(std::uint64_t index) const {
  for (int mover = rules_.min_stones; mover <= rules_.max_stones; ++mover) {
    for (int other = rules_.min_stones; other <= rules_.max_stones; ++other) {
      const Slice& s = slice(mover, other);
      if (index < s.begin || index >= s.begin + s.orbits * s.per_orbit) continue;
      const std::uint64_t local = index - s.begin;
      const PointSet representative = representatives_[slot(mover)][local / s.per_orbit];
      std::uint64_t rank = local % s.per_orbit;
      std::array<Point, kPoints> free{};
      int frees = 0;
      for (PointSet f = kAllPoints & ~representative; f; f &= f - 1)
        free[slot(frees++)] = static_cast<Point>(__builtin_ctz(f));
      PointSet image = 0;
      int top = frees - 1;
      for (int k = other; k >= 1; --k) {
        while (binomial(top, k) > rank) --top;
        rank -= binomial(top, k);
        image |= bit(free[slot(top)]);
        --top;
      }
      return {representative, image};
    }
  }
  return {0, 0};
}

bool PositionIndex::canonical(std::uint64_t i) const {
  const auto [mover, other] = position(i);
  return index(mover, other) == i;
}

int PositionIndex::class_size(PointSet mover, PointSet other) const {
  int fixed = 0;
  for (std::size_t g = 0; g < group_.size(); ++g)
    fixed += transform(g, mover) == mover && transform(g, other) == other;
  return static_cast<int>(group_.size()) / fixed;
}

std::string value_text(Value value) {
  switch (value.outcome) {
    case Outcome::win:
      return "win in " + std::to_string(value.distance);
    case Outcome::loss:
      return "loss in " + std::to_string(value.distance);
    case Outcome::draw:
      break;
  }
  return "draw";
}

Tablebase::Tablebase(PositionIndex index, std::vector<std::uint8_t> bytes)
    : index_(std::move(index)), bytes_(std::move(bytes)) {}

namespace {

// One slice pair: (u, t) and (t, u) with u ≤ t. Non-capturing moves and passes stay within the
// pair, captures leave it for pairs already solved. Retrograde iteration: every position's
// count of distinct successors in the pair, the best exit through a capture, then level by
// level (plies to the end) from the positions decided, each decided position's predecessors.
class PairSolver {
 public:
  PairSolver(const PositionIndex& index, std::vector<std::uint8_t>& bytes, int u, int t,
             int threads)
      : index_(index), bytes_(bytes), threads_(threads) {
    ranges_.push_back(&index.slice(u, t));
    if (u != t) ranges_.push_back(&index.slice(t, u));
    for (const auto* s : ranges_) size_ += s->orbits * s->per_orbit;
    counts_.assign(size_, 0);
    loss_bounds_.assign(size_, 0);
    buckets_.assign(static_cast<std::size_t>(threads),
                    std::vector<std::vector<std::uint32_t>>(Tablebase::kMaxDistance + 2));
    min_stones_ = index.rules().min_stones;
  }

  void solve() {
    initialise();
    std::vector<std::uint32_t> frontier;
    std::vector<std::vector<std::uint32_t>> next(static_cast<std::size_t>(threads_));
    for (int level = 1;; ++level) {
      if (level >= Tablebase::kMaxDistance)
        throw std::runtime_error("a distance above the table's limit of 253 plies");
      for (auto& thread_buckets : buckets_) {
        for (std::uint32_t g : thread_buckets[static_cast<std::size_t>(level)]) {
          if (mark(g, level)) frontier.push_back(g);
        }
        std::vector<std::uint32_t>().swap(thread_buckets[static_cast<std::size_t>(level)]);
      }
      if (frontier.empty() && !pending(level)) break;
      std::atomic<std::size_t> cursor{0};
      run_threads(threads_, [&](int thread) {
        auto& out = next[static_cast<std::size_t>(thread)];
        constexpr std::size_t kChunk = 4096;
        for (;;) {
          const std::size_t begin = cursor.fetch_add(kChunk);
          if (begin >= frontier.size()) break;
          const std::size_t end = std::min(frontier.size(), begin + kChunk);
          for (std::size_t i = begin; i < end; ++i) propagate(frontier[i], level, thread, out);
        }
      });
      frontier.clear();
      for (auto& list : next) {
        frontier.insert(frontier.end(), list.begin(), list.end());
        list.clear();
      }
    }
  }

 private:
  std::uint64_t local(std::uint64_t g) const {
    if (g >= ranges_[0]->begin &&
        g < ranges_[0]->begin + ranges_[0]->orbits * ranges_[0]->per_orbit)
      return g - ranges_[0]->begin;
    return ranges_[0]->orbits * ranges_[0]->per_orbit + (g - ranges_[1]->begin);
  }

  bool pending(int level) const {
    for (const auto& thread_buckets : buckets_) {
      for (std::size_t l = static_cast<std::size_t>(level) + 1; l < thread_buckets.size(); ++l) {
        if (!thread_buckets[l].empty()) return true;
      }
    }
    return false;
  }

  // Decided at `distance` unless already decided.
  bool mark(std::uint32_t g, int distance) {
    std::uint8_t expected = 0;
    return std::atomic_ref<std::uint8_t>(bytes_[g]).compare_exchange_strong(
        expected, static_cast<std::uint8_t>(distance + 1), std::memory_order_relaxed);
  }

  void initialise() {
    // Work items: (range, orbit), handed out in turn.
    std::vector<std::pair<const PositionIndex::Slice*, std::uint64_t>> work;
    for (const auto* s : ranges_) {
      for (std::uint64_t orbit = 0; orbit < s->orbits; ++orbit) work.emplace_back(s, orbit);
    }
    std::atomic<std::size_t> cursor{0};
    run_threads(threads_, [&](int thread) {
      for (;;) {
        const std::size_t item = cursor.fetch_add(1);
        if (item >= work.size()) break;
        const auto [s, orbit] = work[item];
        const std::uint64_t first = s->begin + orbit * s->per_orbit;
        // The other side's sets in colex order: the next larger number of as many bits.
        const PointSet mover = index_.orbit_representative(popcount(index_.position(first).first),
                                                           static_cast<std::uint32_t>(orbit));
        std::array<Point, kPoints> free{};
        int frees = 0;
        for (PointSet f = kAllPoints & ~mover; f; f &= f - 1)
          free[static_cast<std::size_t>(frees++)] = static_cast<Point>(__builtin_ctz(f));
        const int others = popcount(index_.position(first).second);
        PointSet chosen = (PointSet{1} << others) - 1;
        for (std::uint64_t g = first; g < first + s->per_orbit; ++g) {
          PointSet other = 0;
          for (PointSet c = chosen; c; c &= c - 1)
            other |= bit(free[static_cast<std::size_t>(__builtin_ctz(c))]);
          initialise(g, mover, other, thread);
          const PointSet lowest = chosen & (~chosen + 1);
          const PointSet ripple = chosen + lowest;
          chosen = (((ripple ^ chosen) >> 2) / lowest) | ripple;
        }
      }
    });
  }

  void initialise(std::uint64_t g, PointSet mover, PointSet other, int thread) {
    if (index_.index(mover, other) != g || !legal(mover, other)) {
      bytes_[g] = Tablebase::kUnused;
      return;
    }
    const PointSet empty = kAllPoints & ~(mover | other);
    IndexList successors;
    int exit_win = 0;    // quickest win through a capture
    int loss_bound = 0;  // through captures: lost no sooner than this
    bool cannot_lose = false;
    for (PointSet s = mover; s; s &= s - 1) {
      const auto from = static_cast<Point>(__builtin_ctz(s));
      for (PointSet t = neighbours(from) & empty; t; t &= t - 1) {
        const auto to = static_cast<Point>(__builtin_ctz(t));
        const PointSet moved = (mover & ~bit(from)) | bit(to);
        const PointSet left = other & ~captured_by(to, other, kAllPoints & ~(moved | other));
        if (left == other) {
          add_unique(successors, static_cast<std::uint32_t>(index_.index(other, moved)));
          continue;
        }
        if (popcount(left) < min_stones_) {
          exit_win = 1;
          continue;
        }
        const Value v = decode(bytes_[index_.index(left, moved)]);
        if (v.outcome == Outcome::loss) {
          if (exit_win == 0 || v.distance + 1 < exit_win) exit_win = v.distance + 1;
        } else if (v.outcome == Outcome::win) {
          loss_bound = std::max(loss_bound, v.distance + 1);
        } else {
          cannot_lose = true;
        }
      }
    }
    add_unique(successors, static_cast<std::uint32_t>(index_.index(other, mover)));  // the pass
    const std::uint64_t l = local(g);
    // Never counted down to zero: a position with an exit that does not lose cannot lose.
    counts_[l] = static_cast<std::uint8_t>(successors.size() + (exit_win || cannot_lose ? 128 : 0));
    loss_bounds_[l] = static_cast<std::uint8_t>(loss_bound);
    if (exit_win)
      buckets_[static_cast<std::size_t>(thread)][static_cast<std::size_t>(exit_win)].push_back(
          static_cast<std::uint32_t>(g));
  }

  // `g` was decided at `level`: its predecessors in the pair learn it.
  void propagate(std::uint32_t g, int level, int thread, std::vector<std::uint32_t>& out) {
    const auto [mover, other] = index_.position(g);
    const PointSet empty = kAllPoints & ~(mover | other);
    IndexList predecessors;
    add_unique(predecessors, static_cast<std::uint32_t>(index_.index(other, mover)));  // a pass
    // The other side moved last: one of its stones came from an empty neighbour (no capture:
    // the mover's groups all have liberties).
    for (PointSet s = other; s; s &= s - 1) {
      const auto to = static_cast<Point>(__builtin_ctz(s));
      for (PointSet f = neighbours(to) & empty; f; f &= f - 1) {
        const auto from = static_cast<Point>(__builtin_ctz(f));
        add_unique(predecessors,
                   static_cast<std::uint32_t>(index_.index((other & ~bit(to)) | bit(from), mover)));
      }
    }
    const bool lost = level % 2 == 0;
    for (std::uint32_t q : predecessors) {
      if (std::atomic_ref<std::uint8_t>(bytes_[q]).load(std::memory_order_relaxed) != 0) continue;
      if (lost) {
        if (mark(q, level + 1)) out.push_back(q);
        continue;
      }
      const std::uint64_t l = local(q);
      if (std::atomic_ref<std::uint8_t>(counts_[l]).fetch_sub(1, std::memory_order_relaxed) != 1)
        continue;
      const int distance = std::max(level + 1, static_cast<int>(loss_bounds_[l]));
      if (distance == level + 1) {
        if (mark(q, distance)) out.push_back(q);
      } else {
        buckets_[static_cast<std::size_t>(thread)][static_cast<std::size_t>(distance)].push_back(q);
      }
    }
  }

  const PositionIndex& index_;
  std::vector<std::uint8_t>& bytes_;
  int threads_;
  int min_stones_ = 3;
  std::vector<const PositionIndex::Slice*> ranges_;
  std::uint64_t size_ = 0;
  std::vector<std::uint8_t> counts_;
  std::vector<std::uint8_t> loss_bounds_;
  // Per thread, per distance: positions to decide at that distance (exits, deferred losses).
  std::vector<std::vector<std::vector<std::uint32_t>>> buckets_;
};

}  // namespace

Tablebase Tablebase::solve(SolveRules rules, int threads,
                           const std::function<void(const SolveProgress&)>& progress) {
  PositionIndex index(rules);
  std::vector<std::uint8_t> bytes(index.size(), 0);
  threads = std::max(1, threads);
  std::uint64_t done = 0;
  for (int total = 2 * rules.min_stones; total <= 2 * rules.max_stones; ++total) {
    for (int u = rules.min_stones; u <= rules.max_stones; ++u) {
      const int t = total - u;
      if (t < u || t > rules.max_stones) continue;
      if (progress) progress({u, t, done, index.size()});
      PairSolver(index, bytes, u, t, threads).solve();
      done += index.slice_size(u, t) + (u != t ? index.slice_size(t, u) : 0);
    }
  }
  if (progress) progress({rules.max_stones, rules.max_stones, done, index.size()});
  return Tablebase(std::move(index), std::move(bytes));
}

std::optional<Value> Tablebase::value(PointSet mover, PointSet other) const {
  const SolveRules& rules = index_.rules();
  if ((mover & other) || ((mover | other) & ~kAllPoints)) return std::nullopt;
  if (popcount(other) < rules.min_stones || popcount(other) > rules.max_stones ||
      popcount(mover) > rules.max_stones)
    return std::nullopt;
  if (popcount(mover) < rules.min_stones) return Value{Outcome::loss, 0};
  const std::uint8_t byte = bytes_[index_.index(mover, other)];
  if (byte == kUnused) return std::nullopt;
  return decode(byte);
}

std::optional<Value> Tablebase::value(const Position& position) const {
  const Side s = position.side_to_move();
  return value(position.stones(s), position.stones(~s));
}

namespace {

constexpr std::string_view kMagic = "XIGUATB\n";
constexpr std::size_t kHeaderSize = 8 + 4 * 4 + 8 + 8;

void put(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xFF);
}

std::uint64_t get(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i)
    value |=
        static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)]))
        << (8 * i);
  return value;
}

Problem table_problem(std::string reason) {
  Problem problem;
  problem.reason = std::move(reason);
  return problem;
}

}  // namespace

std::string Tablebase::serialise() const {
  std::string out(kMagic);
  put(out, kFormatVersion, 4);
  put(out, static_cast<std::uint64_t>(index_.rules().max_stones), 4);
  put(out, static_cast<std::uint64_t>(index_.rules().min_stones), 4);
  put(out, static_cast<std::uint64_t>(index_.symmetries()), 4);
  put(out, bytes_.size(), 8);
  put(out, fnv1a(bytes_.data(), bytes_.size()), 8);
  out.append(reinterpret_cast<const char*>(bytes_.data()), bytes_.size());
  return out;
}

Expected<Tablebase> Tablebase::parse(std::string_view file) {
  if (file.size() < kHeaderSize || file.substr(0, kMagic.size()) != kMagic)
    return table_problem("not a Xigua table (no XIGUATB header)");
  if (get(file, 8, 4) != kFormatVersion)
    return table_problem("table format version " + std::to_string(get(file, 8, 4)) +
                         ", this program reads version " + std::to_string(kFormatVersion));
  const std::uint64_t max_stones = get(file, 12, 4);
  const std::uint64_t min_stones = get(file, 16, 4);
  const std::uint64_t symmetries = get(file, 20, 4);
  if (min_stones < 1 || min_stones > max_stones || max_stones > 6 || symmetries < 1)
    return table_problem("the table's stone counts are out of range");
  SolveRules rules;
  rules.max_stones = static_cast<int>(max_stones);
  rules.min_stones = static_cast<int>(min_stones);
  rules.use_symmetry = symmetries > 1;
  PositionIndex index(rules);
  if (static_cast<std::uint64_t>(index.symmetries()) != symmetries)
    return table_problem("the table was made with " + std::to_string(symmetries) +
                         " symmetries, the board has " + std::to_string(index.symmetries()));
  const std::uint64_t entries = get(file, 24, 8);
  if (entries != index.size() || file.size() - kHeaderSize != entries)
    return table_problem("the table has " + std::to_string(file.size() - kHeaderSize) +
                         " entries, its stone counts need " + std::to_string(index.size()) +
                         " (truncated or not this format)");
  const auto* data = reinterpret_cast<const std::uint8_t*>(file.data() + kHeaderSize);
  if (fnv1a(data, entries) != get(file, 32, 8))
    return table_problem("the table's checksum does not match its entries (damaged file)");
  return Tablebase(std::move(index), std::vector<std::uint8_t>(data, data + entries));
}

std::vector<SliceCounts> count_values(const Tablebase& table) {
  const PositionIndex& index = table.index();
  const SolveRules& rules = index.rules();
  std::vector<SliceCounts> counts;
  for (int u = rules.min_stones; u <= rules.max_stones; ++u) {
    for (int t = rules.min_stones; t <= rules.max_stones; ++t) {
      SliceCounts c;
      c.mover_stones = u;
      c.other_stones = t;
      const std::uint64_t begin = index.slice_begin(u, t);
      for (std::uint64_t g = begin; g < begin + index.slice_size(u, t); ++g) {
        const std::uint8_t byte = table.bytes()[g];
        if (byte == Tablebase::kUnused) continue;
        const Value v = decode(byte);
        const auto [mover, other] = index.position(g);
        const auto weight = static_cast<std::uint64_t>(index.class_size(mover, other));
        if (v.outcome == Outcome::win) {
          ++c.won;
          c.all_won += weight;
          c.longest_win = std::max(c.longest_win, v.distance);
        } else if (v.outcome == Outcome::loss) {
          ++c.lost;
          c.all_lost += weight;
        } else {
          ++c.drawn;
          c.all_drawn += weight;
        }
      }
      counts.push_back(c);
    }
  }
  return counts;
}

Value before_move(Value after) {
  switch (after.outcome) {
    case Outcome::win:
      return {Outcome::loss, after.distance + 1};
    case Outcome::loss:
      return {Outcome::win, after.distance + 1};
    case Outcome::draw:
      break;
  }
  return {};
}

bool better(Value a, Value b) {
  auto score = [](Value v) {
    switch (v.outcome) {
      case Outcome::win:
        return 1000 - v.distance;
      case Outcome::loss:
        return -1000 + v.distance;
      case Outcome::draw:
        break;
    }
    return 0;
  };
  return score(a) > score(b);
}

std::vector<MoveValue> move_values(const Tablebase& table, const Position& position) {
  std::vector<MoveValue> values;
  if (position.game_over()) return values;
  const Side us = position.side_to_move();
  const SameStone& counter = position.counter(us);
  const PointSet empty = position.empty_points();
  std::vector<Move> moves;
  for (PointSet s = position.stones(us); s; s &= s - 1) {
    const auto from = static_cast<Point>(__builtin_ctz(s));
    for (PointSet t = neighbours(from) & empty; t; t &= t - 1)
      moves.emplace_back(from, static_cast<Point>(__builtin_ctz(t)));
  }
  moves.push_back(Move::pass());
  for (Move m : moves) {
    MoveValue mv;
    mv.move = m;
    mv.illegal = !m.is_pass() && m.from() == counter.point && counter.count >= Position::kLimit;
    const Position next = position.after(m);
    const Side them = ~us;
    if (popcount(next.stones(them)) < table.index().rules().min_stones) {
      mv.value = {Outcome::win, 1};
    } else {
      mv.value = before_move(table.value(next).value_or(Value{}));
    }
    values.push_back(mv);
  }
  std::stable_sort(values.begin(), values.end(),
                   [](const MoveValue& a, const MoveValue& b) { return better(a.value, b.value); });
  return values;
}

std::optional<MoveValue> best_legal_move(const std::vector<MoveValue>& values) {
  for (const MoveValue& v : values) {
    if (!v.illegal) return v;
  }
  return std::nullopt;
}

}  // namespace boardgames::xigua
