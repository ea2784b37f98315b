#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <bitset>
#include <set>
#include <tuple>
#include <vector>

#include "boardgames/core/random.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/knockout.h"
#include "test_support.h"

namespace ko = boardgames::knockout;

namespace {

ko::Bracket draw(int entrants, std::vector<int> classes,
                 ko::Placement placement = ko::Placement::serpentine, std::uint64_t seed = 1) {
  auto bracket = ko::draw_bracket(entrants, {std::move(classes), placement, seed});
  REQUIRE(bracket.has_value());
  return *bracket;
}

// The slots (1-based) that hold byes.
std::vector<int> bye_slots(const ko::Bracket& bracket) {
  std::vector<int> slots;
  for (int s = 1; s <= bracket.size; ++s) {
    if (bracket.slots[static_cast<std::size_t>(s - 1)] < 0) slots.push_back(s);
  }
  return slots;
}

int at(const ko::Bracket& bracket, int slot) {
  return bracket.slots[static_cast<std::size_t>(slot - 1)];
}

}  // namespace

TEST_CASE("knockout: bracket size is the smallest power of two, rounds its log") {
  CHECK(ko::bracket_size(2) == 2);
  CHECK(ko::bracket_size(4) == 4);
  CHECK(ko::bracket_size(5) == 8);
  CHECK(ko::bracket_size(12) == 16);
  CHECK(ko::bracket_size(17) == 32);
  CHECK(ko::bracket_size(33) == 64);
  CHECK(ko::bracket_rounds(4) == 2);
  CHECK(ko::bracket_rounds(64) == 6);
}

TEST_CASE(
    "knockout: the book's 16 with 2 first-class and 2 second-class seeds: slots 1, 9 / 8, 16") {
  const auto classes = ko::seed_class_slots(16);
  REQUIRE(classes.size() >= 2);
  CHECK(classes[0] == std::vector<int>{1, 9});
  CHECK(classes[1] == std::vector<int>{16, 8});
  // Serpentine: 1 upper, 2 lower, 3 lower, 4 upper.
  const auto full = draw(16, {2, 2});
  CHECK(at(full, 1) == 0);
  CHECK(at(full, 9) == 1);
  CHECK(at(full, 16) == 2);
  CHECK(at(full, 8) == 3);
  CHECK(bye_slots(full).empty());
  // By lot the first-class seeds share slots 1 and 9, the second-class 8 and 16.
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const auto lot = draw(16, {2, 2}, ko::Placement::lot, seed);
    CHECK(std::set{at(lot, 1), at(lot, 9)} == std::set{0, 1});
    CHECK(std::set{at(lot, 8), at(lot, 16)} == std::set{2, 3});
  }
}

TEST_CASE("knockout: the book's byes — 2 byes to the slot-1 players, 4 to the slot-8 players too") {
  CHECK(bye_slots(draw(14, {2, 2})) == std::vector<int>{2, 10});
  const auto twelve = draw(12, {2, 2});
  CHECK(bye_slots(twelve) == std::vector<int>{2, 7, 10, 15});
  // The byes' opponents are the four seeds.
  CHECK(std::set{at(twelve, 1), at(twelve, 8), at(twelve, 9), at(twelve, 16)} ==
        std::set{0, 1, 2, 3});
  // 3 byes: both first-class seeds and seed 3 (serpentine: slot 16).
  CHECK(bye_slots(draw(13, {2, 2})) == std::vector<int>{2, 10, 15});
}

TEST_CASE("knockout: 5, 9, 17 and 33 entrants") {
  // 5 in 8: 3 byes, to slots 1, 5 and 8.
  CHECK(bye_slots(draw(5, {2, 1})) == std::vector<int>{2, 6, 7});
  // 9 in 16: 7 byes — the four level-1 slots, then 5, 13 and 12.
  CHECK(bye_slots(draw(9, {2, 2, 2, 1})) == std::vector<int>{2, 6, 7, 10, 11, 14, 15});
  // 17 in 32: 15 byes, to the first 15 of the 16 seed slots: seed 16, in slot 4, plays.
  const auto seventeen = draw(17, {2, 2, 2, 2, 4, 4});
  CHECK(bye_slots(seventeen).size() == 15);
  CHECK(ko::seed_class_slots(32)[2] == std::vector<int>{9, 25});
  CHECK(ko::seed_class_slots(32)[3] == std::vector<int>{24, 8});
  CHECK(ko::seed_class_slots(32)[4] == std::vector<int>{5, 21, 13, 29});
  CHECK(ko::seed_class_slots(32)[5] == std::vector<int>{28, 12, 20, 4});
  CHECK(at(seventeen, 4) == 15);
  CHECK(at(seventeen, 3) == 16);
  // 33 in 64: 31 byes, 16 in the lower half and 15 in the upper, whose slot 4 is the 32nd in
  // the order of byes.
  const auto byes = bye_slots(draw(33, {}));
  CHECK(byes.size() == 31);
  CHECK(std::count_if(byes.begin(), byes.end(), [](int s) { return s <= 32; }) == 15);
  CHECK(ko::bye_order(64)[31] == 4);
}

