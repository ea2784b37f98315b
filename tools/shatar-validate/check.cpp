#include "shatar-validate/check.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/shatar/diagram.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"
#include "common/encoding.h"
#include "common/parallel.h"

namespace boardgames::cli {

namespace {

namespace bg = boardgames;
namespace sh = boardgames::shatar;

// One slice's share of a run, made on a worker thread: its games as read, then what is said
// about them on standard output and standard error, in order, for the calling thread to write.
struct Said {
  bg::Diagnostic what;
  bool board = false;  // --show's board (a note from the tool), not a finding
};
struct SlicePart {
  sh::SliceGames read;
  std::vector<Said> said;
  std::string out;
  std::vector<bool> valid;  // a game each
};

// Numbers the slice's games after the `before` of the slices ahead, checks them, formats their
// output, and lets the games go.
void check(SlicePart& part, std::size_t before, const std::string& file,
           const bg::PgnValidationWriter& writer, bool show) {
  bg::Diagnostics collect([&part](const bg::Diagnostic& d) { part.said.push_back({d}); });
  for (sh::PgnGame& game : part.read.games) {
    game.index = static_cast<int>(++before);
    const sh::GameReport report = sh::validate_game(game, file);
    for (const bg::Diagnostic& d : report.diagnostics) part.said.push_back({d});
    if (show && report.error && report.error_position) {
      part.said.push_back({{bg::Severity::note,
                            {},
                            fmt::format("{} game {}: the position before '{}':\n{}", file,
                                        report.index, bg::excerpt(report.error->token),
                                        sh::board_diagram(*report.error_position))},
                           true});
    }
    writer.format(file, game, report, part.out, &collect);
    part.valid.push_back(report.valid());
  }
  part.read.games = {};
}

// A regular file read in chunks as the slicer asks for them, while the slices read so far are
// checked: the buffer has the file's size from the start, so the text never moves under the
// slices in flight (new char[], not a string: its pages are first touched by the reads, chunk
// by chunk, not all at once before the first slice).
class ChunkedText {
 public:
  ChunkedText(bg::ByteSource& source, std::size_t size)
      : source_(source), size_(size), buffer_(new char[size + 1]) {}
  std::string_view text() const { return {buffer_.get(), have_}; }
  // Reads a chunk more: true once the text is complete (the end of the file, or its size at
  // the start when it grew since: grew() then says so).
  bool more() {
    constexpr std::size_t kChunkBytes = 128 * 1024;
    const std::size_t n =
        source_.read_some(buffer_.get() + have_, std::min(kChunkBytes, size_ + 1 - have_));
    have_ += n;
    if (have_ <= size_) return n == 0;
    have_ = size_;
    grew_ = true;
    return true;
  }
  bool grew() const { return grew_; }

 private:
  bg::ByteSource& source_;
  std::size_t size_;
  std::unique_ptr<char[]> buffer_;
  std::size_t have_ = 0;
  bool grew_ = false;
};

}  // namespace

void check_files(Tool& tool, const std::vector<std::string>& paths, PgnValidationWriter& writer,
                 int jobs, bool show, const std::string& encoding) {
  bg::cli::Progress progress(tool);
  std::size_t total = 0;
  // Each file is cut into slices of whole games. While the calling thread writes a slice's
  // output, the worker threads cut the next slices, read them, number their games in file order
  // (the games of the slices before), check them and format what they say; memory stays that
  // of a few slices a thread however long the file.
  constexpr std::size_t kSliceBytes = 64 * 1024;
  const std::size_t window = 4 * static_cast<std::size_t>(jobs);
  for (const std::string& path : paths) {
    std::string why;
    auto source = tool.open_input(path, &why);
    if (!source) writer.unreadable(bg::replace_invalid_utf8(path), "cannot open: " + why);
    if (!source) continue;
    const std::string file = bg::replace_invalid_utf8(source->name());
    // A regular file in UTF-8 is read a chunk at a time while its first slices are checked;
    // standard input, a pipe or another character set is read whole first.
    const long long left = encoding.empty() ? source->regular_file_left() : -1;
    std::optional<ChunkedText> chunked;
    std::string text;
    if (left >= 0) chunked.emplace(*source, static_cast<std::size_t>(left));
    if (left < 0) text = bg::cli::file_text(*source, encoding, file, tool.diagnostics());
    writer.begin_file(file);
    std::vector<std::string> notes;  // the reader's notes, given once per file
    sh::PgnSlicer slicer(text, kSliceBytes, !chunked);
    const std::size_t size = chunked ? static_cast<std::size_t>(left) : text.size();
    // No more threads than slices: a file of one slice is checked on the calling thread alone.
    const int threads = static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(jobs), size / kSliceBytes + 1));
    bg::cli::ordered_pipeline<sh::PgnSlice, SlicePart>(
        threads, window,
        [&](sh::PgnSlice& slice) {
          while (!slicer.next(slice)) {
            if (!chunked || !slicer.starved()) return false;
            const bool complete = chunked->more();
            slicer.extend(chunked->text(), complete);
          }
          return true;
        },
        [&](const sh::PgnSlice& slice, SlicePart& part) {
          part.read = sh::read_slice(slice, file);
          return part.read.games.size();
        },
        [&](std::size_t before, SlicePart& part) { check(part, before, file, writer, show); },
        [&](SlicePart& part) {
          for (const bg::Diagnostic& d : part.read.findings) {
            if (d.severity == bg::Severity::note) {
              if (std::find(notes.begin(), notes.end(), d.message) != notes.end()) continue;
              notes.push_back(d.message);
            }
            tool.diagnostics().report(d);
          }
          for (const Said& said : part.said) {
            if (said.board) tool.note(said.what.message);
            if (!said.board) tool.diagnostics().report(said.what);
          }
          for (const bool valid : part.valid) writer.count(valid);
          tool.output().write(part.out);
          total += part.valid.size();
          progress.show([&]() { return fmt::format("{} games", total); });
        });
    if (chunked && chunked->grew()) {
      tool.diagnostics().warning(
          {file, 0, 0},
          fmt::format("the file grew while it was read: only its first {} bytes were checked",
                      size));
    }
  }
}

}  // namespace boardgames::cli
