// Team against team (competitions.md): the Scheveningen schedule (全隊循環制) and line-up checks
// against the registered board order with substitutes (分臺換人制). No I/O. The schedule is
// rr-schedule --scheveningen's (through schedule_round, tournament/schedule.h).
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/problem.h"

BOARDGAMES_API_BEGIN

namespace boardgames::teams {

inline constexpr int kMaxScheveningenPlayers = 64;

// One game of a Scheveningen match: A's player `a` (0-based board order) against B's player
// `b`; `a_first`: A's player moves first.
struct ScheveningenGame {
  int round = 0;  // 1..k
  int board = 0;  // 1..k: A's player a sits at board a + 1
  int a = 0;
  int b = 0;
  bool a_first = true;
};

// k players a side (1..kMaxScheveningenPlayers): k rounds of k boards, every player of A
// against every player of B once (round r pairs A's a with B's (a + r − 1) mod k). Colours
// follow a chequerboard over (a, b), so that every player's first moves and second moves
// differ by at most one over the match; A's board 1 moves first in round 1. Empty outside range.
std::vector<ScheveningenGame> scheveningen(int players);

// Every line-up of `boards` players from a registered order of `registered` players (boards +
// substitutes) that keeps the registered order: C(registered, boards) of them (4 boards and 2
// substitutes: 15), each as the registered positions (0-based) in board order. Empty when
// boards > registered or the count would exceed `limit`.
std::vector<std::vector<int>> lineups(int boards, int registered, std::size_t limit = 100'000);

// A match's line-up (players by id, board 1 first) against the registered order (ids, board 1
// first, substitutes after): a Problem (reason in words, token the player) for a player not
// registered, a player on two boards, the wrong number of boards, or a player above one
// registered ahead of him.
std::optional<Problem> check_lineup(const std::vector<std::string>& registered,
                                    const std::vector<std::string>& lineup, int boards);

}  // namespace boardgames::teams

BOARDGAMES_API_END
