#include <doctest/doctest.h>

#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/result.h"
#include "boardgames/tournament/seeding.h"
#include "test_support.h"

using boardgames::ByteSource;
using boardgames::PlayerList;

namespace {

PlayerList read(std::string text, test::Collected& collected) {
  ByteSource source = ByteSource::from_string(std::move(text), "players.csv");
  return boardgames::read_players_csv(source, collected.diagnostics);
}

}  // namespace

TEST_CASE("players csv: columns in any order, unknown columns kept, id defaults to row number") {
  test::Collected c;
  auto list = read("rating,Name,fide_id,team\n2100,王小明,8601,Red\n,Ann Lee,,Blue\n", c);
  CHECK(c.all.empty());
  REQUIRE(list.size() == 2);
  CHECK(list.players[0].id == "1");
  CHECK(list.players[0].name == "王小明");
  CHECK(list.players[0].rating == 2100);
  CHECK(list.players[0].team == "Red");
  CHECK(list.players[1].id == "2");
  CHECK_FALSE(list.players[1].rating.has_value());
  CHECK(list.extra_columns == std::vector<std::string>{"fide_id"});
  CHECK(list.players[0].extra == std::vector<std::string>{"8601"});
  CHECK(list.players[1].line == 3);
  CHECK(list.has_column("rating"));
  CHECK_FALSE(list.has_column("club"));
}

TEST_CASE("players csv: ratings below 0 (EGF's GoR for weak players) down to -2000") {
  test::Collected c;
  auto list = read("id,name,rating\n1,Ann,-201\n2,Bob,-2000\n3,Cy,-2001\n", c);
  CHECK(c.messages() ==
        std::vector<std::string>{"4:6: error: rating '-2001' is not a whole number from -2000 to "
                                 "100000 (leave it empty for an unrated player)"});
  REQUIRE(list.size() == 2);
  CHECK(list.players[0].rating == -201);
  CHECK(list.players[1].rating == -2000);
}

TEST_CASE("players csv: errors carry line and column, the other rows are kept") {
  test::Collected c;
  auto list = read("id,name,rating\n1,Ann,1500\n2,,1400\n1,Bob,\n3,Cy,15x0\n4,Dan,1300\n", c);
  CHECK(c.messages() == std::vector<std::string>{
                            "3:3: error: empty player name",
                            "4:1: error: duplicate id '1' (first used on line 2)",
                            "5:6: error: rating '15x0' is not a whole number from -2000 to 100000 "
                            "(leave it empty for an unrated player)"});
  REQUIRE(list.size() == 2);
  CHECK(list.players[0].name == "Ann");
  CHECK(list.players[1].name == "Dan");
}

TEST_CASE("players csv: each value's place is kept, for the checks made after reading") {
  test::Collected c;
  // A quoted name across two lines moves the rank to the next line; an extra column too.
  auto list = read("id,Name,rank\n1,Ann,3d\n2,\"Bo\nLee\",10k\n", c);
  REQUIRE(list.size() == 2);
  const auto at = [&](std::size_t p, std::string_view column) {
    const auto where = list.location(list.players[p], column);
    return std::to_string(where.line) + ":" + std::to_string(where.column);
  };
  CHECK(at(0, "rank") == "2:7");
  CHECK(at(1, "name") == "3:3");
  CHECK(at(1, "rank") == "4:6");
  CHECK(at(1, "club") == "3:0");  // no such column: the player's line
  CHECK(list.location(list.players[0], "id").file == list.source);
}

TEST_CASE("players csv: a file without a name column is rejected once") {
  test::Collected c;
  auto list = read("id,rating\n1,1500\n", c);
  CHECK(list.size() == 0);
  CHECK(c.messages() == std::vector<std::string>{
                            "1:1: error: the players file needs a 'name' column; its header has: "
                            "id,rating"});
}

TEST_CASE("players: lookup by id, then by exact name, shared names are ambiguous") {
  test::Collected c;
  auto list = read("id,name\nA1,Ann\nB2,Bob\nC3,Bob\n7,A1\n", c);
  using Match = PlayerList::Match;
  CHECK(list.find("A1").match == Match::found);
  CHECK(list.find("A1").index == 0);  // the id wins over the name of player 4
  CHECK(list.find("Ann").index == 0);
  CHECK(list.find("Bob").match == Match::ambiguous);
  CHECK(list.find("C3").index == 2);
  CHECK(list.find("Zed").match == Match::unknown);
  CHECK(list.find("ann").match == Match::unknown);  // names are exact
}

