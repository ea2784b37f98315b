// A Go record replayed: an SGF game's main line (or a typed-in final position) played out on a
// board under the rules, with everything scoring needs — the final position, who is to move,
// the komi, the dead stones or territory the last node marks, and what stopped the replay.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/go/game.h"
#include "boardgames/go/score.h"
#include "boardgames/go/sgf.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

// What became of a record, as the batch outputs say it:
//   ok          replayed to its end and counted;
//   unfinished  replayed and counted, but the count has an open border (Score::open_border():
//               five or more shared points in one region). The rule book counts games whose
//               moves are finished; such a count takes the border as shared and is not the
//               game's result. Two passes at the end of the record do not change that (two
//               of the 340 real counted games end so, with borders of 23 and 9 points, and
//               their counts miss the recorded margin by 21 and 46 points);
//   illegal     read, but an illegal move, or a point off the board (a move, a setup stone, a
//               mark), stops it: not counted;
//   unreadable  not a game that can be replayed: an SGF syntax error in its tree (a file cut
//               short), a board size that is not played, a file that is neither SGF nor a
//               board diagram, an empty file: not counted.
enum class GameStatus : std::uint8_t { ok, unfinished, illegal, unreadable };
std::string_view status_name(GameStatus status);  // "ok", "unfinished", "illegal", "unreadable"

struct Replay {
  int size = 19;
  std::string black;
  std::string white;
  std::string result;           // RE as written
  std::optional<Eighths> komi;  // from KM (points; ×100 when written as 750)
  std::string komi_text;        // KM as written
  SgfPosition komi_where;       // where KM stands (0:0 without one)
  int handicap = 0;
  int moves = 0;  // moves and passes played
  Board board{19};
  Stone to_move = Stone::black;
  // ok when replayed to its end; illegal or unreadable (see GameStatus) with the Problem that
  // stopped it: its reason is the first error reported, without the game number ("move 2
  // (Black C3) is illegal: the point is occupied"), at its file, line and column; for an
  // illegal move also its number in moves and passes (ply) and its point as named (token, "C3").
  GameStatus status = GameStatus::ok;
  std::optional<Problem> problem;
  bool legal() const { return !problem.has_value(); }  // status == ok
  // Marks in the last node: dead stones (MA, DS, or TB/TW on stones) and territory.
  bool has_marks = false;
  std::vector<Point> marked_dead;
};

// Board sizes played: SZ[2] to SZ[25], square (SZ[19:19] is 19×19). Larger boards are refused:
// the A1-style names the tools print and read (--dead D4) have 25 column letters (no I), and
// the rules page (spec/go.md) plays up to 25×25.
//
// Replays the main line. Findings go to `diagnostics` as "game N: ..." at the file, line and
// column of the offending property or value (`file` names the file):
//   errors: an SZ that is not a square board of 2 to 25, a point off the board or malformed
//   in any point-valued property of the main line (moves; AB AW AE; MA DS TB TW; CR SQ TR SL
//   DD VW AR LN LB — the first ten are listed, then how many more), a move with more than one
//   value, an illegal move;
//   warnings: HA that is not a handicap of 0 to the number of points (ignored).
// A pass is B[] or, on boards up to 19×19, B[tt] (FF[3]); on larger boards tt is the point it
// names. A game the SGF reader found unreadable is not replayed (its error was reported then).
Replay replay_sgf(const SgfGame& game, const Rules& rules, const std::string& file,
                  Diagnostics& diagnostics);
// The same, findings only counted.
Replay replay_sgf(const SgfGame& game, const Rules& rules);

// A typed-in final position: rows of '.', 'X' (Black), 'O' (White), lower case for a stone
// marked dead ('+' and '-' read as empty points, so `--show` output reads back); spaces, row
// numbers at either end, a column-letter line and '#' comment lines are ignored; the rows make a
// square board of 2 to 25. Else the Problem: its reason in words (the text quoted in it cut
// to a few characters), its line and column (columns count characters; the file left empty for
// the caller), and for a character that is no board point that character as written (token).
Expected<Replay> read_diagram(std::string_view text);

// The status of a record once counted (`score` null when it was not): the replay's status,
// or unfinished for a count with an open border.
GameStatus game_status(const Replay& replay, const Score* score);

// KM[] as points: "7.5", "6.5", and the ×100 forms servers write: points ("750", "650") and,
// where the hundredths are 4 or less, Chinese stones (Fox and other Chinese servers: "375" is
// 3¾ stones, 7.5 points; "275" 5.5; "350" 7), as KataGo and Lizzie read them. `in_stones`, when
// given, says whether the stones reading was taken. nullopt for text that is no number, no
// plausible komi (1,000 points or more even after the ×100 reading: nan, inf, 1e308 included),
// or not a whole number of quarter points.
std::optional<Eighths> parse_komi_points(std::string_view text, bool* in_stones = nullptr);

}  // namespace boardgames::go

BOARDGAMES_API_END