TEST_CASE("knockout: refused draws") {
  CHECK(!ko::draw_bracket(1, {}).has_value());
  CHECK(!ko::draw_bracket(ko::kMaxEntrants + 1, {}).has_value());
  const auto too_many = ko::draw_bracket(16, {{3}, ko::Placement::lot, 0});
  REQUIRE(!too_many.has_value());
  CHECK(too_many.problem().reason ==
        "seed class 1 of a bracket of 16 slots holds at most 2 seeds, not 3");
  CHECK(!ko::draw_bracket(3, {{2, 2}, ko::Placement::lot, 0}).has_value());
  CHECK(!ko::draw_bracket(8, {{2, 2, 1}, ko::Placement::lot, 0}).has_value());
}

TEST_CASE("knockout: every size 2..128 and every seed count — the draw's properties") {
  for (int n = 2; n <= 128; ++n) {
    const int size = ko::bracket_size(n);
    const int byes = size - n;
    for (int seeds = 0; seeds <= std::min(n, ko::max_seeds(size)); ++seeds) {
      for (auto placement : {ko::Placement::lot, ko::Placement::serpentine}) {
        const auto bracket = draw(n, ko::default_seed_classes(seeds, size), placement,
                                  static_cast<unsigned>(n * 131 + seeds));
        INFO(fmt::format("{} entrants, {} seeds", n, seeds));
        REQUIRE(bracket.size == size);
        // Every entrant once, and size − n byes.
        std::vector<int> seen(static_cast<std::size_t>(n), 0);
        int bye_count = 0;
        for (int e : bracket.slots) {
          if (e < 0) {
            ++bye_count;
          } else {
            ++seen[static_cast<std::size_t>(e)];
          }
        }
        CHECK(bye_count == byes);
        CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
        // No bye against a bye; byes go to the seeds first.
        int seeds_with_bye = 0;
        for (int m = 0; m < size / 2; ++m) {
          const int a = bracket.slots[static_cast<std::size_t>(2 * m)];
          const int b = bracket.slots[static_cast<std::size_t>(2 * m + 1)];
          CHECK_FALSE((a < 0 && b < 0));
          const int with_bye = a < 0 ? b : b < 0 ? a : -1;
          if (with_bye >= 0 && with_bye < seeds) ++seeds_with_bye;
        }
        CHECK(seeds_with_bye == std::min(seeds, byes));
        // Balanced at every level: the two halves of every part differ by at most one bye.
        for (int part = size; part >= 2; part /= 2) {
          for (int start = 0; start < size; start += part) {
            int upper = 0;
            int lower = 0;
            for (int s = start; s < start + part; ++s) {
              (s < start + part / 2 ? upper : lower) +=
                  bracket.slots[static_cast<std::size_t>(s)] < 0;
            }
            CHECK(std::abs(upper - lower) <= 1);
          }
        }
        // The two top seeds in different halves: they can meet only in the final.
        if (seeds >= 2) {
          const auto slot_of = [&](int e) {
            return static_cast<int>(std::find(bracket.slots.begin(), bracket.slots.end(), e) -
                                    bracket.slots.begin());
          };
          CHECK((slot_of(0) < size / 2) != (slot_of(1) < size / 2));
          if (seeds >= 4 && placement == ko::Placement::serpentine) {
            CHECK((slot_of(0) < size / 2) == (slot_of(3) < size / 2));
            CHECK((slot_of(1) < size / 2) == (slot_of(2) < size / 2));
          }
        }
      }
    }
  }
}

TEST_CASE("knockout: the same seed gives the same draw, another seed another") {
  const auto a = draw(27, {2, 2}, ko::Placement::lot, 7);
  const auto b = draw(27, {2, 2}, ko::Placement::lot, 7);
  const auto c = draw(27, {2, 2}, ko::Placement::lot, 8);
  CHECK(a.slots == b.slots);
  CHECK(a.slots != c.slots);
}

// Progression through the event's rounds.

namespace {

struct Followed {
  boardgames::Event event;
  ko::Progress progress;
  std::vector<std::string> diagnostics;
};

const std::string kHeader = "round,board,game,white,black,result,white_number,black_number\n";

// One game a match, as most of these cases are written (the default is the books' two).
ko::MatchRules one_game() {
  ko::MatchRules rules;
  rules.games = 1;
  return rules;
}

Followed follow(const std::string& rows, ko::MatchRules rules = one_game()) {
  using namespace boardgames;
  test::Collected collected;
  PlayerList none;
  EventOptions options;
  options.elimination = true;
  options.round_robin = false;
  EventBuilder builder(none, options, collected.diagnostics);
  ByteSource source = ByteSource::from_string(kHeader + rows, "results.csv");
  REQUIRE(add_results(source, builder, collected.diagnostics));
  Followed f;
  f.event = builder.finish();
  f.progress = ko::follow(f.event, rules, collected.diagnostics);
  f.diagnostics = collected.messages();
  return f;
}

std::string name(const Followed& f, int participant) {
  return participant < 0 ? "-" : f.event.participants[static_cast<std::size_t>(participant)].name;
}

// "round.board.game first-second" for each row to write.
std::vector<std::string> rows_to_write(const Followed& f) {
  std::vector<std::string> out;
  for (const auto& row : f.progress.to_write) {
    out.push_back(fmt::format("{}.{}.{} {}-{}", row.round, row.board, row.game, name(f, row.first),
                              name(f, row.second)));
  }
  return out;
}

// "rank[-last] name" for each placing.
std::vector<std::string> placings(const Followed& f) {
  std::vector<std::string> out;
  for (const auto& p : f.progress.placings) {
    out.push_back(p.rank == p.last_rank
                      ? fmt::format("{} {}", p.rank, name(f, p.participant))
                      : fmt::format("{}-{} {}", p.rank, p.last_rank, name(f, p.participant)));
  }
  return out;
}

const std::string kSemis =
    "1,1,1,A,B,1-0,1,2\n"
    "1,2,1,D,C,1-0,4,3\n";

}  // namespace

