#include "boardgames/io/csv.h"

#include <fmt/format.h>

#include <cstdint>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames {

std::uint32_t CsvRecord::line_of(std::size_t i) const {
  return i < fields_.size() ? fields_[i].line : end_line_;
}

std::uint32_t CsvRecord::column_of(std::size_t i) const {
  return i < fields_.size() ? fields_[i].column : end_column_;
}

CsvReader::CsvReader(ByteSource& source, Diagnostics& diagnostics)
    : source_(source), diagnostics_(diagnostics) {}

int CsvReader::get() {
  int c = source_.get();
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else if (c == '\r') {
    if (source_.peek() == '\n') source_.get();
    ++line_;
    column_ = 1;
    return '\n';  // every line end looks the same to the parser
  } else if (c != ByteSource::kEnd && (c & 0xC0) != 0x80) {
    ++column_;
  }
  return c;
}

void CsvReader::skip_rest_of_line() {
  int c;
  do {
    c = get();
  } while (c != '\n' && c != ByteSource::kEnd);
}

CsvReader::Parse CsvReader::parse_record(CsvRecord& record) {
  record.text_.clear();
  record.fields_.clear();
  record.uncounted_ = 0;
  record.text_past_header_ = false;
  // Past the header's fields and one more (which makes the row too long), fields are only
  // counted: a row of a billion commas must not cost a billion fields.
  const std::size_t kept = header_.empty() ? SIZE_MAX : header_.size() + 1;
  if (at_start_) {
    at_start_ = false;
    // A UTF-8 byte-order mark, as spreadsheets write, is not part of the first field.
    if (source_.peek() == 0xEF) {
      source_.get();
      if (source_.peek() == 0xBB) {
        source_.get();
        if (source_.peek() == 0xBF) {
          source_.get();
        } else {
          record.text_ += "\xEF\xBB";
        }
      } else {
        record.text_ += '\xEF';
      }
    } else if (source_.peek() == 0xFF || source_.peek() == 0xFE) {
      // A UTF-16 byte-order mark (FF FE or FE FF: a spreadsheet's "Unicode text"): nothing
      // of the file can be read as CSV; read_header() says what it is.
      const int first = source_.get();
      if (source_.peek() == (first ^ 0x01)) {
        utf16_ = true;
        return Parse::end;
      }
      record.text_ += static_cast<char>(first);
    }
  }
  // Skip blank lines.
  int c = source_.peek();
  while (c == '\n' || c == '\r') {
    get();
    c = source_.peek();
  }
  if (c == ByteSource::kEnd && record.text_.empty()) return Parse::end;
  record.line_ = line_;

  std::string& text = record.text_;
  std::size_t field_start = 0;
  std::uint32_t field_line = line_;
  std::uint32_t field_column = column_;
  // A BOM-less first field may already hold bytes put back above.
  while (true) {
    c = get();
    if (c == '"' && text.size() == field_start) {
      // Quoted field.
      std::uint32_t quote_line = field_line;
      std::uint32_t quote_column = field_column;
      while (true) {
        c = source_.get();
        if (c == ByteSource::kEnd) {
          diagnostics_.error({source_.name(), quote_line, quote_column},
                             "unterminated quoted field (a '\"' opens it and none closes it)");
          return Parse::malformed;
        }
        if (c == '"') {
          ++column_;
          if (source_.peek() == '"') {
            source_.get();
            ++column_;
            text += '"';
            continue;
          }
          break;
        }
        if (c == '\r') {
          if (source_.peek() == '\n') {
            source_.get();
            text += "\r\n";
          } else {
            text += '\r';
          }
          ++line_;
          column_ = 1;
          continue;
        }
        if (c == '\n') {
          ++line_;
          column_ = 1;
        } else if ((c & 0xC0) != 0x80) {
          ++column_;
        }
        text += static_cast<char>(c);
      }
      c = get();
      if (c != ',' && c != '\n' && c != ByteSource::kEnd) {
        diagnostics_.error({source_.name(), line_, column_ - 1},
                           "unexpected text after a closing quote (a quote inside a quoted "
                           "field is written twice: \"\")");
        if (c != '\n') skip_rest_of_line();
        return Parse::malformed;
      }
    } else {
      while (c != ',' && c != '\n' && c != ByteSource::kEnd) {
        if (c == '"') {
          diagnostics_.error({source_.name(), line_, column_ - 1},
                             "quote inside an unquoted field (quote the whole field and write "
                             "the quote twice)");
          skip_rest_of_line();
          return Parse::malformed;
        }
        text += static_cast<char>(c);
        c = get();
      }
    }
    if (!header_.empty() && record.fields_.size() + record.uncounted_ >= header_.size() &&
        text.size() > field_start)
      record.text_past_header_ = true;
    if (record.fields_.size() < kept) {
      record.fields_.push_back({static_cast<std::uint32_t>(field_start),
                                static_cast<std::uint32_t>(text.size() - field_start), field_line,
                                field_column});
    } else {
      ++record.uncounted_;
      text.resize(field_start);
    }
    if (c != ',') break;
    field_start = text.size();
    field_line = line_;
    field_column = column_;
  }
  record.end_line_ = field_line;
  record.end_column_ = column_;
  return Parse::ok;
}

namespace {

// Every field empty or spaces: a blank line, or a ",,,," row.
bool all_blank(const CsvRecord& record) {
  for (std::size_t i = 0; i < record.size(); ++i) {
    if (!trim(record[i]).empty()) return false;
  }
  return true;
}

}  // namespace

