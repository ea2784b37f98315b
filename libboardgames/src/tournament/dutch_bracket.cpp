// The bracket engine of the Dutch system: one bracket's matching, reduced or full, and the
// choices the procedure leaves to order. See dutch_internal.h.
#include <algorithm>
#include <limits>

#include "tournament/dutch_internal.h"

namespace boardgames::swiss::dutch {

// Reduced mode. Below U the edges carry only the completion and PAB fields, and for a perfect
// matching of everyone their sum depends only on who receives the PAB. So when the players
// below (the rest) can be paired among themselves together with whichever players of U float
// down, leaving the PAB to the best recipient, the pairing of U does not depend on how the rest
// pairs: U is matched alone, and each player floating down is matched to a sink, an edge worth
// what an edge into the rest would be worth. That is a relaxation of the full matching; its
// optimum is the full optimum when (1) no player of U is as good a PAB recipient as the
// reserved one of the rest, (2) the floaters plus the rest less the reserved recipient can be
// paired — Dirac's theorem: every vertex has at least half of the others as compatible
// opponents, then there is a Hamiltonian cycle, so a perfect matching — and (3) some sinks are
// left matched to each other, so the number of sinks did not limit the floaters (the best
// matching of U with j pairs is concave in j). certify() checks (2) and (3) after each solve;
// when they fail the bracket is paired again with more sinks or the full graph. Reduced mode
// keeps the matching small and free of the many equal-weight edges below, which is where the
// time of a large event went.
template <std::size_t L>
void BracketEngine<L>::certify() const {
  const int floating = static_cast<int>(floaters_.size());
  if (floating > sinks_ - 2) throw RelaxationBroken{};
  const int size = s_.rest_size + floating;
  if (2 * s_.min_rest_degree < size) throw RelaxationBroken{};
  for (int f : floaters_) {
    const int degree =
        s_.rest_degree[static_cast<std::size_t>(f)] + s_.compatible_among(f, floaters_);
    if (2 * degree < size) throw RelaxationBroken{};
  }
}

// A new matching for the bracket: `upper` (U) in ranking order, its first `mdp_count` the
// moved-down players, and `rest` the players below; `sinks` > 0 for reduced mode. Edges with
// both ends in U other than between two moved-down players are the caller's to set.
template <std::size_t L>
void BracketEngine<L>::build(const std::vector<int>& upper, int mdp_count,
                             const std::vector<int>& rest, int sinks) {
  sinks_ = sinks;
  entrant_of_ = upper;
  if (sinks > 0) {
    entrant_of_.insert(entrant_of_.end(), static_cast<std::size_t>(sinks), kSink);
  } else {
    entrant_of_.insert(entrant_of_.end(), rest.begin(), rest.end());
    if (s_.dummy >= 0) entrant_of_.push_back(kDummy);
  }
  const int size = static_cast<int>(entrant_of_.size());
  std::fill(vertex_of_.begin(), vertex_of_.end(), -1);
  dummy_vertex_ = -1;
  for (int g = 0; g < size; ++g) {
    const int e = entrant_of_[static_cast<std::size_t>(g)];
    if (e >= 0) vertex_of_[static_cast<std::size_t>(e)] = g;
    if (e == kDummy) dummy_vertex_ = g;
  }
  graph_ = WeightedMatching<Weight>(size, WeightedMatching<Weight>::Mode::perfect);
  fresh_ = true;
  changed_.clear();
  const Layout& f = layout_;
  const int uppers = static_cast<int>(upper.size());
  for (int lo = 1; lo < mdp_count; ++lo) {
    for (int hi = 0; hi < lo; ++hi) {
      const int a = upper[static_cast<std::size_t>(hi)];
      const int b = upper[static_cast<std::size_t>(lo)];
      graph_.set_weight(vertex_of_[static_cast<std::size_t>(a)],
                        vertex_of_[static_cast<std::size_t>(b)], edge_weight(a, b, true, false));
    }
  }
  if (sinks > 0) {
    // A sink is a player below who may take the PAB (nothing gained for pairing it) and is not
    // in the PAB score group; sinks left over pair with each other.
    Weight between;
    between.add_at(f.completion, 1);
    for (int g = 0; g < uppers; ++g) {
      const int u = upper[static_cast<std::size_t>(g)];
      Weight w;
      w.add_at(f.completion, 1u + (bye_candidate(u) ? 0u : 1u));
      if (s_.single_downfloater_bye && at(u).score == s_.bye_score) {
        w.add_at(f.bye_games, static_cast<std::uint64_t>(s_.played_rank.at(at(u).played_games)));
      }
      for (int k = uppers; k < size; ++k) graph_.set_weight(g, k, w);
    }
    for (int k = uppers; k < size; ++k) {
      for (int j = uppers; j < k; ++j) graph_.set_weight(j, k, between);
    }
    return;
  }
  for (int g = uppers; g < size; ++g) {
    const int lo = entrant_of_[static_cast<std::size_t>(g)];
    if (lo < 0) continue;
    for (int h = 0; h < g; ++h)
      graph_.set_weight(h, g,
                        edge_weight(entrant_of_[static_cast<std::size_t>(h)], lo, false, false));
  }
  if (dummy_vertex_ >= 0) {
    for (int g = 0; g < dummy_vertex_; ++g) graph_.set_weight(g, dummy_vertex_, Weight(1));
  }
}

template <std::size_t L>
void BracketEngine<L>::pair(const Bracket& bracket, const std::vector<int>& rest, int sinks,
                            std::vector<char>& matched) {
  const std::vector<int>& players = bracket.players;
  const int mdp_count = bracket.mdp_count;
  const int bracket_size = bracket.bracket_size;
  const int residents_first = bracket.residents_first;
  const int next_first = bracket.next_first;
  const int size = static_cast<int>(players.size());
  const Weight ordering_unit(1);
  auto vertex = [&](int local) { return players[static_cast<std::size_t>(local)]; };
  auto resident_vertex = [&](int v) { return v >= residents_first && v < next_first; };
  build(players, mdp_count, rest, sinks);
  // Base weights of every pair with at least one resident or next-group player.
  std::vector<std::vector<Weight>> base(static_cast<std::size_t>(size));
  for (int lo = mdp_count; lo < size; ++lo) {
    auto& row = base[static_cast<std::size_t>(lo)];
    row.resize(static_cast<std::size_t>(lo));
    for (int hi = 0; hi < lo; ++hi) {
      row[static_cast<std::size_t>(hi)] =
          edge_weight(vertex(hi), vertex(lo), lo < bracket_size, lo >= bracket_size);
      set_edge(vertex(lo), vertex(hi), row[static_cast<std::size_t>(hi)]);
    }
  }
  auto base_of = [&](int lo, int hi) -> Weight& {
    return base[static_cast<std::size_t>(lo)][static_cast<std::size_t>(hi)];
  };
  auto set = [&](int a, int b, const Weight& w) { set_edge(vertex(a), vertex(b), w); };
  solve();

  // 2a. Which moved-down players are paired in the bracket: the highest ranked first.
  const int residents = bracket_size - mdp_count;
  int group_score = 0;
  int left = 0;
  int left_matched = 0;
  for (int p = 0; p < mdp_count; ++p) {
    if (p == 0 || at(vertex(p)).score < group_score) {
      group_score = at(vertex(p)).score;
      left = left_matched = 0;
      for (int q = p; q < mdp_count && at(vertex(q)).score >= group_score; ++q) {
        ++left;
        if (resident_vertex(mate(vertex(q)))) ++left_matched;
      }
    }
    if (left_matched == 0) continue;
    if (left <= left_matched) {
      matched[static_cast<std::size_t>(vertex(p))] = 1;
      continue;
    }
    --left;
    if (!resident_vertex(mate(vertex(p)))) {
      for (int o = mdp_count; o < bracket_size; ++o) {
        Weight w = base_of(o, p);
        if (w.is_zero()) continue;
        w += ordering_unit;
        set(p, o, w);
      }
      solve();
    }
    if (resident_vertex(mate(vertex(p)))) {
      matched[static_cast<std::size_t>(vertex(p))] = 1;
      --left_matched;
      for (int o = mdp_count; o < bracket_size; ++o) {
        Weight w = base_of(o, p);
        if (w.is_zero()) continue;
        w += Weight(static_cast<std::uint64_t>(residents) + 1);
        set(p, o, w);
      }
    }
  }
  // 2b. Their opponents: each takes the highest-ranked resident it can.
  for (int p = 0; p < mdp_count; ++p) {
    if (!matched[static_cast<std::size_t>(vertex(p))]) continue;
    std::uint64_t bonus = static_cast<std::uint64_t>(size);
    for (int o = bracket_size - 1; o >= mdp_count; --o) {
      if (matched[static_cast<std::size_t>(vertex(o))]) continue;
      Weight w = base_of(o, p);
      if (w.is_zero()) continue;
      w += Weight(bonus++);
      set(p, o, w);
    }
    solve();
    const int m = mate(vertex(p));
    if (m >= n_) throw RelaxationBroken{};
    matched[static_cast<std::size_t>(m)] = 1;
    finalize(vertex(p), m);
  }
  // 2c. The remainder: residents not paired with a moved-down player. S1 is its first
  // `pairs` players.
  std::vector<int> remainder;  // local indices
  int pairs = 0;
  for (int o = mdp_count; o < bracket_size; ++o) {
    const int v = vertex(o);
    if (mate(v) < residents_first) continue;
    remainder.push_back(o);
    if (mate(v) < v) ++pairs;
  }
  const int rsize = static_cast<int>(remainder.size());
  auto rem = [&](int i) { return remainder[static_cast<std::size_t>(i)]; };
  // Fewest exchanges between S1 and S2, then the smallest sum of the S1 side's numbers.
  auto exchange_weight = [&](int i, int j) {  // remainder positions i < j
    Weight w = base_of(rem(j), rem(i));
    if (w.is_zero()) return w;
    Weight addend(i < pairs ? 1u : 0u);
    addend <<= 2 * layout_.group_bits;
    addend -= Weight(static_cast<std::uint64_t>(i));
    addend <<= 1;
    w += addend;
    return w;
  };
  for (int j = 0; j < rsize; ++j) {
    for (int i = 0; i < j; ++i) set(rem(i), rem(j), exchange_weight(i, j));
  }
  solve();
  auto is_upper = [&](int local) {  // the higher player of a pair inside the bracket
    const int v = vertex(local);
    return mate(v) > v && mate(v) < next_first;
  };
  int exchanges = 0;
  for (int i = 0; i < pairs; ++i) {
    if (!is_upper(rem(i))) ++exchanges;
  }
  // 2d. The S1 players that move to S2: the lowest ones first.
  int still = exchanges;
  for (int i = pairs; i-- > 0 && still > 0;) {
    if (is_upper(rem(i))) {
      for (int j = i + 1; j < rsize; ++j) {
        Weight w = exchange_weight(i, j);
        if (w.is_zero()) continue;
        w -= ordering_unit;
        set(rem(i), rem(j), w);
      }
      solve();
    }
    const bool moved = !is_upper(rem(i));
    if (moved) --still;
    for (int j = i + 1; j < rsize; ++j) {
      if (moved) base_of(rem(j), rem(i)) = Weight{};
      set(rem(i), rem(j), exchange_weight(i, j));
    }
  }
  // 2e. The S2 players that move to S1: the highest ones first (the last is then forced).
  still = exchanges;
  for (int i = pairs; i < rsize && still > 1; ++i) {
    const bool already = is_upper(rem(i));
    if (!already) {
      for (int j = i + 1; j < rsize; ++j) {
        Weight w = exchange_weight(i, j);
        if (w.is_zero()) continue;
        w += ordering_unit;
        set(rem(i), rem(j), w);
      }
      solve();
    }
    if (is_upper(rem(i))) {
      --still;
      for (int j = 0; j < i; ++j) {
        base_of(rem(i), rem(j)) = Weight{};
        set(rem(i), rem(j), Weight{});
      }
      for (int o = bracket_size; o < size; ++o) {
        base_of(o, rem(i)) = Weight{};
        set(rem(i), o, Weight{});
      }
    }
    if (!already) {
      for (int j = i + 1; j < rsize; ++j) set(rem(i), rem(j), exchange_weight(i, j));
    }
  }
  // 2f. Fix the two halves: only S1 players (after the exchanges) take lower opponents.
  for (int i = 0; i < rsize; ++i) {
    for (int j = i + 1; j < rsize; ++j) {
      if (!is_upper(rem(i)) || is_upper(rem(j))) base_of(rem(j), rem(i)) = Weight{};
      set(rem(i), rem(j), base_of(rem(j), rem(i)));
    }
  }
  // 2g. Each S1 player in turn takes the highest-ranked S2 player it can.
  for (int i = 0; i < rsize; ++i) {
    const int p = rem(i);
    if (!is_upper(p)) continue;
    // When the present partner is the highest-ranked candidate whose edge is tight, no
    // optimal matching gives p a higher one (complementary slackness): keep it without
    // solving again.
    if (!changed_.empty()) solve();
    const int partner_now = mate(vertex(p));
    int first_tight = -1;
    for (int j = 0; j < rsize && first_tight < 0; ++j) {
      const int o = rem(j);
      if (o <= p || matched[static_cast<std::size_t>(vertex(o))] || base_of(o, p).is_zero())
        continue;
      const int g = vertex_of_[static_cast<std::size_t>(vertex(o))];
      if (vertex(o) == partner_now ||
          graph_.tight(vertex_of_[static_cast<std::size_t>(vertex(p))], g))
        first_tight = vertex(o);
    }
    if (first_tight == partner_now) {
      matched[static_cast<std::size_t>(vertex(p))] =
          matched[static_cast<std::size_t>(partner_now)] = 1;
      finalize(vertex(p), partner_now);
      continue;
    }
    std::uint64_t bonus = 0;
    for (int j = rsize - 1; j >= 0; --j) {
      const int o = rem(j);
      if (o <= p || matched[static_cast<std::size_t>(vertex(o))]) continue;
      Weight w = base_of(o, p);
      if (!w.is_zero()) {
        w += Weight(bonus);
        set(p, o, w);
      }
      ++bonus;
    }
    solve();
    const int v = vertex(p);
    const int m = mate(v);
    if (m >= n_) throw RelaxationBroken{};
    matched[static_cast<std::size_t>(v)] = matched[static_cast<std::size_t>(m)] = 1;
    finalize(v, m);
  }
}

bool DutchShared::prepare_reduced(const std::vector<int>& upper, const std::vector<int>& rest) {
  if (rest.size() < 8) return false;
  int reserved = -1;
  if (dummy >= 0) {
    // How good a PAB recipient each player is, as the completion and PAB fields count it.
    auto value = [&](int v) -> long {
      const Entrant& entrant = at(v);
      long x = bye_candidate(v) ? 0 : -(1L << 40);
      if (single_downfloater_bye && entrant.score == bye_score)
        x -= played_rank.at(entrant.played_games);
      return x;
    };
    long best = std::numeric_limits<long>::min();
    for (int v : rest) {
      if (value(v) > best) {
        best = value(v);
        reserved = v;
      }
    }
    for (int u : upper) {
      if (value(u) >= best) return false;
    }
  }
  std::vector<int> pool;
  pool.reserve(rest.size());
  for (int v : rest) {
    if (v != reserved) pool.push_back(v);
  }
  rest_size = static_cast<int>(pool.size());
  min_rest_degree = rest_size;
  for (int a : pool) min_rest_degree = std::min(min_rest_degree, compatible_among(a, pool));
  if (2 * min_rest_degree < rest_size) return false;
  for (int u : upper) rest_degree[static_cast<std::size_t>(u)] = compatible_among(u, pool);
  return true;
}

template class BracketEngine<2>;
template class BracketEngine<3>;
template class BracketEngine<4>;
template class BracketEngine<5>;
template class BracketEngine<6>;
template class BracketEngine<7>;
template class BracketEngine<8>;
template class BracketEngine<12>;
template class BracketEngine<16>;
template class BracketEngine<24>;
template class BracketEngine<32>;
template class BracketEngine<48>;
template class BracketEngine<64>;

}  // namespace boardgames::swiss::dutch
