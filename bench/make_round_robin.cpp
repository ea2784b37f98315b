// Writes a large generated round robin for benchmarking `standings`: PLAYERS players (an even
// number) over the circle method's PLAYERS − 1 rounds, random results, and WITHDRAWN players
// who withdrew after a round drawn from the second half: their later games have no row, which
// the withdrawal rule turns into forfeits placed round by round. Reproducible with SEED.
//   make_round_robin PLAYERS WITHDRAWN SEED DIR   (writes DIR/results.csv, DIR/players.csv)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/random.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: make_round_robin PLAYERS WITHDRAWN SEED DIR\n");
    return 2;
  }
  const int players = std::atoi(argv[1]) / 2 * 2;
  const int withdrawn = std::atoi(argv[2]);
  boardgames::Random random(std::strtoull(argv[3], nullptr, 10));
  const std::string dir = argv[4];
  if (players < 4 || withdrawn < 0 || withdrawn > players) {
    std::fprintf(stderr, "make_round_robin: 4 or more players, at most as many withdrawn\n");
    return 2;
  }
  // Player p withdrew after round left[p] (0: did not withdraw).
  std::vector<int> left(static_cast<std::size_t>(players) + 1, 0);
  std::vector<int> order(static_cast<std::size_t>(players));
  std::iota(order.begin(), order.end(), 1);
  random.shuffle(std::span<int>(order));
  for (int k = 0; k < withdrawn; ++k) {
    const auto half = static_cast<std::uint64_t>(players / 2);
    left[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] =
        static_cast<int>(half + random.below(static_cast<std::uint64_t>(players - 1) - half));
  }
  std::FILE* results = std::fopen((dir + "/results.csv").c_str(), "w");
  std::FILE* list = std::fopen((dir + "/players.csv").c_str(), "w");
  if (results == nullptr || list == nullptr) {
    std::fprintf(stderr, "make_round_robin: cannot write in %s\n", dir.c_str());
    return 2;
  }
  std::string out = "round,board,white,black,result\n";
  const char* outcomes[] = {"1-0", "0-1", "½-½"};
  std::vector<int> circle(static_cast<std::size_t>(players));
  std::iota(circle.begin(), circle.end(), 1);
  auto gone = [&](int p, int r) {
    const int after = left[static_cast<std::size_t>(p)];
    return after > 0 && r > after;
  };
  for (int r = 1; r < players; ++r) {
    int board = 1;
    for (int i = 0; i < players / 2; ++i) {
      const int a = circle[static_cast<std::size_t>(i)];
      const int b = circle[static_cast<std::size_t>(players - 1 - i)];
      if (gone(a, r) || gone(b, r)) continue;
      fmt::format_to(std::back_inserter(out), "{},{},P{},P{},{}\n", r, board++, a, b,
                     outcomes[random.below(3)]);
    }
    std::rotate(circle.begin() + 1, circle.end() - 1, circle.end());
    if (out.size() > (1 << 20)) {
      std::fwrite(out.data(), 1, out.size(), results);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), results);
  std::string names = "name,withdrawn\n";
  for (int p = 1; p <= players; ++p)
    fmt::format_to(std::back_inserter(names), "P{},{}\n", p,
                   left[static_cast<std::size_t>(p)] > 0 ? "yes" : "");
  std::fwrite(names.data(), 1, names.size(), list);
  std::fclose(results);
  std::fclose(list);
  return 0;
}
