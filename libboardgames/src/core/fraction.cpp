#include "boardgames/core/fraction.h"

#include <string>

namespace boardgames {

std::string Fraction::decimal(int digits) const {
  std::int64_t scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  // Round half away from zero at the last digit.
  const bool negative = num_ < 0;
  const std::int64_t magnitude = negative ? -num_ : num_;
  const std::int64_t scaled = (magnitude * scale * 2 + den_) / (den_ * 2);
  const std::int64_t whole = scaled / scale;
  std::int64_t fraction = scaled % scale;
  std::string out = (negative && scaled != 0) ? "-" : "";
  out += std::to_string(whole);
  if (fraction != 0) {
    std::string tail = std::to_string(fraction);
    tail.insert(0, static_cast<std::size_t>(digits) - tail.size(), '0');
    while (!tail.empty() && tail.back() == '0') tail.pop_back();
    out += '.';
    out += tail;
  }
  return out;
}

std::int64_t Fraction::round_half_up() const {
  // floor(x + 1/2)
  std::int64_t n = 2 * num_ + den_;
  std::int64_t d = 2 * den_;
  std::int64_t q = n / d;
  if ((n % d != 0) && ((n < 0) != (d < 0))) --q;
  return q;
}

}  // namespace boardgames
