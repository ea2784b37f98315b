// Batch work on several threads for the tools that take -j N (go-score, shatar-validate): one
// ordered parallel map, and progress on standard error for the long runs.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace boardgames::cli {

class Tool;

// Progress of a long batch: "\rtool: TEXT" on standard error, only when it is a terminal
// (never in a pipe or a log), at most five times a second, the line cleared at the end.
// Thread-safe.
class Progress {
 public:
  explicit Progress(const Tool& tool);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool active() const { return active_; }
  // `text()` is called only when the line is due to be written.
  void show(const std::function<std::string()>& text);

 private:
  std::string name_;
  bool active_;
  bool shown_ = false;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_{};
};

// work(i) for every i in [0, count), on min(jobs, count) threads (the calling thread one of
// them), the results in the order of i whatever the order they finish in. After each item
// `done(n)` is called, if given, with the number finished so far (from the thread that finished
// it). `work` must be safe to run on several items at once.
template <typename Result, typename Work>
std::vector<Result> ordered_map(std::size_t count, int jobs, Work&& work,
                                const std::function<void(std::size_t)>& done = {}) {
  std::vector<Result> results(count);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  auto worker = [&]() {
    for (std::size_t i = next++; i < count; i = next++) {
      results[i] = work(i);
      const std::size_t n = ++finished;
      if (done) done(n);
    }
  };
  std::vector<std::thread> pool;
  const std::size_t threads =
      std::min<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), count);
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& thread : pool) thread.join();
  return results;
}

}  // namespace boardgames::cli
