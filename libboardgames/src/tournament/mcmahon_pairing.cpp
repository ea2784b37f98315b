// McMahon and OpenGotha's Swiss pairing: OpenGotha 3.51's cost of a pair, its bye, its
// handicap and colours, and a maximum-cost perfect matching over the pairable players.
//
// The cost terms that OpenGotha computes in floating point (the score difference's and the
// geography's concavity) are computed here with the same IEEE double operations in the same
// order, so that the costs — and so the optimum — are OpenGotha's to the unit. Every other
// term is integer arithmetic, truncating as Java's long division does.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <numeric>

#include "boardgames/core/strings.h"
#include "boardgames/tournament/mcmahon.h"
#include "tournament/weighted_matching_impl.h"

namespace boardgames {

namespace {

// One 64-bit limb: a pair's cost is at most the sum of nine terms, each weight at most
// INT64_MAX / 1024 (the XML reader's bound), so doubled weights and the duals stay far below
// 2^63. The solver computes each weight when it reads it (ComputedWeights): nothing per pair.
using Weight = WideUint<1>;

// OpenGotha's bounds on the start-score correction (PLA_SMMS_CORR_MIN/MAX).
constexpr int kCorrectionMin = -1;
constexpr int kCorrectionMax = 2;

// UTF-16 code units of UTF-8 text (Java's String).
std::vector<char16_t> utf16(std::string_view text) {
  std::vector<char16_t> units;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = lead < 0x80    ? 1
                         : lead >= 0xF0 ? 4
                         : lead >= 0xE0 ? 3
                         : lead >= 0xC0 ? 2
                                        : 1;
    if (i + length > text.size()) length = 1;
    char32_t c = length == 1   ? lead
                 : length == 2 ? lead & 0x1F
                 : length == 3 ? lead & 0x0F
                               : lead & 7;
    for (std::size_t k = 1; k < length; ++k)
      c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    i += length;
    if (c < 0x10000) {
      units.push_back(static_cast<char16_t>(c));
    } else {
      c -= 0x10000;
      units.push_back(static_cast<char16_t>(0xD800 + (c >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + (c & 0x3FF)));
    }
  }
  return units;
}

// OpenGotha's handicap between a and b, signed: > 0 when a gives the stones (a is White).
std::int64_t signed_handicap(const GoHandicapSettings& h, std::int64_t mms2_a, int rank_a,
                             std::int64_t mms2_b, int rank_b) {
  std::int64_t pa = h.based_on_mms ? mms2_a / 2 + kLowestGoRank : rank_a;
  std::int64_t pb = h.based_on_mms ? mms2_b / 2 + kLowestGoRank : rank_b;
  pa = std::min<std::int64_t>(pa, h.no_handicap_threshold);
  pb = std::min<std::int64_t>(pb, h.no_handicap_threshold);
  std::int64_t hd = pa - pb;
  if (hd > 0) hd = std::max<std::int64_t>(hd - h.correction, 0);
  if (hd < 0) hd = std::min<std::int64_t>(hd + h.correction, 0);
  return std::clamp<std::int64_t>(hd, -h.ceiling, h.ceiling);
}

}  // namespace

struct GoRoundPairer::State {
  const Event& event;
  McMahonSettings settings;
  int round;  // 1-based
  int r0;     // OpenGotha's 0-based round
  GoScoreTable table;
  std::vector<GoCriterion> criteria;
  struct Info {
    std::int64_t main2 = 0;
    std::int64_t mms2 = 0;
    std::int64_t nbw2 = 0;
    int group = 0;
    int group_size = 1;
    int inner = 0;
    int du = 0;
    int dd = 0;
    int wb = 0;
    int byes = 0;
    int rank = kLowestGoRank;
    int start = 0;  // start McMahon score (not doubled)
    int club = 0;   // clubs and countries numbered, equal when equal without ASCII case
    int country = 0;
    std::int64_t pseudo = 0;       // the secondary criteria's score (max_mms above a threshold)
    std::int64_t dudd_middle = 0;  // the draw-up/down term for a drawn player's place in group
  };
  std::vector<Info> info;
  std::vector<std::vector<int>> opponents;  // games before the round
  int groups = 1;
  std::vector<int> pairable;
  bool split_and_fold = true;  // the round's seeding system
  std::int64_t secondary_range = 1;
  std::vector<std::int64_t> score_by_distance;  // the score term by group distance
  // The geography term by whether the countries differ (2) and the clubs differ (1).
  std::array<std::int64_t, 4> geography{};

