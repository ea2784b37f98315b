#include "common/file_text.h"

#include <algorithm>
#include <cstdint>
#include <new>

#include <sys/mman.h>

#include "boardgames/core/strings.h"

namespace boardgames::cli {

namespace {
// Large enough that a read costs little beside the copy, small enough that the first slices are
// ready at once.
constexpr std::size_t kChunkBytes = 128 * 1024;
// The text's buffer. A page's first touch is a page fault, and on the machine of
// docs/benchmarks.md the faults of 4 KB pages took a fifth of shatar-validate's time (4,500 of
// them for 20,000 games); in 2 MB pages they cost next to nothing. So from 2 MB on, the buffer is
// whole 2 MB pages, aligned, with the advice to back them by huge pages where the system gives
// them (Linux's transparent huge pages, "madvise" or "always"): else it works as 4 KB pages.
// AddressSanitizer's builds keep new[], whose overruns it sees.
constexpr std::size_t kHugePage = 2 * 1024 * 1024;
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kMapped = false;
#elif defined(__has_feature)
constexpr bool kMapped = !__has_feature(address_sanitizer);
#else
constexpr bool kMapped = true;
#endif

std::size_t mapped_bytes(std::size_t bytes) {
  return bytes < kHugePage ? bytes : (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

char* allocate(std::size_t bytes) {
  if (!kMapped) return new char[bytes];
  const std::size_t length = mapped_bytes(bytes);
  // A huge page must be aligned: map a huge page more and give back what lies outside.
  const std::size_t slack = length < kHugePage ? 0 : kHugePage;
  void* mapped =
      mmap(nullptr, length + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  char* const raw = static_cast<char*>(mapped);
  if (slack == 0) return raw;
  const std::size_t skip =
      (kHugePage - reinterpret_cast<std::uintptr_t>(raw) % kHugePage) % kHugePage;
  if (skip > 0) munmap(raw, skip);
  if (slack - skip > 0) munmap(raw + skip + length, slack - skip);
  madvise(raw + skip, length, MADV_HUGEPAGE);  // only advice: no huge pages is no error
  return raw + skip;
}

}  // namespace

void GrowingFileText::Release::operator()(char* text) const {
  if (!kMapped) delete[] text;
  if (kMapped) munmap(text, mapped_bytes(bytes));
}

GrowingFileText::GrowingFileText(ByteSource& source, std::size_t size, bool ahead)
    : source_(source), size_(size), buffer_(allocate(size + 1), Release{size + 1}) {
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
  // Lone carriage returns become line feeds as the bytes arrive (the PGN reader ends lines at
  // "\n"), from the last byte given before: a CR there waited for the byte after it.
  const std::size_t before = seen_;
  if (!reader_.joinable()) {
    complete_ = read_chunk(seen_, grew_);
  } else {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return failure_ || published_complete_ || published_ > seen_; });
    if (failure_) std::rethrow_exception(failure_);
    seen_ = published_;
    complete_ = published_complete_;
    grew_ = published_grew_;
  }
  lone_cr_to_lf(buffer_.get(), seen_, before > 0 ? before - 1 : 0, complete_);
  return complete_;
}

}  // namespace boardgames::cli
