#include "boardgames/io/byte_source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <cstring>

#include "boardgames/io/io_error.h"

namespace boardgames {

namespace {
constexpr std::size_t kBufferSize = 64 * 1024;
}

IoError io_error_from_errno(const std::string& what) {
  return IoError(what + ": " + std::strerror(errno));
}

ReadError read_error_from_errno(const std::string& what) {
  return ReadError(what + ": " + std::strerror(errno));
}

ByteSource::ByteSource(int fd, bool owns_fd, std::string name)
    : fd_(fd), owns_fd_(owns_fd), name_(std::move(name)), storage_(new char[kBufferSize]) {
  buffer_ = storage_.get();
}

ByteSource ByteSource::open(const std::string& path) {
  if (path == "-") return ByteSource(STDIN_FILENO, false, "<stdin>");
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw io_error_from_errno(path);
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    ::close(fd);
    throw IoError(path + ": Is a directory");
  }
  return ByteSource(fd, true, path);
}

ByteSource ByteSource::from_string(std::string data, std::string name) {
  ByteSource source(-1, false, std::move(name));
  source.storage_.reset();
  source.memory_ = std::move(data);
  source.buffer_ = source.memory_.data();
  source.end_ = source.memory_.size();
  source.at_end_ = true;
  return source;
}

ByteSource::ByteSource(ByteSource&& other) noexcept
    : fd_(other.fd_),
      owns_fd_(other.owns_fd_),
      name_(std::move(other.name_)),
      memory_(std::move(other.memory_)),
      storage_(std::move(other.storage_)),
      pos_(other.pos_),
      end_(other.end_),
      at_end_(other.at_end_) {
  buffer_ = storage_ ? storage_.get() : memory_.data();
  other.owns_fd_ = false;
  other.fd_ = -1;
}

ByteSource& ByteSource::operator=(ByteSource&& other) noexcept {
  if (this != &other) {
    if (owns_fd_) ::close(fd_);
    fd_ = other.fd_;
    owns_fd_ = other.owns_fd_;
    name_ = std::move(other.name_);
    memory_ = std::move(other.memory_);
    storage_ = std::move(other.storage_);
    buffer_ = storage_ ? storage_.get() : memory_.data();
    pos_ = other.pos_;
    end_ = other.end_;
    at_end_ = other.at_end_;
    other.owns_fd_ = false;
    other.fd_ = -1;
  }
  return *this;
}

ByteSource::~ByteSource() {
  if (owns_fd_) ::close(fd_);
}

int ByteSource::refill() {
  if (at_end_) return kEnd;
  while (true) {
    ssize_t n = ::read(fd_, storage_.get(), kBufferSize);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw read_error_from_errno(name_);
    }
    if (n == 0) {
      at_end_ = true;
      pos_ = end_ = 0;
      return kEnd;
    }
    pos_ = 1;
    end_ = static_cast<std::size_t>(n);
    return static_cast<unsigned char>(buffer_[0]);
  }
}

std::string_view ByteSource::peek_bytes(std::size_t count) {
  count = std::min(count, kBufferSize);
  if (end_ - pos_ < count && !at_end_ && fd_ >= 0) {
    // The bytes buffered to the buffer's start, then reads after them until there are enough.
    std::memmove(storage_.get(), buffer_ + pos_, end_ - pos_);
    end_ -= pos_;
    pos_ = 0;
    while (end_ < count) {
      const ssize_t n = ::read(fd_, storage_.get() + end_, kBufferSize - end_);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw read_error_from_errno(name_);
      }
      if (n == 0) {
        at_end_ = true;
        break;
      }
      end_ += static_cast<std::size_t>(n);
    }
  }
  return {buffer_ + pos_, end_ - pos_};
}

std::size_t ByteSource::read_some(char* out, std::size_t size) {
  if (size == 0) return 0;
  if (pos_ < end_) {
    const std::size_t n = std::min(size, end_ - pos_);
    std::memcpy(out, buffer_ + pos_, n);
    pos_ += n;
    return n;
  }
  if (at_end_ || fd_ < 0) return 0;
  while (true) {
    const ssize_t n = ::read(fd_, out, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw read_error_from_errno(name_);
    }
    if (n == 0) at_end_ = true;
    return static_cast<std::size_t>(n);
  }
}

long long ByteSource::regular_file_left() const {
  struct stat info {};
  if (at_end_ || fd_ < 0 || ::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) return -1;
  const off_t offset = ::lseek(fd_, 0, SEEK_CUR);
  if (offset < 0) return -1;
  const long long left = static_cast<long long>(info.st_size) - static_cast<long long>(offset);
  return std::max(left, 0LL) + static_cast<long long>(end_ - pos_);
}

std::string ByteSource::read_all() {
  std::string out(buffer_ + pos_, end_ - pos_);
  pos_ = end_;
  // A regular file is read straight into the string at its size (plus a byte, to see the end
  // without growing it): no copy through the buffer, no reallocation of a growing string.
  struct stat info {};
  if (!at_end_ && fd_ >= 0 && ::fstat(fd_, &info) == 0 && S_ISREG(info.st_mode) &&
      info.st_size > 0) {
    std::size_t size = out.size();
    out.resize(size + static_cast<std::size_t>(info.st_size) + 1);
    while (true) {
      const ssize_t n = ::read(fd_, out.data() + size, out.size() - size);
      if (n < 0) {
        if (errno == EINTR) continue;
        throw read_error_from_errno(name_);
      }
      if (n == 0) break;
      size += static_cast<std::size_t>(n);
      if (size == out.size()) break;  // the file grew: the loop below reads the rest
    }
    out.resize(size);
  }
  while (!at_end_) {
    int c = refill();
    if (c == kEnd) break;
    out.push_back(static_cast<char>(c));
    out.append(buffer_ + pos_, end_ - pos_);
    pos_ = end_;
  }
  return out;
}

}  // namespace boardgames
