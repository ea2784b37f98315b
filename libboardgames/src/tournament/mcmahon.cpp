// McMahon and OpenGotha's Swiss: ranks, settings, scores and tie-breaks, standings order.
#include "boardgames/tournament/mcmahon.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames {

namespace {

constexpr std::size_t kW = 0;  // criteria from numbers of wins
constexpr std::size_t kM = 1;  // criteria from McMahon scores

struct CriterionName {
  std::string_view name;
  GoCriterionKind kind;
  bool mcmahon;
};

constexpr std::array<CriterionName, 20> kCriterionNames{{
    {"NBW", GoCriterionKind::main_score, false},
    {"MMS", GoCriterionKind::main_score, true},
    {"SOSW", GoCriterionKind::sos, false},
    {"SOSM", GoCriterionKind::sos, true},
    {"SOSW-1", GoCriterionKind::sos_minus1, false},
    {"SOSM-1", GoCriterionKind::sos_minus1, true},
    {"SOSW-2", GoCriterionKind::sos_minus2, false},
    {"SOSM-2", GoCriterionKind::sos_minus2, true},
    {"SOSOSW", GoCriterionKind::sosos, false},
    {"SOSOSM", GoCriterionKind::sosos, true},
    {"SODOSW", GoCriterionKind::sodos, false},
    {"SODOSM", GoCriterionKind::sodos, true},
    {"CUSSW", GoCriterionKind::cuss, false},
    {"CUSSM", GoCriterionKind::cuss, true},
    {"RATING", GoCriterionKind::rating, false},
    {"RANK", GoCriterionKind::rank, false},
    {"DC", GoCriterionKind::dc, false},
    {"SDC", GoCriterionKind::sdc, false},
    // Spellings other programs use.
    {"SOS", GoCriterionKind::sos, true},
    {"SODOS", GoCriterionKind::sodos, true},
}};

// An opponent's score in a criterion family: the number of wins, or the McMahon score.
std::int64_t main2(const GoScores& s, std::size_t family) { return family == kW ? s.nbw2 : s.mms2; }

// One UTF-8 sequence decoded (the text is valid UTF-8 wherever it comes from a reader; a bad
// byte counts as itself).
char32_t decode(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  int length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  if (i + static_cast<std::size_t>(length) > text.size()) length = 1;
  char32_t c = length == 1   ? lead
               : length == 2 ? lead & 0x1F
               : length == 3 ? lead & 0x0F
                             : lead & 7;
  for (int k = 1; k < length; ++k) c = (c << 6) | (byte(i + static_cast<std::size_t>(k)) & 0x3F);
  i += static_cast<std::size_t>(length);
  return c;
}

// The UTF-16 code units of a code point: one, or a surrogate pair.
int utf16_units(char32_t c, std::array<char16_t, 2>& units) {
  if (c < 0x10000) {
    units[0] = static_cast<char16_t>(c);
    return 1;
  }
  c -= 0x10000;
  units[0] = static_cast<char16_t>(0xD800 + (c >> 10));
  units[1] = static_cast<char16_t>(0xDC00 + (c & 0x3FF));
  return 2;
}

}  // namespace

std::optional<int> parse_go_rank(std::string_view text) {
  text = trim(text);
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char grade = static_cast<char>(text.back() | 0x20);
  int number = 0;
  for (char c : text.substr(0, text.size() - 1)) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if (grade == 'k' && number >= 1 && number <= 30) return -number;
  if (grade == 'd' && number >= 1 && number <= 9) return number - 1;
  return std::nullopt;
}

std::string go_rank_text(int rank) {
  return rank < 0 ? std::to_string(-rank) + "K" : std::to_string(rank + 1) + "D";
}

std::string GoCriterion::code() const {
  for (const CriterionName& n : kCriterionNames) {
    if (n.kind == kind &&
        (n.mcmahon == mcmahon || kind == GoCriterionKind::rating || kind == GoCriterionKind::rank ||
         kind == GoCriterionKind::dc || kind == GoCriterionKind::sdc))
      return std::string(n.name);
  }
  return "NULL";
}

