// Xigua rules that the tools used to keep: the move text a person types, how a game ends (for a
// game played and a record replayed alike), and the best-of-N match.
#include <doctest/doctest.h>

#include "boardgames/core/random.h"
#include "boardgames/xigua/game.h"
#include "boardgames/xigua/match.h"
#include "boardgames/xigua/record.h"

namespace bg = boardgames;
namespace xg = boardgames::xigua;

namespace {

xg::Move move(const char* from, const char* to) {
  return xg::Move(*xg::parse_point(from), *xg::parse_point(to));
}

xg::PointSet points(std::initializer_list<const char*> names) {
  xg::PointSet set = 0;
  for (const char* name : names) set |= xg::bit(*xg::parse_point(name));
  return set;
}

}  // namespace

TEST_CASE(
    "xigua parse_move: FROM-TO with point names or pass, any case, anything else a problem naming "
    "the text") {
  CHECK(*xg::parse_move("N2-N1") == move("N2", "N1"));
  CHECK(*xg::parse_move("wnw-c") == move("WNW", "C"));
  CHECK(xg::parse_move("pass")->is_pass());
  CHECK(xg::parse_move("PaSs")->is_pass());
  for (const char* bad : {"", "-", "N2", "N2-", "-N1", "N2N1", "N2-N1-C", "N2-Q9", "N2 -N1",
                          "N2-N1 ", "passe", "99999999999999999999-1"}) {
    CAPTURE(bad);
    const bg::Expected<xg::Move> parsed = xg::parse_move(bad);
    REQUIRE_FALSE(parsed.has_value());
    CHECK(parsed.problem().token == bad);
    CHECK(parsed.problem().reason.find("FROM-TO") != std::string::npos);
  }
  // Parsing says nothing of legality: a move between points without a line is still a move.
  CHECK(xg::parse_move("N1-S1").has_value());
}

TEST_CASE(
    "xigua ending: four captures win before anything else, repetition and the move limit only "
    "where the rules say") {
  const xg::EndRules none;
  const xg::EndRules both{10, true};
  const xg::Position start = xg::Position::start();
  CHECK_FALSE(xg::ending(start, 1, 0, none).has_value());
  CHECK_FALSE(xg::ending(start, 2, 9, both).has_value());
  // The third repetition: a draw, under the rule only.
  CHECK_FALSE(xg::ending(start, 3, 5, none).has_value());
  const auto repeated = xg::ending(start, 3, 5, both);
  REQUIRE(repeated.has_value());
  CHECK(repeated->reason == xg::EndReason::repetition);
  CHECK_FALSE(repeated->winner.has_value());
  CHECK(xg::describe(*repeated) == "the same position a third time");
  // The move limit: the stone count decides; equal counts draw.
  const auto limit = xg::ending(start, 1, 10, both);
  REQUIRE(limit.has_value());
  CHECK(limit->reason == xg::EndReason::move_limit);
  CHECK_FALSE(limit->winner.has_value());
  CHECK(xg::describe(*limit) == "move limit (10 plies): stones on the board 6-6");
  const xg::Position white_ahead = xg::Position::from_sets(
      points({"N1", "N2", "N3"}), points({"S1", "S2", "S3", "SSE"}), xg::Side::black);
  const auto counted = xg::ending(white_ahead, 1, 10, both);
  REQUIRE(counted.has_value());
  CHECK(counted->winner == xg::Side::white);
  CHECK(xg::describe(*counted) == "move limit (10 plies): stones on the board 3-4");
  // Two White stones left: Black has captured 4 and wins, whatever else holds.
  const xg::Position won =
      xg::Position::from_sets(points({"N1", "N2", "N3"}), points({"S1", "S2"}), xg::Side::white);
  const auto captured = xg::ending(won, 3, 10, both);
  REQUIRE(captured.has_value());
  CHECK(captured->reason == xg::EndReason::four_captured);
  CHECK(captured->winner == xg::Side::black);
  CHECK(xg::describe(*captured) == "4 stones captured");
  // Ends the rules do not find in a position.
  CHECK(xg::same_stone_limit_loss(xg::Side::black).winner == xg::Side::white);
  CHECK(xg::describe(xg::same_stone_limit_loss(xg::Side::black)) ==
        "the fifth consecutive move of one stone loses");
  CHECK(xg::resignation(xg::Side::white).winner == xg::Side::black);
  CHECK(xg::describe(xg::resignation(xg::Side::white)) == "White resigned");
  CHECK(xg::record_result(xg::Side::black) == bg::RecordResult::first_wins);
  CHECK(xg::record_result(xg::Side::white) == bg::RecordResult::second_wins);
  CHECK(xg::record_result(std::nullopt) == bg::RecordResult::draw);
}

