// Event: the one model of a tournament — every participant's record round by round, and the
// point system — that standings, the Swiss pairing (tournament/swiss.h), its checker and every
// writer read. Readers build it: EventBuilder from the rows of the results CSV, read_trf
// (io/trf.h) from a FIDE TRF.
//
// A participant is a player, or a team in team events. Each round of each participant is one
// RoundRecord: a game or match against an opponent, a forfeit, a bye, or nothing. Points are
// kept in half-points (Points); the "primary" points are game points for single games and
// match points for matches (multi-game individual matches, team matches).
//
// EventBuilder takes the rows one at a time and keeps one record per participant and round
// that has a row (a hash of (participant, round) into one flat array), so a round number far
// beyond the others costs one record, not one per participant for every round in between.
// The event it builds has every round 1..rounds for every participant, and `rounds` is bounded
// by what the rows can mean (see credible_rounds): memory is at most a small multiple of the
// rows and participants read, whatever the round numbers.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/points.h"
#include "boardgames/core/string_index.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/result.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct RoundRecord;

// The points of one event.
struct PointSystem {
  // The points a record is worth by its kind and outcome alone (the Swiss pairing's view: the
  // system may be set after the records were built): game points for games, forfeits and
  // byes; nothing for a round without a row.
  Points of(const RoundRecord& record) const;

  Points win = Points::whole(1);
  Points draw = Points::from_halves(1);
  Points loss;
  Points forfeit_win = Points::whole(1);
  Points forfeit_loss;
  Points pairing_bye = Points::whole(1);  // Swiss default: a win; round robins: 0
  Points full_bye = Points::whole(1);
  Points half_bye = Points::from_halves(1);
  Points zero_bye;
  // Matches: multi-game individual matches 1/½/0, team matches 2/1/0 (the rule books).
  Points match_win = Points::whole(1);
  Points match_draw = Points::from_halves(1);
  Points match_loss;
};

// Shatar and chess 1/½/0, Go and Xigua 2/1/0; the pairing-allocated bye is worth a win in a
// Swiss and nothing in a round robin (where it is the round against the phantom number).
PointSystem default_point_system(Game game, bool round_robin);
// Sets win/draw/loss (and with them forfeits, byes other than the pairing bye) from W,D,L.
void set_game_points(PointSystem& points, Points win, Points draw, Points loss, bool round_robin);
// A point system the rule books can mean: a win worth more than a loss, a draw between the two.
constexpr bool ordered_game_points(Points win, Points draw, Points loss) {
  return win > loss && win >= draw && draw >= loss;
}

enum class EventFormat : std::uint8_t { individual, multi_game, team };

enum class RoundKind : std::uint8_t {
  none,          // nothing this round (round-robin bye, not yet played, annulled)
  played,        // over the board (a match with at least one game played)
  forfeit_win,   // the scheduled opponent did not appear
  forfeit_loss,  // including both sides of a double forfeit
  pairing_bye,
  full_bye,
  half_bye,
  zero_bye,
  absent,  // no row in a Swiss round: a zero-point bye (every round after a withdrawal)
};

constexpr bool is_unplayed(RoundKind k) { return k != RoundKind::played && k != RoundKind::none; }
// FIDE C.07 16.1: a voluntary unplayed round — requested bye or forfeit loss.
constexpr bool is_voluntary_unplayed(RoundKind k) {
  return k == RoundKind::half_bye || k == RoundKind::zero_bye || k == RoundKind::absent ||
         k == RoundKind::forfeit_loss;
}
std::string_view round_kind_name(RoundKind kind);

enum class Outcome : std::uint8_t { none, win, draw, loss };

