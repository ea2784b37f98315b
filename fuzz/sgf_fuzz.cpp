// SGF: any bytes are read without a crash; every game read is replayed, counted and settled, and
// what comes out holds together (the board is consistent, the count covers every point, the
// settlement keeps its promises).
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/go/record.h"
#include "go_settle.h"

namespace go = boardgames::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t lines = fuzz::count_lines(input);
  boardgames::Diagnostics diagnostics = fuzz::checked(lines);
  for (const go::SgfGame& game : go::read_sgf(input, "fuzz.sgf", diagnostics)) {
    const go::Replay replay = go::replay_sgf(game, go::Rules{}, "fuzz.sgf", diagnostics);
    fuzz::require(replay.board.consistent());
    for (const std::string* text : {&replay.black, &replay.white, &replay.result})
      fuzz::require_utf8(*text);
    if (replay.problem) fuzz::require_utf8(replay.problem->reason);
    fuzz::require(replay.legal() == (replay.status == go::GameStatus::ok));
    if (replay.status != go::GameStatus::ok) continue;
    go::ScoreSettings settings;
    settings.komi = replay.komi.value_or(30);
    const go::Score score = go::count_area(replay.board, replay.marked_dead, settings);
    fuzz::require(score.black + score.white ==
                  static_cast<long>(replay.board.all_points().size()) * go::kStone);
    fuzz::check_settlement(replay.board, replay.to_move);
  }
  return 0;
}
