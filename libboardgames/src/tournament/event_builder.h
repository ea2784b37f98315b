// EventBuilder's private parts, shared by event.cpp (the rows, the slots, individual events,
// round robins) and event_team.cpp (team matches). Not installed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/tournament/event.h"

namespace boardgames {

// One player's row (or rows, for a multi-game match) in one round. 32 bytes: a million-row
// file holds two million of them. The player is where the slot is (grid row, or run after
// freeze()), or sparse_player_ in the sparse store.
struct EventBuilder::Slot {
  std::int32_t round = 0;
  std::uint32_t line = 0;  // the (first) row; 0 for a forfeit the rules award without a row
  std::int32_t opponent = -1;
  std::uint32_t games_seen = 0;  // bit g-1 for game number g; 0 for a bye or an empty slot
  std::int32_t team = -1;        // the team the row names, in team events
  // Board and Go handicap share two bytes (the slot stays 32 bytes).
  std::uint16_t board : 12 = 0;                 // saturates at 4095 (boards past 64 are not used)
  std::uint16_t handicap : 4 = 0;               // Go: of the first game listed (0..kMaxHandicap)
  std::uint16_t warnings = 0;                   // at most kMaxGame × kMaxWarnings
  GameResult bye_result = GameResult::pending;  // a bye row's result; pending otherwise
  // Counts of games (at most kMaxGame a round).
  std::uint8_t pending = 0;
  std::uint8_t wins = 0;
  std::uint8_t draws = 0;
  std::uint8_t losses = 0;
  std::uint8_t forfeit_wins = 0;
  std::uint8_t forfeit_losses = 0;
  Seat seat = Seat::none;  // of the first game listed

  bool bye() const { return bye_result != GameResult::pending; }
  // Filled by a row (or by a forfeit the rules award).
  bool present() const { return bye() || games_seen != 0; }
  bool empty() const { return !present(); }
  bool game() const { return games_seen != 0; }
  int over_the_board() const { return wins + draws + losses; }
  int decided() const { return over_the_board() + forfeit_wins + forfeit_losses; }
};

struct EventBuilder::PlayerEntry {
  std::string id;
  std::string name;
  std::optional<std::int32_t> rating;
  std::string team;
  std::optional<std::int32_t> file_number;  // the players file's `number`
  std::int32_t row_number = 0;              // the number the rows give (0: none)
  std::uint32_t row_number_line = 0;
  int seed = 0;  // the knock-out seed the rows give (0: none), and its cell
  std::uint32_t seed_line = 0;
  std::uint32_t seed_column = 0;
  // Team events without a team in the players file: how many rows name each team
  // (team index, rows, first line).
  std::vector<std::array<std::uint32_t, 3>> team_votes;
  bool withdrawn = false;
  bool removed = false;
  std::uint32_t line = 0;
};

namespace event_detail {

inline Points slot_game_points(const PointSystem& points, int wins, int draws, int losses,
                               int forfeit_wins, int forfeit_losses) {
  return static_cast<std::int64_t>(wins) * points.win +
         static_cast<std::int64_t>(draws) * points.draw +
         static_cast<std::int64_t>(losses) * points.loss +
         static_cast<std::int64_t>(forfeit_wins) * points.forfeit_win +
         static_cast<std::int64_t>(forfeit_losses) * points.forfeit_loss;
}

struct ByeValue {
  RoundKind kind;
  Points points;
};

inline ByeValue bye_value(const PointSystem& points, GameResult result) {
  switch (result) {
    case GameResult::pairing_bye:
      return {RoundKind::pairing_bye, points.pairing_bye};
    case GameResult::full_point_bye:
      return {RoundKind::full_bye, points.full_bye};
    case GameResult::half_point_bye:
      return {RoundKind::half_bye, points.half_bye};
    default:
      return {RoundKind::zero_bye, points.zero_bye};
  }
}

inline Outcome outcome_of(Points mine, Points theirs) {
  if (mine > theirs) return Outcome::win;
  if (mine < theirs) return Outcome::loss;
  return Outcome::draw;
}

// An unplayed round's outcome, by the points it gave.
inline Outcome outcome_by_points(Points points, Points win, Points draw) {
  if (points >= win) return Outcome::win;
  if (points >= draw && points > Points()) return Outcome::draw;
  return Outcome::loss;
}

}  // namespace event_detail

}  // namespace boardgames
