// The edge weight of the Dutch system: where each criterion sits (Layout) and what a pair
// scores in each (BracketEngine::edge_weight). See dutch_internal.h.
#include "tournament/dutch_internal.h"

namespace boardgames::swiss::dutch {

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

template <std::size_t L>
typename BracketEngine<L>::Weight BracketEngine<L>::edge_weight(int hi, int lo, bool in_bracket,
                                                                bool in_next) const {
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

template BracketEngine<2>::Weight BracketEngine<2>::edge_weight(int, int, bool, bool) const;
template BracketEngine<3>::Weight BracketEngine<3>::edge_weight(int, int, bool, bool) const;
template BracketEngine<4>::Weight BracketEngine<4>::edge_weight(int, int, bool, bool) const;
template BracketEngine<5>::Weight BracketEngine<5>::edge_weight(int, int, bool, bool) const;
template BracketEngine<6>::Weight BracketEngine<6>::edge_weight(int, int, bool, bool) const;
template BracketEngine<7>::Weight BracketEngine<7>::edge_weight(int, int, bool, bool) const;
template BracketEngine<8>::Weight BracketEngine<8>::edge_weight(int, int, bool, bool) const;
template BracketEngine<12>::Weight BracketEngine<12>::edge_weight(int, int, bool, bool) const;
template BracketEngine<16>::Weight BracketEngine<16>::edge_weight(int, int, bool, bool) const;
template BracketEngine<24>::Weight BracketEngine<24>::edge_weight(int, int, bool, bool) const;
template BracketEngine<32>::Weight BracketEngine<32>::edge_weight(int, int, bool, bool) const;
template BracketEngine<48>::Weight BracketEngine<48>::edge_weight(int, int, bool, bool) const;
template BracketEngine<64>::Weight BracketEngine<64>::edge_weight(int, int, bool, bool) const;

}  // namespace boardgames::swiss::dutch
