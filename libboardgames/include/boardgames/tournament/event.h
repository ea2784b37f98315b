// Event: a finished (or running) tournament as standings see it — every participant's record
// round by round, built from the rows of the results CSV.
//
// A participant is a player, or a team in team events. Each round of each participant is one
// RoundRecord: a game or match against an opponent, a forfeit, a bye, or nothing. Points are
// kept in half-points (Points); the "primary" points are game points for single games and
// match points for matches (multi-game individual matches, team matches).
//
// EventBuilder takes the rows one at a time and keeps only per-participant, per-round records,
// so memory grows with participants × rounds, never with the raw rows.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/points.h"
#include "boardgames/core/string_index.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/result.h"

namespace boardgames {

// The points of one event (all in half-points).
struct PointSystem {
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

struct RoundRecord {
  RoundKind kind = RoundKind::none;
  Outcome outcome = Outcome::none;  // in primary points (the match's outcome for matches)
  std::int32_t opponent = -1;       // participant index; a forfeit's scheduled opponent
  Points points;                    // primary points awarded
  Points game_points;               // equal to points for single games
  Points board_points;              // two-game team matches
  std::int8_t colour = -1;          // single games: 0 moved first, 1 moved second
  std::uint16_t warnings = 0;
  std::uint32_t line = 0;           // results CSV line of the (first) row
};

struct Participant {
  std::string id;
  std::string name;
  std::optional<std::int32_t> rating;
  std::int32_t number = 0;  // pairing number: order in the players file, or of first appearance
  bool withdrawn = false;
  bool removed = false;  // round robin, withdrew before half: all results annulled
  std::vector<RoundRecord> rounds;  // rounds[r - 1]
  Points score;
  Points game_points;
  Points board_points;
  int warnings = 0;
  std::vector<Points> board_game_points;  // team events: game points per board (board 1 first)
  std::vector<std::string> members;       // team events: the team's players
};

// How a withdrawn player's unplayed rounds are valued in an opponent's tie-breaks (Swiss).
enum class WithdrawalValuation : std::uint8_t {
  fide,      // C.07 16.3: rounds after the withdrawal count as draws
  a_factor,  // Xigua rules art. 25 §3: A × unplayed rounds, A = score per game played, at most 1
};

struct Event {
  Game game = Game::shatar;
  EventFormat format = EventFormat::individual;
  bool round_robin = false;
  int rounds = 0;
  int cycles = 1;
  PointSystem points;
  std::vector<Participant> participants;
  WithdrawalValuation withdrawal_valuation = WithdrawalValuation::fide;

  // Primary points of a win and of a draw (game points, or match points for matches).
  Points win_points() const;
  Points draw_points() const;
  // The most a participant can score: a win in every round.
  Points max_score() const { return static_cast<std::int64_t>(rounds) * win_points(); }
  std::string file;  // results file name, for diagnostics
};


struct EventOptions {
  Game game = Game::shatar;
  // Win, draw and loss in game points (--points W,D,L); the game's defaults when absent.
  std::optional<std::array<Points, 3>> game_points;
  std::optional<Points> pairing_bye;  // overrides the pairing-allocated bye's value
  std::optional<bool> round_robin;    // detected from the games when absent
  bool teams = false;                 // team event even without team columns in the results
  std::optional<int> rounds;          // total rounds; detected when absent
  std::vector<std::string> withdrawn; // ids or names, in addition to the players' column
  WithdrawalValuation withdrawal_valuation = WithdrawalValuation::fide;
};

class EventBuilder {
 public:
  // `players` may be empty: players are then taken from the results in order of appearance.
  EventBuilder(const PlayerList& players, EventOptions options, Diagnostics& diagnostics);
  ~EventBuilder();
  EventBuilder(const EventBuilder&) = delete;
  EventBuilder& operator=(const EventBuilder&) = delete;

  // One row of the results CSV of file `file`. A row naming an unknown player, repeating a
  // game, or putting a player in two games of a round is reported and left out.
  void add(const ResultRow& row, const std::string& file);

  // Checks team consistency, applies withdrawals and builds the event.
  Event finish();

 private:
  struct Slot;
  struct PlayerEntry;
  int resolve(const std::string& token, const ResultRow& row, Colour side, const std::string& file);
  std::int32_t remember_team(const std::string& name);
  Slot* slot(int player, int round);
  std::span<Slot> rounds_of(std::size_t player);
  std::span<const Slot> rounds_of(std::size_t player) const;
  void build_individual(Event& event);
  void build_team(Event& event);
  void apply_round_robin_withdrawals(int rounds);
  // Whether every pair of players meets the same number of times; sets cycles.
  bool detect_round_robin(int& cycles) const;
  RoundRecord individual_record(const Event& event, int player, int round) const;

  const PlayerList& players_;
  EventOptions options_;
  Diagnostics& diagnostics_;
  std::vector<PlayerEntry> entries_;
  StringIndex discovered_;
  std::vector<std::string> team_names_;
  std::unordered_map<std::string, std::int32_t> team_index_;
  std::string file_;
  int max_decided_round_ = 0;
  // Slots of player p, round r at slots_[p * stride_ + r - 1]: one flat array, so a row's
  // two look-ups touch two places in memory and nothing else.
  std::vector<Slot> slots_;
  std::size_t stride_ = 0;
  bool any_game_number_ = false;
  bool any_team_column_ = false;
};

}  // namespace boardgames
