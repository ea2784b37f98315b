// Small text helpers shared by the parsers.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

BOARDGAMES_API_BEGIN

namespace boardgames {

// Without leading and trailing spaces and tabs.
std::string_view trim(std::string_view text);

std::string to_lower_ascii(std::string_view text);
bool iequals_ascii(std::string_view a, std::string_view b);

// A decimal integer with an optional sign and nothing else; nullopt on anything else or on
// overflow.
std::optional<std::int64_t> parse_integer(std::string_view text);

// Pieces between separators; "a,,b" gives {"a", "", "b"}; "" gives {""}.
std::vector<std::string_view> split(std::string_view text, char separator);

// The lines of a text file, each without its end: "\r\n", "\n" or a lone "\r" (old Mac
// files) ends a line. As split(): the text after the last end is a line too ("" for a text
// that ends with a line end).
std::vector<std::string_view> split_lines(std::string_view text);

// Makes each lone carriage return (an old Mac line end) of text[from..size) a line feed, in
// place: the same length, so lines and columns are those split_lines gives, for a reader that
// ends lines at "\n" alone. A CR at the very end stays unless `complete` (the next byte, not
// read yet, may be its LF).
void lone_cr_to_lf(char* text, std::size_t size, std::size_t from, bool complete);

// Joined with a separator.
std::string join(const std::vector<std::string>& parts, std::string_view separator);

// Text for XML, SVG and HTML, text or attribute values: & < > " ' written as entities, the
// control characters XML 1.0 forbids (below U+0020 but tab, line feed and carriage return) as
// U+FFFD; every other byte as it is (the caller makes it valid UTF-8 first).
void append_markup_escaped(std::string_view text, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
