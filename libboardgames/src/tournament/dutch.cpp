// The driver of the Dutch system: can the round be paired at all and from which score group
// does the PAB come, the brackets top-down, then colours and board order. The other phases are
// in dutch_entrants.cpp, dutch_weights.cpp, dutch_bracket.cpp and dutch_checker.cpp (see
// dutch_internal.h).
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "tournament/dutch_internal.h"

namespace boardgames::swiss {

namespace dutch {

// 1. Can everyone be paired at all, and from which score group does the PAB come (C5)?
// Dirac's theorem answers the common case without a matching: when every player may meet at
// least half of the others, there is a Hamiltonian cycle, so a pairing of everyone (around
// the lowest player who may have the PAB, when there is one).
std::optional<Problem> DutchShared::prepare(const Layout& global) {
  const int top_score = n > 0 ? at(0).score : 0;
  auto dense = [&](int without) {
    std::vector<int> others;
    for (int i = 0; i < n; ++i) {
      if (i != without) others.push_back(i);
    }
    const auto size = static_cast<int>(others.size());
    return std::all_of(others.begin(), others.end(),
                       [&](int i) { return 2 * compatible_among(i, others) >= size; });
  };
  if (dummy >= 0) {
    int lowest_eligible = -1;
    for (int v = n; v-- > 0 && lowest_eligible < 0;) {
      if (at(v).eligible_for_bye) lowest_eligible = v;
    }
    single_downfloater_bye = false;
    if (lowest_eligible >= 0 && at(lowest_eligible).score < top_score && dense(lowest_eligible)) {
      bye_score = at(lowest_eligible).score;
    } else {
      const unsigned bits = 2 + global.score_bits + global.group_bits + 3;
      std::optional<Problem> problem;
      if (!with_weight_of(bits, [&](auto tag) {
            problem = find_pab_group<typename decltype(tag)::type>(global);
          })) {
        return unpairable("too many score groups and players for the pairing weights");
      }
      if (problem) return problem;
    }
    std::vector<int> counts;
    for (int v = 0; v < n; ++v) {
      if (at(v).score == bye_score) counts.push_back(at(v).played_games);
    }
    std::sort(counts.rbegin(), counts.rend());
    for (std::size_t r = 0; r < counts.size(); ++r) played_rank[counts[r]] = static_cast<int>(r);
  } else if (!dense(-1)) {
    WeightedMatching<WideUint<1>> check(n, WeightedMatching<WideUint<1>>::Mode::perfect);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < i; ++j) check.set_weight(i, j, WideUint<1>(compatible(i, j) ? 1u : 0u));
    }
    const std::vector<int>& m = check.solve();
    if (std::find(m.begin(), m.end(), -1) != m.end()) return unpairable(kUnpairable);
  }
  return std::nullopt;
}

// The odd case the shortcut does not settle: a maximum-weight matching where a pair counts
// more when neither player may have the PAB, then the higher the scores paired (so the lowest
// score is left for the PAB), then pairs inside the top score group.
template <typename Weight>
std::optional<Problem> DutchShared::find_pab_group(const Layout& global) {
  const int top_score = n > 0 ? at(0).score : 0;
  WeightedMatching<Weight> check(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j) {
      Weight w;
      if (compatible(i, j)) {
        w = Weight(1u + (at(i).eligible_for_bye ? 0u : 1u) + (at(j).eligible_for_bye ? 0u : 1u));
        w <<= global.score_bits;
        w += Weight(global.score_shift.at(at(i).score) + global.score_shift.at(at(j).score));
        w <<= global.group_bits;
        w += Weight(at(i).score >= top_score ? 1u : 0u);
      }
      check.set_weight(i, j, w);
    }
  }
  const std::vector<int>& m = check.solve();
  int unpaired = 0;
  int bye = -1;
  for (int v = 0; v < n; ++v) {
    if (m[static_cast<std::size_t>(v)] >= 0) continue;
    ++unpaired;
    bye = v;
  }
  if (unpaired != 1) return unpairable(kUnpairable);
  if (!at(bye).eligible_for_bye) {
    return unpairable(
        "no pairing of the round leaves the pairing-allocated bye to a player who may receive it "
        "(C2)");
  }
  bye_score = at(bye).score;
  if (bye_score >= top_score) {
    single_downfloater_bye = true;
    for (int v = 0; v < n && at(v).score >= top_score; ++v) {
      const int p = m[static_cast<std::size_t>(v)] < 0 ? v : m[static_cast<std::size_t>(v)];
      if (at(p).score < top_score) {
        single_downfloater_bye = false;
        break;
      }
    }
  }
  return std::nullopt;
}

