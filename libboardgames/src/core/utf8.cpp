#include "boardgames/core/utf8.h"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "boardgames/core/strings.h"

namespace boardgames {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Decodes one well-formed sequence at `at`; returns its length, or 0 if ill-formed.
std::size_t decode(std::string_view text, std::size_t at, char32_t& out) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead < 0x80) {
    out = lead;
    return 1;
  }
  std::size_t length = 0;
  char32_t value = 0;
  char32_t minimum = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    value = lead & 0x1Fu;
    minimum = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    value = lead & 0x0Fu;
    minimum = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    value = lead & 0x07u;
    minimum = 0x10000;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char next = byte(at + i);
    if ((next & 0xC0u) != 0x80u) return 0;
    value = (value << 6) | (next & 0x3Fu);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  out = value;
  return length;
}

struct Range {
  char32_t first;
  char32_t last;
};

// East Asian Width W and F (Unicode 15, merged into ranges).
constexpr std::array kWide = {
    Range{0x1100, 0x115F},   Range{0x231A, 0x231B},   Range{0x2329, 0x232A},
    Range{0x23E9, 0x23EC},   Range{0x23F0, 0x23F0},   Range{0x23F3, 0x23F3},
    Range{0x25FD, 0x25FE},   Range{0x2614, 0x2615},   Range{0x2648, 0x2653},
    Range{0x267F, 0x267F},   Range{0x2693, 0x2693},   Range{0x26A1, 0x26A1},
    Range{0x26AA, 0x26AB},   Range{0x26BD, 0x26BE},   Range{0x26C4, 0x26C5},
    Range{0x26CE, 0x26CE},   Range{0x26D4, 0x26D4},   Range{0x26EA, 0x26EA},
    Range{0x26F2, 0x26F3},   Range{0x26F5, 0x26F5},   Range{0x26FA, 0x26FA},
    Range{0x26FD, 0x26FD},   Range{0x2705, 0x2705},   Range{0x270A, 0x270B},
    Range{0x2728, 0x2728},   Range{0x274C, 0x274C},   Range{0x274E, 0x274E},
    Range{0x2753, 0x2755},   Range{0x2757, 0x2757},   Range{0x2795, 0x2797},
    Range{0x27B0, 0x27B0},   Range{0x27BF, 0x27BF},   Range{0x2B1B, 0x2B1C},
    Range{0x2B50, 0x2B50},   Range{0x2B55, 0x2B55},   Range{0x2E80, 0x303E},
    Range{0x3041, 0x33FF},   Range{0x3400, 0x4DBF},   Range{0x4E00, 0x9FFF},
    Range{0xA000, 0xA4CF},   Range{0xA960, 0xA97F},   Range{0xAC00, 0xD7A3},
    Range{0xF900, 0xFAFF},   Range{0xFE10, 0xFE19},   Range{0xFE30, 0xFE6F},
    Range{0xFF00, 0xFF60},   Range{0xFFE0, 0xFFE6},   Range{0x16FE0, 0x16FE4},
    Range{0x17000, 0x18CFF}, Range{0x1B000, 0x1B2FF}, Range{0x1F004, 0x1F004},
    Range{0x1F0CF, 0x1F0CF}, Range{0x1F18E, 0x1F18E}, Range{0x1F191, 0x1F19A},
    Range{0x1F200, 0x1F251}, Range{0x1F300, 0x1F64F}, Range{0x1F680, 0x1F6FF},
    Range{0x1F7E0, 0x1F7EB}, Range{0x1F90C, 0x1F9FF}, Range{0x1FA70, 0x1FAFF},
    Range{0x20000, 0x2FFFD}, Range{0x30000, 0x3FFFD},
};

// Combining marks and zero-width characters.
constexpr std::array kZeroWidth = {
    Range{0x0300, 0x036F},   Range{0x0483, 0x0489}, Range{0x0591, 0x05BD}, Range{0x0610, 0x061A},
    Range{0x064B, 0x065F},   Range{0x1AB0, 0x1AFF}, Range{0x1DC0, 0x1DFF}, Range{0x200B, 0x200F},
    Range{0x2028, 0x202E},   Range{0x2060, 0x2064}, Range{0x20D0, 0x20FF}, Range{0x302A, 0x302D},
    Range{0x3099, 0x309A},   Range{0xFE00, 0xFE0F}, Range{0xFE20, 0xFE2F}, Range{0xFEFF, 0xFEFF},
    Range{0xE0100, 0xE01EF},
};