TEST_CASE("knockout: round 1 decided, the final to write, then the placings, 3–4 shared") {
  auto f = follow(kSemis);
  CHECK(f.diagnostics.empty());
  CHECK(f.progress.round_to_write == 2);
  REQUIRE(f.progress.to_write.size() == 1);
  CHECK(std::set{name(f, f.progress.to_write[0].first), name(f, f.progress.to_write[0].second)} ==
        std::set<std::string>{"A", "D"});
  CHECK_FALSE(f.progress.finished);
  f = follow(kSemis + "2,1,1,D,A,0-1,4,1\n");
  CHECK(f.diagnostics.empty());
  REQUIRE(f.progress.finished);
  CHECK(placings(f) == std::vector<std::string>{"1 A", "2 D", "3-4 B", "3-4 C"});
}

TEST_CASE("knockout: a third-place match beside the final, placings 3 and 4 by it") {
  ko::MatchRules rules = one_game();
  rules.third_place = true;
  auto f = follow(kSemis, rules);
  REQUIRE(f.progress.to_write.size() == 2);
  CHECK(f.progress.to_write[1].board == 2);
  CHECK(std::set{name(f, f.progress.to_write[1].first), name(f, f.progress.to_write[1].second)} ==
        std::set<std::string>{"B", "C"});
  // The final alone does not finish the event.
  f = follow(kSemis + "2,1,1,A,D,1-0,1,4\n", rules);
  CHECK_FALSE(f.progress.finished);
  f = follow(kSemis + "2,1,1,A,D,1-0,1,4\n2,2,1,B,C,0-1,2,3\n", rules);
  CHECK(f.diagnostics.empty());
  CHECK(placings(f) == std::vector<std::string>{"1 A", "2 D", "3 C", "4 B"});
}

TEST_CASE("knockout: a bye goes through, losers of earlier rounds share a band (5-8, 9-…)") {
  // 5 in 8: byes for slots 1, 5 and 8 (their opponents' slots 2, 6 and 7 empty); 3 v 4 play.
  const std::string round1 =
      "1,2,1,C,D,1-0,3,4\n"
      "1,,1,A,,bye,1,\n"
      "1,,1,E,,bye,5,\n"
      "1,,1,H,,bye,8,\n";
  auto f = follow(round1);
  CHECK(f.diagnostics.empty());
  CHECK(f.progress.round_to_write == 2);
  CHECK(f.progress.to_write.size() == 2);  // A v C, E v H
  auto all = round1 + "2,1,1,A,C,1-0,1,3\n2,2,1,E,H,0-1,5,8\n" + "3,1,1,A,H,1-0,1,8\n";
  f = follow(all);
  CHECK(f.diagnostics.empty());
  CHECK(placings(f) == std::vector<std::string>{"1 A", "2 H", "3-4 C", "3-4 E", "5 D"});
}

TEST_CASE("knockout: two games with colours swapped, a drawn match goes to the playoff, then lot") {
  ko::MatchRules rules;  // the default: the books' two games, colours swapped
  rules.playoff = 2;
  // The draw's first round: game 2 swaps game 1's colours.
  ko::Bracket bracket{4, {0, 1, 2, 3}, 0};
  const auto rows = ko::first_round(bracket, rules);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].first == rows[1].second);
  CHECK(rows[0].second == rows[1].first);
  // 1-1 after two games: the two playoff games (3 and 4) are the rows to write.
  const std::string drawn =
      "1,1,1,A,B,1-0,1,2\n1,1,2,B,A,1-0,2,1\n1,2,1,C,D,1-0,3,4\n1,2,2,D,C,½-½,4,3\n";
  auto f = follow(drawn, rules);
  CHECK(f.diagnostics.empty());
  CHECK(rows_to_write(f) == std::vector<std::string>{"1.1.3 A-B", "1.1.4 B-A"});
  // A playoff game won and the other drawn: decided.
  f = follow(drawn + "1,1,3,A,B,1-0,1,2\n1,1,4,B,A,½-½,2,1\n", rules);
  CHECK(f.diagnostics.empty());
  CHECK(f.progress.round_to_write == 2);
  // 1-0 after one playoff game is not decided yet with one to come.
  f = follow(drawn + "1,1,3,A,B,1-0,1,2\n1,1,4,B,A,,2,1\n", rules);
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(f.diagnostics[0].find("not decided and 1 of its games has no result") != std::string::npos);
  // The playoff drawn too: the lot, the same for the same seed.
  const std::string level = drawn + "1,1,3,A,B,1-0,1,2\n1,1,4,B,A,1-0,2,1\n";
  f = follow(level, rules);
  CHECK(f.diagnostics.empty());
  CHECK(f.progress.rounds[0][0].by_lot);
  CHECK(f.progress.round_to_write == 2);
  int through = f.progress.rounds[0][0].winner;
  int other_seed_differs = 0;
  for (std::uint64_t seed = 0; seed < 16; ++seed) {
    rules.seed = seed;
    const auto again = follow(level, rules);
    other_seed_differs += again.progress.rounds[0][0].winner != through;
    rules.seed = 0;
    CHECK(follow(level, rules).progress.rounds[0][0].winner == through);
  }
  CHECK(other_seed_differs > 0);
}

