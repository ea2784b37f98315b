#include "boardgames/io/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdlib>

#include <vector>

#include "boardgames/io/io_error.h"

namespace boardgames {

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_.empty() || path_ == "-") {
    fd_ = STDOUT_FILENO;
    return;
  }
  temporary_ = path_ + ".tmpXXXXXX";
  std::vector<char> name(temporary_.begin(), temporary_.end());
  name.push_back('\0');
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) throw io_error_from_errno(path_);
  temporary_.assign(name.data());
  // mkstemp creates the file 0600; give it the permissions a plain open() would.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, static_cast<mode_t>(0666 & ~mask));
}

OutputFile::~OutputFile() {
  if (!temporary_.empty() && !committed_) {
    ::close(fd_);
    ::unlink(temporary_.c_str());
  }
}

std::string OutputFile::display_name() const {
  return temporary_.empty() ? std::string("standard output") : path_;
}

void OutputFile::flush() {
  std::size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      int saved = errno;
      buffer_.clear();
      errno = saved;
      throw io_error_from_errno("writing " + display_name());
    }
    done += static_cast<std::size_t>(n);
  }
  buffer_.clear();
}

void OutputFile::commit() {
  flush();
  if (temporary_.empty()) return;
  if (::fsync(fd_) != 0 && errno != EINVAL) throw io_error_from_errno("writing " + path_);
  if (::close(fd_) != 0) {
    fd_ = -1;
    throw io_error_from_errno("writing " + path_);
  }
  fd_ = -1;
  if (::rename(temporary_.c_str(), path_.c_str()) != 0) {
    int saved = errno;
    ::unlink(temporary_.c_str());
    committed_ = true;
    errno = saved;
    throw io_error_from_errno("renaming the output into " + path_);
  }
  committed_ = true;
  temporary_.clear();
}

}  // namespace boardgames
