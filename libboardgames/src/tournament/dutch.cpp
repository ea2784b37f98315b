// The FIDE Dutch system (C.04.3, applied from 1 February 2026) as a sequence of maximum-weight
// matchings.
//
// Every criterion of the system is a field of the edge weight, most important first, each
// wide enough that the sum over all pairs cannot spill into the field above (see Layout):
//   completion  all players paired (one PAB at most, to a player who may have it) — C1–C4
//   pairs/scores in the bracket  C6, C7 (fewer downfloaters, and the lowest scores float)
//   pairs/scores in the next bracket  C8 (look one bracket ahead)
//   PAB recipient's unplayed games  C9
//   colours  C10–C13;  floats  C14–C17 (counts), C18–C21 (scores)
//   ordering  the low bits, where the procedure's preferences between equally good pairings
//             (the transposition and exchange order of S1 and S2) are expressed.
// The matching is over every player still unpaired, so the completion field makes any choice
// in a bracket one that leaves the rest pairable (C4) — or, when a certificate shows that the
// players below can absorb whoever floats down, over the bracket and the next score group
// alone (reduced mode, see prepare_reduced). Each bracket lays out its weights for its own
// score groups, so they stay a few limbs wide. Brackets are paired top-down; within a
// bracket the choices the rules leave to order — which moved-down players are paired, their
// opponents, which residents are exchanged between S1 and S2, and each S1 player's opponent —
// are fixed one at a time, each by giving the preferred edges a small bonus and solving again:
// a bonus in the low bits can only choose among pairings that are equally good on every
// criterion. The same decomposition is used by bbpPairings (which produced the reference
// pairings the tests compare with); this is an independent implementation of it.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "boardgames/core/random.h"
#include "boardgames/core/wide_uint.h"
#include "boardgames/tournament/swiss.h"

#include "tournament/weighted_matching.h"

namespace boardgames::swiss {

namespace {

enum class Float : std::uint8_t { down, up, none };

constexpr const char* kUnpairable = "the players cannot all be paired without a rematch or a forbidden colour (C1–C3)";

// Bits needed to write x (0 for 0).
unsigned bits_for(std::size_t x) { return static_cast<unsigned>(std::bit_width(x)); }

// What the pairing needs to know of one player to be paired, in ranking order.
struct Entrant {
  int player = 0;  // index in Event::participants
  int score = 0;
  int rank = 0;    // effective pairing number, 0-based (TPN order among the players that count)
  Seat preference = Seat::none;
  Seat repeated = Seat::none;  // the colour of the last two games when they were the same
  int imbalance = 0;               // |games as White − games as Black|
  bool strong = false;
  bool eligible_for_bye = true;
  int played_games = 0;
  Float floats[3] = {Float::none, Float::none, Float::none};  // [k]: k rounds back

