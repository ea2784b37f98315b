// ByteSource: buffered bytes from a file, standard input or memory, read front to back.
//
// Parsers pull bytes one at a time through get(), whose fast path is an inline buffer read,
// so a streaming parser is as fast as one over a memory buffer while holding only 64 KiB.
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

class ByteSource {
 public:
  static constexpr int kEnd = -1;

  // "-" is standard input. Throws IoError if the file cannot be opened.
  static ByteSource open(const std::string& path);
  static ByteSource from_string(std::string data, std::string name);

  ByteSource(ByteSource&&) noexcept;
  ByteSource& operator=(ByteSource&&) noexcept;
  ~ByteSource();

  // The name diagnostics show: the path, or "<stdin>".
  const std::string& name() const { return name_; }

  // The next byte (0..255), or kEnd. Throws IoError on a read error.
  int get() {
    if (pos_ < end_) return static_cast<unsigned char>(buffer_[pos_++]);
    return refill();
  }
  // The next byte without consuming it.
  int peek() {
    if (pos_ < end_) return static_cast<unsigned char>(buffer_[pos_]);
    int c = refill();
    if (c != kEnd) --pos_;
    return c;
  }

  // The next bytes without consuming them: at least `count` (up to 64 KiB) unless the input
  // ends first, read as they arrive from a pipe, and whatever else is buffered. For a look at
  // a file's first bytes before it is read. Throws IoError on a read error.
  std::string_view peek_bytes(std::size_t count);

  // Everything not yet read.
  std::string read_all();

  // Up to `size` bytes not yet read into `out` (what is buffered first): how many, 0 at the end
  // (or when `size` is 0). Throws IoError on a read error.
  std::size_t read_some(char* out, std::size_t size);

  // For a regular file: the bytes not yet read, as its size says now (it may still change);
  // -1 for anything else (standard input, a pipe, a device, memory).
  long long regular_file_left() const;

 private:
  ByteSource(int fd, bool owns_fd, std::string name);
  int refill();

  int fd_ = -1;
  bool owns_fd_ = false;
  std::string name_;
  std::string memory_;  // for from_string(); buffer_ points into it
  std::unique_ptr<char[]> storage_;
  const char* buffer_ = nullptr;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  bool at_end_ = false;
};

}  // namespace boardgames

BOARDGAMES_API_END
