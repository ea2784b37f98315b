#include <doctest/doctest.h>

#include <fmt/format.h>

#include <map>
#include <set>
#include <sstream>

#include "boardgames/core/strings.h"
#include "boardgames/tournament/round_robin.h"
#include "test_support.h"

using boardgames::Pairing;
using boardgames::RoundRobin;
using boardgames::RoundRobinOptions;

namespace {

// table size -> rounds -> pairs, from the published FIDE tables.
using Published = std::map<int, std::vector<std::vector<Pairing>>>;

Published read_published() {
  Published tables;
  std::istringstream in(test::read_file(test::data_dir() / "berger-fide.txt"));
  std::string line;
  int current = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.starts_with("table ")) {
      current = static_cast<int>(*boardgames::parse_integer(line.substr(6)));
      continue;
    }
    auto colon = line.find(':');
    std::vector<Pairing> round;
    std::istringstream pairs(line.substr(colon + 1));
    std::string pair;
    while (pairs >> pair) {
      auto dash = pair.find('-');
      round.push_back({static_cast<int>(*boardgames::parse_integer(pair.substr(0, dash))),
                       static_cast<int>(*boardgames::parse_integer(pair.substr(dash + 1)))});
    }
    tables[current].push_back(round);
  }
  return tables;
}

std::string show(const std::vector<Pairing>& pairs) {
  std::string out;
  for (const auto& p : pairs) out += fmt::format("{}-{} ", p.first, p.second);
  return out;
}

}  // namespace

TEST_CASE("berger: every round of FIDE's published tables for 3..16 players") {
  const Published published = read_published();
  REQUIRE(published.size() == 7);  // tables for 4, 6, ..., 16
  for (int players = 3; players <= 16; ++players) {
    const int table_size = players % 2 == 0 ? players : players + 1;
    CAPTURE(players);
    const auto& expected = published.at(table_size);
    RoundRobin schedule(players, {});
    REQUIRE(schedule.rounds() == table_size - 1);
    REQUIRE(expected.size() == static_cast<std::size_t>(table_size - 1));
    for (int round = 1; round <= schedule.rounds(); ++round) {
      CAPTURE(round);
      // The raw table, board for board.
      std::vector<Pairing> table;
      for (int board = 1; board <= table_size / 2; ++board) {
        table.push_back(boardgames::berger_pairing(table_size, round, board));
      }
      CHECK(show(table) == show(expected[static_cast<std::size_t>(round - 1)]));
      // The schedule: the same games in the same order; with an odd number of players the
      // game against the highest number becomes a bye, listed last.
      std::vector<Pairing> want;
      Pairing bye{};
      for (const Pairing& p : expected[static_cast<std::size_t>(round - 1)]) {
        if (players % 2 == 1 && (p.first == table_size || p.second == table_size)) {
          bye = {p.first == table_size ? p.second : p.first, 0};
        } else {
          want.push_back(p);
        }
      }
      if (players % 2 == 1) want.push_back(bye);
      CHECK(show(schedule.pairings(round)) == show(want));
    }
  }
}

TEST_CASE("berger: the rule extends to any size — everyone meets everyone once, colours balanced") {
  for (int players : {2, 3, 17, 18, 25, 40, 101, 250}) {
    CAPTURE(players);
    RoundRobin schedule(players, {});
    std::set<std::pair<int, int>> met;
    std::vector<int> whites(static_cast<std::size_t>(players + 1));
    std::vector<int> byes(static_cast<std::size_t>(players + 1));
    for (int round = 1; round <= schedule.rounds(); ++round) {
      std::set<int> busy;
      for (const Pairing& p : schedule.pairings(round)) {
        REQUIRE(busy.insert(p.first).second);
        if (p.second == 0) {
          ++byes[static_cast<std::size_t>(p.first)];
          continue;
        }
        REQUIRE(busy.insert(p.second).second);
        REQUIRE(p.first >= 1);
        REQUIRE(p.second <= players);
        auto key = std::minmax(p.first, p.second);
        REQUIRE(met.insert(key).second);
        ++whites[static_cast<std::size_t>(p.first)];
      }
      REQUIRE(static_cast<int>(busy.size()) == players);
    }
    CHECK(met.size() == static_cast<std::size_t>(players * (players - 1) / 2));
    for (int p = 1; p <= players; ++p) {
      const int games = players - 1;
      // Each player has White in half of the games, rounded either way.
      CHECK(whites[static_cast<std::size_t>(p)] * 2 >= games - 1);
      CHECK(whites[static_cast<std::size_t>(p)] * 2 <= games + 1);
      if (players % 2 == 1) CHECK(byes[static_cast<std::size_t>(p)] == 1);
    }
  }
}

