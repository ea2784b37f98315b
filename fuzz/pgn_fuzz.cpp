// PGN: any bytes are read and validated without a crash; what the validator reports holds
// together (a valid game has no error, its main line replays to its final position) and every
// string it returns is UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"
#include "fuzz_support.h"

namespace sh = boardgames::shatar;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t lines = fuzz::count_lines(input);
  boardgames::Diagnostics diagnostics = fuzz::checked(lines);
  for (const sh::PgnGame& game : sh::read_pgn(input, "fuzz.pgn", diagnostics)) {
    const sh::GameReport report = sh::validate_game(game, "fuzz.pgn");
    fuzz::check_diagnostics(report.diagnostics, lines);
    for (const std::string* text : {&report.white, &report.black, &report.raw_result})
      fuzz::require_utf8(*text);
    if (report.error) fuzz::require_utf8(report.error->reason);
    for (const std::string& warning : report.warnings) fuzz::require_utf8(warning);
    if (report.valid()) {
      fuzz::require(!report.error_position);
      sh::Position position = report.start.value_or(sh::Position::initial());
      for (sh::Move move : report.main_line) position = position.after(move);
      fuzz::require(position.fen() == report.final_position.fen());
    }
  }
  return 0;
}
