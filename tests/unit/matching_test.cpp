// Maximum-weight matching checked against brute force on small random graphs, including
// weights wider than 64 bits and graphs dense enough to make nested blossoms.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <optional>

#include "boardgames/core/random.h"
#include "boardgames/core/wide_uint.h"

#include "tournament/weighted_matching_impl.h"

using boardgames::Random;
using boardgames::WeightedMatching;
using boardgames::WideUint;

namespace {

// The largest total weight of any matching, by trying every one.
template <typename W>
W brute_force_best(const WeightedMatching<W>& graph) {
  const int n = graph.size();
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  std::function<W(int)> best_from = [&](int i) -> W {
    while (i < n && used[static_cast<std::size_t>(i)]) ++i;
    if (i >= n) return W{};
    used[static_cast<std::size_t>(i)] = true;
    W best = best_from(i + 1);  // i stays single
    for (int j = i + 1; j < n; ++j) {
      if (used[static_cast<std::size_t>(j)] || graph.weight(i, j).is_zero()) continue;
      used[static_cast<std::size_t>(j)] = true;
      W with = best_from(i + 1) + graph.weight(i, j);
      used[static_cast<std::size_t>(j)] = false;
      if (best < with) best = with;
    }
    used[static_cast<std::size_t>(i)] = false;
    return best;
  };
  return best_from(0);
}

template <typename W>
W total(const WeightedMatching<W>& graph, const std::vector<int>& mate) {
  W sum{};
  for (int v = 0; v < graph.size(); ++v) {
    const int m = mate[static_cast<std::size_t>(v)];
    if (m > v) sum += graph.weight(v, m);
  }
  return sum;
}

}  // namespace

TEST_CASE("weighted matching: agrees with brute force on 3,000 random graphs") {
  Random random(20261130);
  int blossom_heavy = 0;
  for (int round = 0; round < 3000; ++round) {
    const int n = 2 + static_cast<int>(random.below(10));
    WeightedMatching<WideUint<1>> graph(n);
    const auto density = 20 + random.below(81);  // percent of pairs that are edges
    const auto range =
        1 + random.below(round % 3 == 0 ? 4 : 1000);  // few distinct weights: many ties
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (random.below(100) < density)
          graph.set_weight(i, j, WideUint<1>(1 + random.below(range)));
      }
    }
    const auto& mate = graph.solve();
    for (int v = 0; v < n; ++v) {
      const int m = mate[static_cast<std::size_t>(v)];
      if (m >= 0) {
        REQUIRE(mate[static_cast<std::size_t>(m)] == v);
        REQUIRE_FALSE(graph.weight(v, m).is_zero());
      }
    }
    INFO("round " << round << " n " << n);
    CHECK(total(graph, mate) == brute_force_best(graph));
    REQUIRE(graph.verify_optimum());
    REQUIRE(graph.verify_structure());
    if (n >= 7 && density > 70) ++blossom_heavy;
  }
  CHECK(blossom_heavy > 300);
}

TEST_CASE("weighted matching: weights of several limbs, lexicographic fields") {
  // Weights with a high field (bit 130) that must dominate everything below it.
  Random random(7);
  for (int round = 0; round < 300; ++round) {
    const int n = 2 + static_cast<int>(random.below(9));
    WeightedMatching<WideUint<3>> graph(n);
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (random.below(100) < 60) {
          WideUint<3> w(random.next());
          w.add_at(130, 1 + random.below(3));
          graph.set_weight(i, j, w);
        }
      }
    }
    const auto& mate = graph.solve();
    REQUIRE(graph.verify_optimum());
    REQUIRE(graph.verify_structure());
    REQUIRE(total(graph, mate) == brute_force_best(graph));
  }
}

