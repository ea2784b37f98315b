// StringIndex: a map from strings to small integers in one flat open-addressing table.
//
// Looking up player ids and names is the hot path of reading a results file (two look-ups a
// row). std::unordered_map costs a node allocation per key and a pointer chase per look-up; here
// a look-up is one probe into a flat array of hashes (keys live in one arena), which keeps a
// million-row file in the time budget.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

BOARDGAMES_API_BEGIN

namespace boardgames {

class StringIndex {
 public:
  static constexpr std::int32_t kMissing = -1;

  // The value stored for `key`, or kMissing.
  std::int32_t find(std::string_view key) const;
  // Stores key → value unless the key is present; returns the stored value and whether it
  // was inserted.
  std::pair<std::int32_t, bool> insert(std::string_view key, std::int32_t value);
  // Stores key → value, replacing any earlier value.
  void assign(std::string_view key, std::int32_t value);

  std::size_t size() const { return count_; }
  void clear();
  void reserve(std::size_t keys);

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
    std::int32_t value = kMissing;  // kMissing marks an empty slot
  };
  static std::uint64_t hash_of(std::string_view key);
  std::size_t probe(std::string_view key, std::uint64_t hash) const;
  void grow();

  std::vector<Slot> slots_;
  std::string arena_;
  std::size_t count_ = 0;
};

}  // namespace boardgames

BOARDGAMES_API_END
