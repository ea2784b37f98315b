// Xigua: perft against an independent count, the capture and same-stone rules as diagrams,
// record validation, and the engine against a random player and a shallower search.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <cctype>
#include <map>

#include "boardgames/core/diagnostics.h"
#include "boardgames/xigua/drawing.h"
#include "boardgames/xigua/engine.h"
#include "boardgames/xigua/record.h"
#include "test_support.h"

using namespace boardgames::xigua;

namespace {

// A position from an ASCII diagram: every "NAME(X)" is a Black stone, "NAME(O)" a White one,
// "NAME(.)" empty; points not mentioned are empty.
Position diagram(const std::string& text, Side to_move) {
  // A hand scanner rather than std::regex: GCC 12's <regex> trips -Wmaybe-uninitialized under
  // the sanitizer build, and the pattern is simple.
  PointSet black = 0;
  PointSet white = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '(' || i + 2 >= text.size() || text[i + 2] != ')') continue;
    const char stone = text[i + 1];
    if (stone != 'X' && stone != 'O' && stone != '.') continue;
    std::size_t start = i;
    while (start > 0 && (std::isupper(static_cast<unsigned char>(text[start - 1])) ||
                         std::isdigit(static_cast<unsigned char>(text[start - 1])))) {
      --start;
    }
    if (start == i) continue;
    const std::string name = text.substr(start, i - start);
    auto p = parse_point(name);
    REQUIRE_MESSAGE(p, "no point " << name);
    if (stone == 'X') black |= bit(*p);
    if (stone == 'O') white |= bit(*p);
  }
  return Position::from_sets(black, white, to_move);
}

// The board part of the ASCII diagram (without the line about whose move it is).
std::string board(const Position& p) {
  std::string text = board_diagram(p, false);
  return text.substr(0, text.rfind('\n', text.size() - 2) + 1);
}

Move move(std::string_view from, std::string_view to) {
  return Move(*parse_point(from), *parse_point(to));
}

}  // namespace

TEST_CASE("xigua board: 21 points, 36 edges, symmetric adjacency as the spec lists it") {
  int edges = 0;
  for (Point p = 0; p < kPoints; ++p) {
    for (Point q = 0; q < kPoints; ++q) {
      const bool pq = neighbours(p) & bit(q);
      CHECK(pq == static_cast<bool>(neighbours(q) & bit(p)));
      edges += pq ? 1 : 0;
    }
  }
  CHECK(edges == 2 * 36);
  CHECK(neighbours(*parse_point("C")) == (bit(*parse_point("N1")) | bit(*parse_point("E1")) |
                                          bit(*parse_point("S1")) | bit(*parse_point("W1"))));
  CHECK(__builtin_popcount(neighbours(*parse_point("N2"))) == 4);
  CHECK(__builtin_popcount(neighbours(*parse_point("NNE"))) == 3);
}

TEST_CASE("xigua perft: sequences of 1..8 stone moves from the start") {
  // Cross-checked with an independent brute-force program written separately (a dictionary
  // board and explicit group search) to depth 8.
  const std::uint64_t expected[] = {5, 21, 147, 1028, 8369, 66497, 601838, 5345633};
  const Position start = Position::start();
  for (int depth = 1; depth <= 8; ++depth) {
    CAPTURE(depth);
    CHECK(perft(start, depth) == expected[depth - 1]);
  }
}

TEST_CASE("xigua capture: a single stone, and a group of two, surrounded in one move") {
  Position p = diagram(R"(
              NNW(.)    N3(.)    NNE(.)
      WNW(.)            N2(X)            ENE(.)
                        N1(.)
W3(.)   W2(.)   W1(X)   C(O)    E1(X)   E2(.)   E3(.)
                        S1(X)
      WSW(.)            S2(.)            ESE(.)
              SSW(.)    S3(.)    SSE(.)
)",
                       Side::black);
  PointSet captured = 0;
  Position after = p.after(move("N2", "N1"), &captured);
  CHECK(captured == bit(*parse_point("C")));
  CHECK(after.captured_by(Side::black) == 1);
  CHECK(board(after) == board(diagram("N1(X) W1(X) E1(X) S1(X)", Side::white)));

  Position group = diagram("N3(O) N2(O) NNE(X) NNW(.) N1(X) WNW(X)", Side::black);
  Position took = group.after(move("WNW", "NNW"), &captured);
  CHECK(captured == (bit(*parse_point("N3")) | bit(*parse_point("N2"))));
  CHECK(took.captured_by(Side::black) == 2);
}