std::optional<GoCriterion> parse_go_criterion(std::string_view name) {
  for (const CriterionName& n : kCriterionNames) {
    if (iequals_ascii(n.name, trim(name))) return GoCriterion{n.kind, n.mcmahon};
  }
  return std::nullopt;
}

Expected<std::vector<GoCriterion>> parse_go_criteria(std::string_view list) {
  std::vector<GoCriterion> criteria;
  bool direct = false;
  for (const std::string_view name : split(list, ',')) {
    const auto c = parse_go_criterion(name);
    if (!c) {
      return Problem{fmt::format("'{}' is not one of OpenGotha's criteria (NBW, MMS, SOSW, SOSM, "
                                 "SOSW-1, SOSM-1, SOSW-2, SOSM-2, SOSOSW, SOSOSM, SODOSW, SODOSM, "
                                 "CUSSW, CUSSM, RATING, RANK, DC, SDC)",
                                 excerpt(name, 20)),
                     {},
                     std::string(name)};
    }
    if (c->kind == GoCriterionKind::dc || c->kind == GoCriterionKind::sdc) {
      if (direct)
        return Problem{
            "give DC or SDC, not both (OpenGotha keeps the first)", {}, std::string(name)};
      direct = true;
    }
    criteria.push_back(*c);
  }
  return criteria;
}

McMahonSettings default_mcmahon_settings(GoSystem system) {
  McMahonSettings settings;
  settings.system = system;
  if (system == GoSystem::swiss) {
    settings.bar = kHighestGoRank;
    settings.floor = kLowestGoRank;
    settings.handicap = {false, kLowestGoRank, 0, 0};
    settings.pairing.additional_rating_system2 = true;
    settings.pairing.avoid_same_geography = 0;
  }
  return settings;
}

std::vector<GoCriterion> placement_criteria(const McMahonSettings& settings) {
  if (!settings.placement.empty()) return settings.placement;
  const bool mm = settings.system == GoSystem::mcmahon;
  return {
      {GoCriterionKind::main_score, mm}, {GoCriterionKind::sos, mm}, {GoCriterionKind::sosos, mm}};
}

int start_mms2(const Participant& participant, const McMahonSettings& settings) {
  const int rank = participant.go.rank.value_or(kLowestGoRank);
  const int clamped = std::clamp(rank, settings.floor, std::max(settings.floor, settings.bar));
  return 2 * (clamped - kLowestGoRank + participant.go.mms_correction);
}

