#include <doctest/doctest.h>

#include <array>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "boardgames/io/byte_source.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/challenge.h"
#include "boardgames/tournament/round_robin.h"
#include "boardgames/tournament/schedule.h"
#include "boardgames/tournament/team_formats.h"
#include "boardgames/tournament/team_total.h"
#include "test_support.h"

namespace teams = boardgames::teams;

TEST_CASE("teams: Scheveningen, every player once against every opponent, colours within one") {
  for (int k = 1; k <= 8; ++k) {
    const auto games = teams::scheveningen(k);
    REQUIRE(games.size() == static_cast<std::size_t>(k * k));
    std::set<std::pair<int, int>> met;
    std::vector<int> a_balance(static_cast<std::size_t>(k), 0);
    std::vector<int> b_balance(static_cast<std::size_t>(k), 0);
    for (int round = 1; round <= k; ++round) {
      std::set<int> a_seen;
      std::set<int> b_seen;
      for (const auto& g : games) {
        if (g.round != round) continue;
        a_seen.insert(g.a);
        b_seen.insert(g.b);
      }
      CHECK(a_seen.size() == static_cast<std::size_t>(k));
      CHECK(b_seen.size() == static_cast<std::size_t>(k));
    }
    for (const auto& g : games) {
      met.insert({g.a, g.b});
      a_balance[static_cast<std::size_t>(g.a)] += g.a_first ? 1 : -1;
      b_balance[static_cast<std::size_t>(g.b)] += g.a_first ? -1 : 1;
    }
    CHECK(met.size() == static_cast<std::size_t>(k * k));
    for (int p = 0; p < k; ++p) {
      CHECK(std::abs(a_balance[static_cast<std::size_t>(p)]) <= 1);
      CHECK(std::abs(b_balance[static_cast<std::size_t>(p)]) <= 1);
    }
    CHECK(games.front().a_first);
  }
  CHECK(teams::scheveningen(0).empty());
}

TEST_CASE("teams: 4 boards and 2 substitutes give the book's 15 line-ups") {
  const auto all = teams::lineups(4, 6);
  REQUIRE(all.size() == 15);
  CHECK(all.front() == std::vector<int>{0, 1, 2, 3});
  CHECK(all.back() == std::vector<int>{2, 3, 4, 5});
  CHECK(teams::lineups(4, 4).size() == 1);
  CHECK(teams::lineups(5, 4).empty());
  const std::vector<std::string> registered{"P1", "P2", "P3", "P4", "S1", "S2"};
  for (const auto& positions : all) {
    std::vector<std::string> lineup;
    for (int p : positions) lineup.push_back(registered[static_cast<std::size_t>(p)]);
    CHECK(!teams::check_lineup(registered, lineup, 4));
  }
}

TEST_CASE("teams: a line-up against the registered order") {
  const std::vector<std::string> registered{"P1", "P2", "P3", "P4", "S1", "S2"};
  const auto order = teams::check_lineup(registered, {"P2", "P1", "P3", "P4"}, 4);
  REQUIRE(order);
  CHECK(order->token == "P1");
  CHECK(order->reason.find("'P1' on board 2 is registered above 'P2' on board 1") !=
        std::string::npos);
  const auto stranger = teams::check_lineup(registered, {"P1", "P2", "P3", "X"}, 4);
  REQUIRE(stranger);
  CHECK(stranger->token == "X");
  const auto twice = teams::check_lineup(registered, {"P1", "P1", "P2", "P3"}, 4);
  REQUIRE(twice);
  CHECK(twice->reason.find("plays two boards") != std::string::npos);
  CHECK(teams::check_lineup(registered, {"P1", "P2", "P3"}, 4));
  CHECK(!teams::check_lineup(registered, {"P1", "P3", "S1", "S2"}, 4));
}

TEST_CASE("teams: a Scheveningen event of T teams, every player once against each opponent") {
  using namespace boardgames;
  for (int t = 2; t <= 5; ++t) {
    for (int k = 1; k <= 5; ++k) {
      RoundRobinEvent event;
      event.teams = true;
      event.scheveningen = true;
      event.boards = k;
      for (int team = 0; team < t; ++team) {
        Entrant entrant{std::to_string(team), "team " + std::to_string(team), {}};
        for (int p = 0; p < k; ++p) {
          const std::string id = std::to_string(team) + "." + std::to_string(p);
          entrant.members.push_back({id, id, {}});
        }
        event.entrants.push_back(entrant);
      }
      const RoundRobin table(t, event.options);
      REQUIRE(event.rounds_per_table_round() == k);
      std::map<std::pair<std::string, std::string>, int> met;
      std::vector<ScheduledGame> rows;
      for (int round = 1; round <= table.rounds() * k; ++round) {
        schedule_round(event, table, round, rows);
        std::set<std::string> seen;
        for (const ScheduledGame& g : rows) {
          CHECK(seen.insert(g.first->label).second);  // nobody twice in a round
          if (g.second == nullptr) continue;
          CHECK(seen.insert(g.second->label).second);
          CHECK(g.first_team != g.second_team);
          ++met[std::minmax(g.first->label, g.second->label)];
        }
      }
      // Every pair of players of different teams met exactly once.
      CHECK(met.size() == static_cast<std::size_t>(t * (t - 1) / 2 * k * k));
      for (const auto& [pair, count] : met) CHECK(count == 1);
    }
  }
}