  State(const Event& e, const McMahonSettings& s, int r)
      : event(e),
        settings(s),
        round(r),
        r0(r - 1),
        table(e, s, r - 1),
        criteria(placement_criteria(s)) {
    const std::size_t n = e.participants.size();
    info.resize(n);
    opponents.resize(n);
    const int before = table.rounds();
    const bool mm = s.system == GoSystem::mcmahon;
    for (std::size_t p = 0; p < n; ++p) {
      const Participant& participant = e.participants[p];
      Info& in = info[p];
      const GoScores& sc = table.at(static_cast<int>(p), before);
      in.mms2 = sc.mms2;
      in.nbw2 = sc.nbw2;
      in.main2 = mm ? sc.mms2 : sc.nbw2;
      in.rank = participant.go.rank.value_or(kLowestGoRank);
      in.start = start_mms2(participant, s) / 2;
      for (int rr = 1; rr <= before && rr <= static_cast<int>(participant.rounds.size()); ++rr) {
        const RoundRecord& rec = participant.rounds[static_cast<std::size_t>(rr - 1)];
        if (rec.kind == RoundKind::pairing_bye) ++in.byes;
        if (rec.opponent < 0) continue;
        opponents[p].push_back(rec.opponent);
        if (rec.handicap == 0) in.wb += rec.seat == Seat::second ? 1 : -1;
        const auto mine = table.at(static_cast<int>(p), rr - 1);
        const auto theirs = table.at(rec.opponent, rr - 1);
        const std::int64_t a = (mm ? mine.mms2 : mine.nbw2) / 2;
        const std::int64_t b = (mm ? theirs.mms2 : theirs.nbw2) / 2;
        if (a < b) ++in.du;
        if (a > b) ++in.dd;
      }
    }
    // Clubs and countries as numbers: the cost compares them for every pair the matching reads.
    std::map<std::string, int> clubs;
    std::map<std::string, int> countries;
    const auto number = [](std::map<std::string, int>& names, std::string_view name) {
      std::string key(name);
      for (char& c : key) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      }
      return names.emplace(std::move(key), static_cast<int>(names.size())).first->second;
    };
    for (std::size_t p = 0; p < n; ++p) {
      info[p].club = number(clubs, e.participants[p].go.club);
      info[p].country = number(countries, e.participants[p].go.country);
    }
    // Score groups: every registered player, by whole main score, the best group 0; empty
    // groups count.
    std::int64_t low = 0;
    std::int64_t high = r0;
    if (mm) {
      low = s.floor + kCorrectionMin - kLowestGoRank;
      high = s.bar + kCorrectionMax + r0 - kLowestGoRank;
    }
    groups = static_cast<int>(high - low + 1);
    std::vector<std::vector<int>> members(static_cast<std::size_t>(groups));
    for (std::size_t p = 0; p < n; ++p) {
      const std::int64_t score = std::clamp<std::int64_t>(info[p].main2 / 2, low, high);
      info[p].group = static_cast<int>(high - score);
      members[static_cast<std::size_t>(info[p].group)].push_back(static_cast<int>(p));
    }
    const bool system1 = round <= s.pairing.last_round_for_seed_system1;
    const bool by_rating =
        system1 ? s.pairing.additional_rating_system1 : s.pairing.additional_rating_system2;
    for (auto& group : members) {
      std::sort(group.begin(), group.end(), [&](int a, int b) {
        for (const GoCriterion& c : criteria) {
          const std::int64_t va = table.value(c, a, before);
          const std::int64_t vb = table.value(c, b, before);
          if (va != vb) return va > vb;
        }
        if (by_rating) {
          const int ra = e.participants[static_cast<std::size_t>(a)].rating.value_or(0);
          const int rb = e.participants[static_cast<std::size_t>(b)].rating.value_or(0);
          if (ra != rb) return ra > rb;
        }
        const GoRegistration& ga = e.participants[static_cast<std::size_t>(a)].go;
        const GoRegistration& gb = e.participants[static_cast<std::size_t>(b)].go;
        if (const int c = compare_utf16(ga.family_name, gb.family_name); c != 0) return c < 0;
        return compare_utf16(ga.first_name, gb.first_name) < 0;
      });
      for (std::size_t i = 0; i < group.size(); ++i) {
        Info& in = info[static_cast<std::size_t>(group[i])];
        in.group_size = static_cast<int>(group.size());
        in.inner = static_cast<int>(i);
      }
    }
    // The secondary criteria's pseudo score: the highest possible McMahon score for a player
    // above a threshold (rank, wins or start score at the bar), the McMahon score otherwise.
    {
      const GoPairingWeights& w = s.pairing;
      const std::int64_t rounds = e.planned_rounds > 0 ? e.planned_rounds : round;
      const std::int64_t nbw2_threshold = w.secondary_nbw_threshold ? rounds : 2 * rounds;
      const std::int64_t bar = s.bar - kLowestGoRank;
      const std::int64_t max_mms = s.bar + kCorrectionMax - kLowestGoRank + r0;
      for (Info& in : info) {
        const bool strong =
            2 * in.rank + in.nbw2 >= 2 * static_cast<std::int64_t>(w.secondary_rank_threshold);
        const bool many_wins = in.nbw2 >= nbw2_threshold;
        const bool above_bar = in.start >= bar && w.secondary_bar_threshold;
        in.pseudo = strong || many_wins || above_bar ? max_mms : in.mms2 / 2;
      }
    }
    // What the cost of a pair takes from one player, or from a distance or two flags only.
    {
      const GoPairingWeights& w = settings.pairing;
      const double k = w.concavity;
      const std::int64_t weight = w.dudd / 5;
      for (Info& in : info) {
        // MID mode: the distance to the middle of the group.
        const std::int64_t spread = in.group_size - 1 - std::abs(2 * in.inner - in.group_size + 1);
        in.dudd_middle = weight / 2 * spread / in.group_size;
      }
      split_and_fold = (system1 ? w.seed_system1 : w.seed_system2) == GoSeeding::split_and_fold;
      // Score difference: (1 - x)(1 + kx), x the group distance over the number of groups.
      const int range = groups;
      for (int distance = 0; distance < range; ++distance) {
        const double x = static_cast<double>(distance) / static_cast<double>(range);
        score_by_distance.push_back(static_cast<std::int64_t>(
            static_cast<double>(w.minimize_score_difference) * (1.0 - x) * (1.0 + k * x)));
      }
      secondary_range =
          settings.system == GoSystem::mcmahon
              ? range
              : (settings.bar - settings.floor + kCorrectionMax - kCorrectionMin) + r0;
      // Geography: prefer a score difference of `club` groups to a game between clubmates, of
      // `country` groups to one between compatriots. Clubs compare without case; two empty
      // clubs are the same club.
      const std::int64_t geo_max = w.avoid_same_geography;
      for (const bool countries_differ : {false, true}) {
        for (const bool clubs_differ : {false, true}) {
          double country_ratio = 0.0;
          if (countries_differ && w.prefer_score_difference_to_same_country != 0)
            country_ratio =
                std::min(1.0, static_cast<double>(w.prefer_score_difference_to_same_country) /
                                  static_cast<double>(range));
          double club_ratio = 0.0;
          if (clubs_differ && w.prefer_score_difference_to_same_club != 0)
            club_ratio = static_cast<double>(w.prefer_score_difference_to_same_club) * 1.2 /
                         static_cast<double>(range);
          club_ratio = std::min(club_ratio, 1.0);
          double ratio =
              std::max(country_ratio, club_ratio) + std::min(country_ratio, club_ratio) / 2.0;
          if (ratio > 0.0) ratio += 0.5 / static_cast<double>(range);
          const double geo = static_cast<double>(geo_max) * (1.0 - ratio) * (1.0 + k * ratio);
          geography[(countries_differ ? 2U : 0U) + (clubs_differ ? 1U : 0U)] =
              std::min(w.minimize_score_difference - static_cast<std::int64_t>(geo), geo_max);
        }
      }
    }
    // The pairing list: participants of the round in the standings order before it.
    for (const GoStandingRow& row : go_standings(e, table, criteria, before)) {
      const Participant& participant = e.participants[static_cast<std::size_t>(row.participant)];
      // The round to pair: absences the results CSV gives for it, and withdrawals, too.
      const bool away = round > e.rounds && (participant.absent || participant.withdrawn);
      if (participant.go.participates(round) && !away) pairable.push_back(row.participant);
    }
  }

