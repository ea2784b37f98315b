#include "boardgames/go/sgf.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

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

namespace {

// FF[4]'s SimpleText properties: the game information and a node's name. Their line breaks and
// other white space read as one space each (a name written over two lines is one name).
bool is_simple_text(std::string_view name) {
  static constexpr std::string_view kSimpleText[] = {"AN", "BR", "BT", "CP", "DT", "EV", "GN",
                                                     "N",  "ON", "OT", "PB", "PC", "PW", "RE",
                                                     "RO", "RU", "SO", "US", "WR", "WT"};
  return std::find(std::begin(kSimpleText), std::end(kSimpleText), name) != std::end(kSimpleText);
}

std::string simple_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\r' || c == '\n') {
      // A line break of two characters (CR LF or LF CR) is one space.
      if (i + 1 < text.size() && (text[i + 1] == '\r' || text[i + 1] == '\n') && text[i + 1] != c)
        ++i;
      out.push_back(' ');
    } else if (c == '\t' || c == '\v' || c == '\f') {
      out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// How the bytes of a double-byte character set pair up: a lead byte takes the byte after it,
// whatever that is. Shift_JIS's second byte may be '\\' (ソ is 83 5C, 表 95 5C), and Big5's
// and GBK's too ('\\' and ']' both): read byte by byte, such a name would escape the value's
// end and swallow the properties after it.
enum class DoubleByte : std::uint8_t { none, shift_jis, lead_81_fe };

DoubleByte double_byte(std::string_view charset) {
  std::string name;
  for (char c : charset) {
    if (c == '-' || c == '_' || c == ' ') continue;
    name += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  }
  if (name == "SHIFTJIS" || name == "SJIS" || name == "CP932" || name == "WINDOWS31J" ||
      name == "MSKANJI")
    return DoubleByte::shift_jis;
  if (name.starts_with("BIG5") || name == "CP950" || name == "GBK" || name == "GB18030" ||
      name == "CP936" || name == "GB2312" || name == "EUCCN")
    return DoubleByte::lead_81_fe;
  return DoubleByte::none;
}

bool lead_byte(DoubleByte set, char c) {
  const auto b = static_cast<unsigned char>(c);
  if (set == DoubleByte::shift_jis) return (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC);
  return set == DoubleByte::lead_81_fe && b >= 0x81 && b <= 0xFE;
}

// The CA[] of the game starting at `from`, looked up before the game is read (it is needed to
// read the values before it): the first "CA[" of the root node, or "". The root ends at the
// next node or tree; its values are skipped as plain SGF (a backslash escapes a byte), which
// can run one value on into the next but never past the root's CA[] into another game's.
std::string_view charset_ahead(std::string_view bytes, std::size_t from) {
  const std::size_t first = bytes.find(';', from);
  if (first == std::string_view::npos) return {};
  std::size_t end = bytes.size();
  bool in_value = false;
  for (std::size_t i = first + 1; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (in_value) {
      if (c == '\\') {
        ++i;
      } else if (c == ']') {
        in_value = false;
      }
    } else if (c == '[') {
      in_value = true;
    } else if (c == ';' || c == '(' || c == ')') {
      end = i;
      break;
    }
  }
  const std::string_view root = bytes.substr(first, end - first);
  for (std::size_t at = root.find("CA["); at != std::string_view::npos;
       at = root.find("CA[", at + 1)) {
    if (at > 0 && root[at - 1] >= 'A' && root[at - 1] <= 'Z') continue;  // not "XCA["
    const std::size_t close = root.find(']', at + 3);
    if (close == std::string_view::npos) return {};
    return root.substr(at + 3, close - at - 3);
  }
  return {};
}

}  // namespace

std::vector<SgfGame> read_sgf(std::string_view bytes, const std::string& file,
                              Diagnostics& diagnostics) {
  std::vector<SgfGame> games;
  read_sgf_games(bytes, file, diagnostics,
                 [&](SgfGame&& game) { games.push_back(std::move(game)); });
  return games;
}

