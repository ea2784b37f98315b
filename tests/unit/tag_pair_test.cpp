// Tag pairs: one reader and one writer for PGN and Xigua records, escapes both ways; the PGN
// writer of shatar-validate --normalize as a library function.
#include <doctest/doctest.h>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/tag_pair.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/pgn_writer.h"
#include "boardgames/shatar/validate.h"
#include "boardgames/xigua/record.h"

namespace bg = boardgames;

TEST_CASE(
    "tag pairs: name and value read with the escapes undone, each way of being broken told apart") {
  bg::TagPairScan scan = bg::scan_tag_pair("[Event \"Ulaanbaatar \\\"Open\\\" C:\\\\\"] 1. e4");
  CHECK(scan.error == bg::TagPairError::none);
  CHECK(scan.name == "Event");
  CHECK(scan.value == "Ulaanbaatar \"Open\" C:\\");
  CHECK(scan.length == std::string_view("[Event \"Ulaanbaatar \\\"Open\\\" C:\\\\\"]").size());
  scan = bg::scan_tag_pair("[ \tWhite\t \"Bat\" ]");
  CHECK(scan.error == bg::TagPairError::none);
  CHECK(scan.name == "White");
  CHECK(scan.value == "Bat");
  CHECK(bg::scan_tag_pair("[Round]").value.empty());
  CHECK(bg::scan_tag_pair("[Event \"open\n\"]").error == bg::TagPairError::value_not_closed);
  CHECK(bg::scan_tag_pair("[Event \"open\n\"]").length == 12);  // never past the line
  CHECK(bg::scan_tag_pair("[Event \"x\" y]").error == bg::TagPairError::not_closed);
  CHECK(bg::scan_tag_pair("[Event \"x\"").error == bg::TagPairError::not_closed);
  CHECK(bg::scan_tag_pair("[ \"x\"]").error == bg::TagPairError::no_name);
  CHECK(bg::scan_tag_pair("[").error == bg::TagPairError::not_closed);
}

TEST_CASE(
    "tag pairs: the writer escapes quotes and backslashes, and what it writes reads back the "
    "same") {
  std::string out;
  bg::write_tag_pair("Black", "Li \"Tiger\" Wei", out);
  bg::write_tag_pair("Site", "C:\\games\\", out);
  CHECK(out == "[Black \"Li \\\"Tiger\\\" Wei\"]\n[Site \"C:\\\\games\\\\\"]\n");
  const bg::TagPairScan back = bg::scan_tag_pair(out);
  CHECK(back.error == bg::TagPairError::none);
  CHECK(back.value == "Li \"Tiger\" Wei");
}

TEST_CASE(
    "xigua records: tag values with quotes and backslashes are written escaped and read back as "
    "they were") {
  namespace xg = bg::xigua;
  std::string written;
  xg::write_record({{"Black", "Li \"Tiger\" Wei"}, {"White", "C:\\"}}, xg::Side::black,
                   {*xg::parse_move("N2-N1")}, bg::RecordResult::unknown, written);
  // Before the shared writer: [Black "Li "Tiger" Wei"] and [White "C:\"], which no PGN-style
  // reader takes back.
  CHECK(written.starts_with("[Black \"Li \\\"Tiger\\\" Wei\"]\n[White \"C:\\\\\"]\n\n"));
  bg::Diagnostics quiet;
  const auto records = xg::read_records(written, "t.xg", quiet);
  REQUIRE(records.size() == 1);
  CHECK(records[0].problems.empty());
  CHECK(records[0].tag("Black") == "Li \"Tiger\" Wei");
  CHECK(records[0].tag("White") == "C:\\");
  // What is not a tag stays an error: no quotes, a second value, text after the ']'.
  for (const char* line :
       {"[Black Li]\n", "[Black \"A\" \"B\"]\n", "[Black \"A\"] N2-N1\n", "[Black \"A\n"}) {
    CAPTURE(line);
    const auto bad = xg::read_records(line, "t.xg", quiet);
    REQUIRE(bad.size() == 1);
    REQUIRE(bad[0].problems.size() == 1);
    CHECK(bad[0].problems[0].message.find("is not a tag") != std::string::npos);
  }
}

TEST_CASE(
    "shatar pgn writer: tags escaped, moves numbered from the start position, wrapped at 80 "
    "columns, read back the same") {
  namespace sh = bg::shatar;
  bg::Diagnostics quiet;
  const auto games = sh::read_pgn(
      "[Event \"The \\\"Naadam\\\" cup\"]\n[Result \"*\"]\n\n"
      "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. Nc3 Nf6 6. Be3 Be6 7. Bb3 Bb6 8. Qd2 Qd7 9. h3 "
      "h6 *\n",
      "t.pgn", quiet);
  REQUIRE(games.size() == 1);
  const sh::GameReport report = sh::validate_game(games[0], "t.pgn");
  REQUIRE(report.valid());
  std::string out = "kept\n";
  sh::write_pgn_game(games[0].tags, sh::Position::initial(), report.main_line, "",
                     sh::Notation::short_algebraic, out);
  CHECK(out ==
        "kept\n[Event \"The \\\"Naadam\\\" cup\"]\n[Result \"*\"]\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. Nc3 Nf6 6. Be3 Be6 7. Bb3 Bb6 8. Qd2\n"
        "Qd7 9. h3 h6 *\n\n");
  std::string long_form;
  sh::write_pgn_game({}, sh::Position::initial(),
                     {report.main_line.begin(), report.main_line.begin() + 3}, "1-0",
                     sh::Notation::long_algebraic, long_form);
  CHECK(long_form == "1. e2-e4 e7-e5 2. Ng1-f3 1-0\n\n");
  const auto again = sh::read_pgn(out.substr(5), "again.pgn", quiet);
  REQUIRE(again.size() == 1);
  CHECK(again[0].tag("Event") == "The \"Naadam\" cup");
  CHECK(sh::validate_game(again[0], "again.pgn").main_line == report.main_line);
}
