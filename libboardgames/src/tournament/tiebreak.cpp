#include "boardgames/tournament/tiebreak.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "boardgames/core/strings.h"

namespace boardgames {

namespace {

struct Name {
  std::string_view code;
  TiebreakKind kind;
  bool cuts;  // accepts -C1/-C2 (and -M1/-M2 for Buchholz)
};

constexpr std::array kNames = {
    Name{"BH", TiebreakKind::buchholz, true},
    Name{"FB", TiebreakKind::fore_buchholz, true},
    Name{"SB", TiebreakKind::sonneborn_berger, true},
    Name{"DE", TiebreakKind::direct_encounter, false},
    Name{"EDE", TiebreakKind::direct_encounter, false},
    Name{"EDEC", TiebreakKind::direct_encounter, false},
    Name{"EDET", TiebreakKind::direct_encounter, false},
    Name{"EDEB", TiebreakKind::direct_encounter, false},
    Name{"EDEBT", TiebreakKind::direct_encounter, false},
    Name{"EDEBB", TiebreakKind::direct_encounter, false},
    Name{"WIN", TiebreakKind::wins, false},
    Name{"WON", TiebreakKind::won, false},
    Name{"BPG", TiebreakKind::black_games, false},
    Name{"BWG", TiebreakKind::black_wins, false},
    Name{"PS", TiebreakKind::progressive, true},
    Name{"REP", TiebreakKind::rounds_elected, false},
    Name{"GE", TiebreakKind::rounds_elected, false},
    Name{"ARO", TiebreakKind::aro, true},
    Name{"AROC", TiebreakKind::aro, false},
    Name{"TPR", TiebreakKind::tpr, false},
    Name{"PTP", TiebreakKind::ptp, false},
    Name{"KS", TiebreakKind::koya, false},
    Name{"AOB", TiebreakKind::aob, false},
    Name{"APRO", TiebreakKind::apro, false},
    Name{"APPO", TiebreakKind::appo, false},
    Name{"STD", TiebreakKind::standard_points, false},
    Name{"RTNG", TiebreakKind::rating, false},
    Name{"TPN", TiebreakKind::pairing_number, false},
    Name{"WARN", TiebreakKind::warnings, false},
    Name{"TS", TiebreakKind::total_score, false},
    Name{"GP", TiebreakKind::game_points, false},
    Name{"BP", TiebreakKind::board_points, false},
    Name{"MPvGP", TiebreakKind::match_v_game, false},
    Name{"EMMSB", TiebreakKind::esb_mm, true},
    Name{"EMGSB", TiebreakKind::esb_mg, true},
    Name{"ESB", TiebreakKind::esb_mg, true},
    Name{"EGMSB", TiebreakKind::esb_gm, true},
    Name{"EGGSB", TiebreakKind::esb_gg, true},
    Name{"SSSC", TiebreakKind::score_strength, false},
    Name{"BC", TiebreakKind::board_count, false},
};

bool same_code(std::string_view name, std::string_view upper) {
  if (name.size() != upper.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c =
        name[i] >= 'a' && name[i] <= 'z' ? static_cast<char>(name[i] - 'a' + 'A') : name[i];
    if (c != upper[i]) return false;
  }
  return true;
}

bool extended_sb(TiebreakKind kind) {
  return kind == TiebreakKind::esb_mm || kind == TiebreakKind::esb_mg ||
         kind == TiebreakKind::esb_gm || kind == TiebreakKind::esb_gg;
}

// FIDE B.02 8.1a: dp for p = 0.50 .. 1.00 (index = percent - 50).
constexpr std::array<int, 51> kDp = {
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

// FIDE B.02 8.1b: the highest rating difference at which the higher-rated player's expected
// score is 0.50, 0.51, ..., 0.99 (index = hundredths - 50); above 735 it is 1.00.
constexpr std::array<int, 50> kExpectedUpTo = {
    3,   10,  17,  25,  32,  39,  46,  53,  61,  68,  76,  83,  91,  98,  106, 113, 121,
    129, 137, 145, 153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278,
    290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735};

Fraction fraction_of_win(Points points, Points win) {
  if (win == Points()) return Fraction(0);
  return Fraction(points.tenths(), win.tenths());
}

Fraction outcome_fraction(Outcome outcome) {
  switch (outcome) {
    case Outcome::win:
      return Fraction(1);
    case Outcome::draw:
      return Fraction(1, 2);
    default:
      return Fraction(0);
  }
}

std::string_view outcome_word(Outcome outcome) {
  switch (outcome) {
    case Outcome::win:
      return "won";
    case Outcome::draw:
      return "drew";
    case Outcome::loss:
      return "lost";
    default:
      return "-";
  }
}

// EDE and its variants for two teams still tied (C.07 13.3.2; EDEC is FIDE's program's).
constexpr std::array<std::pair<std::string_view, EdeFinish>, 6> kEdeCodes = {{
    {"EDE", EdeFinish::none},
    {"EDEC", EdeFinish::count},
    {"EDET", EdeFinish::top},
    {"EDEB", EdeFinish::bottom},
    {"EDEBT", EdeFinish::count_top},
    {"EDEBB", EdeFinish::count_bottom},
}};

}  // namespace

std::string Tiebreak::code() const {
  if (kind == TiebreakKind::board) return board > 0 ? fmt::format("BB{}", board) : "BB";
  if (kind == TiebreakKind::bottom_board) return board > 0 ? fmt::format("BBE{}", board) : "BBE";
  std::string text;
  if (extended) {
    for (const auto& [code, variant] : kEdeCodes) {
      if (variant == finish) text = code;
    }
  }
  for (const Name& name : kNames) {
    if (name.kind == kind && text.empty()) {
      text = name.code;
      break;
    }
  }
  if (cut_high > 0) {
    text += fmt::format("-M{}", cut_high);
  } else if (cut_low > 0) {
    text += fmt::format("-C{}", cut_low);
  }
  if (forfeits_played) text += "/P";
  if (fore) text += "/F";
  if (limit_steps != 0) text += fmt::format("/L{:+}", limit_steps);
  if (reverse) text += "/R";
  if (unrated) text += fmt::format("/U{}", *unrated);
  return text;
}

namespace {

bool rating_based(TiebreakKind kind) {
  return kind == TiebreakKind::aro || kind == TiebreakKind::tpr || kind == TiebreakKind::ptp ||
         kind == TiebreakKind::apro || kind == TiebreakKind::appo || kind == TiebreakKind::rating;
}

// A cut written "C1", "C2", "M1", "M2" (after '-' or '/'); false when the code has no such cut.
bool apply_cut(Tiebreak& tiebreak, const Name& name, std::string_view cut) {
  if (!name.cuts || cut.size() != 2 || (cut[1] != '1' && cut[1] != '2')) return false;
  const int count = cut[1] - '0';
  if (cut[0] == 'C') {
    tiebreak.cut_low = count;
    return true;
  }
  const bool medians = name.kind == TiebreakKind::buchholz ||
                       name.kind == TiebreakKind::fore_buchholz || name.kind == TiebreakKind::aro;
  if (cut[0] == 'M' && medians) {
    tiebreak.cut_low = tiebreak.cut_high = count;
    return true;
  }
  return false;
}

// One modifier after '/': a cut, P, F, L±n, R, U<rating>.
bool apply_modifier(Tiebreak& tiebreak, const Name& name, std::string_view modifier) {
  if (modifier.empty()) return false;
  const TiebreakKind kind = tiebreak.kind;
  switch (modifier[0]) {
    case 'C':
    case 'M':
      return tiebreak.cut_low == 0 && apply_cut(tiebreak, name, modifier);
    case 'P':
      if (modifier.size() != 1) return false;
      tiebreak.forfeits_played = true;
      return kind == TiebreakKind::buchholz || kind == TiebreakKind::fore_buchholz ||
             kind == TiebreakKind::sonneborn_berger || kind == TiebreakKind::direct_encounter ||
             kind == TiebreakKind::aob || extended_sb(kind) || kind == TiebreakKind::score_strength;
    case 'F':
      if (modifier.size() != 1) return false;
      // BH/F is FB; AOB/F averages the opponents' FB.
      if (kind == TiebreakKind::buchholz) {
        tiebreak.kind = TiebreakKind::fore_buchholz;
        return true;
      }
      tiebreak.fore = true;
      return kind == TiebreakKind::aob || kind == TiebreakKind::score_strength;
    case 'L': {
      if (kind != TiebreakKind::koya || modifier.size() < 3 ||
          (modifier[1] != '+' && modifier[1] != '-'))
        return false;
      auto steps = parse_integer(modifier.substr(2));
      if (!steps || *steps < 0 || *steps > 20) return false;
      tiebreak.limit_steps = static_cast<int>(modifier[1] == '-' ? -*steps : *steps);
      return true;
    }
    case 'R':
      tiebreak.reverse = true;
      return modifier.size() == 1 &&
             (kind == TiebreakKind::pairing_number || kind == TiebreakKind::rating);
    case 'U': {
      auto rating = parse_integer(modifier.substr(1));
      if (!rating || *rating < 0 || *rating > 9999 || !rating_based(kind)) return false;
      tiebreak.unrated = static_cast<std::int32_t>(*rating);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

std::optional<Tiebreak> parse_tiebreak(std::string_view code) {
  std::string upper(trim(code));
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  std::vector<std::string_view> parts = split(upper, '/');
  std::string_view head = parts.front();
  if (head == "TBR") head = "BB";  // top board result: board 1's game points, then board 2's...
  if (head.starts_with("BBE")) {
    if (parts.size() > 1) return std::nullopt;
    std::string_view rest = head.substr(3);
    if (rest.empty()) return Tiebreak{TiebreakKind::bottom_board, 0, 0, 0};
    auto cut = parse_integer(rest);
    if (!cut || *cut < 1 || *cut > 63) return std::nullopt;
    return Tiebreak{TiebreakKind::bottom_board, 0, 0, static_cast<int>(*cut)};
  }
  if (head.starts_with("BB")) {
    if (parts.size() > 1) return std::nullopt;
    std::string_view rest = head.substr(2);
    if (rest.empty()) return Tiebreak{TiebreakKind::board, 0, 0, 0};
    auto board = parse_integer(rest);
    if (!board || *board < 1 || *board > 64) return std::nullopt;
    return Tiebreak{TiebreakKind::board, 0, 0, static_cast<int>(*board)};
  }
  std::string_view base = head;
  std::string_view cut;
  if (auto dash = head.find('-'); dash != std::string_view::npos) {
    base = head.substr(0, dash);
    cut = head.substr(dash + 1);
  }
  for (const Name& name : kNames) {
    if (!same_code(name.code, base)) continue;
    Tiebreak tiebreak{name.kind, 0, 0, 0};
    if (name.code == "AROC") tiebreak.cut_low = 1;
    for (const auto& [ede, variant] : kEdeCodes) {
      if (name.code != ede) continue;
      tiebreak.extended = true;
      tiebreak.finish = variant;
    }
    if (!cut.empty() && !apply_cut(tiebreak, name, cut)) return std::nullopt;
    for (std::size_t i = 1; i < parts.size(); ++i) {
      if (!apply_modifier(tiebreak, name, parts[i])) return std::nullopt;
    }
    return tiebreak;
  }
  return std::nullopt;
}

Expected<std::vector<Tiebreak>> parse_tiebreaks(std::string_view list) {
  std::vector<Tiebreak> order;
  if (trim(list).empty()) return order;
  for (std::string_view code : split(list, ',')) {
    auto tiebreak = parse_tiebreak(code);
    if (!tiebreak) {
      Problem problem;
      problem.token = std::string(trim(code));
      // A known code with a modifier it does not take ("WIN/P", "KS/L+30"): say which code.
      const std::string_view base =
          std::string_view(problem.token)
              .substr(0, std::min(problem.token.find('/'), problem.token.size()));
      if (base.size() < problem.token.size() && parse_tiebreak(base)) {
        problem.reason =
            fmt::format("tie-break code '{}': {} does not take that modifier", problem.token, base);
      } else {
        problem.reason = fmt::format("unknown tie-break code '{}'", problem.token);
      }
      return problem;
    }
    order.push_back(*tiebreak);
  }
  return order;
}

int fide_dp(int percent) {
  percent = std::clamp(percent, 0, 100);
  return percent >= 50 ? kDp[static_cast<std::size_t>(percent - 50)]
                       : -kDp[static_cast<std::size_t>(50 - percent)];
}

int fide_expected_percent(std::int64_t difference) {
  const std::int64_t distance = difference < 0 ? -difference : difference;
  const auto above = std::lower_bound(kExpectedUpTo.begin(), kExpectedUpTo.end(), distance);
  const int higher = 50 + static_cast<int>(above - kExpectedUpTo.begin());
  return difference < 0 ? 100 - higher : higher;
}

TiebreakCalculator::TiebreakCalculator(const Event& event, TiebreakSettings settings)
    : event_(event), settings_(settings) {
  const Fraction draw = Fraction::of(event.draw_points());
  adjusted_.reserve(event.participants.size());
  for (const Participant& participant : event.participants) {
    Fraction score = Fraction::of(participant.score);
    if (event.round_robin) {
      adjusted_.push_back(score);
      continue;
    }
    const auto& rounds = participant.rounds;
    if (participant.withdrawn && event.withdrawal_valuation == WithdrawalValuation::a_factor) {
      // Xigua rules art. 25 §3: the unplayed part is A × unplayed rounds, A = score per game
      // played, at most 1.
      int played = 0;
      int unplayed = 0;
      for (const RoundRecord& record : rounds) {
        if (record.kind == RoundKind::absent) {
          ++unplayed;
        } else if (record.kind != RoundKind::none) {
          ++played;
        }
      }
      Fraction a = played > 0 ? Fraction::of(participant.score) / Fraction(played) : Fraction(0);
      if (a > Fraction(1)) a = Fraction(1);
      adjusted_.push_back(score + a * Fraction(unplayed));
      continue;
    }
    // C.07 16.3: a requested bye followed only by voluntary unplayed rounds (or in the last
    // round) counts as a draw for the opponents.
    Fraction adjusted = score;
    bool only_voluntary_after = true;
    for (std::size_t r = rounds.size(); r-- > 0;) {
      const RoundRecord& record = rounds[r];
      const bool requested = record.kind == RoundKind::half_bye ||
                             record.kind == RoundKind::zero_bye || record.kind == RoundKind::absent;
      if (requested && only_voluntary_after) {
        adjusted = adjusted - Fraction::of(record.points) + draw;
      }
      if (!is_voluntary_unplayed(record.kind)) only_voluntary_after = false;
    }
    adjusted_.push_back(adjusted);
  }
  // FB (C.07 8.3): a participant paired in the final round (a game or a forfeit) scores a
  // draw in it; that round is then a game, so no earlier requested bye is followed only by
  // voluntary unplayed rounds (16.3 counts them at their points). Unpaired in the final
  // round: as for BH.
  fore_adjusted_ = adjusted_;
  fore_own_.reserve(event.participants.size());
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    const Participant& participant = event.participants[i];
    Fraction own = Fraction::of(participant.score);
    if (!event.round_robin && event.rounds > 0 && paired_in_final_round(static_cast<int>(i))) {
      const Fraction last = Fraction::of(participant.rounds.back().points);
      const Fraction base =
          event.withdrawal_valuation == WithdrawalValuation::a_factor ? adjusted_[i] : own;
      fore_adjusted_[i] = base - last + draw;
      own = own - last + draw;
    }
    fore_own_.push_back(own);
  }
  // Team events: 16.3 on game points, a requested bye followed only by voluntary unplayed
  // rounds counting as a drawn match (a draw on every board).
  for (const Participant& participant : event.participants) {
    boards_ = std::max(boards_, static_cast<int>(participant.board_game_points.size()));
  }
  const Fraction drawn_match = Fraction::of(static_cast<std::int64_t>(boards_) * event.points.draw);
  adjusted_game_.reserve(event.participants.size());
  for (const Participant& participant : event.participants) {
    Fraction adjusted = Fraction::of(participant.game_points);
    bool only_voluntary_after = !event.round_robin;
    for (std::size_t r = participant.rounds.size(); r-- > 0 && only_voluntary_after;) {
      const RoundRecord& record = participant.rounds[r];
      if (record.kind == RoundKind::half_bye || record.kind == RoundKind::zero_bye ||
          record.kind == RoundKind::absent)
        adjusted = adjusted - Fraction::of(record.game_points) + drawn_match;
      if (!is_voluntary_unplayed(record.kind)) only_voluntary_after = false;
    }
    adjusted_game_.push_back(adjusted);
  }
}

bool TiebreakCalculator::paired_in_final_round(int p) const {
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  if (event_.rounds < 1 || participant.rounds.size() < static_cast<std::size_t>(event_.rounds))
    return false;
  const RoundRecord& last = participant.rounds[static_cast<std::size_t>(event_.rounds - 1)];
  return last.opponent >= 0 &&
         (last.kind == RoundKind::played || last.kind == RoundKind::forfeit_win ||
          last.kind == RoundKind::forfeit_loss);
}

std::string TiebreakCalculator::opponent_label(int participant) const {
  const Participant& p = event_.participants[static_cast<std::size_t>(participant)];
  return fmt::format("{} ({})", p.name, p.number);
}

Fraction TiebreakCalculator::dummy_score(int p, int round, const BuchholzMode& mode) const {
  // C.07 16.4 (2026): a dummy opponent with the participant's own score, capped at the
  // scheduled opponent's adjusted score for forfeits, else at draw points × rounds. FB: the
  // scores with the final-round pairings drawn; team ESB on game points: game points, a draw
  // on every board a round.
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  const RoundRecord& record = participant.rounds[static_cast<std::size_t>(round - 1)];
  const auto& scores = mode.opponent_game_points ? adjusted_game_
                       : mode.fore               ? fore_adjusted_
                                                 : adjusted_;
  Fraction own = mode.opponent_game_points ? Fraction::of(participant.game_points)
                 : mode.fore               ? fore_own_[static_cast<std::size_t>(p)]
                                           : Fraction::of(participant.score);
  const Points draw = mode.opponent_game_points
                          ? static_cast<std::int64_t>(boards_) * event_.points.draw
                          : event_.draw_points();
  Fraction cap;
  if ((record.kind == RoundKind::forfeit_win || record.kind == RoundKind::forfeit_loss) &&
      record.opponent >= 0) {
    cap = scores[static_cast<std::size_t>(record.opponent)];
  } else {
    cap = Fraction::of(static_cast<std::int64_t>(event_.rounds) * draw);
  }
  return std::min(own, cap);
}

std::vector<TiebreakCalculator::Contribution> TiebreakCalculator::buchholz_contributions(
    int p, BuchholzMode mode, bool with_notes) const {
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  std::vector<Contribution> parts;
  const Points win = event_.win_points();
  const bool sonneborn = mode.sonneborn;
  const auto& scores = mode.opponent_game_points ? adjusted_game_
                       : mode.fore               ? fore_adjusted_
                                                 : adjusted_;
  // The factor of a round: the share of a win scored (SB), or the points as scored (ESB).
  auto factor = [&](const RoundRecord& record, bool game) {
    switch (mode.factor) {
      case BuchholzMode::Factor::match_points:
        return Fraction::of(record.points);
      case BuchholzMode::Factor::game_points:
        return Fraction::of(record.game_points);
      default:
        return game ? outcome_fraction(record.outcome) : fraction_of_win(record.points, win);
    }
  };
  for (int r = 1; r <= event_.rounds; ++r) {
    const RoundRecord& record = participant.rounds[static_cast<std::size_t>(r - 1)];
    if (record.kind == RoundKind::none) continue;
    // A forfeit is a game against the scheduled opponent in a round robin (C.07 15.2), with
    // /P, and in FB's final round (drawn); a game for the cuts too.
    const bool forfeit_as_game =
        (event_.round_robin || mode.forfeits_played || (mode.fore && r == event_.rounds)) &&
        record.opponent >= 0 &&
        (record.kind == RoundKind::forfeit_win || record.kind == RoundKind::forfeit_loss);
    const bool game = record.kind == RoundKind::played || forfeit_as_game;
    Contribution part{r, Fraction(0), Fraction(0), !game && is_voluntary_unplayed(record.kind), {}};
    if (game) {
      Fraction opp = scores[static_cast<std::size_t>(record.opponent)];
      part.opponent_score = opp;
      if (sonneborn) {
        const Fraction f = factor(record, true);
        part.value = opp * f;
        if (with_notes)
          part.note = fmt::format("{} {} ({}) × {} = {}", outcome_word(record.outcome),
                                  opponent_label(record.opponent), opp.decimal(), f.decimal(),
                                  part.value.decimal());
      } else {
        part.value = opp;
        if (with_notes)
          part.note =
              fmt::format("{} ({})", opponent_label(record.opponent), round_kind_name(record.kind));
      }
    } else {
      if (event_.round_robin) continue;  // a round-robin bye has no opponent to count
      Fraction dummy = dummy_score(p, r, mode);
      part.opponent_score = dummy;
      std::string what;
      if (with_notes) {
        what = std::string(round_kind_name(record.kind));
        if (record.opponent >= 0) what += fmt::format(" v {}", opponent_label(record.opponent));
      }
      if (sonneborn) {
        const Fraction f = factor(record, false);
        part.value = dummy * f;
        if (with_notes)
          part.note = fmt::format("{}: dummy opponent {} × {} = {}", what, dummy.decimal(),
                                  f.decimal(), part.value.decimal());
      } else {
        part.value = dummy;
        if (with_notes)
          part.note = fmt::format("{}: dummy opponent with own score, capped (C.07 16.4)", what);
      }
    }
    parts.push_back(std::move(part));
  }
  return parts;
}

Fraction TiebreakCalculator::cut(std::vector<Contribution> parts, const Tiebreak& tiebreak,
                                 std::vector<std::string>* explain) const {
  for (const Contribution& part : parts) {
    if (explain) {
      explain->push_back(
          fmt::format("  round {:>2}  {:>8}  {}", part.round, part.value.decimal(), part.note));
    }
  }
  // C.07 14.1.1: the least significant value is the contribution of the lowest-scored
  // opponent (for SB a loss to a strong opponent may stay in), and the most significant that of
  // the highest-scored; equal scores: the smaller (larger) contribution.
  auto less_significant = [](const Contribution& a, const Contribution& b) {
    if (a.opponent_score != b.opponent_score) return a.opponent_score < b.opponent_score;
    return a.value < b.value;
  };
  // C.07 16.5: a low cut removes the least significant contribution of a voluntary unplayed
  // round instead, unless that is lower than the least significant value overall.
  for (int i = 0; i < tiebreak.cut_low && !parts.empty(); ++i) {
    auto lowest = std::min_element(parts.begin(), parts.end(), less_significant);
    auto voluntary = parts.end();
    for (auto it = parts.begin(); it != parts.end(); ++it) {
      if (it->voluntary && (voluntary == parts.end() || less_significant(*it, *voluntary)))
        voluntary = it;
    }
    if (voluntary != parts.end() && !(voluntary->value < lowest->value)) lowest = voluntary;
    if (explain) {
      explain->push_back(fmt::format(
          "  cut round {} ({}{})", lowest->round, lowest->value.decimal(),
          lowest->voluntary ? ", a voluntary unplayed round" : ", the least significant"));
    }
    parts.erase(lowest);
  }
  for (int i = 0; i < tiebreak.cut_high && !parts.empty(); ++i) {
    auto highest = std::max_element(parts.begin(), parts.end(), less_significant);
    if (explain) {
      explain->push_back(fmt::format("  cut round {} ({}, the most significant)", highest->round,
                                     highest->value.decimal()));
    }
    parts.erase(highest);
  }
  Fraction total;
  for (const Contribution& part : parts) total += part.value;
  return total;
}

std::optional<Fraction> TiebreakCalculator::rating_value(const Tiebreak& tiebreak, int p,
                                                         std::vector<std::string>* explain) const {
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  auto line = [&](std::string text) {
    if (explain) explain->push_back(std::move(text));
  };
  // Rating-based tie-breaks count games played over the board only (C.07 10, 15.2), against
  // rated opponents.
  struct RatedGame {
    std::int64_t rating;
    Fraction scored;  // the game's result as rated: 1, ½ or 0, whatever the point system
  };
  std::vector<RatedGame> games;
  for (int r = 1; r <= event_.rounds; ++r) {
    const RoundRecord& record = participant.rounds[static_cast<std::size_t>(r - 1)];
    if (record.kind != RoundKind::played) continue;
    const auto& opponent = event_.participants[static_cast<std::size_t>(record.opponent)];
    // /U: an unrated opponent counts with the rating the regulations give.
    const auto rating = opponent.rating ? opponent.rating : tiebreak.unrated;
    if (!rating) continue;
    games.push_back({*rating, outcome_fraction(record.outcome)});
    line(fmt::format("  round {:>2}  {} rated {}{}, scored {}", r, opponent_label(record.opponent),
                     *rating, opponent.rating ? "" : " (unrated, /U)",
                     games.back().scored.decimal()));
  }
  // ARO-Cn (10.1, 14.1): the n lowest-rated opponents are cut; ARO-Mn then the n
  // highest-rated too (14.3, 14.4); nothing left is undefined.
  if (tiebreak.kind == TiebreakKind::aro && (tiebreak.cut_low > 0 || tiebreak.cut_high > 0)) {
    std::stable_sort(games.begin(), games.end(),
                     [](const RatedGame& a, const RatedGame& b) { return a.rating < b.rating; });
    const auto low = std::min(games.size(), static_cast<std::size_t>(tiebreak.cut_low));
    for (std::size_t i = 0; i < low; ++i) line(fmt::format("  cut rating {}", games[i].rating));
    games.erase(games.begin(), games.begin() + static_cast<std::ptrdiff_t>(low));
    const auto high = std::min(games.size(), static_cast<std::size_t>(tiebreak.cut_high));
    for (std::size_t i = 0; i < high; ++i) {
      line(fmt::format("  cut rating {} (the highest)", games.back().rating));
      games.pop_back();
    }
  }
  if (games.empty()) {
    line("  no rated opponent met over the board (left): undefined");
    return std::nullopt;
  }
  std::int64_t sum = 0;
  std::int64_t lowest = games.front().rating;
  std::int64_t highest = games.front().rating;
  Fraction p_score;  // games' worth scored
  for (const RatedGame& game : games) {
    sum += game.rating;
    lowest = std::min(lowest, game.rating);
    highest = std::max(highest, game.rating);
    p_score += game.scored;
  }
  const auto count = static_cast<std::int64_t>(games.size());
  const std::int64_t aro = Fraction(sum, count).round_half_up();
  if (tiebreak.kind == TiebreakKind::aro) return Fraction(aro);
  if (tiebreak.kind == TiebreakKind::tpr) {
    const int percent =
        static_cast<int>((p_score * Fraction(100) / Fraction(count)).round_half_up());
    line(fmt::format("  ARO {} + dp({}%) {}", aro, percent, fide_dp(percent)));
    return Fraction(aro + fide_dp(percent));
  }
  // PTP (10.3): the lowest rating whose expected score by the table of B.02 8.1b reaches the
  // score; a zero score: the lowest opponent − 800. The expectation only grows with the
  // rating and is complete (1.00 a game) 736 points above the highest opponent, so a perfect
  // score gets exactly that.
  if (p_score <= Fraction(0)) {
    line(fmt::format("  zero score: lowest opponent {} − 800", lowest));
    return Fraction(lowest - 800);
  }
  const Fraction target = p_score * Fraction(100);
  auto reaches = [&](std::int64_t rating) {
    std::int64_t hundredths = 0;
    for (const RatedGame& game : games) hundredths += fide_expected_percent(rating - game.rating);
    return !(Fraction(hundredths) < target);
  };
  std::int64_t low = lowest - 800;    // expects 0: below any positive score
  std::int64_t high = highest + 736;  // expects every game won: reaches any score
  while (high - low > 1) {
    const std::int64_t middle = low + (high - low) / 2;
    (reaches(middle) ? high : low) = middle;
  }
  line(
      fmt::format("  lowest rating expected (B.02 8.1b) to score {}: {}", p_score.decimal(), high));
  return Fraction(high);
}

std::optional<Fraction> TiebreakCalculator::value(const Tiebreak& tiebreak, int p,
                                                  std::vector<std::string>* explain) const {
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  const auto& rounds = participant.rounds;
  const Points win = event_.win_points();
  auto line = [&](std::string text) {
    if (explain) explain->push_back(std::move(text));
  };
  switch (tiebreak.kind) {
    case TiebreakKind::buchholz:
    case TiebreakKind::fore_buchholz:
    case TiebreakKind::sonneborn_berger: {
      BuchholzMode mode;
      mode.sonneborn = tiebreak.kind == TiebreakKind::sonneborn_berger;
      mode.fore = tiebreak.kind == TiebreakKind::fore_buchholz;
      mode.forfeits_played = tiebreak.forfeits_played;
      if (mode.fore && explain) line("  final-round pairings counted as draws (FB, C.07 8.3)");
      return cut(buchholz_contributions(p, mode, explain != nullptr), tiebreak, explain);
    }
    case TiebreakKind::esb_mm:
    case TiebreakKind::esb_mg:
    case TiebreakKind::esb_gm:
    case TiebreakKind::esb_gg: {
      // C.07 13.2: EXYSB, X the opponents' score, Y the own score against them (M: match
      // points, G: game points), as scored; unplayed rounds against the dummy of 16.4.
      BuchholzMode mode;
      mode.sonneborn = true;
      mode.forfeits_played = tiebreak.forfeits_played;
      mode.opponent_game_points =
          tiebreak.kind == TiebreakKind::esb_gm || tiebreak.kind == TiebreakKind::esb_gg;
      mode.factor = tiebreak.kind == TiebreakKind::esb_mm || tiebreak.kind == TiebreakKind::esb_gm
                        ? BuchholzMode::Factor::match_points
                        : BuchholzMode::Factor::game_points;
      return cut(buchholz_contributions(p, mode, explain != nullptr), tiebreak, explain);
    }
    case TiebreakKind::score_strength: {
      // C.07 13.4: the secondary score (game points) + the schedule strength (BH on match
      // points; /F: FB) ÷ the normaliser, the most match points a round ÷ the most game
      // points a round (win points × boards), times the rounds, rounded down (at least 1).
      BuchholzMode mode;
      mode.fore = tiebreak.fore;
      mode.forfeits_played = tiebreak.forfeits_played;
      const Fraction strength =
          cut(buchholz_contributions(p, mode, explain != nullptr), Tiebreak{}, explain);
      const std::int64_t per_round =
          std::max<std::int64_t>(1, boards_) * event_.points.win.tenths();
      const std::int64_t normaliser = std::max<std::int64_t>(
          1, static_cast<std::int64_t>(event_.rounds) * event_.points.match_win.tenths() /
                 std::max<std::int64_t>(1, per_round));
      const Fraction total =
          Fraction::of(participant.game_points) + strength / Fraction(normaliser);
      line(fmt::format("  {} + {} ÷ {} = {}", participant.game_points.decimal(), strength.decimal(),
                       normaliser, total.decimal()));
      return total;
    }
    case TiebreakKind::match_v_game:
      return Fraction::of(participant.game_points);
    case TiebreakKind::board_count: {
      // Board count: Σ board × game points on it; with the same game points, points on the
      // higher boards give the lower count, which ranks higher.
      Fraction total;
      for (std::size_t b = 0; b < participant.board_game_points.size(); ++b) {
        total += Fraction(static_cast<std::int64_t>(b + 1)) *
                 Fraction::of(participant.board_game_points[b]);
      }
      return total;
    }
    case TiebreakKind::bottom_board: {
      // BBE<k>: game points on every board but the k bottom ones (of the event's boards).
      Fraction total;
      const auto kept = static_cast<std::size_t>(std::max(0, boards_ - tiebreak.board));
      for (std::size_t b = 0; b < participant.board_game_points.size() && b < kept; ++b)
        total += Fraction::of(participant.board_game_points[b]);
      return total;
    }
    case TiebreakKind::direct_encounter:
      return Fraction(0);
    case TiebreakKind::wins:
    case TiebreakKind::won:
    case TiebreakKind::black_games:
    case TiebreakKind::black_wins: {
      int count = 0;
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        bool counts = false;
        // In a round robin a forfeit win is a regular game (C.07 15.2); forfeit losses stay
        // unplayed for these counts (2026).
        const bool as_game = record.kind == RoundKind::played ||
                             (event_.round_robin && record.kind == RoundKind::forfeit_win);
        switch (tiebreak.kind) {
          case TiebreakKind::wins:
            counts = record.kind != RoundKind::none && record.points >= win && win > Points();
            break;
          case TiebreakKind::won:
            counts = record.kind == RoundKind::played && record.outcome == Outcome::win;
            break;
          case TiebreakKind::black_games:
            counts = as_game && record.seat == Seat::second;
            break;
          default:
            counts = as_game && record.seat == Seat::second && record.outcome == Outcome::win;
        }
        if (counts) {
          ++count;
          if (explain)
            line(fmt::format("  round {:>2}  {}{}", r, round_kind_name(record.kind),
                             record.opponent >= 0 ? " v " + opponent_label(record.opponent) : ""));
        }
      }
      return Fraction(count);
    }
    case TiebreakKind::progressive: {
      Fraction total;
      Points running;
      for (int r = 1; r <= event_.rounds; ++r) {
        running += rounds[static_cast<std::size_t>(r - 1)].points;
        total += Fraction::of(running);
        if (explain) line(fmt::format("  after round {:>2}  {}", r, running.decimal()));
      }
      // PS-Cn: the scores after the first n rounds are cut.
      running = Points();
      for (int r = 1; r <= std::min(tiebreak.cut_low, event_.rounds); ++r) {
        running += rounds[static_cast<std::size_t>(r - 1)].points;
        total -= Fraction::of(running);
        if (explain) line(fmt::format("  cut the score after round {} ({})", r, running.decimal()));
      }
      return total;
    }
    case TiebreakKind::rounds_elected: {
      int voluntary = 0;
      for (const RoundRecord& record : rounds)
        voluntary += is_voluntary_unplayed(record.kind) ? 1 : 0;
      if (explain)
        line(fmt::format("  {} rounds − {} requested byes and forfeit losses", event_.rounds,
                         voluntary));
      return Fraction(event_.rounds - voluntary);
    }
    case TiebreakKind::aro:
    case TiebreakKind::tpr:
    case TiebreakKind::ptp:
      return rating_value(tiebreak, p, explain);
    case TiebreakKind::koya: {
      // The maximum possible score (9.2): a win in every game. In a round robin, a win in each
      // of the participant's games and what each of its byes gave, the most any participant
      // could so score: an odd or a double round robin has rounds without a game (a bye worth
      // what --bye-points says, nothing by default), and a win every round would set the limit
      // too high. /L±n (C.07 14.5): the limit moved by n half-points of a win.
      Points possible = event_.max_score();
      if (event_.round_robin) {
        possible = Points();
        for (const Participant& q : event_.participants) {
          if (q.removed) continue;
          Points most;
          for (const RoundRecord& record : q.rounds)
            most += record.opponent >= 0 ? win : record.points;
          possible = std::max(possible, most);
        }
      }
      const Fraction threshold =
          Fraction::of(possible) / Fraction(2) +
          Fraction::of(static_cast<std::int64_t>(tiebreak.limit_steps) * win) / Fraction(2);
      Fraction total;
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        if (record.opponent < 0 || record.kind == RoundKind::none) continue;
        const Fraction opp =
            Fraction::of(event_.participants[static_cast<std::size_t>(record.opponent)].score);
        if (opp >= threshold) {
          total += Fraction::of(record.points);
          if (explain)
            line(fmt::format("  round {:>2}  {} ({} ≥ {}): {}", r, opponent_label(record.opponent),
                             opp.decimal(), threshold.decimal(), record.points.decimal()));
        }
      }
      return total;
    }
    case TiebreakKind::aob: {
      Fraction total;
      int count = 0;
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        if (record.kind != RoundKind::played) continue;
        // AOB/F: the opponents' FB; /P: their BH with forfeits as games.
        Tiebreak of{tiebreak.fore ? TiebreakKind::fore_buchholz : TiebreakKind::buchholz, 0, 0, 0};
        of.forfeits_played = tiebreak.forfeits_played;
        const Fraction bh = *value(of, record.opponent);
        if (explain)
          line(fmt::format("  round {:>2}  {} {} {}", r, opponent_label(record.opponent), of.code(),
                           bh.decimal()));
        total += bh;
        ++count;
      }
      if (count == 0) {
        line("  no opponent met over the board: undefined");
        return std::nullopt;
      }
      return total / Fraction(count);
    }
    case TiebreakKind::apro:
    case TiebreakKind::appo: {
      // The opponents met over the board whose TPR (PTP) is defined; the mean rounded half up
      // to a whole rating, as ARO is.
      Tiebreak of{tiebreak.kind == TiebreakKind::apro ? TiebreakKind::tpr : TiebreakKind::ptp, 0, 0,
                  0};
      of.unrated = tiebreak.unrated;
      Fraction total;
      int count = 0;
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        if (record.kind != RoundKind::played) continue;
        const auto performance = rating_value(of, record.opponent, nullptr);
        line(fmt::format("  round {:>2}  {} {} {}", r, opponent_label(record.opponent), of.code(),
                         performance ? performance->decimal() : "undefined"));
        if (!performance) continue;
        total += *performance;
        ++count;
      }
      if (count == 0) {
        line("  no opponent over the board with a defined value: undefined");
        return std::nullopt;
      }
      return Fraction((total / Fraction(count)).round_half_up());
    }
    case TiebreakKind::standard_points: {
      // C.07 7.7 (2026): each round as 1, ½ or 0 by whether its points (played or not) are
      // more than, equal to or less than a draw's, whatever the event's point system.
      const Points draw = event_.draw_points();
      Fraction total;
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        const Fraction standard = record.kind == RoundKind::none ? Fraction(0)
                                  : record.points > draw         ? Fraction(1)
                                  : record.points == draw        ? Fraction(1, 2)
                                                                 : Fraction(0);
        total += standard;
        if (explain && record.kind != RoundKind::none)
          line(fmt::format("  round {:>2}  {} points: {}", r, record.points.decimal(),
                           standard.decimal()));
      }
      return total;
    }
    case TiebreakKind::rating:
      // /U: an unrated participant's rating is the one the regulations give (else 0).
      return Fraction(participant.rating ? *participant.rating : tiebreak.unrated.value_or(0));
    case TiebreakKind::pairing_number:
      return Fraction(participant.number);
    case TiebreakKind::warnings:
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        if (record.warnings > 0) line(fmt::format("  round {:>2}  {}", r, record.warnings));
      }
      return Fraction(participant.warnings);
    case TiebreakKind::total_score: {
      // Go rules art. 27 / Xigua rules art. 24: score + (Σ opponents' scores ÷ (½ × maximum
      // score) − rounds): the opponents' average, centred on the mean.
      const Points max = settings_.max_score.value_or(event_.max_score());
      Fraction opponents;
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        if (record.opponent < 0 || record.kind == RoundKind::none) continue;
        const Participant& opponent =
            event_.participants[static_cast<std::size_t>(record.opponent)];
        // The points the opponent scored; with the A-factor (Xigua rules art. 25 §3), a
        // withdrawn opponent's unplayed rounds valued at A each. Nobody else's rounds are
        // valued: FIDE's draws for requested byes (16.3) are for FIDE's tie-breaks.
        const bool valued = event_.withdrawal_valuation == WithdrawalValuation::a_factor &&
                            opponent.withdrawn && !event_.round_robin;
        Fraction score = valued ? adjusted_[static_cast<std::size_t>(record.opponent)]
                                : Fraction::of(opponent.score);
        opponents += score;
        if (explain)
          line(fmt::format("  round {:>2}  {} {}", r, opponent_label(record.opponent),
                           score.decimal()));
      }
      const Fraction half_max = Fraction::of(max) / Fraction(2);
      if (half_max == Fraction(0)) return Fraction::of(participant.score);
      const Fraction total =
          Fraction::of(participant.score) + opponents / half_max - Fraction(event_.rounds);
      if (explain)
        line(fmt::format("  {} + {} ÷ {} − {} = {}", participant.score.decimal(),
                         opponents.decimal(), half_max.decimal(), event_.rounds, total.decimal()));
      return total;
    }
    case TiebreakKind::game_points:
      for (int r = 1; r <= event_.rounds; ++r) {
        const RoundRecord& record = rounds[static_cast<std::size_t>(r - 1)];
        if (record.kind != RoundKind::none)
          line(fmt::format("  round {:>2}  {}", r, record.game_points.decimal()));
      }
      return Fraction::of(participant.game_points);
    case TiebreakKind::board_points:
      return Fraction::of(participant.board_points);
    case TiebreakKind::board: {
      const auto index = static_cast<std::size_t>(tiebreak.board - 1);
      if (tiebreak.board < 1 || index >= participant.board_game_points.size()) return Fraction(0);
      return Fraction::of(participant.board_game_points[index]);
    }
  }
  return Fraction(0);
}

}  // namespace boardgames
