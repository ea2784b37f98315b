// Diagnostics: findings about the input, reported the way compilers report them.
//
// Every tool prints `tool: FILE:LINE:COL: error: message`. The library never prints: parsers
// and rules engines report into a Diagnostics object, which forwards each finding to a handler
// at once (so a long batch run shows its findings as it goes) and counts them (so the tool's
// exit status follows from error_count()).
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class Severity : std::uint8_t { note, warning, error };

std::string_view severity_name(Severity severity);

// Where a finding is. `file` is the name the user gave ("<stdin>" for standard input); line
// and column are 1-based, 0 when unknown. Columns count UTF-8 characters, as editors do.
struct SourceLocation {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

// The lines of several files read one after another, numbered on: the first file's lines keep
// their numbers, and each later file's come after the last line of the one before. One 32-bit
// number then names a file and a line in it, where a record has room for a line but not for a
// file's name (the results of a tournament given as one file a round).
class SourceLines {
 public:
  // The running number of `line` of `file`. A file other than the last one given starts a
  // new run after the highest number given so far. Saturates at the largest 32-bit number.
  std::uint32_t number(const std::string& file, std::uint32_t line);
  // The file and line a running number names (`file` empty when no file was given).
  SourceLocation where(std::uint32_t number, std::uint32_t column = 0) const;
  // "line 5", or "line 5 of r1.csv" when the line is in a file other than `here`.
  std::string line_text(std::uint32_t number, const std::string& here) const;
  // "lines 2 and 5", or "line 5 of r1.csv and line 2 of r2.csv" across files; `first` first.
  std::string lines_text(std::uint32_t first, std::uint32_t second) const;
  // The first file given ("" when none).
  std::string first_file() const;

 private:
  std::vector<std::pair<std::uint32_t, std::string>> files_;  // (lines before it, name)
  std::uint32_t highest_ = 0;
};

struct Diagnostic {
  Severity severity = Severity::error;
  SourceLocation where;
  std::string message;
};

// "FILE:LINE:COL: error: message"; parts that are unknown are left out ("FILE: error: ...",
// "error: ...").
std::string format_diagnostic(const Diagnostic& diagnostic);

class Diagnostics {
 public:
  using Handler = std::function<void(const Diagnostic&)>;

  // A null handler only counts.
  explicit Diagnostics(Handler handler = {});

  void report(Diagnostic diagnostic);
  void error(SourceLocation where, std::string message);
  void warning(SourceLocation where, std::string message);
  // Information that is neither an error nor a warning (counted by neither).
  void note(SourceLocation where, std::string message);

  std::size_t error_count() const { return errors_; }
  std::size_t warning_count() const { return warnings_; }

 private:
  Handler handler_;
  std::size_t errors_ = 0;
  std::size_t warnings_ = 0;
};

}  // namespace boardgames

BOARDGAMES_API_END