template <std::size_t N>
bool in(const std::array<Range, N>& table, char32_t c) {
  auto it = std::upper_bound(table.begin(), table.end(), c,
                             [](char32_t value, const Range& r) { return value < r.first; });
  return it != table.begin() && c <= std::prev(it)->last;
}

std::size_t char_width(char32_t c) {
  if (c == 0 || in(kZeroWidth, c)) return 0;
  if (c >= 0x1160 && c <= 0x11FF) return 0;  // Hangul medial vowels and final consonants
  return in(kWide, c) ? 2 : 1;
}

}  // namespace

std::size_t utf8_error_offset(std::string_view text) {
  std::size_t at = 0;
  char32_t c = 0;
  while (at < text.size()) {
    std::size_t length = decode(text, at, c);
    if (length == 0) return at;
    at += length;
  }
  return std::string_view::npos;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  std::size_t at = 0;
  char32_t c = 0;
  while (at < text.size()) {
    std::size_t length = decode(text, at, c);
    at += length == 0 ? 1 : length;
    ++count;
  }
  return count;
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  std::size_t at = 0;
  char32_t c = 0;
  while (at < text.size()) {
    std::size_t length = decode(text, at, c);
    if (length == 0) {
      ++width;  // shown as a replacement character
      ++at;
      continue;
    }
    // A control character is a space in a table cell (pad_right).
    width += c < 0x20 || c == 0x7F ? 1 : char_width(c);
    at += length;
  }
  return width;
}

std::string replace_invalid_utf8(std::string_view bytes) {
  std::string out;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t bad = utf8_error_offset(bytes.substr(at));
    if (bad == std::string_view::npos) {
      out += bytes.substr(at);
      break;
    }
    out += bytes.substr(at, bad);
    out += kReplacement;
    at += bad + 1;
  }
  return out;
}

