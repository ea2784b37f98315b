// CSV as RFC 4180 writes it, read as spreadsheets and people really write it.
//
// Reader: quoted fields with doubled quotes, line breaks inside quotes, CRLF / LF / CR line
// ends, a UTF-8 byte-order mark, blank lines skipped, and the line and column of every field
// kept for diagnostics. A header row gives columns by name (trimmed, case-insensitive). A row
// with fewer fields than the header is padded with empty fields (spreadsheets drop trailing
// commas); a row with more fields, a malformed quote or bytes that are not UTF-8 is reported
// and skipped, and reading goes on with the next row. The reader streams: memory does not
// grow with the file, nor with the commas of one row (fields past the header's are counted,
// not kept).
//
// Writer: quotes a field only when it must (comma, quote, line break, leading or trailing
// space, a leading byte-order mark), doubles quotes, ends rows with LF.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/byte_source.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

class CsvRecord {
 public:
  std::size_t size() const { return fields_.size(); }
  // The field's text; "" for a field beyond the end of the row.
  std::string_view operator[](std::size_t i) const {
    if (i >= fields_.size()) return {};
    return std::string_view(text_).substr(fields_[i].offset, fields_[i].length);
  }
  // Line where the record starts.
  std::uint32_t line() const { return line_; }
  // Where field i starts (the opening quote for a quoted field). A field beyond the end of
  // the row is placed just after the last one.
  std::uint32_t line_of(std::size_t i) const;
  std::uint32_t column_of(std::size_t i) const;

 private:
  friend class CsvReader;
  struct Field {
    std::uint32_t offset;
    std::uint32_t length;
    std::uint32_t line;
    std::uint32_t column;
  };
  std::string text_;
  std::vector<Field> fields_;
  std::size_t uncounted_ = 0;      // fields past the header's and one more: counted, not kept
  bool text_past_header_ = false;  // a field past the header's holds something
  std::uint32_t line_ = 0;
  std::uint32_t end_line_ = 0;
  std::uint32_t end_column_ = 0;
};

class CsvReader {
 public:
  CsvReader(ByteSource& source, Diagnostics& diagnostics);

  // Reads the first record that is not blank as the header. False (and an error) if the input
  // is empty, UTF-16 (a byte-order mark FF FE or FE FF), or the header row is malformed (an
  // unclosed quote). Bytes that are not UTF-8 in a header cell are an error there, and U+FFFD
  // in the name: the header stays the header.
  bool read_header();
  // The line of the header row (1 unless blank lines come before it).
  std::uint32_t header_line() const { return header_line_; }
  bool has_header() const { return !header_.empty(); }
  // Header names, trimmed and lower-cased.
  const std::vector<std::string>& header() const { return header_; }
  // The header's names as written (trimmed, case kept), for columns passed through.
  const std::vector<std::string>& written_header() const { return header_written_; }
  // The header row as written (case kept, fields trimmed, joined by commas), cut by echo()
  // for a message such as "its header has: ...", and a hint when it is one cell holding
  // semicolons (a spreadsheet's CSV in a locale that separates by ';').
  std::string header_echo() const;
  std::optional<std::size_t> column(std::string_view name) const;

  // The next well-formed record, or false at the end of the input. A row longer than the header
  // is an error and left out, unless its fields past the header's are all empty (a
  // spreadsheet's padding, "1,1,A,B,1-0,,"): those are then dropped, with one warning a file.
  bool next(CsvRecord& record);

  const std::string& file() const { return source_.name(); }
  SourceLocation location(const CsvRecord& record, std::size_t field) const {
    return {source_.name(), record.line_of(field), record.column_of(field)};
  }
  SourceLocation location(std::uint32_t line, std::uint32_t column = 0) const {
    return {source_.name(), line, column};
  }

 private:
  enum class Parse { ok, end, malformed };
  Parse parse_record(CsvRecord& record);
  int get();
  void skip_rest_of_line();

  ByteSource& source_;
  Diagnostics& diagnostics_;
  std::vector<std::string> header_;
  std::string header_as_written_;
  std::vector<std::string> header_written_;
  std::unordered_map<std::string, std::size_t> columns_;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
  bool at_start_ = true;
  bool utf16_ = false;  // the file starts with a UTF-16 byte-order mark
  std::uint32_t header_line_ = 1;
  bool padding_said_ = false;  // rows padded with empty fields: said once a file
};

class CsvWriter {
 public:
  explicit CsvWriter(std::string& out) : out_(out) {}
  CsvWriter& field(std::string_view text);
  CsvWriter& field(std::int64_t number);
  CsvWriter& fields(const std::vector<std::string>& texts);
  void end_row();

 private:
  std::string& out_;
  bool first_ = true;
};

}  // namespace boardgames

BOARDGAMES_API_END