TEST_CASE("weighted matching: solving again after changing weights") {
  WeightedMatching<WideUint<1>> graph(4);
  graph.set_weight(0, 1, WideUint<1>(10));
  graph.set_weight(2, 3, WideUint<1>(10));
  graph.set_weight(0, 2, WideUint<1>(1));
  graph.set_weight(1, 3, WideUint<1>(1));
  CHECK(graph.solve()[0] == 1);
  graph.set_weight(0, 2, WideUint<1>(30));
  CHECK(graph.solve()[0] == 2);
  CHECK(graph.mate()[1] == 3);
  graph.clear_vertex(0);
  CHECK(graph.solve()[0] == -1);
}

TEST_CASE(
    "weighted matching: perfect mode re-optimizes after a vertex's edges change, and retires "
    "pairs") {
  Random random(99);
  using W = WideUint<2>;
  for (int round = 0; round < 200; ++round) {
    const int n =
        2 *
        (2 + static_cast<int>(random.below(7)));  // even, complete graph: perfect matchings exist
    WeightedMatching<W> graph(n, WeightedMatching<W>::Mode::perfect);
    auto random_weight = [&]() {
      W w(1 + random.below(round % 2 == 0 ? 5 : 1000));
      if (random.below(4) == 0) w.add_at(70, 1 + random.below(3));
      return w;
    };
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) graph.set_weight(i, j, random_weight());
    }
    graph.solve();
    REQUIRE(graph.verify_optimum());
    REQUIRE(graph.verify_structure());
    std::vector<bool> retired(static_cast<std::size_t>(n), false);
    for (int step = 0; step < 12; ++step) {
      std::vector<int> live;
      for (int v = 0; v < n; ++v) {
        if (!retired[static_cast<std::size_t>(v)]) live.push_back(v);
      }
      if (live.size() < 4) break;
      if (random.below(4) == 0) {
        // Retire the pair of a random live vertex.
        const int a = live[random.below(live.size())];
        const int b = graph.mate()[static_cast<std::size_t>(a)];
        graph.retire(a, b);
        retired[static_cast<std::size_t>(a)] = retired[static_cast<std::size_t>(b)] = true;
      } else {
        // Change every edge of one or two vertices (some removed, none of a complete bipartite
        // cut).
        std::vector<int> changed;
        const int count = 1 + static_cast<int>(random.below(2));
        for (int c = 0; c < count; ++c) {
          const int x = live[random.below(live.size())];
          changed.push_back(x);
          for (int j : live) {
            if (j != x) graph.set_weight(x, j, random_weight());
          }
        }
        graph.update(changed);
      }
      REQUIRE(graph.verify_optimum());
      REQUIRE(graph.verify_structure());
      // The same graph solved from scratch reaches the same total.
      WeightedMatching<W> fresh(n, WeightedMatching<W>::Mode::perfect);
      W expected{};
      W got{};
      std::vector<int> index_of(static_cast<std::size_t>(n), -1);
      int k = 0;
      for (int v = 0; v < n; ++v) {
        if (!retired[static_cast<std::size_t>(v)]) index_of[static_cast<std::size_t>(v)] = k++;
      }
      WeightedMatching<W> small(k, WeightedMatching<W>::Mode::perfect);
      for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
          if (retired[static_cast<std::size_t>(i)] || retired[static_cast<std::size_t>(j)])
            continue;
          small.set_weight(index_of[static_cast<std::size_t>(i)],
                           index_of[static_cast<std::size_t>(j)], graph.weight(i, j));
        }
      }
      const auto& best = small.solve();
      for (int v = 0; v < k; ++v) {
        if (best[static_cast<std::size_t>(v)] > v)
          expected += small.weight(v, best[static_cast<std::size_t>(v)]);
      }
      for (int v = 0; v < n; ++v) {
        const int m = graph.mate()[static_cast<std::size_t>(v)];
        REQUIRE(m >= 0);
        if (!retired[static_cast<std::size_t>(v)] && m > v) got += graph.weight(v, m);
      }
      REQUIRE(got == expected);
      (void)fresh;
    }
  }
}

