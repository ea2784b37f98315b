// Who the Dutch system pairs and what each wants: ranking order, colour preferences (C.04.3
// 1.6, absolute, strong, mild), floats, and the colour each pair gets (5.2). See
// dutch_internal.h.
#include <algorithm>
#include <cstdlib>

#include "tournament/dutch_internal.h"

namespace boardgames::swiss::dutch {

std::vector<Entrant> make_entrants(const Event& event, DutchRules rules) {
  const int played = event.rounds_played();
  // Effective pairing numbers: players who are absent and never took part in a pairing do
  // not count.
  const std::vector<int> order = pairing_order(event);
  std::vector<Entrant> entrants;
  int rank = 0;
  std::vector<int> scores(event.participants.size());
  for (std::size_t i = 0; i < event.participants.size(); ++i)
    scores[i] = static_cast<int>(event.points_scored(static_cast<int>(i)).tenths());
  // Acceleration: the virtual points of the round being paired (`round` 0-based) count as score
  // for the pairing, as bbpPairings adds them, also to the scores the floats of past rounds
  // compare.
  auto virtual_points = [&](int who, int round) {
    const auto& acceleration = event.participants[static_cast<std::size_t>(who)].acceleration;
    return round < static_cast<int>(acceleration.size())
               ? static_cast<int>(acceleration[static_cast<std::size_t>(round)].tenths())
               : 0;
  };
  for (int index : order) {
    const Participant& p = event.participants[static_cast<std::size_t>(index)];
    const bool ever_paired = std::any_of(p.rounds.begin(), p.rounds.end(),
                                         [](const RoundRecord& r) { return r.paired(); });
    if (p.absent && !ever_paired) continue;
    const int my_rank = rank++;
    if (p.absent) continue;
    Entrant e;
    e.player = index;
    e.rank = my_rank;
    e.points = scores[static_cast<std::size_t>(index)];
    e.score = e.points + virtual_points(index, played);
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
      // C.04.1 article 4. 2026: no PAB after a PAB or after any round that scored a win's
      // points without a game (a forfeit win, a full-point bye), as bbpPairings 6 reads it;
      // 2017: after a PAB or a forfeit win only (an opponent not appearing).
      const bool bye_or_forfeit_win =
          r.paired() && (r.kind == RoundKind::pairing_bye || r.kind == RoundKind::forfeit_win);
      const bool win_without_game = rules == DutchRules::fide2026 && is_unplayed(r.kind) &&
                                    event.points.of(r) >= event.points.win;
      if (!r.played() && (bye_or_forfeit_win || win_without_game)) e.eligible_for_bye = false;
    }
    const Seat fewer = white > black ? Seat::second : Seat::first;
    e.imbalance = std::abs(white - black);
    e.preference = e.imbalance > 1   ? fewer
                   : run > 1         ? opposite(last)
                   : e.imbalance > 0 ? fewer
                   : run > 0         ? opposite(last)
                                     : Seat::none;
    e.repeated = run > 1 ? last : Seat::none;
    e.strong = !e.absolute() && e.imbalance > 0;
    // Floats one and two rounds back (2026: an unplayed round with more than a loss's points
    // is a downfloat; forfeit losses and zero-point byes are no float; 2017, A.4: every
    // unplayed round is a downfloat).
    for (int back = 1; back <= 2 && back <= played; ++back) {
      const RoundRecord& r = p.rounds[static_cast<std::size_t>(played - back)];
      Float f = Float::none;
      if (!r.played()) {
        f = rules == DutchRules::fide2017 || event.points.of(r) > event.points.loss ? Float::down
                                                                                    : Float::none;
      } else {
        auto before = [&](int who) {
          int s = scores[static_cast<std::size_t>(who)];
          const auto& rounds = event.participants[static_cast<std::size_t>(who)].rounds;
          for (int k = 1; k <= back; ++k)
            s -= static_cast<int>(
                event.points.of(rounds[static_cast<std::size_t>(played - k)]).tenths());
          return s + virtual_points(who, played - back);
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
  return entrants;
}

namespace {

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
  return {ia == a.rounds.rend() ? Seat::none : ia->seat,
          ib == b.rounds.rend() ? Seat::none : ib->seat};
}

}  // namespace

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
    const Seat higher_colour =
        higher.rank % 2 == 0 ? event.initial_seat : opposite(event.initial_seat);
    return p_higher ? higher_colour : opposite(higher_colour);
  }
  // 5.2.4: the higher-ranked player's preference.
  return p_higher ? p.preference : opposite(q.preference);
}

}  // namespace boardgames::swiss::dutch
