// Game records from careless or hostile hands, for the Shatar PGN reader and validator and the
// Xigua record reader: nesting deeper than a reader should follow, comments and variations left
// open, byte-order marks, Latin-1 text, numbers out of range, huge tokens, endless games.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "boardgames/core/utf8.h"
#include "boardgames/shatar/notation.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"
#include "boardgames/xigua/record.h"
#include "test_support.h"

namespace sh = boardgames::shatar;
namespace bg = boardgames;
namespace xg = boardgames::xigua;
using boardgames::Diagnostic;
using boardgames::Severity;

namespace {

// The games of a text, their reports, and what the reader reported outside any game.
struct Read {
  std::vector<sh::PgnGame> games;
  std::vector<sh::GameReport> reports;
  std::vector<Diagnostic> outside;
};

Read read_and_validate(const std::string& text) {
  Read r;
  boardgames::Diagnostics diagnostics([&r](const Diagnostic& d) { r.outside.push_back(d); });
  r.games = sh::read_pgn(text, "t.pgn", diagnostics);
  for (const sh::PgnGame& game : r.games) r.reports.push_back(sh::validate_game(game, "t.pgn"));
  return r;
}

// "1. e4 (1. d4 (1. e4 (1. d4 ...))) e5 *": each variation replaces the first move of the one
// around it; `innermost` is the move of the deepest one.
std::string nested_variations(std::size_t depth, std::string_view innermost = {}) {
  std::string text = "[Event \"deep\"]\n\n1. e4 ";
  for (std::size_t i = 0; i < depth; ++i) {
    text += "(1. ";
    text += i + 1 == depth && !innermost.empty() ? innermost : i % 2 == 0 ? "d4" : "e4";
    text += ' ';
  }
  text.append(depth, ')');
  text += " e5 *\n";
  return text;
}

bool is_utf8(std::string_view text) {
  return boardgames::utf8_error_offset(text) == std::string_view::npos;
}

}  // namespace

