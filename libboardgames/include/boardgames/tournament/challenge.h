// Challenge matches between two teams (擂臺賽, competitions.md): each team fixes its order
// beforehand; the first players of the two teams play a bout (one game), the loser leaves and
// the winner plays the next player of the other team; the match ends when a team's last player
// loses. A drawn bout: both players leave (the books' rule), or, as regulations may say, the
// two play again. No I/O.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "boardgames/tournament/result.h"

BOARDGAMES_API_BEGIN

namespace boardgames::challenge {

enum class DrawRule : std::uint8_t {
  both_leave,  // a drawn bout sends both players out
  replay,      // a drawn bout is played again by the same two
};

// A bout's result for team A's player: won, drawn or lost.
enum class Outcome : std::uint8_t { a_wins, draw, b_wins };

struct Bout {
  int number = 0;                // 1-based: the results CSV's round
  std::array<int, 2> players{};  // positions (0-based) in team A's and team B's order
  bool a_first = true;           // A's player moves first
};

// Where a challenge match stands after the bouts played (their outcomes in order).
struct State {
  std::vector<Bout> bouts;  // the bouts played, then the next one when the match goes on
  bool over = false;
  std::optional<int> winner;  // 0 team A, 1 team B; none when over with both out together
  std::array<int, 2> left{};  // players of each team still in
  int extra_outcomes = 0;     // outcomes given after the match was over (not applied)
};

// Team A has `a_players`, team B `b_players` (1..kMaxPlayers each). First mover: in bout 1 A's
// player; afterwards the player who has just come in (the challenger) moves first, and when
// both are new (after a drawn bout sent both out) A's player in odd bouts, B's in even ones;
// a replayed bout swaps the first mover.
inline constexpr int kMaxPlayers = 64;
State play(int a_players, int b_players, const std::vector<Outcome>& outcomes, DrawRule rule);

// A's outcome of a bout's result row where A's player is White (`a_white`) or Black: nullopt
// for no result yet, or one a bout cannot have (a double forfeit, a bye).
std::optional<Outcome> outcome_of(GameResult result, bool a_white);

}  // namespace boardgames::challenge

BOARDGAMES_API_END