namespace {

// A bracket's pairs made: every player of its first `bracket_size` places that the matching
// paired gets its partner; the rest (the unpaired of the bracket, then the players it looked at
// below) move down, in order; `mdps` counts those of them that came from the bracket.
struct MovingDown {
  std::vector<int> players;
  int mdps = 0;
};
MovingDown record_pairs(const DutchShared& s, const std::vector<int>& players, int bracket_size,
                        const std::vector<char>& matched, std::vector<int>& partner) {
  MovingDown moving;
  for (std::size_t local = 0; local < players.size(); ++local) {
    const int v = players[local];
    const bool in_bracket = local < static_cast<std::size_t>(bracket_size);
    if (in_bracket && matched[static_cast<std::size_t>(v)]) {
      const int mate = s.stable[static_cast<std::size_t>(v)];
      partner[static_cast<std::size_t>(v)] = mate;
      partner[static_cast<std::size_t>(mate)] = v;
    } else {
      moving.players.push_back(v);
      if (in_bracket) ++moving.mdps;
    }
  }
  return moving;
}

// Pairs everyone: partner[i] for each entrant (i itself for the PAB), or why not.
std::optional<Problem> run_dutch(DutchShared& s, const Layout& global, const DutchOptions& options,
                                 std::vector<int>& partner, Pairing& stats) {
  if (auto problem = s.prepare(global)) return problem;
  const int n = s.n;
  auto at = [&](int i) -> const Entrant& { return s.at(i); };
  auto mate = [&](int v) { return s.stable[static_cast<std::size_t>(v)]; };
  std::size_t bye_group = 0;
  for (int v = 0; v < n; ++v) bye_group += at(v).score == s.bye_score ? 1 : 0;

  // 2. Bracket by bracket, top-down.
  partner.assign(static_cast<std::size_t>(n), -1);
  std::vector<char> matched(static_cast<std::size_t>(n), 0);
  std::vector<int>
      players;  // the bracket (moved-down players, then residents), then the next score group
  int next_group = 0;  // first entrant of the next score group not yet in `players`
  auto take_group = [&]() {
    const int score = at(next_group).score;
    while (next_group < n && at(next_group).score == score) players.push_back(next_group++);
  };
  take_group();
  int mdp_count = 0;
  int residents_first = 0;  // the first resident (entrant index)
  while (players.size() > 1 || next_group < n) {
    const int bracket_size = static_cast<int>(players.size());
    const int next_first =
        residents_first + (bracket_size - mdp_count);  // entrant index where the next group starts
    const int next_group_start = next_group;
    if (next_group < n) take_group();
    const int size = static_cast<int>(players.size());
    // The weights count only this bracket's score groups, so they stay narrow.
    std::map<int, std::size_t> groups;
    for (int v : players) ++groups[at(v).score];
    const Layout layout = make_layout(groups, players.size(), bye_group, s.rounds_played);
    const Bracket bracket{players, mdp_count, bracket_size, residents_first, next_first};
    // The matching for this bracket: reduced when that is known to be exact, else the full one.
    std::vector<int> rest;
    for (int v = next_group; v < n; ++v) rest.push_back(v);
    const std::vector<char> matched_before = matched;
    const std::vector<char> done_before = s.done;
    for (int sinks : {8, 64, 0}) {
      if (sinks > 0 && (!options.reduced_matchings || !s.prepare_reduced(players, rest))) continue;
      try {
        bool fits = with_weight_of(layout.total, [&](auto tag) {
          using Weight = typename decltype(tag)::type;
          BracketEngine<Weight::kLimbs> engine(s, layout);
          engine.pair(bracket, rest, sinks + (sinks > 0 ? size % 2 : 0), matched);
        });
        ++stats.brackets;
        if (sinks > 0) ++stats.reduced_brackets;
        if (!fits) return unpairable("too many score groups and players for the pairing weights");
        break;
      } catch (const RelaxationBroken&) {
        if (sinks == 0) return unpairable("internal error: a bracket could not be paired");
        matched = matched_before;
        s.done = done_before;
      }
    }

    // 3. The pairs made; the rest moves down into the next bracket.
    const bool next_exists = next_group_start < n;
    bool single = s.dummy >= 0 && next_exists && s.bye_score >= at(next_group_start).score;
    const int next_score = next_exists ? at(next_group_start).score : 0;
    auto [moving, moving_mdps] = record_pairs(s, players, bracket_size, matched, partner);
    for (int v : moving) {
      if (single && (mate(v) >= n || at(mate(v)).score < next_score)) single = false;
    }
    if (static_cast<int>(moving.size()) == size && !next_exists) {
      // Nothing paired and nothing left to add: take the matching as it stands.
      for (int v : moving) partner[static_cast<std::size_t>(v)] = mate(v) < n ? mate(v) : v;
      players.clear();
      break;
    }
    s.single_downfloater_bye = single;
    players = std::move(moving);
    mdp_count = moving_mdps;
    residents_first = next_first;
  }
  for (int v : players) partner[static_cast<std::size_t>(v)] = v;
  for (int v = 0; v < n; ++v) {
    if (partner[static_cast<std::size_t>(v)] < 0) partner[static_cast<std::size_t>(v)] = v;
  }
  return std::nullopt;
}

// The 2017 rules (C4 there): can every player not yet paired for good still be paired, the
// PAB (odd numbers) to a player who may have it (C2)? Dirac's theorem first, as in prepare().
bool completable(const DutchShared& s) {
  std::vector<int> open;
  for (int v = 0; v < s.n; ++v) {
    if (!s.done[static_cast<std::size_t>(v)]) open.push_back(v);
  }
  const int m = static_cast<int>(open.size());
  const bool odd = m % 2 == 1;
  int spare = -1;  // odd: the lowest player who may have the PAB
  for (int i = m; odd && i-- > 0 && spare < 0;) {
    if (s.at(open[static_cast<std::size_t>(i)]).eligible_for_bye) spare = i;
  }
  if (odd && spare < 0) return false;
  std::vector<int> others;
  for (int i = 0; i < m; ++i) {
    if (i != spare) others.push_back(open[static_cast<std::size_t>(i)]);
  }
  const auto size = static_cast<int>(others.size());
  if (std::all_of(others.begin(), others.end(),
                  [&](int v) { return 2 * s.compatible_among(v, others) >= size; })) {
    return true;
  }
  using Check = WeightedMatching<WideUint<1>>;
  Check check(m + (odd ? 1 : 0), Check::Mode::perfect);
  for (int i = 0; i < m; ++i) {
    const int a = open[static_cast<std::size_t>(i)];
    for (int j = 0; j < i; ++j) {
      check.set_weight(i, j,
                       WideUint<1>(s.compatible(a, open[static_cast<std::size_t>(j)]) ? 1u : 0u));
    }
    if (odd) check.set_weight(i, m, WideUint<1>(s.at(a).eligible_for_bye ? 1u : 0u));
  }
  const std::vector<int>& mate = check.solve();
  return std::find(mate.begin(), mate.end(), -1) == mate.end();
}

// The 2017 rules, as bbpPairings 5 pairs them: each bracket is matched with the next score
// group only (C7 looks one bracket ahead), and when what it leaves cannot be completed it is the
// penultimate pairing bracket (PPB, A.9 and C4): paired again with everyone below, who then
// form the collapsed last bracket (CLB), paired as one bracket. The last bracket is special
// too. Special brackets put completion (C1-C4) first and have no next bracket to look at.
std::optional<Problem> run_dutch_2017(DutchShared& s, std::vector<int>& partner, Pairing& stats) {
  if (!completable(s)) return unpairable(kUnpairable);
  const int n = s.n;
  auto at = [&](int i) -> const Entrant& { return s.at(i); };
  auto mate = [&](int v) { return s.stable[static_cast<std::size_t>(v)]; };
  partner.assign(static_cast<std::size_t>(n), -1);
  std::vector<char> matched(static_cast<std::size_t>(n), 0);
  std::vector<int> players;
  int next_group = 0;
  auto take_group = [&]() {
    const int score = at(next_group).score;
    while (next_group < n && at(next_group).score == score) players.push_back(next_group++);
  };
  take_group();
  bool special = next_group >= n;
  int mdp_count = 0;
  int residents_first = 0;
  while (players.size() > 1 || next_group < n) {
    const int bracket_size = static_cast<int>(players.size());
    const int next_first = residents_first + (bracket_size - mdp_count);
    const int next_group_start = next_group;
    if (special) {
      while (next_group < n) players.push_back(next_group++);
    } else if (next_group < n) {
      take_group();
    }
    const bool last_next = !special && next_group >= n;
    const int size = static_cast<int>(players.size());
    std::vector<int> scores;  // distinct, highest first
    for (int v : players) scores.push_back(at(v).score);
    std::sort(scores.rbegin(), scores.rend());
    scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
    const Layout layout =
        make_layout_2017(scores, players.size(), s.rounds_played, special, last_next, next_first);
    const Bracket bracket{players, mdp_count, bracket_size, residents_first, next_first};
    const std::vector<int> rest;
    const std::vector<char> matched_before = matched;
    const std::vector<char> done_before = s.done;
    const std::vector<int> sink_counts =
        special ? std::vector<int>{0} : std::vector<int>{8, 64, size + 2 + size % 2};
    for (std::size_t attempt = 0; attempt < sink_counts.size(); ++attempt) {
      const int sinks = sink_counts[attempt];
      try {
        const bool fits = with_weight_of(layout.total, [&](auto tag) {
          using Weight = typename decltype(tag)::type;
          BracketEngine<Weight::kLimbs> engine(s, layout);
          engine.pair(bracket, rest, sinks + (sinks > 0 ? size % 2 : 0), matched);
        });
        if (!fits) return unpairable("too many score groups and players for the pairing weights");
        ++stats.brackets;
        break;
      } catch (const RelaxationBroken&) {
        if (attempt + 1 == sink_counts.size())
          return unpairable("internal error: a bracket could not be paired");
        matched = matched_before;
        s.done = done_before;
      }
    }
    if (!special && !completable(s)) {
      // The penultimate pairing bracket: again, with everyone below.
      matched = matched_before;
      s.done = done_before;
      players.resize(static_cast<std::size_t>(bracket_size));
      next_group = next_group_start;
      special = true;
      continue;
    }
    auto [moving, moving_mdps] = record_pairs(s, players, bracket_size, matched, partner);
    // After the PPB the players below form the CLB, a new bracket of its own; a last bracket
    // that pairs nothing more is taken as its matching stands.
    if (static_cast<int>(moving.size()) == size && next_group >= n && moving_mdps == mdp_count) {
      for (int v : moving) partner[static_cast<std::size_t>(v)] = mate(v) < n ? mate(v) : v;
      players.clear();
      break;
    }
    special = next_group >= n;
    players = std::move(moving);
    mdp_count = moving_mdps;
    residents_first = next_first;
  }
  for (int v = 0; v < n; ++v) {
    if (partner[static_cast<std::size_t>(v)] < 0) partner[static_cast<std::size_t>(v)] = v;
  }
  return std::nullopt;
}

}  // namespace
}  // namespace dutch

