// WideUint<L>: an unsigned integer of L 64-bit limbs (least significant first), for edge
// weights that pack many lexicographic criteria into one number. Only what weighted matching
// needs: add, subtract (the caller keeps results non-negative, or relies on wrap-around like
// any unsigned type), compare, shifts, halving and setting a field of bits.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

BOARDGAMES_API_BEGIN

namespace boardgames {

template <std::size_t L>
struct WideUint {
  static constexpr std::size_t kLimbs = L;
  static constexpr std::size_t kBits = 64 * L;
  std::array<std::uint64_t, L> limb{};

  constexpr WideUint() = default;
  constexpr explicit WideUint(std::uint64_t value) { limb[0] = value; }

  constexpr bool is_zero() const {
    for (std::uint64_t x : limb) {
      if (x != 0) return false;
    }
    return true;
  }
  constexpr explicit operator bool() const { return !is_zero(); }

  constexpr WideUint& operator+=(const WideUint& other) {
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < L; ++i) {
      const std::uint64_t a = limb[i];
      const std::uint64_t sum = a + other.limb[i];
      const std::uint64_t carry_out = sum < a ? 1 : 0;
      limb[i] = sum + carry;
      carry = carry_out | (limb[i] < sum ? 1 : 0);
    }
    return *this;
  }
  constexpr WideUint& operator-=(const WideUint& other) {
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < L; ++i) {
      const std::uint64_t a = limb[i];
      const std::uint64_t diff = a - other.limb[i];
      const std::uint64_t borrow_out = a < other.limb[i] ? 1 : 0;
      limb[i] = diff - borrow;
      borrow = borrow_out | (diff < borrow ? 1 : 0);
    }
    return *this;
  }
  friend constexpr WideUint operator+(WideUint a, const WideUint& b) { return a += b; }
  friend constexpr WideUint operator-(WideUint a, const WideUint& b) { return a -= b; }

  friend constexpr bool operator==(const WideUint& a, const WideUint& b) {
    return a.limb == b.limb;
  }
  friend constexpr bool operator<(const WideUint& a, const WideUint& b) {
    for (std::size_t i = L; i-- > 0;) {
      if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
    }
    return false;
  }
  friend constexpr bool operator>(const WideUint& a, const WideUint& b) { return b < a; }
  // a < b reading both as two's complement (the top bit is the sign): for values that may
  // have gone below zero, such as a perfect matching's vertex duals.
  friend constexpr bool signed_less(const WideUint& a, const WideUint& b) {
    const bool a_negative = (a.limb[L - 1] >> 63) != 0;
    const bool b_negative = (b.limb[L - 1] >> 63) != 0;
    if (a_negative != b_negative) return a_negative;
    return a < b;
  }
  friend constexpr bool operator<=(const WideUint& a, const WideUint& b) { return !(b < a); }
  friend constexpr bool operator>=(const WideUint& a, const WideUint& b) { return !(a < b); }

  constexpr WideUint& operator<<=(std::size_t shift) {
    if (shift >= kBits) return *this = WideUint{};
    const std::size_t words = shift / 64;
    const std::size_t bits = shift % 64;
    for (std::size_t i = L; i-- > 0;) {
      std::uint64_t value = i >= words ? limb[i - words] << bits : 0;
      if (bits != 0 && i >= words + 1) value |= limb[i - words - 1] >> (64 - bits);
      limb[i] = value;
    }
    return *this;
  }
  constexpr WideUint& operator>>=(std::size_t shift) {
    if (shift >= kBits) return *this = WideUint{};
    const std::size_t words = shift / 64;
    const std::size_t bits = shift % 64;
    for (std::size_t i = 0; i < L; ++i) {
      std::uint64_t value = i + words < L ? limb[i + words] >> bits : 0;
      if (bits != 0 && i + words + 1 < L) value |= limb[i + words + 1] << (64 - bits);
      limb[i] = value;
    }
    return *this;
  }
  friend constexpr WideUint operator<<(WideUint a, std::size_t shift) { return a <<= shift; }
  friend constexpr WideUint operator>>(WideUint a, std::size_t shift) { return a >>= shift; }

  // Adds `value` << `shift` (value < 2^64).
  constexpr void add_at(std::size_t shift, std::uint64_t value) {
    WideUint addend(value);
    addend <<= shift;
    *this += addend;
  }
  constexpr void subtract_at(std::size_t shift, std::uint64_t value) {
    WideUint amount(value);
    amount <<= shift;
    *this -= amount;
  }
  // The bit at `index`.
  constexpr bool bit(std::size_t index) const {
    return ((limb[index / 64] >> (index % 64)) & 1) != 0;
  }

  // Hexadecimal, for tests and debugging.
  std::string hex() const {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    bool started = false;
    for (std::size_t i = L; i-- > 0;) {
      for (int nibble = 15; nibble >= 0; --nibble) {
        const auto d = static_cast<unsigned>((limb[i] >> (4 * nibble)) & 15);
        if (d != 0) started = true;
        if (started) out += kDigits[d];
      }
    }
    return out.empty() ? "0" : out;
  }
};

}  // namespace boardgames

BOARDGAMES_API_END
