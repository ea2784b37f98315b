// The FIDE Dutch system's private parts, shared by the files that implement it by phase:
//   dutch_entrants.cpp  who is paired, in ranking order, with colour preferences and floats;
//                       the colour each pair gets (C.04.3 5.2)
//   dutch_weights.cpp   the edge weight: each criterion a field (Layout, edge_weight)
//   dutch_bracket.cpp   the bracket engine: one bracket's matching and its choices
//   dutch_checker.cpp   re-pairing the rounds played (check_event) and the initial colour
//   dutch.cpp           the driver: can the round be paired, the PAB's score group, the
//                       brackets top-down, colours and board order (pair_dutch)
// Not installed: nothing here is part of the library's interface.
//
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
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "boardgames/core/wide_uint.h"
#include "boardgames/tournament/swiss.h"

#include "tournament/weighted_matching.h"

namespace boardgames::swiss::dutch {

enum class Float : std::uint8_t { down, up, none };

constexpr const char* kUnpairable =
    "the players cannot all be paired without a rematch, a forbidden pair (XXP, --apart) or a "
    "forbidden colour (C1–C3)";

// Bits needed to write x (0 for 0).
inline unsigned bits_for(std::size_t x) { return static_cast<unsigned>(std::bit_width(x)); }

// What the pairing needs to know of one player to be paired, in ranking order.
struct Entrant {
  int player = 0;  // index in Event::participants
  int score = 0;
  int points = 0;  // score without virtual points (acceleration): what the board order uses
  int rank = 0;    // effective pairing number, 0-based (TPN order among the players that count)
  Seat preference = Seat::none;
  Seat repeated = Seat::none;  // the colour of the last two games when they were the same
  int imbalance = 0;           // |games as White − games as Black|
  bool strong = false;
  bool eligible_for_bye = true;
  int played_games = 0;
  Float floats[3] = {Float::none, Float::none, Float::none};  // [k]: k rounds back