TEST_CASE("knockout: best of three stops when decided, too many games refused") {
  ko::MatchRules rules = one_game();
  rules.games = 3;
  const std::string two_nil = "1,1,1,A,B,1-0,1,2\n1,1,2,B,A,0-1,2,1\n1,1,3,A,B,,1,2\n";
  auto f = follow(two_nil, rules);
  CHECK(f.diagnostics.empty());
  CHECK(f.progress.rounds[0][0].winner == 0);
  CHECK(f.progress.finished);
  // One game each: the third decides, its row is there but has no result.
  f = follow("1,1,1,A,B,1-0,1,2\n1,1,2,B,A,1-0,2,1\n1,1,3,A,B,,1,2\n", rules);
  REQUIRE(f.diagnostics.size() == 1);
  CHECK_FALSE(f.progress.finished);
  rules.games = 1;
  f = follow("1,1,1,A,B,½-½,1,2\n1,1,2,B,A,1-0,2,1\n", rules);
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(f.diagnostics[0].find("2 games with a result, but the match has 1") != std::string::npos);
}

TEST_CASE("knockout: rows that do not fit the bracket are reported at their line") {
  // Round 2 pairs A with C, but C lost to D.
  auto f = follow(kSemis + "2,1,1,A,C,1-0,1,3\n");
  REQUIRE(!f.diagnostics.empty());
  CHECK(f.diagnostics[0] ==
        "4:0: error: round 2: 'A' plays 'C', but the bracket pairs 'A' with 'D' (board 1)");
  // Numbers that are not slots of the bracket.
  f = follow("1,1,1,A,B,1-0,1,7\n");
  REQUIRE(!f.diagnostics.empty());
  CHECK(f.diagnostics[0].find("'B' has number 7, which is not a slot of the bracket of 2") !=
        std::string::npos);
  // Round 2 rows while round 1 waits for a result.
  f = follow("1,1,1,A,B,,1,2\n1,2,1,C,D,1-0,3,4\n2,1,1,A,C,1-0,1,3\n");
  CHECK(!f.diagnostics.empty());
  // A double forfeit leaves nobody to go through.
  f = follow("1,1,1,A,B,--,1,2\n");
  REQUIRE(f.diagnostics.size() == 1);
  CHECK(f.diagnostics[0].find("neither 'A' nor 'B' played") != std::string::npos);
}

TEST_CASE("knockout: seeding order by rating, or by the seed column") {
  using namespace boardgames;
  test::Collected collected;
  auto read = [&](const std::string& text) {
    ByteSource source = ByteSource::from_string(text, "players.csv");
    return read_players_csv(source, collected.diagnostics);
  };
  const auto rated = read("name,rating\nA,1500\nB,1700\nC,\nD,1700\n");
  CHECK(*ko::seeding_order(rated, 2) == std::vector<std::size_t>{1, 3, 0, 2});
  CHECK(!ko::seeding_order(rated, 4).has_value());
  const auto ranked = read("name,seed\nA,\nB,2\nC,1\nD,\n");
  CHECK(*ko::seeding_order(ranked, 2) == std::vector<std::size_t>{2, 1, 0, 3});
  const auto bad = read("name,seed\nA,1\nB,1\n");
  REQUIRE(!ko::seeding_order(bad, 1).has_value());
  CHECK(ko::seeding_order(bad, 1).problem().where.line == 3);
}

