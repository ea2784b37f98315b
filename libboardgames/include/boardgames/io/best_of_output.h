// rr-schedule --match N: a round robin whose pairings are best-of-N matches
// (tournament/best_of.h), in the results CSV with a `game` column. The first rows are every
// match's game 1; from the filled-in file, each match's next game, as far as it is open.
//
// Lots are reproducible from one seed: lot(seed, round, board, game) for game 1 (does the
// table's first-named player move first?) and for the deciding game (does game 1's first mover
// move first again?), so every run on the same file draws the same.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/tournament/best_of.h"
#include "boardgames/tournament/schedule.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// The lot of a match (round, board) for its game 1 or its deciding game.
bool best_of_lot(std::uint64_t seed, int round, int board, int game);

// Game 1 of every match of rounds first_round..last_round (byes as bye rows), the first mover
// by best_of_lot(); numbers are the draw's, as write_schedule writes them.
void write_best_of_first_games(const RoundRobinEvent& event, int first_round, int last_round,
                               std::uint64_t seed, std::string& out);

// A match as the filled-in file shows it: A moves first in game 1.
struct BestOfMatch {
  int round = 0;
  int board = 0;
  std::string a;
  std::string b;
  int a_number = 0;
  int b_number = 0;
  std::vector<Points> a_results;  // A's points of each game with a result, in game order
  int pending_game = 0;           // a game listed without a result yet (0: none)
  best_of::Standing standing;
  std::uint32_t line = 0;
};

// Reads the filled-in rows of a best-of-`games` schedule: one match per (round, board), games
// in order from 1. Reported at the row: a game number above `games` or out of order, a row
// whose players are not game 1's, a game after the match was decided. Byes are passed over.
std::vector<BestOfMatch> read_best_of_matches(ByteSource& source, Game game, int games,
                                              Diagnostics& diagnostics);

// The next game of every open match (first mover: best_of::a_moves_first, the decider's by
// best_of_lot()); a match waiting for a listed game's result, decided, or level after every
// game (the playoff) has none. The header alone when nothing is to play.
void write_best_of_next_games(const std::vector<BestOfMatch>& matches, Game game, int games,
                              std::uint64_t seed, std::string& out);

// Where every match stands, one line each: the score, then the winner, the game to play (and
// who moves first), or the playoff.
void write_best_of_text(const std::vector<BestOfMatch>& matches, int games, std::uint64_t seed,
                        std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