  bool played(int a, int b) const {
    const auto& list = opponents[static_cast<std::size_t>(a)];
    return std::find(list.begin(), list.end(), b) != list.end();
  }

  // OpenGotha's cost of the pair (a, b), term by term. The matching asks for it many times a
  // pair (nothing per pair is stored), so what depends on one player is in Info and what
  // depends on a distance or two flags only is in the tables the constructor filled, each
  // computed by the very operations (the same doubles, in the same order) as here.
  GoCostTerms terms(int a, int b) const {
    const GoPairingWeights& w = settings.pairing;
    const Info& p1 = info[static_cast<std::size_t>(a)];
    const Info& p2 = info[static_cast<std::size_t>(b)];
    GoCostTerms t;
    if (!played(a, b)) t.duplicate = w.avoid_duplicate_game;
    if (signed_handicap(settings.handicap, p1.mms2, p1.rank, p2.mms2, p2.rank) == 0) {
      if (p1.wb * p2.wb < 0) {
        t.colour = w.balance_white_black;
      } else if ((p1.wb == 0 && std::abs(p2.wb) >= 2) || (p2.wb == 0 && std::abs(p1.wb) >= 2)) {
        t.colour = w.balance_white_black / 2;
      }
    }
    const int distance = std::abs(p1.group - p2.group);
    t.score = score_by_distance[static_cast<std::size_t>(distance)];
    // Draw-up/draw-down between groups less than 4 apart: the better scenario (compensating
    // earlier draws) costs more; the drawn players near the middle of their groups are
    // preferred (Info::dudd_middle).
    if (distance < 4 && distance != 0) {
      int scenario = 2;
      if (p1.du > 0 && p1.group > p2.group) --scenario;
      if (p1.dd > 0 && p1.group < p2.group) --scenario;
      if (p2.du > 0 && p2.group > p1.group) --scenario;
      if (p2.dd > 0 && p2.group < p1.group) --scenario;
      if (scenario != 0 && p1.du > 0 && p1.dd < p1.du && p1.group < p2.group) ++scenario;
      if (scenario != 0 && p1.dd > 0 && p1.du < p1.dd && p1.group > p2.group) ++scenario;
      if (scenario != 0 && p2.du > 0 && p2.dd < p2.du && p2.group < p1.group) ++scenario;
      if (scenario != 0 && p2.dd > 0 && p2.du < p2.dd && p2.group > p1.group) ++scenario;
      const std::int64_t weight = w.dudd / 5;
      const Info& upper = p1.group < p2.group ? p1 : p2;
      const Info& lower = p1.group < p2.group ? p2 : p1;
      t.dudd += upper.dudd_middle;
      t.dudd += lower.dudd_middle;
      if (scenario == 1) {
        t.dudd += weight;
      } else if (scenario == 2 || (scenario > 2 && !w.compensate_dudd)) {
        t.dudd += 2 * weight;
      } else if (scenario == 3) {
        t.dudd += 3 * weight;
      } else if (scenario == 4) {
        t.dudd += 4 * weight;
      }
    }
    // Seeding inside a group.
    if (distance == 0) {
      const std::int64_t size = p1.group_size;
      const std::int64_t max = w.maximize_seeding;
      if (split_and_fold) {
        const std::int64_t x = p1.inner + p2.inner - (size - 1);
        t.seeding = max - (max * x / (size - 1) * x / (size - 1));
      } else {
        const std::int64_t x = 2 * std::abs(p1.inner - p2.inner) - size;
        t.seeding = max - (max * x / size * x / size);
      }
    }
    // Secondary criteria: minimising handicap between players below the thresholds (weight
    // zero by default: the term is zero then, whatever the distance).
    if (w.minimize_handicap != 0) {
      const double x = static_cast<double>(std::abs(p1.pseudo - p2.pseudo)) /
                       static_cast<double>(secondary_range);
      t.handicap = static_cast<std::int64_t>(static_cast<double>(w.minimize_handicap) * (1.0 - x) *
                                             (1.0 + w.concavity * x));
    }
    t.geography = geography[(p1.country != p2.country ? 2U : 0U) + (p1.club != p2.club ? 1U : 0U)];
    return t;
  }
};

