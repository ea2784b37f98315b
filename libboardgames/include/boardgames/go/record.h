// A Go record replayed: an SGF game's main line (or a typed-in final position) played out on a
// board under the rules, with everything scoring needs — the final position, who is to move,
// the komi, the dead stones or territory the last node marks, and the first illegal move.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/go/game.h"
#include "boardgames/go/score.h"
#include "boardgames/go/sgf.h"

namespace boardgames::go {

struct Replay {
  int size = 19;
  std::string black;
  std::string white;
  std::string result;        // RE as written
  std::optional<Eighths> komi;  // from KM (points; ×100 when written as 750)
  std::string komi_text;     // KM as written
  int handicap = 0;
  int moves = 0;             // moves and passes played
  Board board{19};
  Stone to_move = Stone::black;
  // The first illegal move: its number, colour, point and reason.
  bool legal = true;
  int error_move = 0;
  Stone error_colour = Stone::black;
  std::string error_point;
  std::string reason;
  std::uint32_t error_line = 0;
  std::uint32_t error_column = 0;
  // Marks in the last node: dead stones (MA, DS, or TB/TW on stones) and territory.
  bool has_marks = false;
  std::vector<Point> marked_dead;
};

Replay replay_sgf(const SgfGame& game, const Rules& rules);

// A typed-in final position: rows of '.', 'X' (Black), 'O' (White), lower case for a stone
// marked dead ('+' and '-' read as empty points, so `--show` output reads back); spaces, row
// numbers at either end, a column-letter line and '#' comment lines are ignored; the rows make a
// square board. nullopt (and `error`, with where) if not.
struct DiagramError {
  std::string message;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};
std::optional<Replay> read_diagram(std::string_view text, DiagramError& error);

// KM[] as points: "7.5", "6.5", and the ×100 form servers write ("750"); nullopt for text that
// is no number or no plausible komi (1,000 points or more even after the ×100 reading).
std::optional<Eighths> parse_komi_points(std::string_view text);

}  // namespace boardgames::go
