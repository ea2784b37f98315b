// Points: a score counted in half-points.
//
// Every point system in the rule books gives whole or half points (1/½/0, 2/1/0, match
// points 2/1/0, board points 1/½/0), so a score is an integer number of halves and every sum
// is exact. No floating point is used for scores anywhere in the project. Stored in 32 bits
// (a billion points is far beyond any event) to keep per-round records small.
#pragma once

#include "boardgames/export.h"

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

class Points {
 public:
  constexpr Points() = default;

  static constexpr Points from_halves(std::int64_t halves) { return Points(halves); }
  static constexpr Points whole(std::int64_t points) { return Points(2 * points); }

  constexpr std::int64_t halves() const { return halves_; }
  constexpr bool is_whole() const { return halves_ % 2 == 0; }

  constexpr Points& operator+=(Points other) {
    halves_ = static_cast<std::int32_t>(halves_ + other.halves_);
    return *this;
  }
  constexpr Points& operator-=(Points other) {
    halves_ = static_cast<std::int32_t>(halves_ - other.halves_);
    return *this;
  }
  friend constexpr Points operator+(Points a, Points b) { return a += b; }
  friend constexpr Points operator-(Points a, Points b) { return a -= b; }
  friend constexpr Points operator-(Points a) { return Points(-a.halves_); }
  friend constexpr Points operator*(std::int64_t k, Points a) { return Points(k * a.halves()); }
  friend constexpr auto operator<=>(Points, Points) = default;

  // Accepts "3", "3.5", "3.0", "3½", "½", "-1", "0.5", "3,5" is refused (ambiguous in CSV).
  static std::optional<Points> parse(std::string_view text);

  // "3", "3.5", "-0.5": for CSV and JSON.
  std::string decimal() const;
  // "3", "3½", "½", "-½": for tables read by people.
  std::string text() const;

 private:
  explicit constexpr Points(std::int64_t halves) : halves_(static_cast<std::int32_t>(halves)) {}
  std::int32_t halves_ = 0;
};

}  // namespace boardgames

BOARDGAMES_API_END