  bool absolute_imbalance() const { return imbalance > 1; }
  bool absolute() const { return absolute_imbalance() || repeated != Seat::none; }
};

bool preferences_compatible(Seat a, Seat b) { return a != b || a == Seat::none || b == Seat::none; }

// Where each criterion sits in the edge weight (bit offsets, most significant first).
struct Layout {
  unsigned group_bits = 0;  // bits for a count of players in one score group
  unsigned score_bits = 0;  // bits for one counter per score group
  std::map<int, unsigned> score_shift;  // score -> offset of its counter within a score field
  unsigned completion = 0, pairs_in = 0, scores_in = 0, pairs_next = 0, scores_next = 0, bye_games = 0;
  unsigned colour[4] = {};
  unsigned float_count[4] = {};  // C14 C15 C16 C17
  unsigned float_score[4] = {};  // C18 C19 C20 C21
  bool floats1 = false, floats2 = false;
  unsigned ordering = 0;  // the low bits: 3 × group_bits + 1
  unsigned total = 0;     // bits used, with room for the matching's sums
};

// `groups`: the size of each score group the score fields must count; `largest`: the most
// pairs or players any count field must hold; `bye_group`: the size of the PAB score group.
Layout make_layout(const std::map<int, std::size_t>& groups, std::size_t largest, std::size_t bye_group, int rounds_played) {
  Layout layout;
  for (const auto& [score, count] : groups) {  // lowest score first
    layout.score_shift[score] = layout.score_bits;
    layout.score_bits += bits_for(count);
  }
  layout.group_bits = bits_for(largest);
  layout.floats1 = rounds_played >= 1;
  layout.floats2 = rounds_played >= 2;
  // From the least significant field up.
  unsigned at = 0;
  layout.ordering = at;
  at += 3 * layout.group_bits + 1;
  auto field = [&](unsigned width) {
    const unsigned offset = at;
    at += width;
    return offset;
  };
  if (layout.floats2) {
    layout.float_score[3] = field(layout.score_bits);
    layout.float_score[2] = field(layout.score_bits);
  }
  if (layout.floats1) {
    layout.float_score[1] = field(layout.score_bits);
    layout.float_score[0] = field(layout.score_bits);
  }
  if (layout.floats2) {
    layout.float_count[3] = field(layout.group_bits);
    layout.float_count[2] = field(layout.group_bits);
  }
  if (layout.floats1) {
    layout.float_count[1] = field(layout.group_bits);
    layout.float_count[0] = field(layout.group_bits);
  }
  for (int c = 3; c >= 0; --c) layout.colour[c] = field(layout.group_bits);
  layout.bye_games = field(2 * bits_for(bye_group));
  layout.scores_next = field(layout.score_bits);
  layout.pairs_next = field(layout.group_bits);
  layout.scores_in = field(layout.score_bits);
  layout.pairs_in = field(layout.group_bits);
  layout.completion = field(2);
  layout.total = at + 3;
  return layout;
}

// What every bracket's matching shares: the players in pairing order, who may meet whom, the
// PAB facts, and who is paired so far.
struct DutchShared {
  DutchShared(const Event& event_in, std::vector<Entrant> entrants)
      : event(event_in), e(std::move(entrants)), n(static_cast<int>(e.size())), dummy(n % 2 == 1 ? n : -1) {
    rounds_played = event.rounds_played();
    const int best = static_cast<int>(std::max(event.points.win, event.points.draw).tenths());
    top_threshold = (rounds_played * best) >> 1;
    last_round = event.planned_rounds > 0 && rounds_played >= event.planned_rounds - 1;  // 0: unknown
    // Games already played (forfeits do not count) and forbidden pairs.
    std::vector<int> position(event.participants.size(), -1);
    for (int i = 0; i < n; ++i) position[static_cast<std::size_t>(e[static_cast<std::size_t>(i)].player)] = i;
    met.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
      for (const RoundRecord& r : event.participants[static_cast<std::size_t>(e[static_cast<std::size_t>(i)].player)].rounds) {
        if (!r.played() || r.opponent < 0) continue;
        const int j = position[static_cast<std::size_t>(r.opponent)];
        if (j >= 0) met[index(i, j)] = met[index(j, i)] = 1;
      }
    }
    for (const auto& [a, b] : event.forbidden) {
      const int i = position[static_cast<std::size_t>(a)];
      const int j = position[static_cast<std::size_t>(b)];
      if (i >= 0 && j >= 0) met[index(i, j)] = met[index(j, i)] = 1;
    }
    const auto count = static_cast<std::size_t>(n);
    stable.assign(count, 0);
    rest_degree.assign(count, 0);
    done.assign(count, 0);
  }

  std::size_t index(int i, int j) const { return static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j); }
  const Entrant& at(int i) const { return e[static_cast<std::size_t>(i)]; }
  bool topscorer(int i) const { return at(i).score > top_threshold; }
  bool compatible(int i, int j) const {
    if (met[index(i, j)]) return false;
    const Entrant& a = at(i);
    const Entrant& b = at(j);
    if (!a.absolute() || !b.absolute() || a.preference != b.preference) return true;
    // Two absolute preferences for one colour: only topscorers in the last round (C3).
    return last_round && (topscorer(i) || topscorer(j));
  }
  bool bye_candidate(int i) const { return at(i).eligible_for_bye && at(i).score <= bye_score; }
  // How many of `among` other than v may meet v (its degree there, for Dirac's condition).
  int compatible_among(int v, const std::vector<int>& among) const {
    int count = 0;
    for (int j : among) count += (j != v && compatible(v, j)) ? 1 : 0;
    return count;
  }
  // Step 1: can everyone be paired, and from which score group does the PAB come?
  bool prepare(const Layout& global, std::string& error);
  template <typename Weight>
  bool find_pab_group(const Layout& global, std::string& error);
  bool prepare_reduced(const std::vector<int>& upper, const std::vector<int>& rest);

  const Event& event;
  std::vector<Entrant> e;
  int n;
  int dummy;  // odd numbers of players: n (there is a PAB), else -1
  std::vector<char> met;
  int rounds_played = 0;
  int top_threshold = 0;
  bool last_round = false;
  int bye_score = 0;
  bool single_downfloater_bye = false;
  std::map<int, int> played_rank;  // played games -> rank among the PAB score group
  std::vector<int> stable;         // each entrant's partner in the last matching (n: a sink)
  std::vector<char> done;          // entrants paired for good
  // Reduced mode (see prepare_reduced): the players below U less the reserved PAB recipient.
  int rest_size = 0;
  int min_rest_degree = 0;       // the least number of compatible opponents one of them has among them
  std::vector<int> rest_degree;  // per player of U: compatible opponents among them
};

struct RelaxationBroken {};  // a reduced matching not known to be exact

// One bracket, as the driver hands it to the matching: `players` are the moved-down players
// (the first `mdp_count`), the residents, then the next score group (from local index
// `bracket_size`); residents are entrants [residents_first, next_first).
struct Bracket {
  const std::vector<int>& players;
  int mdp_count;
  int bracket_size;
  int residents_first;
  int next_first;
};