TEST_CASE("team totals: points or rank points, ties by the better ranks, then shared") {
  using namespace boardgames;
  test::Collected collected;
  ByteSource source = ByteSource::from_string(
      "id,name,team\n1,A,X\n2,B,Y\n3,C,X\n4,D,Y\n5,E,Z\n6,F,Z\n7,G,\n", "players.csv");
  const PlayerList players = read_players_csv(source, collected.diagnostics);
  Event event;
  Standings standings;
  // Ranks 1..7 in file order but C and D share rank 3 (3-4); scores 6, 5, 4, 4, 3, 2, 1.
  const int scores[] = {6, 5, 4, 4, 3, 2, 1};
  const int ranks[] = {1, 2, 3, 3, 5, 6, 7};
  for (int i = 0; i < 7; ++i) {
    Participant p;
    p.id = std::to_string(i + 1);
    p.name = std::string(1, static_cast<char>('A' + i));
    p.score = Points::whole(scores[i]);
    event.participants.push_back(p);
    standings.rows.push_back({i, ranks[i], ranks[i] == 3 ? 4 : ranks[i], {}});
  }
  // Points: X = 6 + 4 = 10, Y = 5 + 4 = 9, Z = 3 + 2 = 5; G has no team (a warning).
  auto rows = team_totals(event, standings, players, TeamTotal::points, collected.diagnostics);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].team == "X");
  CHECK(rows[0].total == Points::whole(10));
  CHECK(rows[2].team == "Z");
  CHECK(collected.messages().size() == 1);
  // Rank points, N = 7: X = 7 + 5 = 12, Y = 6 + 5 = 11 (D's shared 3-4 counts as 3).
  rows = team_totals(event, standings, players, TeamTotal::ranks, collected.diagnostics);
  CHECK(rows[0].total == Points::whole(12));
  CHECK(rows[1].total == Points::whole(11));
  CHECK(rows[1].member_ranks == std::vector<int>{2, 3});
  // Equal totals: the better best rank first; equal in every rank: a shared place.
  standings.rows[1].rank_first = standings.rows[1].rank_last = 1;  // B shares rank 1 with A
  event.participants[1].score = Points::whole(6);                  // Y = 6 + 4 = X
  rows = team_totals(event, standings, players, TeamTotal::points, collected.diagnostics);
  CHECK(rows[0].rank_first == 1);
  CHECK(rows[0].rank_last == 2);
  CHECK(rows[1].rank_first == 1);
}

TEST_CASE("challenge match: the loser leaves, a draw sends both out or is replayed") {
  namespace ch = boardgames::challenge;
  using O = ch::Outcome;
  // A1 beats B1, loses to B2; A2 and B2 draw (both out); A3 - B3 next, B's player first.
  auto s = ch::play(3, 3, {O::a_wins, O::b_wins, O::draw}, ch::DrawRule::both_leave);
  REQUIRE(s.bouts.size() == 4);
  CHECK(s.bouts[1].players == std::array<int, 2>{0, 1});
  CHECK_FALSE(s.bouts[1].a_first);  // B2 has just come in
  CHECK(s.bouts[2].players == std::array<int, 2>{1, 1});
  CHECK(s.bouts[2].a_first);  // A2 has just come in
  CHECK(s.bouts[3].players == std::array<int, 2>{2, 2});
  CHECK_FALSE(s.bouts[3].a_first);  // both new in bout 4: B's player
  CHECK_FALSE(s.over);
  s = ch::play(3, 3, {O::a_wins, O::b_wins, O::draw, O::b_wins}, ch::DrawRule::both_leave);
  CHECK(s.over);
  CHECK(s.winner == 1);
  CHECK(s.left == std::array<int, 2>{0, 1});
  // Both last players out by a draw: a drawn match.
  s = ch::play(1, 1, {O::draw}, ch::DrawRule::both_leave);
  CHECK(s.over);
  CHECK(!s.winner);
  // Replay: the same two again, the first mover swapped; outcomes after the end are counted.
  s = ch::play(1, 2, {O::draw, O::a_wins, O::a_wins, O::b_wins}, ch::DrawRule::replay);
  CHECK(s.bouts[1].players == std::array<int, 2>{0, 0});
  CHECK_FALSE(s.bouts[1].a_first);
  CHECK(s.over);
  CHECK(s.winner == 0);
  CHECK(s.extra_outcomes == 1);
}
