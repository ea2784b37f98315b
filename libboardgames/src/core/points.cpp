#include "boardgames/core/points.h"

#include "boardgames/core/strings.h"

namespace boardgames {

std::optional<Points> Points::parse(std::string_view text) {
  text = trim(text);
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  std::int64_t halves = 0;
  constexpr std::string_view kHalfSign = "\xC2\xBD";  // ½
  if (text.ends_with(kHalfSign)) {
    text.remove_suffix(kHalfSign.size());
    halves = 1;
    if (text.empty()) return Points::from_halves(negative ? -1 : 1);
  }
  std::string_view whole_part = text;
  std::string_view fraction;
  if (auto dot = text.find('.'); dot != std::string_view::npos) {
    if (halves != 0) return std::nullopt;  // "1.5½"
    whole_part = text.substr(0, dot);
    fraction = text.substr(dot + 1);
    if (whole_part.empty() && fraction.empty()) return std::nullopt;
  }
  std::int64_t whole = 0;
  if (!whole_part.empty()) {
    auto parsed = parse_integer(whole_part);
    if (!parsed || whole_part.front() == '-' || whole_part.front() == '+') return std::nullopt;
    whole = *parsed;
  } else if (fraction.empty()) {
    return std::nullopt;
  }
  if (!fraction.empty()) {
    // Only .0, .5, .50, .00 ... are representable.
    if (fraction.find_first_not_of('0', 1) != std::string_view::npos) return std::nullopt;
    if (fraction.front() == '5') {
      halves = 1;
    } else if (fraction.front() != '0') {
      return std::nullopt;
    }
  }
  if (whole > 200'000'000) return std::nullopt;
  std::int64_t total = 2 * whole + halves;
  return Points::from_halves(negative ? -total : total);
}

std::string Points::decimal() const {
  const std::int64_t magnitude = tenths_ < 0 ? -std::int64_t{tenths_} : tenths_;
  std::string out = tenths_ < 0 ? "-" : "";
  out += std::to_string(magnitude / 10);
  if (magnitude % 10 != 0) {
    out += '.';
    out += static_cast<char>('0' + magnitude % 10);
  }
  return out;
}

std::string Points::text() const {
  if (!in_halves()) return decimal();
  const std::int64_t magnitude = tenths_ < 0 ? -std::int64_t{tenths_} : tenths_;
  std::string out = tenths_ < 0 ? "-" : "";
  if (magnitude / 10 != 0 || magnitude % 10 == 0) out += std::to_string(magnitude / 10);
  if (magnitude % 10 != 0) out += "\xC2\xBD";
  return out;
}

}  // namespace boardgames