TEST_CASE(
    "xigua game: a position the third time draws under the repetition rule, the move limit counts, "
    "undo replays") {
  // Two stones of each side out and back. The same-stone counters are part of a position (the
  // last stone each side moved and how often), so the start never comes again, but the
  // position after ply 2 (N2 and S2 moved once each) does: after plies 10 and 18.
  const xg::Move cycle[] = {move("N2", "N1"),  move("S2", "S1"), move("ENE", "E3"),
                            move("ESE", "E2"), move("N1", "N2"), move("S1", "S2"),
                            move("E3", "ENE"), move("E2", "ESE")};
  xg::Game repeating(xg::Side::black, {0, true});
  xg::Game ignoring(xg::Side::black, {0, false});
  for (int ply = 0; ply < 24; ++ply) {
    const xg::Move m = cycle[ply % 8];
    REQUIRE_FALSE(ignoring.position().check_move(m).has_value());
    ignoring.play(m);
    if (!repeating.over()) repeating.play(m);
  }
  REQUIRE(repeating.over());
  CHECK(repeating.moves().size() == 18);
  CHECK(repeating.end()->reason == xg::EndReason::repetition);
  CHECK_FALSE(ignoring.over());
  CHECK(ignoring.history().size() == 24);
  // Undo: two plies back, the ending goes with them.
  repeating.take_back(2);
  CHECK_FALSE(repeating.over());
  CHECK(repeating.moves().size() == 16);
  repeating.take_back(100);
  CHECK(repeating.moves().empty());
  CHECK(repeating.position().key() == xg::Position::start().key());

  xg::Game limited(xg::Side::white, {3, true});
  limited.play(move("S2", "S1"));
  limited.play(move("N2", "N1"));
  CHECK_FALSE(limited.over());
  limited.play(move("S1", "S2"));
  REQUIRE(limited.over());
  CHECK(limited.end()->reason == xg::EndReason::move_limit);
  CHECK_FALSE(limited.end()->winner.has_value());

  xg::Game resigned(xg::Side::black, {});
  resigned.resign(xg::Side::black);
  REQUIRE(resigned.over());
  CHECK(resigned.end()->winner == xg::Side::white);
}

TEST_CASE("xigua game and record agree: the fourth capture ends both with the same words") {
  // Black's two stones take White's stones one by one; written as a record, replayed, the same end.
  const char* text = "1. N2-N1 S2-S1 2. N1-E1 ESE-E2 3. ENE-E3 E2-ENE 4. E1-E2 *\n";
  bg::Diagnostics quiet;
  const auto records = xg::read_records(text, "t.xg", quiet);
  REQUIRE(records.size() == 1);
  const xg::RecordReport report = xg::validate_record(records[0], "t.xg", {});
  REQUIRE(report.valid());
  xg::Game game(xg::Side::black, {});
  for (const xg::Move m : report.moves) game.play(m);
  CHECK(game.position().key() == report.final_position.key());
  CHECK(game.over() == !report.unfinished);
  // A record whose result the rules decided carries the Game's words.
  if (game.over()) {
    CHECK(report.result == xg::record_result(game.end()->winner));
    CHECK(report.result_reason == xg::describe(*game.end()));
  } else {
    CHECK(report.result == bg::RecordResult::unknown);
  }
}

TEST_CASE(
    "xigua best of N: 3 or 5 games, A alternates sides, the deciding game by lot, ends at more "
    "than half") {
  CHECK(xg::BestOf::allowed(3));
  CHECK(xg::BestOf::allowed(5));
  CHECK_FALSE(xg::BestOf::allowed(1));
  CHECK_FALSE(xg::BestOf::allowed(4));
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    bg::Random random(seed);
    bg::Random lots(seed);
    const xg::Side drawn = lots.below(2) == 0 ? xg::Side::black : xg::Side::white;
    xg::BestOf match(5, random);
    CHECK(match.side_of_a(1, random) == drawn);
    CHECK(match.side_of_a(2, random) == ~drawn);
    CHECK(match.side_of_a(3, random) == drawn);
    CHECK(match.side_of_a(4, random) == ~drawn);
    // Only the deciding game draws again.
    const xg::Side deciding = lots.below(2) == 0 ? xg::Side::black : xg::Side::white;
    CHECK(match.side_of_a(5, random) == deciding);
    CHECK(random.next() == lots.next());
  }
  bg::Random random(7);
  xg::BestOf three(3, random);
  three.add(xg::Side::black, xg::Side::black);  // A won
  CHECK_FALSE(three.decided());
  three.add(xg::Side::white, std::nullopt);  // a draw: 1½ - ½
  CHECK(three.a() == bg::Points::from_halves(3));
  CHECK(three.b() == bg::Points::from_halves(1));
  CHECK_FALSE(three.decided());
  three.add(xg::Side::black, xg::Side::white);  // B won: 1½ - 1½ after three games
  CHECK_FALSE(three.decided());
  xg::BestOf five(5, random);
  for (int g = 0; g < 2; ++g) five.add(xg::Side::white, xg::Side::white);
  CHECK_FALSE(five.decided());
  five.add(xg::Side::black, xg::Side::black);
  CHECK(five.decided());
  CHECK(five.a() == bg::Points::whole(3));
}