// One participant's round, as bbpPairings keeps one Match per round: the opponent, the seat,
// the result, played or not, the kind of bye.
struct RoundRecord {
  RoundKind kind = RoundKind::none;
  Outcome outcome = Outcome::none;  // in primary points (the match's outcome for matches)
  std::int32_t opponent = -1;       // participant index; a forfeit's scheduled opponent
  Points points;                    // primary points awarded
  Points game_points;               // equal to points for single games
  Points board_points;              // two-game team matches
  Seat seat = Seat::none;           // who moved first (a team match: on its first board)
  std::uint16_t warnings = 0;
  std::uint8_t handicap = 0;  // Go: handicap stones of the game (0: even), 0..kMaxHandicap
  std::uint8_t games = 0;     // games with a result (over the board or by forfeit) this round
  std::uint8_t pending = 0;   // games listed without a result yet
  // Results CSV line of the (first) row (TRF: the player line); with several results files,
  // numbered on across them as SourceLines does (Event::file is the first file).
  std::uint32_t line = 0;

  // A game over the board: it counts for colours and rematches.
  bool played() const { return kind == RoundKind::played; }
  // Took part in that round's pairing: a game, a forfeit, or the pairing-allocated bye.
  bool paired() const { return opponent >= 0 || kind == RoundKind::pairing_bye; }
};

// Go's strength grades, OpenGotha's integer scale: 30k = -30 … 1k = -1, 1d = 0 … 9d = 8.
inline constexpr int kLowestGoRank = -30;
inline constexpr int kHighestGoRank = 8;
inline constexpr int kMaxHandicap = 9;

// What a Go event (McMahon, OpenGotha's Swiss) knows of a player beyond the common fields,
// read from OpenGotha XML or a players CSV with ranks. Empty for other games.
struct GoRegistration {
  std::string family_name;  // OpenGotha's `name`: with first_name, the last tie-break
  std::string first_name;
  std::optional<int> rank;  // kLowestGoRank..kHighestGoRank
  int mms_correction = 0;   // the arbiter's McMahon start-score correction (OpenGotha -1..2)
  std::string club;
  std::string country;
  std::string egf_pin;
  std::string aga_id;  // the AGA member number the AGA's results report rates the games by
  // Per round (index r - 1): false = absent, not to be paired; rounds beyond: participating.
  std::vector<bool> participating;

  bool participates(int round) const {
    const auto index = static_cast<std::size_t>(round - 1);
    return round < 1 || index >= participating.size() || participating[index];
  }
};

// Team events: one member's games on one board over the event (the individual board results
// arbiters publish, and board prizes are given by).
struct BoardResult {
  std::string player;  // the member's name
  int board = 0;       // 1..64
  int games = 0;       // games with a result, over the board or by forfeit
  Points points;       // the game points they scored
};

struct Participant {
  std::string id;
  std::string name;
  std::optional<std::int32_t> rating;
  // The draw (pairing) number: the players file's `number` column, else the numbers the
  // results give (`white_number`/`black_number` as rr-schedule writes them; for teams
  // `white_team_number`/`black_team_number`), else the order in the players file, else the
  // order of first appearance in the results. Participants without a number of their own get
  // the numbers after the largest given, in that order. Unique, from 1.
  std::int32_t number = 0;
  bool withdrawn = false;
  bool removed = false;             // round robin, withdrew before half: all results annulled
  std::vector<RoundRecord> rounds;  // rounds[r - 1]
  Points score;
  Points game_points;
  Points board_points;
  int warnings = 0;
  std::vector<Points> board_game_points;  // team events: game points per board (board 1 first)
  // Team events: the game points of each round's match, board by board ([round - 1][board - 1];
  // forfeited games at the points awarded; empty for a round without a match).
  std::vector<std::vector<Points>> match_board_points;
  std::vector<std::string> members;  // team events: the team's players
  // Team events: each member's games, board by board.
  std::vector<BoardResult> board_results;
  // Swiss pairing: the round to pair.
  bool absent = false;               // not to be paired (a bye requested, withdrawn)
  std::optional<RoundKind> absence;  // what the input says of that round (H, F, Z byes)
  bool absence_entered = false;      // the input has that round's bye row already
  int eliminated_before = 0;         // Swiss with elimination: out before this round (0: still in)
  std::optional<Points> declared_score;  // the score a TRF states (checked on reading)
  // Swiss acceleration: virtual points added to the score when pairing round r + 1
  // (acceleration[r]; none past the end), for the pairing and the board order only (TRF XXA
  // and 250 lines, the Baku acceleration of C.04.7).
  std::vector<Points> acceleration;
  GoRegistration go;  // Go events only
  // A knock-out's final placing, from a players file as knockout writes its placings (columns
  // `place` and `round_out`; place `5-8` a shared band): rank_event orders by it.
  int placing = 0;  // first place of the band; 0 when not given
  int placing_last = 0;
  // A knock-out's seed rank as the results give it (`white_seed`/`black_seed`), 0 when none,
  // and the row and column of the results file that first gave it (for diagnostics).
  int seed = 0;
  std::uint32_t seed_line = 0;
  std::uint32_t seed_column = 0;
};