bool CsvReader::read_header() {
  CsvRecord record;
  // The first row that is not blank, read here rather than by next(): a header with a bad
  // byte is still the header (next() would skip it and take the first row of data for it).
  Parse parsed = Parse::ok;
  while (true) {
    parsed = parse_record(record);
    if (parsed != Parse::ok) break;
    if (!all_blank(record)) break;
  }
  if (utf16_) {
    diagnostics_.error({source_.name(), 1, 1},
                       "the file is UTF-16 (a spreadsheet's \"Unicode text\"): save it as CSV "
                       "UTF-8, or convert it: iconv -f UTF-16 -t UTF-8");
    return false;
  }
  if (parsed == Parse::end) {
    diagnostics_.error({source_.name(), 0, 0}, "empty file: a header row is required");
    return false;
  }
  if (parsed == Parse::malformed) return false;  // reported where it goes wrong
  header_line_ = record.line();
  header_.clear();
  header_as_written_.clear();
  header_written_.clear();
  columns_.clear();
  for (std::size_t i = 0; i < record.size(); ++i) {
    if (i > 0) header_as_written_ += ',';
    // Only what a message can quote is kept (the header may be one 10 MB line).
    std::string written(trim(record[i]));
    if (utf8_error_offset(written) != std::string_view::npos) {
      diagnostics_.error(location(record, i),
                         "bytes that are not UTF-8 in the header (if the file is GB18030 or "
                         "another encoding, convert it: iconv -f GB18030 -t UTF-8)");
      written = replace_invalid_utf8(written);
    }
    if (header_as_written_.size() < 4 * kEchoCharacters) header_as_written_ += written;
    std::string name = to_lower_ascii(written);
    header_written_.push_back(std::move(written));
    if (!name.empty() && !columns_.emplace(name, i).second) {
      diagnostics_.error(location(record, i),
                         fmt::format("column '{}' appears twice in the header", echo(name)));
    }
    header_.push_back(std::move(name));
  }
  return true;
}

std::string CsvReader::header_echo() const {
  std::string text = echo(header_as_written_);
  if (header_.size() == 1 && header_as_written_.find(';') != std::string::npos) {
    text +=
        " (fields separated by ';', as a spreadsheet may save CSV: save it with ',' "
        "instead";
    text +=
        iequals_ascii(header_as_written_.substr(0, 4), "sep=") ? ", without the 'sep=' line)" : ")";
  }
  return text;
}

std::optional<std::size_t> CsvReader::column(std::string_view name) const {
  auto it = columns_.find(std::string(name));
  if (it == columns_.end()) return std::nullopt;
  return it->second;
}

bool CsvReader::next(CsvRecord& record) {
  while (true) {
    Parse parsed = parse_record(record);
    if (parsed == Parse::end) return false;
    if (parsed == Parse::malformed) continue;
    if (all_blank(record)) continue;  // ",,,," rows that spreadsheets leave below the data
    bool good = true;
    for (std::size_t i = 0; i < record.size(); ++i) {
      std::string_view field = record[i];
      std::size_t bad = utf8_error_offset(field);
      if (bad != std::string_view::npos) {
        // At the field's start, naming the field and the text before the bad byte, by which
        // it is found in the row (a column count would be wrong in a quoted field).
        const std::string which = i < header_.size() && !header_[i].empty()
                                      ? fmt::format(" in the {} field", header_[i])
                                      : "";
        const std::string_view before = field.substr(0, bad);  // valid UTF-8
        std::size_t from = before.size();
        for (int characters = 0; from > 0 && characters < 24;) {
          --from;
          if ((static_cast<unsigned char>(before[from]) & 0xC0) != 0x80) ++characters;
        }
        const std::string after = bad == 0 ? std::string(", at its start")
                                           : fmt::format(", after '{}{}'", from > 0 ? "…" : "",
                                                         excerpt(before.substr(from)));
        diagnostics_.error(
            location(record, i),
            fmt::format("bytes that are not UTF-8{}{} (if the file is GB18030 or another "
                        "encoding, convert it: iconv -f GB18030 -t UTF-8)",
                        which, after));
        good = false;
        break;
      }
    }
    if (good && !header_.empty() && record.size() > header_.size() && !record.text_past_header_) {
      if (!padding_said_) {
        padding_said_ = true;
        diagnostics_.warning(
            location(record, header_.size()),
            fmt::format("row has {} fields but the header has {}: the fields past the header's "
                        "are empty, and left out (said for the file's first such row)",
                        record.size() + record.uncounted_, header_.size()));
      }
      record.fields_.resize(header_.size());
      record.uncounted_ = 0;
    }
    if (good && !header_.empty() && record.size() > header_.size()) {
      diagnostics_.error(location(record, header_.size()),
                         fmt::format("row has {} fields but the header has {}",
                                     record.size() + record.uncounted_, header_.size()));
      good = false;
    }
    if (good) return true;
  }
}

CsvWriter& CsvWriter::field(std::string_view text) {
  if (!first_) out_ += ',';
  first_ = false;
  // A field that starts with a byte-order mark is quoted too: at the start of a file the reader
  // takes an unquoted one for the file's mark and drops it.
  bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
               (!text.empty() && (text.front() == ' ' || text.back() == ' ')) ||
               text.starts_with("\xEF\xBB\xBF");
  if (!quote) {
    out_ += text;
    return *this;
  }
  out_ += '"';
  for (char c : text) {
    if (c == '"') out_ += '"';
    out_ += c;
  }
  out_ += '"';
  return *this;
}

CsvWriter& CsvWriter::field(std::int64_t number) {
  if (!first_) out_ += ',';
  first_ = false;
  fmt::format_to(std::back_inserter(out_), "{}", number);
  return *this;
}

CsvWriter& CsvWriter::fields(const std::vector<std::string>& texts) {
  for (const auto& text : texts) field(text);
  return *this;
}

void CsvWriter::end_row() {
  out_ += '\n';
  first_ = true;
}

}  // namespace boardgames
