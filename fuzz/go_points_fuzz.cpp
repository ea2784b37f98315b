// go-score's --dead list and komi values: any text splits into points that are on the board or
// refused, on every board size played; a point read is named back the same way; komi text is a
// komi in range or nothing.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/core/strings.h"
#include "boardgames/go/board.h"
#include "boardgames/go/record.h"
#include "boardgames/go/score.h"
#include "fuzz_support.h"

namespace go = boardgames::go;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  for (int board_size : {2, 9, 19, 25}) {
    const go::Board board(board_size);
    for (std::string_view part : boardgames::split(input, ',')) {
      const std::string_view text = boardgames::trim(part);
      for (const auto& point : {board.parse(text), board.parse_sgf(text)}) {
        if (!point) continue;
        fuzz::require(board.on_board(*point));
        fuzz::require(board.parse(board.name(*point)) == point);
      }
    }
  }
  if (const auto komi = go::parse_komi_points(input))
    fuzz::require(std::abs(*komi) <= go::kMaxKomi);
  char* end = nullptr;
  const double value = std::strtod(input.c_str(), &end);
  if (const auto komi = go::komi_from_stones(value))
    fuzz::require(std::isfinite(value) && std::abs(*komi) <= go::kMaxKomi);
  if (const auto komi = go::komi_from_points(value))
    fuzz::require(std::isfinite(value) && std::abs(*komi) <= go::kMaxKomi);
  return 0;
}
