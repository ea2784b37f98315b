#include <doctest/doctest.h>

#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/draw.h"
#include "boardgames/tournament/schedule.h"
#include "test_support.h"

using namespace boardgames;

namespace {

RoundRobinEvent team_event(int teams, int boards, int games_per_round = 1) {
  RoundRobinEvent event;
  event.teams = true;
  event.boards = boards;
  event.games_per_round = games_per_round;
  for (int t = 1; t <= teams; ++t) {
    Entrant team{"T" + std::to_string(t), "Team " + std::to_string(t), {}};
    for (int b = 1; b <= boards; ++b) {
      std::string id = "t" + std::to_string(t) + "b" + std::to_string(b);
      team.members.push_back({id, id, {}});
    }
    event.entrants.push_back(team);
  }
  return event;
}

}  // namespace

TEST_CASE("team schedule: the team written first moves first on odd boards") {
  RoundRobinEvent event = team_event(4, 4);
  RoundRobin table(4, {});
  std::vector<ScheduledGame> rows;
  schedule_round(event, table, 1, rows);  // Berger round 1: 1-4, 2-3
  REQUIRE(rows.size() == 8);
  CHECK(rows[0].first->label == "t1b1");
  CHECK(rows[0].second->label == "t4b1");
  CHECK(rows[1].first->label == "t4b2");  // board 2: the second team's player moves first
  CHECK(rows[1].second->label == "t1b2");
  CHECK(rows[1].first_team->label == "T4");
  CHECK(rows[2].first->label == "t1b3");
  CHECK(rows[3].first->label == "t4b4");
  CHECK(rows[4].match == 2);
  CHECK(rows[4].first->label == "t2b1");
  CHECK(rows[4].board == 1);
}

TEST_CASE("team schedule: a bye round gives every board player of the team a bye row") {
  RoundRobinEvent event = team_event(3, 2);
  RoundRobin table(3, {});
  std::vector<ScheduledGame> rows;
  schedule_round(event, table, 1, rows);  // 1-4 (bye for team 1), 2-3
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].first->label == "t2b1");
  CHECK(rows[2].second == nullptr);
  CHECK(rows[2].first->label == "t1b1");
  CHECK(rows[3].first->label == "t1b2");
  CHECK(rows[3].board == 0);
}

TEST_CASE("two games per round: game 2 reverses the colours of game 1") {
  RoundRobinEvent event;
  event.games_per_round = 2;
  for (int i = 1; i <= 4; ++i)
    event.entrants.push_back({std::to_string(i), "P" + std::to_string(i), {}});
  RoundRobin table(4, {});
  std::vector<ScheduledGame> rows;
  schedule_round(event, table, 2, rows);  // 4-3, 1-2
  REQUIRE(rows.size() == 4);
  CHECK((rows[0].first->label == "4" && rows[0].second->label == "3" && rows[0].game == 1));
  CHECK((rows[1].first->label == "3" && rows[1].second->label == "4" && rows[1].game == 2));
  CHECK((rows[0].board == 1 && rows[1].board == 1 && rows[2].board == 2));
}

TEST_CASE("group teams: from the team column, by first appearance, size checks") {
  test::Collected c;
  ByteSource source = ByteSource::from_string(
      "name,team,rating\nA1,Red,2000\nB1,Blue,1900\nA2,Red,1800\nB2,Blue,\nC1,Green,1500\n",
      "p.csv");
  PlayerList players = read_players_csv(source, c.diagnostics);
  TeamGrouping grouping = group_teams(players, nullptr, 2, c.diagnostics);
  REQUIRE(grouping.teams.size() == 3);
  CHECK(grouping.teams.players[0].name == "Red");
  CHECK(grouping.teams.players[0].rating == 1900);  // mean of 2000 and 1800
  CHECK(grouping.teams.players[1].rating == 1900);  // the unrated board does not count
  CHECK(grouping.members[0] == std::vector<std::size_t>{0, 2});
  CHECK(c.messages() ==
        std::vector<std::string>{"6:0: error: team 'Green' has 1 player for 2 boards"});
}

