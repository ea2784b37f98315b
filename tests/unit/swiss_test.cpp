// Swiss pairing: the TRF reader, the Dutch system's rules on small events worked by hand, and
// the 1,000 reference tournaments paired by an independent Dutch implementation
// (../shared/testdata/swiss: identical pairs and colours required).
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "boardgames/core/strings.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/swiss_io.h"
#include "boardgames/io/trf.h"
#include "test_support.h"

using namespace boardgames::swiss;
using boardgames::Event;
using boardgames::Outcome;
using boardgames::Participant;
using boardgames::RoundKind;
using boardgames::RoundRecord;
using boardgames::Seat;

namespace {

// A TRF player line: number, name, rating, points, then rounds written "opp c r".
std::string player_line(int number, const std::string& name, int rating, const std::string& points,
                        const std::vector<std::string>& rounds) {
  std::string line = fmt::format("001 {:>4}      {:<33} {:>4}{:>28}{:>4} {:>4}", number, name,
                                 rating, "", points, number);
  for (const std::string& r : rounds) line += "  " + r;
  return line;
}

std::optional<TrfFile> parse(const std::string& text,
                             std::vector<std::string>* messages = nullptr) {
  test::Collected collected;
  auto trf = read_trf(text, "t.trf", collected.diagnostics);
  if (messages) {
    *messages = collected.messages();
  } else {
    for (const std::string& m : collected.messages()) MESSAGE(m);
  }
  return trf;
}

// "white-black" numbers per board, in board order; the PAB as "n-bye".
std::vector<std::string> boards_of(const Event& event, const Pairing& result) {
  std::vector<std::string> out;
  for (const Board& b : result.boards) {
    const int w = event.participants[static_cast<std::size_t>(b.first)].number;
    out.push_back(b.second < 0
                      ? fmt::format("{}-bye", w)
                      : fmt::format("{}-{}", w,
                                    event.participants[static_cast<std::size_t>(b.second)].number));
  }
  return out;
}

std::string numbered_players(int count, const std::string& colour) {
  std::string text = "012 Test\nXXR 5\nXXC " + colour + "\n";
  for (int i = 1; i <= count; ++i)
    text += player_line(i, fmt::format("Player {}", i), 2400 - 10 * i, "0.0", {}) + "\n";
  return text;
}

// The pairs of a bbpPairings-style file ("N" then "white black" lines) as a set.
std::set<std::pair<int, int>> read_pairs(const std::filesystem::path& path) {
  std::istringstream in(test::read_file(path));
  int count = 0;
  in >> count;
  std::set<std::pair<int, int>> pairs;
  for (int i = 0; i < count; ++i) {
    int w = 0;
    int b = 0;
    in >> w >> b;
    pairs.emplace(w, b);
  }
  return pairs;
}

// The pairs without their colours.
std::set<std::pair<int, int>> unordered(const std::set<std::pair<int, int>>& pairs) {
  std::set<std::pair<int, int>> out;
  for (const auto& [w, b] : pairs)
    out.emplace(b == 0 ? w : std::min(w, b), b == 0 ? 0 : std::max(w, b));
  return out;
}

// Pairs every reference case of one corpus (up to `limit`) under `options` against the files
// with `extension` (".pairs": the 2026 rules, ".pairs2017"); returns the number identical
// (pairs and colours) and lists the others; `same_pairs`, when given, counts the cases whose
// pairs are the same whatever their colours.
int run_reference(const std::string& corpus, int limit, std::vector<std::string>& different,
                  const DutchOptions& options = {}, const char* extension = ".pairs",
                  int* same_pairs = nullptr) {
  const auto dir = test::shared_file("swiss/" + corpus);
  std::vector<std::filesystem::path> cases;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".trf") cases.push_back(entry.path());
  }
  std::sort(cases.begin(), cases.end());
  if (limit > 0 && static_cast<int>(cases.size()) > limit)
    cases.resize(static_cast<std::size_t>(limit));
  int same = 0;
  for (const auto& path : cases) {
    auto trf = parse(test::read_file(path));
    auto expected_path = path;
    expected_path.replace_extension(extension);
    if (!trf) {
      different.push_back(path.filename().string() + ": not read");
      continue;
    }
    const auto result = pair_dutch(trf->event, options);
    std::set<std::pair<int, int>> ours;
    for (const Board& b : result ? result->boards : std::vector<Board>{}) {
      ours.emplace(
          trf->event.participants[static_cast<std::size_t>(b.first)].number,
          b.second < 0 ? 0 : trf->event.participants[static_cast<std::size_t>(b.second)].number);
    }
    const auto expected = read_pairs(expected_path);
    if (same_pairs && result.has_value() && unordered(ours) == unordered(expected)) ++*same_pairs;
    if (result.has_value() && ours == expected) {
      ++same;
    } else {
      different.push_back(path.filename().string() +
                          (result.has_value() ? "" : ": " + result.problem().reason));
    }
  }
  return same;
}

}  // namespace

