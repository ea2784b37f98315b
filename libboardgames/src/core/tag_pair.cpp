#include "boardgames/core/tag_pair.h"

namespace boardgames {

TagPairScan scan_tag_pair(std::string_view text) {
  TagPairScan scan;
  std::size_t pos = 1;  // after '['
  auto peek = [&]() { return pos < text.size() ? text[pos] : '\0'; };
  auto skip_blanks = [&]() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
  };
  skip_blanks();
  const std::size_t name_start = pos;
  while (pos < text.size() && peek() != ' ' && peek() != '\t' && peek() != '"' && peek() != ']' &&
         peek() != '\n')
    ++pos;
  scan.name = std::string(text.substr(name_start, pos - name_start));
  skip_blanks();
  if (peek() == '"') {
    ++pos;
    while (pos < text.size() && peek() != '"' && peek() != '\n') {
      char c = text[pos++];
      if (c == '\\' && (peek() == '"' || peek() == '\\')) c = text[pos++];
      scan.value += c;
    }
    if (peek() != '"') {
      scan.length = pos;
      scan.error = TagPairError::value_not_closed;
      return scan;
    }
    ++pos;
  }
  skip_blanks();
  if (peek() != ']') {
    scan.length = pos;
    scan.error = TagPairError::not_closed;
    return scan;
  }
  ++pos;
  scan.length = pos;
  if (scan.name.empty()) scan.error = TagPairError::no_name;
  return scan;
}

void write_tag_pair(std::string_view name, std::string_view value, std::string& out) {
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += "\"]\n";
}

}  // namespace boardgames
