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
//
// Under the 2017 rules a bracket that is not special is matched with the next score group
// alone, the players below left out (C4 is checked afterwards, see run_dutch_2017), and the
// sinks stand for no partner at all: then only (3) is checked.
template <std::size_t L>
void BracketEngine<L>::certify() const {
  const int floating = static_cast<int>(floaters_.size());
  if (floating > sinks_ - 2) throw RelaxationBroken{};
  if (layout_.rules2017) return;
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
  // The 2017 rules never pair two moved-down players in a lower bracket (as bbpPairings 5).
  for (int lo = 1; lo < (f.rules2017 ? 0 : mdp_count); ++lo) {
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
      w.add_at(f.completion, 1u + (bye_candidate(u) || f.rules2017 ? 0u : 1u));
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
  Pass pass(bracket, matched);
  weigh_criteria(pass, rest, sinks);
  choose_mdp_set(pass);
  pair_mdps(pass);
  split_remainder(pass);
  exchange_s1_to_s2(pass);
  exchange_s2_to_s1(pass);
  fix_s1_and_s2(pass);
  transpose_s2(pass);
}

template <std::size_t L>
void BracketEngine<L>::weigh_criteria(Pass& pass, const std::vector<int>& rest, int sinks) {
  const Bracket& bracket = pass.bracket;
  build(bracket.players, bracket.mdp_count, rest, sinks);
  pass.base.resize(static_cast<std::size_t>(pass.size));
  for (int lo = bracket.mdp_count; lo < pass.size; ++lo) {
    auto& row = pass.base[static_cast<std::size_t>(lo)];
    row.resize(static_cast<std::size_t>(lo));
    for (int hi = 0; hi < lo; ++hi) {
      row[static_cast<std::size_t>(hi)] = edge_weight(
          pass.vertex(hi), pass.vertex(lo), lo < bracket.bracket_size, lo >= bracket.bracket_size);
      set_edge(pass.vertex(lo), pass.vertex(hi), row[static_cast<std::size_t>(hi)]);
    }
  }
  solve();
}

template <std::size_t L>
void BracketEngine<L>::choose_mdp_set(Pass& pass) {
  const int mdp_count = pass.bracket.mdp_count;
  const int bracket_size = pass.bracket.bracket_size;
  const int residents = bracket_size - mdp_count;
  int group_score = 0;
  int left = 0;
  int left_matched = 0;
  for (int p = 0; p < mdp_count; ++p) {
    if (p == 0 || at(pass.vertex(p)).score < group_score) {
      group_score = at(pass.vertex(p)).score;
      left = left_matched = 0;
      for (int q = p; q < mdp_count && at(pass.vertex(q)).score >= group_score; ++q) {
        ++left;
        if (pass.resident(mate(pass.vertex(q)))) ++left_matched;
      }
    }
    if (left_matched == 0) continue;
    if (left <= left_matched) {
      pass.set_matched(p);
      continue;
    }
    --left;
    if (!pass.resident(mate(pass.vertex(p)))) {
      for (int o = mdp_count; o < bracket_size; ++o) {
        Weight w = pass.base_of(o, p);
        if (w.is_zero()) continue;
        w += Weight(1);
        set(pass, p, o, w);
      }
      solve();
    }
    if (pass.resident(mate(pass.vertex(p)))) {
      pass.set_matched(p);
      --left_matched;
      for (int o = mdp_count; o < bracket_size; ++o) {
        Weight w = pass.base_of(o, p);
        if (w.is_zero()) continue;
        w += Weight(static_cast<std::uint64_t>(residents) + 1);
        set(pass, p, o, w);
      }
    }
  }
}

template <std::size_t L>
void BracketEngine<L>::pair_mdps(Pass& pass) {
  const int mdp_count = pass.bracket.mdp_count;
  for (int p = 0; p < mdp_count; ++p) {
    if (!pass.is_matched(p)) continue;
    std::uint64_t bonus = static_cast<std::uint64_t>(pass.size);
    for (int o = pass.bracket.bracket_size - 1; o >= mdp_count; --o) {
      if (pass.is_matched(o)) continue;
      Weight w = pass.base_of(o, p);
      if (w.is_zero()) continue;
      w += Weight(bonus++);
      set(pass, p, o, w);
    }
    solve();
    const int m = mate(pass.vertex(p));
    if (m >= n_) throw RelaxationBroken{};
    pass.matched[static_cast<std::size_t>(m)] = 1;
    finalize(pass.vertex(p), m);
  }
}

template <std::size_t L>
void BracketEngine<L>::split_remainder(Pass& pass) {
  for (int o = pass.bracket.mdp_count; o < pass.bracket.bracket_size; ++o) {
    const int v = pass.vertex(o);
    if (mate(v) < pass.bracket.residents_first) continue;
    pass.remainder.push_back(o);
    if (mate(v) < v) ++pass.pairs;
  }
  const int rsize = pass.remainder_size();
  for (int j = 0; j < rsize; ++j) {
    for (int i = 0; i < j; ++i) set(pass, pass.rem(i), pass.rem(j), exchange_weight(pass, i, j));
  }
  solve();
  for (int i = 0; i < pass.pairs; ++i) {
    if (!is_upper(pass, pass.rem(i))) ++pass.exchanges;
  }
}

// Fewest exchanges between S1 and S2, then the smallest sum of the S1 side's numbers: the
// weight of remainder positions i < j.
template <std::size_t L>
typename BracketEngine<L>::Weight BracketEngine<L>::exchange_weight(Pass& pass, int i,
                                                                    int j) const {
  Weight w = pass.base_of(pass.rem(j), pass.rem(i));
  if (w.is_zero()) return w;
  Weight addend(i < pass.pairs ? 1u : 0u);
  addend <<= 2 * layout_.group_bits;
  addend -= Weight(static_cast<std::uint64_t>(i));
  addend <<= 1;
  w += addend;
  return w;
}

template <std::size_t L>
void BracketEngine<L>::exchange_s1_to_s2(Pass& pass) {
  const int rsize = pass.remainder_size();
  int still = pass.exchanges;
  for (int i = pass.pairs; i-- > 0 && still > 0;) {
    if (is_upper(pass, pass.rem(i))) {
      for (int j = i + 1; j < rsize; ++j) {
        Weight w = exchange_weight(pass, i, j);
        if (w.is_zero()) continue;
        w -= Weight(1);
        set(pass, pass.rem(i), pass.rem(j), w);
      }
      solve();
    }
    const bool moved = !is_upper(pass, pass.rem(i));
    if (moved) --still;
    for (int j = i + 1; j < rsize; ++j) {
      if (moved) pass.base_of(pass.rem(j), pass.rem(i)) = Weight{};
      set(pass, pass.rem(i), pass.rem(j), exchange_weight(pass, i, j));
    }
  }
}

template <std::size_t L>
void BracketEngine<L>::exchange_s2_to_s1(Pass& pass) {
  const int rsize = pass.remainder_size();
  // The last one is then forced.
  int still = pass.exchanges;
  for (int i = pass.pairs; i < rsize && still > 1; ++i) {
    const bool already = is_upper(pass, pass.rem(i));
    if (!already) {
      for (int j = i + 1; j < rsize; ++j) {
        Weight w = exchange_weight(pass, i, j);
        if (w.is_zero()) continue;
        w += Weight(1);
        set(pass, pass.rem(i), pass.rem(j), w);
      }
      solve();
    }
    if (is_upper(pass, pass.rem(i))) {
      --still;
      for (int j = 0; j < i; ++j) {
        pass.base_of(pass.rem(i), pass.rem(j)) = Weight{};
        set(pass, pass.rem(i), pass.rem(j), Weight{});
      }
      for (int o = pass.bracket.bracket_size; o < pass.size; ++o) {
        pass.base_of(o, pass.rem(i)) = Weight{};
        set(pass, pass.rem(i), o, Weight{});
      }
    }
    if (!already) {
      for (int j = i + 1; j < rsize; ++j)
        set(pass, pass.rem(i), pass.rem(j), exchange_weight(pass, i, j));
    }
  }
}

template <std::size_t L>
void BracketEngine<L>::fix_s1_and_s2(Pass& pass) {
  const int rsize = pass.remainder_size();
  for (int i = 0; i < rsize; ++i) {
    for (int j = i + 1; j < rsize; ++j) {
      Weight& base = pass.base_of(pass.rem(j), pass.rem(i));
      if (!is_upper(pass, pass.rem(i)) || is_upper(pass, pass.rem(j))) base = Weight{};
      set(pass, pass.rem(i), pass.rem(j), base);
    }
  }
}

template <std::size_t L>
int BracketEngine<L>::first_tight_candidate(Pass& pass, int p) const {
  const int partner_now = mate(pass.vertex(p));
  const int from = vertex_of_[static_cast<std::size_t>(pass.vertex(p))];
  for (int j = 0; j < pass.remainder_size(); ++j) {
    const int o = pass.rem(j);
    if (o <= p || pass.is_matched(o) || pass.base_of(o, p).is_zero()) continue;
    if (pass.vertex(o) == partner_now ||
        graph_.tight(from, vertex_of_[static_cast<std::size_t>(pass.vertex(o))]))
      return pass.vertex(o);
  }
  return -1;
}

template <std::size_t L>
void BracketEngine<L>::transpose_s2(Pass& pass) {
  const int rsize = pass.remainder_size();
  for (int i = 0; i < rsize; ++i) {
    const int p = pass.rem(i);
    if (!is_upper(pass, p)) continue;
    // When the present partner is the highest-ranked candidate whose edge is tight, no
    // optimal matching gives p a higher one (complementary slackness): keep it without
    // solving again.
    if (!changed_.empty()) solve();
    const int partner_now = mate(pass.vertex(p));
    if (first_tight_candidate(pass, p) == partner_now) {
      pass.set_matched(p);
      pass.matched[static_cast<std::size_t>(partner_now)] = 1;
      finalize(pass.vertex(p), partner_now);
      continue;
    }
    std::uint64_t bonus = 0;
    for (int j = rsize - 1; j >= 0; --j) {
      const int o = pass.rem(j);
      if (o <= p || pass.is_matched(o)) continue;
      Weight w = pass.base_of(o, p);
      if (!w.is_zero()) {
        w += Weight(bonus);
        set(pass, p, o, w);
      }
      ++bonus;
    }
    solve();
    const int v = pass.vertex(p);
    const int m = mate(v);
    if (m >= n_) throw RelaxationBroken{};
    pass.matched[static_cast<std::size_t>(v)] = pass.matched[static_cast<std::size_t>(m)] = 1;
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
