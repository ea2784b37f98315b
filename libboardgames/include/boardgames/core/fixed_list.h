// FixedList: a list of at most Capacity values kept inline (no allocation), for the move lists
// of the move generators, which are made and dropped millions of times a second. The caller
// guarantees the capacity: a game's largest number of legal moves in a position bounds it.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstddef>

BOARDGAMES_API_BEGIN

namespace boardgames {

template <typename T, std::size_t Capacity>
class FixedList {
 public:
  static constexpr std::size_t capacity() { return Capacity; }

  // Size below Capacity.
  void push(T value) { items_[size_++] = value; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T operator[](std::size_t i) const { return items_[i]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<T, Capacity> items_{};
  std::size_t size_ = 0;
};

}  // namespace boardgames

BOARDGAMES_API_END