GoScoreTable::GoScoreTable(const Event& event, const McMahonSettings& settings, int rounds)
    : rounds_(std::clamp(rounds, 0, event.rounds)), players_(event.participants.size()) {
  const std::size_t width = static_cast<std::size_t>(rounds_) + 1;
  scores_.assign(players_ * width, GoScores{});
  status_.assign(players_ * width, GoRoundStatus::absent);
  std::vector<std::int64_t> start(players_);
  for (std::size_t p = 0; p < players_; ++p) {
    const Participant& participant = event.participants[p];
    start[p] = start_mms2(participant, settings);
    rating_.push_back(participant.rating.value_or(0));
    rank_.push_back(participant.go.rank.value_or(kLowestGoRank));
  }
  const auto record = [&](std::size_t p, int round) -> const RoundRecord* {
    const auto& records = event.participants[p].rounds;
    const auto r = static_cast<std::size_t>(round - 1);
    return r < records.size() ? &records[r] : nullptr;
  };
  // Main scores: games as played, the absent and bye points cumulated apart (and rounded down
  // to whole points each round when the event says so).
  std::vector<std::int64_t> games2(players_, 0);
  std::vector<std::int64_t> unplayed_nbw2(players_, 0);
  std::vector<std::int64_t> unplayed_mms2(players_, 0);
  for (std::size_t p = 0; p < players_; ++p) scores_[index(static_cast<int>(p), 0)].mms2 = start[p];
  for (int r = 1; r <= rounds_; ++r) {
    for (std::size_t p = 0; p < players_; ++p) {
      const RoundRecord* rec = record(p, r);
      GoRoundStatus status = GoRoundStatus::not_assigned;
      if (rec != nullptr && rec->opponent >= 0) {
        status = GoRoundStatus::paired;
        games2[p] += rec->outcome == Outcome::win ? 2 : rec->outcome == Outcome::draw ? 1 : 0;
      } else if (rec != nullptr && rec->kind == RoundKind::pairing_bye) {
        status = GoRoundStatus::bye;
        unplayed_nbw2[p] += settings.nbw2_bye;
        unplayed_mms2[p] += settings.mms2_bye;
      } else if (rec != nullptr &&
                 (rec->kind == RoundKind::full_bye || rec->kind == RoundKind::half_bye ||
                  rec->kind == RoundKind::zero_bye)) {
        // A bye a results CSV gives by its letter (F, H, Z; OpenGotha has none): not there for
        // the pairing, and worth what the letter says, a win, a jigo or nothing, as in every
        // other system: the arbiter who wrote the letter chose its value.
        status = GoRoundStatus::absent;
        const int worth2 = rec->kind == RoundKind::full_bye   ? 2
                           : rec->kind == RoundKind::half_bye ? 1
                                                              : 0;
        unplayed_nbw2[p] += worth2;
        unplayed_mms2[p] += worth2;
      } else if (rec == nullptr || rec->kind == RoundKind::absent ||
                 !event.participants[p].go.participates(r)) {
        // Not there: a round without a row, or one the participation leaves out.
        status = GoRoundStatus::absent;
        unplayed_nbw2[p] += settings.nbw2_absent;
        unplayed_mms2[p] += settings.mms2_absent;
      }
      const auto rounded = [&](std::int64_t x) { return settings.round_down ? x / 2 * 2 : x; };
      GoScores& s = scores_[index(static_cast<int>(p), r)];
      s.nbw2 = games2[p] + rounded(unplayed_nbw2[p]);
      s.mms2 = start[p] + games2[p] + rounded(unplayed_mms2[p]);
      status_[index(static_cast<int>(p), r)] = status;
    }
  }
  // SOS, its cuts, SODOS and CUSS read the opponents' scores after the same round; SOSOS reads
  // their SOS, so it comes after every SOS of that round.
  for (int r = 1; r <= rounds_; ++r) {
    for (std::size_t p = 0; p < players_; ++p) {
      GoScores& s = scores_[index(static_cast<int>(p), r)];
      for (std::size_t f : {kW, kM}) {
        std::vector<std::int64_t> parts;
        std::int64_t sodos4 = 0;
        std::int64_t cuss2 = 0;
        for (int rr = 1; rr <= r; ++rr) {
          cuss2 += main2(scores_[index(static_cast<int>(p), rr)], f);
          const RoundRecord* rec = record(p, rr);
          if (rec == nullptr || rec->opponent < 0) {
            parts.push_back(f == kM ? start[p] : 0);
            continue;
          }
          const GoScores& opp = scores_[index(rec->opponent, r)];
          std::int64_t part = main2(opp, f);
          // McMahon: the opponent's score as the handicap made it (White, who gives the
          // stones, is credited them; Black loses them).
          if (f == kM) part += (rec->seat == Seat::second ? 2 : -2) * rec->handicap;
          parts.push_back(part);
          if (rec->outcome == Outcome::win) sodos4 += 2 * part;
          if (rec->outcome == Outcome::draw) sodos4 += part;
        }
        std::int64_t sum = 0;
        for (std::int64_t v : parts) sum += v;
        std::sort(parts.begin(), parts.end());
        s.sos2[f] = sum;
        // OpenGotha 3.51: SOSW-1 from round 2, SOSW-2 and the SOSM cuts from round 3 only.
        const int first_cut1 = f == kW ? 2 : 3;
        s.sos_minus1_2[f] = r < first_cut1 ? 0 : sum - parts[0];
        s.sos_minus2_2[f] = r < 3 ? 0 : sum - parts[0] - parts[1];
        s.sodos4[f] = sodos4;
        s.cuss2[f] = cuss2;
      }
    }
    for (std::size_t p = 0; p < players_; ++p) {
      GoScores& s = scores_[index(static_cast<int>(p), r)];
      for (std::size_t f : {kW, kM}) {
        std::int64_t sosos2 = 0;
        for (int rr = 1; rr <= r; ++rr) {
          const RoundRecord* rec = record(p, rr);
          if (rec == nullptr || rec->opponent < 0) {
            if (f == kM) sosos2 += start[p] * r;
            continue;
          }
          sosos2 += scores_[index(rec->opponent, r)].sos2[f];
        }
        s.sosos2[f] = sosos2;
      }
    }
  }
}

