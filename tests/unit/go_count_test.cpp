// go-score's rules, now in the library (go/count.h): which komi, which dead stones, whether the
// count agrees with the recorded result.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boardgames/go/count.h"
#include "test_support.h"

namespace bg = boardgames;
namespace go = boardgames::go;

namespace {

go::Replay diagram(const std::string& text) {
  auto r = go::read_diagram(text);
  REQUIRE_MESSAGE(r, (r ? "" : r.problem().reason));
  return *r;
}

// A 5×5 game: Black above, White below, the White stone on C3 marked dead (lower case).
const char* kMarked =
    ".X.X.\n"
    "XXXXX\n"
    "XXoXX\n"
    "OOOOO\n"
    ".O.O.\n";

}  // namespace

TEST_CASE("go count: the arbiter's komi, else the record's KM, else 7.5 points") {
  go::Replay r = diagram(kMarked);
  CHECK(go::kDefaultKomi == 30);
  CHECK(go::komi_for(r, std::nullopt) == go::kDefaultKomi);
  r.komi = 26;  // 6.5 points
  CHECK(go::komi_for(r, std::nullopt) == 26);
  CHECK(go::komi_for(r, go::Eighths{0}) == 0);
  // KM that is not a komi: a warning at its place, and the default counted.
  r.komi.reset();
  r.komi_text = "seven";
  r.komi_where = {3, 14};
  test::Collected found;
  go::CountOptions no_dead;  // (the diagram's marked chain has a warning of its own)
  no_dead.dead = go::DeadStones::none;
  const go::GameCount count = go::count_game(r, no_dead, found.diagnostics);
  CHECK(count.score.komi == go::kDefaultKomi);
  REQUIRE(found.all.size() == 1);
  CHECK(found.all[0].where.line == 3);
  CHECK(found.all[0].message == "KM[seven] is not a komi: 7.5 points assumed");
  // Not when the arbiter gives the komi.
  go::CountOptions given = no_dead;
  given.komi = 16;
  test::Collected quiet;
  CHECK(go::count_game(r, given, quiet.diagnostics).score.komi == 16);
  CHECK(quiet.all.empty());
}

TEST_CASE("go count: dead stones given (a chain each), none, or the record's marks") {
  const go::Replay r = diagram(kMarked);
  REQUIRE(r.has_marks);
  test::Collected found;
  const go::GameCount marked = go::count_game(r, {}, found.diagnostics);
  CHECK(marked.dead_source == go::DeadSource::marked);
  CHECK(marked.score.dead.size() == 1);
  // C3 is marked, the chain it joins (rows 1 and 2) is not: counted as marked, and said so.
  REQUIRE(found.all.size() == 1);
  CHECK(found.all[0].message.starts_with("the record marks part of a chain dead"));
  CHECK(found.all[0].message.ends_with(": C3"));
  go::CountOptions none;
  none.dead = go::DeadStones::none;
  const go::GameCount alive = go::count_game(r, none, found.diagnostics);
  CHECK(alive.dead_source == go::DeadSource::given);
  CHECK(alive.score.dead.empty());
  // One point names its whole chain: A2 the White stones of rows 1 and 2 and C3 joined to
  // them. A point off the board is an error, an empty point a warning.
  go::CountOptions chain;
  chain.dead = go::DeadStones::given;
  chain.dead_points = {"A2", "Z9", "A1"};
  test::Collected given;
  const go::GameCount counted = go::count_game(r, chain, given.diagnostics);
  CHECK(counted.score.dead.size() == 8);
  REQUIRE(given.all.size() == 2);
  CHECK(given.all[0].severity == bg::Severity::error);
  CHECK(given.all[0].message == "--dead: 'Z9' is not a point of this 5×5 board");
  CHECK(given.all[1].message == "--dead: A1 holds no stone");
  CHECK(go::dead_source_name(go::DeadSource::automatic) == "automatic");
}

TEST_CASE("go count: the recorded result against the count — winner, and margin when RE has one") {
  const go::Replay r = diagram(kMarked);
  test::Collected found;
  const go::Score score = go::count_game(r, {}, found.diagnostics).score;
  const std::string ours = score.sgf_result();
  REQUIRE(ours.size() > 2);
  const std::string winner = ours.substr(0, 2);  // "B+" or "W+"
  const std::string loser = winner == "B+" ? "W+" : "B+";
  CHECK_FALSE(go::result_disagreement("", score));
  CHECK_FALSE(go::result_disagreement(ours, score));
  CHECK_FALSE(go::result_disagreement(winner + "R", score));
  CHECK_FALSE(go::result_disagreement(" " + winner + "T", score));
  const auto wrong_winner = go::result_disagreement(" " + loser + "R ", score);
  REQUIRE(wrong_winner);
  CHECK(wrong_winner->reason == "the record says " + loser + "R, the count says " + ours);
  CHECK(wrong_winner->token == loser + "R");
  CHECK(go::result_disagreement("Draw", score).has_value());
  CHECK(go::result_disagreement(winner + "100.25", score).has_value());  // the wrong margin
}

TEST_CASE("go count: --dead as the arbiter gives it — auto, none, the record's, or points") {
  CHECK(go::parse_dead_stones("", "--dead")->dead == go::DeadStones::marked_else_settled);
  CHECK(go::parse_dead_stones("auto", "--dead")->dead == go::DeadStones::settled);
  CHECK(go::parse_dead_stones("none", "--dead")->dead == go::DeadStones::none);
  const auto given = go::parse_dead_stones(" D4, pp,,", "--dead");
  REQUIRE(given);
  CHECK(given->dead == go::DeadStones::given);
  CHECK(given->points == std::vector<std::string>{"D4", "pp"});
  CHECK(go::parse_dead_stones(" , ", "--dead")->dead == go::DeadStones::marked_else_settled);
  const auto bad = go::parse_dead_stones("D4,Z99", "--dead");
  REQUIRE_FALSE(bad);
  CHECK(bad.problem().token == "Z99");
  CHECK(bad.problem().reason ==
        "--dead: 'Z99' is not a point (D4 or dd style, boards up to 25×25)");
}