GoRoundPairer::GoRoundPairer(const Event& event, const McMahonSettings& settings, int round)
    : state_(new State(event, settings, round)) {}

GoRoundPairer::~GoRoundPairer() { delete state_; }

const std::vector<int>& GoRoundPairer::pairable() const { return state_->pairable; }

int GoRoundPairer::choose_bye(const std::vector<int>& players) const {
  int best = -1;
  std::int64_t best_weight = 0;
  for (int p : players) {
    const State::Info& in = state_->info[static_cast<std::size_t>(p)];
    const std::int64_t weight = in.rank + in.mms2 + 1000 * static_cast<std::int64_t>(in.byes);
    if (best < 0 || weight <= best_weight) {
      best = p;
      best_weight = weight;
    }
  }
  return best;
}

GoGame GoRoundPairer::game(int a, int b) const {
  const State& s = *state_;
  const State::Info& ia = s.info[static_cast<std::size_t>(a)];
  const State::Info& ib = s.info[static_cast<std::size_t>(b)];
  const std::int64_t hd = signed_handicap(s.settings.handicap, ia.mms2, ia.rank, ib.mms2, ib.rank);
  if (hd > 0) return {a, b, static_cast<int>(hd)};
  if (hd < 0) return {b, a, static_cast<int>(-hd)};
  if (ia.wb != ib.wb) return ia.wb > ib.wb ? GoGame{b, a, 0} : GoGame{a, b, 0};
  // Equal balances: OpenGotha's lot from the names. A is the one whose name + first name
  // comes first; the parity of Σ (i + 1)·unit over A's and B's names and first names decides.
  const auto full = [&](int p) {
    const GoRegistration& g = s.event.participants[static_cast<std::size_t>(p)].go;
    return g.family_name + g.first_name;
  };
  int first = a;
  int second = b;
  if (compare_utf16(full(b), full(a)) < 0) std::swap(first, second);
  const std::vector<char16_t> units = utf16(full(first) + full(second));
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < units.size(); ++i) sum += (i + 1) * units[i];
  return sum % 2 == 0 ? GoGame{first, second, 0} : GoGame{second, first, 0};
}

