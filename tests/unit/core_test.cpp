#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/fixed_list.h"
#include "boardgames/core/points.h"
#include "boardgames/core/problem.h"
#include "boardgames/core/random.h"
#include "boardgames/core/record_result.h"
#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

using boardgames::Points;

TEST_CASE("points: parse whole, decimal and ½ forms") {
  CHECK(Points::parse("3")->halves() == 6);
  CHECK(Points::parse("3.5")->halves() == 7);
  CHECK(Points::parse("3.50")->halves() == 7);
  CHECK(Points::parse("3.0")->halves() == 6);
  CHECK(Points::parse("0.5")->halves() == 1);
  CHECK(Points::parse(".5")->halves() == 1);
  CHECK(Points::parse("½")->halves() == 1);
  CHECK(Points::parse("2½")->halves() == 5);
  CHECK(Points::parse("-1")->halves() == -2);
  CHECK(Points::parse("-½")->halves() == -1);
  CHECK(Points::parse(" 4 ")->halves() == 8);
  CHECK_FALSE(Points::parse("").has_value());
  CHECK_FALSE(Points::parse("1.25").has_value());
  CHECK_FALSE(Points::parse("1,5").has_value());
  CHECK_FALSE(Points::parse("abc").has_value());
  CHECK_FALSE(Points::parse("1.5½").has_value());
  CHECK_FALSE(Points::parse(".").has_value());
}

TEST_CASE("points: formatting") {
  CHECK(Points::from_halves(7).decimal() == "3.5");
  CHECK(Points::from_halves(7).text() == "3½");
  CHECK(Points::from_halves(1).text() == "½");
  CHECK(Points::from_halves(0).text() == "0");
  CHECK(Points::from_halves(-1).decimal() == "-0.5");
  CHECK(Points::whole(2).decimal() == "2");
  CHECK((Points::whole(1) + Points::from_halves(1)).halves() == 3);
  CHECK(Points::whole(1) > Points::from_halves(1));
}

