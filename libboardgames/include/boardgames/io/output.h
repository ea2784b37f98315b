// OutputFile: where a tool writes its result — standard output, or a file replaced atomically.
//
// A named file is written as a shell redirect would write it, but atomically:
//   * a symbolic link is followed (the whole chain, even to a target that does not exist
//     yet): the target is what gets replaced, and the link stays a link;
//   * a regular file (or a name that does not exist yet) is written to a temporary file in
//     the target's directory and renamed over the target by commit(), so an interrupted run
//     never leaves half a file where the old one was; without commit() (an error, an
//     exception) the temporary is removed and the old file stays. A file that exists keeps
//     its permission bits, and its owner and group where the process may set them;
//   * an existing file the process may not write (access(2) W_OK false, e.g. mode 444 for
//     anyone but root) is refused by the constructor with IoError (EACCES), before any work;
//   * anything else that exists (a FIFO, a terminal, /dev/null or another device) is opened
//     and written directly, with no temporary file: there is nothing to replace.
//     So is the file standard output already writes to (`-o /dev/stdout >> log`): through
//     standard output, so that an append stays an append.
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

  // Writes what is left and syncs it, without putting the file in place yet: a tool with
  // several outputs prepares them all before committing any, so that one that fails (a full
  // disk) replaces none. Throws IoError.
  void prepare();
  // Writes what is left (prepare()) and puts the file in place. Throws IoError.
  void commit();

  const std::string& path() const { return path_; }
  // The temporary file being written ("" for standard output, a file written directly, and
  // once committed), for a signal handler that must remove it.
  const std::string& temporary_path() const { return temporary_; }
  // Whether the output goes straight to its destination as it is written (standard output,
  // a FIFO, a device): then there is no old file to keep on failure.
  bool writes_directly() const { return direct_; }

 private:
  static constexpr std::size_t kFlushSize = 1 << 16;
  std::string display_name() const;

  std::string path_;
  std::string target_;  // path_ with symbolic links followed: what commit() replaces
  std::string temporary_;
  std::string buffer_;
  int fd_ = -1;
  bool direct_ = false;
  bool committed_ = false;
};

// The file a named output replaces: `path` with the symbolic links of its last component
// followed (a chain of links, relative ones read from the link's directory), whether or not
// the final target exists yet. Gives up after 40 links (ELOOP) and returns the last name
// reached. Directories on the way are left as written.
std::string output_target(const std::string& path);

}  // namespace boardgames

BOARDGAMES_API_END