TEST_CASE("knockout: seeds in the results CSV — read back, checked against the players file") {
  using namespace boardgames;
  // messages of reading `rows` (after the header) against the players file `players`.
  auto check = [](const std::string& players_text, const std::string& rows) {
    test::Collected collected;
    ByteSource players_source = ByteSource::from_string(players_text, "players.csv");
    const PlayerList players = read_players_csv(players_source, collected.diagnostics);
    EventOptions options;
    options.elimination = true;
    options.round_robin = false;
    EventBuilder builder(players, options, collected.diagnostics);
    ByteSource source = ByteSource::from_string(
        "round,board,white,black,result,white_number,black_number,white_seed,black_seed\n" + rows,
        "results.csv");
    REQUIRE(add_results(source, builder, collected.diagnostics));
    const Event event = builder.finish();
    ko::check_seeds(players, event, collected.diagnostics);
    std::vector<int> seeds;
    for (const auto& p : event.participants) seeds.push_back(p.seed);
    return std::pair{seeds, collected.messages()};
  };
  const std::string rated = "id,name,rating\n1,A,2000\n2,B,1900\n3,C,1800\n4,D,1700\n";
  // The two highest ratings seeded 1 and 2, as the draw took them: read back.
  auto [seeds, messages] = check(rated, "1,1,1,4,,1,2,1,\n1,2,3,2,,3,4,,2\n");
  CHECK(seeds == std::vector<int>{1, 2, 0, 0});
  CHECK(messages.empty());
  // No seed column, or the columns empty: no seeds, nothing to check.
  std::tie(seeds, messages) = check(rated, "1,1,1,4,,1,2,,\n1,2,3,2,,3,4,,\n");
  CHECK(seeds == std::vector<int>{0, 0, 0, 0});
  CHECK(messages.empty());
  // Seeds against the ratings: B is not the highest rated (line 3, the black_seed cell).
  std::tie(seeds, messages) = check(rated, "1,1,1,4,,1,2,2,\n1,2,3,2,,3,4,,1\n");
  CHECK(messages == std::vector<std::string>{
                        "2:14: error: 'A' has seed 2, but the players file makes 'B' seed 2 (by "
                        "rating: the file has no seed column)",
                        "3:15: error: 'B' has seed 1, but the players file makes 'A' seed 1 (by "
                        "rating: the file has no seed column)"});
  // Against the players file's seed column.
  const std::string ranked = "id,name,rating,seed\n1,A,2000,2\n2,B,1900,1\n3,C,1800,\n4,D,1700,\n";
  std::tie(seeds, messages) = check(ranked, "1,1,1,4,,1,2,1,\n1,2,3,2,,3,4,,2\n");
  REQUIRE(messages.size() == 2);
  CHECK(messages[0] ==
        "2:14: error: 'A' has seed 1, but the players file makes 'B' seed 1 (its seed column)");
  std::tie(seeds, messages) = check(ranked, "1,1,1,4,,1,2,2,\n1,2,3,2,,3,4,,1\n");
  CHECK(messages.empty());
  // A player given two seeds; two players one seed; a gap.
  std::tie(seeds, messages) =
      check(rated, "1,1,1,4,1-0,1,2,1,\n1,2,3,2,0-1,3,4,,2\n2,1,1,2,,1,4,2,2\n");
  CHECK(messages ==
        std::vector<std::string>{"4:14: error: this row gives 'A' seed 2, line 2 seed 1"});
  std::tie(seeds, messages) = check(rated, "1,1,1,4,,1,2,1,\n1,2,3,2,,3,4,,1\n");
  CHECK(messages == std::vector<std::string>{"3:15: error: 'A' and 'B' both have seed 1"});
  std::tie(seeds, messages) = check(rated, "1,1,1,4,,1,2,1,\n1,2,3,2,,3,4,,3\n");
  CHECK(messages ==
        std::vector<std::string>{"3:15: error: 'B' has seed 3, but no player has seed 2"});
  // Out of range: the reader's error at the cell.
  std::tie(seeds, messages) = check(rated, "1,1,1,4,,1,2,0,\n");
  REQUIRE(!messages.empty());
  CHECK(
      messages[0].starts_with("2:14: error: white_seed '0' is not a whole number from 1 to 1024"));
}

// Double elimination.

namespace {

// A complete event played by lot through the rows the progression asks for: each game won
// by either side at random. Returns the rows and the last progress.
struct Played {
  std::string rows;
  Followed last;
  int runs = 0;
};

Played play_out(int n, ko::MatchRules rules, std::uint64_t seed, int seeds = 0) {
  auto bracket = ko::draw_bracket(
      n, {ko::default_seed_classes(seeds, ko::bracket_size(n)), ko::Placement::lot, seed});
  REQUIRE(bracket.has_value());
  ko::Progress progress = ko::start(*bracket, rules);
  std::vector<int> slot_of(static_cast<std::size_t>(n), 0);
  for (int s = 1; s <= bracket->size; ++s) {
    const int e = bracket->slots[static_cast<std::size_t>(s - 1)];
    if (e >= 0) slot_of[static_cast<std::size_t>(e)] = s;
  }
  boardgames::Random random(seed * 7 + 1);
  Played played;
  // Round 1 names entrants by draw number; later rounds by participant index: map by name.
  auto write = [&](const std::vector<ko::GameRow>& rows, auto&& name_of, auto&& slot) {
    for (const auto& row : rows) {
      if (row.second < 0) {
        played.rows += fmt::format("{},,{},{},,bye,{},\n", row.round, row.game, name_of(row.first),
                                   slot(row.first));
      } else {
        played.rows +=
            fmt::format("{},{},{},{},{},{},{},{}\n", row.round, row.board, row.game,
                        name_of(row.first), name_of(row.second),
                        random.below(2) == 0 ? "1-0" : "0-1", slot(row.first), slot(row.second));
      }
    }
  };
  write(
      progress.to_write, [](int e) { return fmt::format("P{}", e + 1); },
      [&](int e) { return slot_of[static_cast<std::size_t>(e)]; });
  for (played.runs = 1; played.runs < 40; ++played.runs) {
    played.last = follow(played.rows, rules);
    REQUIRE(played.last.diagnostics.empty());
    if (played.last.progress.finished) break;
    REQUIRE(!played.last.progress.to_write.empty());
    const auto& event = played.last.event;
    write(
        played.last.progress.to_write,
        [&](int p) { return event.participants[static_cast<std::size_t>(p)].name; },
        [&](int p) { return event.participants[static_cast<std::size_t>(p)].number; });
  }
  return played;
}

}  // namespace

