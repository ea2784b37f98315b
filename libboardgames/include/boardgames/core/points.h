// Points: every score in the library — game, match and board points, tie-break sums, the
// Swiss point systems — counted in tenths of a point.
//
// The rule books give whole or half points (1/½/0, 2/1/0, match points 2/1/0, board points
// 1/½/0); FIDE's TRF writes points with one decimal and lets a file choose any of them
// (BBW 3.0, BBD 1.3): in tenths both are integers and every sum is exact. No floating point is
// used for scores anywhere in the project. Stored in 32 bits (200 million points is far beyond
// any event) to keep per-round records small.
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

  static constexpr Points from_tenths(std::int64_t tenths) { return Points(tenths); }
  static constexpr Points from_halves(std::int64_t halves) { return Points(5 * halves); }
  static constexpr Points whole(std::int64_t points) { return Points(10 * points); }

  constexpr std::int64_t tenths() const { return tenths_; }
  // In half-points: exact when in_halves() (every value parse() and the rule books' point
  // systems give; a TRF's point system may give others).
  constexpr std::int64_t halves() const { return tenths_ / 5; }
  constexpr bool in_halves() const { return tenths_ % 5 == 0; }
  constexpr bool is_whole() const { return tenths_ % 10 == 0; }

  constexpr Points& operator+=(Points other) {
    tenths_ = static_cast<std::int32_t>(tenths_ + other.tenths_);
    return *this;
  }
  constexpr Points& operator-=(Points other) {
    tenths_ = static_cast<std::int32_t>(tenths_ - other.tenths_);
    return *this;
  }
  friend constexpr Points operator+(Points a, Points b) { return a += b; }
  friend constexpr Points operator-(Points a, Points b) { return a -= b; }
  friend constexpr Points operator-(Points a) { return Points(-a.tenths_); }
  friend constexpr Points operator*(std::int64_t k, Points a) { return Points(k * a.tenths()); }
  friend constexpr auto operator<=>(Points, Points) = default;

  // Whole and half points: accepts "3", "3.5", "3.0", "3½", "½", "-1", "0.5"; "3,5" is refused
  // (ambiguous in CSV), so are "1.25", "1.3" and more than 200,000,000 points.
  static std::optional<Points> parse(std::string_view text);

  // "3", "3.5", "-0.5", "1.3": for CSV and JSON.
  std::string decimal() const;
  // "3", "3½", "½", "-½" ("1.3" for a value between halves): for tables read by people.
  std::string text() const;

 private:
  explicit constexpr Points(std::int64_t tenths) : tenths_(static_cast<std::int32_t>(tenths)) {}
  std::int32_t tenths_ = 0;
};

}  // namespace boardgames

BOARDGAMES_API_END
