// PGN as game records come in: tag pairs, movetext with move numbers (`1.`, `1...` or a bare
// `1`), `{comments}`, `;` comments, `%` escape lines, `( variations )` nested up to
// kMaxVariationDepth, `$n` NAGs and result tokens; many games a file. Moves are kept as
// written, with their line and column, for the notation parser and the validator.
//
// Hostile input is read in time and memory proportional to its size: the reader never recurses,
// variations nested deeper than the limit are an error and are skipped, a comment or variation
// left open never runs past the start of the next game, and a game lists at most
// kMaxProblemsPerGame reading problems (as does each stretch of text between games).
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/record_result.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

// Variations inside variations deeper than this are reported and not read (real records stay
// below ten; the validator walks them recursively, so the depth must be bounded).
inline constexpr std::size_t kMaxVariationDepth = 100;
// Reading problems listed for one game; one more line says how many were left out.
inline constexpr std::size_t kMaxProblemsPerGame = 20;

struct PgnMove;

// A variation: moves that replace one move of the line it hangs on (PGN's RAV).
struct PgnLine {
  std::vector<PgnMove> moves;
};

struct PgnMove {
  std::string text;  // as written, without the move number
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::vector<PgnLine> variations;  // alternatives to this move
};

struct PgnTag {
  std::string name;
  std::string value;
  std::uint32_t line = 0;
  std::uint32_t column = 0;  // of its '['
};

struct PgnGame {
  int index = 0;           // 1-based, in its file
  std::uint32_t line = 0;  // where the game starts
  std::vector<PgnTag> tags;
  PgnLine moves;
  // The movetext's termination, nullopt when it has none; raw_result is its token as written
  // ("1-0", "0-1", "1/2-1/2", "½-½", "*"), kept only to quote it in messages.
  std::optional<RecordResult> result;
  std::string raw_result;
  std::uint32_t result_line = 0;
  std::uint32_t result_column = 0;
  // What could not be read in this game, in file order, without the "game N: " prefix (the
  // number is known only when the games of a file are counted): errors (an unclosed comment,
  // tag or variation, a stray character, variations nested too deep) make the game invalid;
  // warnings (a NAG out of range) do not.
  std::vector<Diagnostic> problems;

  // The value of a tag, or "".
  std::string_view tag(std::string_view name) const;
  // The tag itself (the first of that name), or nullptr.
  const PgnTag* find_tag(std::string_view name) const;
};

// Reads the games of a PGN text one at a time (memory stays that of one game). Syntax problems
// (an unterminated comment or tag, unbalanced parentheses) go into the game's `problems` with
// their position; the reader recovers and goes on. A comment or variation left open ends where
// the next game starts (a tag line after a blank line), so the games after it are still read.
// Problems outside any game (a stray character after a result) are reported into the
// Diagnostics given, as is a note, once per reader, when tag text is not valid UTF-8 and is
// read as Windows-1252 (the PGN standard's Latin-1): that note is the only one the reader
// gives. A UTF-8 byte-order mark at the start of a line is skipped.
class PgnReader {
 public:
  // `first_line`: the line number of the text's first line (for a slice of a file).
  PgnReader(std::string_view text, std::string file, Diagnostics& diagnostics,
            std::uint32_t first_line = 1);
  ~PgnReader();
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  // The next game, or false at the end of the text.
  bool next(PgnGame& game);
  // The line the reader is on: `first_line` plus the newlines read so far (once next() has
  // returned false, all of the text's).
  std::uint32_t line() const;
  const std::string& file() const { return file_; }

 private:
  class Scanner;
  std::string file_;
  std::unique_ptr<Scanner> scanner_;
};

// A piece of a PGN text that holds whole games.
struct PgnSlice {
  std::string_view text;
};

// Cuts a PGN text into slices of about `target` bytes, each ending where a tag line
// (`[Name "...`) follows a blank line — between two games in every PGN file as exported, and
// where a reader ends a comment or variation left open — so slices can be read on separate
// threads (a PgnReader each) and give the same games as one reader would. A file without blank
// lines between games is simply one slice. next() copies nothing and reads only the lines
// around the cut, from `target` bytes on (lines are counted by the slice's reader, see
// read_slice), so it costs next to nothing while other threads wait for it.
//
// The text may also come in while it is cut (a file read in chunks while the slices read so far
// are checked): constructed with `complete` false, next() cuts only where the bytes read decide
// the cut as the whole text would, and returns false with starved() true when it needs more;
// extend() then gives the same text, longer, and whether it is now complete. The slices are
// the same as those of the whole text at once.
class PgnSlicer {
 public:
  PgnSlicer(std::string_view text, std::size_t target, bool complete = true)
      : text_(text), target_(target), complete_(complete) {}
  // The next slice; false at the end of the text, or (starved()) of the bytes read so far.
  bool next(PgnSlice& slice);
  bool starved() const { return starved_; }
  // `text` begins with the text given before; `complete`: nothing more will come.
  void extend(std::string_view text, bool complete) {
    text_ = text;
    complete_ = complete;
  }

 private:
  std::string_view text_;
  std::size_t target_;
  bool complete_;
  bool starved_ = false;
  std::size_t pos_ = 0;
};

// The games of one slice and what its reader reported (problems outside any game, the encoding
// note), in order: a slice each on separate threads reads as one reader would.
struct SliceGames {
  std::vector<PgnGame> games;  // numbered from 1 within the slice
  std::vector<Diagnostic> findings;
  // The next slice starts `lines` lines further on (the newlines in this one).
  std::uint32_t lines = 0;
};
// Reads a slice whose first line is `first_line` of its file. When that is not known yet (the
// slices ahead are still being read on other threads), read it from 1 and move the lines with
// place_lines() once it is: each slice can then be read as soon as it is cut.
SliceGames read_slice(const PgnSlice& slice, const std::string& file, std::uint32_t first_line = 1);
// Move line numbers (those not 0, unknown) `lines_before` lines on: for what was read from a
// slice from line 1, to where the slice starts in its file (`lines_before` is the sum of the
// `lines` of the slices ahead). A game is best placed just before it is checked, while it is in
// the cache anyway.
void place_lines(PgnGame& game, std::uint32_t lines_before);
void place_lines(std::vector<Diagnostic>& findings, std::uint32_t lines_before);

// Every game of a PGN text.
std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file,
                              Diagnostics& diagnostics);

}  // namespace boardgames::shatar

BOARDGAMES_API_END