TEST_CASE("knockout: the drop-in arrangement — reversed, then halves swapped, alternately") {
  const auto eight = ko::drop_in_order(8);
  REQUIRE(eight.size() == 2);
  CHECK(eight[0] == std::vector<int>{1, 0});
  CHECK(eight[1] == std::vector<int>{0});
  const auto sixteen = ko::drop_in_order(16);
  REQUIRE(sixteen.size() == 3);
  CHECK(sixteen[0] == std::vector<int>{3, 2, 1, 0});
  CHECK(sixteen[1] == std::vector<int>{1, 0});
  CHECK(sixteen[2] == std::vector<int>{0});
  const auto thirty_two = ko::drop_in_order(32);
  REQUIRE(thirty_two.size() == 4);
  CHECK(thirty_two[0] == std::vector<int>{7, 6, 5, 4, 3, 2, 1, 0});
  CHECK(thirty_two[1] == std::vector<int>{2, 3, 0, 1});
  CHECK(thirty_two[2] == std::vector<int>{1, 0});
}

namespace {

// When a rematch in double elimination is unavoidable. Model: a full bracket of `size` slots
// (2^R, R ≤ 5) and any results. A player in a losers' match is one of the occupants (slot, the
// winners' round r they lost): the loser of winners' match k of round r may be any player of
// the 2^r slots that match covers. Two players can only have met in the winners' bracket (a
// losers' match ends the loser's event), and then the one who lost first lost to the other:
// occupants (s, a) and (t, b) can have met iff a ≠ b and slots s and t first share a section
// in winners' round min(a, b). Results are free, so a rematch is possible in a losers' match
// iff an occupant of one side can have met an occupant of the other. The losers' bracket:
// round 1 pairs the losers of adjacent winners' round-1 matches; round 2j gives the k-th
// survivor the loser of winners' match order[j − 1][k] of round j + 1 (drop_in_order's form);
// round 2j + 1 pairs adjacent survivors; then the final ("losers' round" 2R − 1), where a
// rematch is always possible.
//
// A rematch is unavoidable from losers' round L*(size): the latest "earliest losers' round
// where a rematch is possible" over every drop-in arrangement (every permutation in every
// round). Before L* some arrangement keeps every pairing new whatever the results; from L* on
// none does.
class RematchModel {
 public:
  static constexpr int kRounds = 5;
  using Occupants = std::bitset<32 * kRounds>;

  explicit RematchModel(int size) : size_(size), rounds_(ko::bracket_rounds(size)) {
    met_.resize(static_cast<std::size_t>(32 * kRounds));
    for (int s = 0; s < size_; ++s) {
      for (int a = 1; a <= rounds_; ++a) {
        for (int t = 0; t < size_; ++t) {
          for (int b = 1; b <= rounds_; ++b) {
            int first = 1;  // the winners' round in which s and t can meet
            while ((s >> first) != (t >> first)) ++first;
            if (a != b && first == std::min(a, b)) met_[index(s, a)].set(index(t, b));
          }
        }
      }
    }
  }
  int final_round() const { return 2 * rounds_ - 1; }

  // The earliest losers' round where a rematch is possible under `order`.
  int earliest(const std::vector<std::vector<int>>& order) const {
    return search(&order, first_round_survivors(), 1);
  }
  // L*: the latest earliest() over every arrangement.
  int unavoidable_from() const { return search(nullptr, first_round_survivors(), 1); }

 private:
  static std::size_t index(int slot, int round) {
    return static_cast<std::size_t>(slot * kRounds + round - 1);
  }
  Occupants loser(int round, int match) const {
    Occupants o;
    for (int s = match << round; s < (match + 1) << round; ++s) o.set(index(s, round));
    return o;
  }
  bool possible(const Occupants& a, const Occupants& b) const {
    for (std::size_t x = 0; x < a.size(); ++x) {
      if (a.test(x) && (met_[x] & b).any()) return true;
    }
    return false;
  }
  // Losers' round 1's survivors; empty when it already allows a rematch (never).
  std::vector<Occupants> first_round_survivors() const {
    std::vector<Occupants> survivors;
    for (int k = 0; 4 * k < size_; ++k) {
      const Occupants a = loser(1, 2 * k);
      const Occupants b = loser(1, 2 * k + 1);
      CHECK_FALSE(possible(a, b));
      survivors.push_back(a | b);
    }
    return survivors;
  }
  // From losers' round 2j on, with `survivors` of round 2j − 1: under `order`, or (nullptr)
  // the best over every permutation of each round.
  int search(const std::vector<std::vector<int>>* order, const std::vector<Occupants>& survivors,
             int j) const {
    if (j >= rounds_) return final_round();
    const int m = size_ >> (j + 1);
    std::vector<int> permutation(static_cast<std::size_t>(m));
    for (int k = 0; k < m; ++k) permutation[static_cast<std::size_t>(k)] = k;
    if (order) permutation = (*order)[static_cast<std::size_t>(j - 1)];
    int best = 0;
    do {
      std::vector<Occupants> dropped;
      int earliest = 0;
      for (int k = 0; k < m && earliest == 0; ++k) {
        const Occupants in = loser(j + 1, permutation[static_cast<std::size_t>(k)]);
        if (possible(survivors[static_cast<std::size_t>(k)], in)) earliest = 2 * j;
        dropped.push_back(survivors[static_cast<std::size_t>(k)] | in);
      }
      std::vector<Occupants> merged;
      if (earliest == 0 && j + 1 < rounds_) {
        for (int k = 0; k + 1 < m && earliest == 0; k += 2) {
          const auto& a = dropped[static_cast<std::size_t>(k)];
          const auto& b = dropped[static_cast<std::size_t>(k + 1)];
          if (possible(a, b)) earliest = 2 * j + 1;
          merged.push_back(a | b);
        }
      }
      if (earliest == 0) earliest = j + 1 < rounds_ ? search(order, merged, j + 1) : final_round();
      best = std::max(best, earliest);
    } while (!order && best < final_round() &&
             std::next_permutation(permutation.begin(), permutation.end()));
    return best;
  }

