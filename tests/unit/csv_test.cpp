#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "boardgames/io/byte_source.h"
#include "boardgames/io/csv.h"
#include "test_support.h"

using boardgames::ByteSource;
using boardgames::CsvReader;
using boardgames::CsvRecord;
using boardgames::CsvWriter;

namespace {

struct Parsed {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::uint32_t> lines;
  std::vector<std::string> errors;
};

Parsed parse(std::string text, bool header = false) {
  test::Collected collected;
  ByteSource source = ByteSource::from_string(std::move(text), "t.csv");
  CsvReader reader(source, collected.diagnostics);
  Parsed parsed;
  if (header) reader.read_header();
  CsvRecord record;
  while (reader.next(record)) {
    std::vector<std::string> fields;
    for (std::size_t i = 0; i < record.size(); ++i) fields.emplace_back(record[i]);
    parsed.rows.push_back(fields);
    parsed.lines.push_back(record.line());
  }
  parsed.errors = collected.messages();
  return parsed;
}

using Rows = std::vector<std::vector<std::string>>;

}  // namespace

TEST_CASE("csv: plain fields, LF and CRLF line ends, last line without newline") {
  auto p = parse("a,b,c\r\n1,2,3\n4,5,6");
  CHECK(p.rows == Rows{{"a", "b", "c"}, {"1", "2", "3"}, {"4", "5", "6"}});
  CHECK(p.lines == std::vector<std::uint32_t>{1, 2, 3});
  CHECK(p.errors.empty());
}

TEST_CASE("csv: quoted fields with commas, doubled quotes and line breaks") {
  auto p = parse("name,note\n\"Lee, Ann\",\"said \"\"hi\"\"\"\n\"two\nlines\",x\nlast,\"\"\n");
  CHECK(p.rows ==
        Rows{{"name", "note"}, {"Lee, Ann", "said \"hi\""}, {"two\nlines", "x"}, {"last", ""}});
  // The record after the embedded line break starts on line 5.
  CHECK(p.lines == std::vector<std::uint32_t>{1, 2, 3, 5});
}

TEST_CASE("csv: a CRLF inside quotes is kept, outside it ends the record") {
  auto p = parse("\"a\r\nb\",c\r\nd,e\r\n");
  CHECK(p.rows == Rows{{"a\r\nb", "c"}, {"d", "e"}});
  CHECK(p.lines == std::vector<std::uint32_t>{1, 3});
}

TEST_CASE("csv: byte-order mark is skipped, blank lines and all-empty rows are skipped") {
  auto p = parse("\xEF\xBB\xBFid,name\n\n1,Ann\n,\n\r\n2,Bob\n");
  CHECK(p.rows == Rows{{"id", "name"}, {"1", "Ann"}, {"2", "Bob"}});
  CHECK(p.lines == std::vector<std::uint32_t>{1, 3, 6});
}

TEST_CASE("csv: empty input has no records") {
  CHECK(parse("").rows.empty());
  CHECK(parse("\n\n").rows.empty());
}

TEST_CASE("csv: malformed rows are reported with line and column and skipped") {
  auto p = parse("a,b\nx\"y,1\n\"ok\",2\n\"bad\"z,3\nlast,4\n");
  CHECK(p.rows == Rows{{"a", "b"}, {"ok", "2"}, {"last", "4"}});
  REQUIRE(p.errors.size() == 2);
  CHECK(p.errors[0].starts_with("2:2: error: quote inside an unquoted field"));
  CHECK(p.errors[1].starts_with("4:6: error: unexpected text after a closing quote"));
}

TEST_CASE("csv: unterminated quote is reported at the opening quote") {
  auto p = parse("a,b\n1,\"never closed\n2,3\n");
  CHECK(p.rows == Rows{{"a", "b"}});
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].starts_with("2:3: error: unterminated quoted field"));
}

TEST_CASE("csv: columns count characters, not bytes") {
  auto p = parse("名字,x\"y\n");
  REQUIRE(p.errors.size() == 1);
  // 名字 is two characters (six bytes): the quote is character 5 of the line.
  CHECK(p.errors[0].starts_with("1:5: error: quote inside an unquoted field"));
}

TEST_CASE("csv: bytes that are not UTF-8 are reported, the row skipped") {
  auto p = parse("id,name\n1,\xC0\xAF\n2,Bob\n");
  CHECK(p.rows == Rows{{"id", "name"}, {"2", "Bob"}});
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].starts_with("2:3: error: bytes that are not UTF-8"));
}

TEST_CASE("csv: header by name, trimmed and case-insensitive, long rows rejected, short padded") {
  test::Collected collected;
  ByteSource source =
      ByteSource::from_string(" ID ,Name,Rating\n1,Ann\n2,Bob,1500,extra\n3,Cy,1400\n", "t.csv");
  CsvReader reader(source, collected.diagnostics);
  REQUIRE(reader.read_header());
  CHECK(reader.column("id") == 0u);
  CHECK(reader.column("name") == 1u);
  CHECK(reader.column("rating") == 2u);
  CHECK_FALSE(reader.column("team").has_value());
  CsvRecord record;
  REQUIRE(reader.next(record));
  CHECK(record[1] == "Ann");
  CHECK(record[2] == "");  // padded
  REQUIRE(reader.next(record));
  CHECK(record[1] == "Cy");
  CHECK_FALSE(reader.next(record));
  REQUIRE(collected.messages().size() == 1);
  CHECK(collected.messages()[0] == "3:12: error: row has 4 fields but the header has 3");
}