// How a withdrawn player's unplayed rounds are valued in an opponent's tie-breaks (Swiss).
enum class WithdrawalValuation : std::uint8_t {
  fide,      // C.07 16.3: rounds after the withdrawal count as draws
  a_factor,  // Xigua rules art. 25 §3: A × unplayed rounds, A = score per game played, at most 1
};

struct Event {
  Game game = Game::shatar;
  EventFormat format = EventFormat::individual;
  // Team matches of two games a board (a game number above 1 in the rows): board points decide
  // the match, and the presets rank by them.
  bool two_game_matches = false;
  bool round_robin = false;
  int rounds = 0;
  int cycles = 1;
  int rounds_per_cycle = 0;  // round robins: the Berger table's rounds (N - 1, N even)
  PointSystem points;
  std::vector<Participant> participants;
  WithdrawalValuation withdrawal_valuation = WithdrawalValuation::fide;
  // Swiss pairing.
  int planned_rounds = 0;  // the event's total rounds when known ahead (XXR, --rounds); 0: unknown
  Seat initial_seat = Seat::none;  // the lot before round 1: TPN 1's first seat (its colour)
  std::vector<std::pair<int, int>> forbidden;  // pairs that must not meet (participant indices)
  // The pairing order (TPN order: ranking within a score, the initial colour's odd numbers) is
  // the participants' order here, not their numbers (TRF `XXC rank`: JaVaFo's positional ids).
  bool pair_by_position = false;

  // The most rounds any participant has a record for (the rounds played, for a pairing).
  int rounds_played() const;
  // points.of() summed over a participant's records.
  Points points_scored(int participant) const;

  // Primary points of a win and of a draw (game points, or match points for matches).
  Points win_points() const;
  Points draw_points() const;
  // The most a participant can score: a win in every round.
  Points max_score() const { return static_cast<std::int64_t>(rounds) * win_points(); }
  std::string file;  // results file name (the first of several), for diagnostics
};

// The most rounds an event can have, given how many participants it has and how many
// (participant, round) pairs its rows fill: twice the average number of rounds a participant
// has a row in, plus 16 — room for withdrawals, late entries, absences and rounds not yet
// entered, but not for a round number far beyond every other (a mistyped `100000`, or rows
// spread thinly over many rounds): that would make the event mostly rounds nobody played, and
// cost memory for every participant in every one of them. At most kMaxRound.
int credible_rounds(std::size_t participants, std::size_t filled_rounds);

struct EventOptions {
  Game game = Game::shatar;
  // Win, draw and loss in game points (--points W,D,L); the game's defaults when absent.
  std::optional<std::array<Points, 3>> game_points;
  std::optional<Points> pairing_bye;  // overrides the pairing-allocated bye's value
  std::optional<bool> round_robin;    // detected from the games when absent
  bool teams = false;                 // team event even without team columns in the results
  // Total rounds; when absent, the last round with a result. 0..credible_rounds(...): a larger
  // or negative value is reported and the detected number used instead; a value below the last
  // round with a result leaves the later rows out, with a warning that counts them.
  std::optional<int> rounds;
  std::vector<std::string> withdrawn;  // ids or names, in addition to the players' column
  WithdrawalValuation withdrawal_valuation = WithdrawalValuation::fide;
  // A knock-out (tournament/knockout.h): a player out of the event has no rows and a game
  // without a result is a match still in play, so neither is reported, and a match none of
  // whose games has a result yet keeps its opponent and seat (kind `absent`, `pending` set).
  bool elimination = false;
  // A Swiss round without a player's row is reported as an absence worth the event's points for
  // an absent round (McMahon, OpenGotha), not as a zero-point bye; the wording only.
  bool missing_round_absent = false;
  // A Swiss game without a result in a round ranked is OpenGotha's RESULT_UNKNOWN (a Go event):
  // kept as a game not yet played (RoundKind::none, with its opponent, seat and handicap),
  // which the Go criteria count as OpenGotha does, instead of an absence of both players.
  bool pending_unknown = false;
};

