#include "boardgames/core/problem.h"

namespace boardgames {

Diagnostic to_diagnostic(const Problem& problem, Severity severity) {
  return Diagnostic{severity, problem.where, problem.reason};
}

}  // namespace boardgames
