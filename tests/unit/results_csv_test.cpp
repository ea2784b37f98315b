#include <doctest/doctest.h>

#include "boardgames/io/results_csv.h"
#include "boardgames/io/round_tag.h"
#include "test_support.h"

using boardgames::ByteSource;
using boardgames::Colour;
using boardgames::GameResult;
using boardgames::ResultRow;

namespace {

std::vector<ResultRow> read(std::string text, test::Collected& collected) {
  ByteSource source = ByteSource::from_string(std::move(text), "results.csv");
  boardgames::ResultsCsvReader reader(source, collected.diagnostics);
  std::vector<ResultRow> rows;
  if (!reader.read_header()) return rows;
  ResultRow row;
  while (reader.next(row)) rows.push_back(row);
  return rows;
}

}  // namespace

TEST_CASE("result tokens: read in the order of the player columns") {
  using boardgames::parse_game_result;
  CHECK(parse_game_result("1-0", Colour::white) == GameResult::white_wins);
  CHECK(parse_game_result("1-0", Colour::black) == GameResult::black_wins);
  CHECK(parse_game_result("0-1", Colour::white) == GameResult::black_wins);
  CHECK(parse_game_result("1:0", Colour::white) == GameResult::white_wins);
  for (auto draw : {"½-½", "1/2-1/2", "0.5-0.5", "=", "0", "Draw", "jigo"}) {
    CHECK(parse_game_result(draw, Colour::white) == GameResult::draw);
  }
  // A bare 0 is Go's draw (SGF's RE[0]); in another game's file it may be a score of 0.
  using boardgames::Game;
  CHECK(parse_game_result("0", Colour::black, Game::go) == GameResult::draw);
  for (Game game : {Game::shatar, Game::xigua, Game::chess}) {
    CHECK_FALSE(parse_game_result("0", Colour::white, game).has_value());
    CHECK(parse_game_result("½-½", Colour::white, game) == GameResult::draw);
  }
  CHECK(parse_game_result("+-", Colour::white) == GameResult::white_wins_by_forfeit);
  CHECK(parse_game_result("+-", Colour::black) == GameResult::black_wins_by_forfeit);
  CHECK(parse_game_result("-+", Colour::white) == GameResult::black_wins_by_forfeit);
  CHECK(parse_game_result("--", Colour::white) == GameResult::double_forfeit);
  CHECK(parse_game_result("", Colour::white) == GameResult::pending);
  // SGF style names the colour, whatever the column order.
  for (Colour first : {Colour::white, Colour::black}) {
    CHECK(parse_game_result("B+R", first) == GameResult::black_wins);
    CHECK(parse_game_result("W+3.5", first) == GameResult::white_wins);
    CHECK(parse_game_result("b+t", first) == GameResult::black_wins);
    CHECK(parse_game_result("W+Resign", first) == GameResult::white_wins);
    CHECK(parse_game_result("B+F", first) == GameResult::black_wins_by_forfeit);
  }
  for (auto bad : {"2-0", "1-1", "B+x", "W+", "bye", "H", "1-", "B+3.5.1"}) {
    CAPTURE(bad);
    if (std::string_view(bad) == "W+") {
      CHECK(parse_game_result(bad, Colour::white) == GameResult::white_wins);  // margin unknown
    } else {
      CHECK_FALSE(parse_game_result(bad, Colour::white).has_value());
    }
  }
  CHECK(boardgames::parse_bye_result("bye") == GameResult::pairing_bye);
  CHECK(boardgames::parse_bye_result("H") == GameResult::half_point_bye);
  CHECK(boardgames::parse_bye_result("z") == GameResult::zero_point_bye);
  CHECK(boardgames::parse_bye_result("F") == GameResult::full_point_bye);
  CHECK_FALSE(boardgames::parse_bye_result("1-0").has_value());
}

TEST_CASE("results csv: both header orders give the same games") {
  test::Collected c;
  auto chess = read("round,board,white,black,result\n1,1,Ann,Bob,1-0\n1,2,Cy,Dan,0-1\n", c);
  auto go = read("round,board,black,white,result\n1,1,Bob,Ann,0-1\n1,2,Dan,Cy,1-0\n", c);
  CHECK(c.all.empty());
  REQUIRE(chess.size() == 2);
  REQUIRE(go.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(chess[i].white == go[i].white);
    CHECK(chess[i].black == go[i].black);
    CHECK(chess[i].result == go[i].result);
  }
  CHECK(chess[0].result == GameResult::white_wins);
  CHECK(chess[1].result == GameResult::black_wins);
}

TEST_CASE("results csv: byes, warnings, game and team columns") {
  test::Collected c;
  auto rows = read(
      "round,board,game,white,black,result,white_warnings,black_warnings,white_team,black_team\n"
      "1,1,2,Ann,Bob,½-½,1,,Red,Blue\n"
      "1,,,Eve,,bye,,,,\n"
      "2,,,,Eve,H,,,,\n",
      c);
  CHECK(c.all.empty());
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].game == 2);
  CHECK(rows[0].white_warnings == 1);
  CHECK(rows[0].black_warnings == 0);
  CHECK(rows[0].white_team == "Red");
  CHECK(rows[1].is_bye());
  CHECK(rows[1].board == 0);
  CHECK(rows[1].result == GameResult::pairing_bye);
  CHECK(rows[2].black == "Eve");
  CHECK(rows[2].result == GameResult::half_point_bye);
}

