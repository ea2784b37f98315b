#include "boardgames/core/diagnostics.h"

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

}  // namespace boardgames
