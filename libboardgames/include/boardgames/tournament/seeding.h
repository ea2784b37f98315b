// The draw of numbers: which player gets pairing number 1, 2, ... before a schedule is made.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class DrawMethod : std::uint8_t {
  row_order,  // as the players CSV lists them
  rating,     // highest rating first; unrated players last; equal ratings keep row order
  lots,       // a reproducible random draw from a seed
};

// numbers[k] is the index (in `players`) of the player who draws number k + 1.
std::vector<std::size_t> draw_numbers(const std::vector<std::optional<std::int32_t>>& ratings,
                                      DrawMethod method, std::uint64_t seed);
std::vector<std::size_t> draw_numbers(const PlayerList& players, DrawMethod method,
                                      std::uint64_t seed);

// The draw a players file already holds in its `number` column (a draw made beforehand, or
// written back after rr-schedule): numbers[k] is the index of the player with number k + 1.
// Every player needs a number and the numbers must be 1..n, each once; otherwise each problem
// is reported (with the player's line) and the result is empty.
std::vector<std::size_t> numbers_from_file(const PlayerList& players, Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
