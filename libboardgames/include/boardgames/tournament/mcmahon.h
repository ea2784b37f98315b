// McMahon and OpenGotha's Swiss for Go events: the settings an event carries beside the one
// model (Event, with each player's GoRegistration and each game's handicap), the scores and
// tie-breaks round by round, and the standings order — the rules of OpenGotha 3.51, which the
// reference data of ../shared/testdata/mcmahon was made with.
//
// Scores are kept as OpenGotha keeps them, exact integers: main scores and SOS-type values
// doubled (a jigo is 1, a win 2), SODOS quadrupled. McMahon scores are on OpenGotha's absolute
// scale (30k = 0 … 1k = 29, 1d = 30): a start score is the rank clamped to [floor, bar], + 30,
// + the player's correction.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// "30k".."1k", "1d".."9d" (either case) -> -30..8; nullopt for anything else.
std::optional<int> parse_go_rank(std::string_view text);
// -30..8 -> "30K".."1K", "1D".."9D" (OpenGotha's spelling).
std::string go_rank_text(int rank);

enum class GoSystem : std::uint8_t {
  mcmahon,  // groups by McMahon score
  swiss,    // OpenGotha's Swiss: groups by number of wins (not FIDE's Dutch)
};

// One placement criterion (tie-break) of OpenGotha. The `mcmahon` flag says whether the
// criterion reads McMahon scores (…M) or numbers of wins (…W).
enum class GoCriterionKind : std::uint8_t {
  main_score,  // NBW or MMS
  sos,         // SOSW / SOSM: sum of opponents' scores
  sos_minus1,  // SOSW-1 / SOSM-1: without the lowest
  sos_minus2,  // SOSW-2 / SOSM-2: without the two lowest
  sosos,       // SOSOSW / SOSOSM: sum of opponents' SOS
  sodos,       // SODOSW / SODOSM: sum of defeated opponents' scores (a jigo: half)
  cuss,        // CUSSW / CUSSM: the sum of one's scores after each round
  rating,      // RATING
  rank,        // RANK
  // Direct confrontation among the players tied on every criterion before it (go_standings):
  sdc,  // SDC: games won against the others of the tie, when every two of them met (else 0)
  dc,   // DC: OpenGotha's order of the tie by the games between them (Walraet's sort)
};

struct GoCriterion {
  GoCriterionKind kind = GoCriterionKind::main_score;
  bool mcmahon = true;
  std::string code() const;  // OpenGotha's name: "MMS", "SOSW-1", "RATING"
  friend bool operator==(const GoCriterion&, const GoCriterion&) = default;
};
// OpenGotha's names ("MMS", "NBW", "SOSM", "SOSM-1", "SOSOSW", "CUSSM", "RATING", …; "NULL"
// and "" give nullopt too, the caller tells them apart).
std::optional<GoCriterion> parse_go_criterion(std::string_view name);
// A comma-separated list of OpenGotha's names ("MMS,SOSM,DC"), as `standings --tiebreaks`
// takes it for a Go event: a Problem naming an unknown one, and for DC with SDC (OpenGotha
// keeps only the first of them).
Expected<std::vector<GoCriterion>> parse_go_criteria(std::string_view list);

// The seeding inside a score group (OpenGotha: Split & Fold, Split & Slip).
enum class GoSeeding : std::uint8_t { split_and_fold, split_and_slip };

// OpenGotha's pairing weights (its defaults; PairingParameterSet in the XML).
struct GoPairingWeights {
  // The concavity of OpenGotha's score and geography costs, (1 - x)(1 + kx): paiStandardNX1Factor.
  // A pairing weight, not a score: OpenGotha computes these two terms in floating point.
  double concavity = 0.5;
  std::int64_t avoid_duplicate_game = 500'000'000'000'000;
  std::int64_t balance_white_black = 1'000'000;
  std::int64_t avoid_mixing_categories = 0;
  std::int64_t minimize_score_difference = 100'000'000'000;
  std::int64_t dudd = 100'000'000;
  bool compensate_dudd = true;
  std::int64_t maximize_seeding = 5'000'000;
  int last_round_for_seed_system1 = 1;  // 1-based, as the XML
  GoSeeding seed_system1 = GoSeeding::split_and_fold;
  GoSeeding seed_system2 = GoSeeding::split_and_slip;
  bool additional_rating_system1 = true;   // "Rating" as the additional placement criterion
  bool additional_rating_system2 = false;  // "NULL"
  int secondary_rank_threshold = 0;        // paiSeRankThreshold (1d)
  bool secondary_nbw_threshold = false;
  bool secondary_bar_threshold = true;
  std::int64_t secondary_default = 100'000'000'000;
  std::int64_t minimize_handicap = 0;
  std::int64_t avoid_same_geography = 100'000'000'000;
  int prefer_score_difference_to_same_country = 1;
  int prefer_score_difference_to_same_club = 3;
};