std::size_t GoScoreTable::index(int participant, int round) const {
  return static_cast<std::size_t>(participant) * (static_cast<std::size_t>(rounds_) + 1) +
         static_cast<std::size_t>(round);
}

const GoScores& GoScoreTable::at(int participant, int round) const {
  return scores_[index(participant, round)];
}

GoRoundStatus GoScoreTable::status(int participant, int round) const {
  return status_[index(participant, round)];
}

std::int64_t GoScoreTable::value(const GoCriterion& criterion, int participant, int round) const {
  const GoScores& s = at(participant, round);
  const std::size_t f = criterion.mcmahon ? kM : kW;
  switch (criterion.kind) {
    case GoCriterionKind::main_score:
      return main2(s, f);
    case GoCriterionKind::sos:
      return s.sos2[f];
    case GoCriterionKind::sos_minus1:
      return s.sos_minus1_2[f];
    case GoCriterionKind::sos_minus2:
      return s.sos_minus2_2[f];
    case GoCriterionKind::sosos:
      return s.sosos2[f];
    case GoCriterionKind::sodos:
      return s.sodos4[f];
    case GoCriterionKind::cuss:
      return s.cuss2[f];
    case GoCriterionKind::rating:
      return rating_[static_cast<std::size_t>(participant)];
    case GoCriterionKind::rank:
      return rank_[static_cast<std::size_t>(participant)];
    case GoCriterionKind::dc:
    case GoCriterionKind::sdc:
      return 0;  // a tie's, from go_standings
  }
  return 0;
}

int scale(const GoCriterion& criterion) {
  switch (criterion.kind) {
    case GoCriterionKind::sodos:
      return 4;
    case GoCriterionKind::rating:
    case GoCriterionKind::rank:
    case GoCriterionKind::dc:
    case GoCriterionKind::sdc:
      return 1;
    default:
      return 2;
  }
}

std::string go_value_text(std::int64_t value, int scale) {
  std::string text = value < 0 ? "-" : "";
  const std::int64_t magnitude = value < 0 ? -value : value;
  text += std::to_string(magnitude / scale);
  const std::int64_t rest = magnitude % scale;
  if (rest == 0) return text;
  if (scale == 2) return text + ".5";
  return text + (rest == 1 ? ".25" : rest == 2 ? ".5" : ".75");
}

int compare_utf16(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  std::size_t j = 0;
  std::array<char16_t, 2> ua{};
  std::array<char16_t, 2> ub{};
  int na = 0;
  int nb = 0;
  int ka = 0;
  int kb = 0;
  for (;;) {
    if (ka == na) {
      if (i >= a.size()) break;
      na = utf16_units(decode(a, i), ua);
      ka = 0;
    }
    if (kb == nb) {
      if (j >= b.size()) return 1;
      nb = utf16_units(decode(b, j), ub);
      kb = 0;
    }
    const char16_t x = ua[static_cast<std::size_t>(ka++)];
    const char16_t y = ub[static_cast<std::size_t>(kb++)];
    if (x != y) return x < y ? -1 : 1;
  }
  return kb == nb && j >= b.size() ? 0 : -1;
}