TEST_CASE("swiss trf: player lines, forfeits, byes, absences for the round to pair") {
  std::string text = "012 Club Swiss\nXXR 3\nXXC white1\n";
  text += player_line(1, "Ann", 2100, "2.0", {"   3 w 1", "   2 b +"}) + "\n";
  text += player_line(2, "Bob", 2000, "0.5", {"0000 - H", "   1 w -"}) + "\n";
  text += player_line(3, "Cid", 1900, "1.0", {"   1 b 0", "0000 - U", "0000 - Z"}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  const Event& e = trf->event;
  CHECK(e.planned_rounds == 3);
  CHECK(e.initial_seat == Seat::first);
  CHECK(e.rounds_played() == 2);
  CHECK(e.participants[0].rounds[0].kind == RoundKind::played);
  CHECK(e.participants[0].rounds[0].outcome == Outcome::win);
  CHECK(e.participants[0].rounds[0].seat == Seat::first);
  CHECK(e.participants[0].rounds[1].kind == RoundKind::forfeit_win);
  CHECK_FALSE(e.participants[0].rounds[1].played());  // a forfeit is no game: they may meet again
  CHECK(e.participants[1].rounds[0].kind == RoundKind::half_bye);
  CHECK(e.participants[2].rounds[1].kind == RoundKind::pairing_bye);
  CHECK(e.participants[2].absent);  // a zero-point bye requested for round 3
  CHECK(e.points_scored(0).tenths() == 20);
  CHECK(e.points_scored(1).tenths() == 5);

  // A points column that contradicts the results, and an opponent whose line disagrees.
  std::string bad = "012 x\n";
  bad += player_line(1, "Ann", 2100, "2.0", {"   2 w 1"}) + "\n";
  bad += player_line(2, "Bob", 2000, "0.0", {"   1 w 0"}) + "\n";
  std::vector<std::string> messages;
  CHECK_FALSE(parse(bad, &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] ==
        "2:92: error: round 1: player 1 has opponent 2, whose line does not show the same game");
  bad = "012 x\n" + player_line(1, "Ann", 2100, "0.5", {"   2 w 1"}) + "\n" +
        player_line(2, "Bob", 2000, "0.0", {"   1 b 0"}) + "\n";
  CHECK_FALSE(parse(bad, &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] ==
        "2:81: error: player 1 has 0.5 points in the file, but the results give 1.0");
}

TEST_CASE("swiss trf: acceleration — XXA, 250, and the Baku acceleration as bbpPairings makes it") {
  // 18 players, 7 rounds, none played: the Baku group is the first half rounded up (9, where
  // C.04.7's 2 x ceil(18/4) would be 10), a win's points in rounds 1-2, a draw's in 3-4.
  std::string text = "012 Baku\nXXR 7\nXXC white1\n192 FIDE_DUTCH_2026_BAKU\n";
  for (int n = 1; n <= 18; ++n)
    text += player_line(n, fmt::format("P{}", n), 2500 - n, "0.0", {}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  const std::vector<boardgames::Points> group_a = {
      boardgames::Points::whole(1), boardgames::Points::whole(1),
      boardgames::Points::from_halves(1), boardgames::Points::from_halves(1)};
  CHECK(trf->event.participants[8].acceleration == group_a);
  CHECK(trf->event.participants[9].acceleration.empty());
  // Round 1 pairs group A apart: 1-5 (TPN 1 white) ... 8-4, 9 floats down to 9-10.
  auto round1 = pair_dutch(trf->event);
  REQUIRE(round1);
  const auto boards = boards_of(trf->event, *round1);
  REQUIRE(boards.size() == 9);
  CHECK(boards[0] == "1-5");
  CHECK(boards[3] == "8-4");
  CHECK(boards[4] == "9-10");

  // XXA lines replace it; a 250 line gives a range of players and rounds.
  trf = parse(text + "XXA    2  1.0       0.5\n250       1.0   1   3   17   18\n");
  REQUIRE(trf);
  CHECK(trf->event.participants[0].acceleration.empty());
  CHECK(trf->event.participants[1].acceleration ==
        std::vector<boardgames::Points>{boardgames::Points::whole(1)});  // round 1 only matters
  CHECK(trf->event.participants[17].acceleration ==
        std::vector<boardgames::Points>{boardgames::Points::whole(1)});
  CHECK(trf->event.participants[15].acceleration.empty());

  // The points column may count the virtual points of the round to be paired.
  std::string counted = "012 x\nXXR 5\nXXC white1\nXXA    1  1.0  1.0\n";
  counted += player_line(1, "Ann", 2100, "2.0", {"   2 w 1"}) + "\n";
  counted += player_line(2, "Bob", 2000, "0.0", {"   1 b 0"}) + "\n";
  CHECK(parse(counted));

  // Errors: a Baku event with 3-1-0 points, virtual points past XXR, an unknown player.
  std::vector<std::string> messages;
  CHECK_FALSE(parse(text + "BBW 3.0\nBBD 1.0\n", &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] ==
        "4:5: error: the Baku acceleration needs a loss worth 0 and a win worth two draws");
  CHECK_FALSE(parse(text + "250       1.0   1   8    1    4\n", &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] == "23:5: error: virtual points for round 8, but the event has 7 rounds");
  CHECK_FALSE(parse(text + "XXA   19  1.0\n", &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] == "23:5: error: virtual points of player 19: no such player");
}

TEST_CASE("swiss trf: 240 byes of the round to pair make the players absent") {
  std::string text = "012 x\nXXR 5\nXXC white1\n";
  text += player_line(1, "Ann", 2100, "1.0", {"   2 w 1"}) + "\n";
  text += player_line(2, "Bob", 2000, "0.0", {"   1 b 0"}) + "\n";
  text += player_line(3, "Cid", 1900, "1.0", {"   4 w 1"}) + "\n";
  text += player_line(4, "Dan", 1800, "0.0", {"   3 b 0"}) + "\n";
  auto trf = parse(text + "240 H   2    2    4\n240 Z   1    3\n240 F   3    1\n");
  REQUIRE(trf);
  const Event& e = trf->event;
  CHECK_FALSE(e.participants[0].absent);  // round 3 is not the one to pair
  CHECK(e.participants[1].absent);
  CHECK(e.participants[1].absence == RoundKind::half_bye);
  CHECK_FALSE(e.participants[2].absent);  // round 1: the player line shows it
  CHECK(e.participants[3].absent);
  std::vector<std::string> messages;
  CHECK_FALSE(parse(text + "240 H   2    9\n", &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] == "8:11: error: bye of player 9: no such player");
  CHECK_FALSE(parse(text + "240 U   2    1\n", &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] == "8:5: error: 'U' is not a bye (H, F or Z)");
}

TEST_CASE("swiss trf: XXC rank makes the line order the pairing order") {
  std::string text = "012 x\nXXR 5\nXXC rank black1\n";
  text += player_line(3, "Cid", 1900, "0.0", {}) + "\n";
  text += player_line(1, "Ann", 2100, "0.0", {}) + "\n";
  text += player_line(2, "Bob", 2000, "0.0", {}) + "\n";
  text += player_line(4, "Dan", 1800, "0.0", {}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  CHECK(trf->event.pair_by_position);
  CHECK(trf->event.initial_seat == Seat::second);
  CHECK(pairing_order(trf->event) == std::vector<int>{0, 1, 2, 3});
  auto round1 = pair_dutch(trf->event);
  REQUIRE(round1);
  // Positions 1-3 and 2-4: Cid (first line, black1) has Black against Bob, Ann White.
  CHECK(boards_of(trf->event, *round1) == std::vector<std::string>{"2-3", "1-4"});
  trf->event.pair_by_position = false;
  CHECK(pairing_order(trf->event) == std::vector<int>{1, 2, 0, 3});
  std::vector<std::string> messages;
  CHECK_FALSE(
      parse("012 x\nXXC rank white2\n" + player_line(1, "Ann", 2100, "0.0", {}) + "\n", &messages));
  REQUIRE(messages.size() == 1);
  CHECK(messages[0] == "2:5: error: 'white2' is not a setting of XXC (rank, white1 or black1)");
}

TEST_CASE("swiss trf: every number is range-checked, never cut to int") {
  const std::string players = player_line(1, "Ann", 2100, "1.0", {"   2 w 1"}) + "\n" +
                              player_line(2, "Bob", 2000, "0.0", {"   1 b 0"}) + "\n" +
                              player_line(3, "Cid", 1900, "0.0", {"0000 - Z"}) + "\n";
  std::vector<std::string> messages;
  // 4294967297 = 2^32 + 1 was cut to 1: a forbidden pair 1-3 from "XXP 4294967297 3".
  CHECK_FALSE(parse("012 x\nXXR 3\nXXP 4294967297 3\n" + players, &messages));
  CHECK(messages ==
        std::vector<std::string>{"3:5: error: '4294967297' is not a pairing number (1 to 9999)"});
  CHECK_FALSE(parse("012 x\nXXR 3\nXXP 10000 3\n" + players, &messages));
  CHECK(messages ==
        std::vector<std::string>{"3:5: error: '10000' is not a pairing number (1 to 9999)"});
  // Points: a result worth 99999999999 overflowed an int; now 0..100.
  CHECK_FALSE(parse("012 x\nBBW 99999999999\n" + players, &messages));
  CHECK(messages == std::vector<std::string>{
                        "2:5: error: '99999999999' is not a number of points from 0 to 100.0"});
  CHECK_FALSE(parse("012 x\nBBD 100.5\n" + players, &messages));
  CHECK(messages.size() == 1);
  CHECK(parse("012 x\nBBW 3\nBBD 1\n" + player_line(1, "Ann", 2100, "3.0", {"   2 w 1"}) + "\n" +
              player_line(2, "Bob", 2000, "0.0", {"   1 b 0"}) + "\n"));
  CHECK_FALSE(parse_tenths("99999999999").has_value());
  CHECK_FALSE(parse_tenths("10000000.1").has_value());
  CHECK(parse_tenths("10000000")->tenths() == kMaxTenths);
  CHECK(parse_tenths("-2.5")->tenths() == -25);
  CHECK_FALSE(parse("012 x\nXXR 4294967297\n" + players, &messages));
  CHECK(messages ==
        std::vector<std::string>{"2:5: error: '4294967297' is not a number of rounds (1 to 1000)"});
}

TEST_CASE(
    "swiss trf: a round far beyond the others is one error, a round nobody was paired in too") {
  // Four players, three rounds; player 1 has a pairing-allocated bye written in round 100 (a
  // line's entries at the wrong place): each history would have been padded to 100 rounds.
  auto line = [](int number, const std::string& points, std::vector<std::string> rounds) {
    return player_line(number, fmt::format("P{}", number), 2000, points, rounds) + "\n";
  };
  const std::string head = "012 x\nXXR 3\nXXC white1\n";
  std::vector<std::string> far = {"   2 w 1", "   3 w 1", "   4 w 1"};
  far.resize(99, "        ");
  far.push_back("0000 - U");
  std::string text = head + line(1, "4.0", far) +
                     line(2, "0.0", {"   1 b 0", "   4 b 0", "   3 b 0"}) +
                     line(3, "1.0", {"   4 w 1", "   1 b 0", "   2 w 1"}) +
                     line(4, "1.0", {"   3 b 0", "   2 w 1", "   1 b 0"});
  std::vector<std::string> messages;
  CHECK_FALSE(parse(text, &messages));
  CHECK(
      messages ==
      std::vector<std::string>{
          "4:1082: error: round 100 is beyond the rounds this file can have (at most 23: twice the "
          "average number of entries a player has, plus 16)"});
  // Round 5 after round 3 (round 4 empty): a gap in the rounds paired.
  std::vector<std::string> gap = {"   2 w 1", "   3 w 1", "   4 w 1", "        ", "0000 - U"};
  text = head + line(1, "4.0", gap) + line(2, "0.0", {"   1 b 0", "   4 b 0", "   3 b 0"}) +
         line(3, "1.0", {"   4 w 1", "   1 b 0", "   2 w 1"}) +
         line(4, "1.0", {"   3 b 0", "   2 w 1", "   1 b 0"});
  CHECK_FALSE(parse(text, &messages));
  CHECK(messages == std::vector<std::string>{
                        "4:132: error: round 5 follows round 3, but round 4 has nobody paired"});
}

TEST_CASE(
    "swiss csv: a round far beyond the others is one error, not a history of 100,000 rounds") {
  CsvSource source;
  source.file = "r.csv";
  auto row = [&](int round, const std::string& w, const std::string& b) {
    boardgames::ResultRow r;
    r.round = round;
    r.white = w;
    r.black = b;
    r.result = boardgames::GameResult::white_wins;
    r.line = static_cast<std::uint32_t>(source.rows.size() + 2);
    source.rows.push_back(r);
  };
  row(1, "A", "B");
  row(1, "C", "D");
  row(2, "A", "C");
  row(2, "B", "D");
  row(100000, "A", "D");
  test::Collected collected;
  CHECK_FALSE(event_from_results(source, collected.diagnostics));
  CHECK(collected.messages() ==
        std::vector<std::string>{
            "6:0: error: round 100000 follows round 2, but rounds 3–99999 have no game: a "
            "Swiss round pairs its players (is the round number mistyped?)"});
}

TEST_CASE(
    "swiss dutch: round 1 pairs the top half against the bottom half, colours alternating from the "
    "lot") {
  // C.04.3: S1 = 1..4, S2 = 5..8, S1[i] v S2[i]; the higher-ranked player of each board gets
  // the initial colour when his number is odd (5.2.5).
  auto trf = parse(numbered_players(8, "white1"));
  REQUIRE(trf);
  auto r = pair_dutch(trf->event);
  REQUIRE(r.has_value());
  CHECK(boards_of(trf->event, *r) == std::vector<std::string>{"1-5", "6-2", "3-7", "8-4"});
  trf = parse(numbered_players(9, "black1"));
  REQUIRE(trf);
  r = pair_dutch(trf->event);
  REQUIRE(r.has_value());
  // Nine players: the lowest (9) takes the PAB; the rest as eight.
  CHECK(boards_of(trf->event, *r) == std::vector<std::string>{"5-1", "2-6", "7-3", "4-8", "9-bye"});
}

TEST_CASE("swiss dutch: no rematch, the bye never twice, an unpairable round is refused whole") {
  // Three players who have all met, with every bye given: round 4 cannot be paired.
  std::string text = "012 x\nXXR 4\nXXC white1\n";
  text += player_line(1, "A", 2000, "3.0", {"   2 w 1", "   3 b 1", "0000 - U"}) + "\n";
  text += player_line(2, "B", 1900, "1.0", {"   1 b 0", "0000 - U", "   3 w 0"}) + "\n";
  text += player_line(3, "C", 1800, "2.0", {"0000 - U", "   1 w 0", "   2 b 1"}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  const auto r = pair_dutch(trf->event);
  CHECK_FALSE(r.has_value());
  CHECK_FALSE(r.problem().reason.empty());
  // After round 2 (1-2, 1-3 played; 3 and 2 had the byes) the only pairing left is 2-3 with
  // 1 on the bye.
  Event before = event_before_round(trf->event, 3);
  const auto third = pair_dutch(before);
  REQUIRE(third.has_value());
  // 2 (one game, as Black) wants White, 3 (one game, as White) wants Black.
  CHECK(boards_of(before, *third) == std::vector<std::string>{"2-3", "1-bye"});
}

TEST_CASE("swiss dutch: no PAB after a full-point bye (2026), as after a PAB or forfeit win") {
  // Round 1: 1 beat 2, 3 beat 4, 5 took a full-point bye (F). Round 2: 1 beat 5, 2 beat 3, 4 had
  // the PAB. Round 3: 1 (2 points) and four players on 1 point, 4 barred by its PAB; C.04.1
  // article 4 (2026) bars 5 too (a win's points without playing), the 2017 text does not.
  std::string text = "012 x\nXXR 3\nXXC white1\n";
  text += player_line(1, "A", 2400, "2.0", {"   2 w 1", "   5 w 1"}) + "\n";
  text += player_line(2, "B", 2300, "1.0", {"   1 b 0", "   3 w 1"}) + "\n";
  text += player_line(3, "C", 2200, "1.0", {"   4 w 1", "   2 b 0"}) + "\n";
  text += player_line(4, "D", 2100, "1.0", {"   3 b 0", "0000 - U"}) + "\n";
  text += player_line(5, "E", 2000, "1.0", {"0000 - F", "   1 b 0"}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  auto bye_of = [&](DutchRules rules) {
    DutchOptions options;
    options.rules = rules;
    const auto r = pair_dutch(trf->event, options);
    REQUIRE(r.has_value());
    const auto boards = boards_of(trf->event, *r);
    REQUIRE_FALSE(boards.empty());
    return boards.back();
  };
  CHECK(bye_of(DutchRules::fide2017) == "5-bye");  // the lowest eligible player
  const std::string bye2026 = bye_of(DutchRules::fide2026);
  CHECK(bye2026.ends_with("-bye"));
  CHECK(bye2026 != "5-bye");
  CHECK(bye2026 != "4-bye");
}

TEST_CASE("swiss dutch: colour allocation — preferences, the stronger one, alternation, rank") {
  // After one round (1-3 won by 1 as White, 2-4 drawn with 2 White): 1 (1 point) and the
  // others. Round 2: scoregroup 1.0 = {1}, 0.5 = {2, 4}, 0 = {3}.
  std::string text = "012 x\nXXR 3\nXXC white1\n";
  text += player_line(1, "A", 2000, "1.0", {"   3 w 1"}) + "\n";
  text += player_line(2, "B", 1900, "0.5", {"   4 w ="}) + "\n";
  text += player_line(3, "C", 1800, "0.0", {"   1 b 0"}) + "\n";
  text += player_line(4, "D", 1700, "0.5", {"   2 b ="}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  const auto r = pair_dutch(trf->event);
  REQUIRE(r.has_value());
  // 1 floats down to {2, 4}: 1 (wants Black) meets 4? No — 4 also wants White... 1 wants
  // Black, 2 wants Black, 4 wants White: 1 v 4 grants both (4 White), then 2 v 3 grants both
  // (3 White). The rematch-free, preference-granting pairing is the only perfect one.
  CHECK(boards_of(trf->event, *r) == std::vector<std::string>{"4-1", "3-2"});
}

TEST_CASE("swiss: the TRF with the new round appended reads back with one more round") {
  auto trf = parse(numbered_players(7, "white1"));
  REQUIRE(trf);
  const auto r = pair_dutch(trf->event);
  REQUIRE(r.has_value());
  std::string written = write_trf_with_round(*trf, trf->event, *r);
  // The new round has no results yet: give every game a draw before reading it back.
  std::string filled;
  for (std::string_view line : boardgames::split(written, '\n')) {
    std::string l(line);
    if (l.starts_with("001") && l.size() >= 97 && l[91] != '0' && l.size() < 99) {
      l += " =";
      l.replace(80, 4, "    ");  // points column left empty: not checked
    }
    filled += l + "\n";
  }
  auto again = parse(filled);
  REQUIRE(again);
  CHECK(again->event.rounds_played() == 1);
  for (const Board& b : r->boards) {
    const RoundRecord& w = again->event.participants[static_cast<std::size_t>(b.first)].rounds[0];
    if (b.second < 0) {
      CHECK(w.kind == RoundKind::pairing_bye);
      CHECK(again->event.points_scored(b.first).tenths() ==
            10);  // the PAB's point is in the points column
    } else {
      CHECK(w.opponent == b.second);
      CHECK(w.seat == Seat::first);
    }
  }
}

TEST_CASE("swiss: an event from the players and results CSV pairs as its TRF does") {
  // Round 1 of eight players as CSV, with player 6 asking for a half-point bye in round 2.
  boardgames::PlayerList players;
  for (int i = 1; i <= 8; ++i) {
    boardgames::Player p;
    p.id = std::to_string(i);
    p.name = fmt::format("Player {}", i);
    players.players.push_back(p);
  }
  players.build_index();
  CsvSource source;
  source.players = &players;
  source.total_rounds = 5;
  source.file = "r.csv";
  auto row = [&](int round, const std::string& w, const std::string& b,
                 boardgames::GameResult result) {
    boardgames::ResultRow r;
    r.round = round;
    r.white = w;
    r.black = b;
    r.result = result;
    r.line = static_cast<std::uint32_t>(source.rows.size() + 2);
    source.rows.push_back(r);
  };
  using boardgames::GameResult;
  row(1, "1", "5", GameResult::white_wins);
  row(1, "6", "2", GameResult::draw);
  row(1, "3", "7", GameResult::black_wins);
  row(1, "8", "4", GameResult::white_wins_by_forfeit);
  row(2, "6", "", GameResult::half_point_bye);
  test::Collected collected;
  auto event = event_from_results(source, collected.diagnostics);
  for (const std::string& m : collected.messages()) MESSAGE(m);
  REQUIRE(event);
  event->initial_seat = *infer_initial_colour(*event);
  CHECK(event->initial_seat == Seat::first);
  CHECK(event->participants[5].absent);
  // The same event as a TRF.
  std::string text = "012 x\nXXR 5\nXXC white1\n";
  text += player_line(1, "Player 1", 0, "1.0", {"   5 w 1"}) + "\n";
  text += player_line(2, "Player 2", 0, "0.5", {"   6 b ="}) + "\n";
  text += player_line(3, "Player 3", 0, "0.0", {"   7 w 0"}) + "\n";
  text += player_line(4, "Player 4", 0, "0.0", {"   8 b -"}) + "\n";
  text += player_line(5, "Player 5", 0, "0.0", {"   1 b 0"}) + "\n";
  text += player_line(6, "Player 6", 0, "0.5", {"   2 w =", "0000 - H"}) + "\n";
  text += player_line(7, "Player 7", 0, "1.0", {"   3 b 1"}) + "\n";
  text += player_line(8, "Player 8", 0, "1.0", {"   4 w +"}) + "\n";
  auto trf = parse(text);
  REQUIRE(trf);
  const auto from_csv = pair_dutch(*event);
  const auto from_trf = pair_dutch(trf->event);
  REQUIRE(from_csv.has_value());
  REQUIRE(from_trf.has_value());
  CHECK(boards_of(*event, *from_csv) == boards_of(trf->event, *from_trf));
  CHECK(from_trf->boards.size() == 4);  // seven players: three boards and the PAB
}

TEST_CASE("swiss: --check re-pairs a reference event round by round without a difference") {
  auto trf = parse(test::read_file(test::shared_file("swiss/mixed/0000.trf")));
  REQUIRE(trf);
  const auto checks = check_event(trf->event);
  REQUIRE(checks.size() == 6);
  for (const RoundCheck& c : checks) {
    INFO("round " << c.round);
    CHECK_FALSE(c.problem);
    CHECK(c.differences.empty());
  }
  // A changed round 1 colour is found.
  Event changed = trf->event;
  for (Participant& p : changed.participants) {
    RoundRecord& e = p.rounds[0];
    if (e.played()) e.seat = opposite(e.seat);
  }
  const auto changed_checks = check_event(changed);
  CHECK_FALSE(changed_checks[0].differences.empty());
}

TEST_CASE("swiss: the initial colour — the arbiter's choice, the file's, round 1's, then a lot") {
  auto trf = parse(numbered_players(4, "black1"));
  REQUIRE(trf);
  const Event& before = trf->event;  // nothing played: round 1 says nothing
  CHECK_FALSE(infer_initial_colour(before));
  auto chosen = decide_initial_colour(before, true, Seat::first, std::nullopt);
  REQUIRE(chosen);
  CHECK(chosen->seat == Seat::first);
  CHECK(chosen->source == InitialColourSource::option);
  auto from_file = decide_initial_colour(before, true, std::nullopt, 7);
  REQUIRE(from_file);
  CHECK(from_file->seat == Seat::second);
  CHECK(from_file->source == InitialColourSource::file);
  CHECK_FALSE(decide_initial_colour(before, false, std::nullopt, std::nullopt));
  // A lot is the same for the same seed, and both seats come up.
  std::set<Seat> drawn;
  for (std::uint64_t seed = 0; seed < 16; ++seed) {
    auto lot = decide_initial_colour(before, false, std::nullopt, seed);
    REQUIRE(lot);
    CHECK(lot->source == InitialColourSource::lot);
    CHECK(lot->seat == decide_initial_colour(before, false, std::nullopt, seed)->seat);
    drawn.insert(lot->seat);
  }
  CHECK(drawn.size() == 2);
  // Round 1 played: TPN 1 (odd, the higher-ranked) moved first, so the initial colour is White.
  std::string text = "012 Test\nXXR 5\n";
  text += player_line(1, "P1", 0, "1.0", {"   2 w 1"}) + "\n";
  text += player_line(2, "P2", 0, "0.0", {"   1 b 0"}) + "\n";
  auto played = parse(text);
  REQUIRE(played);
  auto inferred = decide_initial_colour(played->event, false, std::nullopt, 7);
  REQUIRE(inferred);
  CHECK(inferred->seat == Seat::first);
  CHECK(inferred->source == InitialColourSource::round_one);
}

TEST_CASE("swiss: result points as BBW/BBD/BBL set them, the games' default point systems") {
  boardgames::PointSystem points;
  points.pairing_bye = boardgames::Points::whole(2);
  set_result_points(points, boardgames::Points::whole(3), boardgames::Points::whole(1),
                    boardgames::Points());
  CHECK(points.forfeit_win == boardgames::Points::whole(3));
  CHECK(points.full_bye == boardgames::Points::whole(3));
  CHECK(points.half_bye == boardgames::Points::whole(1));
  CHECK(points.pairing_bye == boardgames::Points::whole(2));  // left alone
  // Go and Xigua score 2/1/0 and the pairing-allocated bye is a win (2) in a Swiss.
  const auto go = boardgames::default_point_system(boardgames::Game::go, false);
  CHECK(go.win == boardgames::Points::whole(2));
  CHECK(go.draw == boardgames::Points::whole(1));
  CHECK(go.pairing_bye == boardgames::Points::whole(2));
  CHECK(go.half_bye == boardgames::Points::whole(1));
  CHECK(boardgames::default_point_system(boardgames::Game::chess, false).draw ==
        boardgames::Points::from_halves(1));
  CHECK(boardgames::ordered_game_points(boardgames::Points::whole(3), boardgames::Points::whole(1),
                                        boardgames::Points()));
  CHECK_FALSE(boardgames::ordered_game_points(boardgames::Points::whole(1),
                                              boardgames::Points::whole(2), boardgames::Points()));
}

TEST_CASE("swiss dutch: the first 60 reference cases of each corpus") {
  std::vector<std::string> different;
  CHECK(run_reference("plain", 60, different) == 60);
  CHECK(run_reference("mixed", 60, different) == 60);
  CHECK(different == std::vector<std::string>{});
}

TEST_CASE("swiss dutch 2017: the first 60 reference cases of each corpus under the 2017 rules") {
  // The events that differ between the editions among them (plain 0012, 0073, 0074; mixed
  // 0001, 0002, 0011, 0021, 0031, 0039, 0045, 0050) are paired as the 2017 reference does.
  std::vector<std::string> different;
  const DutchOptions rules2017{.rules = DutchRules::fide2017};
  CHECK(run_reference("plain", 60, different, rules2017, ".pairs2017") == 60);
  CHECK(run_reference("mixed", 60, different, rules2017, ".pairs2017") == 60);
  CHECK(different == std::vector<std::string>{});
  // The default is the 2026 edition.
  CHECK(DutchOptions{}.rules == DutchRules::fide2026);
  CHECK(std::string(edition_name(DutchRules::fide2017)) == "2017");
}

TEST_CASE(
    "swiss dutch: matching a bracket without the players below (reduced) pairs as the full "
    "matching does") {
  // Every round of the last 50 events of each corpus (the largest brackets are there too),
  // paired both ways. The reduced matching must be used often enough to be tested.
  int rounds = 0;
  int brackets = 0;
  int reduced = 0;
  for (const std::string corpus : {"plain", "mixed"}) {
    const auto dir = test::shared_file("swiss/" + corpus);
    std::vector<std::filesystem::path> cases;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() == ".trf") cases.push_back(entry.path());
    }
    std::sort(cases.begin(), cases.end());
    cases.erase(cases.begin(), cases.end() - std::min<std::ptrdiff_t>(
                                                 50, static_cast<std::ptrdiff_t>(cases.size())));
    for (const auto& path : cases) {
      auto trf = parse(test::read_file(path));
      REQUIRE(trf);
      for (int round = 2; round <= trf->event.rounds_played() + 1; ++round) {
        const Event before = round <= trf->event.rounds_played()
                                 ? event_before_round(trf->event, round)
                                 : trf->event;
        const auto fast = pair_dutch(before);
        const auto full = pair_dutch(before, DutchOptions{.reduced_matchings = false});
        INFO(path.filename().string() << " round " << round);
        REQUIRE(fast.has_value() == full.has_value());
        ++rounds;
        if (!fast) continue;  // neither could pair the round
        CHECK(boards_of(before, *fast) == boards_of(before, *full));
        CHECK(full->reduced_brackets == 0);
        brackets += fast->brackets;
        reduced += fast->reduced_brackets;
      }
    }
  }
  MESSAGE("rounds " << rounds << ", brackets " << brackets << ", reduced " << reduced);
  CHECK(rounds > 250);
  CHECK(reduced * 4 > brackets);
}

TEST_SUITE("slow") {
  TEST_CASE("swiss dutch: all 1,000 reference tournaments paired identically (pairs and colours)") {
    std::vector<std::string> different;
    const int plain = run_reference("plain", 0, different);
    const int mixed = run_reference("mixed", 0, different);
    MESSAGE("identical: plain " << plain << ", mixed " << mixed);
    CHECK(different == std::vector<std::string>{});
    CHECK(plain + mixed == 1000);
  }
}

TEST_SUITE("slow") {
  TEST_CASE(
      "swiss dutch 2017: all 1,000 reference tournaments paired as under the 2017 rules (pairs "
      "and colours)") {
    // The same events paired by bbpPairings 5.0.1, the last version of the 2017 rules.
    std::vector<std::string> different;
    const DutchOptions rules2017{.rules = DutchRules::fide2017};
    int plain_pairs = 0;
    int mixed_pairs = 0;
    const int plain = run_reference("plain", 0, different, rules2017, ".pairs2017", &plain_pairs);
    const int mixed = run_reference("mixed", 0, different, rules2017, ".pairs2017", &mixed_pairs);
    MESSAGE("2017 rules, identical pairs: plain " << plain_pairs << ", mixed " << mixed_pairs
                                                  << "; with colours: plain " << plain << ", mixed "
                                                  << mixed);
    CHECK(different == std::vector<std::string>{});
    CHECK(plain + mixed == 1000);
  }
}

TEST_CASE("swiss trf: a name that is not UTF-8 is read as Windows-1252, with a note once") {
  // Swiss-Manager writes Windows-1252; 0x81 is a byte that set leaves undefined.
  const std::string text = "012 x\n" + player_line(1, "M\xFCller", 2100, "1.0", {"   2 w 1"}) +
                           "\n" +
                           player_line(2,
                                       "B\x81"
                                       "b \x80",
                                       2000, "0.0", {"   1 b 0"}) +
                           "\n";
  test::Collected collected;
  auto trf = boardgames::swiss::read_trf(text, "t.trf", collected.diagnostics);
  REQUIRE(trf);
  CHECK(trf->event.participants[0].name == "M\xC3\xBCller");
  // With a byte undefined there too, the bad bytes are replaced (the note says so).
  CHECK(trf->event.participants[1].name ==
        "B\xEF\xBF\xBD"
        "b \xEF\xBF\xBD");
  CHECK(collected.messages() ==
        std::vector<std::string>{
            "2:15: note: text that is not valid UTF-8 is read as Windows-1252 (Latin-1)",
            "3:15: note: bytes valid neither in UTF-8 nor in Windows-1252 are replaced by U+FFFD"});
}

TEST_CASE("swiss csv: read_results_event reads the rows under the game's default points") {
  const boardgames::PlayerList players;
  test::Collected collected;
  const auto event = read_results_event("round,white,black,result\n1,A,B,1-0\n1,C,D,0-1\n", "r.csv",
                                        players, boardgames::Game::go, collected.diagnostics);
  REQUIRE(event);
  CHECK(collected.messages().empty());
  CHECK(event->participants.size() == 4);
  CHECK(event->rounds_played() == 1);
  CHECK(event->points.win == boardgames::Points::parse("2").value());
  test::Collected bad;
  CHECK_FALSE(
      read_results_event("round,white\n", "r.csv", players, boardgames::Game::go, bad.diagnostics));
  CHECK_FALSE(bad.messages().empty());
}

TEST_CASE("swiss output: the pairing formats by name") {
  CHECK(parse_pairing_format("text") == PairingFormat::text);
  CHECK(parse_pairing_format("csv") == PairingFormat::csv);
  CHECK(parse_pairing_format("pairs") == PairingFormat::pairs);
  CHECK(parse_pairing_format("trf") == PairingFormat::trf);
  CHECK_FALSE(parse_pairing_format("TRF"));
}

TEST_CASE("swiss points: the arbiter's W,D,L set the bye to a win unless the bye is given") {
  using boardgames::Points;
  boardgames::PointSystem points;
  override_points(points, std::nullopt, std::nullopt);
  CHECK(points.win == Points::whole(1));
  override_points(points, std::array{Points::whole(3), Points::whole(1), Points::whole(0)},
                  std::nullopt);
  CHECK(points.win == Points::whole(3));
  CHECK(points.full_bye == Points::whole(3));
  CHECK(points.half_bye == Points::whole(1));
  CHECK(points.pairing_bye == Points::whole(3));
  override_points(points, std::array{Points::whole(2), Points::whole(1), Points::whole(0)},
                  Points::whole(1));
  CHECK(points.win == Points::whole(2));
  CHECK(points.pairing_bye == Points::whole(1));
}

TEST_CASE("swiss check: every round agrees only without problems and differences") {
  std::vector<RoundCheck> checks(2);
  CHECK(all_rounds_agree(checks));
  CHECK(all_rounds_agree({}));
  checks[1].differences.push_back("board 1 differs");
  CHECK_FALSE(all_rounds_agree(checks));
  checks[1].differences.clear();
  checks[0].problem = boardgames::Problem{};
  CHECK_FALSE(all_rounds_agree(checks));
}

namespace {

boardgames::PlayerList players_from(const std::string& csv) {
  test::Collected collected;
  auto source = boardgames::ByteSource::from_string(csv, "players.csv");
  auto players = boardgames::read_players_csv(source, collected.diagnostics);
  REQUIRE(collected.messages().empty());
  return players;
}

}  // namespace

TEST_CASE("swiss csv: FIDE's initial order — rating, then title, then name, unrated last") {
  auto players = players_from(
      "id,name,rating,title\n1,Zorig,,GM\n2,Bat,2100,\n3,Anu,2100,FM\n4,Dorj,2300,\n"
      "5,Enkh,2100,GM\n6,Bold,2100,\n7,Altan,,\n");
  order_by_rating(players);
  std::vector<std::string> ids;
  for (const auto& p : players.players) ids.push_back(p.id);
  // 2300; the 2100s: GM, FM, then untitled by name (Bat before Bold); the unrated by title.
  CHECK(ids == std::vector<std::string>{"4", "5", "3", "2", "6", "1", "7"});
  CHECK(players.find("Enkh").index == 1);
}

TEST_CASE("swiss csv: a players file alone is round 1, --apart forbids same-column pairs") {
  CHECK(looks_like_players_csv("id,Name,rating\n1,A,2000\n"));
  CHECK_FALSE(looks_like_players_csv("round,white,black,result,name\n"));
  CHECK_FALSE(looks_like_players_csv("001    1      A"));
  const auto players =
      players_from("id,name,club,family\n1,A,X,k\n2,B,Y,k\n3,C,X,\n4,D,X,m\n5,E,,m\n");
  test::Collected collected;
  auto event =
      read_results_event("", "r.csv", players, boardgames::Game::shatar, collected.diagnostics);
  REQUIRE(event);
  CHECK(event->participants.size() == 5);
  CHECK(event->rounds_played() == 0);
  CHECK_FALSE(forbid_same(*event, players, "club"));
  using Pair = std::pair<int, int>;
  CHECK(event->forbidden == std::vector<Pair>{{0, 2}, {0, 3}, {2, 3}});
  event->forbidden.clear();
  CHECK_FALSE(forbid_same(*event, players, "Family"));  // an extra column, any case
  CHECK(event->forbidden == std::vector<Pair>{{0, 1}, {3, 4}});
  const auto missing = forbid_same(*event, players, "team");
  REQUIRE(missing);
  CHECK(missing->reason == "the players file has no column 'team' to keep players apart by");
}