namespace {

// The largest total weight of a perfect matching (every vertex paired), optionally forcing the
// pair (fa, fb); nullopt when there is none.
template <typename W>
std::optional<W> brute_force_perfect(const WeightedMatching<W>& graph, int fa = -1, int fb = -1) {
  const int n = graph.size();
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  if (fa >= 0) used[static_cast<std::size_t>(fa)] = used[static_cast<std::size_t>(fb)] = true;
  std::function<std::optional<W>(int)> best_from = [&](int i) -> std::optional<W> {
    while (i < n && used[static_cast<std::size_t>(i)]) ++i;
    if (i >= n) return W{};
    used[static_cast<std::size_t>(i)] = true;
    std::optional<W> best;
    for (int j = i + 1; j < n; ++j) {
      if (used[static_cast<std::size_t>(j)] || graph.weight(i, j).is_zero()) continue;
      used[static_cast<std::size_t>(j)] = true;
      if (auto rest = best_from(i + 1)) {
        const W with = *rest + graph.weight(i, j);
        if (!best || *best < with) best = with;
      }
      used[static_cast<std::size_t>(j)] = false;
    }
    used[static_cast<std::size_t>(i)] = false;
    return best;
  };
  auto best = best_from(0);
  if (best && fa >= 0) *best += graph.weight(fa, fb);
  return best;
}

// Solves `graph` in perfect mode into `mate` and checks it against brute force: a perfect
// matching exactly when one exists, of the best total, with optimal duals and sound blossoms.
// The best total, or nullopt when there is no perfect matching.
template <typename W>
std::optional<W> solve_and_check(WeightedMatching<W>& graph, std::vector<int>& mate) {
  mate = graph.solve();
  const auto best = brute_force_perfect(graph);
  const bool perfect = std::find(mate.begin(), mate.end(), -1) == mate.end();
  CHECK(perfect == best.has_value());
  if (!best || !perfect) return std::nullopt;
  CHECK(graph.verify_optimum());
  CHECK(graph.verify_structure());
  CHECK(total(graph, mate) == *best);
  return best;
}

}  // namespace

TEST_CASE(
    "weighted matching: perfect mode from scratch agrees with brute force, tight edges are exactly "
    "the candidates") {
  Random random(314159);
  using W = WideUint<2>;
  int without_perfect = 0;
  int tight_not_used = 0;
  for (int round = 0; round < 1500; ++round) {
    const int n = 2 * (1 + static_cast<int>(random.below(5)));
    WeightedMatching<W> graph(n, WeightedMatching<W>::Mode::perfect);
    const auto density = 30 + random.below(71);
    const auto range =
        1 + random.below(round % 2 == 0 ? 3 : 1000);  // few distinct weights: many ties
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (random.below(100) >= density) continue;
        W w(1 + random.below(range));
        if (random.below(5) == 0) w.add_at(64 + random.below(3), 1);
        graph.set_weight(i, j, w);
      }
    }
    std::vector<int> mate;
    const auto best = solve_and_check(graph, mate);
    if (!best) {
      ++without_perfect;
      continue;
    }
    // An edge that is not tight is in no optimal perfect matching; the matched edges are tight.
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (graph.weight(i, j).is_zero()) continue;
        const auto forced = brute_force_perfect(graph, i, j);
        const bool in_some_optimum = forced && *forced == *best;
        if (in_some_optimum) CHECK(graph.tight(i, j));
        if (mate[static_cast<std::size_t>(i)] == j) CHECK(graph.tight(i, j));
        if (graph.tight(i, j) && !in_some_optimum) ++tight_not_used;
      }
    }
  }
  // The test covers graphs without a perfect matching, and tightness is only necessary.
  CHECK(without_perfect > 50);
  CHECK(tight_not_used > 0);
}