TEST_CASE("points: tenths, as a TRF's point system gives them, are exact") {
  CHECK(Points::whole(1).tenths() == 10);
  CHECK(Points::from_halves(3).tenths() == 15);
  CHECK(Points::from_tenths(13).decimal() == "1.3");
  CHECK(Points::from_tenths(13).text() == "1.3");  // no ½ form between halves
  CHECK(Points::from_tenths(-3).decimal() == "-0.3");
  CHECK_FALSE(Points::from_tenths(13).in_halves());
  CHECK(Points::from_tenths(15).in_halves());
  CHECK(3 * Points::from_tenths(13) == Points::from_tenths(39));
  CHECK(Points::parse("200000000")->tenths() == 2'000'000'000);
  CHECK_FALSE(Points::parse("200000001").has_value());  // beyond 32 bits of tenths
  CHECK_FALSE(Points::parse("1.3").has_value());        // points of a result: halves only
}

TEST_CASE("strings: integers") {
  CHECK(boardgames::parse_integer("42") == 42);
  CHECK(boardgames::parse_integer("+7") == 7);
  CHECK(boardgames::parse_integer("-7") == -7);
  CHECK_FALSE(boardgames::parse_integer("").has_value());
  CHECK_FALSE(boardgames::parse_integer("+").has_value());
  CHECK_FALSE(boardgames::parse_integer("+-3").has_value());
  CHECK_FALSE(boardgames::parse_integer("3x").has_value());
  CHECK_FALSE(boardgames::parse_integer("99999999999999999999").has_value());
}

TEST_CASE("strings: lines end at \\r\\n, \\n or a lone \\r") {
  using V = std::vector<std::string_view>;
  CHECK(boardgames::split_lines("a\r\nb\nc\rd") == V{"a", "b", "c", "d"});
  CHECK(boardgames::split_lines("a\r\rb\n") == V{"a", "", "b", ""});  // "\r\r" is two line ends
  CHECK(boardgames::split_lines("\n\r\n") == V{"", "", ""});
  CHECK(boardgames::split_lines("") == V{""});
}

TEST_CASE("strings: a lone \\r made \\n in place, a \\r at the end of an incomplete text kept") {
  std::string text = "a\r\nb\rc\r\rd\r";
  boardgames::lone_cr_to_lf(text.data(), text.size(), 0, false);
  CHECK(text == "a\r\nb\nc\n\nd\r");  // the last CR may be a CR LF's
  text += "\nx\r";                    // the next chunk, read again from the byte before it
  boardgames::lone_cr_to_lf(text.data(), text.size(), 9, true);
  CHECK(text == "a\r\nb\nc\n\nd\r\nx\n");
  // Split into lines the same, before and after.
  std::string mac = "1\r2\r\n3\r\r4";
  const auto before = boardgames::split_lines(mac);
  std::vector<std::string> lines(before.begin(), before.end());
  boardgames::lone_cr_to_lf(mac.data(), mac.size(), 0, true);
  const auto after = boardgames::split_lines(mac);
  CHECK(std::vector<std::string>(after.begin(), after.end()) == lines);
}

TEST_CASE("strings: markup escaping writes the five special characters as entities") {
  std::string out = "<kept>";  // appends, never replaces
  boardgames::append_markup_escaped(R"(Tom & "Jerry" <O'Neil> 王)", out);
  CHECK(out == "<kept>Tom &amp; &quot;Jerry&quot; &lt;O&#39;Neil&gt; 王");
  std::string empty;
  boardgames::append_markup_escaped("", empty);
  CHECK(empty.empty());
}

TEST_CASE("strings: markup escaping replaces the control characters XML forbids") {
  // A name from a CSV may hold one; raw, the SVG or HTML written would not parse.
  std::string out;
  using namespace std::string_literals;
  const std::string name = "A"s + '\x01' + 'B' + '\x1F' + '\x7F' + "\tC\nD\rE"s + '\0' + 'F';
  boardgames::append_markup_escaped(name, out);
  const std::string replaced = "\xEF\xBF\xBD";
  CHECK(out == "A" + replaced + "B" + replaced + "\x7F\tC\nD\rE" + replaced + "F");
}

TEST_CASE("utf16_charset: a byte-order mark, or ASCII with zero bytes between") {
  using boardgames::utf16_charset;
  using namespace std::string_view_literals;
  CHECK(utf16_charset("\xFF\xFE[\0E\0"sv) == "UTF-16");
  CHECK(utf16_charset("\xFE\xFF\0["sv) == "UTF-16");
  CHECK(utf16_charset("[\0E\0v\0"sv) == "UTF-16LE");
  CHECK(utf16_charset("\0[\0E"sv) == "UTF-16BE");
  // UTF-8, with or without its mark, and the 8-bit sets are not UTF-16.
  CHECK(utf16_charset("\xEF\xBB\xBF[Event"sv).empty());
  CHECK(utf16_charset("[Event \"M\xFC\""sv).empty());
  CHECK(utf16_charset("\xFF"sv).empty());
  CHECK(utf16_charset("[\0"sv).empty());       // too short to say
  CHECK(utf16_charset("\0\0\0\0"sv).empty());  // zero bytes, but no text
  CHECK(boardgames::utf16_file_message("UTF-16LE", true).find("--encoding UTF-16LE") !=
        std::string::npos);
  CHECK(boardgames::utf16_file_message("UTF-16LE", false).find("--encoding") == std::string::npos);
}

TEST_CASE("utf8: validation, length and display width") {
  using boardgames::display_width;
  using boardgames::utf8_error_offset;
  CHECK(utf8_error_offset("plain") == std::string_view::npos);
  CHECK(utf8_error_offset("名字 Ann") == std::string_view::npos);
  CHECK(utf8_error_offset("ab\xC0\xAF") == 2);        // overlong '/'
  CHECK(utf8_error_offset("\xED\xA0\x80") == 0);      // surrogate
  CHECK(utf8_error_offset("x\xE4\xB8") == 1);         // truncated
  CHECK(utf8_error_offset("\xF4\x90\x80\x80") == 0);  // above U+10FFFF
  CHECK(boardgames::utf8_length("名字ab") == 4);
  CHECK(display_width("Ann") == 3);
  CHECK(display_width("王小明") == 6);
  CHECK(display_width("Ｂａｔ") == 6);     // fullwidth forms
  CHECK(display_width("e\xCC\x81") == 1);  // e + combining acute
  CHECK(display_width("Баатар") == 6);     // Cyrillic is narrow
  CHECK(boardgames::pad_right("王", 4) == "王  ");
  CHECK(boardgames::pad_left("7", 3) == "  7");
}

TEST_CASE("utf8: excerpts are short, well-formed and free of control characters") {
  CHECK(boardgames::excerpt("Nf3") == "Nf3");
  CHECK(boardgames::excerpt(std::string(10'000'000, 'x'), 5) == "xxxxx\u2026");
  CHECK(boardgames::excerpt("王a王b", 3) == "王a王\u2026");
  CHECK(boardgames::excerpt("a\xE9"
                            "b\x1B"
                            "[2Jc\td") == "a\uFFFDb\uFFFD[2Jc d");
  CHECK(boardgames::utf8_error_offset(boardgames::excerpt("\xF0\x9F\x98")) == std::string::npos);
}

TEST_CASE("utf8: decoding a declared set, a fallback, or replacing bad bytes") {
  std::string used;
  CHECK(boardgames::to_utf8("G\xF6"
                            "teborg",
                            "ISO-8859-1", {}, &used) == "Göteborg");
  CHECK(used == "ISO-8859-1");
  CHECK(boardgames::to_utf8("G\xF6"
                            "teborg",
                            "", "WINDOWS-1252", &used) == "Göteborg");
  CHECK(used == "WINDOWS-1252");
  CHECK(boardgames::to_utf8("Göteborg", "", "WINDOWS-1252", &used) == "Göteborg");
  CHECK(used == "UTF-8");
  CHECK(boardgames::to_utf8("\xC4\xE3"
                            "\xBA\xC3",
                            "UTF-8", "GB18030", &used) == "你好");
  CHECK(boardgames::to_utf8("a\xFF", "", {}, &used) == "a\uFFFD");
  CHECK(used == "UTF-8 (invalid bytes replaced)");
  // A bad byte in a declared set costs itself alone: 中文 stays, and \xD0\x80 (which is UTF-8
  // for U+0400) is not read as UTF-8.
  CHECK(boardgames::to_utf8("\xD6\xD0\xCE\xC4\xFF"
                            "\xD6\xD0\x80",
                            "GB18030", {}, &used) == "中文\uFFFD中\uFFFD");
  CHECK(used == "UTF-8 (invalid bytes replaced)");
}

TEST_CASE("problem: a value or the problem that prevented it") {
  const auto half = [](int n) -> boardgames::Expected<int> {
    if (n % 2 != 0) return boardgames::Problem{"odd", {"f", 3, 4}, std::to_string(n), 0};
    return n / 2;
  };
  const auto good = half(8);
  REQUIRE(good);
  CHECK(*good == 4);
  const auto bad = half(7);
  REQUIRE_FALSE(bad);
  CHECK(bad.problem().token == "7");
  CHECK(boardgames::format_diagnostic(boardgames::to_diagnostic(bad.problem())) ==
        "f:3:4: error: odd");
}

TEST_CASE("random: reproducible per seed, different across seeds") {
  boardgames::Random a(2026);
  boardgames::Random b(2026);
  boardgames::Random c(2027);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    auto x = a.next();
    CHECK(x == b.next());
    differs = differs || x != c.next();
  }
  CHECK(differs);
}

