#include "boardgames/tournament/seeding.h"

#include <algorithm>
#include <numeric>
#include <span>

#include "boardgames/core/random.h"

namespace boardgames {

std::vector<std::size_t> draw_numbers(const std::vector<std::optional<std::int32_t>>& ratings,
                                      DrawMethod method, std::uint64_t seed) {
  std::vector<std::size_t> order(ratings.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  switch (method) {
    case DrawMethod::row_order:
      break;
    case DrawMethod::rating:
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto& ra = ratings[a];
        const auto& rb = ratings[b];
        if (ra.has_value() != rb.has_value()) return ra.has_value();
        return ra.has_value() && *ra > *rb;
      });
      break;
    case DrawMethod::lots: {
      Random random(seed);
      random.shuffle(std::span<std::size_t>(order));
      break;
    }
  }
  return order;
}

std::vector<std::size_t> draw_numbers(const PlayerList& players, DrawMethod method,
                                      std::uint64_t seed) {
  std::vector<std::optional<std::int32_t>> ratings;
  ratings.reserve(players.size());
  for (const auto& player : players.players) ratings.push_back(player.rating);
  return draw_numbers(ratings, method, seed);
}

std::vector<std::size_t> numbers_from_file(const PlayerList& players, Diagnostics& diagnostics) {
  const std::size_t n = players.size();
  std::vector<std::size_t> order(n, n);
  bool good = true;
  for (std::size_t i = 0; i < n; ++i) {
    const Player& player = players.players[i];
    const SourceLocation where = players.location(player, "number");
    if (!player.number) {
      diagnostics.error(where, "'" + player.name +
                                   "' has no number (the number column gives the "
                                   "draw: every player needs one)");
      good = false;
      continue;
    }
    const auto number = static_cast<std::size_t>(*player.number);
    if (number < 1 || number > n) {
      diagnostics.error(where, "'" + player.name + "' has number " + std::to_string(number) +
                                   ", but the " + std::to_string(n) + " players draw 1 to " +
                                   std::to_string(n));
      good = false;
      continue;
    }
    order[number - 1] = i;  // numbers are unique (the players reader refuses a repeated one)
  }
  if (!good) return {};
  return order;
}

}  // namespace boardgames
