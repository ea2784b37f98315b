// Fraction: an exact rational value for tie-breaks that are not whole half-points
// (Sonneborn-Berger halves a half-point; averages and the Go "total score" divide by counts).
// Compared exactly by cross-multiplication; printed as a decimal only at the edge.
#pragma once

#include "boardgames/export.h"

#include <compare>
#include <cstdint>
#include <numeric>
#include <string>

#include "boardgames/core/points.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

class Fraction {
 public:
  constexpr Fraction() = default;
  constexpr Fraction(std::int64_t numerator, std::int64_t denominator = 1)  // NOLINT: a number
      : num_(numerator), den_(denominator) {
    normalise();
  }
  static constexpr Fraction of(Points p) { return Fraction(p.tenths(), 10); }

  constexpr std::int64_t numerator() const { return num_; }
  constexpr std::int64_t denominator() const { return den_; }

  friend constexpr Fraction operator+(Fraction a, Fraction b) {
    return Fraction(a.num_ * b.den_ + b.num_ * a.den_, a.den_ * b.den_);
  }
  friend constexpr Fraction operator-(Fraction a, Fraction b) {
    return Fraction(a.num_ * b.den_ - b.num_ * a.den_, a.den_ * b.den_);
  }
  friend constexpr Fraction operator*(Fraction a, Fraction b) {
    return Fraction(a.num_ * b.num_, a.den_ * b.den_);
  }
  friend constexpr Fraction operator/(Fraction a, Fraction b) {
    return Fraction(a.num_ * b.den_, a.den_ * b.num_);
  }
  Fraction& operator+=(Fraction b) { return *this = *this + b; }
  Fraction& operator-=(Fraction b) { return *this = *this - b; }

  friend constexpr bool operator==(Fraction a, Fraction b) {
    return a.num_ == b.num_ && a.den_ == b.den_;
  }
  friend constexpr std::strong_ordering operator<=>(Fraction a, Fraction b) {
    return a.num_ * b.den_ <=> b.num_ * a.den_;
  }

  // "12.25", "-3", "7.3333" (at most `digits` decimals, exact values unrounded when they fit,
  // trailing zeros dropped).
  std::string decimal(int digits = 4) const;
  // Nearest integer, halves rounded up (FIDE rounds ARO "half up").
  std::int64_t round_half_up() const;

 private:
  constexpr void normalise() {
    if (den_ < 0) {
      den_ = -den_;
      num_ = -num_;
    }
    if (den_ == 0) {  // never produced by the callers; keep the value defined
      num_ = 0;
      den_ = 1;
      return;
    }
    const std::int64_t g = std::gcd(num_ < 0 ? -num_ : num_, den_);
    if (g > 1) {
      num_ /= g;
      den_ /= g;
    }
  }

  std::int64_t num_ = 0;
  std::int64_t den_ = 1;
};

}  // namespace boardgames

BOARDGAMES_API_END
