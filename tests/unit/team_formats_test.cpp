#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "boardgames/tournament/round_robin.h"
#include "boardgames/tournament/schedule.h"
#include "boardgames/tournament/team_formats.h"

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