namespace {

bool is_direct(const GoCriterion& c) {
  return c.kind == GoCriterionKind::dc || c.kind == GoCriterionKind::sdc;
}

// One net result between two players of a tie: `winner` is ahead of `loser` by `sum` games.
struct TieResult {
  int winner = 0;  // indices into the tie
  int loser = 0;
  int sum = 0;
};

// The sums of the games over the board between the players of a tie, up to `round`, one a pair
// that met with a non-zero sum (at most the games they played: nothing quadratic is stored).
std::vector<TieResult> tie_results(const Event& event, const std::vector<int>& tie,
                                   std::vector<int>& index_of, int round) {
  for (std::size_t i = 0; i < tie.size(); ++i)
    index_of[static_cast<std::size_t>(tie[i])] = static_cast<int>(i);
  std::vector<std::pair<std::pair<int, int>, int>> games;  // (low, high) index, +1 low won
  for (std::size_t i = 0; i < tie.size(); ++i) {
    const Participant& p = event.participants[static_cast<std::size_t>(tie[i])];
    const int last = std::min(round, static_cast<int>(p.rounds.size()));
    for (int r = 0; r < last; ++r) {
      const RoundRecord& mine = p.rounds[static_cast<std::size_t>(r)];
      if (mine.kind != RoundKind::played || mine.outcome != Outcome::win || mine.opponent < 0)
        continue;
      const auto other = static_cast<std::size_t>(mine.opponent);
      if (index_of[other] < 0) continue;
      const Participant& o = event.participants[other];
      if (static_cast<std::size_t>(r) >= o.rounds.size() ||
          o.rounds[static_cast<std::size_t>(r)].outcome != Outcome::loss)
        continue;  // both won: OpenGotha counts neither
      const int a = static_cast<int>(i);
      const int b = index_of[other];
      games.push_back({{std::min(a, b), std::max(a, b)}, a < b ? 1 : -1});
    }
  }
  for (int p : tie) index_of[static_cast<std::size_t>(p)] = -1;
  std::sort(games.begin(), games.end());
  std::vector<TieResult> results;
  for (std::size_t i = 0; i < games.size();) {
    int sum = 0;
    std::size_t j = i;
    for (; j < games.size() && games[j].first == games[i].first; ++j) sum += games[j].second;
    const auto [low, high] = games[i].first;
    if (sum > 0) results.push_back({low, high, sum});
    if (sum < 0) results.push_back({high, low, -sum});
    i = j;
  }
  return results;
}

// The strongly connected components of the graph loser -> winner (Tarjan's, iterative): a
// component number a player, and the number of components.
int cycle_classes(int n, const std::vector<std::vector<int>>& beaten_by,
                  std::vector<int>& component) {
  component.assign(static_cast<std::size_t>(n), -1);
  std::vector<int> order(static_cast<std::size_t>(n), -1);
  std::vector<int> low(static_cast<std::size_t>(n), 0);
  std::vector<bool> on_stack(static_cast<std::size_t>(n), false);
  std::vector<int> stack;
  std::vector<std::pair<int, std::size_t>> calls;  // node, next edge
  int counter = 0;
  int components = 0;
  for (int start = 0; start < n; ++start) {
    if (order[static_cast<std::size_t>(start)] >= 0) continue;
    calls.push_back({start, 0});
    while (!calls.empty()) {
      auto& [v, next] = calls.back();
      const auto uv = static_cast<std::size_t>(v);
      if (next == 0 && order[uv] < 0) {
        order[uv] = low[uv] = counter++;
        stack.push_back(v);
        on_stack[uv] = true;
      }
      if (next < beaten_by[uv].size()) {
        const int w = beaten_by[uv][next++];
        const auto uw = static_cast<std::size_t>(w);
        if (order[uw] < 0) {
          calls.push_back({w, 0});
        } else if (on_stack[uw]) {
          low[uv] = std::min(low[uv], order[uw]);
        }
        continue;
      }
      if (low[uv] == order[uv]) {
        int w = -1;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[static_cast<std::size_t>(w)] = false;
          component[static_cast<std::size_t>(w)] = components;
        } while (w != v);
        ++components;
      }
      const int finished = v;
      calls.pop_back();
      if (!calls.empty()) {
        const auto parent = static_cast<std::size_t>(calls.back().first);
        low[parent] = std::min(low[parent], low[static_cast<std::size_t>(finished)]);
      }
    }
  }
  return components;
}

