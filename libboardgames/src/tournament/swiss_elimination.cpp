#include "boardgames/tournament/swiss_elimination.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <span>

#include "boardgames/core/random.h"
#include "boardgames/core/utf8.h"

namespace boardgames::swiss {

int elimination_count(int field, int entrants, int per_round) {
  if (field <= 0 || per_round <= 0) return 0;
  const int half = (entrants + 1) / 2;
  const int floor_even = half + half % 2;
  int left = field - per_round;
  if (left % 2 != 0) ++left;
  left = std::max(left, floor_even);
  if (left >= field) {
    left = field;
    // An odd field becomes even when one more can leave and half the entrants still play.
    if (left % 2 != 0 && left - 1 >= half) --left;
  }
  return field - left;
}

Expected<std::vector<Elimination>> eliminate(Event& event, const EliminationRules& rules,
                                             const std::string& file, Diagnostics& diagnostics) {
  std::vector<Elimination> result;
  const int n = static_cast<int>(event.participants.size());
  const int played = event.rounds_played();
  const int to_pair = played + 1;
  std::vector<int> out_before(static_cast<std::size_t>(n), 0);  // 0: still in
  auto record = [&](int p, int round) -> const RoundRecord* {
    const auto& rounds = event.participants[static_cast<std::size_t>(p)].rounds;
    if (round < 1 || round > static_cast<int>(rounds.size())) return nullptr;
    return &rounds[static_cast<std::size_t>(round - 1)];
  };
  // The rounds each participant was in the event for, so that a withdrawal or a late entry
  // since does not rewrite the fields of the rounds already paired. A player is in from the first
  // round they played or asked for a bye (H, F), and, once withdrawn, up to the last such round.
  // Zero-point rows alone do not say when a player entered: a player with nothing else enters
  // at the round to pair (a late entrant; their earlier rounds are zero-point byes either way),
  // unless withdrawn, when those rows are the rounds they were in (eliminated, then withdrawn).
  std::vector<int> first_in(static_cast<std::size_t>(n), to_pair);
  std::vector<int> last_in(static_cast<std::size_t>(n), to_pair);
  for (int p = 0; p < n; ++p) {
    const Participant& participant = event.participants[static_cast<std::size_t>(p)];
    if (participant.removed) {
      first_in[static_cast<std::size_t>(p)] = to_pair + 1;  // never
      continue;
    }
    int first_took_part = 0;
    int last_took_part = 0;
    int first_row = 0;
    int last_row = 0;
    for (int r = 1; r <= played; ++r) {
      const RoundRecord* rec = record(p, r);
      if (rec == nullptr) continue;
      if (rec->line != 0 || rec->paired()) {
        if (first_row == 0) first_row = r;
        last_row = r;
      }
      if (rec->paired() || rec->kind == RoundKind::half_bye || rec->kind == RoundKind::full_bye) {
        if (first_took_part == 0) first_took_part = r;
        last_took_part = r;
      }
    }
    auto& first = first_in[static_cast<std::size_t>(p)];
    auto& last = last_in[static_cast<std::size_t>(p)];
    if (first_took_part > 0) {
      first = first_took_part;
      if (participant.withdrawn) last = last_took_part;
    } else if (participant.withdrawn) {
      first = first_row > 0 ? first_row : to_pair + 1;
      last = last_row;
    }
  }
  auto in_event = [&](int p, int t) {
    return first_in[static_cast<std::size_t>(p)] <= t && t <= last_in[static_cast<std::size_t>(p)];
  };
  for (int t = std::max(rules.from_round, 2); t <= to_pair; ++t) {
    // The entrants of this round's run: everyone in the event then, eliminated or not.
    int entrants = 0;
    for (int p = 0; p < n; ++p) entrants += in_event(p, t) ? 1 : 0;
    std::vector<Points> score(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
      for (int r = 1; r < t; ++r) {
        if (const RoundRecord* rec = record(p, r))
          score[static_cast<std::size_t>(p)] += rec->points;
      }
    }
    std::vector<int> field;
    std::vector<Points> buchholz(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
      if (!in_event(p, t) || out_before[static_cast<std::size_t>(p)]) continue;
      field.push_back(p);
      for (int r = 1; r < t; ++r) {
        const RoundRecord* rec = record(p, r);
        if (rec != nullptr && rec->played() && rec->opponent >= 0 && rec->opponent < n)
          buchholz[static_cast<std::size_t>(p)] += score[static_cast<std::size_t>(rec->opponent)];
      }
    }
    const int count = elimination_count(static_cast<int>(field.size()), entrants, rules.per_round);
    if (count == 0) continue;
    Random random(rules.seed.value_or(0) + static_cast<std::uint64_t>(t));
    random.shuffle(std::span<int>(field));
    auto key = [&](int p) {
      return std::pair(score[static_cast<std::size_t>(p)], buchholz[static_cast<std::size_t>(p)]);
    };
    std::stable_sort(field.begin(), field.end(), [&](int a, int b) { return key(a) > key(b); });
    const std::size_t cut = field.size() - static_cast<std::size_t>(count);
    const bool tie_at_cut = key(field[cut - 1]) == key(field[cut]);
    if (tie_at_cut && !rules.seed) {
      std::vector<std::string> tied;
      for (int p : field) {
        if (key(p) == key(field[cut]))
          tied.push_back(excerpt(event.participants[static_cast<std::size_t>(p)].name, 60));
      }
      std::sort(tied.begin(), tied.end());
      Problem problem;
      problem.reason = fmt::format(
          "before round {} a lot decides who leaves ({} tied on score and Buchholz): give --seed",
          t, fmt::join(tied, ", "));
      return problem;
    }
    for (std::size_t k = field.size(); k-- > cut;) {
      const int p = field[k];
      out_before[static_cast<std::size_t>(p)] = t;
      result.push_back({p, t, static_cast<int>(k) + 1, static_cast<int>(field.size()),
                        score[static_cast<std::size_t>(p)], buchholz[static_cast<std::size_t>(p)],
                        tie_at_cut && key(p) == key(field[cut - 1])});
      for (int r = t; r <= played; ++r) {
        const RoundRecord* rec = record(p, r);
        if (rec == nullptr || !rec->paired()) continue;
        const Participant& who = event.participants[static_cast<std::size_t>(p)];
        diagnostics.error({file, rec->line, 0},
                          fmt::format("'{}' was eliminated before round {} but is paired in "
                                      "round {}",
                                      excerpt(who.name, 60), t, r));
        break;
      }
    }
  }
  for (int p = 0; p < n; ++p) {
    if (out_before[static_cast<std::size_t>(p)] > 0) {
      Participant& participant = event.participants[static_cast<std::size_t>(p)];
      participant.absent = true;
      participant.eliminated_before = out_before[static_cast<std::size_t>(p)];
    }
  }
  return result;
}

}  // namespace boardgames::swiss
