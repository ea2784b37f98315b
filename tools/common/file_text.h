// A regular file's text, read into memory a chunk at a time while the chunks read so far are
// already being worked on (shatar-validate cuts it into slices as it comes).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>

#include "boardgames/io/byte_source.h"

namespace boardgames::cli {

// The buffer has the file's size from the start, so the text never moves under views of it
// (not a string: its pages are first touched by the reads, chunk by chunk, not all at once
// before the first chunk can be used; from 2 MB on they are huge pages where the system allows,
// see file_text.cpp).
//
// Read on the caller's thread (`ahead` false), more() reads one chunk. Read ahead, a thread of
// its own reads the whole file from construction on and more() only waits for it: the reading
// (the copy and the first touch of every page, about a fifth of shatar-validate's time) then
// runs beside the work on the text instead of in front of it, where every worker would wait for
// it. The source must not be used by anyone else until this is destroyed; destruction stops
// the reading thread.
class GrowingFileText {
 public:
  GrowingFileText(ByteSource& source, std::size_t size, bool ahead);
  ~GrowingFileText();
  GrowingFileText(const GrowingFileText&) = delete;
  GrowingFileText& operator=(const GrowingFileText&) = delete;

  // The bytes read so far (from the caller's thread, or published by the reading thread).
  std::string_view text() const { return {buffer_.get(), seen_}; }
  // More bytes, at least one chunk unless the text is complete: true once it is (the end of the
  // file, or its size at the start when it grew since: grew() then says so). Rethrows a read
  // error (IoError) on the caller's thread.
  bool more();
  bool grew() const { return grew_; }
  std::size_t size() const { return size_; }

 private:
  // Reads the next chunk into the buffer after the `have` bytes there; true once the text is
  // complete, with `grew` set if it is complete because the file grew.
  bool read_chunk(std::size_t& have, bool& grew);
  void read_ahead();

  ByteSource& source_;
  std::size_t size_;
  struct Release {  // of the buffer, `bytes` long
    std::size_t bytes;
    void operator()(char* text) const;
  };
  std::unique_ptr<char[], Release> buffer_;
  std::size_t seen_ = 0;  // bytes the caller has been given
  bool grew_ = false;
  bool complete_ = false;

  // Shared with the reading thread.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t published_ = 0;
  bool published_complete_ = false;
  bool published_grew_ = false;
  bool stop_ = false;
  std::exception_ptr failure_;
  std::thread reader_;
};

}  // namespace boardgames::cli
