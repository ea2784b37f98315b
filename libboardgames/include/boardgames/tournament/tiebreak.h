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
  fore_buchholz,     // FB and its cuts: BH with every final-round pairing drawn (8.3)
  sonneborn_berger,  // SB, SB-C1, SB-C2 (9.1)
  direct_encounter,  // DE (6)
  wins,              // WIN: rounds with a win's points, unplayed included (7.1)
  won,               // WON: games won over the board (7.2)
  black_games,       // BPG: games played as the second mover (7.3)
  black_wins,        // BWG: games won as the second mover (7.4)
  progressive,       // PS, PS-C1, PS-C2 (7.5)
  rounds_elected,    // REP (7.6)
  aro,               // ARO, ARO-C1, ARO-C2, ARO-M1, ARO-M2 (10.1, 14)
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
  board,             // BB<k>: game points on board k (BB alone: every board in turn); TBR
  // Team tie-breaks (C.07 12-13; the primary score is match points, the secondary game points).
  match_v_game,    // MPvGP: the secondary score, game points (13.1)
  esb_mm,          // EMMSB: Σ opponent's match points × own match points against it (13.2)
  esb_mg,          // EMGSB (ESB): opponent's match points × own game points
  esb_gm,          // EGMSB: opponent's game points × own match points
  esb_gg,          // EGGSB: opponent's game points × own game points
  score_strength,  // SSSC: game points + BH on match points ÷ a normaliser (13.4)
  board_count,     // BC: Σ board × game points on that board; lower ranks higher
  bottom_board,    // BBE<k>: game points without the k bottom boards (BBE: k = 1, 2, ...)
};

// EDE's finish for exactly two teams still tied after it (C.07 13.3.2): the tie-breaks of a
// team knock-out (Art. 12) on the match(es) the two played against each other.
enum class EdeFinish : std::uint8_t {
  none,          // EDE
  count,         // EDEC (FIDE's program): board count, lower ranks higher
  top,           // EDET: top-board result, board 1, then board 2, ...
  bottom,        // EDEB: bottom-board elimination, without the bottom board, then two, ...
  count_top,     // EDEBT: board count, then top-board result
  count_bottom,  // EDEBB: board count, then bottom-board elimination
};

// The modifiers of C.07 Art. 14 and of FIDE's tie-break descriptors, written after the code
// with '/' ("BH/C1" is "BH-C1"; "FB-C1/P", "KS/L+1", "TPN/R", "ARO/U1400"):
//  /P     forfeits count as games played against the scheduled opponent (BH, FB, SB, DE; AOB)
//  /F     the Fore variant: BH/F is FB; AOB/F averages the opponents' FB
//  /L+n   KS: the limit moved by n half-points (half a win's points; /L-n lowers it), n ≤ 20
//  /R     TPN, RTNG: the reverse order (higher pairing number, lower rating ranks first)
//  /U<r>  ARO, TPR, PTP, APRO, APPO, RTNG: an unrated participant counts as rated r (0..9999)
struct Tiebreak {
  Tiebreak(TiebreakKind kind_ = TiebreakKind::buchholz, int cut_low_ = 0, int cut_high_ = 0,
           int board_ = 0)
      : kind(kind_), cut_low(cut_low_), cut_high(cut_high_), board(board_) {}

  TiebreakKind kind = TiebreakKind::buchholz;
  int cut_low = 0;               // values cut from the bottom (C1: 1, C2: 2, M1: 1, M2: 2)
  int cut_high = 0;              // values cut from the top (M1: 1, M2: 2)
  int board = 0;                 // BB<k>: k; 0 for "every board"
  bool forfeits_played = false;  // /P
  bool fore = false;             // /F on AOB (FB is its own kind)
  int limit_steps = 0;           // /L±n: KS's limit in half-points of a win
  bool reverse = false;          // /R
  bool extended = false;         // DE as EDE (C.07 13.3): match points, then game points, in turn
  EdeFinish finish = EdeFinish::none;   // EDE's variants for two teams still tied (13.3.2)
  std::optional<std::int32_t> unrated;  // /U<r>: the rating of an unrated participant

