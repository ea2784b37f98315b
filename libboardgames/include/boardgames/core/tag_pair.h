// Tag pairs, as PGN (Shatar) and the Xigua notation both write a record's header:
//
//   [Name "value"]    the value's " and \ written with a backslash before them (\" and \\)
//
// One reader and one writer for both formats, so a value written is read back the same.
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class TagPairError : std::uint8_t {
  none,
  value_not_closed,  // the value's closing quote is missing on the line
  not_closed,        // no ']' after the value
  no_name,           // "[]" or '[ "value"]'
};

struct TagPairScan {
  std::string name;        // the bytes as written (the caller decides their character set)
  std::string value;       // the bytes with the escapes undone
  std::size_t length = 0;  // bytes read: up to and including ']', or up to the problem (never
                           // past the end of the line)
  TagPairError error = TagPairError::none;
};

// Reads the tag pair that starts `text` (text[0] == '['). Spaces and tabs may stand around the
// name and the value; the name ends at a space, tab, quote or ']'; a missing value is "". Never
// reads past the first '\n'. Linear in what it reads.
TagPairScan scan_tag_pair(std::string_view text);

// Appends `[name "value"]` and a newline, the value escaped.
void write_tag_pair(std::string_view name, std::string_view value, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
