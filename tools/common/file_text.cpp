#include "common/file_text.h"

#include <algorithm>

namespace boardgames::cli {

namespace {
// Large enough that a read costs little beside the copy, small enough that the first slices are
// ready at once.
constexpr std::size_t kChunkBytes = 128 * 1024;
}  // namespace

GrowingFileText::GrowingFileText(ByteSource& source, std::size_t size, bool ahead)
    : source_(source), size_(size), buffer_(new char[size + 1]) {
  if (ahead) reader_ = std::thread([this] { read_ahead(); });
}

GrowingFileText::~GrowingFileText() {
  if (!reader_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  reader_.join();
}

bool GrowingFileText::read_chunk(std::size_t& have, bool& grew) {
  // One byte more than the size asks whether the file grew since its size was taken.
  const std::size_t n =
      source_.read_some(buffer_.get() + have, std::min(kChunkBytes, size_ + 1 - have));
  have += n;
  if (have <= size_) return n == 0;
  have = size_;
  grew = true;
  return true;
}

void GrowingFileText::read_ahead() {
  std::size_t have = 0;
  bool grew = false;
  try {
    bool complete = false;
    while (!complete) {
      complete = read_chunk(have, grew);
      const std::lock_guard<std::mutex> lock(mutex_);
      if (stop_) return;
      published_ = have;
      published_complete_ = complete;
      published_grew_ = grew;
      changed_.notify_one();
    }
  } catch (...) {
    const std::lock_guard<std::mutex> lock(mutex_);
    failure_ = std::current_exception();
    changed_.notify_one();
  }
}

bool GrowingFileText::more() {
  if (complete_) return true;
  if (!reader_.joinable()) {
    complete_ = read_chunk(seen_, grew_);
    return complete_;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return failure_ || published_complete_ || published_ > seen_; });
  if (failure_) std::rethrow_exception(failure_);
  seen_ = published_;
  complete_ = published_complete_;
  grew_ = published_grew_;
  return complete_;
}

}  // namespace boardgames::cli
