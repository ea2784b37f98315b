// UTF-8: validation, character counts and terminal display width.
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <string>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

// Byte offset of the first byte that is not part of a well-formed UTF-8 sequence
// (overlong forms, surrogates and values above U+10FFFF are ill-formed), or npos.
std::size_t utf8_error_offset(std::string_view text);

// Number of characters (code points); each ill-formed byte counts as one.
std::size_t utf8_length(std::string_view text);

// Columns the text takes in a terminal: East Asian wide and fullwidth characters (CJK, Hangul,
// fullwidth forms, emoji) take 2, combining marks and zero-width characters 0, others 1
// (control characters too: a table cell shows them as spaces, pad_right).
std::size_t display_width(std::string_view text);

// The text with every ill-formed byte replaced by U+FFFD, so that it can be written anywhere
// UTF-8 is promised (CSV, JSON, diagnostics).
std::string replace_invalid_utf8(std::string_view bytes);

// Text in the character set `charset` as UTF-8 (through iconv). Empty `charset` (or "UTF-8",
// "ASCII") means UTF-8. When the bytes are not valid in that set, `fallback` is tried (for
// example "GB18030" for Go records, whose files often claim UTF-8 and are not; "WINDOWS-1252"
// for PGN, whose standard is Latin-1), then every invalid byte becomes U+FFFD — each byte not
// valid in `charset`, the rest read in it (read as UTF-8 when `charset` is UTF-8): bad bytes
// never stop a reader, never reach the output, and cost only themselves. `used` receives the set
// actually used, or kInvalidBytesReplaced.
inline constexpr std::string_view kInvalidBytesReplaced = "UTF-8 (invalid bytes replaced)";
std::string to_utf8(std::string_view bytes, std::string_view charset,
                    std::string_view fallback = {}, std::string* used = nullptr);

// A text field of a game record (a tag value) as UTF-8: as it is when it is valid UTF-8, else
// read as Windows-1252 (the Latin-1 of the PGN standard, with the letters Windows adds), else
// with U+FFFD for the bytes valid in neither. `note` receives what was done, as a sentence for a
// note diagnostic ("" for valid UTF-8), so that a reader can say it once per file.
std::string record_text_to_utf8(std::string_view bytes, std::string* note);

// A whole file in the character set `charset` (an --encoding option, known_charset) as UTF-8,
// a UTF-8 byte-order mark at its start dropped. When some bytes are not valid in the set they
// become U+FFFD and `warning` receives a sentence saying so, else it is cleared.
std::string file_text_to_utf8(std::string_view bytes, std::string_view charset,
                              std::string* warning);

// The character set of a file in UTF-16, from its first bytes: "UTF-16" when it opens with a
// UTF-16 byte-order mark (FF FE or FE FF), "UTF-16LE" or "UTF-16BE" when it has none but its
// first two characters are ASCII, each with a zero byte after it (before it); "" otherwise. UTF-8
// and the 8-bit sets never put a zero byte in text, so a text reader that gets this file would
// only report line after line of garbage: it says what the file is instead.
std::string_view utf16_charset(std::string_view head);

// The error for a file in UTF-16 (`charset` from utf16_charset): what it is and how to read it,
// with the tool's --encoding option where it has one.
std::string utf16_file_message(std::string_view charset, bool has_encoding_option);

// Whether to_utf8 can read the character set `charset` (iconv knows it; "" is UTF-8): for
// options such as --encoding, checked before any file is read.
bool known_charset(std::string_view charset);

// A piece of input quoted in a message: at most `max_characters` characters (then "…"), with
// ill-formed bytes replaced and control characters shown as U+FFFD, so that a diagnostic never
// echoes a 10 MB line or a terminal escape.
std::string excerpt(std::string_view text, std::size_t max_characters = 40);

// How much of a field, a header or a line a reader's diagnostic echoes: enough to recognise
// it, short enough that the message's closing quote and its hint stay readable.
inline constexpr std::size_t kEchoCharacters = 80;
// excerpt(text, kEchoCharacters): what the readers quote input text through.
std::string echo(std::string_view text);

// Text for a table's cell or line: each control character a space, since a line break or tab
// in a name (a quoted CSV field may hold one) would break the table's rows and columns.
std::string one_line(std::string_view text);

// `text` padded with spaces to `width` display columns (never cut), as a table cell on one
// line (one_line).
std::string pad_right(std::string_view text, std::size_t width);
std::string pad_left(std::string_view text, std::size_t width);

}  // namespace boardgames

BOARDGAMES_API_END