// The matching of one bracket, with weights laid out for that bracket's score groups. Its
// vertices are the bracket's players and the next score group (U), in ranking order, then
// either everyone below (full mode) and the dummy, or a few sinks standing for everyone below
// (reduced mode, see build()).
template <std::size_t L>
class BracketEngine {
 public:
  using Weight = WideUint<L>;

  BracketEngine(DutchShared& shared, Layout layout)
      : s_(shared), layout_(std::move(layout)), n_(shared.n), graph_(0, WeightedMatching<Weight>::Mode::perfect),
        vertex_of_(static_cast<std::size_t>(shared.n), -1) {}

  // Pairs what the bracket can pair (matched[v] set for each), the rest of `rest` below;
  // `sinks` > 0 for reduced mode. Throws RelaxationBroken when reduced mode is not exact.
  void pair(const Bracket& bracket, const std::vector<int>& rest, int sinks, std::vector<char>& matched);

 private:
  static constexpr int kDummy = -1;
  static constexpr int kSink = -2;
  const Entrant& at(int i) const { return s_.at(i); }
  bool compatible(int i, int j) const { return s_.compatible(i, j); }
  bool bye_candidate(int i) const { return s_.bye_candidate(i); }
  Weight edge_weight(int higher, int lower, bool lower_in_bracket, bool lower_in_next) const;
  void build(const std::vector<int>& upper, int mdp_count, const std::vector<int>& rest, int sinks);
  // Sets an edge between two entrants; the matching is brought up to date at the next solve().
  void set_edge(int a, int b, const Weight& w) {
    const int ga = vertex_of_[static_cast<std::size_t>(a)];
    graph_.set_weight(ga, vertex_of_[static_cast<std::size_t>(b)], w);
    changed_.push_back(ga);
  }
  void solve() {
    if (fresh_) {
      graph_.solve();
      fresh_ = false;
    } else {
      std::sort(changed_.begin(), changed_.end());
      changed_.erase(std::unique(changed_.begin(), changed_.end()), changed_.end());
      graph_.update(changed_);
    }
    changed_.clear();
    read_matching();
  }
  // Reads each entrant's partner: itself for the dummy, n_ for a sink (a player floating below
  // the next score group); in reduced mode, checks that the matching is exact (certify()).
  void read_matching() {
    const std::vector<int>& mate = graph_.mate();
    floaters_.clear();
    for (std::size_t g = 0; g < entrant_of_.size(); ++g) {
      const int e = entrant_of_[g];
      if (e < 0) continue;
      const int m = mate[g];
      int partner = e;
      if (m >= 0 && entrant_of_[static_cast<std::size_t>(m)] >= 0) {
        partner = entrant_of_[static_cast<std::size_t>(m)];
      } else if (m >= 0 && entrant_of_[static_cast<std::size_t>(m)] == kSink) {
        partner = n_;
        floaters_.push_back(e);
      }
      s_.stable[static_cast<std::size_t>(e)] = partner;
    }
    if (sinks_ > 0) certify();
  }
  void certify() const;
  int mate(int v) const { return s_.stable[static_cast<std::size_t>(v)]; }
  // Fixes the pair (a, b) (a == b: the PAB) and takes it out of the matching.
  void finalize(int a, int b) {
    if (!changed_.empty() || fresh_) solve();
    if (b >= n_ || (b == a && dummy_vertex_ < 0)) throw RelaxationBroken{};
    graph_.retire(vertex_of_[static_cast<std::size_t>(a)], b == a ? dummy_vertex_ : vertex_of_[static_cast<std::size_t>(b)]);
    s_.done[static_cast<std::size_t>(a)] = s_.done[static_cast<std::size_t>(b)] = 1;
    read_matching();
  }

  DutchShared& s_;
  Layout layout_;
  int n_;
  WeightedMatching<Weight> graph_;
  bool fresh_ = false;           // graph_ built and not solved yet
  std::vector<int> vertex_of_;   // entrant -> graph vertex, -1 when not in the graph
  std::vector<int> entrant_of_;  // graph vertex -> entrant, kDummy or kSink
  int dummy_vertex_ = -1;
  int sinks_ = 0;                // reduced mode: the number of sinks, else 0
  std::vector<int> floaters_;    // reduced mode: players matched to a sink
  std::vector<int> changed_;
};

