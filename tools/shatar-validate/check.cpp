#include "shatar-validate/check.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/shatar/diagram.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"
#include "common/encoding.h"
#include "common/file_text.h"
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
  bool placed = false;  // read at its own lines (one thread: the lines ahead were known)
  std::vector<Said> said;
  std::string out;
  std::vector<bool> valid;  // a game each
};

// What the slices ahead of one hold: their games and lines, to number and place its own.
struct Counted {
  std::size_t games = 0;
  std::uint32_t lines = 0;
  Counted& operator+=(const Counted& o) { return *this = {games + o.games, lines + o.lines}; }
};

// Places the slice's lines and numbers its games after the slices ahead, checks the games,
// formats their output, and lets them go.
void check(SlicePart& part, const Counted& before, const std::string& file,
           const bg::PgnValidationWriter& writer, bool show) {
  const std::uint32_t move_lines = part.placed ? 0 : before.lines;
  sh::place_lines(part.read.findings, move_lines);
  std::size_t number = before.games;
  bg::Diagnostics collect([&part](const bg::Diagnostic& d) { part.said.push_back({d}); });
  for (sh::PgnGame& game : part.read.games) {
    sh::place_lines(game, move_lines);
    game.index = static_cast<int>(++number);
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

}  // namespace

void check_files(Tool& tool, const std::vector<std::string>& paths, PgnValidationWriter& writer,
                 int jobs, bool show, const std::string& encoding) {
  bg::cli::Progress progress(tool);
  std::size_t total = 0;
  // Each file is cut into slices of whole games. While the calling thread writes a slice's
  // output, the workers cut the next slices, read them, place their lines and number their games
  // after those of the slices before, check them and format what they say: memory stays that of
  // a few slices a thread. Cutting, all they do one at a time, reads only the lines by a cut.
  constexpr std::size_t kSliceBytes = 64 * 1024;
  const std::size_t window = 4 * static_cast<std::size_t>(jobs);
  for (const std::string& path : paths) {
    std::string why;
    auto source = tool.open_input(path, &why);
    if (!source) writer.unreadable(bg::replace_invalid_utf8(path), "cannot open: " + why);
    if (!source) continue;
    const std::string file = bg::replace_invalid_utf8(source->name());
    const std::size_t games_before = total;
    const std::size_t errors_before = tool.diagnostics().error_count();
    try {
      if (const std::string why_not = refuse_utf16(*source, encoding, file, tool.diagnostics());
          !why_not.empty()) {
        writer.unreadable(file, why_not);
        continue;
      }
      // A regular file in UTF-8 is read in chunks while its first slices are checked (on a thread
      // of its own with -j 2 or more); standard input, a pipe or another character set whole first.
      const long long left = encoding.empty() ? source->regular_file_left() : -1;
      std::string text;
      if (left < 0) {
        text = bg::cli::file_text(*source, encoding, file, tool.diagnostics());
        bg::lone_cr_to_lf(text.data(), text.size(), 0, true);  // old Mac line ends
      }
      const std::size_t size = left >= 0 ? static_cast<std::size_t>(left) : text.size();
      // No more threads than slices: a file of one slice is checked on the calling thread alone.
      const int threads = static_cast<int>(
          std::min<std::size_t>(static_cast<std::size_t>(jobs), size / kSliceBytes + 1));
      std::optional<GrowingFileText> chunked;
      if (left >= 0) chunked.emplace(*source, size, threads > 1);
      writer.begin_file(file);
      std::vector<std::string> notes;  // the reader's notes, given once per file
      std::uint32_t lines_read = 0;    // one thread reads the slices in order: it knows their lines
      sh::PgnSlicer slicer(text, kSliceBytes, !chunked);
      bg::cli::ordered_pipeline<sh::PgnSlice, SlicePart, Counted>(
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
            part.placed = threads == 1;
            part.read = sh::read_slice(slice, file, part.placed ? lines_read + 1 : 1);
            if (part.placed) lines_read += part.read.lines;
            return Counted{part.read.games.size(), part.read.lines};
          },
          [&](const Counted& before, SlicePart& part) { check(part, before, file, writer, show); },
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
    } catch (const bg::ReadError& error) {
      // What was checked before the read failed stays written; the file gets its unreadable
      // line or row too, and the next file is read.
      writer.unreadable(file, "cannot read: " + tool.input_failed(error, source->name()));
      continue;
    }
    // An empty (or blank) file, from a failed step upstream, is said, not passed over.
    if (total == games_before && tool.diagnostics().error_count() == errors_before)
      tool.diagnostics().error(
          {file, 1, 1}, "the file holds no game: it is empty, or only blank lines and comments");
  }
}

}  // namespace boardgames::cli
