// McMahon and OpenGotha's Swiss: ranks, settings, scores and tie-breaks, standings order.
#include "boardgames/tournament/mcmahon.h"

#include <algorithm>
#include <array>
#include <cstddef>

#include "boardgames/core/strings.h"

namespace boardgames {

namespace {

constexpr std::size_t kW = 0;  // criteria from numbers of wins
constexpr std::size_t kM = 1;  // criteria from McMahon scores

struct CriterionName {
  std::string_view name;
  GoCriterionKind kind;
  bool mcmahon;
};

constexpr std::array<CriterionName, 18> kCriterionNames{{
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
        (n.mcmahon == mcmahon || kind == GoCriterionKind::rating || kind == GoCriterionKind::rank))
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
      } else if (rec == nullptr || rec->kind == RoundKind::absent ||
                 rec->kind == RoundKind::zero_bye || rec->kind == RoundKind::half_bye ||
                 rec->kind == RoundKind::full_bye || !event.participants[p].go.participates(r)) {
        // Not there: a requested bye of a results CSV is an absence in McMahon.
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
  }
  return 0;
}

int scale(const GoCriterion& criterion) {
  switch (criterion.kind) {
    case GoCriterionKind::sodos:
      return 4;
    case GoCriterionKind::rating:
    case GoCriterionKind::rank:
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

std::vector<GoStandingRow> go_standings(const Event& event, const GoScoreTable& scores,
                                        const std::vector<GoCriterion>& criteria, int round) {
  std::vector<int> order(event.participants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  const auto compare_criteria = [&](int a, int b) {
    for (const GoCriterion& c : criteria) {
      const std::int64_t va = scores.value(c, a, round);
      const std::int64_t vb = scores.value(c, b, round);
      if (va != vb) return va > vb ? -1 : 1;
    }
    return 0;
  };
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
    rows.push_back({order[i], tied ? rows.back().place : static_cast<int>(i) + 1});
  }
  return rows;
}

}  // namespace boardgames