  std::string code() const;
  bool lower_is_better() const {
    const bool lower = kind == TiebreakKind::warnings || kind == TiebreakKind::pairing_number ||
                       kind == TiebreakKind::board_count;
    return lower != reverse;
  }
  // MPvGP, the ESB family, SSSC, BC, BBE, EDE's variants: team events only (C.07 12-13).
  bool team_only() const {
    return finish != EdeFinish::none || kind == TiebreakKind::match_v_game ||
           kind == TiebreakKind::esb_mm || kind == TiebreakKind::esb_mg ||
           kind == TiebreakKind::esb_gm || kind == TiebreakKind::esb_gg ||
           kind == TiebreakKind::score_strength || kind == TiebreakKind::board_count ||
           kind == TiebreakKind::bottom_board;
  }
  // Buchholz and its relatives must not be used in round robins (C.07 2026, note to Art. 8).
  bool buchholz_type() const {
    return kind == TiebreakKind::buchholz || kind == TiebreakKind::fore_buchholz ||
           kind == TiebreakKind::aob;
  }
  friend bool operator==(const Tiebreak&, const Tiebreak&) = default;
};

// "BH", "BH-C1", "bh-m2", "SB-C1", "ARO-C2", "PS-C1", "BB", "BB2", "WARN", "TS", "FB-M1",
// "BH/C1", "DE/P", "KS/L-1", "TPN/R", "ARO/M1/U1000", ...: nothing for a code, a cut or a
// modifier that is not known, or not defined for that code (SB-M1, WIN/P, KS/L+21).
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
  // How the Buchholz family counts (BH, FB, SB and their modifiers).
  struct BuchholzMode {
    bool sonneborn = false;
    bool fore = false;             // FB: every final-round pairing drawn (C.07 8.3)
    bool forfeits_played = false;  // /P
    // Team ESB (13.2): the opponents' game points instead of match points, and each round's
    // own points as scored (match or game points) instead of the share of a win.
    bool opponent_game_points = false;
    enum class Factor : std::uint8_t { share_of_win, match_points, game_points };
    Factor factor = Factor::share_of_win;
  };
  struct Contribution {
    int round;
    Fraction value;
    // The opponent's score (or the dummy's): the least significant value is the
    // contribution of the lowest-scored opponent (C.07 14.1.1), for SB as for BH.
    Fraction opponent_score;
    bool voluntary;  // from a voluntary unplayed round: cut first (C.07 16.5)
    std::string note;
  };
  std::vector<Contribution> buchholz_contributions(int p, BuchholzMode mode, bool with_notes) const;
  Fraction dummy_score(int p, int round, const BuchholzMode& mode) const;
  // Whether the participant was paired against an opponent in the final round (a game or a
  // forfeit): FB draws that pairing.
  bool paired_in_final_round(int p) const;
  std::optional<Fraction> rating_value(const Tiebreak& tiebreak, int p,
                                       std::vector<std::string>* explain) const;
  Fraction cut(std::vector<Contribution> parts, const Tiebreak& tiebreak,
               std::vector<std::string>* explain) const;
  std::string opponent_label(int participant) const;

  const Event& event_;
  TiebreakSettings settings_;
  std::vector<Fraction> adjusted_;
  // FB: the scores as others' FB sees them (16.3 with the final-round pairing a draw), and
  // each participant's own score with that draw (its dummy opponents' score, 16.4).
  std::vector<Fraction> fore_adjusted_;
  std::vector<Fraction> fore_own_;
  // Team events: game points as the others' tie-breaks see them (16.3 on game points).
  std::vector<Fraction> adjusted_game_;
  int boards_ = 0;  // team events: the most boards a team played on
};

}  // namespace boardgames

BOARDGAMES_API_END
