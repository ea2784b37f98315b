#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "boardgames/io/byte_source.h"
#include "boardgames/io/group_stage.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/groups.h"
#include "test_support.h"

namespace groups = boardgames::groups;

TEST_CASE("groups: the serpentine deal") {
  // 8 into 2: A 1, 4, 5, 8; B 2, 3, 6, 7 (ranks 1-based).
  CHECK(groups::serpentine_deal(8, 2) == std::vector<int>{0, 1, 1, 0, 0, 1, 1, 0});
  // 12 into 3: A 1, 6, 7, 12; B 2, 5, 8, 11; C 3, 4, 9, 10.
  CHECK(groups::serpentine_deal(12, 3) == std::vector<int>{0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0});
  // A partial last pot: 7 into 3 gives the seventh to A.
  CHECK(groups::serpentine_deal(7, 3) == std::vector<int>{0, 1, 2, 2, 1, 0, 0});
  CHECK(groups::group_name(0) == "A");
  CHECK(groups::group_name(25) == "Z");
}

TEST_CASE("groups: players of one team kept apart where the deal allows") {
  // Ranks 1 and 4 are of team X: the serpentine puts both into A; apart, rank 4 swaps with
  // rank 3 (the other place of the second pot).
  const std::vector<std::string> teams{"X", "", "", "X", "", "", "", ""};
  CHECK(groups::serpentine_deal(8, 2)[3] == groups::serpentine_deal(8, 2)[0]);
  const auto dealt = groups::deal_apart(teams, 2);
  CHECK(dealt == std::vector<int>{0, 1, 0, 1, 0, 1, 1, 0});
  // No team: the serpentine deal itself.
  CHECK(groups::deal_apart(std::vector<std::string>(12, ""), 3) == groups::serpentine_deal(12, 3));
  // Three players of one team into two groups: one clash stays, and the sizes stay 4 and 4.
  const std::vector<std::string> three{"X", "X", "X", "", "", "", "", ""};
  const auto forced = groups::deal_apart(three, 2);
  CHECK(std::count(forced.begin(), forced.end(), 0) == 4);
  CHECK(forced[0] != forced[1]);
  // Every pot keeps the serpentine's groups, so sizes never change; teams of two are apart.
  const std::vector<std::string> pairs{"P", "Q", "Q", "P", "R", "S", "S", "R", "T", "T", "", ""};
  const auto spread = groups::deal_apart(pairs, 3);
  for (int g = 0; g < 3; ++g) CHECK(std::count(spread.begin(), spread.end(), g) == 4);
  for (std::size_t a = 0; a < pairs.size(); ++a) {
    for (std::size_t b = a + 1; b < pairs.size(); ++b) {
      if (!pairs[a].empty() && pairs[a] == pairs[b]) CHECK(spread[a] != spread[b]);
    }
  }
}

TEST_CASE("groups: knock-out finals never pair a group winner with its own group in round 1") {
  // 4 groups, top 2 each: winners 0..3 (A..D), runners-up 4..7.
  std::vector<groups::Finalist> finalists;
  for (int place = 1; place <= 2; ++place) {
    for (int g = 0; g < 4; ++g) finalists.push_back({static_cast<int>(finalists.size()), g, place});
  }
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    const auto bracket = groups::finals_bracket(finalists, seed);
    REQUIRE(bracket.has_value());
    CHECK(bracket->seeds == 4);
    std::set<int> seen(bracket->slots.begin(), bracket->slots.end());
    CHECK(seen.size() == 8);
    for (std::size_t m = 0; m < 4; ++m) {
      const int a = bracket->slots[2 * m];
      const int b = bracket->slots[2 * m + 1];
      CHECK(finalists[static_cast<std::size_t>(a)].group !=
            finalists[static_cast<std::size_t>(b)].group);
      // One winner and one runner-up in each match.
      CHECK((a < 4) != (b < 4));
    }
  }
  // 2 groups: A1 v B2, B1 v A2.
  std::vector<groups::Finalist> two{{0, 0, 1}, {1, 1, 1}, {2, 0, 2}, {3, 1, 2}};
  for (std::uint64_t seed = 0; seed < 8; ++seed) {
    const auto bracket = groups::finals_bracket(two, seed);
    REQUIRE(bracket.has_value());
    CHECK(bracket->slots == std::vector<int>{0, 3, 1, 2});
  }
}