TEST_CASE("double round robin: second cycle repeats the first with colours reversed") {
  RoundRobin single(6, {});
  RoundRobin twice(6, {true, false});
  REQUIRE(twice.rounds() == 10);
  for (int round = 1; round <= 5; ++round) {
    CHECK(show(twice.pairings(round)) == show(single.pairings(round)));
    std::vector<Pairing> reversed;
    for (auto p : single.pairings(round)) reversed.push_back({p.second, p.first});
    CHECK(show(twice.pairings(round + 5)) == show(reversed));
  }
}

TEST_CASE("double round robin with the last two rounds swapped: no three same colours in a row") {
  for (int players = 4; players <= 20; players += 2) {
    CAPTURE(players);
    RoundRobin plain(players, {true, false});
    RoundRobin swapped(players, {true, true});
    const int per_cycle = players - 1;
    CHECK(show(swapped.pairings(per_cycle - 1)) == show(plain.pairings(per_cycle)));
    CHECK(show(swapped.pairings(per_cycle)) == show(plain.pairings(per_cycle - 1)));
    CHECK(show(swapped.pairings(per_cycle + 1)) == show(plain.pairings(per_cycle + 1)));

    auto longest_streak = [&](const RoundRobin& schedule) {
      std::vector<std::string> colours(static_cast<std::size_t>(players + 1));
      for (int round = 1; round <= schedule.rounds(); ++round) {
        for (auto p : schedule.pairings(round)) {
          colours[static_cast<std::size_t>(p.first)] += 'W';
          colours[static_cast<std::size_t>(p.second)] += 'B';
        }
      }
      int longest = 0;
      for (int p = 1; p <= players; ++p) {
        const std::string& c = colours[static_cast<std::size_t>(p)];
        int run = 0;
        for (std::size_t i = 0; i < c.size(); ++i) {
          run = (i > 0 && c[i] == c[i - 1]) ? run + 1 : 1;
          longest = std::max(longest, run);
        }
      }
      return longest;
    };
    // The reason for FIDE's recommendation: without the swap someone gets three in a row.
    CHECK(longest_streak(plain) == 3);
    CHECK(longest_streak(swapped) == 2);
  }
}

TEST_CASE("match games: odd boards home first, even boards away first, game 2 reverses game 1") {
  auto games = boardgames::match_games(4, 1);
  REQUIRE(games.size() == 4);
  CHECK(games[0].home_moves_first);
  CHECK_FALSE(games[1].home_moves_first);
  CHECK(games[2].home_moves_first);
  CHECK_FALSE(games[3].home_moves_first);
  auto twice = boardgames::match_games(2, 2);
  REQUIRE(twice.size() == 4);
  CHECK((twice[0].board == 1 && twice[0].game == 1 && twice[0].home_moves_first));
  CHECK((twice[1].board == 1 && twice[1].game == 2 && !twice[1].home_moves_first));
  CHECK((twice[2].board == 2 && twice[2].game == 1 && !twice[2].home_moves_first));
  CHECK((twice[3].board == 2 && twice[3].game == 2 && twice[3].home_moves_first));
}

TEST_CASE("round robin sizes: at most kMaxParticipants, and the table arithmetic never overflows") {
  CHECK_FALSE(RoundRobin::check(2));
  CHECK_FALSE(RoundRobin::check(RoundRobin::kMaxParticipants));
  CHECK(RoundRobin::check(1)->reason == "a round robin needs at least 2 participants");
  CHECK(RoundRobin::check(2'147'483'647)->reason ==
        "a round robin of 2147483647 participants has 2147483646 rounds or more; at most 2000 "
        "participants can be scheduled");
  // The rotation (round - 1) × N/2 passes 2^31 at N = 65,538: still a valid pairing of the
  // ring (boards 2.. pair numbers summing to N + 1 modulo the ring, here checked directly).
  const int n = 70'000;
  const Pairing p = boardgames::berger_pairing(n, n - 1, 2);
  CHECK(p.first >= 1);
  CHECK(p.first < n);
  CHECK(p.second >= 1);
  CHECK(p.second < n);
  CHECK(p.first != p.second);
  // A size outside the range is brought into it, not trusted.
  CHECK(RoundRobin(0, {}).participants() == 2);
  CHECK(RoundRobin(2'147'483'647, {}).participants() == RoundRobin::kMaxParticipants);
}

TEST_CASE("round robin: the rounds to write — all of them, or one within 1..rounds()") {
  const RoundRobin table(5, RoundRobinOptions{});  // 5 players: 5 rounds, a bye each round
  CHECK(table.round_range(std::nullopt, "--round").value() == std::pair{1, 5});
  CHECK(table.round_range(3, "--round").value() == std::pair{3, 3});
  CHECK(table.round_range(5, "--round").value() == std::pair{5, 5});
  const auto beyond = table.round_range(6, "--round");
  REQUIRE_FALSE(beyond);
  CHECK(beyond.problem().reason == "--round 6 is outside 1..5");
  CHECK_FALSE(table.round_range(0, "--round"));
}