template <std::size_t L>
typename BracketEngine<L>::Weight BracketEngine<L>::edge_weight(int hi, int lo, bool in_bracket, bool in_next) const {
  Weight w;
  if (!compatible(hi, lo)) return w;
  const Entrant& h = at(hi);
  const Entrant& l = at(lo);
  const Layout& f = layout_;
  w.add_at(f.completion, 1u + (bye_candidate(hi) ? 0u : 1u) + (bye_candidate(lo) ? 0u : 1u));
  if (in_bracket) {
    w.add_at(f.pairs_in, 1);
    w.add_at(f.scores_in + f.score_shift.at(h.score), 1);
  }
  if (in_next) {
    w.add_at(f.pairs_next, 1);
    w.add_at(f.scores_next + f.score_shift.at(h.score), 1);
  }
  if (s_.single_downfloater_bye) {
    std::uint64_t ranks = 0;
    if (h.score == s_.bye_score) ranks += static_cast<std::uint64_t>(s_.played_rank.at(h.played_games));
    if (l.score == s_.bye_score) ranks += static_cast<std::uint64_t>(s_.played_rank.at(l.played_games));
    w.add_at(f.bye_games, ranks);
  }
  if (!in_bracket) return w;
  // Colours (C10–C13), stated for the lower player p against the higher player o.
  const Entrant& p = l;
  const Entrant& o = h;
  const bool same = p.preference == o.preference;
  if (!(p.absolute_imbalance() && o.absolute_imbalance() && same)) w.add_at(f.colour[0], 1);
  bool third_in_row_avoided = !p.absolute() || !o.absolute() || !same;
  if (!third_in_row_avoided) {
    if (p.imbalance == o.imbalance) {
      third_in_row_avoided = p.repeated == Seat::none || p.repeated != o.repeated;
    } else {
      const Entrant& loser = p.imbalance > o.imbalance ? o : p;
      third_in_row_avoided = loser.repeated != opposite(p.preference);
    }
  }
  if (third_in_row_avoided) w.add_at(f.colour[1], 1);
  if (preferences_compatible(p.preference, o.preference)) w.add_at(f.colour[2], 1);
  const bool p_soft = !p.strong && !p.absolute();
  const bool o_soft = !o.strong && !o.absolute();
  if (p_soft || o_soft || (p.absolute() && o.absolute()) || !same) w.add_at(f.colour[3], 1);
  // Floats (C14–C21), one and two rounds back.
  for (int back = 1; back <= 2; ++back) {
    if ((back == 1 && !f.floats1) || (back == 2 && !f.floats2)) continue;
    const auto k = static_cast<std::size_t>(back);
    const int c = back - 1;  // 0: C14/C15 and C18/C19; 1: C16/C17 and C20/C21
    const bool lower_down = l.floats[k] == Float::down;
    const bool higher_down = h.floats[k] == Float::down;
    const bool mdp_pair = h.score > l.score;
    const bool repeat_up = mdp_pair && l.floats[k] == Float::up;
    w.add_at(f.float_count[2 * c], (lower_down ? 1u : 0u) + (!mdp_pair && higher_down ? 1u : 0u));
    if (!repeat_up) w.add_at(f.float_count[2 * c + 1], 1);
    if (lower_down) w.add_at(f.float_score[2 * c] + f.score_shift.at(l.score), 1);
    if (higher_down) w.add_at(f.float_score[2 * c] + f.score_shift.at(h.score), 1);
    if (!repeat_up) w.add_at(f.float_score[2 * c + 1] + f.score_shift.at(h.score), 1);
  }
  return w;
}

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
    const int degree = s_.rest_degree[static_cast<std::size_t>(f)] + s_.compatible_among(f, floaters_);
    if (2 * degree < size) throw RelaxationBroken{};
  }
}

// A new matching for the bracket: `upper` (U) in ranking order, its first `mdp_count` the
// moved-down players, and `rest` the players below; `sinks` > 0 for reduced mode. Edges with
// both ends in U other than between two moved-down players are the caller's to set.
template <std::size_t L>
void BracketEngine<L>::build(const std::vector<int>& upper, int mdp_count, const std::vector<int>& rest, int sinks) {
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
      graph_.set_weight(vertex_of_[static_cast<std::size_t>(a)], vertex_of_[static_cast<std::size_t>(b)], edge_weight(a, b, true, false));
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
    for (int h = 0; h < g; ++h) graph_.set_weight(h, g, edge_weight(entrant_of_[static_cast<std::size_t>(h)], lo, false, false));
  }
  if (dummy_vertex_ >= 0) {
    for (int g = 0; g < dummy_vertex_; ++g) graph_.set_weight(g, dummy_vertex_, Weight(1));
  }
}