GoCostTerms GoRoundPairer::cost(int a, int b) const { return state_->terms(a, b); }

std::int64_t GoRoundPairer::total_cost(const std::vector<GoGame>& games) const {
  std::int64_t total = 0;
  for (const GoGame& g : games) total += cost(g.white, g.black).total();
  return total;
}

Expected<GoPairing> GoRoundPairer::pair() const {
  const State& s = *state_;
  std::vector<int> players = s.pairable;
  GoPairing pairing;
  pairing.round = s.round;
  if (players.empty()) return Problem{"nobody participates in the round", {}, ""};
  if (players.size() % 2 != 0) {
    pairing.bye = choose_bye(players);
    players.erase(std::find(players.begin(), players.end(), pairing.bye));
  }
  const int n = static_cast<int>(players.size());
  // The solver asks for a pair's cost each time it reads it: nothing per pair is kept, so the
  // memory stays linear in the players.
  const auto pair_cost = [&](int i, int j) {
    const std::int64_t c =
        s.terms(players[static_cast<std::size_t>(i)], players[static_cast<std::size_t>(j)]).total();
    return Weight(static_cast<std::uint64_t>(c));
  };
  using Costs = ComputedWeights<Weight, decltype(pair_cost)>;
  WeightedMatching<Weight, Costs> matching(n, Costs(pair_cost),
                                           WeightedMatching<Weight, Costs>::Mode::perfect);
  const std::vector<int>& mate = matching.solve();
  for (int i = 0; i < n; ++i) {
    const int j = mate[static_cast<std::size_t>(i)];
    if (j < 0) return Problem{"no perfect matching (internal error)", {}, ""};
    if (i < j) {
      pairing.games.push_back(
          game(players[static_cast<std::size_t>(i)], players[static_cast<std::size_t>(j)]));
    }
  }
  pairing.total_cost = total_cost(pairing.games);
  // Boards: the best McMahon score first (the weaker player's, as OpenGotha 3.51 numbers
  // them), then the stronger player's, then the higher rating.
  const auto key = [&](const GoGame& g) {
    const State::Info& w = s.info[static_cast<std::size_t>(g.white)];
    const State::Info& b = s.info[static_cast<std::size_t>(g.black)];
    const int rating =
        std::max(s.event.participants[static_cast<std::size_t>(g.white)].rating.value_or(0),
                 s.event.participants[static_cast<std::size_t>(g.black)].rating.value_or(0));
    return std::array<std::int64_t, 3>{std::min(w.main2, b.main2), std::max(w.main2, b.main2),
                                       rating};
  };
  std::stable_sort(pairing.games.begin(), pairing.games.end(),
                   [&](const GoGame& x, const GoGame& y) { return key(x) > key(y); });
  return pairing;
}

