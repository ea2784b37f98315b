// Writes a generated Swiss event as a FIDE TRF, for benchmarking `swiss-pair`: PLAYERS players
// (ratings 2800 down to 1000), PLAYED rounds already played, TOTAL rounds in all. Each played
// round is paired quickly and plausibly — score groups top-down, each player against the next
// one he has not met, White to whoever has had fewer Whites — with results drawn from the
// rating difference (a third of the games drawn). Reproducible with SEED.
//   make_swiss PLAYERS PLAYED TOTAL SEED > event.trf
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/random.h"

namespace {

struct Entry {
  int opponent = 0;  // 1-based, 0: bye
  char colour = '-';
  char result = 'U';
};

struct Generated {
  int rating = 0;
  int score = 0;  // half points
  int whites = 0;
  int blacks = 0;
  bool had_bye = false;
  std::set<int> met;
  std::vector<Entry> rounds;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: make_swiss PLAYERS PLAYED TOTAL SEED\n");
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const int played = std::atoi(argv[2]);
  const int total = std::atoi(argv[3]);
  boardgames::Random random(std::strtoull(argv[4], nullptr, 10));
  if (n < 2 || played < 0 || total <= played) {
    std::fprintf(stderr, "make_swiss: need PLAYERS >= 2 and PLAYED < TOTAL\n");
    return 2;
  }
  std::vector<Generated> players(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    players[static_cast<std::size_t>(i)].rating = 2800 - (1800 * i) / std::max(1, n - 1);
  for (int r = 0; r < played; ++r) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return players[static_cast<std::size_t>(a)].score >
             players[static_cast<std::size_t>(b)].score;
    });
    std::vector<bool> done(static_cast<std::size_t>(n), false);
    if (n % 2 == 1) {
      // The bye: the lowest player who has not had one.
      for (auto it = order.rbegin(); it != order.rend(); ++it) {
        Generated& p = players[static_cast<std::size_t>(*it)];
        if (p.had_bye) continue;
        p.had_bye = true;
        p.score += 2;
        p.rounds.push_back({0, '-', 'U'});
        done[static_cast<std::size_t>(*it)] = true;
        break;
      }
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
      const int a = order[i];
      if (done[static_cast<std::size_t>(a)]) continue;
      Generated& pa = players[static_cast<std::size_t>(a)];
      int b = -1;
      for (std::size_t j = i + 1; j < order.size(); ++j) {
        const int c = order[j];
        if (!done[static_cast<std::size_t>(c)] && !pa.met.count(c)) {
          b = c;
          break;
        }
      }
      if (b < 0) {
        for (std::size_t j = i + 1; j < order.size(); ++j) {
          if (!done[static_cast<std::size_t>(order[j])]) {
            b = order[j];
            break;
          }
        }
      }
      if (b < 0) {  // the last one left: a zero-point round
        pa.rounds.push_back({0, '-', 'Z'});
        done[static_cast<std::size_t>(a)] = true;
        continue;
      }
      Generated& pb = players[static_cast<std::size_t>(b)];
      done[static_cast<std::size_t>(a)] = done[static_cast<std::size_t>(b)] = true;
      const bool a_white =
          (pa.whites - pa.blacks) < (pb.whites - pb.blacks) ||
          ((pa.whites - pa.blacks) == (pb.whites - pb.blacks) && random.below(2) == 0);
      Generated& w = a_white ? pa : pb;
      Generated& k = a_white ? pb : pa;
      const int wi = a_white ? a : b;
      const int ki = a_white ? b : a;
      ++w.whites;
      ++k.blacks;
      w.met.insert(ki);
      k.met.insert(wi);
      const double expected = 1.0 / (1.0 + std::pow(10.0, (k.rating - w.rating) / 400.0));
      const double roll = static_cast<double>(random.below(1000000)) / 1e6;
      char wr = '=';
      char kr = '=';
      if (roll < expected - 1.0 / 6) {
        wr = '1';
        kr = '0';
        w.score += 2;
      } else if (roll > expected + 1.0 / 6) {
        wr = '0';
        kr = '1';
        k.score += 2;
      } else {
        ++w.score;
        ++k.score;
      }
      w.rounds.push_back({ki + 1, 'w', wr});
      k.rounds.push_back({wi + 1, 'b', kr});
    }
  }
  std::string out =
      fmt::format("012 Generated Swiss, {} players, {} of {} rounds played\nXXR {}\nXXC white1\n",
                  n, played, total, total);
  for (int i = 0; i < n; ++i) {
    const Generated& p = players[static_cast<std::size_t>(i)];
    const std::string name = fmt::format("Player{:04}", i + 1);
    out += fmt::format("001 {:>4}      {:<33} {:>4}{:>28}{:>4} {:>4}", i + 1, name, p.rating, "",
                       fmt::format("{}.{}", p.score / 2, p.score % 2 ? 5 : 0), i + 1);
    for (const Entry& e : p.rounds)
      out += fmt::format("  {:>4} {} {}", e.opponent, e.colour, e.result);
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
