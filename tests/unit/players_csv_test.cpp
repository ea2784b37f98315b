#include <doctest/doctest.h>

#include "boardgames/io/players_csv.h"
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

TEST_CASE("players csv: errors carry line and column; the other rows are kept") {
  test::Collected c;
  auto list = read("id,name,rating\n1,Ann,1500\n2,,1400\n1,Bob,\n3,Cy,15x0\n4,Dan,1300\n", c);
  CHECK(c.messages() == std::vector<std::string>{
                            "3:3: error: empty player name",
                            "4:1: error: duplicate id '1' (first used on line 2)",
                            "5:6: error: rating '15x0' is not a whole number from 0 to 100000 "
                            "(leave it empty for an unrated player)"});
  REQUIRE(list.size() == 2);
  CHECK(list.players[0].name == "Ann");
  CHECK(list.players[1].name == "Dan");
}

TEST_CASE("players csv: a file without a name column is rejected once") {
  test::Collected c;
  auto list = read("id,rating\n1,1500\n", c);
  CHECK(list.size() == 0);
  CHECK(c.messages() == std::vector<std::string>{
                            "1:1: error: the players file needs a 'name' column; its header has: "
                            "id,rating"});
}

TEST_CASE("players: lookup by id, then by exact name; shared names are ambiguous") {
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