// The shape of a Swiss bracket: a few vertices (players moved down) whose every edge outweighs
// all the others, over many equal weights. No edge among the others is tight at the start, and
// a dual change makes many of them tight at once, which the next stage matches directly.
TEST_CASE(
    "weighted matching: perfect mode with a few heavy vertices over many ties agrees with brute "
    "force") {
  Random random(20261204);
  using W = WideUint<2>;
  int solved = 0;
  for (int round = 0; round < 600; ++round) {
    const int n = 4 + 2 * static_cast<int>(random.below(5));
    const int heavy = 1 + static_cast<int>(random.below(3));
    WeightedMatching<W> graph(n, WeightedMatching<W>::Mode::perfect);
    const auto density = 50 + random.below(51);
    const auto range = 1 + random.below(round % 2 == 0 ? 2 : 20);
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (random.below(100) >= density) continue;
        W w(1 + random.below(range));
        if (i < heavy) w.add_at(64, 1 + random.below(j < heavy ? 1 : 3));
        graph.set_weight(i, j, w);
      }
    }
    std::vector<int> mate;
    if (solve_and_check(graph, mate)) ++solved;
  }
  CHECK(solved > 400);
}

TEST_CASE(
    "weighted matching: weights computed on demand give the stored weights' perfect matching, "
    "asking only for pairs of distinct vertices") {
  Random random(20261202);
  using W = WideUint<1>;
  int calls_total = 0;
  for (int round = 0; round < 800; ++round) {
    const int n = 2 * (1 + static_cast<int>(random.below(6)));
    const auto range = 1 + random.below(round % 2 == 0 ? 3 : 1000);  // few values: many ties
    // The cost of a pair from per-vertex data only, as the McMahon pairing computes it.
    std::vector<std::uint64_t> value(static_cast<std::size_t>(n));
    for (auto& v : value) v = random.below(range);
    const std::uint64_t salt = random.below(1000);
    const auto weight_of = [&](int i, int j) {
      const std::uint64_t a = value[static_cast<std::size_t>(i)];
      const std::uint64_t b = value[static_cast<std::size_t>(j)];
      return W(1 + (a * b + salt * (a + b)) % 997);
    };
    int calls = 0;
    bool diagonal_asked = false;
    const auto cost = [&](int i, int j) {
      ++calls;
      diagonal_asked = diagonal_asked || i == j;
      return weight_of(i, j);
    };
    using Costs = boardgames::ComputedWeights<W, decltype(cost)>;
    WeightedMatching<W, Costs> computed(n, Costs(cost), WeightedMatching<W, Costs>::Mode::perfect);
    WeightedMatching<W> stored(n, WeightedMatching<W>::Mode::perfect);
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) stored.set_weight(i, j, weight_of(i, j));
    }
    const std::vector<int> mate = computed.solve();
    calls_total += calls;
    CHECK_FALSE(diagonal_asked);
    REQUIRE(computed.verify_optimum());
    REQUIRE(computed.verify_structure());
    // The same run over the same weights: the same matching, ties broken alike.
    CHECK(mate == stored.solve());
    const auto best = brute_force_perfect(stored);
    REQUIRE(best);
    W got{};
    for (int v = 0; v < n; ++v) {
      const int m = mate[static_cast<std::size_t>(v)];
      REQUIRE(m >= 0);
      if (m > v) got += weight_of(v, m);
    }
    CHECK(got == *best);
  }
  CHECK(calls_total > 0);
}

TEST_CASE("weighted matching: computed weights make every pair an edge, weight zero included") {
  // Only (0, 1) weighs anything: stored, the zero pairs are no edges and 2 and 3 stay single;
  // computed, every pair is an edge and the matching is perfect.
  using W = WideUint<1>;
  const auto cost = [](int i, int j) {
    return W(std::min(i, j) == 0 && std::max(i, j) == 1 ? 7 : 0);
  };
  using Costs = boardgames::ComputedWeights<W, decltype(cost)>;
  WeightedMatching<W, Costs> computed(4, Costs(cost), WeightedMatching<W, Costs>::Mode::perfect);
  CHECK(computed.solve() == std::vector<int>{1, 0, 3, 2});
  CHECK(computed.verify_optimum());
  WeightedMatching<W> stored(4, WeightedMatching<W>::Mode::perfect);
  stored.set_weight(0, 1, W(7));
  CHECK(stored.solve()[2] == -1);
}
