// rr-schedule --challenge --challenge-games 3: bouts of best of three (the Xigua book's
// challenge, 三局兩勝), each bout a best-of-N match of the results CSV (io/best_of_output:
// its round the bout's number, board 1, a `game` column).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/best_of_output.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/tournament/challenge.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/result.h"

namespace rr {

// A team of the challenge: its name and its players in order.
struct ChallengeSide {
  std::string team;
  std::vector<const boardgames::Player*> players;
};

// --format text: every bout with its result ("to play" while open) and, when the match is
// over, the winning team and how many of its players were left.
void write_challenge_text(const boardgames::challenge::State& state,
                          const std::vector<boardgames::challenge::Outcome>& outcomes,
                          const std::array<ChallengeSide, 2>& sides, std::string& out);

struct ChallengeBouts {
  std::vector<boardgames::challenge::Outcome> outcomes;  // of the decided bouts, in order
  std::optional<boardgames::BestOfMatch> open;           // the bout still undecided
};

// Reads the bouts of `games` games: each round's match must be the bout the challenge has
// reached (ids[t]: team t's players in order); a bout is decided once a side cannot be caught,
// drawn when level after its games. False after reporting a row that does not fit.
bool read_challenge_bouts(boardgames::ByteSource& source,
                          const std::array<std::vector<std::string>, 2>& ids,
                          boardgames::challenge::DrawRule rule, boardgames::Game game, int games,
                          boardgames::Diagnostics& diagnostics, ChallengeBouts& bouts);

// The open bout's next game as a row (the first mover of game 1 first, alternating, the
// deciding game's by lot from `seed`); nullopt while a listed game has no result.
std::optional<boardgames::ResultRow> next_bout_game(const boardgames::BestOfMatch& bout,
                                                    boardgames::Game game, int games,
                                                    std::uint64_t seed);

}  // namespace rr