namespace {

// Converts with iconv; false if the bytes are not valid in `from` (or iconv does not know it).
bool convert(std::string_view bytes, const std::string& from, std::string& out) {
  iconv_t cd = ::iconv_open("UTF-8", from.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  out.assign(bytes.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  char* dest = out.data();
  std::size_t out_left = out.size();
  const std::size_t result = ::iconv(cd, &in, &in_left, &dest, &out_left);
  ::iconv_close(cd);
  if (result == static_cast<std::size_t>(-1)) return false;
  out.resize(out.size() - out_left);
  return utf8_error_offset(out) == std::string_view::npos;
}

// Converts with iconv, every byte not valid in `from` (where a character cannot start, or one
// cut short at the end) written as U+FFFD and the rest converted: one bad byte costs one
// character, not the text around it. False when iconv does not know `from`.
bool convert_replacing(std::string_view bytes, const std::string& from, std::string& out) {
  iconv_t cd = ::iconv_open("UTF-8", from.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return false;
  out.clear();
  std::string chunk(bytes.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  while (in_left > 0) {
    char* dest = chunk.data();
    std::size_t out_left = chunk.size();
    const std::size_t result = ::iconv(cd, &in, &in_left, &dest, &out_left);
    out.append(chunk.data(), chunk.size() - out_left);
    if (result != static_cast<std::size_t>(-1)) break;
    // EILSEQ or EINVAL: the byte at `in` starts nothing valid. (Output room is not the cause:
    // four bytes a byte of input is more than any character set needs.)
    out += kReplacement;
    ++in;
    --in_left;
    ::iconv(cd, nullptr, nullptr, nullptr, nullptr);  // back to the initial shift state
  }
  ::iconv_close(cd);
  return true;
}

bool names_utf8(std::string_view set) {
  return set.empty() || set == "utf-8" || set == "utf8" || set == "us-ascii" || set == "ascii";
}

}  // namespace

std::string to_utf8(std::string_view bytes, std::string_view charset, std::string_view fallback,
                    std::string* used) {
  const std::string set = to_lower_ascii(trim(charset));
  std::string out;
  std::string from;  // the set named, when it is not UTF-8
  if (names_utf8(set)) {
    if (utf8_error_offset(bytes) == std::string_view::npos) {
      if (used) *used = "UTF-8";
      return std::string(bytes);
    }
  } else {
    // GB2312 and GBK text is a subset of GB18030, which also takes the characters they lack.
    from = (set == "gb2312" || set == "gbk" || set == "euc-cn") ? "GB18030"
                                                                : std::string(trim(charset));
    if (convert(bytes, from, out)) {
      if (used) *used = from;
      return out;
    }
  }
  if (!fallback.empty() && convert(bytes, std::string(fallback), out)) {
    if (used) *used = std::string(fallback);
    return out;
  }
  if (used) *used = kInvalidBytesReplaced;
  // In the set named, the bytes not valid in it replaced (not the text read as UTF-8).
  if (!from.empty() && convert_replacing(bytes, from, out) &&
      utf8_error_offset(out) == std::string_view::npos)
    return out;
  return replace_invalid_utf8(bytes);
}

std::string record_text_to_utf8(std::string_view bytes, std::string* note) {
  if (utf8_error_offset(bytes) == std::string_view::npos) {
    if (note) note->clear();
    return std::string(bytes);
  }
  std::string used;
  std::string text = to_utf8(bytes, {}, "WINDOWS-1252", &used);
  if (note) {
    *note = used == kInvalidBytesReplaced
                ? "bytes valid neither in UTF-8 nor in Windows-1252 are replaced by U+FFFD"
                : "text that is not valid UTF-8 is read as Windows-1252 (Latin-1)";
  }
  return text;
}

std::string file_text_to_utf8(std::string_view bytes, std::string_view charset,
                              std::string* warning) {
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  std::string used;
  std::string text = to_utf8(bytes, charset, {}, &used);
  if (warning) {
    warning->clear();
    if (used == kInvalidBytesReplaced) {
      *warning = "the file is not " + excerpt(charset) +
                 " text: the bytes that are not were replaced by U+FFFD";
    }
  }
  return text;
}

bool known_charset(std::string_view charset) {
  std::string used;
  to_utf8({}, charset, {}, &used);
  return used != kInvalidBytesReplaced;
}

std::string echo(std::string_view text) { return excerpt(text, kEchoCharacters); }

std::string_view utf16_charset(std::string_view head) {
  if (head.starts_with("\xFF\xFE") || head.starts_with("\xFE\xFF")) return "UTF-16";
  if (head.size() < 4) return {};
  const auto ascii = [&](std::size_t i) { return head[i] > 0 && head[i] < 0x7F; };
  if (ascii(0) && head[1] == 0 && ascii(2) && head[3] == 0) return "UTF-16LE";
  if (head[0] == 0 && ascii(1) && head[2] == 0 && ascii(3)) return "UTF-16BE";
  return {};
}

std::string utf16_file_message(std::string_view charset, bool has_encoding_option) {
  std::string message = "the file is UTF-16 (Windows' \"Unicode\" text), not UTF-8: ";
  if (has_encoding_option) message += "read it with --encoding " + std::string(charset) + ", or ";
  return message + "convert it: iconv -f " + std::string(charset) + " -t UTF-8";
}

std::string excerpt(std::string_view text, std::size_t max_characters) {
  std::string out;
  std::size_t at = 0;
  std::size_t count = 0;
  char32_t c = 0;
  while (at < text.size()) {
    if (count == max_characters) {
      out += "\u2026";  // …
      break;
    }
    const std::size_t length = decode(text, at, c);
    if (length == 0 || c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
      out += c == '\t' && length != 0 ? std::string_view(" ") : kReplacement;
    } else {
      out += text.substr(at, length);
    }
    at += length == 0 ? 1 : length;
    ++count;
  }
  return out;
}

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

std::string pad_right(std::string_view text, std::size_t width) {
  std::string out = one_line(text);
  std::size_t have = display_width(out);
  if (have < width) out.append(width - have, ' ');
  return out;
}

std::string pad_left(std::string_view text, std::size_t width) {
  std::string cell = one_line(text);
  std::size_t have = display_width(cell);
  std::string out;
  if (have < width) out.append(width - have, ' ');
  out += cell;
  return out;
}

}  // namespace boardgames
