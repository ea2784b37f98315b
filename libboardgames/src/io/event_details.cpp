#include "boardgames/io/event_details.h"

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames {

namespace {

bool digits(std::string_view text) {
  for (const char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

int number(std::string_view text) {
  int value = 0;
  for (const char c : text) value = value * 10 + (c - '0');
  return value;
}

// Why `text` is not a day written YYYY-MM-DD (ISO 8601's calendar date, as OpenGotha and the
// EGF write them): "there is no month 13"; nullopt when it is one.
std::optional<std::string> day_fault(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !digits(text.substr(0, 4)) ||
      !digits(text.substr(5, 2)) || !digits(text.substr(8, 2)))
    return std::string("not a day written YYYY-MM-DD");
  const int year = number(text.substr(0, 4)), month = number(text.substr(5, 2)),
            day = number(text.substr(8, 2));
  if (year < 1000) return std::string("the year is before 1000");
  if (month < 1 || month > 12) return fmt::format("there is no month {}", month);
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const int days = kDays[month - 1] + (month == 2 && leap ? 1 : 0);
  if (day < 1 || day > days) return fmt::format("that month of {} has days 1 to {}", year, days);
  return std::nullopt;
}

}  // namespace

std::optional<Problem> parse_event_dates(std::string_view text, EventDetails& details) {
  const std::size_t comma = text.find(',');
  const std::string_view first = trim(text.substr(0, comma));
  const std::string_view last =
      comma == std::string_view::npos ? std::string_view() : trim(text.substr(comma + 1));
  // The part at fault quoted when there are two.
  const auto fault = [&](std::string_view part, std::string_view why) {
    const std::string where =
        comma == std::string_view::npos
            ? fmt::format("--dates '{}'", excerpt(text, 60))
            : fmt::format("--dates '{}': '{}'", excerpt(text, 60), excerpt(part, 30));
    return Problem{fmt::format("{}: {}", where, why), {}, std::string(part)};
  };
  if (auto why = day_fault(first)) return fault(first, *why);
  if (comma != std::string_view::npos) {
    if (auto why = day_fault(last)) return fault(last, *why);
    // Written YYYY-MM-DD, the days compare as text.
    if (last < first) {
      return Problem{
          fmt::format("--dates '{}': the last day is before the first", excerpt(text, 60)),
          {},
          std::string(last)};
    }
  }
  details.begin_date = std::string(first);
  details.end_date = std::string(last);
  return std::nullopt;
}

std::string trf_date(std::string_view date) {
  std::string text(date);
  for (char& c : text)
    if (c == '-') c = '/';
  return text;
}

}  // namespace boardgames