TEST_CASE("draw numbers: row order, rating (unrated last, ties in row order), lots") {
  using boardgames::DrawMethod;
  std::vector<std::optional<std::int32_t>> ratings = {1500, std::nullopt, 2100, 1500, 1800};
  CHECK(boardgames::draw_numbers(ratings, DrawMethod::row_order, 0) ==
        std::vector<std::size_t>{0, 1, 2, 3, 4});
  CHECK(boardgames::draw_numbers(ratings, DrawMethod::rating, 0) ==
        std::vector<std::size_t>{2, 4, 0, 3, 1});
  auto lots = boardgames::draw_numbers(ratings, DrawMethod::lots, 42);
  CHECK(lots == boardgames::draw_numbers(ratings, DrawMethod::lots, 42));
  auto sorted = lots;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<std::size_t>{0, 1, 2, 3, 4});
  // Over many seeds every player draws number 1 sometimes.
  std::vector<int> first(5);
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    ++first[boardgames::draw_numbers(ratings, DrawMethod::lots, seed)[0]];
  }
  for (int count : first) CHECK(count > 10);
}

TEST_CASE(
    "players csv: the number column (a draw made beforehand) is range-checked, each number once") {
  test::Collected c;
  auto list = read("id,name,number\n1,Ann,2\n2,Bob,1\n3,Cy,4294967297\n4,Dan,2\n5,Eve,\n", c);
  CHECK(
      c.messages() ==
      std::vector<std::string>{
          "4:6: error: number '4294967297' is not a whole number from 1 to 1000000 (leave it empty "
          "when the player has none yet)",
          "5:7: error: number 2 is also on line 2: each player draws a number of their own"});
  REQUIRE(list.size() == 3);
  CHECK(list.players[0].number == 2);
  CHECK(list.players[1].number == 1);
  CHECK_FALSE(list.players[2].number.has_value());  // Eve: no number yet
  // The draw it gives: every player numbered, 1..n each once.
  test::Collected d;
  CHECK(boardgames::numbers_from_file(list, d.diagnostics).empty());
  CHECK(d.messages() ==
        std::vector<std::string>{
            "6:7: error: 'Eve' has no number (the number column gives the draw: every player needs "
            "one)"});
  list.players[2].number = 3;
  test::Collected e;
  CHECK(boardgames::numbers_from_file(list, e.diagnostics) == std::vector<std::size_t>{1, 0, 2});
  list.players[2].number = 7;
  CHECK(boardgames::numbers_from_file(list, e.diagnostics).empty());
  CHECK(e.messages().back() == "6:7: error: 'Eve' has number 7, but the 3 players draw 1 to 3");
}

TEST_CASE("numbered players: a count outside 0..kMaxNumbered gives no list, not a huge one") {
  CHECK(PlayerList::numbered(3).size() == 3);
  CHECK(PlayerList::numbered(-1).size() == 0);
  CHECK(PlayerList::numbered(2'147'483'647).size() == 0);
}

TEST_CASE("players csv: written back with the number column, every other column passed through") {
  test::Collected c;
  auto list = read("name,rating,club,fide_id\nAnn,1800,\"North, East\",100\nBob,,South,\n", c);
  REQUIRE(list.size() == 2);
  list.players[0].number = 2;
  list.players[1].number = 1;
  std::string out;
  boardgames::write_players_csv(list, out);
  CHECK(out ==
        "id,name,number,rating,club,fide_id\n1,Ann,2,1800,\"North, East\",100\n2,Bob,1,,South,\n");
  auto again = read(out, c);
  CHECK(c.all.empty());
  REQUIRE(again.size() == 2);
  CHECK(again.players[0].number == 2);
  CHECK(again.players[0].club == "North, East");
  CHECK(again.players[1].id == "2");
  CHECK(again.extra_columns == std::vector<std::string>{"fide_id"});
}