template <std::size_t L>
void BracketEngine<L>::pair(const Bracket& bracket, const std::vector<int>& rest, int sinks, std::vector<char>& matched) {
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
      row[static_cast<std::size_t>(hi)] = edge_weight(vertex(hi), vertex(lo), lo < bracket_size, lo >= bracket_size);
      set_edge(vertex(lo), vertex(hi), row[static_cast<std::size_t>(hi)]);
    }
  }
  auto base_of = [&](int lo, int hi) -> Weight& { return base[static_cast<std::size_t>(lo)][static_cast<std::size_t>(hi)]; };
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
      if (o <= p || matched[static_cast<std::size_t>(vertex(o))] || base_of(o, p).is_zero()) continue;
      const int g = vertex_of_[static_cast<std::size_t>(vertex(o))];
      if (vertex(o) == partner_now || graph_.tight(vertex_of_[static_cast<std::size_t>(vertex(p))], g)) first_tight = vertex(o);
    }
    if (first_tight == partner_now) {
      matched[static_cast<std::size_t>(vertex(p))] = matched[static_cast<std::size_t>(partner_now)] = 1;
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
      if (single_downfloater_bye && entrant.score == bye_score) x -= played_rank.at(entrant.played_games);
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

// Calls f(std::type_identity<WideUint<L>>{}) for the narrowest supported L of at least `bits`
// bits; false when the weights would be wider than any.
template <typename F>
bool with_weight_of(unsigned bits, F&& f) {
  const std::size_t limbs = (bits + 63) / 64;
  // Every width up to 8 limbs: the weight matrix is scanned row by row, so each limb counts.
  if (limbs <= 2) f(std::type_identity<WideUint<2>>{});
  else if (limbs <= 3) f(std::type_identity<WideUint<3>>{});
  else if (limbs <= 4) f(std::type_identity<WideUint<4>>{});
  else if (limbs <= 5) f(std::type_identity<WideUint<5>>{});
  else if (limbs <= 6) f(std::type_identity<WideUint<6>>{});
  else if (limbs <= 7) f(std::type_identity<WideUint<7>>{});
  else if (limbs <= 8) f(std::type_identity<WideUint<8>>{});
  else if (limbs <= 12) f(std::type_identity<WideUint<12>>{});
  else if (limbs <= 16) f(std::type_identity<WideUint<16>>{});
  else if (limbs <= 24) f(std::type_identity<WideUint<24>>{});
  else if (limbs <= 32) f(std::type_identity<WideUint<32>>{});
  else if (limbs <= 48) f(std::type_identity<WideUint<48>>{});
  else if (limbs <= 64) f(std::type_identity<WideUint<64>>{});
  else return false;
  return true;
}

// 1. Can everyone be paired at all, and from which score group does the PAB come (C5)?
// Dirac's theorem answers the common case without a matching: when every player may meet at
// least half of the others, there is a Hamiltonian cycle, so a pairing of everyone (around
// the lowest player who may have the PAB, when there is one).
bool DutchShared::prepare(const Layout& global, std::string& error) {
  const int top_score = n > 0 ? at(0).score : 0;
  auto dense = [&](int without) {
    std::vector<int> others;
    for (int i = 0; i < n; ++i) {
      if (i != without) others.push_back(i);
    }
    const auto size = static_cast<int>(others.size());
    return std::all_of(others.begin(), others.end(), [&](int i) { return 2 * compatible_among(i, others) >= size; });
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
      bool ok = false;
      if (!with_weight_of(bits, [&](auto tag) { ok = find_pab_group<typename decltype(tag)::type>(global, error); })) {
        error = "too many score groups and players for the pairing weights";
        return false;
      }
      if (!ok) return false;
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
    if (std::find(m.begin(), m.end(), -1) != m.end()) {
      error = kUnpairable;
      return false;
    }
  }
  return true;
}

// The odd case the shortcut does not settle: a maximum-weight matching where a pair counts
// more when neither player may have the PAB, then the higher the scores paired (so the lowest
// score is left for the PAB), then pairs inside the top score group.
template <typename Weight>
bool DutchShared::find_pab_group(const Layout& global, std::string& error) {
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
  if (unpaired != 1) {
    error = kUnpairable;
    return false;
  }
  if (!at(bye).eligible_for_bye) {
    error = "no pairing of the round leaves the pairing-allocated bye to a player who may receive it (C2)";
    return false;
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
  return true;
}

// Pairs everyone: partner[i] for each entrant (i itself for the PAB), or an error.
bool run_dutch(DutchShared& s, const Layout& global, const DutchOptions& options, std::vector<int>& partner,
               PairingResult& stats, std::string& error) {
  if (!s.prepare(global, error)) return false;
  const int n = s.n;
  auto at = [&](int i) -> const Entrant& { return s.at(i); };
  auto mate = [&](int v) { return s.stable[static_cast<std::size_t>(v)]; };
  std::size_t bye_group = 0;
  for (int v = 0; v < n; ++v) bye_group += at(v).score == s.bye_score ? 1 : 0;

  // 2. Bracket by bracket, top-down.
  partner.assign(static_cast<std::size_t>(n), -1);
  std::vector<char> matched(static_cast<std::size_t>(n), 0);
  std::vector<int> players;  // the bracket (moved-down players, then residents), then the next score group
  int next_group = 0;        // first entrant of the next score group not yet in `players`
  auto take_group = [&]() {
    const int score = at(next_group).score;
    while (next_group < n && at(next_group).score == score) players.push_back(next_group++);
  };
  take_group();
  int mdp_count = 0;
  int residents_first = 0;  // the first resident (entrant index)
  while (players.size() > 1 || next_group < n) {
    const int bracket_size = static_cast<int>(players.size());
    const int next_first = residents_first + (bracket_size - mdp_count);  // entrant index where the next group starts
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
        if (!fits) {
          error = "too many score groups and players for the pairing weights";
          return false;
        }
        break;
      } catch (const RelaxationBroken&) {
        if (sinks == 0) {
          error = "internal error: a bracket could not be paired";
          return false;
        }
        matched = matched_before;
        s.done = done_before;
      }
    }

    // 3. The pairs made; the rest moves down into the next bracket.
    const bool next_exists = next_group_start < n;
    bool single = s.dummy >= 0 && next_exists && s.bye_score >= at(next_group_start).score;
    const int next_score = next_exists ? at(next_group_start).score : 0;
    std::vector<int> moving;
    int moving_mdps = 0;
    for (int local = 0; local < size; ++local) {
      const int v = players[static_cast<std::size_t>(local)];
      if (local < bracket_size && matched[static_cast<std::size_t>(v)]) {
        partner[static_cast<std::size_t>(v)] = mate(v);
        partner[static_cast<std::size_t>(mate(v))] = v;
      } else {
        moving.push_back(v);
        if (local < bracket_size) ++moving_mdps;
        if (single && (mate(v) >= n || at(mate(v)).score < next_score)) single = false;
      }
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
  return true;
}

// The colours of the most recent round in which the two played different colours (played
// games only, each player's own sequence).
std::pair<Seat, Seat> last_difference(const Participant& a, const Participant& b) {
  auto ia = a.rounds.rbegin();
  auto ib = b.rounds.rbegin();
  auto skip = [](auto& it, const auto& end) {
    while (it != end && !it->played()) ++it;
  };
  skip(ia, a.rounds.rend());
  skip(ib, b.rounds.rend());
  while (ia != a.rounds.rend() && ib != b.rounds.rend() && ia->seat == ib->seat) {
    ++ia;
    ++ib;
    skip(ia, a.rounds.rend());
    skip(ib, b.rounds.rend());
  }
  return {ia == a.rounds.rend() ? Seat::none : ia->seat, ib == b.rounds.rend() ? Seat::none : ib->seat};
}

// C.04.3 5.2: the colour of `p` against `q`.
Seat colour_for(const Entrant& p, const Entrant& q, const Event& event) {
  const Participant& pp = event.participants[static_cast<std::size_t>(p.player)];
  const Participant& qp = event.participants[static_cast<std::size_t>(q.player)];
  const bool p_higher = p.score > q.score || (p.score == q.score && p.rank < q.rank);
  Seat result = Seat::none;
  if (preferences_compatible(p.preference, q.preference)) {
    // 5.2.1: both preferences granted.
    result = p.preference != Seat::none ? p.preference : opposite(q.preference);
  } else if (p.absolute() && (p.imbalance > q.imbalance || !q.absolute())) {
    result = p.preference;  // 5.2.2: the stronger preference (the wider difference)
  } else if (q.absolute() && (q.imbalance > p.imbalance || !p.absolute())) {
    result = opposite(q.preference);
  } else if (p.strong && !q.strong) {
    result = p.preference;
  } else if (q.strong && !p.strong) {
    result = opposite(q.preference);
  } else {
    // 5.2.3: alternate from the last round in which they had different colours.
    const auto [pc, qc] = last_difference(pp, qp);
    if (pc != Seat::none && qc != Seat::none) result = qc;
  }
  if (result != Seat::none) return result;
  if (p.preference == Seat::none) {
    // 5.2.5: the higher-ranked player gets the initial colour if their number is odd.
    const Entrant& higher = p_higher ? p : q;
    const Seat higher_colour = higher.rank % 2 == 0 ? event.initial_seat : opposite(event.initial_seat);
    return p_higher ? higher_colour : opposite(higher_colour);
  }
  // 5.2.4: the higher-ranked player's preference.
  return p_higher ? p.preference : opposite(q.preference);
}

}  // namespace

PairingResult pair_dutch(const Event& event, const DutchOptions& options) {
  PairingResult result;
  const int played = event.rounds_played();
  // Effective pairing numbers: players who are absent and never took part in a pairing do
  // not count.
  std::vector<int> order(event.participants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return event.participants[static_cast<std::size_t>(a)].number < event.participants[static_cast<std::size_t>(b)].number;
  });
  std::vector<Entrant> entrants;
  int rank = 0;
  std::vector<int> scores(event.participants.size());
  for (std::size_t i = 0; i < event.participants.size(); ++i) scores[i] = static_cast<int>(event.points_scored(static_cast<int>(i)).tenths());
  for (int index : order) {
    const Participant& p = event.participants[static_cast<std::size_t>(index)];
    const bool ever_paired = std::any_of(p.rounds.begin(), p.rounds.end(), [](const RoundRecord& r) { return r.paired(); });
    if (p.absent && !ever_paired) continue;
    const int my_rank = rank++;
    if (p.absent) continue;
    Entrant e;
    e.player = index;
    e.rank = my_rank;
    e.score = scores[static_cast<std::size_t>(index)];
    int white = 0;
    int black = 0;
    int run = 0;
    Seat last = Seat::none;
    for (const RoundRecord& r : p.rounds) {
      if (r.played()) {
        ++e.played_games;
        (r.seat == Seat::first ? white : black) += 1;
        run = (run == 0 || r.seat != last) ? 1 : run + 1;
        last = r.seat;
      }
      if (!r.played() && r.paired() && (r.kind == RoundKind::pairing_bye || r.kind == RoundKind::forfeit_win)) {
        e.eligible_for_bye = false;
      }
    }
    const Seat fewer = white > black ? Seat::second : Seat::first;
    e.imbalance = std::abs(white - black);
    e.preference = e.imbalance > 1 ? fewer
                   : run > 1       ? opposite(last)
                   : e.imbalance > 0 ? fewer
                   : run > 0       ? opposite(last)
                                   : Seat::none;
    e.repeated = run > 1 ? last : Seat::none;
    e.strong = !e.absolute() && e.imbalance > 0;
    // Floats one and two rounds back (2026: an unplayed round with more than a loss's points
    // is a downfloat; forfeit losses and zero-point byes are no float).
    for (int back = 1; back <= 2 && back <= played; ++back) {
      const RoundRecord& r = p.rounds[static_cast<std::size_t>(played - back)];
      Float f = Float::none;
      if (!r.played()) {
        f = event.points.of(r) > event.points.loss ? Float::down : Float::none;
      } else {
        auto before = [&](int who) {
          int s = scores[static_cast<std::size_t>(who)];
          const auto& rounds = event.participants[static_cast<std::size_t>(who)].rounds;
          for (int k = 1; k <= back; ++k) s -= static_cast<int>(event.points.of(rounds[static_cast<std::size_t>(played - k)]).tenths());
          return s;
        };
        const int mine = before(index);
        const int theirs = before(r.opponent);
        f = mine > theirs ? Float::down : mine < theirs ? Float::up : Float::none;
      }
      e.floats[back] = f;
    }
    entrants.push_back(e);
  }
  std::stable_sort(entrants.begin(), entrants.end(), [](const Entrant& a, const Entrant& b) {
    return a.score != b.score ? a.score > b.score : a.rank < b.rank;
  });
  if (entrants.size() < 2) {
    if (entrants.size() == 1) {
      const Entrant& only = entrants.front();
      if (!only.eligible_for_bye) {
        result.error = "one player to pair, who may not receive the pairing-allocated bye";
        return result;
      }
      result.boards.push_back({only.player, -1});
    }
    result.ok = true;
    return result;
  }
  std::vector<int> partner;
  // Round 1 without forbidden pairs: one score group, no colours, no floats, nobody has met —
  // the first candidate of the procedure is perfect: S1 (the top half) against S2 in order, the
  // PAB (odd numbers) to the last player. The matching would find exactly this; it is written
  // out directly so that round 1 of a large open costs nothing.
  const bool forbidden_among_present = std::any_of(event.forbidden.begin(), event.forbidden.end(), [&](const auto& pair) {
    return !event.participants[static_cast<std::size_t>(pair.first)].absent && !event.participants[static_cast<std::size_t>(pair.second)].absent;
  });
  const bool first_round = played == 0 && !forbidden_among_present;
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
  std::string error;
  bool ok = first_round;
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
      result.error = fmt::format("{} players would need about {:.0f} GB of memory for the pairing (8 GB is the limit)",
                                 entrants.size(), bytes / 1e9);
      return result;
    }
    DutchShared shared(event, entrants);
    ok = run_dutch(shared, global, options, partner, result, error);
  }
  if (!ok) {
    result.error = error;
    return result;
  }
  // Colours, then board order (C.04.2): the higher score of the higher-ranked player, the
  // higher score of the other, the lower number of the higher-ranked; the PAB last.
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
  std::sort(pairs.begin(), pairs.end(), [&](const Pair& a, const Pair& b) {
    if ((a.lower < 0) != (b.lower < 0)) return b.lower < 0;
    const Entrant& ah = entrants[static_cast<std::size_t>(a.higher)];
    const Entrant& bh = entrants[static_cast<std::size_t>(b.higher)];
    if (ah.score != bh.score) return ah.score > bh.score;
    if (a.lower >= 0 && b.lower >= 0) {
      const int al = entrants[static_cast<std::size_t>(a.lower)].score;
      const int bl = entrants[static_cast<std::size_t>(b.lower)].score;
      if (al != bl) return al > bl;
    }
    return ah.rank < bh.rank;
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
  result.ok = true;
  return result;
}

}  // namespace boardgames::swiss

