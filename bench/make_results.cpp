// Writes a large generated results CSV for benchmarking `standings`: a Swiss-like event of
// PLAYERS players over ROUNDS rounds (random pairings, random results, a pairing bye when the
// number is odd), reproducible with SEED.
//   make_results PLAYERS ROUNDS SEED > results.csv
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/random.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: make_results PLAYERS ROUNDS SEED\n");
    return 2;
  }
  const int players = std::atoi(argv[1]);
  const int rounds = std::atoi(argv[2]);
  boardgames::Random random(std::strtoull(argv[3], nullptr, 10));
  std::vector<int> order(static_cast<std::size_t>(players));
  std::iota(order.begin(), order.end(), 1);
  std::string out = "round,board,white,black,result\n";
  const char* results[] = {"1-0", "0-1", "½-½"};
  for (int r = 1; r <= rounds; ++r) {
    random.shuffle(std::span<int>(order));
    int board = 1;
    std::size_t i = 0;
    for (; i + 1 < order.size(); i += 2) {
      fmt::format_to(std::back_inserter(out), "{},{},P{},P{},{}\n", r, board++, order[i],
                     order[i + 1], results[random.below(3)]);
      if (out.size() > (1 << 20)) {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
      }
    }
    if (i < order.size()) fmt::format_to(std::back_inserter(out), "{},,P{},,bye\n", r, order[i]);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