TEST_CASE("results csv: malformed rows reported with line and column, the rest read") {
  test::Collected c;
  auto rows = read(
      "round,board,white,black,result\n"
      "1,1,Ann,Bob,2-0\n"
      "x,2,Cy,Dan,1-0\n"
      "1,3,Eve,,1-0\n"
      "1,4,Fay,Fay,1-0\n"
      "1,5,,,\n"
      "2,1,Ann,Cy,0-1\n",
      c);
  CHECK(c.messages() ==
        std::vector<std::string>{
            "2:13: error: malformed result '2-0' (expected 1-0, 0-1, ½-½, +-, -+, --, B+R, W+3.5, "
            "... or empty for not yet played)",
            "3:1: error: round 'x' is not a whole number from 1 to 100000",
            "4:10: error: '1-0' is not a bye result (bye, H, Z or F)",
            "5:9: error: 'Fay' is paired against themselves",
            "6:5: error: the row names no player"});
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].round == 2);
}

TEST_CASE("results csv: missing required columns") {
  test::Collected c;
  auto rows = read("round,white,result\n1,Ann,1-0\n", c);
  CHECK(rows.empty());
  CHECK(c.messages() == std::vector<std::string>{
                            "1:1: error: the results file needs the column black; its header has: "
                            "round,white,result"});
}

TEST_CASE("results csv: long echoes cut at 80 characters, the quote and hint kept") {
  // A 300-character result token and a header with long, capitalised names: the message quotes
  // 80 characters then "…", still closes its quote and gives its hint; the header is echoed as
  // written, not lower-cased.
  test::Collected c;
  const std::string token(300, '9');
  read("Round,White,Result\n", c);
  read("round,board,white,black,result\n1,1,Ann,Bob," + token + "\n", c);
  const std::string long_name(100, 'X');
  read("Round,White," + long_name + "\n", c);
  REQUIRE(c.messages().size() == 3);
  CHECK(c.messages()[0] ==
        "1:1: error: the results file needs the column black; its header has: "
        "Round,White,Result");
  CHECK(c.messages()[1] == "2:13: error: malformed result '" + std::string(80, '9') +
                               "…' (expected 1-0, 0-1, ½-½, +-, -+, --, B+R, W+3.5, ... or empty "
                               "for not yet played)");
  CHECK(c.messages()[2] ==
        "1:1: error: the results file needs the columns black, result; its header has: "
        "Round,White," +
            std::string(68, 'X') + "…");
}

TEST_CASE("results csv writer: colour columns in the game's order, tokens follow them") {
  std::string out;
  boardgames::ResultsCsvLayout layout;
  layout.game = boardgames::Game::go;
  boardgames::ResultsCsvWriter writer(layout, out);
  writer.header();
  ResultRow row;
  row.round = 1;
  row.board = 1;
  row.white = "Ann";
  row.black = "Bob";
  row.result = GameResult::black_wins;
  writer.row(row);
  CHECK(out == "round,board,black,white,result\n1,1,Bob,Ann,1-0\n");
  test::Collected c;
  auto back = read(out, c);
  REQUIRE(back.size() == 1);
  CHECK(back[0].result == GameResult::black_wins);
  CHECK(back[0].white == "Ann");
}

TEST_CASE("results csv: Go's handicap column written, read back and into the event's games") {
  std::string out;
  boardgames::ResultsCsvLayout layout;
  layout.game = boardgames::Game::go;
  layout.handicap = true;
  boardgames::ResultsCsvWriter writer(layout, out);
  writer.header();
  ResultRow row;
  row.round = 1;
  row.board = 1;
  row.white = "Ann";
  row.black = "Bob";
  row.result = GameResult::white_wins;
  row.handicap = 3;
  writer.row(row);
  ResultRow bye;
  bye.round = 1;
  bye.white = "Cid";
  bye.result = GameResult::pairing_bye;
  writer.row(bye);
  CHECK(out == "round,board,black,white,result,handicap\n1,1,Bob,Ann,0-1,3\n1,,,Cid,bye,\n");
  test::Collected c;
  auto back = read(out, c);
  REQUIRE(back.size() == 2);
  CHECK(back[0].handicap == 3);
  CHECK(back[1].handicap == 0);

  // Into the event: both players' records of the game carry it.
  boardgames::PlayerList players;
  boardgames::EventOptions options;
  options.game = boardgames::Game::go;
  boardgames::EventBuilder builder(players, options, c.diagnostics);
  for (const ResultRow& r : back) builder.add(r, "results.csv");
  const boardgames::Event event = builder.finish();
  REQUIRE(event.participants.size() == 3);
  for (const auto& p : event.participants) {
    const int expected = p.name == "Cid" ? 0 : 3;
    CHECK_MESSAGE(p.rounds.at(0).handicap == expected, p.name);
  }

  // Out of range: the row is refused with its column.
  test::Collected bad;
  auto refused = read("round,board,black,white,handicap,result\n1,1,Bob,Ann,10,0-1\n", bad);
  CHECK(refused.empty());
  CHECK(bad.messages() ==
        std::vector<std::string>{"2:13: error: handicap '10' is not a whole number from 0 to 9"});
}

TEST_CASE("round tag: PGN Round and SGF RO give round and board for the results rows") {
  using boardgames::parse_round_tag;
  auto place = parse_round_tag("3.2");
  REQUIRE(place);
  CHECK(place->round == "3");
  CHECK(place->board == "2");
  place = parse_round_tag(" 7 (final)");
  REQUIRE(place);
  CHECK(place->round == "7");
  CHECK(place->board.empty());
  for (const char* none : {"", "?", "-", "0", "3.", "3.x", "100001", "1.1000001", "-3", "2.5.1"})
    CHECK_MESSAGE(!parse_round_tag(none), none);
}