namespace boardgames::swiss {

Event event_before_round(const Event& event, int round) {
  Event before = event;
  for (Participant& p : before.participants) {
    if (static_cast<int>(p.rounds.size()) >= round) {
      const RoundRecord& entry = p.rounds[static_cast<std::size_t>(round - 1)];
      p.absent = !entry.paired();
      p.absence = p.absent ? std::optional<RoundKind>(entry.kind) : std::nullopt;
    }
    if (static_cast<int>(p.rounds.size()) > round - 1) p.rounds.resize(static_cast<std::size_t>(round - 1));
  }
  return before;
}

std::optional<Seat> infer_initial_colour(const Event& event) {
  // Ranks at the pairing of round 1: the players paired in it, by number.
  std::vector<int> order;
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    const Participant& p = event.participants[i];
    if (!p.rounds.empty() && p.rounds.front().paired()) order.push_back(static_cast<int>(i));
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return event.participants[static_cast<std::size_t>(a)].number < event.participants[static_cast<std::size_t>(b)].number;
  });
  std::vector<int> rank(event.participants.size(), -1);
  for (std::size_t r = 0; r < order.size(); ++r) rank[static_cast<std::size_t>(order[r])] = static_cast<int>(r);
  for (int i : order) {
    const RoundRecord& e = event.participants[static_cast<std::size_t>(i)].rounds.front();
    if (e.opponent < 0 || e.seat == Seat::none) continue;
    const int mine = rank[static_cast<std::size_t>(i)];
    const int theirs = rank[static_cast<std::size_t>(e.opponent)];
    if (theirs < 0 || theirs < mine) continue;  // i is the higher-ranked of the pair
    return mine % 2 == 0 ? e.seat : opposite(e.seat);
  }
  return std::nullopt;
}

