#include "boardgames/core/string_index.h"

namespace boardgames {

std::uint64_t StringIndex::hash_of(std::string_view key) {
  // FNV-1a, then a SplitMix64 finaliser so that the low bits (the bucket) are well mixed.
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (char c : key) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ULL;
  }
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBULL;
  h ^= h >> 31;
  return h;
}

std::size_t StringIndex::probe(std::string_view key, std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  while (true) {
    const Slot& slot = slots_[i];
    if (slot.value == kMissing) return i;
    if (slot.hash == hash && slot.length == key.size() &&
        std::string_view(arena_).substr(slot.offset, slot.length) == key) {
      return i;
    }
    i = (i + 1) & mask;
  }
}

std::int32_t StringIndex::find(std::string_view key) const {
  if (slots_.empty()) return kMissing;
  return slots_[probe(key, hash_of(key))].value;
}

std::pair<std::int32_t, bool> StringIndex::insert(std::string_view key, std::int32_t value) {
  if ((count_ + 1) * 2 > slots_.size()) grow();
  const std::uint64_t hash = hash_of(key);
  Slot& slot = slots_[probe(key, hash)];
  if (slot.value != kMissing) return {slot.value, false};
  slot.hash = hash;
  slot.offset = static_cast<std::uint32_t>(arena_.size());
  slot.length = static_cast<std::uint32_t>(key.size());
  slot.value = value;
  arena_ += key;
  ++count_;
  return {value, true};
}

void StringIndex::assign(std::string_view key, std::int32_t value) {
  auto [stored, inserted] = insert(key, value);
  if (!inserted && stored != value) slots_[probe(key, hash_of(key))].value = value;
}

void StringIndex::clear() {
  slots_.clear();
  arena_.clear();
  count_ = 0;
}

void StringIndex::reserve(std::size_t keys) {
  while (slots_.size() < keys * 2) grow();
}

void StringIndex::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 64 : old.size() * 2, Slot{});
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.value == kMissing) continue;
    std::size_t i = static_cast<std::size_t>(slot.hash) & mask;
    while (slots_[i].value != kMissing) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

}  // namespace boardgames
