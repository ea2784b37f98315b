#include "boardgames/tournament/tiebreak.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

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
    Name{"SB", TiebreakKind::sonneborn_berger, true},
    Name{"DE", TiebreakKind::direct_encounter, false},
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
};

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

}  // namespace

std::string Tiebreak::code() const {
  if (kind == TiebreakKind::board) return board > 0 ? fmt::format("BB{}", board) : "BB";
  std::string base;
  for (const Name& name : kNames) {
    if (name.kind == kind) {
      base = name.code;
      break;
    }
  }
  if (cut_high > 0) return fmt::format("{}-M{}", base, cut_high);
  if (cut_low > 0) return fmt::format("{}-C{}", base, cut_low);
  return base;
}

std::optional<Tiebreak> parse_tiebreak(std::string_view code) {
  std::string upper(trim(code));
  for (char& c : upper) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  if (upper.starts_with("BB")) {
    std::string_view rest = std::string_view(upper).substr(2);
    if (rest.empty()) return Tiebreak{TiebreakKind::board, 0, 0, 0};
    auto board = parse_integer(rest);
    if (!board || *board < 1 || *board > 64) return std::nullopt;
    return Tiebreak{TiebreakKind::board, 0, 0, static_cast<int>(*board)};
  }
  std::string_view base = upper;
  std::string_view modifier;
  if (auto dash = upper.find('-'); dash != std::string::npos) {
    base = std::string_view(upper).substr(0, dash);
    modifier = std::string_view(upper).substr(dash + 1);
  }
  for (const Name& name : kNames) {
    if (name.code != base) continue;
    Tiebreak tiebreak{name.kind, 0, 0, 0};
    if (name.code == "AROC") tiebreak.cut_low = 1;
    if (modifier.empty()) return tiebreak;
    if (!name.cuts) return std::nullopt;
    if (modifier == "C1" || modifier == "C2") {
      tiebreak.cut_low = modifier[1] - '0';
      return tiebreak;
    }
    if ((modifier == "M1" || modifier == "M2") && name.kind == TiebreakKind::buchholz) {
      tiebreak.cut_low = tiebreak.cut_high = modifier[1] - '0';
      return tiebreak;
    }
    return std::nullopt;
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
      problem.reason = fmt::format("unknown tie-break code '{}'", problem.token);
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
}

std::string TiebreakCalculator::opponent_label(int participant) const {
  const Participant& p = event_.participants[static_cast<std::size_t>(participant)];
  return fmt::format("{} ({})", p.name, p.number);
}

Fraction TiebreakCalculator::dummy_score(int p, int round) const {
  // C.07 16.4 (2026): a dummy opponent with the participant's own score, capped at the
  // scheduled opponent's adjusted score for forfeits, else at draw points × rounds.
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  const RoundRecord& record = participant.rounds[static_cast<std::size_t>(round - 1)];
  Fraction own = Fraction::of(participant.score);
  Fraction cap;
  if ((record.kind == RoundKind::forfeit_win || record.kind == RoundKind::forfeit_loss) &&
      record.opponent >= 0) {
    cap = adjusted_[static_cast<std::size_t>(record.opponent)];
  } else {
    cap = Fraction::of(static_cast<std::int64_t>(event_.rounds) * event_.draw_points());
  }
  return std::min(own, cap);
}

std::vector<TiebreakCalculator::Contribution> TiebreakCalculator::buchholz_contributions(
    int p, bool sonneborn, bool with_notes) const {
  const Participant& participant = event_.participants[static_cast<std::size_t>(p)];
  std::vector<Contribution> parts;
  const Points win = event_.win_points();
  for (int r = 1; r <= event_.rounds; ++r) {
    const RoundRecord& record = participant.rounds[static_cast<std::size_t>(r - 1)];
    if (record.kind == RoundKind::none) continue;
    const bool game =
        record.kind == RoundKind::played ||
        (event_.round_robin && record.opponent >= 0 &&
         (record.kind == RoundKind::forfeit_win || record.kind == RoundKind::forfeit_loss));
    // A round-robin forfeit counted as a game is a game for the cuts too (C.07 15.2).
    Contribution part{r, Fraction(0), Fraction(0), !game && is_voluntary_unplayed(record.kind), {}};
    if (game) {
      Fraction opp = adjusted_[static_cast<std::size_t>(record.opponent)];
      part.opponent_score = opp;
      if (sonneborn) {
        part.value = opp * outcome_fraction(record.outcome);
        if (with_notes)
          part.note = fmt::format("{} {} ({}) × {} = {}", outcome_word(record.outcome),
                                  opponent_label(record.opponent), opp.decimal(),
                                  outcome_fraction(record.outcome).decimal(), part.value.decimal());
      } else {
        part.value = opp;
        if (with_notes)
          part.note =
              fmt::format("{} ({})", opponent_label(record.opponent), round_kind_name(record.kind));
      }
    } else {
      if (event_.round_robin) continue;  // a round-robin bye has no opponent to count
      Fraction dummy = dummy_score(p, r);
      part.opponent_score = dummy;
      std::string what;
      if (with_notes) {
        what = std::string(round_kind_name(record.kind));
        if (record.opponent >= 0) what += fmt::format(" v {}", opponent_label(record.opponent));
      }
      if (sonneborn) {
        Fraction f = fraction_of_win(record.points, win);
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
    if (!opponent.rating) continue;
    games.push_back({*opponent.rating, outcome_fraction(record.outcome)});
    line(fmt::format("  round {:>2}  {} rated {}, scored {}", r, opponent_label(record.opponent),
                     *opponent.rating, games.back().scored.decimal()));
  }
  // ARO-Cn (10.1, 14.1): the n lowest-rated opponents are cut; nothing left is undefined.
  if (tiebreak.kind == TiebreakKind::aro && tiebreak.cut_low > 0) {
    std::stable_sort(games.begin(), games.end(),
                     [](const RatedGame& a, const RatedGame& b) { return a.rating < b.rating; });
    const auto cut = std::min(games.size(), static_cast<std::size_t>(tiebreak.cut_low));
    for (std::size_t i = 0; i < cut; ++i) line(fmt::format("  cut rating {}", games[i].rating));
    games.erase(games.begin(), games.begin() + static_cast<std::ptrdiff_t>(cut));
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
      return cut(buchholz_contributions(p, false, explain != nullptr), tiebreak, explain);
    case TiebreakKind::sonneborn_berger:
      return cut(buchholz_contributions(p, true, explain != nullptr), tiebreak, explain);
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
      const Fraction threshold = Fraction::of(event_.max_score()) / Fraction(2);
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
        const Fraction bh = *value(Tiebreak{TiebreakKind::buchholz, 0, 0, 0}, record.opponent);
        if (explain)
          line(fmt::format("  round {:>2}  {} BH {}", r, opponent_label(record.opponent),
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
      const Tiebreak of{tiebreak.kind == TiebreakKind::apro ? TiebreakKind::tpr : TiebreakKind::ptp,
                        0, 0, 0};
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
      return Fraction(participant.rating.value_or(0));
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
        Fraction score = event_.withdrawal_valuation == WithdrawalValuation::a_factor
                             ? adjusted_[static_cast<std::size_t>(record.opponent)]
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
