// Pieces the batch tools used to keep: go-score's reading of a file into games, shatar-validate's
// output per game and per file, and perft divided by first move.
#include <doctest/doctest.h>

#include <numeric>
#include <string>

#include "boardgames/go/batch.h"
#include "boardgames/io/pgn_validation_output.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/position.h"
#include "boardgames/shatar/validate.h"

namespace bg = boardgames;
namespace go = boardgames::go;
namespace sh = boardgames::shatar;

TEST_CASE(
    "go batch: an empty file, a diagram, an SGF collection whose findings go with the game they "
    "name") {
  const auto empty = go::read_game_inputs("", "e.sgf");
  REQUIRE(empty.size() == 1);
  REQUIRE(empty[0].unreadable.has_value());
  CHECK(empty[0].unreadable->message == "the file is empty: no SGF game and no board diagram");
  const auto diagram = go::read_game_inputs("X.O\nXXO\n.XO\n", "d.txt");
  REQUIRE(diagram.size() == 1);
  CHECK(diagram[0].diagram.has_value());
  CHECK(diagram[0].game == 0);
  const auto games = go::read_game_inputs("(;SZ[5];B[cc])\n(;SZ[5];B[zz])\n", "c.sgf");
  REQUIRE(games.size() == 2);
  CHECK(games[1].game == 2);
  CHECK(go::looks_like_sgf("( \n;"));
  CHECK_FALSE(go::looks_like_sgf("X.O (not a game tree)"));
  // The second game's move off the board: an error of game 2, found when it is replayed.
  const go::GameOutcome second = go::score_game_input(games[1], {}, go::Rules{});
  CHECK_FALSE(second.score.has_value());
  REQUIRE_FALSE(second.findings.empty());
  CHECK(second.findings[0].message.starts_with("game 2: "));
  const go::GameOutcome first = go::score_game_input(games[0], {}, go::Rules{});
  CHECK(first.score.has_value());
}

TEST_CASE(
    "go batch: a file name that is not UTF-8 reaches no output raw, and a file not opened has its "
    "row") {
  // Latin-1 "caf\xe9.sgf": every game, and the row of a file that could not be opened, name it in
  // valid UTF-8 (U+FFFD for the bad byte), as standard error does.
  const auto games = go::read_game_inputs("(;SZ[5];B[cc])\n", "caf\xe9.sgf");
  REQUIRE(games.size() == 1);
  CHECK(games[0].file == "caf\xEF\xBF\xBD.sgf");
  const auto empty = go::read_game_inputs("", "caf\xe9.sgf");
  REQUIRE(empty.size() == 1);
  CHECK(empty[0].file == "caf\xEF\xBF\xBD.sgf");
  CHECK(empty[0].unreadable->where.file == "caf\xEF\xBF\xBD.sgf");
  const go::GameInput missing = go::unopened_input("m\xe9.sgf", "No such file or directory");
  CHECK(missing.file == "m\xEF\xBF\xBD.sgf");
  const go::GameOutcome outcome = go::score_game_input(missing, {}, go::Rules{});
  CHECK(outcome.status == go::GameStatus::unreadable);
  CHECK(outcome.reason == "cannot open: No such file or directory");
  CHECK(outcome.findings.empty());  // the tool reported it when the file would not open
}

TEST_CASE("shatar perft divided: a count per legal first move, summing to perft") {
  const sh::Position start = sh::Position::initial();
  const auto divided = sh::perft_divide(start, 3);
  sh::MoveList moves;
  start.legal_moves(moves);
  CHECK(divided.size() == moves.size());
  std::uint64_t sum = 0;
  for (const auto& [move, nodes] : divided) sum += nodes;
  CHECK(sum == sh::perft(start, 3));
  for (const auto& [move, nodes] : sh::perft_divide(start, 1)) CHECK(nodes == 1);
}

TEST_CASE(
    "pgn validation output: a summary line for every file, games or not, CSV a row a game, invalid "
    "counted") {
  bg::Diagnostics quiet;
  const auto games =
      sh::read_pgn("[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. e5 *\n", "g.pgn", quiet);
  REQUIRE(games.size() == 2);
  std::string text;
  bg::PgnValidationWriter summary(bg::PgnValidationFormat::text, text);
  summary.begin_file("g.pgn");
  for (const sh::PgnGame& game : games)
    summary.write("g.pgn", game, sh::validate_game(game, "g.pgn"));
  summary.begin_file("empty.pgn");
  summary.finish();
  CHECK(text == "g.pgn: 2 games, 1 valid, 1 invalid\nempty.pgn: 0 games, 0 valid, 0 invalid\n");
  CHECK(summary.invalid_games() == 1);
  std::string csv;
  bg::PgnValidationWriter rows(bg::PgnValidationFormat::csv, csv);
  rows.begin_file("g.pgn");
  rows.write("g.pgn", games[0], sh::validate_game(games[0], "g.pgn"));
  rows.finish();
  CHECK(
      csv.starts_with("file,game,white,black,result,plies,status,error_ply,reason,warnings\ng."
                      "pgn,1,A,,*,2,valid,,,"));
}

TEST_CASE("pgn validation output: the format the options ask for, one output at a time") {
  using boardgames::choose_pgn_validation_format;
  using boardgames::PgnValidationFormat;
  CHECK(choose_pgn_validation_format(false, false, false, "text").value() ==
        PgnValidationFormat::text);
  CHECK(choose_pgn_validation_format(false, false, false, "csv").value() ==
        PgnValidationFormat::csv);
  CHECK(choose_pgn_validation_format(true, false, false, "text").value() ==
        PgnValidationFormat::normalize);
  CHECK(choose_pgn_validation_format(true, true, false, "text").value() ==
        PgnValidationFormat::normalize_long);
  CHECK(choose_pgn_validation_format(false, false, true, "text").value() ==
        PgnValidationFormat::fen);
  CHECK(choose_pgn_validation_format(false, true, false, "text").problem().reason ==
        "--long goes with --normalize");
  CHECK(choose_pgn_validation_format(false, false, true, "csv").problem().reason ==
        "--format csv, --normalize and --fen each take standard output: choose one");
  CHECK(choose_pgn_validation_format(true, false, true, "text").problem().reason ==
        "--normalize and --fen each take standard output: choose one");
}