// DC and SDC of the players of one tie (see go_standings).
void settle_tie(const Event& event, const GoScoreTable& scores,
                const std::vector<GoCriterion>& after_dc, int round, const std::vector<int>& tie,
                std::vector<int>& index_of, std::vector<std::int32_t>& dc,
                std::vector<std::int32_t>& sdc) {
  const int n = static_cast<int>(tie.size());
  if (n <= 1) return;
  const std::vector<TieResult> results = tie_results(event, tie, index_of, round);
  // SDC: only when every two of them have a non-zero sum.
  if (results.size() == static_cast<std::size_t>(n) * static_cast<std::size_t>(n - 1) / 2) {
    for (const TieResult& r : results)
      ++sdc[static_cast<std::size_t>(tie[static_cast<std::size_t>(r.winner)])];
  }
  // DC: the secondary value sc (n - place by the criteria after DC, equal ones sharing).
  std::vector<int> by_secondary(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) by_secondary[static_cast<std::size_t>(i)] = i;
  const auto compare = [&](int a, int b) {
    for (const GoCriterion& c : after_dc) {
      const std::int64_t va = scores.value(c, tie[static_cast<std::size_t>(a)], round);
      const std::int64_t vb = scores.value(c, tie[static_cast<std::size_t>(b)], round);
      if (va != vb) return va > vb ? -1 : 1;
    }
    return 0;
  };
  std::stable_sort(by_secondary.begin(), by_secondary.end(),
                   [&](int a, int b) { return compare(a, b) < 0; });
  std::vector<int> sc(static_cast<std::size_t>(n), 0);
  int place = 0;
  for (int i = 0; i < n; ++i) {
    if (i > 0 && compare(by_secondary[static_cast<std::size_t>(i - 1)],
                         by_secondary[static_cast<std::size_t>(i)]) != 0)
      place = i;
    sc[static_cast<std::size_t>(by_secondary[static_cast<std::size_t>(i)])] = n - place;
  }
  // Wins: a sum of exactly one.
  std::vector<std::vector<int>> beaten_by(static_cast<std::size_t>(n));  // loser -> winners
  for (const TieResult& r : results)
    if (r.sum == 1) beaten_by[static_cast<std::size_t>(r.loser)].push_back(r.winner);
  std::vector<int> component;
  const int components = cycle_classes(n, beaten_by, component);
  // Between classes: which classes each class won against (its players' wins shared).
  std::vector<std::vector<int>> beat(static_cast<std::size_t>(components));
  for (int loser = 0; loser < n; ++loser) {
    for (int winner : beaten_by[static_cast<std::size_t>(loser)]) {
      const int cl = component[static_cast<std::size_t>(loser)];
      const int cw = component[static_cast<std::size_t>(winner)];
      if (cl != cw) beat[static_cast<std::size_t>(cw)].push_back(cl);
    }
  }
  std::vector<int> left_in(static_cast<std::size_t>(components), 0);
  for (int c : component) ++left_in[static_cast<std::size_t>(c)];
  std::vector<int> rank(static_cast<std::size_t>(n), 0);
  std::vector<bool> placed(static_cast<std::size_t>(n), false);
  int left = n;
  while (left > 0) {
    // Candidates: players whose class won against nobody left, the lowest sc among them.
    int lowest = n + 1;
    std::vector<int> candidates;
    for (int i = 0; i < n; ++i) {
      if (placed[static_cast<std::size_t>(i)]) continue;
      const auto& won = beat[static_cast<std::size_t>(component[static_cast<std::size_t>(i)])];
      const bool free = std::all_of(
          won.begin(), won.end(), [&](int c) { return left_in[static_cast<std::size_t>(c)] == 0; });
      if (!free) continue;
      const int v = sc[static_cast<std::size_t>(i)];
      if (v < lowest) {
        lowest = v;
        candidates.clear();
      }
      if (v == lowest) candidates.push_back(i);
    }
    if (candidates.empty()) break;  // not reached: the classes form no cycle
    const int current = 1 + left - static_cast<int>(candidates.size());
    for (int i : candidates) {
      rank[static_cast<std::size_t>(i)] = current;
      placed[static_cast<std::size_t>(i)] = true;
      --left_in[static_cast<std::size_t>(component[static_cast<std::size_t>(i)])];
    }
    left -= static_cast<int>(candidates.size());
  }
  const int bottom = *std::max_element(rank.begin(), rank.end());
  for (int i = 0; i < n; ++i)
    dc[static_cast<std::size_t>(tie[static_cast<std::size_t>(i)])] =
        bottom - rank[static_cast<std::size_t>(i)];
}

}  // namespace