class EventBuilder {
 public:
  // `players` may be empty: players are then taken from the results in order of appearance.
  EventBuilder(const PlayerList& players, EventOptions options, Diagnostics& diagnostics);
  ~EventBuilder();
  EventBuilder(const EventBuilder&) = delete;
  EventBuilder& operator=(const EventBuilder&) = delete;

  // One row of the results CSV of file `file`. A row naming an unknown player, repeating a
  // game, putting a player in two games of a round, naming a team the player does not play
  // for (by the players file), or holding a number outside the ranges of ResultRow (rows that
  // do not come from ResultsCsvReader) is reported and left out.
  void add(const ResultRow& row, const std::string& file);
  // A row left out, its error reported (ResultsCsvReader::rejected_rows; add() does this for
  // the rows it refuses): its players have a row in its round, so they are not reported as
  // having none (in a round robin, their game as having no row), and its round is not reported
  // as having no row at all. Nothing of it counts.
  void add_rejected(const ResultRow& row);
  // The game the rows are of (EventOptions::game).
  Game game() const { return options_.game; }

  // Builds the event:
  //  * rows in rounds beyond credible_rounds() are reported in one error and left out;
  //  * rounds up to the last with no row at all are reported, one warning per run of them;
  //    in a Swiss, a participant's rounds without a row are zero-point byes, reported one
  //    warning per run of rounds;
  //  * teams: a row naming a player's other team (the players file's, else the one most of
  //    the player's rows name) is reported and left out;
  //  * round robins (detected: the players who did not withdraw all have the same number of
  //    games among themselves, a multiple of their number less one; or, with rows left out, no
  //    pair met more than c times, the rounds are c cycles of the schedule and at most one game
  //    per two players who did not withdraw is missing among them, no bye rows; or forced): a
  //    pair meeting twice in one cycle, a pair not meeting in a finished cycle, and a game
  //    without a result in a round up to the last round with results are reported (errors
  //    once the round robin is finished, a warning for a game without a result before that);
  //    withdrawals are counted against the games the schedule gives each player (n - 1 a
  //    cycle), and the games a withdrawn player did not play, with a row or without one, count
  //    as won by forfeit by the opponent once half or more were played;
  //  * in a Swiss, a game without a result in a round up to the last with results is a
  //    warning (both players count as absent).
  Event finish();