TEST_CASE("csv: duplicate header names are reported") {
  test::Collected collected;
  ByteSource source = ByteSource::from_string("id,name,Name\n", "t.csv");
  CsvReader reader(source, collected.diagnostics);
  reader.read_header();
  REQUIRE(collected.messages().size() == 1);
  CHECK(collected.messages()[0] == "1:9: error: column 'name' appears twice in the header");
}

TEST_CASE("csv: writer quotes only what needs quoting and round-trips through the reader") {
  std::string out;
  CsvWriter writer(out);
  const std::vector<std::string> fields = {"plain", "a,b", "say \"x\"", "two\nlines",
                                           " pad",  "",    "名字"};
  writer.fields(fields).end_row();
  writer.field(std::int64_t{-42}).field("z").end_row();
  CHECK(out == "plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",\" pad\",,名字\n-42,z\n");
  auto p = parse(out);
  REQUIRE(p.rows.size() == 2);
  CHECK(p.rows[0] == fields);
}

TEST_CASE("csv: a first field that starts with a byte-order mark survives the round trip") {
  // Found by the fuzzer: unquoted at the start of the file, the mark was taken for the file's.
  std::string out;
  CsvWriter writer(out);
  const std::vector<std::string> fields = {"\xEF\xBB\xBFid", "name"};
  writer.fields(fields).end_row();
  CHECK(out == "\"\xEF\xBB\xBFid\",name\n");
  auto p = parse(out);
  REQUIRE(p.rows.size() == 1);
  CHECK(p.rows[0] == fields);
}

TEST_CASE("csv: the fields of a row past the header's are counted, not kept") {
  // A million commas in one row: one error with the count; the next row is read as usual.
  test::Collected collected;
  std::string text = "id,name\n1,Ann" + std::string(1'000'000, ',') + "x\n2,\"Bob\"\n";
  ByteSource source = ByteSource::from_string(text, "t.csv");
  CsvReader reader(source, collected.diagnostics);
  REQUIRE(reader.read_header());
  CsvRecord record;
  REQUIRE(reader.next(record));
  CHECK(record[1] == "Bob");
  CHECK(collected.messages() ==
        std::vector<std::string>{"2:7: error: row has 1000002 fields but the header has 2"});
}

TEST_CASE("csv: a row padded with empty fields past the header's is read, said once a file") {
  // A spreadsheet pads rows to its widest: empty cells, quoted or not, however many.
  test::Collected collected;
  const std::string text =
      "id,name\n1,Ann,,\n2,Bob,\"\"\n3,Cy" + std::string(100'000, ',') + "\n4,Dee,,x\n5,Eve\n";
  ByteSource source = ByteSource::from_string(text, "t.csv");
  CsvReader reader(source, collected.diagnostics);
  REQUIRE(reader.read_header());
  std::vector<std::string> names;
  CsvRecord record;
  while (reader.next(record)) {
    CHECK(record.size() == 2u);
    names.emplace_back(record[1]);
  }
  CHECK(names == std::vector<std::string>{"Ann", "Bob", "Cy", "Eve"});
  CHECK(collected.messages() ==
        std::vector<std::string>{"2:7: warning: row has 4 fields but the header has 2: the fields "
                                 "past the header's are empty, and left out (said for the "
                                 "file's first such row)",
                                 "5:7: error: row has 4 fields but the header has 2"});
}

TEST_CASE("byte source: peek_bytes waits for the bytes asked for, from a pipe that is slow") {
  int ends[2];
  REQUIRE(::pipe(ends) == 0);
  bool written = true;  // checked on the test's thread: doctest's checks are not for others
  std::thread writer([&] {
    const char first = '[';
    written = ::write(ends[1], &first, 1) == 1;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    written = written && ::write(ends[1], "\0E\0v", 4) == 4;
    ::close(ends[1]);
  });
  auto source = boardgames::ByteSource::open("/dev/fd/" + std::to_string(ends[0]));
  const std::string_view head = source.peek_bytes(4);
  CHECK(head.size() >= 4);
  CHECK(head.substr(0, 4) == std::string_view("[\0E\0", 4));
  // Nothing was consumed: the bytes read after the look are all of them.
  CHECK(source.read_all() == std::string("[\0E\0v", 5));
  writer.join();
  CHECK(written);
  ::close(ends[0]);
  // At the end, it gives what there is.
  auto tiny = boardgames::ByteSource::from_string("ab", "tiny");
  CHECK(tiny.peek_bytes(4) == "ab");
  CHECK(tiny.read_all() == "ab");
}
