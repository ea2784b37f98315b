// Best-of-N two-player matches (多局決勝制, competitions.md; Xigua art. 23, Go art. 26 §5): at
// most N games, the match won by the first side to more than half of the points of N games (a
// win 1, a draw ½ each), so best of 3 is first to 2 and best of 7 first to 4. The first mover
// of game 1 is drawn by lot, the sides alternate after it, and the first mover of the deciding
// game (game N, played only when the match is still open) is drawn by lot again. One rule for
// every tool: xigua::BestOf (xigua-play match) and rr-schedule --match use it. No I/O.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "boardgames/core/points.h"

BOARDGAMES_API_BEGIN

namespace boardgames::best_of {

inline constexpr int kMinGames = 3;
inline constexpr int kMaxGames = 7;

// The points that win a match of at most `games` games: more than half of them.
Points needed(int games);
// Whether one side has won a match of at most `games` games.
bool decided(Points a, Points b, int games);
// Whether A moves first in game `game` (1-based): in game 1 as drawn (`a_first_in_game_1`),
// then alternating; in the deciding game (game `games`) as drawn for it (`a_first_in_decider`).
bool a_moves_first(int game, int games, bool a_first_in_game_1, bool a_first_in_decider);

// Where a match stands after its games so far (A's result of each, in order: 1, ½ or 0, as
// Points): the score, the winner once decided (0 A, 1 B), else the next game's number; after N
// games still level (draws), neither: the regulations' playoff decides.
struct Standing {
  Points a;
  Points b;
  std::optional<int> winner;
  int next_game = 1;  // 0 when no game follows
};
Standing standing(const std::vector<Points>& a_results, int games);

}  // namespace boardgames::best_of

BOARDGAMES_API_END
