// Reproducible randomness for lots (drawing numbers, colours, tie lots).
//
// The same seed gives the same draw on every platform, compiler and standard library:
// std::mt19937 itself is portable, but std::uniform_int_distribution and std::shuffle are
// not, so both are written out here. Generator: xoshiro256** seeded through SplitMix64
// (Blackman and Vigna, 2018).
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <span>
#include <utility>

BOARDGAMES_API_BEGIN

namespace boardgames {

class Random {
 public:
  explicit Random(std::uint64_t seed);

  std::uint64_t next();

  // Uniform in [0, bound); bound > 0. Unbiased (rejection of the short top range).
  std::uint64_t below(std::uint64_t bound);

  // Fisher-Yates, from the back.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      using std::swap;
      swap(items[i - 1], items[j]);
    }
  }

 private:
  std::uint64_t state_[4];
};

}  // namespace boardgames

BOARDGAMES_API_END