struct GoHandicapSettings {
  bool based_on_mms = true;
  int no_handicap_threshold = 0;  // rank: no handicap for players at or above it (1d)
  int correction = 1;
  int ceiling = 9;  // 0: no handicap
};

// What a McMahon or Go-Swiss event sets beside the players and games.
struct McMahonSettings {
  GoSystem system = GoSystem::mcmahon;
  // The event as the federations' reports name it (OpenGotha's GeneralParameterSet).
  std::string name;
  std::string short_name;
  std::string location;
  std::string begin_date;  // YYYY-MM-DD
  std::string end_date;
  int basic_time = 0;  // minutes; 0: unknown
  int bar = 2;         // rank (here 3d)
  int floor = -20;     // rank (here 20k)
  // Points of a round without a game, doubled (OpenGotha's gen…2Value…).
  int nbw2_absent = 0;
  int nbw2_bye = 2;
  int mms2_absent = 1;
  int mms2_bye = 2;
  bool round_down = true;  // the cumulated absent and bye points rounded down to whole points
  GoHandicapSettings handicap;
  std::string komi = "7.5";
  std::vector<GoCriterion> placement;  // the standings' order (empty: the system's default)
  GoPairingWeights pairing;
};

// OpenGotha's defaults for each system (placement MMS/SOSM/SOSOSM or NBW/SOSW/SOSOSW; Swiss:
// bar 9d, floor 30k, no handicap).
McMahonSettings default_mcmahon_settings(GoSystem system);
// The settings' placement list, or the system's default when it is empty.
std::vector<GoCriterion> placement_criteria(const McMahonSettings& settings);

// A player's McMahon start score on OpenGotha's scale (30k = 0), doubled; unranked players
// count as 30k.
int start_mms2(const Participant& participant, const McMahonSettings& settings);

// One player's scores after one round, doubled (SODOS quadrupled).
struct GoScores {
  std::int64_t nbw2 = 0;
  std::int64_t mms2 = 0;
  // [0]: from numbers of wins (…W), [1]: from McMahon scores (…M).
  std::int64_t sos2[2] = {0, 0};
  std::int64_t sos_minus1_2[2] = {0, 0};
  std::int64_t sos_minus2_2[2] = {0, 0};
  std::int64_t sosos2[2] = {0, 0};
  std::int64_t sodos4[2] = {0, 0};
  std::int64_t cuss2[2] = {0, 0};
};

// What a player's round was for the scores: a game (played, forfeit or not yet played), the
// pairing bye, absent (not participating, or a requested bye of a results CSV: the event's
// absent points), or participating but neither paired nor given the bye (OpenGotha's
// NOT_ASSIGNED: no points).
enum class GoRoundStatus : std::uint8_t { paired, bye, absent, not_assigned };

class GoScoreTable {
 public:
  // Scores after each of the rounds 1..`rounds` (at most event.rounds) of every participant.
  GoScoreTable(const Event& event, const McMahonSettings& settings, int rounds);
  int rounds() const { return rounds_; }
  // After round `round` (1..rounds(); 0: before round 1, start scores only).
  const GoScores& at(int participant, int round) const;
  GoRoundStatus status(int participant, int round) const;
  // A criterion's value, on its scale (scale()).
  std::int64_t value(const GoCriterion& criterion, int participant, int round) const;

 private:
  std::size_t index(int participant, int round) const;
  int rounds_;
  std::size_t players_;
  std::vector<GoScores> scores_;  // (rounds + 1) per participant
  std::vector<GoRoundStatus> status_;
  std::vector<std::int32_t> rating_;
  std::vector<std::int32_t> rank_;
};

// The factor a criterion's value is kept multiplied by (2; SODOS 4; rating and rank 1).
int scale(const GoCriterion& criterion);
// A value as OpenGotha writes it: "12", "12.5", "3.25".
std::string go_value_text(std::int64_t value, int scale);

// Java String.compareTo on the UTF-16 code units of two UTF-8 strings (OpenGotha's name order).
int compare_utf16(std::string_view a, std::string_view b);

struct GoStandingRow {
  int participant = 0;
  int place = 0;  // shared by players equal on every criterion
  // The direct-confrontation values when the criteria have DC or SDC (else 0).
  std::int32_t dc = 0;
  std::int32_t sdc = 0;
};
// OpenGotha's order after `round` (orderedScoredPlayersList): the criteria, best first, then
// family name and first name. Every participant, absent ones too.
//
// DC and SDC (OpenGotha 3.51, fillDirScoringInfo): the players equal on every criterion before
// the first DC or SDC form a tie; only games over the board between two of them count (a
// forfeit or a jigo counts nothing), and a pair's games are summed (+1 a win, -1 a loss).
// SDC: when every two of the tie have a non-zero sum, each one's number of others it is ahead
// of; otherwise 0 for all of them. DC: a pair whose sum is exactly +1 is a win (OpenGotha's
// test; +2 counts nothing); players are taken from the bottom, each time those who won against
// nobody left, the lowest by the criteria after DC among them (equal ones together), and DC is
// the bottom place minus one's place; players in a cycle of wins count as one (their games with
// each other ignored, their wins and losses against the rest shared). A tie whose players never
// met is left in the order of the criteria after DC (equal DC when there are none). OpenGotha
// keeps only the first of DC and SDC; GoScoreTable::value gives 0 for both (the pairing does
// not use them).
std::vector<GoStandingRow> go_standings(const Event& event, const GoScoreTable& scores,
                                        const std::vector<GoCriterion>& criteria, int round);