  bool absolute_imbalance() const { return imbalance > 1; }
  bool absolute() const { return absolute_imbalance() || repeated != Seat::none; }
};

// Why a round cannot be paired.
inline Problem unpairable(std::string reason) {
  Problem problem;
  problem.reason = std::move(reason);
  return problem;
}

inline bool preferences_compatible(Seat a, Seat b) {
  return a != b || a == Seat::none || b == Seat::none;
}

// Where each criterion sits in the edge weight (bit offsets, most significant first).
struct Layout {
  unsigned group_bits = 0;              // bits for a count of players in one score group
  unsigned score_bits = 0;              // bits for one counter per score group
  std::map<int, unsigned> score_shift;  // score -> offset of its counter within a score field
  unsigned completion = 0, pairs_in = 0, scores_in = 0, pairs_next = 0, scores_next = 0,
           bye_games = 0;
  unsigned colour[4] = {};
  unsigned float_count[4] = {};  // C14 C15 C16 C17
  unsigned float_score[4] = {};  // C18 C19 C20 C21
  bool floats1 = false, floats2 = false;
  unsigned ordering = 0;  // the low bits: 3 × group_bits + 1
  unsigned total = 0;     // bits used, with room for the matching's sums
  // The 2017 rules (make_layout_2017): score differences instead of scores. A score field is
  // then one signed counter per score difference (diff_shift), the largest differences
  // highest; pairs_next and scores_next are absent in the special brackets (the PPB and the
  // CLB, where `completion` applies instead).
  bool rules2017 = false;
  bool special = false;    // the bracket is paired with everyone below it (PPB, CLB)
  bool last_next = false;  // the next score group is the last one
  int bracket_end = 0;     // entrants below this index are in the bracket (MDPs, residents)
  int lowest_score = 0;    // the lowest score among the bracket and the players it sees
  std::map<int, unsigned> diff_shift;  // score difference -> offset within a score field
};

// `groups`: the size of each score group the score fields must count; `largest`: the most
// pairs or players any count field must hold; `bye_group`: the size of the PAB score group.
Layout make_layout(const std::map<int, std::size_t>& groups, std::size_t largest,
                   std::size_t bye_group, int rounds_played);
// The 2017 rules' layout for a bracket that sees `scores` (the bracket's and those of the
// players below it in the matching; the lowest last) and `players` players in all.
Layout make_layout_2017(const std::vector<int>& scores, std::size_t players, int rounds_played,
                        bool special, bool last_next, int bracket_end);

// The players to pair (absent ones left out, but counted in the ranks when they were ever
// paired), with their colour preferences and floats (by the edition's rules), in pairing
// order: score, then rank.
std::vector<Entrant> make_entrants(const Event& event, DutchRules rules);

// C.04.3 5.2: the colour (seat) of `p` against `q`.
Seat colour_for(const Entrant& p, const Entrant& q, const Event& event);

// What every bracket's matching shares: the players in pairing order, who may meet whom, the
// PAB facts, and who is paired so far.
struct DutchShared {
  DutchShared(const Event& event_in, std::vector<Entrant> entrants, DutchRules rules_in)
      : event(event_in),
        rules(rules_in),
        e(std::move(entrants)),
        n(static_cast<int>(e.size())),
        dummy(n % 2 == 1 ? n : -1) {
    rounds_played = event.rounds_played();
    const int best = static_cast<int>(std::max(event.points.win, event.points.draw).tenths());
    top_threshold = (rounds_played * best) >> 1;
    last_round =
        event.planned_rounds > 0 && rounds_played >= event.planned_rounds - 1;  // 0: unknown
    // Games already played (forfeits do not count) and forbidden pairs.
    std::vector<int> position(event.participants.size(), -1);
    for (int i = 0; i < n; ++i)
      position[static_cast<std::size_t>(e[static_cast<std::size_t>(i)].player)] = i;
    met.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
      for (const RoundRecord& r :
           event.participants[static_cast<std::size_t>(e[static_cast<std::size_t>(i)].player)]
               .rounds) {
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

  std::size_t index(int i, int j) const {
    return static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j);
  }
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
  std::optional<Problem> prepare(const Layout& global);
  template <typename Weight>
  std::optional<Problem> find_pab_group(const Layout& global);
  bool prepare_reduced(const std::vector<int>& upper, const std::vector<int>& rest);

  const Event& event;
  DutchRules rules;
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
  int min_rest_degree = 0;  // the least number of compatible opponents one of them has among them
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
      : s_(shared),
        layout_(std::move(layout)),
        n_(shared.n),
        graph_(0, WeightedMatching<Weight>::Mode::perfect),
        vertex_of_(static_cast<std::size_t>(shared.n), -1) {}

  // Pairs what the bracket can pair (matched[v] set for each), the rest of `rest` below;
  // `sinks` > 0 for reduced mode. Throws RelaxationBroken when reduced mode is not exact.
  // The steps of C.04.3 in order, each fixing a choice by the weights and solving again:
  // weigh_criteria, choose_mdp_set, pair_mdps, split_remainder, exchange_s1_to_s2,
  // exchange_s2_to_s1, fix_s1_and_s2, transpose_s2.
  void pair(const Bracket& bracket, const std::vector<int>& rest, int sinks,
            std::vector<char>& matched);

 private:
  static constexpr int kDummy = -1;
  static constexpr int kSink = -2;

  // One call of pair(): the bracket (local indices: its players, then the next score group),
  // the base weights, and the remainder's S1 and S2, which the steps read and narrow in turn.
  struct Pass {
    Pass(const Bracket& bracket_in, std::vector<char>& matched_in)
        : bracket(bracket_in),
          matched(matched_in),
          size(static_cast<int>(bracket_in.players.size())) {}

    const Bracket& bracket;
    std::vector<char>& matched;  // by entrant
    int size;                    // players of the bracket and of the next score group
    // Base weights of every pair with at least one resident or next-group player: [lo][hi],
    // lo >= mdp_count, hi < lo; zero for a pair a step has ruled out.
    std::vector<std::vector<Weight>> base;
    std::vector<int> remainder;  // local indices of the residents not paired with an MDP
    int pairs = 0;               // the remainder's S1: its first `pairs` players
    int exchanges = 0;           // residents exchanged between S1 and S2

    int vertex(int local) const { return bracket.players[static_cast<std::size_t>(local)]; }
    bool resident(int v) const { return v >= bracket.residents_first && v < bracket.next_first; }
    bool is_matched(int local) const { return matched[static_cast<std::size_t>(vertex(local))]; }
    void set_matched(int local) { matched[static_cast<std::size_t>(vertex(local))] = 1; }
    Weight& base_of(int lo, int hi) {
      return base[static_cast<std::size_t>(lo)][static_cast<std::size_t>(hi)];
    }
    int rem(int i) const { return remainder[static_cast<std::size_t>(i)]; }
    int remainder_size() const { return static_cast<int>(remainder.size()); }
  };
  // C1-C21 as edge weights: the bracket's matching built and solved once.
  void weigh_criteria(Pass& pass, const std::vector<int>& rest, int sinks);
  // Heterogeneous brackets: which MDPs are paired in the bracket, the highest ranked first.
  void choose_mdp_set(Pass& pass);
  // The MDP-pairing: each MDP paired takes the highest-ranked resident it can.
  void pair_mdps(Pass& pass);
  // The remainder and its S1 and S2; weights for the fewest exchanges, then the smallest sum
  // of S1's numbers; counts the exchanges the optimum makes.
  void split_remainder(Pass& pass);
  // Resident exchanges: the S1 players that move to S2 (the lowest first), then the S2 players
  // that move to S1 (the highest first).
  void exchange_s1_to_s2(Pass& pass);
  void exchange_s2_to_s1(Pass& pass);
  // Only S1 players (after the exchanges) take lower opponents.
  void fix_s1_and_s2(Pass& pass);
  // Transpositions of S2: each S1 player in turn takes the highest-ranked S2 player it can.
  void transpose_s2(Pass& pass);
  // The S1 player p's present partner if it is the highest-ranked candidate with a tight edge
  // (then no optimal matching gives p a higher one), else another entrant or -1.
  int first_tight_candidate(Pass& pass, int p) const;
  Weight exchange_weight(Pass& pass, int i, int j) const;
  // The higher player of a pair inside the bracket.
  bool is_upper(const Pass& pass, int local) const {
    const int v = pass.vertex(local);
    return mate(v) > v && mate(v) < pass.bracket.next_first;
  }
  void set(const Pass& pass, int a, int b, const Weight& w) {
    set_edge(pass.vertex(a), pass.vertex(b), w);
  }
  const Entrant& at(int i) const { return s_.at(i); }
  bool compatible(int i, int j) const { return s_.compatible(i, j); }
  bool bye_candidate(int i) const { return s_.bye_candidate(i); }
  Weight edge_weight(int higher, int lower, bool lower_in_bracket, bool lower_in_next) const;
  Weight edge_weight_2017(int higher, int lower) const;
  void add_colours(Weight& w, const Entrant& lower, const Entrant& higher) const;
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
    graph_.retire(vertex_of_[static_cast<std::size_t>(a)],
                  b == a ? dummy_vertex_ : vertex_of_[static_cast<std::size_t>(b)]);
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
  int sinks_ = 0;              // reduced mode: the number of sinks, else 0
  std::vector<int> floaters_;  // reduced mode: players matched to a sink
  std::vector<int> changed_;
};

// Calls f(std::type_identity<WideUint<L>>{}) for the narrowest supported L of at least `bits`
// bits; false when the weights would be wider than any.
template <typename F>
bool with_weight_of(unsigned bits, F&& f) {
  const std::size_t limbs = (bits + 63) / 64;
  // Every width up to 8 limbs: the weight matrix is scanned row by row, so each limb counts.
  if (limbs <= 2)
    f(std::type_identity<WideUint<2>>{});
  else if (limbs <= 3)
    f(std::type_identity<WideUint<3>>{});
  else if (limbs <= 4)
    f(std::type_identity<WideUint<4>>{});
  else if (limbs <= 5)
    f(std::type_identity<WideUint<5>>{});
  else if (limbs <= 6)
    f(std::type_identity<WideUint<6>>{});
  else if (limbs <= 7)
    f(std::type_identity<WideUint<7>>{});
  else if (limbs <= 8)
    f(std::type_identity<WideUint<8>>{});
  else if (limbs <= 12)
    f(std::type_identity<WideUint<12>>{});
  else if (limbs <= 16)
    f(std::type_identity<WideUint<16>>{});
  else if (limbs <= 24)
    f(std::type_identity<WideUint<24>>{});
  else if (limbs <= 32)
    f(std::type_identity<WideUint<32>>{});
  else if (limbs <= 48)
    f(std::type_identity<WideUint<48>>{});
  else if (limbs <= 64)
    f(std::type_identity<WideUint<64>>{});
  else
    return false;
  return true;
}

// The bracket engines are compiled once, in dutch_bracket.cpp (edge_weight in dutch_weights.cpp).
extern template class BracketEngine<2>;
extern template class BracketEngine<3>;
extern template class BracketEngine<4>;
extern template class BracketEngine<5>;
extern template class BracketEngine<6>;
extern template class BracketEngine<7>;
extern template class BracketEngine<8>;
extern template class BracketEngine<12>;
extern template class BracketEngine<16>;
extern template class BracketEngine<24>;
extern template class BracketEngine<32>;
extern template class BracketEngine<48>;
extern template class BracketEngine<64>;

}  // namespace boardgames::swiss::dutch
