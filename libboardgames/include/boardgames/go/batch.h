// A file of Go games as go-score takes it, and each game counted: an SGF collection (every game
// of it), or a typed-in final position (a diagram, go/record.h), or a file that is neither.
#pragma once

#include "boardgames/export.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/go/count.h"
#include "boardgames/go/record.h"
#include "boardgames/go/sgf.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

struct GameInput {
  std::string file;
  int game = 0;  // 1-based; 0 for a diagram, or for a file that gave no game
  SgfGame sgf;
  std::optional<Replay> diagram;
  // A file that gave no game (empty, neither SGF nor a diagram): the error that says why.
  std::optional<Diagnostic> unreadable;
  // The file could not be opened: the caller reported it already (an I/O error, exit 2), and
  // the game's row only says so (status unreadable, the reason).
  bool not_opened = false;
  // What reading the file reported about this game (reported before its own findings).
  std::vector<Diagnostic> read_findings;
};

// An SGF collection has a game tree "(;" somewhere (whitespace allowed between); a typed-in
// diagram never does.
bool looks_like_sgf(std::string_view text);

// The games of one file's bytes, in file order (one input for a diagram or an unreadable file).
// Each reading finding goes with the game it names, so that the findings follow the games. The
// file's name is kept as valid UTF-8 (bytes that are not become U+FFFD), for every output.
std::vector<GameInput> read_game_inputs(const std::string& bytes, const std::string& file);
// The same, one input at a time, each given to `each` as soon as the next game has been read
// (or the file ends), so that a collection of any size is never held parsed whole.
void for_each_game_input(const std::string& bytes, const std::string& file,
                         const std::function<void(GameInput&&)>& each);
// The row of a file that could not be opened (or read: `failed` "cannot read"), `reason` saying
// why ("No such file or directory"), its name cleaned as above.
GameInput unopened_input(const std::string& file, const std::string& reason,
                         const std::string& failed = "cannot open");

struct GameOutcome {
  Replay replay;
  std::optional<Score> score;  // when counted
  Settlement settlement;
  std::string dead_source;  // "marked", "given", "automatic"
  GameStatus status = GameStatus::ok;
  std::string reason;  // why not counted, or why unfinished
  // Everything found, at the file's places, each message "game N: ..." for a game of an SGF
  // collection.
  std::vector<Diagnostic> findings;
};

// Replays the game (or takes the diagram) and counts it (count_game). Safe to run on several
// inputs at once.
GameOutcome score_game_input(const GameInput& input, const CountOptions& options,
                             const Rules& rules);

}  // namespace boardgames::go

BOARDGAMES_API_END
