// The tools' ordered parallel map (tools/common/parallel.h): every item once, results in input
// order whatever order the threads finish in, the count of finished items reaching the total.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "common/parallel.h"

TEST_CASE("ordered parallel map: results in input order on 1, 3 and 8 threads, each item once") {
  for (int jobs : {1, 3, 8}) {
    CAPTURE(jobs);
    std::atomic<int> calls{0};
    std::atomic<std::size_t> highest_done{0};
    const auto results = boardgames::cli::ordered_map<std::string>(
        50, jobs,
        [&](std::size_t i) {
          ++calls;
          // Early items take longest, so later ones finish first when there are threads.
          std::this_thread::sleep_for(std::chrono::microseconds(i < 5 ? 3000 : 10));
          return std::to_string(i * i);
        },
        [&](std::size_t done) {
          std::size_t seen = highest_done.load();
          while (done > seen && !highest_done.compare_exchange_weak(seen, done)) {
          }
        });
    REQUIRE(results.size() == 50);
    for (std::size_t i = 0; i < results.size(); ++i) CHECK(results[i] == std::to_string(i * i));
    CHECK(calls == 50);
    CHECK(highest_done == 50);
  }
  CHECK(boardgames::cli::ordered_map<int>(0, 4, [](std::size_t) { return 1; }).empty());
}
