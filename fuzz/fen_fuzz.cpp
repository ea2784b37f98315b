// FEN (shatar-validate --perft N --start FEN, and the FEN tag of a record): any text is read
// without a crash; a position read is written back to the same FEN, read again to the same
// position, and its moves can be generated and played.
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/shatar/position.h"
#include "fuzz_support.h"

namespace sh = boardgames::shatar;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto position = sh::Position::from_fen(input);
  if (!position) {
    const boardgames::Problem& problem = position.problem();
    fuzz::require(!problem.reason.empty());
    fuzz::require_utf8(problem.reason);
    // The token is the FEN's own text, found at its column.
    fuzz::require(problem.token.empty() || input.find(problem.token) != std::string::npos);
    return 0;
  }
  const std::string fen = position->fen();
  const auto again = sh::Position::from_fen(fen);
  fuzz::require(again.has_value() && again->fen() == fen);
  sh::MoveList moves;
  position->legal_moves(moves);
  for (sh::Move move : moves) (void)position->after(move).fen();
  fuzz::require(sh::perft(*position, 1) == static_cast<std::uint64_t>(moves.size()));
  return 0;
}
