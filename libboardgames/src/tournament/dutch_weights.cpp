// The edge weight of the Dutch system: where each criterion sits (Layout) and what a pair
// scores in each (BracketEngine::edge_weight). See dutch_internal.h.
#include <set>

#include "tournament/dutch_internal.h"

namespace boardgames::swiss::dutch {

namespace {
constexpr int kPointTenths = 10;  // one point, as scores are counted
}  // namespace

// `groups`: the size of each score group the score fields must count; `largest`: the most
// pairs or players any count field must hold; `bye_group`: the size of the PAB score group.
Layout make_layout(const std::map<int, std::size_t>& groups, std::size_t largest,
                   std::size_t bye_group, int rounds_played) {
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

// The 2017 rules (A.8, C6 and C7): the pairing score difference (PSD) of a bracket is the
// list, largest first, of the score differences of its pairs and, for each downfloater, the
// difference between its score and one point below the lowest score of the bracket. Each
// difference gets a signed counter (a player counts as a downfloater until paired: a pair adds
// its two players' downfloater differences and subtracts its own difference), so that the
// largest weight is the lexicographically smallest PSD.
Layout make_layout_2017(const std::vector<int>& scores, std::size_t players, int rounds_played,
                        bool special, bool last_next, int bracket_end) {
  Layout layout;
  layout.rules2017 = true;
  layout.special = special;
  layout.last_next = last_next;
  layout.bracket_end = bracket_end;
  layout.lowest_score = scores.empty() ? 0 : scores.back();
  layout.group_bits = bits_for(players);
  const unsigned counter = layout.group_bits + 1;  // a signed count of players
  std::set<int> differences;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    differences.insert(scores[i] - layout.lowest_score + kPointTenths);
    for (std::size_t j = i; j < scores.size(); ++j) differences.insert(scores[i] - scores[j]);
  }
  for (int difference : differences) {  // smallest first
    layout.diff_shift[difference] = layout.score_bits;
    layout.score_bits += counter;
  }
  layout.floats1 = rounds_played >= 1;
  layout.floats2 = rounds_played >= 2;
  unsigned at = 3 * layout.group_bits + 1;
  auto field = [&](unsigned width) {
    const unsigned offset = at;
    at += width;
    return offset;
  };
  for (int c = 3; c >= 0; --c) {
    if (c >= 2 ? layout.floats2 : layout.floats1) layout.float_score[c] = field(layout.score_bits);
  }
  for (int c = 3; c >= 0; --c) {
    if (c >= 2 ? layout.floats2 : layout.floats1) layout.float_count[c] = field(counter);
  }
  for (int c = 3; c >= 0; --c) layout.colour[c] = field(counter);
  if (!special) {
    layout.scores_next = field(layout.score_bits);
    layout.pairs_next = field(counter + 2);
  }
  layout.scores_in = field(layout.score_bits);
  layout.pairs_in = field(counter);
  layout.completion = field(2);
  layout.total = at + 3;
  return layout;
}

template <std::size_t L>
typename BracketEngine<L>::Weight BracketEngine<L>::edge_weight_2017(int hi, int lo) const {
  Weight w;
  if (!compatible(hi, lo)) return w;
  const Entrant& h = at(hi);
  const Entrant& l = at(lo);
  const Layout& f = layout_;
  const bool lower_in = lo < f.bracket_end;
  const bool higher_in = hi < f.bracket_end;
  auto difference = [&](int d) { return f.diff_shift.at(d); };
  auto downfloater = [&](const Entrant& x) {
    return f.diff_shift.at(x.score - f.lowest_score + kPointTenths);
  };
  const unsigned not_eligible = (h.eligible_for_bye ? 0u : 1u) + (l.eligible_for_bye ? 0u : 1u);
  // C1-C4: in the special brackets every pair counts, a pair of players who may not have the
  // PAB more (the PAB goes to one who may); elsewhere the same for every edge.
  w.add_at(f.completion, f.special ? 1u + not_eligible : 1u);
  if (lower_in) {  // C5, C6: pairs in the bracket, then its PSD
    w.add_at(f.pairs_in, 1);
    w.add_at(f.scores_in + downfloater(h), 1);
    w.add_at(f.scores_in + downfloater(l), 1);
    w.subtract_at(f.scores_in + difference(h.score - l.score), 1);
  }
  if (!f.special) {  // C7: pairs in the next bracket, then its PSD
    if (f.last_next) {
      w.add_at(f.pairs_next, 1u + not_eligible);
    } else if (!lower_in) {
      w.add_at(f.pairs_next, 1);
    }
    if (higher_in) w.add_at(f.scores_next + downfloater(h), 1);
    if (lower_in) w.add_at(f.scores_next + downfloater(l), 1);
  }
  if (!lower_in) return w;
  add_colours(w, l, h);
  // C12-C19: floats one and two rounds back, counts then score differences.
  for (int back = 1; back <= 2; ++back) {
    if ((back == 1 && !f.floats1) || (back == 2 && !f.floats2)) continue;
    const auto k = static_cast<std::size_t>(back);
    const int c = back - 1;
    const bool lower_down = l.floats[k] == Float::down;
    const bool higher_down = h.floats[k] == Float::down;
    const bool mdp_pair = h.score > l.score;
    const bool repeat_up = mdp_pair && l.floats[k] == Float::up;
    w.add_at(f.float_count[2 * c], (lower_down ? 1u : 0u) + (!mdp_pair && higher_down ? 1u : 0u));
    if (!repeat_up) w.add_at(f.float_count[2 * c + 1], 1);
    if (lower_down) w.add_at(f.float_score[2 * c] + downfloater(l), 1);
    if (higher_down) {
      w.add_at(f.float_score[2 * c] + downfloater(h), 1);
      if (mdp_pair) w.subtract_at(f.float_score[2 * c] + difference(h.score - l.score), 1);
    }
    if (repeat_up) w.subtract_at(f.float_score[2 * c + 1] + difference(h.score - l.score), 1);
  }
  return w;
}

// Colours (C10–C13 of 2026, C8-C11 of 2017), stated for the lower player p against the higher
// player o.
template <std::size_t L>
void BracketEngine<L>::add_colours(Weight& w, const Entrant& p, const Entrant& o) const {
  const Layout& f = layout_;
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
}

template <std::size_t L>
typename BracketEngine<L>::Weight BracketEngine<L>::edge_weight(int hi, int lo, bool in_bracket,
                                                                bool in_next) const {
  if (layout_.rules2017) return edge_weight_2017(hi, lo);
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
    if (h.score == s_.bye_score)
      ranks += static_cast<std::uint64_t>(s_.played_rank.at(h.played_games));
    if (l.score == s_.bye_score)
      ranks += static_cast<std::uint64_t>(s_.played_rank.at(l.played_games));
    w.add_at(f.bye_games, ranks);
  }
  if (!in_bracket) return w;
  add_colours(w, l, h);
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

template BracketEngine<2>::Weight BracketEngine<2>::edge_weight(int, int, bool, bool) const;
template BracketEngine<2>::Weight BracketEngine<2>::edge_weight_2017(int, int) const;
template void BracketEngine<2>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<3>::Weight BracketEngine<3>::edge_weight(int, int, bool, bool) const;
template BracketEngine<3>::Weight BracketEngine<3>::edge_weight_2017(int, int) const;
template void BracketEngine<3>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<4>::Weight BracketEngine<4>::edge_weight(int, int, bool, bool) const;
template BracketEngine<4>::Weight BracketEngine<4>::edge_weight_2017(int, int) const;
template void BracketEngine<4>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<5>::Weight BracketEngine<5>::edge_weight(int, int, bool, bool) const;
template BracketEngine<5>::Weight BracketEngine<5>::edge_weight_2017(int, int) const;
template void BracketEngine<5>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<6>::Weight BracketEngine<6>::edge_weight(int, int, bool, bool) const;
template BracketEngine<6>::Weight BracketEngine<6>::edge_weight_2017(int, int) const;
template void BracketEngine<6>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<7>::Weight BracketEngine<7>::edge_weight(int, int, bool, bool) const;
template BracketEngine<7>::Weight BracketEngine<7>::edge_weight_2017(int, int) const;
template void BracketEngine<7>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<8>::Weight BracketEngine<8>::edge_weight(int, int, bool, bool) const;
template BracketEngine<8>::Weight BracketEngine<8>::edge_weight_2017(int, int) const;
template void BracketEngine<8>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<12>::Weight BracketEngine<12>::edge_weight(int, int, bool, bool) const;
template BracketEngine<12>::Weight BracketEngine<12>::edge_weight_2017(int, int) const;
template void BracketEngine<12>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<16>::Weight BracketEngine<16>::edge_weight(int, int, bool, bool) const;
template BracketEngine<16>::Weight BracketEngine<16>::edge_weight_2017(int, int) const;
template void BracketEngine<16>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<24>::Weight BracketEngine<24>::edge_weight(int, int, bool, bool) const;
template BracketEngine<24>::Weight BracketEngine<24>::edge_weight_2017(int, int) const;
template void BracketEngine<24>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<32>::Weight BracketEngine<32>::edge_weight(int, int, bool, bool) const;
template BracketEngine<32>::Weight BracketEngine<32>::edge_weight_2017(int, int) const;
template void BracketEngine<32>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<48>::Weight BracketEngine<48>::edge_weight(int, int, bool, bool) const;
template BracketEngine<48>::Weight BracketEngine<48>::edge_weight_2017(int, int) const;
template void BracketEngine<48>::add_colours(Weight&, const Entrant&, const Entrant&) const;
template BracketEngine<64>::Weight BracketEngine<64>::edge_weight(int, int, bool, bool) const;
template BracketEngine<64>::Weight BracketEngine<64>::edge_weight_2017(int, int) const;
template void BracketEngine<64>::add_colours(Weight&, const Entrant&, const Entrant&) const;

}  // namespace boardgames::swiss::dutch