Expected<GoPairing> pair_go_round(const Event& event, const McMahonSettings& settings, int round) {
  if (round <= 0) round = event.rounds_played() + 1;
  return GoRoundPairer(event, settings, round).pair();
}

GoPairing recorded_round(const Event& event, int round) {
  GoPairing pairing;
  pairing.round = round;
  for (std::size_t p = 0; p < event.participants.size(); ++p) {
    const auto& records = event.participants[p].rounds;
    if (round < 1 || static_cast<std::size_t>(round) > records.size()) continue;
    const RoundRecord& r = records[static_cast<std::size_t>(round - 1)];
    if (r.kind == RoundKind::pairing_bye) pairing.bye = static_cast<int>(p);
    if (r.opponent >= 0 && r.seat == Seat::second)
      pairing.games.push_back({static_cast<int>(p), r.opponent, r.handicap});
  }
  return pairing;
}

std::vector<GoRoundCheck> check_go_event(const Event& event, const McMahonSettings& settings) {
  std::vector<GoRoundCheck> checks;
  const auto name = [&](int p) {
    return p < 0 ? std::string("nobody") : event.participants[static_cast<std::size_t>(p)].name;
  };
  const auto describe = [&](const GoGame& g) {
    return name(g.white) + " (white) - " + name(g.black) +
           (g.handicap > 0 ? " handicap " + std::to_string(g.handicap) : std::string());
  };
  for (int round = 1; round <= event.rounds; ++round) {
    GoRoundCheck check;
    check.round = round;
    const GoPairing recorded = recorded_round(event, round);
    const GoRoundPairer pairer(event, settings, round);
    const auto ours = pairer.pair();
    if (!ours) {
      check.problem = ours.problem();
      checks.push_back(std::move(check));
      continue;
    }
    check.boards = static_cast<int>(ours->games.size());
    check.bye = ours->bye >= 0;
    check.our_cost = ours->total_cost;
    check.recorded_cost = pairer.total_cost(recorded.games);
    const auto contains = [](const std::vector<GoGame>& list, const GoGame& g) {
      return std::find(list.begin(), list.end(), g) != list.end();
    };
    for (const GoGame& g : recorded.games)
      if (!contains(ours->games, g)) check.differences.push_back("recorded: " + describe(g));
    for (const GoGame& g : ours->games)
      if (!contains(recorded.games, g)) check.differences.push_back("re-paired: " + describe(g));
    if (recorded.bye != ours->bye)
      check.differences.push_back("bye: recorded " + name(recorded.bye) + ", re-paired " +
                                  name(ours->bye));
    // Colours and handicaps follow from the pairs; a different set of pairs that costs as
    // much (with the same bye) is another optimum of the same cost function.
    check.equal_cost = !check.differences.empty() && recorded.bye == ours->bye &&
                       check.recorded_cost == check.our_cost &&
                       recorded.games.size() == ours->games.size();
    if (check.equal_cost) {
      for (const GoGame& g : recorded.games) {
        const GoGame mine = pairer.game(g.white, g.black);
        if (!(mine == g)) check.equal_cost = false;
      }
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

bool all_go_rounds_agree(const std::vector<GoRoundCheck>& checks) {
  return std::all_of(checks.begin(), checks.end(), [](const GoRoundCheck& c) {
    return !c.problem && (c.differences.empty() || c.equal_cost);
  });
}

}  // namespace boardgames
