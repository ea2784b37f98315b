// The tools' ordered parallel map (tools/common/parallel.h): every item once, results in input
// order whatever order the threads finish in, the count of finished items reaching the total;
// the ordered pipeline: parts written in order, numbered across items, exceptions passed on.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
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

TEST_CASE(
    "ordered pipeline: parts written in item order, each numbered after the units of the items "
    "ahead, at most a window in flight, on 1, 2, 3 and 8 threads") {
  struct Part {
    std::size_t item = 0;
    std::size_t units = 0;
    std::size_t before = 0;
    bool second_ran = false;
  };
  constexpr std::size_t kItems = 300;
  for (int jobs : {1, 2, 3, 8}) {
    CAPTURE(jobs);
    const std::size_t window = 2 * static_cast<std::size_t>(jobs);
    std::size_t produced = 0;
    std::atomic<std::size_t> in_flight{0};
    std::atomic<std::size_t> most_in_flight{0};
    std::vector<Part> written;
    boardgames::cli::ordered_pipeline<std::size_t, Part>(
        jobs, window,
        [&](std::size_t& item) {
          if (produced == kItems) return false;
          item = produced++;
          const std::size_t now = ++in_flight;
          std::size_t seen = most_in_flight.load();
          while (now > seen && !most_in_flight.compare_exchange_weak(seen, now)) {
          }
          return true;
        },
        [&](const std::size_t& item, Part& part) {
          CHECK_FALSE(part.second_ran);  // a fresh part, whatever the slot held before
          // Every seventh item slow, so that later ones overtake it.
          if (item % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(300));
          part.item = item;
          part.units = item % 4;  // some items hold nothing
          return part.units;
        },
        [&](std::size_t before, Part& part) {
          if (part.item % 5 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
          part.before = before;
          part.second_ran = true;
        },
        [&](Part& part) {
          --in_flight;
          written.push_back(part);
        });
    REQUIRE(written.size() == kItems);
    std::size_t before = 0;
    for (std::size_t i = 0; i < kItems; ++i) {
      CAPTURE(i);
      CHECK(written[i].item == i);
      CHECK(written[i].second_ran);
      CHECK(written[i].before == before);
      before += written[i].units;
    }
    CHECK(most_in_flight.load() <= window);
  }
}

TEST_CASE("ordered pipeline: an exception in a stage stops it and reaches the caller") {
  for (int jobs : {1, 2, 4}) {
    CAPTURE(jobs);
    std::size_t produced = 0;
    std::size_t written = 0;
    auto run = [&](int failing_stage) {
      produced = written = 0;
      boardgames::cli::ordered_pipeline<std::size_t, std::size_t>(
          jobs, 3,
          [&](std::size_t& item) {
            if (failing_stage == 0 && produced == 40) throw std::runtime_error("next");
            item = produced++;
            return produced <= 1000;
          },
          [&](const std::size_t& item, std::size_t& part) {
            if (failing_stage == 1 && item == 40) throw std::runtime_error("first");
            part = item;
            return std::size_t{1};
          },
          [&](std::size_t, std::size_t& part) {
            if (failing_stage == 2 && part == 40) throw std::runtime_error("second");
          },
          [&](std::size_t& part) {
            if (failing_stage == 3 && part == 40) throw std::runtime_error("write");
            ++written;
          });
    };
    for (int stage = 0; stage < 4; ++stage) {
      CAPTURE(stage);
      CHECK_THROWS_AS(run(stage), std::runtime_error);
      CHECK(written <= 40);  // nothing is written after the item that failed
    }
    run(-1);
    CHECK(written == 1000);
  }
}