using namespace dutch;

Expected<Pairing> pair_dutch(const Event& event, const DutchOptions& options) {
  Pairing result;
  const int played = event.rounds_played();
  std::vector<Entrant> entrants = make_entrants(event, options.rules);
  if (entrants.size() < 2) {
    if (entrants.size() == 1) {
      const Entrant& only = entrants.front();
      if (!only.eligible_for_bye)
        return unpairable("one player to pair, who may not receive the pairing-allocated bye");
      result.boards.push_back({only.player, -1});
    }
    return result;
  }
  std::vector<int> partner;
  // Round 1 without forbidden pairs or acceleration: one score group, no colours, no floats,
  // nobody has met —
  // the first candidate of the procedure is perfect: S1 (the top half) against S2 in order, the
  // PAB (odd numbers) to the last player. The matching would find exactly this; it is written
  // out directly so that round 1 of a large open costs nothing.
  const bool forbidden_among_present =
      std::any_of(event.forbidden.begin(), event.forbidden.end(), [&](const auto& pair) {
        return !event.participants[static_cast<std::size_t>(pair.first)].absent &&
               !event.participants[static_cast<std::size_t>(pair.second)].absent;
      });
  const bool first_round =
      played == 0 && !forbidden_among_present && entrants.front().score == entrants.back().score;
  if (first_round) {
    const std::size_t count = entrants.size();
    partner.assign(count, -1);
    const std::size_t half = count / 2;
    for (std::size_t i = 0; i < half; ++i) {
      partner[i] = static_cast<int>(half + i);
      partner[half + i] = static_cast<int>(i);
    }
    if (count % 2 == 1) partner[count - 1] = static_cast<int>(count - 1);
  }
  if (!first_round) {
    // The global layout (every score group) serves the PAB check; each bracket lays out its own.
    std::map<int, std::size_t> groups;
    for (const Entrant& e : entrants) ++groups[e.score];
    std::size_t largest = 0;
    std::size_t largest_two = 0;  // a bracket's matching holds about two adjacent score groups
    std::size_t previous = 0;
    for (const auto& [score, count] : groups) {
      largest = std::max(largest, count);
      largest_two = std::max(largest_two, previous + count);
      previous = count;
    }
    const Layout global = make_layout(groups, largest, largest, played);
    // Memory: who has met whom (n×n bytes) and the weights of one bracket's matching.
    const double n = static_cast<double>(entrants.size());
    const double side = static_cast<double>(largest_two + 64);
    const double bytes = n * n + side * side * 8.0 * static_cast<double>((global.total + 63) / 64);
    if (bytes > 8e9) {
      return unpairable(fmt::format(
          "{} players would need about {:.0f} GB of memory for the pairing (8 GB is the limit)",
          entrants.size(), bytes / 1e9));
    }
    DutchShared shared(event, entrants, options.rules);
    auto problem = options.rules == DutchRules::fide2017
                       ? run_dutch_2017(shared, partner, result)
                       : run_dutch(shared, global, options, partner, result);
    if (problem) return *problem;
  }
  // Colours, then board order (C.04.2): the higher score of the higher-ranked player, the
  // higher score of the other, the lower number of the higher-ranked; the PAB last. Scores
  // without virtual points here, as bbpPairings orders the boards of an accelerated round.
  struct Pair {
    int higher;
    int lower;  // -1: PAB
  };
  std::vector<Pair> pairs;
  for (int i = 0; i < static_cast<int>(entrants.size()); ++i) {
    const int j = partner[static_cast<std::size_t>(i)];
    if (j == i) pairs.push_back({i, -1});
    if (j > i) pairs.push_back({i, j});
  }
  // The two sides of a board, the higher-ranked first (by points, then pairing order).
  auto sides = [&](const Pair& p) {
    const Entrant* x = &entrants[static_cast<std::size_t>(p.higher)];
    if (p.lower < 0) return std::make_pair(x, x);
    const Entrant* y = &entrants[static_cast<std::size_t>(p.lower)];
    const bool y_higher = y->points > x->points || (y->points == x->points && y->rank < x->rank);
    return y_higher ? std::make_pair(y, x) : std::make_pair(x, y);
  };
  std::sort(pairs.begin(), pairs.end(), [&](const Pair& a, const Pair& b) {
    if ((a.lower < 0) != (b.lower < 0)) return b.lower < 0;
    const auto [ah, al] = sides(a);
    const auto [bh, bl] = sides(b);
    if (ah->points != bh->points) return ah->points > bh->points;
    if (a.lower >= 0 && b.lower >= 0 && al->points != bl->points) return al->points > bl->points;
    return ah->rank < bh->rank;
  });
  for (const Pair& pr : pairs) {
    const Entrant& h = entrants[static_cast<std::size_t>(pr.higher)];
    if (pr.lower < 0) {
      result.boards.push_back({h.player, -1});
      continue;
    }
    const Entrant& l = entrants[static_cast<std::size_t>(pr.lower)];
    const Seat hc = colour_for(h, l, event);
    if (hc == Seat::first) {
      result.boards.push_back({h.player, l.player});
    } else {
      result.boards.push_back({l.player, h.player});
    }
  }
  return result;
}

void set_result_points(PointSystem& points, Points win, Points draw, Points loss) {
  points.win = points.forfeit_win = points.full_bye = win;
  points.draw = points.half_bye = draw;
  points.loss = loss;
}

bool all_rounds_agree(const std::vector<RoundCheck>& checks) {
  return std::all_of(checks.begin(), checks.end(), [](const RoundCheck& check) {
    return !check.problem && check.differences.empty();
  });
}

void override_points(PointSystem& points, const std::optional<std::array<Points, 3>>& game_points,
                     const std::optional<Points>& bye) {
  if (game_points) {
    const auto& [win, draw, loss] = *game_points;
    set_result_points(points, win, draw, loss);
    points.pairing_bye = win;
  }
  if (bye) points.pairing_bye = *bye;
}

}  // namespace boardgames::swiss
