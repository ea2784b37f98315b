// Validating a Shatar game record: every move of the main line and of every variation checked
// against the rules, the first illegal move with its reason, draws by rule that became
// claimable, check marks and the recorded result compared with the position.
//
// What makes a game invalid (errors): an illegal move; a problem the PGN reader found in it
// (an unclosed comment or variation, a stray character); a bad FEN tag; a recorded result the
// final position contradicts (a win for the side that is mated, a draw or a loss recorded for
// the side that mates, a decisive result in stalemate or in a dead position).
// What an arbiter should look at but does not (warnings): a draw that became claimable (50
// moves, threefold repetition) in a game recorded as decisive; a check or mate mark that does
// not fit; moves after mate or stalemate; a game over on the board with no result (`*`); a
// Result tag that differs from the movetext's result; a NAG out of range.
// Notes: where a draw became claimable in a game recorded as drawn or unfinished.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/core/record_result.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

struct GameReport {
  int index = 0;  // in its file, 1-based
  std::string white;
  std::string black;
  // The Result tag (or the movetext's result when there is no tag) as written: a tag may hold
  // any text, and the CSV and --normalize echo it. `result` is the same read as a result,
  // nullopt when there is none or it is no result token; the library reasons on that.
  std::string raw_result;
  std::optional<RecordResult> result;
  int plies = 0;  // main-line plies read (up to the first illegal move)
  // The first error in the file, empty for a valid game: its reason in words, where it stands
  // (file, line, column; column 0 for a bad FEN tag), and for an illegal move its 1-based ply
  // (main line or variation; 0 when the first error is not a move) and the move as written
  // (token; quote it through excerpt()).
  std::optional<Problem> error;
  bool valid() const { return !error.has_value(); }
  std::optional<Position> error_position;  // the position the illegal move was played in
  Position final_position = Position::initial();
  std::vector<Move> main_line;    // the legal main-line moves
  std::optional<Position> start;  // from a FEN tag
  // Findings in file order: errors, warnings, and notes (claimable draws); each message starts
  // with "game N: ".
  std::vector<Diagnostic> diagnostics;
  // The warnings among them, without the "game N: " prefix (for a CSV column).
  std::vector<std::string> warnings;
};

GameReport validate_game(const PgnGame& game, const std::string& file);

}  // namespace boardgames::shatar

BOARDGAMES_API_END