std::vector<GoStandingRow> go_standings(const Event& event, const GoScoreTable& scores,
                                        const std::vector<GoCriterion>& criteria, int round) {
  const std::size_t n = event.participants.size();
  std::vector<int> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
  std::vector<std::int32_t> dc(n, 0);
  std::vector<std::int32_t> sdc(n, 0);
  const auto value = [&](const GoCriterion& c, int p) -> std::int64_t {
    if (c.kind == GoCriterionKind::dc) return dc[static_cast<std::size_t>(p)];
    if (c.kind == GoCriterionKind::sdc) return sdc[static_cast<std::size_t>(p)];
    return scores.value(c, p, round);
  };
  const auto compare_first = [&](int a, int b, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      const std::int64_t va = value(criteria[i], a);
      const std::int64_t vb = value(criteria[i], b);
      if (va != vb) return va > vb ? -1 : 1;
    }
    return 0;
  };
  const auto direct = std::find_if(criteria.begin(), criteria.end(), is_direct);
  if (direct != criteria.end()) {
    // The ties before the first DC or SDC, then their direct confrontation.
    const auto before = static_cast<std::size_t>(direct - criteria.begin());
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return compare_first(a, b, before) < 0; });
    const auto first_dc = std::find_if(criteria.begin(), criteria.end(), [](const GoCriterion& c) {
      return c.kind == GoCriterionKind::dc;
    });
    const std::vector<GoCriterion> after_dc(
        first_dc == criteria.end() ? criteria.end() : first_dc + 1, criteria.end());
    std::vector<int> index_of(n, -1);
    for (std::size_t i = 0; i < n;) {
      std::size_t j = i + 1;
      while (j < n && compare_first(order[i], order[j], before) == 0) ++j;
      const std::vector<int> tie(order.begin() + static_cast<std::ptrdiff_t>(i),
                                 order.begin() + static_cast<std::ptrdiff_t>(j));
      settle_tie(event, scores, after_dc, round, tie, index_of, dc, sdc);
      i = j;
    }
  }
  const auto compare_criteria = [&](int a, int b) { return compare_first(a, b, criteria.size()); };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (const int c = compare_criteria(a, b); c != 0) return c < 0;
    const GoRegistration& ga = event.participants[static_cast<std::size_t>(a)].go;
    const GoRegistration& gb = event.participants[static_cast<std::size_t>(b)].go;
    if (const int c = compare_utf16(ga.family_name, gb.family_name); c != 0) return c < 0;
    return compare_utf16(ga.first_name, gb.first_name) < 0;
  });
  std::vector<GoStandingRow> rows;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const bool tied = i > 0 && compare_criteria(order[i - 1], order[i]) == 0;
    const auto p = static_cast<std::size_t>(order[i]);
    rows.push_back({order[i], tied ? rows.back().place : static_cast<int>(i) + 1, dc[p], sdc[p]});
  }
  return rows;
}

std::int64_t go_standing_value(const GoScoreTable& scores, const GoStandingRow& row,
                               const GoCriterion& criterion, int round) {
  if (criterion.kind == GoCriterionKind::dc) return row.dc;
  if (criterion.kind == GoCriterionKind::sdc) return row.sdc;
  return scores.value(criterion, row.participant, round);
}

}  // namespace boardgames
