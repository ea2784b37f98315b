#include "boardgames/io/round_tag.h"

#include <charconv>

#include "boardgames/core/strings.h"

namespace boardgames {

namespace {

// A whole number in [1, most] written with digits only.
bool whole_in_range(std::string_view text, long most) {
  long value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return !text.empty() && error == std::errc() && stop == end && value >= 1 && value <= most;
}

}  // namespace

std::optional<RoundTag> parse_round_tag(std::string_view tag) {
  tag = trim(tag);
  tag = tag.substr(0, tag.find(' '));  // "3 (final)": the number only
  const std::size_t dot = tag.find('.');
  const std::string_view round = tag.substr(0, dot);
  const std::string_view board =
      dot == std::string_view::npos ? std::string_view() : tag.substr(dot + 1);
  if (!whole_in_range(round, 100000)) return std::nullopt;
  if (dot != std::string_view::npos && !whole_in_range(board, 1000000)) return std::nullopt;
  return RoundTag{std::string(round), std::string(board)};
}

}  // namespace boardgames
