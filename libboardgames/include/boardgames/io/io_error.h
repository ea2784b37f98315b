// IoError: the tool could not read or write (exit status 2), as opposed to input that was read
// and found wrong (a diagnostic, exit status 1).
#pragma once

#include "boardgames/export.h"

#include <stdexcept>
#include <string>

BOARDGAMES_API_BEGIN

namespace boardgames {

class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "what: strerror(errno)" for the current errno.
[[nodiscard]] IoError io_error_from_errno(const std::string& what);

}  // namespace boardgames

BOARDGAMES_API_END