std::optional<InitialColour> decide_initial_colour(const Event& event, bool file_gives, std::optional<Seat> chosen,
                                                   std::optional<std::uint64_t> seed) {
  if (chosen) return InitialColour{*chosen, InitialColourSource::option};
  if (file_gives) return InitialColour{event.initial_seat, InitialColourSource::file};
  if (auto inferred = infer_initial_colour(event)) return InitialColour{*inferred, InitialColourSource::round_one};
  if (seed) {
    Random random(*seed);
    return InitialColour{random.below(2) == 0 ? Seat::first : Seat::second, InitialColourSource::lot};
  }
  return std::nullopt;
}

void set_result_points(PointSystem& points, Points win, Points draw, Points loss) {
  points.win = points.forfeit_win = points.full_bye = win;
  points.draw = points.half_bye = draw;
  points.loss = loss;
}

std::vector<RoundCheck> check_event(const Event& event) {
  std::vector<RoundCheck> checks;
  auto number = [&](int index) { return event.participants[static_cast<std::size_t>(index)].number; };
  for (int round = 1; round <= event.rounds_played(); ++round) {
    RoundCheck check;
    check.round = round;
    const PairingResult result = pair_dutch(event_before_round(event, round));
    if (!result.ok) {
      check.error = result.error;
      checks.push_back(std::move(check));
      continue;
    }
    check.boards = static_cast<int>(result.boards.size());
    // What was paired: (white, black) per game, -1 black for the PAB.
    std::set<std::pair<int, int>> actual;
    for (std::size_t i = 0; i < event.participants.size(); ++i) {
      const RoundRecord& e = event.participants[i].rounds[static_cast<std::size_t>(round - 1)];
      if (e.kind == RoundKind::pairing_bye) actual.emplace(static_cast<int>(i), -1);
      if (e.opponent >= 0 && (e.seat == Seat::first || (e.seat == Seat::none && static_cast<int>(i) < e.opponent))) {
        actual.emplace(static_cast<int>(i), e.opponent);
      }
    }
    std::set<std::pair<int, int>> mine;
    for (const Board& b : result.boards) mine.emplace(b.first, b.second);
    auto describe = [&](const std::pair<int, int>& pair) {
      return pair.second < 0 ? fmt::format("{} (bye)", number(pair.first)) : fmt::format("{}-{}", number(pair.first), number(pair.second));
    };
    for (const auto& pair : actual) {
      if (mine.count(pair)) continue;
      const auto reversed = std::make_pair(pair.second, pair.first);
      if (pair.second >= 0 && mine.count(reversed)) {
        check.differences.push_back(fmt::format("{}: colours reversed (the pairing program gives {})", describe(pair), describe(reversed)));
      } else {
        check.differences.push_back(fmt::format("{} was paired; the Dutch system does not pair it", describe(pair)));
      }
    }
    for (const auto& pair : mine) {
      const auto reversed = std::make_pair(pair.second, pair.first);
      if (actual.count(pair) || (pair.second >= 0 && actual.count(reversed))) continue;
      check.differences.push_back(fmt::format("the Dutch system pairs {}", describe(pair)));
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

}  // namespace boardgames::swiss