TEST_CASE(
    "xigua capture: a group touching the rim, one move taking two groups, own stones never "
    "removed") {
  // White ESE-E3 on the rim, held by E2 and SSE and ENE.
  Position rim = diagram("E3(O) ESE(O) ENE(X) E2(X) SSE(.) S3(X) C(X) S1(O)", Side::black);
  PointSet captured = 0;
  rim.after(move("S3", "SSE"), &captured);
  CHECK(captured == (bit(*parse_point("E3")) | bit(*parse_point("ESE"))));
  // Two separate White stones, ENE and ESE, lose their last liberty to one stone on E2 (the
  // point it leaves, E1, touches neither).
  Position twin = diagram("NNE(X) ENE(O) E3(X) ESE(O) SSE(X) E1(X) E2(.) S3(O) W3(O)", Side::black);
  Position moved = twin.after(move("E1", "E2"), &captured);
  CHECK(captured == (bit(*parse_point("ENE")) | bit(*parse_point("ESE"))));
  CHECK(moved.captured_by(Side::black) == 2);
  CHECK(board(moved) == board(diagram("NNE(X) E3(X) SSE(X) E2(X) S3(O) W3(O)", Side::white)));
  // A Black stone moving into a point without liberties of its own is not removed: the point
  // it left is its liberty.
  Position self = diagram("N1(O) E1(O) W1(O) S1(X) C(.)", Side::black);
  Position in = self.after(move("S1", "C"), &captured);
  CHECK(captured == 0);
  CHECK((in.stones(Side::black) & bit(*parse_point("C"))) != 0);
}

TEST_CASE("xigua: the win at exactly 4 captures, and when a capture jumps from 3 to 5") {
  // What ends the game is the stones left: capturing 4 of 6 leaves 2. With 4 White stones on
  // the board (2 captured), taking one more leaves 3: the game goes on.
  Position three = diagram("N1(X) E1(X) S1(.) S2(X) C(O) W1(X) S3(O) SSE(O) SSW(O)", Side::black);
  REQUIRE(three.count(Side::white) == 4);
  Position won = three.after(move("S2", "S1"));
  CHECK(won.count(Side::white) == 3);
  CHECK_FALSE(won.game_over());  // 3 White stones left: not yet
  // With 3 left (3 captured), the fourth capture wins at once and nobody moves again.
  Position last = diagram("N1(X) E1(X) S1(.) S2(X) C(O) W1(X) S3(O) SSE(O)", Side::black);
  Position over = last.after(move("S2", "S1"));
  CHECK(over.count(Side::white) == 2);
  CHECK(over.winner() == Side::black);
  MoveList none;
  over.legal_moves(none);
  CHECK(none.empty());
  // One move taking two stones from 3 captured (3 left) to 5 (1 left): a win as well.
  Position jump = diagram("NNE(X) ENE(O) E3(X) ESE(O) SSE(X) E1(X) E2(.) W3(O)", Side::black);
  REQUIRE(jump.count(Side::white) == 3);
  Position jumped = jump.after(move("E1", "E2"));
  CHECK(jumped.count(Side::white) == 1);
  CHECK(jumped.winner() == Side::black);
}

