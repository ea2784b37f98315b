// The draw of numbers: which player gets pairing number 1, 2, ... before a schedule is made.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "boardgames/tournament/player.h"

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

}  // namespace boardgames