TEST_CASE("random: below() stays in range and is roughly uniform") {
  boardgames::Random random(7);
  std::array<int, 6> counts{};
  const int draws = 60000;
  for (int i = 0; i < draws; ++i) {
    auto v = random.below(6);
    REQUIRE(v < 6);
    ++counts[v];
  }
  // Chi-square with 5 degrees of freedom; 20.5 is the 0.1 % critical value.
  double chi = 0;
  for (int count : counts) chi += (count - draws / 6.0) * (count - draws / 6.0) / (draws / 6.0);
  CHECK(chi < 20.5);
}

TEST_CASE("random: shuffle is a permutation and every position gets every value") {
  boardgames::Random random(11);
  std::array<std::array<int, 5>, 5> seen{};
  for (int trial = 0; trial < 2000; ++trial) {
    std::array<int, 5> items{0, 1, 2, 3, 4};
    random.shuffle(std::span<int>(items));
    std::array<int, 5> sorted = items;
    std::sort(sorted.begin(), sorted.end());
    REQUIRE(sorted == std::array<int, 5>{0, 1, 2, 3, 4});
    for (std::size_t pos = 0; pos < 5; ++pos) ++seen[pos][static_cast<std::size_t>(items[pos])];
  }
  for (auto& row : seen) {
    for (int count : row) CHECK(count > 300);  // 400 expected
  }
}