TEST_CASE(
    "xigua same-stone limit: the 4th move of one stone allowed, the 5th refused, another stone "
    "resets, a pass neither counts nor resets") {
  Position p = diagram("C(X) N2(X) NNE(X) S3(O) SSE(O) SSW(O)", Side::black);
  const Move round_trip[] = {move("C", "N1"), move("N1", "C"), move("C", "E1"), move("E1", "C")};
  const Move white_shuffle[] = {move("S3", "S2"), move("S2", "S3")};
  for (int i = 0; i < 4; ++i) {
    REQUIRE_FALSE(p.check_move(round_trip[i]).has_value());
    p = p.after(round_trip[i]);
    CHECK(p.counter(Side::black).count == i + 1);
    p = p.after(white_shuffle[i % 2]);
  }
  CHECK(p.check_move(move("C", "W1")) == Illegal::same_stone_limit);
  // White's S3 stone has moved four times too: White answers with another stone from here on.
  const Move white_other = move("SSE", "ESE");
  // A pass: still refused afterwards, and the count stays 4.
  REQUIRE_FALSE(p.after(Move::pass()).check_move(white_other).has_value());
  Position passed = p.after(Move::pass()).after(white_other);
  CHECK(passed.counter(Side::black).count == 4);
  CHECK(passed.check_move(move("C", "W1")) == Illegal::same_stone_limit);
  // Another stone moves: the count restarts with that stone, and the first may move again.
  REQUIRE_FALSE(p.after(move("N2", "N1")).check_move(white_other).has_value());
  Position other = p.after(move("N2", "N1")).after(white_other);
  CHECK(other.counter(Side::black).count == 1);
  CHECK_FALSE(other.check_move(move("C", "W1")).has_value());
}

TEST_CASE("xigua records: illegal moves with their reasons, the fifth move of one stone loses") {
  boardgames::Diagnostics quiet;
  auto records = read_records(
      "[Black \"A\"]\n[White \"B\"]\n[Result \"1-0\"]\n"
      "1. N2-N1 S2-S1\n2. N1-C S1-E1 ; comment\n3. C-W1 E1-S1\n4. W1-C S1-E1\n5. C-N1 1-0\n\n"
      "[Black \"C\"]\n1. N2-C S2-S1 *\n\n"
      "1. N2-N1 S2-S1 2. N1-C xS1 *\n",
      "t.xg", quiet);
  REQUIRE(records.size() == 3);
  RecordReport five = validate_record(records[0], "t.xg", {});
  REQUIRE_FALSE(five.valid());
  CHECK(five.error->ply == 9);
  CHECK(five.result ==
        boardgames::RecordResult::second_wins);  // Black's fifth move with the N2 stone loses
  CHECK(five.error->reason.find("four turns in a row") != std::string::npos);
  RecordReport jump = validate_record(records[1], "t.xg", {});
  REQUIRE_FALSE(jump.valid());
  CHECK(jump.error->ply == 1);
  CHECK(jump.error->reason == "the two points are not joined by a line");
  CHECK(jump.error->token == "N2-C");
  CHECK(jump.error->where == boardgames::SourceLocation{"t.xg", 11, 4});
  // A capture written where there is none: a warning, the move stands.
  RecordReport wrong = validate_record(records[2], "t.xg", {});
  CHECK(wrong.valid());
  REQUIRE(wrong.diagnostics.size() == 1);
  CHECK(wrong.diagnostics[0].message.find("do not match") != std::string::npos);
}

