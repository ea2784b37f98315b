// SGF (FF[1]-FF[4]) as real programs write it: several games a file, variations (the main line
// is the first branch at every fork), escaped "\]" in values, property names with FF[3]-style
// lower-case letters, and text in the character set CA[] names — or not: bytes that are not
// valid in the declared set are decoded as GB18030 when that fits, else replaced, so bad bytes
// never stop the reader.
//
// The reader is iterative: nesting depth (a main line of 100,000 nested variations, or a side
// variation nested as deep) costs memory in proportion to the input and no stack.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

// A position in the file, 1-based; columns count UTF-8 characters.
struct SgfPosition {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct SgfProperty {
  std::string name;                      // upper-case letters only ("AB", "KM")
  std::vector<std::string> values;       // raw values, escapes resolved, UTF-8
  SgfPosition where;                     // the property's first letter
  std::vector<SgfPosition> value_where;  // each value's '[', in step with `values`
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
  std::vector<SgfNode> main_line;  // root first; never empty
  std::string encoding;            // what the text was decoded from ("UTF-8", "GB18030", ...)
  // The first syntax error inside this game tree, empty when it was read whole: the file ends
  // inside the tree or inside a value, stray text between nodes, a property without a value
  // (its reason without the game number, and where it stands). Moves may be missing or misread
  // after such an error, so the game must not be scored.
  std::optional<Problem> error;
  bool readable() const { return !error.has_value(); }
};

// Reads every game tree of an SGF file. A game tree starts at a '(' followed (after white
// space) by ';'; text outside game trees is ignored (mail headers and the like). Syntax
// problems are reported as errors ("game N: ..." with line and column) and kept in the game's
// `error`; the reader goes on with the rest of the file.
std::vector<SgfGame> read_sgf(std::string_view bytes, const std::string& file,
                              Diagnostics& diagnostics);
// The same, one game at a time: `each` receives every game as soon as it is read, after the
// findings that concern it, so that a collection of any size is never held whole.
void read_sgf_games(std::string_view bytes, const std::string& file, Diagnostics& diagnostics,
                    const std::function<void(SgfGame&&)>& each);

}  // namespace boardgames::go

BOARDGAMES_API_END
