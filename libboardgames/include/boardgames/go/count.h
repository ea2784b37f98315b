// Counting a replayed game as go-score does under the Chinese rules: which komi, which dead
// stones, and whether the count agrees with the recorded result.
//
//   komi: the arbiter's, else the record's KM, else the rule book's 3¾ stones (7.5 points);
//   dead stones: the arbiter's (each point names its whole chain), else the record's marks
//   (MA, DS, TB/TW on stones), else settled automatically (go/status.h), where uncertain
//   stones cut off in the other side's area count as dead.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/go/record.h"
#include "boardgames/go/score.h"
#include "boardgames/go/status.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

// The komi when neither the arbiter nor the record gives one: 3¾ stones, 7.5 points.
inline constexpr Eighths kDefaultKomi = ScoreSettings{}.komi;

// The komi a game is counted with: `given` (the arbiter's), else the record's KM, else
// kDefaultKomi.
Eighths komi_for(const Replay& replay, std::optional<Eighths> given);

// Where the dead stones come from.
enum class DeadStones : std::uint8_t {
  marked_else_settled,  // the record's marks when it has some, else settled
  settled,              // settled, whatever the record marks
  none,                 // no stone is dead
  given,                // the points in CountOptions::dead_points, a chain each
};
enum class DeadSource : std::uint8_t { given, marked, automatic };
std::string_view dead_source_name(DeadSource source);  // "given", "marked", "automatic"

struct CountOptions {
  std::optional<Eighths> komi;  // the arbiter's komi
  DeadStones dead = DeadStones::marked_else_settled;
  std::vector<std::string> dead_points;  // D4 or dd style
  int black_warnings = 0;
  int white_warnings = 0;
  SettleOptions settle;
  bool check_result = false;  // the count against RE: a disagreement is an error
};

// Dead stones as an arbiter gives them (go-score --dead): "auto" (settled), "none", "" (the
// record's marks, else settled), or points such as "D4,Q16" or "dd,pp" (given, a chain each;
// each must name a point of a board up to Board::kMaxSize, whichever board the game has). A
// part that is no point is a Problem whose reason begins with `what` (token: the part).
struct DeadStonesChoice {
  DeadStones dead = DeadStones::marked_else_settled;
  std::vector<std::string> points;  // when given
};
Expected<DeadStonesChoice> parse_dead_stones(std::string_view text, std::string_view what);

struct GameCount {
  Score score;
  Settlement settlement;  // when settled
  DeadSource dead_source = DeadSource::automatic;
  GameStatus status = GameStatus::ok;  // ok, or unfinished (a border left open)
  std::string reason;                  // why unfinished
};

// Counts a game replayed to its end (status ok). Findings go to `findings` with the record's
// line and column (0:0 when they concern no place in it), without file or game number: a KM
// that is not a komi (warning, when no komi is given), a dead point off this board (error) or
// on no stone (warning), uncertain stones and how they were counted (warnings), a border left
// open (warning), a count that disagrees with RE (error, with check_result).
GameCount count_game(const Replay& replay, const CountOptions& options, Diagnostics& findings);

// Whether a recorded RE ("B+R", "W+3.5", "0", "Draw") agrees with the count: the same winner,
// and the same margin when RE gives one. Empty when it agrees (or RE is empty), else the
// Problem: why not in words, and RE as written (token, without the spaces around it).
std::optional<Problem> result_disagreement(std::string_view recorded, const Score& score);

}  // namespace boardgames::go

BOARDGAMES_API_END