TEST_CASE(
    "shatar pgn: variations 100 deep are read and checked to the bottom, deeper is an error at the "
    "101st '('") {
  Read ok = read_and_validate(nested_variations(100));
  REQUIRE(ok.reports.size() == 1);
  CHECK(ok.reports[0].valid());
  CHECK(ok.reports[0].plies == 2);
  int depth = 0;
  for (const sh::PgnLine* line = &ok.games[0].moves; !line->moves.front().variations.empty();
       ++depth) {
    line = &line->moves.front().variations.front();
  }
  CHECK(depth == 100);
  // The deepest variation is checked against its own position.
  Read bad = read_and_validate(nested_variations(100, "c4"));
  REQUIRE(bad.reports.size() == 1);
  REQUIRE_FALSE(bad.reports[0].valid());
  CHECK(bad.reports[0].error->ply == 1);
  CHECK(bad.reports[0].error->reason.find("first move") != std::string::npos);

  // 100,000 deep: the reader neither recurses nor keeps the levels it cannot check.
  Read deep = read_and_validate(nested_variations(100'000));
  REQUIRE(deep.reports.size() == 1);
  const sh::GameReport& report = deep.reports[0];
  REQUIRE_FALSE(report.valid());
  CHECK(report.plies == 2);  // the main line is still read: 1. e4 e5
  // "1. e4 " is 6 characters, each level "(1. d4 " 7 more: the 101st '(' is at column 707.
  CHECK(report.error->reason ==
        "variations nested more than 100 deep: this one is not read (line 3, column 707)");
  REQUIRE(deep.games[0].problems.size() == 1);
  CHECK(deep.outside.empty());
}

TEST_CASE("shatar pgn: 100,000 nested braces and parentheses end in a bounded list of problems") {
  // A comment ends at the first '}' (PGN comments do not nest): 99,999 stray braces follow.
  Read braces = read_and_validate("[Event \"c\"]\n\n1. e4 " + std::string(100'000, '{') +
                                  std::string(100'000, '}') + " e5 *\n");
  REQUIRE(braces.games.size() == 1);
  const auto& problems = braces.games[0].problems;
  REQUIRE(problems.size() == sh::kMaxProblemsPerGame + 1);
  CHECK(problems.front().message == "unexpected '}'");
  CHECK(problems.front().where.column == 100'008);
  CHECK(problems.back().message == "99979 more reading problems in this game are not listed");
  REQUIRE_FALSE(braces.reports[0].valid());
  CHECK(braces.reports[0].plies == 2);
  CHECK(braces.reports[0].diagnostics.size() == sh::kMaxProblemsPerGame + 1);

  // Parentheses before any move: one error, the rest skipped with it.
  Read parens = read_and_validate("[Event \"p\"]\n\n" + std::string(100'000, '(') +
                                  std::string(100'000, ')') + " 1. e4 e5 *\n");
  REQUIRE(parens.games.size() == 1);
  REQUIRE(parens.games[0].problems.size() == 1);
  CHECK(parens.games[0].problems[0].message == "a variation '(' before any move");
  CHECK(parens.reports[0].plies == 2);
}

TEST_CASE(
    "shatar pgn: a comment or variation left open is an error where it opens, and the next games "
    "are still read") {
  const std::string text =
      "[Event \"1\"]\n[Result \"1-0\"]\n\n1. e4 { never closed e5 2. Nf3\n\n"
      "[Event \"2\"]\n\n1. d4 d5 (1... e5 (1... Nf6\n\n"
      "[Event \"3\"]\n\n1. e4 {a comment\n\nover a blank line\n[%clk 0:01:00] } e5 *\n";
  Read r = read_and_validate(text);
  REQUIRE(r.reports.size() == 3);
  REQUIRE_FALSE(r.reports[0].valid());
  CHECK(r.reports[0].error->reason == "this '{' comment is never closed (line 4, column 7)");
  CHECK(r.reports[0].plies == 1);
  REQUIRE_FALSE(r.reports[1].valid());
  CHECK(r.reports[1].error->reason ==
        "this '(' is never closed, nor is the one opened inside it (line 8, column 10)");
  CHECK(r.reports[1].plies == 2);
  CHECK(r.reports[2].valid());  // a '[' line inside a comment starts no game unless it is a tag
  CHECK(r.reports[2].plies == 2);

  // Cut into slices (as shatar-validate does), each read on its own, the text reads the same, line
  // for line: whether a slice is read from line 1 and then placed after the lines of the slices
  // ahead (as on several threads) or read at its own first line (as on one).
  sh::PgnSlicer slicer(text, 1);
  sh::PgnSlice slice;
  std::vector<sh::PgnGame> placed;
  std::vector<sh::PgnGame> read_in_place;
  std::uint32_t lines_before = 0;
  while (slicer.next(slice)) {
    sh::SliceGames read = sh::read_slice(slice, "t.pgn");
    sh::SliceGames in_place = sh::read_slice(slice, "t.pgn", lines_before + 1);
    CHECK(in_place.lines == read.lines);
    for (sh::PgnGame& game : read.games) {
      sh::place_lines(game, lines_before);
      placed.push_back(std::move(game));
    }
    for (sh::PgnGame& game : in_place.games) read_in_place.push_back(std::move(game));
    lines_before += read.lines;
  }
  CHECK(lines_before == std::count(text.begin(), text.end(), '\n'));
  for (const std::vector<sh::PgnGame>* sliced : {&placed, &read_in_place}) {
    REQUIRE(sliced->size() == r.games.size());
    for (std::size_t i = 0; i < sliced->size(); ++i) {
      CAPTURE(i);
      const sh::PgnGame& game = (*sliced)[i];
      const sh::PgnGame& whole = r.games[i];
      CHECK(game.line == whole.line);
      REQUIRE(game.tags.size() == whole.tags.size());
      for (std::size_t k = 0; k < game.tags.size(); ++k) {
        CHECK(game.tags[k].line == whole.tags[k].line);
      }
      REQUIRE(game.moves.moves.size() == whole.moves.moves.size());
      for (std::size_t k = 0; k < game.moves.moves.size(); ++k) {
        CHECK(game.moves.moves[k].line == whole.moves.moves[k].line);
        CHECK(game.moves.moves[k].column == whole.moves.moves[k].column);
        const auto& variations = game.moves.moves[k].variations;
        REQUIRE(variations.size() == whole.moves.moves[k].variations.size());
        for (std::size_t v = 0; v < variations.size(); ++v) {
          const auto& all = whole.moves.moves[k].variations[v].moves;
          REQUIRE(variations[v].moves.size() == all.size());
          for (std::size_t m = 0; m < all.size(); ++m) {
            CHECK(variations[v].moves[m].line == all[m].line);
          }
        }
      }
      CHECK(game.result_line == whole.result_line);
      REQUIRE(game.problems.size() == whole.problems.size());
      for (std::size_t k = 0; k < game.problems.size(); ++k) {
        CHECK(game.problems[k].message == whole.problems[k].message);
        CHECK(game.problems[k].where.line == whole.problems[k].where.line);
        CHECK(game.problems[k].where.column == whole.problems[k].where.column);
      }
    }
  }
}

TEST_CASE(
    "shatar pgn: a result outside any game is a game of its own, not the next game's result, "
    "whether the text is read whole or cut between them") {
  // Found by the pgn_slices fuzz target: the lone "1-0" was kept for the next game, which has
  // no result of its own, when read whole, and lost when a slice ended after it.
  const std::string text = "[Event \"a\"]\n\n1. e4 e5 0-1\n\n1-0\n\n[Event \"b\"]\n\n1. d4 d5\n";
  Read r = read_and_validate(text);
  REQUIRE(r.games.size() == 3);
  CHECK(r.games[1].tags.empty());
  CHECK(r.games[1].moves.moves.empty());
  CHECK(r.games[1].raw_result == "1-0");
  CHECK(r.games[1].result_line == 5);
  CHECK(r.games[1].line == 5);
  CHECK(r.games[2].tag("Event") == "b");
  CHECK_FALSE(r.games[2].result.has_value());
  CHECK(r.games[2].result_line == 0);
  // Cut before "[Event \"b\"]" (the only cut after 20 bytes): the same games.
  sh::PgnSlicer slicer(text, 20);
  sh::PgnSlice slice;
  std::vector<sh::PgnGame> sliced;
  std::uint32_t lines_before = 0;
  while (slicer.next(slice)) {
    sh::SliceGames read = sh::read_slice(slice, "t.pgn", lines_before + 1);
    lines_before += read.lines;
    for (sh::PgnGame& game : read.games) sliced.push_back(std::move(game));
  }
  REQUIRE(sliced.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CAPTURE(i);
    CHECK(sliced[i].line == r.games[i].line);
    CHECK(sliced[i].raw_result == r.games[i].raw_result);
    CHECK(sliced[i].result_line == r.games[i].result_line);
  }
}

TEST_CASE(
    "shatar pgn: problems outside the games are listed up to the limit a stretch between games, "
    "the same whole or in slices") {
  // Found by the pgn_slices fuzz target: the limit was a reader's, so each slice listed its own.
  std::string junk;
  for (int i = 0; i < 25; ++i) junk += "}\n";
  const std::string text =
      junk + "[Event \"a\"]\n\n1. e4 e5 1-0\n\n" + junk + "\n[Event \"b\"]\n\n1. d4 *\n";
  std::vector<Diagnostic> whole;
  bg::Diagnostics collect([&whole](const Diagnostic& d) { whole.push_back(d); });
  REQUIRE(sh::read_pgn(text, "t.pgn", collect).size() == 2);
  REQUIRE(whole.size() == 42);
  for (std::size_t stretch : {0, 1}) {
    CAPTURE(stretch);
    const std::size_t first = stretch * 21;
    const std::uint32_t first_line = stretch == 0 ? 1 : 30;
    for (std::size_t i = 0; i < 20; ++i) {
      CHECK(whole[first + i].message == "unexpected '}'");
      CHECK(whole[first + i].where.line == first_line + i);
    }
    CHECK(whole[first + 20].message == "5 more reading problems outside the games are not listed");
    CHECK(whole[first + 20].where.line == (stretch == 0 ? 26 : 56));  // where the game starts
  }
  sh::PgnSlicer slicer(text, text.find("[Event \"b\"]") - 1);
  sh::PgnSlice slice;
  std::vector<Diagnostic> sliced;
  std::uint32_t lines_before = 0;
  while (slicer.next(slice)) {
    sh::SliceGames read = sh::read_slice(slice, "t.pgn", lines_before + 1);
    lines_before += read.lines;
    for (Diagnostic& d : read.findings) sliced.push_back(d);
  }
  REQUIRE(sliced.size() == whole.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    CAPTURE(i);
    CHECK(sliced[i].message == whole[i].message);
    CHECK(sliced[i].where.line == whole[i].where.line);
  }
}

TEST_CASE("shatar pgn: a byte-order mark is skipped, at the start and where files were joined") {
  Read r = read_and_validate(
      "\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 e5 *\n\n\xEF\xBB\xBF[Event \"b\"]\n\n1. d4 d5 *\n");
  REQUIRE(r.reports.size() == 2);
  for (const sh::GameReport& report : r.reports) {
    CHECK(report.valid());
    CHECK(report.diagnostics.empty());
  }
  CHECK(r.games[0].tags.at(0).name == "Event");
  CHECK(r.games[1].tags.at(0).value == "b");
  CHECK(r.outside.empty());
}

TEST_CASE("shatar pgn: tag text that is not UTF-8 is read as Windows-1252, noted once") {
  Read r = read_and_validate(
      "[White \"M\xFC"
      "ller\"]\n[Black \"Jos\xE9\"]\n\n1. e4 e5 *\n\n"
      "[White \"\x8A\x9A\"]\n\n1. d4 d5 *\n\n[White \"\x81\"]\n\n1. d4 d5 *\n");
  REQUIRE(r.reports.size() == 3);
  CHECK(r.reports[0].white == "M\xC3\xBCller");
  CHECK(r.reports[0].black == "Jos\xC3\xA9");
  CHECK(r.reports[1].white == "\xC5\xA0\xC5\xA1");  // Šš: Windows-1252, not Latin-1
  CHECK(r.reports[2].white == "\xEF\xBF\xBD");      // undefined in Windows-1252 too
  REQUIRE(r.outside.size() == 2);
  CHECK(r.outside[0].severity == Severity::note);
  CHECK(r.outside[0].where.line == 1);
  CHECK(r.outside[0].message == "text that is not valid UTF-8 is read as Windows-1252 (Latin-1)");
  CHECK(r.outside[1].message ==
        "bytes valid neither in UTF-8 nor in Windows-1252 are replaced by U+FFFD");
}

TEST_CASE("encodings: the names --encoding takes are those iconv knows") {
  CHECK(boardgames::known_charset(""));
  CHECK(boardgames::known_charset("utf-8"));
  CHECK(boardgames::known_charset("GB18030"));
  CHECK(boardgames::known_charset("latin1"));
  CHECK(boardgames::known_charset("WINDOWS-1252"));
  CHECK_FALSE(boardgames::known_charset("NO-SUCH-SET"));
  std::string warning;
  CHECK(boardgames::file_text_to_utf8("\xEF\xBB\xBF[White \"M\xFC"
                                      "ller\"]",
                                      "ISO-8859-1", &warning) ==
        "[White \"M\xC3\xBC"
        "ller\"]");
  CHECK(warning.empty());
  CHECK(boardgames::file_text_to_utf8("M\xFC"
                                      "ller",
                                      "UTF-8", &warning) ==
        "M\xEF\xBF\xBD"
        "ller");
  CHECK(warning == "the file is not UTF-8 text: the bytes that are not were replaced by U+FFFD");
}

TEST_CASE(
    "shatar pgn: NAGs out of range are warnings, huge and broken tokens are quoted short and as "
    "UTF-8") {
  Read nags = read_and_validate("[Event \"n\"]\n\n1. e4 $1 $255 e5 $256 $999999999999 $ *\n");
  REQUIRE(nags.reports.size() == 1);
  CHECK(nags.reports[0].valid());
  CHECK(nags.reports[0].warnings ==
        std::vector<std::string>{"NAG '$256' is not $0 to $255",
                                 "NAG '$999999999999' is not $0 to $255",
                                 "NAG '$' is not $0 to $255"});

  Read huge = read_and_validate("[Event \"h\"]\n\n1. " + std::string(100'000, 'Z') +
                                " \xFF\xFE"
                                "e5 *\n");
  REQUIRE(huge.reports.size() == 1);
  REQUIRE_FALSE(huge.reports[0].valid());
  CHECK(huge.reports[0].error->reason.size() < 200);
  for (const Diagnostic& d : huge.reports[0].diagnostics) {
    CHECK(d.message.size() < 300);
    CHECK(is_utf8(d.message));
  }
  CHECK(huge.reports[0].error->token == std::string(100'000, 'Z'));
  CHECK(is_utf8(bg::excerpt(huge.reports[0].error->token)));
  Read broken = read_and_validate(
      "[Event \"b\"]\n\n1. e4 \xFF\xFE"
      "e5 *\n");
  REQUIRE(broken.reports.size() == 1);
  CHECK(broken.reports[0].error->reason ==
        "'\xEF\xBF\xBD\xEF\xBF\xBD"
        "e5' cannot be read as a move");
}

TEST_CASE(
    "shatar pgn: a result is read as a RecordResult, the token as written is kept for the "
    "messages and the report") {
  Read r = read_and_validate(
      "[Result \"1-0\"]\n\n1. e4 e5 \xC2\xBD-\xC2\xBD\n\n"
      "[Result \"1-0 (forfeit)\"]\n\n1. e4 e5 *\n\n"
      "1. e4 e5\n");
  REQUIRE(r.games.size() == 3);
  CHECK(r.games[0].result == bg::RecordResult::draw);
  CHECK(r.games[0].raw_result == "\xC2\xBD-\xC2\xBD");
  CHECK(r.reports[0].result == bg::RecordResult::first_wins);
  CHECK(r.reports[0].raw_result == "1-0");
  CHECK(r.reports[0].warnings ==
        std::vector<std::string>{
            "the Result tag says 1-0 but the movetext ends with \xC2\xBD-\xC2\xBD"});
  // A tag that is no result: said, and the movetext's result read (and shown).
  CHECK(r.games[1].result == bg::RecordResult::unknown);
  CHECK(r.reports[1].raw_result == "*");
  CHECK(r.reports[1].result == bg::RecordResult::unknown);
  CHECK(r.reports[1].warnings ==
        std::vector<std::string>{"the Result tag \"1-0 (forfeit)\" is not a result (1-0, 0-1, "
                                 "1/2-1/2 or *): the movetext's * is used"});
  // No termination at all.
  CHECK_FALSE(r.games[2].result.has_value());
  CHECK(r.games[2].raw_result.empty());
  CHECK_FALSE(r.reports[2].result.has_value());
}

TEST_CASE("shatar fen: counters out of range, huge fields and bad bytes give short UTF-8 reasons") {
  auto problem_of = [](const std::string& fen) {
    auto position = sh::Position::from_fen(fen);
    REQUIRE_FALSE(position);
    return position.problem();
  };
  bg::Problem error = problem_of("7k/8/8/8/8/8/8/K7 w - - 0 99999999999999999999");
  CHECK(error.reason == "move number '99999999999999999999' is not a whole number from 1 to 10000");
  error = problem_of("7k/8/8/8/8/8/8/K7 w - - -1 1");
  CHECK(error.reason == "half-move clock '-1' is not a whole number from 0 to 10000");
  error = problem_of("7k/8/8/8/8/8/8/K7 w - - " + std::string(100'000, '9') + " 1");
  CHECK(error.reason.size() < 200);
  error = problem_of("7k/8/8/8/8/8/8/K6\xE9 w - - 0 1");
  CHECK(is_utf8(error.reason));
  error = problem_of("7k/8/8/8/8/8/8/K6\xE9\xA6\xAC w - - 0 1");
  CHECK(error.reason == "'\xE9\xA6\xAC' is not a man in a FEN (KQRBNP, lower case for Blue)");
  std::string many_fields;
  for (int i = 0; i < 100'000; ++i) many_fields += "w ";
  error = problem_of(many_fields);
  CHECK(error.reason == "a FEN has 2 to 6 fields separated by spaces");
  CHECK(error.token.empty());
  CHECK(error.where.column == 0);
}

TEST_CASE("shatar fen: the Problem carries the offending text as written and its column") {
  auto problem_of = [](const std::string& fen) {
    auto position = sh::Position::from_fen(fen);
    REQUIRE_FALSE(position);
    return position.problem();
  };
  // A character that is no man: the whole character, at its column in characters.
  bg::Problem error = problem_of("7k/8/8/8/8/8/8/K6\xE9\xA6\xAC w - - 0 1");
  CHECK(error.token == "\xE9\xA6\xAC");
  CHECK(error.where.column == 18);
  CHECK(error.ply == 0);
  // A field: as written, at its first character.
  error = problem_of("7k/8/8/8/8/8/8/K7  x - - 0 1");
  CHECK(error.reason == "side to move 'x' is not w or b");
  CHECK(error.token == "x");
  CHECK(error.where.column == 20);
  error = problem_of("7k/8/8/8/8/8/8/K7 w - - 0 99999999999999999999");
  CHECK(error.token == "99999999999999999999");
  CHECK(error.where.column == 27);
  error = problem_of("7k/8/8/8/8/8/8/K7/8 w - - 0 1");
  CHECK(error.reason == "the FEN has more than 8 ranks");
  CHECK(error.token == "/");
  CHECK(error.where.column == 18);
  // A rule broken by the placement as a whole: the placement field.
  error = problem_of("8/8/8/8/8/8/8/K7 w - - 0 1");
  CHECK(error.reason == "Blue must have exactly one king");
  CHECK(error.token == "8/8/8/8/8/8/8/K7");
  CHECK(error.where.column == 1);
}

TEST_CASE("shatar position: the move counters stop at 65535 instead of wrapping round") {
  auto start = sh::Position::from_fen("k7/8/8/8/8/8/8/K5N1 w - - 10000 10000");
  REQUIRE(start);
  sh::Position p = *start;
  const char* shuffle[] = {"Nf3", "Kb8", "Ng1", "Ka8"};
  for (int ply = 0; ply < 120'000; ++ply) {
    const auto read = sh::read_move(p, shuffle[ply % 4]);
    REQUIRE(read);
    p = p.after(read->move);
  }
  CHECK(p.halfmove_clock() == 65535);
  CHECK(p.fullmove_number() == 65535);
}

TEST_CASE(
    "shatar validate: threefold repetition after 300 quiet plies is still found (past the scan, in "
    "the table)") {
  // White's knights and bishop and Blue's king and bishop wander into positions that have not
  // occurred (a pawn pair that cannot move keeps the material alive); then both sides shuttle
  // until the position after the walk has occurred three times.
  auto start = sh::Position::from_fen("7k/6b1/8/p7/P7/8/1B6/K5NN w - - 0 1");
  REQUIRE(start);
  sh::Position p = *start;
  std::string movetext;
  auto play = [&](sh::Move m) {
    if (p.side_to_move() == sh::Side::white) movetext += fmt::format("{}. ", p.fullmove_number());
    movetext += sh::to_short(p, m) + ' ';
    p = p.after(m);
  };
  std::set<std::uint64_t> seen{p.key()};
  for (int plies = 0; plies < 300; ++plies) {
    sh::MoveList moves;
    p.legal_moves(moves);
    std::optional<sh::Move> chosen;
    for (sh::Move m : moves) {
      const sh::PieceType type = p.at(m.from()).type;
      if (type == sh::PieceType::pawn ||
          (type == sh::PieceType::king && p.side_to_move() == sh::Side::white))
        continue;
      if (p.is_capture(m) || p.after(m).in_check() || seen.contains(p.after(m).key())) continue;
      chosen = m;
      break;
    }
    REQUIRE_MESSAGE(chosen, plies << " " << p.fen());
    play(*chosen);
    seen.insert(p.key());
  }
  // Shuttle: the knight out and back, the king out and back, twice.
  sh::MoveList moves;
  p.legal_moves(moves);
  sh::Move out_knight = moves[0];
  for (sh::Move m : moves) {
    if (p.at(m.from()).type == sh::PieceType::knight && !p.is_capture(m) && !p.after(m).in_check())
      out_knight = m;
  }
  for (int round = 0; round < 2; ++round) {
    play(out_knight);
    sh::MoveList replies;
    p.legal_moves(replies);
    sh::Move out_king = replies[0];
    for (sh::Move m : replies) {
      if (p.at(m.from()).type == sh::PieceType::king && !p.is_capture(m)) out_king = m;
    }
    play(out_king);
    play(sh::Move(out_knight.to(), out_knight.from()));
    play(sh::Move(out_king.to(), out_king.from()));
  }
  Read r =
      read_and_validate("[FEN \"7k/6b1/8/p7/P7/8/1B6/K5NN w - - 0 1\"]\n\n" + movetext + "*\n");
  REQUIRE(r.reports.size() == 1);
  REQUIRE(r.reports[0].valid());
  CHECK(r.reports[0].plies == 308);
  std::vector<std::string> notes;
  for (const Diagnostic& d : r.reports[0].diagnostics)
    notes.push_back(d.message.substr(d.message.find(':') + 2));
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].starts_with("a draw by the 50-move rule is claimable after"));
  CHECK(notes[1].starts_with(
      "a draw by repetition (the same position three times) is claimable after"));
  CHECK(notes[1].ends_with("(ply 308)"));
}

TEST_CASE(
    "shatar validate: a claimable draw in a game recorded as won is a warning, in the warnings "
    "list") {
  Read r = read_and_validate(
      "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n[Result \"1-0\"]\n\n"
      "1. Ra8+ Ke7 2. Ra1 Ke8 3. Ra8+ Ke7 4. Ra1 Ke8 5. Ra8+ Ke7 1-0\n");
  REQUIRE(r.reports.size() == 1);
  CHECK(r.reports[0].valid());
  CHECK(r.reports[0].warnings ==
        std::vector<std::string>{
            "a draw by repetition (the same position three times) became claimable after "
            "4... Ke8 (ply 8) and was not claimed: the result is 1-0"});
}

TEST_CASE("xigua records: a capture before any move and a malformed tag make the record invalid") {
  boardgames::Diagnostics quiet;
  auto records =
      xg::read_records("[Black \"A\"\nxN1 x\xC3\xA9 xN2 1. N2-N1 S2-S1 *\n", "t.xg", quiet);
  REQUIRE(records.size() == 1);
  const auto& problems = records[0].problems;
  REQUIRE(problems.size() == 4);
  CHECK(problems[0].message == "'[Black \"A\"' is not a tag: a tag is written [Name \"value\"]");
  CHECK(problems[1].message == "capture 'xN1' before any move");
  CHECK(problems[3].where.column == 8);  // columns count characters: "xé" is 2
  xg::RecordReport report = xg::validate_record(records[0], "t.xg", {});
  REQUIRE_FALSE(report.valid());
  CHECK(report.error->ply == 0);
  CHECK(report.error->reason ==
        "'[Black \"A\"' is not a tag: a tag is written [Name \"value\"] (line 1, column 1)");
  CHECK(report.error->where == bg::SourceLocation{"t.xg", 1, 1});
  CHECK(report.plies == 2);
  CHECK(report.diagnostics.size() == 4);
}

TEST_CASE("xigua records: '*' or no result is unfinished, not a result the validator makes up") {
  boardgames::Diagnostics quiet;
  auto records = xg::read_records(
      "[Black \"A\"]\n1. N2-N1 S2-S1 *\n\n[Black \"B\"]\n1. N2-N1 S2-S1\n\n[Result \"0-1\"]\n1. "
      "N2-N1 S2-S1\n",
      "t.xg", quiet);
  REQUIRE(records.size() == 3);
  for (std::size_t i : {0u, 1u}) {
    xg::RecordReport report = xg::validate_record(records[i], "t.xg", {});
    CAPTURE(i);
    CHECK(report.valid());
    CHECK(report.unfinished);
    CHECK(report.result == bg::RecordResult::unknown);
    // "*" is recorded as unknown; no result at all is none.
    CHECK(report.recorded_result ==
          (i == 0 ? std::optional(bg::RecordResult::unknown) : std::optional<bg::RecordResult>()));
  }
  xg::RecordReport recorded = xg::validate_record(records[2], "t.xg", {});
  CHECK_FALSE(recorded.unfinished);
  CHECK(recorded.recorded_result == bg::RecordResult::second_wins);
  CHECK(recorded.result == bg::RecordResult::second_wins);
  CHECK(recorded.result_reason == "as recorded");
}

TEST_CASE(
    "xigua records: a byte-order mark is skipped, tag text that is not UTF-8 is read as "
    "Windows-1252") {
  std::vector<Diagnostic> notes;
  boardgames::Diagnostics diagnostics([&notes](const Diagnostic& d) { notes.push_back(d); });
  auto records = xg::read_records(
      "\xEF\xBB\xBF[Black \"M\xFC"
      "ller\"]\n[White \"Jos\xE9\"]\n1. N2-N1 S2-S1 *\n",
      "t.xg", diagnostics);
  REQUIRE(records.size() == 1);
  CHECK(records[0].problems.empty());
  xg::RecordReport report = xg::validate_record(records[0], "t.xg", {});
  CHECK(report.valid());
  CHECK(report.black == "M\xC3\xBCller");
  CHECK(report.white == "Jos\xC3\xA9");
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].severity == Severity::note);
  CHECK(notes[0].message == "text that is not valid UTF-8 is read as Windows-1252 (Latin-1)");
}

TEST_CASE(
    "shatar pgn: the slicer cuts only before a tag line after a blank line, the first one at "
    "least `target` bytes on, and the slice's reader counts its lines") {
  // Games of different lengths, Windows line ends in one, a blank line with spaces, a '[' line
  // inside a comment that is no tag pair, and a file that ends without a newline.
  const std::string text =
      "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\r\n\r\n1. d4 {a\n\n[not a tag} d5 *\n \t\n"
      "[Event \"3\"]\n[Round \"3\"]\n\n1. c4 c5 2. Nc3 Nc6 3. g3 g6 *\n\n[Event \"4\"]\n\n*";
  // Where a game starts: a '[' line, a tag name and a quote, after a blank line.
  const std::vector<std::size_t> starts = {text.find("[Event \"2\""), text.find("[Event \"3\""),
                                           text.find("[Event \"4\"")};
  for (std::size_t target = 0; target <= text.size() + 1; ++target) {
    CAPTURE(target);
    sh::PgnSlicer slicer(text, target);
    sh::PgnSlice slice;
    std::size_t at = 0;
    while (slicer.next(slice)) {
      REQUIRE(slice.text.data() == text.data() + at);  // no copy, no gap
      const auto lines = std::count(slice.text.begin(), slice.text.end(), '\n');
      CHECK(sh::read_slice(slice, "t.pgn").lines == static_cast<std::uint32_t>(lines));
      const std::size_t end = at + slice.text.size();
      if (end < text.size()) {
        CHECK(std::find(starts.begin(), starts.end(), end) != starts.end());
        CHECK(slice.text.size() > target);  // its last newline is `target` bytes on or more
        // No earlier game start `target` bytes on was passed over.
        for (std::size_t s : starts) CHECK_FALSE((s > at + target && s < end));
      }
      at = end;
    }
    CHECK(at == text.size());
  }
}

TEST_CASE(
    "shatar pgn: the slicer given its text in chunks cuts the same slices as given it whole, "
    "and asks for more only before the end") {
  const std::string text =
      "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\r\n\r\n1. d4 {a\n\n[not a tag} d5 *\n \t\n"
      "[Event \"3\"]\n[Round \"3\"]\n\n1. c4 c5 2. Nc3 Nc6 3. g3 g6 *\n\n[Event \"4\"]\n\n*";
  for (std::size_t target = 0; target <= text.size() + 1; target += 3) {
    std::vector<std::size_t> whole;  // the size of each slice
    sh::PgnSlicer one(text, target);
    sh::PgnSlice slice;
    while (one.next(slice)) whole.push_back(slice.text.size());
    for (std::size_t chunk = 1; chunk <= 40; chunk += 3) {
      CAPTURE(target);
      CAPTURE(chunk);
      std::size_t have = std::min(chunk, text.size());
      sh::PgnSlicer slicer(std::string_view(text).substr(0, have), target, false);
      std::vector<std::size_t> cut;
      std::size_t at = 0;
      while (true) {
        if (slicer.next(slice)) {
          REQUIRE(slice.text.data() == text.data() + at);
          at += slice.text.size();
          cut.push_back(slice.text.size());
          continue;
        }
        if (!slicer.starved()) break;
        REQUIRE(have < text.size() + 1);  // asks only while something is left to give
        have = std::min(have + chunk, text.size());
        slicer.extend(std::string_view(text).substr(0, have), have == text.size() && chunk % 2);
        if (have == text.size() && chunk % 2 == 0) {  // the end found only by a last read
          ++have;
          slicer.extend(text, true);
        }
      }
      CHECK(cut == whole);
    }
  }
}