TEST_CASE("group teams: a mean rating below 0 is rounded half up, as one above") {
  test::Collected c;
  ByteSource source = ByteSource::from_string(
      "name,team,rating\nA1,Red,-100\nA2,Red,-101\nA3,Red,-101\nB1,Blue,-3\nB2,Blue,0\n"
      "B3,Blue,\n",
      "p.csv");
  PlayerList players = read_players_csv(source, c.diagnostics);
  TeamGrouping grouping = group_teams(players, nullptr, 3, c.diagnostics);
  REQUIRE(grouping.teams.size() == 2);
  CHECK(grouping.teams.players[0].rating == -101);  // -302 / 3 = -100.67
  CHECK(grouping.teams.players[1].rating == -1);    // -3 / 2 = -1.5, half up
}

TEST_CASE("group teams: a teams file sets the order, unknown teams are reported") {
  test::Collected c;
  ByteSource teams_source = ByteSource::from_string("id,name\nB,Blue\nR,Red\n", "t.csv");
  PlayerList teams = read_players_csv(teams_source, c.diagnostics);
  ByteSource source = ByteSource::from_string("name,team\nA1,Red\nB1,B\nX1,Grey\n", "p.csv");
  PlayerList players = read_players_csv(source, c.diagnostics);
  TeamGrouping grouping = group_teams(players, &teams, 0, c.diagnostics);
  CHECK(grouping.boards == 1);
  CHECK(grouping.members[0] == std::vector<std::size_t>{1});
  CHECK(grouping.members[1] == std::vector<std::size_t>{0});
  CHECK(c.messages() == std::vector<std::string>{
                            "4:4: error: team 'Grey' of player 'X1' is not in the teams file"});
}

TEST_CASE(
    "round-robin draw: by rating, numbered list, teams with their boards, usage and input "
    "problems") {
  test::Collected c;
  ByteSource source =
      ByteSource::from_string("name,rating\nAnn,1500\nBob,2100\nCid,1800\n", "p.csv");
  PlayerList players = read_players_csv(source, c.diagnostics);
  RoundRobinDrawOptions options;
  options.method = DrawMethod::rating;
  auto draw = draw_round_robin(players, nullptr, options, c.diagnostics);
  REQUIRE(draw);
  REQUIRE(draw->entrants.size() == 3);
  CHECK(draw->entrants[0].name == "Bob");  // highest rating draws number 1
  CHECK(draw->numbered.players[1].number == 1);
  CHECK(draw->numbered.players[0].number == 3);
  CHECK(c.messages().empty());

  // A number column gives the draw: asking for lots as well is a usage problem.
  ByteSource numbered = ByteSource::from_string("name,number\nAnn,2\nBob,1\n", "n.csv");
  PlayerList with_numbers = read_players_csv(numbered, c.diagnostics);
  options.method = DrawMethod::lots;
  auto refused = draw_round_robin(with_numbers, nullptr, options, c.diagnostics);
  REQUIRE_FALSE(refused);
  CHECK(refused.problem().reason ==
        "n.csv has a number column, which gives the draw: leave out --draw-lots");
  options.method = DrawMethod::row_order;
  auto kept = draw_round_robin(with_numbers, nullptr, options, c.diagnostics);
  REQUIRE(kept);
  CHECK(kept->entrants[0].name == "Bob");

  // Teams: each entrant carries its board players.
  ByteSource team_source =
      ByteSource::from_string("name,team\nA1,Red\nB1,Blue\nA2,Red\nB2,Blue\n", "t.csv");
  PlayerList team_players = read_players_csv(team_source, c.diagnostics);
  options.teams = true;
  auto teams = draw_round_robin(team_players, nullptr, options, c.diagnostics);
  REQUIRE(teams);
  CHECK(teams->teams);
  CHECK(teams->boards == 2);
  REQUIRE(teams->entrants.size() == 2);
  CHECK(teams->entrants[0].members.size() == 2);

  // One player: reported, and the draw is not to be used.
  test::Collected one;
  ByteSource lone = ByteSource::from_string("name\nAnn\n", "one.csv");
  PlayerList single = read_players_csv(lone, one.diagnostics);
  auto nothing = draw_round_robin(single, nullptr, RoundRobinDrawOptions{}, one.diagnostics);
  REQUIRE(nothing);
  CHECK(one.messages() ==
        std::vector<std::string>{"1:1: error: a round robin needs at least 2 players; found 1"});
}
