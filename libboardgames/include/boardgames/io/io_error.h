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

// An input opened that could not be read to its end (a directory as standard input, a disk
// error). A tool with several inputs takes it as that input's failure and goes on with the
// next; an IoError that is not a ReadError (an output that cannot be written) ends the run.
class ReadError : public IoError {
 public:
  using IoError::IoError;
};

// "what: strerror(errno)" for the current errno.
[[nodiscard]] IoError io_error_from_errno(const std::string& what);
[[nodiscard]] ReadError read_error_from_errno(const std::string& what);

}  // namespace boardgames

BOARDGAMES_API_END
