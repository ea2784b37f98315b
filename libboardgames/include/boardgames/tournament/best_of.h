// Best-of-N two-player matches (多局決勝制, competitions.md; Xigua art. 23, Go art. 26 §5): at
// most N games, the match won by the first side to more than half of the points of N games (a
// win 1, a draw ½ each), so best of 3 is first to 2 and best of 7 first to 4. The first mover
// of game 1 is drawn by lot, the sides alternate after it, and the first mover of the deciding
// game (game N, played only when the match is still open) is drawn by lot again. One rule for
// every tool: xigua::BestOf (xigua-play match), rr-schedule --match and knockout use it; the
// knock-out's matches of one or two games (colours swapped) and its playoff are the same rule
// with N = 1 or 2 (MatchRule below). No I/O.
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

// A two-player match as a knock-out plays it (competitions.md): `games` games — one, two with
// colours swapped (the book's default for knock-out) or best of N (3, 5, 7) — then, level after
// them, `playoff` playoff games (加賽), then the lot.
struct MatchRule {
  int games = 1;
  int playoff = 0;
};
inline constexpr int kMaxPlayoff = 16;  // kMaxGames + kMaxPlayoff ≤ kMaxGame (32) of a results row

// Whether a match of `games` games is one this rule knows: 1, 2, 3, 5 or 7.
bool valid_match_games(int games);
// Whether A moves first in game `game` (1-based; playoff games numbered on from games + 1):
// alternating from game 1, except a best of N's deciding game (game N, N ≥ 3), whose first
// mover is drawn by lot (`a_first_in_decider`).
bool a_moves_first(int game, const MatchRule& rule, bool a_first_in_game_1,
                   bool a_first_in_decider);

// Where a match stands from its totals after `played` games with a result (A's and B's points,
// `win` the points of a won game, a draw shared): a side wins once the other cannot catch it in
// the games left (best of N: more than half of N; one or two games: ahead after them); level
// after the regular games, the playoff's games are added; level after those, the lot.
struct Outcome {
  std::optional<int> winner;  // 0 A, 1 B
  bool lot = false;           // level after every game: the lot decides
  int length = 0;             // the games the match has so far: games, or games + playoff
};
Outcome outcome(Points a, Points b, int played, const MatchRule& rule,
                Points win = Points::whole(1));

}  // namespace boardgames::best_of

BOARDGAMES_API_END
