#include "boardgames/go/sgf.h"

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames::go {

const SgfProperty* SgfNode::find(std::string_view name) const {
  for (const SgfProperty& p : properties) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string_view SgfNode::value(std::string_view name) const {
  const SgfProperty* p = find(name);
  return p && !p->values.empty() ? std::string_view(p->values.front()) : std::string_view();
}

std::vector<SgfGame> read_sgf(std::string_view bytes, const std::string& file, Diagnostics& diagnostics) {
  std::vector<SgfGame> games;
  std::size_t pos = 0;
  std::uint32_t line = 1;
  std::uint32_t column = 1;
  auto advance = [&]() {
    const char c = bytes[pos++];
    if (c == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
      ++column;
    }
    return c;
  };
  auto skip_space = [&]() {
    while (pos < bytes.size() && (bytes[pos] == ' ' || bytes[pos] == '\n' || bytes[pos] == '\r' || bytes[pos] == '\t')) advance();
  };
  auto error = [&](std::uint32_t l, std::uint32_t c, std::string message) {
    diagnostics.error({file, l, c}, std::move(message));
  };

  while (pos < bytes.size()) {
    // Text before a game tree is ignored (mail headers and the like).
    while (pos < bytes.size() && bytes[pos] != '(') advance();
    if (pos >= bytes.size()) break;
    SgfGame game;
    game.index = static_cast<int>(games.size()) + 1;
    game.line = line;
    // Raw values are decoded after the root's CA[] is known.
    struct RawProperty {
      std::string name;
      std::vector<std::string> values;
    };
    struct RawNode {
      std::vector<RawProperty> properties;
      std::uint32_t line, column;
    };
    std::vector<RawNode> nodes;
    int depth = 0;
    // Per open '(': whether its first child has been entered (later children are variations).
    std::vector<bool> child_seen;
    const std::uint32_t start_line = line;
    const std::uint32_t start_column = column;
    while (pos < bytes.size()) {
      skip_space();
      if (pos >= bytes.size()) break;
      const char c = bytes[pos];
      if (c == '(') {
        // The first child of a tree continues the main line; later children are variations
        // and are skipped whole.
        if (!child_seen.empty() && child_seen.back()) {
          int nested = 0;
          bool in_value = false;
          do {
            const char d = advance();
            if (in_value) {
              if (d == '\\' && pos < bytes.size()) {
                advance();
              } else if (d == ']') {
                in_value = false;
              }
            } else if (d == '[') {
              in_value = true;
            } else if (d == '(') {
              ++nested;
            } else if (d == ')') {
              --nested;
            }
          } while (pos < bytes.size() && nested > 0);
          continue;
        }
        advance();
        if (!child_seen.empty()) child_seen.back() = true;
        child_seen.push_back(false);
        ++depth;
        continue;
      }
      if (c == ')') {
        advance();
        child_seen.pop_back();
        --depth;
        if (depth == 0) break;
        continue;
      }
      if (c == ';') {
        RawNode node{{}, line, column};
        advance();
        while (true) {
          skip_space();
          if (pos >= bytes.size()) break;
          const char d = bytes[pos];
          if (!((d >= 'A' && d <= 'Z') || (d >= 'a' && d <= 'z'))) break;
          RawProperty property;
          const std::uint32_t property_line = line;
          const std::uint32_t property_column = column;
          while (pos < bytes.size() && ((bytes[pos] >= 'A' && bytes[pos] <= 'Z') || (bytes[pos] >= 'a' && bytes[pos] <= 'z'))) {
            const char letter = advance();
            if (letter >= 'A' && letter <= 'Z') property.name += letter;  // FF[3]: "AddBlack" is AB
          }
          skip_space();
          while (pos < bytes.size() && bytes[pos] == '[') {
            const std::uint32_t value_line = line;
            const std::uint32_t value_column = column;
            advance();
            std::string value;
            bool closed = false;
            while (pos < bytes.size()) {
              char e = advance();
              if (e == '\\' && pos < bytes.size()) {
                e = advance();
                if (e == '\n' || e == '\r') {
                  if (e == '\r' && pos < bytes.size() && bytes[pos] == '\n') advance();
                  continue;  // a soft line break
                }
                value += e;
                continue;
              }
              if (e == ']') {
                closed = true;
                break;
              }
              value += e;
            }
            if (!closed) error(value_line, value_column, fmt::format("the value of {}[ is never closed", property.name));
            property.values.push_back(std::move(value));
            skip_space();
          }
          if (property.values.empty()) {
            error(property_line, property_column, fmt::format("property {} has no value", property.name));
          }
          node.properties.push_back(std::move(property));
        }
        nodes.push_back(std::move(node));
        continue;
      }
      {
        // Report the stray text once and go on at the next node or tree.
        const std::uint32_t bad_line = line;
        const std::uint32_t bad_column = column;
        std::size_t skipped = 0;
        while (pos < bytes.size() && bytes[pos] != ';' && bytes[pos] != '(' && bytes[pos] != ')') {
          advance();
          ++skipped;
        }
        const auto byte = static_cast<unsigned char>(c);
        const std::string shown = byte >= 0x20 && byte < 0x7f ? fmt::format("'{}'", c) : fmt::format("byte 0x{:02x}", byte);
        error(bad_line, bad_column,
              skipped <= 1 ? fmt::format("unexpected {} in a game tree", shown)
                           : fmt::format("unexpected {} in a game tree ({} characters skipped to the next node)", shown, skipped));
      }
    }
    if (depth > 0) error(start_line, start_column, "this game tree's '(' is never closed");
    // The character set: the root's CA[], else UTF-8 (the SGF default is Latin-1, but files
    // without CA[] are UTF-8 or GB in practice; to_utf8 falls back sensibly).
    std::string charset;
    if (!nodes.empty()) {
      for (const RawProperty& p : nodes.front().properties) {
        if (p.name == "CA" && !p.values.empty()) charset = p.values.front();
      }
    }
    std::string used = "UTF-8";
    for (RawNode& raw : nodes) {
      SgfNode node;
      node.line = raw.line;
      node.column = raw.column;
      for (RawProperty& p : raw.properties) {
        SgfProperty property{std::move(p.name), {}};
        for (std::string& v : p.values) {
          std::string this_used;
          property.values.push_back(to_utf8(v, charset, "GB18030", &this_used));
          if (this_used != "UTF-8") used = this_used;
        }
        node.properties.push_back(std::move(property));
      }
      game.main_line.push_back(std::move(node));
    }
    game.encoding = used;
    if (!game.main_line.empty()) games.push_back(std::move(game));
  }
  return games;
}

}  // namespace boardgames::go