// A criterion's value for a row of go_standings (DC and SDC from the row).
std::int64_t go_standing_value(const GoScoreTable& scores, const GoStandingRow& row,
                               const GoCriterion& criterion, int round);

// ---- Pairing (OpenGotha's makeAutomaticPairing) ----

// One game of a pairing: participants' indices, the handicap (0: even game).
struct GoGame {
  int white = -1;
  int black = -1;
  int handicap = 0;
  friend bool operator==(const GoGame&, const GoGame&) = default;
};

struct GoPairing {
  int round = 0;
  std::vector<GoGame> games;    // by board: the best McMahon score (then rating) first
  int bye = -1;                 // participant given the bye, or -1
  std::int64_t total_cost = 0;  // the sum of OpenGotha's cost over the games
};

// The terms of OpenGotha's cost of a pair (higher is better; the matching maximises the sum).
struct GoCostTerms {
  std::int64_t base = 1;
  std::int64_t duplicate = 0;   // avoid a second game between the same players
  std::int64_t colour = 0;      // white/black balance (even games only)
  std::int64_t categories = 0;  // always 0: one category
  std::int64_t score = 0;       // score difference, with its concavity
  std::int64_t dudd = 0;        // draw-up/draw-down
  std::int64_t seeding = 0;     // Split & Fold / Split & Slip inside a group
  std::int64_t handicap = 0;    // minimise handicap above the thresholds (0 by default)
  std::int64_t geography = 0;   // avoid same club / same country
  std::int64_t total() const {
    return base + duplicate + colour + categories + score + dudd + seeding + handicap + geography;
  }
};

// The state a round is paired from: the scores after the previous round, the score groups,
// seeding inside them, draw-ups and downs, colour balances. Rounds of the event from `round`
// on are not read (so a finished event can be re-paired round by round).
class GoRoundPairer {
 public:
  GoRoundPairer(const Event& event, const McMahonSettings& settings, int round);
  ~GoRoundPairer();
  GoRoundPairer(const GoRoundPairer&) = delete;
  GoRoundPairer& operator=(const GoRoundPairer&) = delete;

  // The players to pair: participating in the round, in the standings order before it
  // (OpenGotha's pairing list, bye included).
  const std::vector<int>& pairable() const;
  // OpenGotha's bye player among `players` (the last of the lowest rank + 2·MMS + 1000·byes).
  int choose_bye(const std::vector<int>& players) const;
  GoCostTerms cost(int a, int b) const;
  // The game OpenGotha makes of a pair: handicap from the McMahon scores, colours.
  GoGame game(int a, int b) const;
  // Pairs the pairable players (the bye first when they are odd): a maximum-cost perfect
  // matching; a Problem when nobody is to be paired.
  Expected<GoPairing> pair() const;
  // A pairing of the given games and bye (another program's), costed.
  std::int64_t total_cost(const std::vector<GoGame>& games) const;

 private:
  struct State;
  State* state_;
};

// Pairs round `round` (default: the round after the last with a game or bye).
Expected<GoPairing> pair_go_round(const Event& event, const McMahonSettings& settings,
                                  int round = 0);

// The games and bye of a round as the event records them (white, black, handicap).
GoPairing recorded_round(const Event& event, int round);

// Each round of an event re-paired from the rounds before it (its absent players left out)
// and compared with the games the event records.
struct GoRoundCheck {
  int round = 0;
  int boards = 0;                  // games re-paired
  bool bye = false;                // and a bye
  std::optional<Problem> problem;  // the round could not be re-paired
  // Empty when the games are identical (pairs, colours, handicaps, bye).
  std::vector<std::string> differences;
  // The recorded games differ but cost as much as ours: another optimum of OpenGotha's cost.
  bool equal_cost = false;
  std::int64_t recorded_cost = 0;
  std::int64_t our_cost = 0;
};
std::vector<GoRoundCheck> check_go_event(const Event& event, const McMahonSettings& settings);
// Every round identical or an equal-cost optimum.
bool all_go_rounds_agree(const std::vector<GoRoundCheck>& checks);

}  // namespace boardgames

BOARDGAMES_API_END
