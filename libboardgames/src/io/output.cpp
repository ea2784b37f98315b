#include "boardgames/io/output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <climits>
#include <cstdlib>

#include <vector>

#include "boardgames/io/io_error.h"

namespace boardgames {

std::string output_target(const std::string& path) {
  // As the kernel does (MAXSYMLINKS): a loop of links ends here, and the open or rename of
  // the name reached reports it.
  constexpr int kMaxLinks = 40;
  std::string current = path;
  for (int hop = 0; hop < kMaxLinks; ++hop) {
    struct stat info {};
    if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return current;
    // A link's size is its target's length (0 for some special files: then read a page).
    std::vector<char> target(static_cast<std::size_t>(info.st_size > 0 ? info.st_size : PATH_MAX) +
                             1);
    const ssize_t length = ::readlink(current.c_str(), target.data(), target.size());
    if (length < 0 || static_cast<std::size_t>(length) >= target.size()) return current;
    std::string next(target.data(), static_cast<std::size_t>(length));
    if (next.empty()) return current;
    if (next.front() != '/') {
      const std::size_t slash = current.rfind('/');
      if (slash != std::string::npos) next = current.substr(0, slash + 1) + next;
    }
    current = std::move(next);
  }
  return current;
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_.empty() || path_ == "-") {
    fd_ = STDOUT_FILENO;
    direct_ = true;
    return;
  }
  struct stat existing {};
  const bool exists = ::stat(path_.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) {
    // A FIFO, a terminal, a device: written in place, as `> FILE` would (a FIFO waits for its
    // reader here). A directory fails with EISDIR.
    fd_ = ::open(path_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd_ < 0) throw io_error_from_errno(path_);
    direct_ = true;
    return;
  }
  // The file standard output already writes to (`-o /dev/stdout > file`, or `>> log`, through
  // /proc/self/fd/1): written through standard output, at its offset, so that an append stays
  // an append and the shell's open file is the one that gets the text.
  struct stat out {};
  if (exists && ::fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == existing.st_dev &&
      out.st_ino == existing.st_ino) {
    fd_ = STDOUT_FILENO;
    direct_ = true;
    return;
  }
  // A shell redirect onto a file we may not write fails before the command runs: so here.
  if (exists && ::access(path_.c_str(), W_OK) != 0) throw io_error_from_errno(path_);
  target_ = output_target(path_);
  struct stat link {};
  if (::lstat(target_.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    // A loop of links (or one too long to follow): what `> FILE` says, not the link replaced.
    errno = ELOOP;
    throw io_error_from_errno(path_);
  }
  // The temporary file's name is the target's plus a suffix, cut so that it stays within
  // NAME_MAX when the target's name is near it.
  constexpr std::size_t kMaxKeptName = 200;
  const std::size_t slash = target_.rfind('/');
  const std::size_t name_start = slash == std::string::npos ? 0 : slash + 1;
  temporary_ = target_.substr(0, name_start + kMaxKeptName) + ".tmpXXXXXX";
  std::vector<char> name(temporary_.begin(), temporary_.end());
  name.push_back('\0');
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) {
    temporary_.clear();
    throw io_error_from_errno(path_);
  }
  temporary_.assign(name.data());
  if (exists) {
    // The replaced file keeps its owner, group and permission bits (the owner only where we
    // may give it away: root, or our own file).
    if (::fchown(fd_, existing.st_uid, existing.st_gid) != 0) {
      (void)::fchown(fd_, static_cast<uid_t>(-1), existing.st_gid);
    }
    ::fchmod(fd_, static_cast<mode_t>(existing.st_mode & 07777));
  } else {
    // mkstemp creates the file 0600; give it the permissions a plain open() would.
    mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd_, static_cast<mode_t>(0666 & ~mask));
  }
}

OutputFile::~OutputFile() {
  if (fd_ >= 0 && fd_ != STDOUT_FILENO) ::close(fd_);
  if (!temporary_.empty() && !committed_) ::unlink(temporary_.c_str());
}

std::string OutputFile::display_name() const {
  return path_.empty() || path_ == "-" ? std::string("standard output") : path_;
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

void OutputFile::prepare() {
  flush();
  if (direct_ || fd_ < 0) return;
  if (::fsync(fd_) != 0 && errno != EINVAL) throw io_error_from_errno("writing " + path_);
  if (::close(fd_) != 0) {
    fd_ = -1;
    throw io_error_from_errno("writing " + path_);
  }
  fd_ = -1;
}

void OutputFile::commit() {
  prepare();
  if (direct_) return;
  if (::rename(temporary_.c_str(), target_.c_str()) != 0) {
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
