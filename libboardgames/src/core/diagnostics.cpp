#include "boardgames/core/diagnostics.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace boardgames {

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::note:
      return "note";
    case Severity::warning:
      return "warning";
    case Severity::error:
      return "error";
  }
  return "error";
}

std::string format_diagnostic(const Diagnostic& diagnostic) {
  std::string text;
  const SourceLocation& where = diagnostic.where;
  if (!where.file.empty()) {
    text += where.file;
    if (where.line > 0) {
      text += ':';
      text += std::to_string(where.line);
      if (where.column > 0) {
        text += ':';
        text += std::to_string(where.column);
      }
    }
    text += ": ";
  }
  text += severity_name(diagnostic.severity);
  text += ": ";
  text += diagnostic.message;
  return text;
}

Diagnostics::Diagnostics(Handler handler) : handler_(std::move(handler)) {}

void Diagnostics::report(Diagnostic diagnostic) {
  if (diagnostic.severity == Severity::error) ++errors_;
  if (diagnostic.severity == Severity::warning) ++warnings_;
  if (handler_) handler_(diagnostic);
}

void Diagnostics::error(SourceLocation where, std::string message) {
  report({Severity::error, std::move(where), std::move(message)});
}

void Diagnostics::warning(SourceLocation where, std::string message) {
  report({Severity::warning, std::move(where), std::move(message)});
}

void Diagnostics::note(SourceLocation where, std::string message) {
  report({Severity::note, std::move(where), std::move(message)});
}

std::uint32_t SourceLines::number(const std::string& file, std::uint32_t line) {
  if (files_.empty() || files_.back().second != file) files_.emplace_back(highest_, file);
  const std::uint64_t sum = std::uint64_t{files_.back().first} + line;
  const auto n = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(sum, std::numeric_limits<std::uint32_t>::max()));
  highest_ = std::max(highest_, n);
  return n;
}

SourceLocation SourceLines::where(std::uint32_t number, std::uint32_t column) const {
  if (files_.empty()) return {"", number, column};
  if (number == 0) return {files_.front().second, 0, column};
  // The last file whose run starts below the number (a file's lines are numbered from 1).
  auto it = std::partition_point(files_.begin(), files_.end(),
                                 [&](const auto& file) { return file.first < number; });
  if (it != files_.begin()) --it;
  return {it->second, number - it->first, column};
}

std::string SourceLines::line_text(std::uint32_t number, const std::string& here) const {
  const SourceLocation at = where(number);
  std::string text = "line " + std::to_string(at.line);
  if (at.file != here) text += " of " + at.file;
  return text;
}

std::string SourceLines::lines_text(std::uint32_t first, std::uint32_t second) const {
  const SourceLocation a = where(first);
  const SourceLocation b = where(second);
  if (a.file == b.file) {
    return "lines " + std::to_string(a.line) + " and " + std::to_string(b.line);
  }
  return "line " + std::to_string(a.line) + " of " + a.file + " and line " +
         std::to_string(b.line) + " of " + b.file;
}

std::string SourceLines::first_file() const {
  return files_.empty() ? std::string() : files_.front().second;
}

}  // namespace boardgames
