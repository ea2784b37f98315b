// Validating a Shatar game record: every move of the main line and of every variation checked
// against the rules, the first illegal move with its reason, draws by rule that became
// claimable, check marks and the recorded result compared with the position.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/position.h"

namespace boardgames::shatar {

struct GameReport {
  int index = 0;  // in its file, 1-based
  std::string white;
  std::string black;
  std::string result;  // the Result tag (or the movetext's result when there is no tag)
  int plies = 0;       // main-line plies read (up to the first illegal move)
  bool valid = true;
  int error_ply = 0;   // 1-based ply of the first illegal move (main line or variation)
  std::string reason;  // its reason in words
  std::string error_token;
  std::optional<Position> error_position;  // the position the illegal move was played in
  Position final_position = Position::initial();
  std::vector<Move> main_line;  // the legal main-line moves
  std::optional<Position> start;  // from a FEN tag
  // Findings in file order: errors, warnings, and notes (claimable draws).
  std::vector<Diagnostic> diagnostics;
};

GameReport validate_game(const PgnGame& game, const std::string& file);

}  // namespace boardgames::shatar