  int size_;
  int rounds_;
  std::vector<Occupants> met_;
};

}  // namespace

TEST_CASE(
    "knockout: double elimination — a rematch is unavoidable from losers' round R (log2 of "
    "the slots, by a search over every drop-in arrangement), and the drop-in tables reach it") {
  for (int size = 4; size <= ko::kMaxDoubleEntrants; size *= 2) {
    INFO(fmt::format("{} slots", size));
    const RematchModel model(size);
    const int unavoidable = model.unavoidable_from();
    CHECK(unavoidable == ko::bracket_rounds(size));
    CHECK(model.earliest(ko::drop_in_order(size)) == unavoidable);
  }
  // A table that reaches it less well: 16 slots with losers' round 2 in order, not reversed
  // (each survivor meets the loser of the winners' match its own players came from).
  auto in_order = ko::drop_in_order(16);
  in_order[0] = {0, 1, 2, 3};
  CHECK(RematchModel(16).earliest(in_order) == 2);
}

TEST_CASE(
    "knockout: double elimination over every size 2..32 and every seed count — out exactly at "
    "the second loss, no rematch before it is unavoidable, everyone placed once") {
  std::vector<int> unavoidable(ko::kMaxDoubleEntrants + 1, 0);
  for (int size = 4; size <= ko::kMaxDoubleEntrants; size *= 2)
    unavoidable[static_cast<std::size_t>(size)] = RematchModel(size).unavoidable_from();
  int events = 0;
  int rematches_at_the_bound = 0;
  for (int n = 2; n <= ko::kMaxDoubleEntrants; ++n) {
    const int size = ko::bracket_size(n);
    for (int seeds = 0; seeds <= std::min(n, ko::max_seeds(size)); ++seeds) {
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        ko::MatchRules rules = one_game();
        rules.double_elimination = true;
        rules.seed = seed * 131 + static_cast<std::uint64_t>(seeds);
        const Played played = play_out(n, rules, rules.seed, seeds);
        INFO(fmt::format("{} entrants, {} seeds, seed {}", n, seeds, rules.seed));
        ++events;
        const auto& progress = played.last.progress;
        REQUIRE(progress.finished);
        const auto& event = played.last.event;
        std::vector<int> losses(event.participants.size(), 0);
        std::set<std::pair<int, int>> met;
        for (const auto& round : progress.rounds) {
          for (const auto& m : round) {
            for (int side : m.sides) {
              // Nobody plays (nor has a bye) after the second loss.
              if (side >= 0) CHECK(losses[static_cast<std::size_t>(side)] < 2);
            }
            if (m.bye()) continue;
            const auto pair = std::minmax(m.sides[0], m.sides[1]);
            if (!met.insert(pair).second && m.part == ko::Part::losers) {
              CHECK(m.part_round >= unavoidable[static_cast<std::size_t>(size)]);
              if (m.part_round == unavoidable[static_cast<std::size_t>(size)])
                ++rematches_at_the_bound;
            }
            ++losses[static_cast<std::size_t>(m.sides[static_cast<std::size_t>(1 - m.winner)])];
          }
        }
        // Out exactly at the second loss: every player but the champion has two, and the
        // placings end each one's event at it (nobody is placed with fewer).
        const int champion = progress.placings.front().participant;
        for (std::size_t p = 0; p < losses.size(); ++p) {
          if (static_cast<int>(p) != champion) CHECK(losses[p] == 2);
        }
        CHECK(losses[static_cast<std::size_t>(champion)] <= 1);
        std::set<int> placed;
        for (const auto& p : progress.placings) placed.insert(p.participant);
        CHECK(placed.size() == static_cast<std::size_t>(n));
        CHECK(progress.placings.back().last_rank == n);
      }
    }
  }
  CHECK(events > 1000);
  // The bound is reached: rematches do happen in losers' round R.
  CHECK(rematches_at_the_bound > 0);
}

TEST_CASE("knockout: double elimination's final — a reset when the losers' champion wins it") {
  ko::MatchRules rules = one_game();
  rules.double_elimination = true;
  const std::string to_final =
      "1,1,1,A,B,1-0,1,2\n1,2,1,C,D,1-0,3,4\n"  // winners' round 1
      "2,1,1,A,C,1-0,1,3\n2,2,1,B,D,1-0,2,4\n"  // winners' final, losers' round 1
      "3,1,1,B,C,1-0,2,3\n";                    // losers' round 2: C drops in
  auto f = follow(to_final, rules);
  CHECK(f.diagnostics.empty());
  const auto final_rows = rows_to_write(f);  // the first mover by lot
  CHECK((final_rows == std::vector<std::string>{"4.1.1 A-B"} ||
         final_rows == std::vector<std::string>{"4.1.1 B-A"}));
  CHECK(f.progress.rounds[2][0].part == ko::Part::losers);
  CHECK(f.progress.rounds[2][0].part_round == 2);
  // The winners' champion wins the final: over.
  f = follow(to_final + "4,1,1,A,B,1-0,1,2\n", rules);
  CHECK(placings(f) == std::vector<std::string>{"1 A", "2 B", "3 C", "4 D"});
  // The losers' champion wins it: both have lost once, the reset decides.
  const std::string reset = to_final + "4,1,1,A,B,0-1,1,2\n";
  f = follow(reset, rules);
  REQUIRE(f.progress.to_write.size() == 1);
  CHECK(f.progress.rounds.back()[0].part == ko::Part::reset);
  f = follow(reset + "5,1,1,B,A,1-0,2,1\n", rules);
  CHECK(placings(f) == std::vector<std::string>{"1 B", "2 A", "3 C", "4 D"});
  // Without the reset the final decides alone.
  rules.reset = false;
  f = follow(reset, rules);
  CHECK(f.progress.finished);
  CHECK(placings(f) == std::vector<std::string>{"1 B", "2 A", "3 C", "4 D"});
}

