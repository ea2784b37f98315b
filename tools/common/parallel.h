// Batch work on several threads for the tools that take -j N (go-score, shatar-validate): an
// ordered parallel map, an ordered pipeline, and progress on standard error for the long runs.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <system_error>
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

// An ordered pipeline over items that come one at a time (the slices of a file): `jobs` threads
// (the calling thread one of them) each take the next item, work on it, and write it once every
// item before it is written.
//   next(item)              the next item, false at the end; called by one thread at a time, in
//                           order (keep it cheap: the other threads may be waiting for it);
//   first(item, part)       a fresh part for the item, filled; returns what it counts (a
//                           Count: how many games the item holds, say, or games and lines);
//   second(before, part)    once every earlier item is counted: `before` is the sum (+=) of
//                           their counts, from Count{} (so games can be numbered across the
//                           items, lines placed);
//   write(part)             one item at a time, in the order of the items, on the thread that
//                           finished the item or the one writing the item before it: no thread
//                           is woken just to write (on two cores a writing thread of its own
//                           took turns with a worker on one core, about six switches an item).
// At most `window` items are between next() and write() at once, so memory stays that of a
// window however many items come. The stages but write() must be safe to run on several items
// at once. With jobs 1 everything runs on the calling thread, item by item. An exception from any
// stage stops the pipeline and is rethrown on the calling thread once the threads have stopped.
template <typename Item, typename Part, typename Count = std::size_t, typename Next, typename First,
          typename Second, typename Write>
void ordered_pipeline(int jobs, std::size_t window, Next&& next, First&& first, Second&& second,
                      Write&& write) {
  if (jobs <= 1) {
    Item item{};
    Count before{};
    while (next(item)) {
      Part part{};
      const Count counted = first(item, part);
      second(before, part);
      before += counted;
      write(part);
    }
    return;
  }
  window = std::max<std::size_t>(window, 1);
  struct Slot {
    Item item{};
    Part part{};
    Count count{};
    Count before{};
    bool counted = false;
    bool done = false;
  };
  std::vector<Slot> ring(window);
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t claimed = 0;   // items taken from next()
  std::size_t numbered = 0;  // items whose `before` is known
  Count counted_so_far{};
  std::size_t written = 0;
  bool writing = false;  // a thread is writing items, and goes on while the next one is done
  bool exhausted = false;
  bool stop = false;
  std::exception_ptr failure;
  auto worker = [&]() {
    std::unique_lock<std::mutex> lock(mutex);
    try {
      while (true) {
        changed.wait(lock, [&] { return stop || exhausted || claimed < written + window; });
        if (stop || exhausted) return;
        const std::size_t k = claimed;
        Slot& slot = ring[k % window];
        if (!next(slot.item)) {
          exhausted = true;
          changed.notify_all();
          return;
        }
        ++claimed;
        slot.counted = slot.done = false;
        lock.unlock();
        slot.part = Part{};
        const Count count = first(slot.item, slot.part);
        lock.lock();
        slot.count = count;
        slot.counted = true;
        // Number the items counted so far in order: each `before` is the sum of those ahead.
        const std::size_t was_numbered = numbered;
        while (numbered < claimed && ring[numbered % window].counted) {
          Slot& ready = ring[numbered % window];
          ready.before = counted_so_far;
          counted_so_far += ready.count;
          ++numbered;
        }
        if (numbered > was_numbered + 1) changed.notify_all();  // others' items too
        changed.wait(lock, [&] { return stop || numbered > k; });
        if (stop) return;
        const Count before = slot.before;
        lock.unlock();
        second(before, slot.part);
        lock.lock();
        slot.done = true;
        if (writing) continue;  // the writing thread comes to it
        writing = true;
        while (!stop && written < claimed && ring[written % window].done) {
          Slot& head = ring[written % window];
          lock.unlock();
          write(head.part);
          lock.lock();
          head.done = false;
          ++written;
          changed.notify_all();  // room in the window
        }
        writing = false;
      }
    } catch (...) {
      if (!lock.owns_lock()) lock.lock();
      if (!failure) failure = std::current_exception();
      stop = true;
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  try {
    for (int t = 1; t < jobs; ++t) pool.emplace_back(worker);
  } catch (const std::system_error&) {
    // No more threads to be had: those started (the calling thread at least) do the work.
  }
  worker();
  for (std::thread& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace boardgames::cli
