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

}  // namespace boardgames
