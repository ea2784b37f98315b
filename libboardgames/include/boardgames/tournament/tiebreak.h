// Tie-breaks: FIDE C.07 (edition of 1 March 2026) by code, and the criteria of the Chinese rule
// books (fewer warnings, the Go/Xigua Swiss "total score", game/board points, board by board).
//
// Values are exact (Fraction). Each value can be explained round by round: the same code path
// computes a value and, on request, the lines that show how it was reached.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/fraction.h"
#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class TiebreakKind : std::uint8_t {
  buchholz,          // BH, BH-C1, BH-C2, BH-M1, BH-M2 (C.07 8.1, 14)
  sonneborn_berger,  // SB, SB-C1, SB-C2 (9.1)
  direct_encounter,  // DE (6)
  wins,              // WIN: rounds with a win's points, unplayed included (7.1)
  won,               // WON: games won over the board (7.2)
  black_games,       // BPG: games played as the second mover (7.3)
  black_wins,        // BWG: games won as the second mover (7.4)
  progressive,       // PS, PS-C1, PS-C2 (7.5)
  rounds_elected,    // REP (7.6)
  aro,               // ARO, ARO-C1, ARO-C2 (10.1)
  tpr,               // TPR (10.2)
  ptp,               // PTP (10.3)
  koya,              // KS (9.2)
  aob,               // AOB (8.2)
  apro,              // APRO: average of the opponents' TPR (10.4)
  appo,              // APPO: average of the opponents' PTP (10.5)
  standard_points,   // STD: 1 a round with more than a draw's points, ½ a draw's (7.7)
  rating,            // RTNG (10.6)
  pairing_number,    // TPN (7.8): lower ranks higher
  warnings,          // WARN: fewer violations/warnings rank higher (the rule books)
  total_score,       // TS: Go/Xigua Swiss total score (Go art. 27, Xigua art. 24)
  game_points,       // GP: game points (matches)
  board_points,      // BP: board points (two-game team matches)
  board,             // BB<k>: game points on board k (BB alone: every board in turn)
};

struct Tiebreak {
  TiebreakKind kind = TiebreakKind::buchholz;
  int cut_low = 0;   // values cut from the bottom (C1: 1, C2: 2, M1: 1, M2: 2)
  int cut_high = 0;  // values cut from the top (M1: 1, M2: 2)
  int board = 0;     // BB<k>: k; 0 for "every board"

  std::string code() const;
  bool lower_is_better() const {
    return kind == TiebreakKind::warnings || kind == TiebreakKind::pairing_number;
  }
  // Buchholz and its relatives must not be used in round robins (C.07 2026, note to Art. 8).
  bool buchholz_type() const { return kind == TiebreakKind::buchholz || kind == TiebreakKind::aob; }
  friend bool operator==(const Tiebreak&, const Tiebreak&) = default;
};

// "BH", "BH-C1", "bh-m2", "SB-C1", "ARO-C2", "PS-C1", "BB", "BB2", "WARN", "TS", ...
std::optional<Tiebreak> parse_tiebreak(std::string_view code);
// A comma-separated list (empty: none), or the Problem naming the first code that is not
// understood (its token the code, trimmed).
Expected<std::vector<Tiebreak>> parse_tiebreaks(std::string_view list);

// The FIDE rating difference dp for a fractional score p (rounded to two decimals), from the
// table of the FIDE Rating Regulations (B.02 8.1a): dp(1.00) = 800, dp(0.50) = 0, symmetric.
int fide_dp(int percent);

// The expected score in hundredths of a player rated `difference` points above the opponent
// (negative: below), from the conversion table of the FIDE Rating Regulations (B.02 8.1b):
// 50 for 0-3, 51 for 4-10, ..., 99 for 620-735, 100 above 735; symmetric (100 − that) below.
int fide_expected_percent(std::int64_t difference);

struct TiebreakSettings {
  // The "maximum score" of the Go/Xigua total score formula; default: win points × rounds.
  std::optional<Points> max_score;
};

class TiebreakCalculator {
 public:
  TiebreakCalculator(const Event& event, TiebreakSettings settings);

  // The value of a tie-break for a participant; DE has no value of its own (see ranking).
  // Nothing when the value is undefined (C.07 10): ARO, TPR, PTP and AOB of a participant
  // without a (rated) opponent met over the board, ARO-Cn with n or fewer of them, APRO and
  // APPO without such an opponent whose TPR or PTP is defined; the
  // ranking puts an undefined value below every defined one.
  // With `explain`, the lines that show the computation are appended.
  std::optional<Fraction> value(const Tiebreak& tiebreak, int participant,
                                std::vector<std::string>* explain = nullptr) const;

  // A participant's score as the others' tie-breaks see it (C.07 16.3; or the Xigua A-factor
  // for withdrawn players when the event asks for it).
  Fraction opponent_score(int participant) const {
    return adjusted_[static_cast<std::size_t>(participant)];
  }

  const Event& event() const { return event_; }

 private:
  struct Contribution {
    int round;
    Fraction value;
    // The opponent's score (or the dummy's): the least significant value is the
    // contribution of the lowest-scored opponent (C.07 14.1.1), for SB as for BH.
    Fraction opponent_score;
    bool voluntary;  // from a voluntary unplayed round: cut first (C.07 16.5)
    std::string note;
  };
  std::vector<Contribution> buchholz_contributions(int p, bool sonneborn, bool with_notes) const;
  Fraction dummy_score(int p, int round) const;
  std::optional<Fraction> rating_value(const Tiebreak& tiebreak, int p,
                                       std::vector<std::string>* explain) const;
  Fraction cut(std::vector<Contribution> parts, const Tiebreak& tiebreak,
               std::vector<std::string>* explain) const;
  std::string opponent_label(int participant) const;

  const Event& event_;
  TiebreakSettings settings_;
  std::vector<Fraction> adjusted_;
};

}  // namespace boardgames

BOARDGAMES_API_END
