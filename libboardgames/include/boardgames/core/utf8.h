// UTF-8: validation, character counts and terminal display width.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace boardgames {

// Byte offset of the first byte that is not part of a well-formed UTF-8 sequence
// (overlong forms, surrogates and values above U+10FFFF are ill-formed), or npos.
std::size_t utf8_error_offset(std::string_view text);

// Number of characters (code points); each ill-formed byte counts as one.
std::size_t utf8_length(std::string_view text);

// Columns the text takes in a terminal: East Asian wide and fullwidth characters (CJK, Hangul,
// fullwidth forms, emoji) take 2, combining marks and zero-width characters 0, others 1.
std::size_t display_width(std::string_view text);

// `text` padded with spaces to `width` display columns (never cut).
std::string pad_right(std::string_view text, std::size_t width);
std::string pad_left(std::string_view text, std::size_t width);

}  // namespace boardgames
