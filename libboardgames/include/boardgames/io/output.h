// OutputFile: where a tool writes its result — standard output, or a file replaced atomically.
//
// A named file is written to a temporary file in the same directory and renamed over the
// target by commit(), so an interrupted run never leaves half a file where the old one was;
// without commit() (an error, an exception) the temporary is removed and the old file stays.
// Every write is checked: a closed pipe or a full disk throws IoError (exit status 2).
#pragma once

#include "boardgames/export.h"

#include <string>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

class OutputFile {
 public:
  // "-" or "" is standard output.
  explicit OutputFile(std::string path);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  // Text appended here is written out by flush() / flush_if_large() / commit().
  std::string& buffer() { return buffer_; }
  void write(std::string_view text) {
    buffer_ += text;
    flush_if_large();
  }
  void flush_if_large() {
    if (buffer_.size() >= kFlushSize) flush();
  }
  void flush();

  // Writes what is left and puts the file in place. Throws IoError.
  void commit();

  const std::string& path() const { return path_; }
  // The temporary file being written ("" for standard output, and once committed), for a
  // signal handler that must remove it.
  const std::string& temporary_path() const { return temporary_; }

 private:
  static constexpr std::size_t kFlushSize = 1 << 16;
  std::string display_name() const;

  std::string path_;
  std::string temporary_;
  std::string buffer_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace boardgames

BOARDGAMES_API_END