void read_sgf_games(std::string_view bytes, const std::string& file, Diagnostics& diagnostics,
                    const std::function<void(SgfGame&&)>& each) {
  std::size_t games = 0;
  std::size_t pos = 0;
  // Line and column stop at their largest value rather than wrap (a 4 GB line).
  constexpr std::uint32_t kLast = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t line = 1;
  std::uint32_t column = 1;
  // A line ends at "\r\n", "\n" or a lone "\r" (old Mac files; FF[4] takes each as a break).
  auto advance = [&]() {
    const char c = bytes[pos++];
    if (c == '\n' && pos >= 2 && bytes[pos - 2] == '\r') return c;  // the LF of a CR LF
    if (c == '\r' || c == '\n') {
      if (line < kLast) ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && column < kLast) {
      ++column;
    }
    return c;
  };
  auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  auto skip_space = [&]() {
    while (pos < bytes.size() && is_space(bytes[pos])) advance();
  };
  auto is_letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  // A game tree starts at '(' followed by ';' (white space between allowed).
  auto starts_tree = [&](std::size_t at) {
    if (bytes[at] != '(') return false;
    for (++at; at < bytes.size() && is_space(bytes[at]); ++at) {
    }
    return at < bytes.size() && bytes[at] == ';';
  };

  while (pos < bytes.size()) {
    // Text before a game tree is ignored (mail headers and the like).
    while (pos < bytes.size() && !starts_tree(pos)) advance();
    if (pos >= bytes.size()) break;
    SgfGame game;
    game.index = static_cast<int>(std::min<std::size_t>(++games, std::numeric_limits<int>::max()));
    const DoubleByte pairs = double_byte(charset_ahead(bytes, pos));
    game.line = line;
    // The game's findings, held until its end: a tree left open gives back what follows its
    // missing ')' to the next game, findings included.
    std::vector<Diagnostic> found;
    auto error = [&](SgfPosition where, std::string message) {
      if (!game.error) game.error = Problem{message, {file, where.line, where.column}, "", 0};
      found.push_back({Severity::error,
                       {file, where.line, where.column},
                       fmt::format("game {}: {}", game.index, message)});
    };
    // Nodes as read; their values are decoded in place once the root's CA[] is known.
    std::vector<SgfNode>& nodes = game.main_line;
    // Per open '(' of the main line: whether its first child has been entered (later children
    // are variations). Its size is the depth; it lives on the heap, so depth costs no stack.
    std::vector<bool> child_seen;
    const SgfPosition start{line, column};
    bool ended_in_value = false;
    // Where the main line's last '(' opened (byte, place, nodes before it), and the first such
    // '(' whose node holds a game's root properties (SZ, GM, FF): when the tree is never closed,
    // that is where the next game starts, its ')' missing before it. Without this, every game
    // after a tree left open would be read into it, and lost.
    struct Opening {
      std::size_t at = 0;
      SgfPosition where;
      std::size_t nodes = 0;
    };
    std::optional<Opening> last_open;
    std::optional<Opening> next_game;
    while (pos < bytes.size()) {
      skip_space();
      if (pos >= bytes.size()) break;
      const char c = bytes[pos];
      if (c == '(') {
        // The first child of a tree continues the main line; later children are variations
        // and are skipped whole (a count of open parentheses: no recursion, no stack).
        if (!child_seen.empty() && child_seen.back()) {
          std::size_t nested = 0;
          bool in_value = false;
          do {
            const char d = advance();
            if (in_value) {
              if (lead_byte(pairs, d) && pos < bytes.size()) {
                advance();
              } else if (d == '\\' && pos < bytes.size()) {
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
        last_open = Opening{pos, {line, column}, nodes.size()};
        advance();
        if (!child_seen.empty()) child_seen.back() = true;
        child_seen.push_back(false);
        continue;
      }
      if (c == ')') {
        advance();
        child_seen.pop_back();
        if (child_seen.empty()) break;
        continue;
      }
      if (c == ';') {
        SgfNode node;
        node.line = line;
        node.column = column;
        advance();
        while (true) {
          skip_space();
          if (pos >= bytes.size() || !is_letter(bytes[pos])) break;
          SgfProperty property;
          property.where = {line, column};
          const std::size_t name_start = pos;
          while (pos < bytes.size() && is_letter(bytes[pos])) {
            const char letter = advance();
            if (letter >= 'A' && letter <= 'Z') property.name += letter;  // FF[3]: "AddBlack" is AB
          }
          // The identifier as written, for messages ("AddBlack", "junk").
          const std::string_view written = bytes.substr(name_start, pos - name_start);
          skip_space();
          while (pos < bytes.size() && bytes[pos] == '[') {
            const SgfPosition value_where{line, column};
            advance();
            std::string value;
            bool closed = false;
            while (pos < bytes.size()) {
              char e = advance();
              if (lead_byte(pairs, e) && pos < bytes.size()) {
                value += e;
                value += advance();
                continue;
              }
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
            if (!closed) {
              // The value ran to the end of the file: say where it opened, which is where
              // its ']' is missing (the end of the file would be no help).
              error(value_where,
                    fmt::format("the value of {}[ is never closed (the file ends inside it)",
                                excerpt(written, 20)));
              ended_in_value = true;
            }
            property.values.push_back(std::move(value));
            property.value_where.push_back(value_where);
            skip_space();
          }
          if (property.values.empty()) {
            error(property.where, fmt::format("property {} has no value", excerpt(written, 20)));
          } else if (property.name.empty()) {
            // SGF identifiers are upper-case letters (FF[3]'s lower-case ones only decorate
            // them): "b[ee]" is no move, and a move dropped unsaid would change the count.
            found.push_back({Severity::warning,
                             {file, property.where.line, property.where.column},
                             fmt::format("game {}: {} is no SGF property (its identifier has no "
                                         "upper-case letter): ignored",
                                         game.index, excerpt(written, 20))});
          }
          node.properties.push_back(std::move(property));
        }
        if (last_open && last_open->nodes == nodes.size() && last_open->nodes > 0 && !next_game &&
            std::any_of(node.properties.begin(), node.properties.end(), [](const SgfProperty& p) {
              return p.name == "SZ" || p.name == "GM" || p.name == "FF";
            })) {
          next_game = last_open;
        }
        last_open.reset();
        nodes.push_back(std::move(node));
        continue;
      }
      {
        // Report the stray text once and go on at the next node or tree.
        const SgfPosition bad{line, column};
        std::size_t skipped = 0;
        while (pos < bytes.size() && bytes[pos] != ';' && bytes[pos] != '(' && bytes[pos] != ')') {
          advance();
          ++skipped;
        }
        const auto byte = static_cast<unsigned char>(c);
        const std::string shown = byte >= 0x20 && byte < 0x7f ? fmt::format("'{}'", c)
                                                              : fmt::format("byte 0x{:02x}", byte);
        error(bad,
              skipped <= 1
                  ? fmt::format("unexpected {} in a game tree", shown)
                  : fmt::format(
                        "unexpected {} in a game tree ({} characters skipped to the next node)",
                        shown, skipped));
      }
    }
    if (!child_seen.empty() && next_game) {
      // A ')' missing before the next game: this one ends there, and reading goes on from it.
      const auto before = [&](const SourceLocation& where) {
        return std::pair(where.line, where.column) <
               std::pair(next_game->where.line, next_game->where.column);
      };
      std::erase_if(found, [&](const Diagnostic& d) { return !before(d.where); });
      if (game.error && !before(game.error->where)) game.error.reset();
      error(start, fmt::format("this game tree is never closed: a ')' is missing before the "
                               "next game, at {}:{} (read from there)",
                               next_game->where.line, next_game->where.column));
      nodes.resize(next_game->nodes);
      pos = next_game->at;
      line = next_game->where.line;
      column = next_game->where.column;
    } else if (!child_seen.empty() && !ended_in_value) {
      // A truncated file: the error stands where the file ends.
      error({line, column},
            fmt::format("the file ends inside the game tree (its '(' at {}:{} is never closed)",
                        start.line, start.column));
    }
    // In the file's order (the recovery's error, at the tree's start, comes first).
    std::stable_sort(found.begin(), found.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
    });
    for (Diagnostic& d : found) diagnostics.report(std::move(d));
    // The character set: the root's CA[] (when its bytes are not valid in it, GB18030, which
    // files that claim UTF-8 often are); without CA[], UTF-8 when the text is valid UTF-8, else
    // ISO-8859-1, the SGF standard's default, and a note says so.
    std::string charset;
    if (!nodes.empty()) {
      for (const SgfProperty& p : nodes.front().properties) {
        if (p.name == "CA" && !p.values.empty()) charset = p.values.front();
      }
    }
    // The set is decided on the game's text as a whole, then used for every value: a short value
    // (a two-character GBK name) can be valid UTF-8 by chance, and read alone it would be garbled.
    // The values are joined by newlines, which end any multi-byte character in these sets.
    const std::string_view fallback = charset.empty() ? "ISO-8859-1" : "GB18030";
    std::string all_text;
    for (const SgfNode& node : nodes) {
      for (const SgfProperty& property : node.properties) {
        for (const std::string& v : property.values) all_text.append(v).push_back('\n');
      }
    }
    std::string used;
    to_utf8(all_text, charset, fallback, &used);
    std::string().swap(all_text);
    for (SgfNode& node : nodes) {
      for (SgfProperty& property : node.properties) {
        const bool simple = is_simple_text(property.name);
        for (std::string& v : property.values) {
          // Invalid in every set tried: each value's bad bytes replaced, as to_utf8 does.
          v = used == kInvalidBytesReplaced ? to_utf8(v, charset, fallback) : to_utf8(v, used);
          if (simple) v = simple_text(v);
        }
      }
    }
    game.encoding = used;
    if (charset.empty() && used != "UTF-8") {
      diagnostics.note({file, game.line, 0},
                       fmt::format("game {}: no CA[] and the text is not UTF-8: read as {}, the "
                                   "SGF default (give the file a CA[] if it is another charset)",
                                   game.index, used));
    }
    // A tree starts with "(;", so it has a node.
    each(std::move(game));
  }
}

}  // namespace boardgames::go
