// What every fuzz target checks of what a reader reports: positions inside the input, messages
// in UTF-8 (they reach a terminal and CSV files). A broken promise aborts, which libFuzzer
// reports as a crash with the input that caused it.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/utf8.h"

namespace fuzz {

inline void require(bool condition) {
  if (!condition) std::abort();
}

inline void require_utf8(std::string_view text) {
  require(boardgames::utf8_error_offset(text) == std::string_view::npos);
}

// Lines of the input as the readers count them: LF, and a CR not followed by LF (old Mac files).
inline std::size_t count_lines(std::string_view input) {
  std::size_t lines = 1;
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (input[i] == '\n' || (input[i] == '\r' && (i + 1 == input.size() || input[i + 1] != '\n')))
      ++lines;
  }
  return lines;
}

inline void check_diagnostic(const boardgames::Diagnostic& d, std::size_t lines) {
  require(d.where.line <= lines);
  require_utf8(d.message);
}

inline void check_diagnostics(const std::vector<boardgames::Diagnostic>& findings,
                              std::size_t lines) {
  for (const boardgames::Diagnostic& d : findings) check_diagnostic(d, lines);
}

// Diagnostics that check each finding as it is reported.
inline boardgames::Diagnostics checked(std::size_t lines) {
  return boardgames::Diagnostics(
      [lines](const boardgames::Diagnostic& d) { check_diagnostic(d, lines); });
}

}  // namespace fuzz
