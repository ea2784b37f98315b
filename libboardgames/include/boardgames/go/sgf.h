// SGF (FF[1]-FF[4]) as real programs write it: several games a file, variations (the main line
// is the first branch at every fork), escaped "\]" in values, property names with FF[3]-style
// lower-case letters, and text in the character set CA[] names — or not: bytes that are not
// valid in the declared set are decoded as GB18030 when that fits, else replaced, so bad bytes
// never stop the reader.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"

namespace boardgames::go {

struct SgfProperty {
  std::string name;                 // upper-case letters only ("AB", "KM")
  std::vector<std::string> values;  // raw values, escapes resolved, UTF-8
};

struct SgfNode {
  std::vector<SgfProperty> properties;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  const SgfProperty* find(std::string_view name) const;
  // The first value of a property, or "".
  std::string_view value(std::string_view name) const;
};

struct SgfGame {
  int index = 0;  // 1-based in its file
  std::uint32_t line = 0;
  std::vector<SgfNode> main_line;  // root first
  std::string encoding;            // what the text was decoded from ("UTF-8", "GB18030", ...)
};

// Reads every game tree of an SGF file. Syntax problems are reported (with line and column)
// and the reader keeps what it could read.
std::vector<SgfGame> read_sgf(std::string_view bytes, const std::string& file, Diagnostics& diagnostics);

}  // namespace boardgames::go