TEST_CASE(
    "xigua manual capture: a written capture comes off, an unwritten one escapes, a wrong one is "
    "put back") {
  boardgames::Diagnostics quiet;
  // After 4. E1-E2 the White stone that came to ENE has no liberty (NNE, E3, E2 are Black).
  const std::string opening = "1. N2-N1 S2-S1 2. N1-E1 ESE-E2 3. ENE-E3 E2-ENE 4. E1-E2";
  auto records = read_records(opening + " xENE *\n\n" + opening + " *\n\n" +
                                  "1. N2-N1 S2-S1 2. N1-E1 ESE-E2 3. ENE-E3 xE2 *\n",
                              "m.xg", quiet);
  REQUIRE(records.size() == 3);
  ValidateOptions manual;
  manual.manual_capture = true;
  const Point ene = *parse_point("ENE");
  RecordReport written = validate_record(records[0], "m.xg", manual);
  CHECK(written.valid());
  CHECK(written.final_position.captured_by(Side::black) == 1);
  CHECK((written.final_position.stones(Side::white) & bit(ene)) == 0);
  RecordReport unwritten = validate_record(records[1], "m.xg", manual);
  CHECK(unwritten.valid());
  CHECK((unwritten.final_position.stones(Side::white) & bit(ene)) != 0);  // escaped
  REQUIRE(unwritten.diagnostics.size() == 1);
  CHECK(unwritten.diagnostics[0].message.find("escape and stay on the board: ENE") !=
        std::string::npos);
  RecordReport wrong = validate_record(records[2], "m.xg", manual);
  CHECK(wrong.valid());
  CHECK(wrong.final_position.count(Side::white) == 6);  // put back
  REQUIRE(wrong.diagnostics.size() == 1);
  CHECK(wrong.diagnostics[0].message.find("wrong capture: xE2 still has a liberty") !=
        std::string::npos);
  // Without --manual-capture the same unwritten capture happens automatically.
  RecordReport automatic = validate_record(records[1], "m.xg", {});
  CHECK((automatic.final_position.stones(Side::white) & bit(ene)) == 0);
}

TEST_SUITE("slow") {
  TEST_CASE("xigua engine: depth 6 beats a random player in 100 games out of 100") {
    boardgames::Random random(2026);
    Engine engine(1 << 16);
    int wins = 0;
    for (int game = 0; game < 100; ++game) {
      const Side engine_side = game % 2 == 0 ? Side::black : Side::white;
      Position p = Position::start(game % 4 < 2 ? Side::black : Side::white);
      std::vector<std::uint64_t> history;
      for (int ply = 0; ply < 200 && !p.game_over(); ++ply) {
        Move m;
        if (p.side_to_move() == engine_side) {
          SearchLimits limits;
          limits.depth = 6;
          m = engine.search(p, limits, history).pv.front();
        } else {
          m = random_move(p, random);
        }
        history.push_back(p.key());
        p = p.after(m);
      }
      if (p.winner() == engine_side) ++wins;
    }
    CHECK(wins == 100);
  }

  TEST_CASE("xigua engine: depth 6 beats depth 2 in a 20-game match") {
    boardgames::Random random(7);
    int deep = 0;
    int shallow = 0;
    for (int game = 0; game < 20; ++game) {
      Engine a(1 << 16);
      Engine b(1 << 16);
      const Side deep_side = game % 2 == 0 ? Side::black : Side::white;
      Position p = Position::start();
      std::vector<std::uint64_t> history;
      for (int i = 0; i < 2; ++i) {  // random opening plies, for different games
        history.push_back(p.key());
        p = p.after(random_move(p, random));
      }
      std::map<std::uint64_t, int> seen;
      for (int ply = 0; ply < 200 && !p.game_over(); ++ply) {
        if (++seen[p.key()] >= 3) break;  // a draw by repetition
        SearchLimits limits;
        limits.depth = p.side_to_move() == deep_side ? 6 : 2;
        Engine& engine = p.side_to_move() == deep_side ? a : b;
        const Move m = engine.search(p, limits, history).pv.front();
        history.push_back(p.key());
        p = p.after(m);
      }
      if (auto winner = p.winner()) {
        (*winner == deep_side ? deep : shallow)++;
      } else if (p.count(deep_side) != p.count(~deep_side)) {
        (p.count(deep_side) > p.count(~deep_side) ? deep : shallow)++;
      }
    }
    MESSAGE("depth 6 won " << deep << ", depth 2 won " << shallow << " of 20");
    CHECK(deep > shallow);
    CHECK(2 * deep + (20 - deep - shallow) > 20);  // more than half the match points
  }
}  // TEST_SUITE("slow")

TEST_CASE("xigua svg: a standalone picture with every point named") {
  const std::string svg = board_svg(Position::start(), "start");
  CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  for (std::string_view name : kPointNames)
    CHECK(svg.find(fmt::format(">{}</text>", name)) != std::string::npos);
  CHECK(svg.find("fill=\"#111\"") != std::string::npos);
}
