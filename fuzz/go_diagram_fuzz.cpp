// Typed-in Go diagrams (go-score's other input): any text is read without a crash, an error
// points inside the text, and a board read settles and counts.
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/go/record.h"
#include "go_settle.h"

namespace go = boardgames::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto diagram = go::read_diagram(input);
  if (!diagram) {
    fuzz::require(diagram.problem().where.line <= fuzz::count_lines(input));
    fuzz::require_utf8(diagram.problem().reason);
    return 0;
  }
  fuzz::require(diagram->board.consistent());
  fuzz::check_settlement(diagram->board, diagram->to_move);
  return 0;
}