TEST_CASE(
    "knockout: multi-loss elimination over sizes 2..40, 2 and 3 losses — out at the L-th "
    "loss, one match or the bye a round for each player left") {
  for (int losses = 2; losses <= 3; ++losses) {
    for (int n = 2; n <= 40; ++n) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        ko::MatchRules rules = one_game();
        rules.losses = losses;
        rules.seed = seed;
        const Played played = play_out(n, rules, seed);
        INFO(fmt::format("{} entrants, {} losses, seed {}", n, losses, seed));
        const auto& progress = played.last.progress;
        REQUIRE(progress.finished);
        std::vector<int> lost(static_cast<std::size_t>(n), 0);
        for (const auto& round : progress.rounds) {
          std::vector<int> plays(static_cast<std::size_t>(n), 0);
          int left = 0;
          int bye_rows = 0;
          for (int p = 0; p < n; ++p) left += lost[static_cast<std::size_t>(p)] < losses;
          for (const auto& m : round) {
            for (int side : m.sides) {
              if (side >= 0) ++plays[static_cast<std::size_t>(side)];
            }
            if (m.bye()) {
              ++bye_rows;
              continue;
            }
            ++lost[static_cast<std::size_t>(m.sides[static_cast<std::size_t>(1 - m.winner)])];
          }
          // Each player still in plays once; the field kept even by one bye (after round 1,
          // whose byes are the bracket's).
          if (round.front().round > 1) {
            int playing = 0;
            for (int c : plays) playing += c;
            CHECK(playing == left);
            CHECK(bye_rows == left % 2);
          }
          CHECK(std::all_of(plays.begin(), plays.end(), [](int c) { return c <= 1; }));
        }
        const int winner = progress.placings.front().participant;
        for (int p = 0; p < n; ++p) {
          if (p == winner) {
            CHECK(lost[static_cast<std::size_t>(p)] < losses);
          } else {
            CHECK(lost[static_cast<std::size_t>(p)] == losses);
          }
        }
        CHECK(progress.placings.size() == static_cast<std::size_t>(n));
      }
    }
  }
}

TEST_CASE("knockout: multi-loss pairing — equal losses first, no rematch while avoidable") {
  ko::MatchRules rules = one_game();
  rules.losses = 2;
  // Round 1: A beat B, C beat D. Round 2 pairs the winners (0 losses) and the losers (1 loss).
  auto f = follow("1,1,1,A,B,1-0,1,2\n1,2,1,C,D,1-0,3,4\n", rules);
  CHECK(f.diagnostics.empty());
  REQUIRE(f.progress.to_write.size() == 2);
  CHECK(std::set{name(f, f.progress.to_write[0].first), name(f, f.progress.to_write[0].second)} ==
        std::set<std::string>{"A", "C"});
  CHECK(std::set{name(f, f.progress.to_write[1].first), name(f, f.progress.to_write[1].second)} ==
        std::set<std::string>{"B", "D"});
  // Round 2: A beat C, B beat D (D out). Left: A (0), B (1), C (1). The bye to C (last without
  // one) would leave A v B, and the bye to B A v C, both rematches; the bye to A leaves B v C,
  // who have not met (and have equal losses).
  f = follow("1,1,1,A,B,1-0,1,2\n1,2,1,C,D,1-0,3,4\n2,1,1,A,C,1-0,1,3\n2,2,1,B,D,1-0,2,4\n", rules);
  CHECK(f.diagnostics.empty());
  CHECK(rows_to_write(f).size() == 2);
  CHECK(std::set{name(f, f.progress.to_write[0].first), name(f, f.progress.to_write[0].second)} ==
        std::set<std::string>{"B", "C"});
  CHECK(f.progress.to_write[1].second == -1);
  CHECK(name(f, f.progress.to_write[1].first) == "A");
}

TEST_CASE("knockout: best of N — colours alternate, the deciding game's first mover by lot") {
  ko::MatchRules rules = one_game();
  rules.games = 3;
  int alternated = 0;
  int other = 0;
  for (std::uint64_t seed = 0; seed < 32; ++seed) {
    rules.seed = seed;
    const auto rows = ko::first_round(ko::Bracket{2, {0, 1}, 0}, rules);
    REQUIRE(rows.size() == 3);
    CHECK(rows[1].first == rows[0].second);
    (rows[2].first == rows[0].first ? alternated : other) += 1;
  }
  // By lot: both ways happen (alternation alone would always give game 1's first mover).
  CHECK(alternated > 0);
  CHECK(other > 0);
}