 private:
  struct Slot;
  struct PlayerEntry;
  bool add_row(const ResultRow& row, const std::string& file);  // false: refused (reported)
  int resolve(const std::string& token, const ResultRow& row, Colour side, const std::string& file);
  std::int32_t remember_team(const std::string& name);
  bool check_row(const ResultRow& row, const std::string& file);
  void record_number(int player, int number, const ResultRow& row, Colour side);
  void record_seed(int player, const ResultRow& row, Colour side);
  bool check_team(int player, const ResultRow& row, Colour side, const std::string& file);
  // The slot of a player in a round, created (not present) when there is none; before
  // freeze() only. The next call may move it.
  Slot* slot(int player, int round);
  Slot* slot_slow(int player, int round);
  Slot* find(int player, int round);
  const Slot* find(int player, int round) const;
  std::size_t dense_budget() const;
  int dense_column(int round);
  void to_sparse();
  void grow_table();
  // Lays the present slots out by player, then round: from then on slots_of() gives a
  // player's slots and find() searches them. Called again, drops the slots emptied since.
  void freeze();
  std::span<Slot> slots_of(std::size_t player);
  std::span<const Slot> slots_of(std::size_t player) const;
  // Adds the forfeits the rules award (winner, loser, round) to the frozen slots.
  void award_forfeits(const std::vector<std::array<int, 3>>& awards);
  // Sets event.rounds (the rounds with a result, or --rounds) after leaving out rows beyond
  // credible_rounds(); returns the rounds with a result in the rows kept, whatever --rounds says.
  int limit_rounds(Event& event);
  void report_empty_rounds(const Event& event);
  void assign_numbers(Event& event) const;
  // Round robins.
  struct RoundRobinShape {
    std::vector<std::size_t> players;  // in the round robin (a row, or withdrawn)
    int cycles = 1;
    int per_cycle = 1;
  };
  bool detect_round_robin(int rounds, int& cycles) const;
  bool detect_round_robin_with_rows_missing(int rounds, int& cycles) const;
  RoundRobinShape round_robin_shape(int detected_cycles) const;
  void check_round_robin(const Event& event, const RoundRobinShape& shape);
  void report_players_without_rows(const RoundRobinShape& shape);
  void apply_round_robin_withdrawals(const Event& event, const RoundRobinShape& shape);
  void report_unplayed_swiss_games(const Event& event);
  void build_individual(Event& event);
  void build_team(Event& event);
  // The event's points, which depend on whether it is a round robin (a bye is worth nothing).
  void set_point_system(Event& event) const;
  RoundRecord individual_record(const Event& event, const Slot* slot, int round) const;
  // add_rejected's rows as (player, round), sorted: the players named as resolve() names them.
  std::vector<std::pair<int, int>> rejected_slots() const;
  // And their games as (lower player, higher player, round), sorted.
  std::vector<std::array<int, 3>> rejected_games() const;
  int known_player(const std::string& token) const;  // resolve() without reporting: -1 unknown

  const PlayerList& players_;
  EventOptions options_;
  Diagnostics& diagnostics_;
  std::vector<PlayerEntry> entries_;
  StringIndex discovered_;
  std::vector<std::string> team_names_;
  std::unordered_map<std::string, std::int32_t> team_index_;
  // Per team: the number the rows give it, and the line that gave it (0: none).
  std::vector<std::pair<std::int32_t, std::uint32_t>> team_numbers_;
  // The rows' lines, numbered on across the files given (a slot keeps a line, not a file):
  // where the findings about them are; the current row's file and running line number.
  SourceLines lines_;
  std::string file_;
  std::uint32_t row_line_ = 0;
  // The slots of the rows, kept in one of three ways:
  //  * dense: a grid of every player by every round seen (rounds numbered in order of first
  //    appearance, so a far-away round number costs one column), while the grid stays within
  //    dense_budget() — a small multiple of the slots filled and the players: every real event;
  //  * sparse: only the slots filled, in the order of the rows, found through an
  //    open-addressing table of (check bits, index) entries — when the grid would be mostly
  //    empty (many rounds, each with few rows);
  //  * frozen (finish()): by player, then round; player p's at
  //    slots_[player_begin_[p] .. player_begin_[p + 1]).
  // Memory follows the rows and players, never the round numbers.
  enum class Mode : std::uint8_t { dense, sparse, frozen };
  Mode mode_ = Mode::dense;
  std::size_t filled_ = 0;
  std::vector<Slot> grid_;
  std::size_t stride_ = 0;
  std::unordered_map<int, int> column_of_round_;
  std::vector<int> round_of_column_;
  int last_round_ = 0;
  int last_column_ = -1;
  std::vector<Slot> slots_;
  std::vector<std::int32_t> sparse_player_;
  std::vector<std::uint64_t> table_;
  int table_bits_ = 0;
  std::vector<std::uint32_t> player_begin_;
  std::vector<bool> has_row_;  // rounds 1..rounds someone has a row in (report_empty_rounds)
  struct RejectedRow {
    std::string white, black;  // as named (one empty on a bye row)
    int round = 0;
  };
  std::vector<RejectedRow> rejected_;  // add_rejected
  bool any_game_number_ = false;
  bool any_team_column_ = false;
};

}  // namespace boardgames

BOARDGAMES_API_END
