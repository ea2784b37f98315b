// Xigua game records: the plain-text notation of spec/xigua.md, and their validation.
//
//   [Black "Li Wei"]   tags as in PGN: Black, White, First ("Black"/"White"), Result
//   [White "Zhao"]     ("1-0": Black won, "0-1", "½-½" or "1/2-1/2")
//   1. N2-N1 S2-S1     moves FROM-TO, captured points after x: "E1-C xN1 xW1"
//   2. pass ENE-E2     "pass"; move numbers "12." are optional; ";" starts a comment
//
// Several games a file: a tag line after moves starts the next game, and so does a result.
// Text is UTF-8 (a byte-order mark at the start of a line is skipped); tag text that is not
// valid UTF-8 is read as Windows-1252, with a note once per text.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/core/record_result.h"
#include "boardgames/xigua/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::xigua {

struct RecordMove {
  std::string text;                   // "E1-C" or "pass"
  std::vector<std::string> captures;  // the points written after x, as written
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct Record {
  int index = 0;  // 1-based in its file
  std::uint32_t line = 0;
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::array<std::uint32_t, 2>> tag_places;  // each tag's line and column
  std::vector<RecordMove> moves;
  std::string result_token;  // a result written after the moves, if any
  // What could not be read (a capture before any move, a malformed tag line), in file order,
  // without the "game N: " prefix: errors that make the record invalid, and warnings (a tag
  // given again with another value). At most
  // kMaxProblemsPerRecord, then one line that says how many more there were.
  std::vector<Diagnostic> problems;
  std::string_view tag(std::string_view name) const;
  // The line and column of a tag (the first of that name); the record's line if it has none.
  std::array<std::uint32_t, 2> tag_place(std::string_view name) const;
};

inline constexpr std::size_t kMaxProblemsPerRecord = 20;

std::vector<Record> read_records(std::string_view text, const std::string& file,
                                 Diagnostics& diagnostics);

struct ValidateOptions {
  bool manual_capture = false;  // captures must be written; unwritten dead stones escape
  std::optional<Side> first;    // overrides the First tag
};

struct RecordReport {
  int index = 0;
  std::string black;
  std::string white;
  // The Result tag, else the result token after the moves; nullopt when neither is a result
  // (none written, or text that is no result token).
  std::optional<RecordResult> recorded_result;
  // By the rules where they decide, else the recorded one; unknown for an unfinished record;
  // nullopt for an invalid record that records none.
  std::optional<RecordResult> result;
  std::string result_reason;  // "4 stones captured", "the fifth consecutive move...", "as recorded"
  int plies = 0;              // moves and passes replayed
  // The first error in the file, empty for a valid record: its reason in words (a reading
  // problem's with its "(line L, column C)"), where it stands (file, line, column), and for a
  // move that is illegal or no move its 1-based ply (0 when the first error is not a move) and
  // the move as written (token; quote it through excerpt()).
  std::optional<Problem> error;
  bool valid() const { return !error.has_value(); }
  // Every move legal, but no result recorded (none, or "*") and the rules have not ended the
  // game: an unfinished record, not a made-up result.
  bool unfinished = false;
  Position final_position = Position::start();
  std::vector<Move> moves;  // the legal moves replayed
  Side first = Side::black;
  std::vector<Diagnostic> diagnostics;
};

RecordReport validate_record(const Record& record, const std::string& file,
                             const ValidateOptions& options);

// The result of a game Black (the first named, core/record_result.h) or White won, or nobody.
RecordResult record_result(std::optional<Side> winner);

// Appends a record in the spec's notation to `out`: the tags (core/tag_pair.h, values escaped),
// numbered moves with their captures, the result's token (record_result_token).
void write_record(const std::vector<std::pair<std::string, std::string>>& tags, Side first,
                  const std::vector<Move>& moves, RecordResult result, std::string& out);

}  // namespace boardgames::xigua

BOARDGAMES_API_END