TEST_CASE("groups: finals from the groups' results") {
  using namespace boardgames;
  test::Collected collected;
  ByteSource players_source =
      ByteSource::from_string("name\nA1\nB1\nB2\nA2\nA3\nB3\n", "players.csv");
  const PlayerList players = read_players_csv(players_source, collected.diagnostics);
  const auto dealt = groups::deal_players(players, 2, DrawMethod::row_order, "");
  REQUIRE(dealt.size() == 2);
  CHECK(dealt[0].players[1].name == "A2");
  CHECK(dealt[0].players[1].group == "A");
  // Group A: A3 wins everything, A1 second; group B: B2 first, B1 second.
  ByteSource results = ByteSource::from_string(
      "round,board,white,black,result,group\n"
      "1,1,A1,A3,0-1,A\n1,2,B1,B3,1-0,B\n"
      "2,1,A3,A2,1-0,A\n2,2,B3,B2,0-1,B\n"
      "3,1,A1,A2,1-0,A\n3,2,B1,B2,0-1,B\n",
      "groups.csv");
  const auto events = read_group_results(results, dealt, Game::shatar, collected.diagnostics);
  CHECK(collected.messages().empty());
  REQUIRE(events.size() == 2);
  const auto finals = groups::finals_from_groups(dealt, events, 2, 1);
  std::vector<std::string> names;
  for (const Player& p : finals.players.players) names.push_back(p.name);
  CHECK(names == std::vector<std::string>{"A3", "B2", "A1", "B1"});
  CHECK(finals.lots.empty());
  CHECK(finals.finalists[0].group == 0);
  CHECK(finals.finalists[3].place == 2);
}

TEST_CASE("groups: group results naming two groups or unfinished are reported") {
  using namespace boardgames;
  test::Collected collected;
  ByteSource players_source = ByteSource::from_string("name\nA1\nB1\nB2\nA2\n", "players.csv");
  const PlayerList players = read_players_csv(players_source, collected.diagnostics);
  const auto dealt = groups::deal_players(players, 2, DrawMethod::row_order, "");
  ByteSource results = ByteSource::from_string(
      "round,board,white,black,result\n1,1,A1,B1,1-0\n1,2,B1,B2,\n1,3,A1,Zed,1-0\n", "g.csv");
  const auto events = read_group_results(results, dealt, Game::shatar, collected.diagnostics);
  const auto messages = collected.messages();
  REQUIRE(messages.size() == 3);
  CHECK(messages[0].find("different groups") != std::string::npos);
  CHECK(messages[1].find("'Zed' is in no group") != std::string::npos);
  CHECK(messages[2].find("group B has 1 game without a result") != std::string::npos);
}

TEST_CASE("group stage: one round robin a group, each row's problem said once") {
  using namespace boardgames;
  test::Collected collected;
  ByteSource players_source = ByteSource::from_string(
      "id,name,rating\nA1,Ann,2000\nA2,Bo,1900\nB1,Cy,1800\n"
      "B2,Di,1700\nB3,Ed,1600\n",
      "players.csv");
  const PlayerList players = read_players_csv(players_source, collected.diagnostics);
  // Group B is odd: a bye row a round (worth nothing in a round robin). A malformed row.
  const std::vector<ResultsText> inputs{
      {"g.csv",
       "round,board,white,black,result,group\n"
       "1,1,A1,A2,1-0,A\n1,1,B1,B2,0-1,B\n1,,B3,,bye,B\n"
       "2,1,B3,B1,1-0,B\n2,,B2,,bye,B\n3,1,B2,B3,1/2-1/2,B\n3,,B1,,bye,B\n"
       "3,2,A1,A2,1-O,A\n"}};
  const GroupsNamed named = groups_named(inputs, Game::shatar);
  CHECK(named.groups == std::vector<std::string>{"A", "B"});
  REQUIRE(named.players.size() == 2);
  CHECK(named.players[1] == std::vector<std::string>{"B1", "B2", "B3"});
  EventOptions options;
  const auto events = build_group_stage(inputs, named, players, options, "", collected.diagnostics);
  REQUIRE(events.size() == 2);
  const auto messages = collected.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].find("9:") != std::string::npos);
  CHECK(messages[0].find("malformed result") != std::string::npos);
  const Event& b = events[1].event;
  CHECK(events[1].group == "B");
  CHECK(b.round_robin);
  REQUIRE(b.participants.size() == 3);
  // Cy lost to Di and Ed; Di beat Cy and drew Ed; Ed beat Cy and drew Di: byes count nothing.
  CHECK(b.participants[0].name == "Cy");
  CHECK(b.participants[0].score == Points());
  CHECK(b.participants[1].score == Points::from_halves(3));
  CHECK(b.participants[2].score == Points::from_halves(3));
  CHECK(events[0].event.participants.size() == 2);  // A's players only, not B's
  // One group only: the others are not built.
  const auto only_b =
      build_group_stage(inputs, named, players, options, "B", collected.diagnostics);
  REQUIRE(only_b.size() == 1);
  CHECK(only_b[0].group == "B");
}