TEST_CASE("diagnostics: format and counts") {
  std::vector<std::string> lines;
  boardgames::Diagnostics diagnostics(
      [&](const boardgames::Diagnostic& d) { lines.push_back(boardgames::format_diagnostic(d)); });
  diagnostics.error({"p.csv", 3, 7}, "duplicate id '4'");
  diagnostics.warning({"p.csv", 5, 0}, "odd");
  diagnostics.error({"p.csv", 0, 0}, "empty file");
  diagnostics.error({}, "no file");
  CHECK(lines == std::vector<std::string>{"p.csv:3:7: error: duplicate id '4'",
                                          "p.csv:5: warning: odd", "p.csv: error: empty file",
                                          "error: no file"});
  CHECK(diagnostics.error_count() == 3);
  CHECK(diagnostics.warning_count() == 1);
}

TEST_CASE("diagnostics: the lines of several files, numbered on, name their file again") {
  boardgames::SourceLines lines;
  const std::uint32_t a2 = lines.number("r1.csv", 2);
  const std::uint32_t a7 = lines.number("r1.csv", 7);
  const std::uint32_t a5 = lines.number("r1.csv", 5);  // rows need not come in line order
  const std::uint32_t b1 = lines.number("r2.csv", 1);
  const std::uint32_t b4 = lines.number("r2.csv", 4);
  const std::uint32_t c1 = lines.number("r3.csv", 1);
  CHECK(a2 == 2);  // the first file keeps its numbers
  CHECK(b1 > a7);
  CHECK(c1 > b4);
  CHECK(lines.where(a5, 3) == boardgames::SourceLocation{"r1.csv", 5, 3});
  CHECK(lines.where(a7) == boardgames::SourceLocation{"r1.csv", 7, 0});
  CHECK(lines.where(b1) == boardgames::SourceLocation{"r2.csv", 1, 0});
  CHECK(lines.where(b4) == boardgames::SourceLocation{"r2.csv", 4, 0});
  CHECK(lines.where(c1) == boardgames::SourceLocation{"r3.csv", 1, 0});
  CHECK(lines.where(0) == boardgames::SourceLocation{"r1.csv", 0, 0});
  CHECK(lines.line_text(b4, "r2.csv") == "line 4");
  CHECK(lines.line_text(a7, "r2.csv") == "line 7 of r1.csv");
  CHECK(lines.lines_text(a2, a5) == "lines 2 and 5");
  CHECK(lines.lines_text(a5, b4) == "line 5 of r1.csv and line 4 of r2.csv");
  CHECK(lines.first_file() == "r1.csv");
  // A line number past the 32 bits saturates instead of wrapping into an earlier file.
  CHECK(lines.where(lines.number("r4.csv", 0xFFFFFFF0U)).file == "r4.csv");
  CHECK(boardgames::SourceLines().where(9) == boardgames::SourceLocation{"", 9, 0});
}

TEST_CASE("fixed list: values in the order pushed, up to the capacity, cleared for reuse") {
  boardgames::FixedList<int, 4> list;
  static_assert(boardgames::FixedList<int, 4>::capacity() == 4);
  CHECK(list.empty());
  for (int v : {7, 3, 9, 1}) list.push(v);
  CHECK(list.size() == 4);
  CHECK(list[2] == 9);
  CHECK(std::vector<int>(list.begin(), list.end()) == std::vector<int>{7, 3, 9, 1});
  list.clear();
  CHECK(list.empty());
  list.push(5);
  CHECK(std::vector<int>(list.begin(), list.end()) == std::vector<int>{5});
}

TEST_CASE(
    "record results: the tokens of PGN and Xigua records read into one value and written back") {
  using boardgames::RecordResult;
  CHECK(boardgames::parse_record_result("1-0") == RecordResult::first_wins);
  CHECK(boardgames::parse_record_result("0-1") == RecordResult::second_wins);
  for (const char* draw : {"1/2-1/2", "\xC2\xBD-\xC2\xBD", "="})
    CHECK(boardgames::parse_record_result(draw) == RecordResult::draw);
  CHECK(boardgames::parse_record_result("*") == RecordResult::unknown);
  for (const char* bad : {"", "1:0", "2-0", "1-0 ", "B+R", "1/2"})
    CHECK_FALSE(boardgames::parse_record_result(bad).has_value());
  for (RecordResult r : {RecordResult::unknown, RecordResult::first_wins, RecordResult::second_wins,
                         RecordResult::draw}) {
    CHECK(boardgames::parse_record_result(boardgames::record_result_token(r)) == r);
  }
  CHECK(boardgames::is_decisive(RecordResult::second_wins));
  CHECK_FALSE(boardgames::is_decisive(RecordResult::draw));
}
