// Go: the rule book's worked examples, rules as diagrams (capture, suicide, snapback, ko,
// superko, seki, shared points), SGF reading, GNU Go's finished self-play games and real
// counted games scored.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "boardgames/core/strings.h"
#include "boardgames/go/drawing.h"
#include "boardgames/go/reading.h"
#include "boardgames/go/record.h"
#include "boardgames/go/status.h"
#include "test_support.h"

#include "go/settling.h"

using namespace boardgames::go;

namespace {

// A board from rows of '.', 'X', 'O' (top row first); lower case marks dead stones.
Replay diagram(const std::string& text) {
  auto r = read_diagram(text);
  REQUIRE_MESSAGE(r, (r ? "" : r.problem().reason));
  return *r;
}

Score score_of(const Replay& r, Eighths komi = 30) {
  ScoreSettings settings;
  settings.komi = komi;
  return count_area(r.board, r.marked_dead, settings);
}

// The automatic settling of a diagram with Black to move: the default options but the seed,
// and without the opponent-first attack test when `attack` is false.
Settlement settle_diagram(const Replay& r, std::uint64_t seed, bool attack = true) {
  SettleOptions options;
  options.seed = seed;
  if (!attack) options.attack_playouts = 0;
  return settle(r.board, Stone::black, options);
}

// The SGF-style result of a diagram with those dead stones, komi 7.5 points.
std::string result_with(const Replay& r, const std::vector<Point>& dead) {
  ScoreSettings settings;
  settings.komi = 30;
  return count_area(r.board, dead, settings).sgf_result();
}

// A full 19×19 board with Black holding `black_halves`/2 points: stones filled row by row,
// Black first, with one empty point between the colours when the count has a half.
Board counted_board(int black_halves) {
  Board board(19);
  const int black_stones = black_halves / 2;
  const bool shared = black_halves % 2 == 1;
  int index = 0;
  for (int y = 0; y < 19; ++y) {
    for (int x = 0; x < 19; ++x, ++index) {
      if (index < black_stones) {
        board.set(board.point(x, y), Stone::black);
      } else if (shared && index == black_stones) {
        // left empty: it touches both colours
      } else {
        board.set(board.point(x, y), Stone::white);
      }
    }
  }
  return board;
}

std::vector<SgfGame> sgf(const std::string& text) {
  boardgames::Diagnostics quiet;
  return read_sgf(text, "t.sgf", quiet);
}

// The dead stones count_cut_off_dead leaves, given the uncertain and dead stones before.
std::vector<Point> counted_dead(const Board& board, std::vector<Point> uncertain,
                                std::vector<Point> dead) {
  Settlement s;
  s.uncertain = std::move(uncertain);
  s.dead = std::move(dead);
  count_cut_off_dead(board, s);
  return s.dead;
}

}  // namespace

TEST_CASE("go score: the rule book's worked examples, komi 3 3/4 stones") {
  // Black 185 -> Black wins by 3/4 stone (B+1.5).
  Score a = count_area(counted_board(370), {}, {});
  CHECK(a.black == 185 * kStone);
  CHECK(a.text() == "Black 185, White 176: Black wins by 3/4 stone (B+1.5)");
  // Black 184 -> Black loses by 1/4 stone (W+0.5).
  Score b = count_area(counted_board(368), {}, {});
  CHECK(b.text() == "Black 184, White 177: White wins by 1/4 stone (W+0.5)");
  // Black 184.5 (one shared point) -> Black wins by 1/4 stone (B+0.5).
  Score c = count_area(counted_board(369), {}, {});
  CHECK(c.shared_points == 1);
  CHECK(c.text() == "Black 184.5, White 176.5: Black wins by 1/4 stone (B+0.5)");
  // The older 2 3/4-stone komi: 184 now wins by 1/4... 184 - 180.5 - 2.75 = 0.75.
  ScoreSettings older;
  older.komi = 22;
  CHECK(count_area(counted_board(368), {}, older).sgf_result() == "B+1.5");
  // Warnings: one stone each; two lose the game whatever the count.
  ScoreSettings warned;
  warned.black_warnings = 1;
  CHECK(count_area(counted_board(370), {}, warned).sgf_result() == "W+0.5");
  warned.black_warnings = 2;
  CHECK(count_area(counted_board(400), {}, warned).winner() == Stone::white);
}

TEST_CASE("go: capture, suicide, snapback") {
  Replay s = diagram(R"(
.X...
X.X..
.X...
.....
.....
)");
  Game suicide(5, Rules{});
  for (Point p : s.board.all_points()) suicide.setup(p, s.board.at(p));
  suicide.setup_done();
  auto why = suicide.check(*s.board.parse("B4"), Stone::white);
  REQUIRE(why);
  CHECK(why->describe() == "suicide: the stone (or its group) would have no liberty");
  CHECK_FALSE(suicide.check(*s.board.parse("B4"), Stone::black));  // Black may fill its own eye
  // Snapback: White E1 takes the Black stone on E2; Black plays E2 again and takes three.
  Replay snap = diagram(R"(
...OO
.OXXO
..XXO
..XOX
X.XO.
)");
  Game g(5, Rules{});
  for (Point p : snap.board.all_points()) g.setup(p, snap.board.at(p));
  g.set_to_move(Stone::white);
  g.setup_done();
  REQUIRE_FALSE(g.check(*snap.board.parse("E1"), Stone::white));
  g.play(*snap.board.parse("E1"), Stone::white);
  CHECK(g.board().at(*snap.board.parse("E2")) == Stone::empty);
  REQUIRE_FALSE(g.check(*snap.board.parse("E2"), Stone::black));
  g.play(*snap.board.parse("E2"), Stone::black);
  for (const char* taken : {"D2", "D1", "E1"})
    CHECK(g.board().at(*snap.board.parse(taken)) == Stone::empty);
  CHECK(g.board().consistent());
}

TEST_CASE("go board: copies and moves are boards of their own, whatever sizes they meet") {
  // The board keeps its arrays in one block of storage: a copy must get a block of its own, an
  // assignment must keep its block only when the sizes match, and a moved-from board must take
  // an assignment again.
  Board original(9);
  original.play(*original.parse("C3"), Stone::black);
  original.play(*original.parse("C4"), Stone::white);
  Board copy = original;
  copy.play(*copy.parse("D3"), Stone::white);
  copy.play(*copy.parse("B3"), Stone::white);
  copy.play(*copy.parse("C2"), Stone::white);  // takes C3
  CHECK(copy.at(*copy.parse("C3")) == Stone::empty);
  CHECK(original.at(*original.parse("C3")) == Stone::black);
  CHECK(original.at(*original.parse("D3")) == Stone::empty);
  CHECK(original.liberties(*original.parse("C3")) == 3);
  CHECK(original.hash() != copy.hash());
  CHECK(original.consistent());
  CHECK(copy.consistent());

  Board big(19);
  big.play(*big.parse("Q16"), Stone::black);
  big = original;  // 19×19 storage given up for 9×9
  CHECK(big.size() == 9);
  CHECK(big.all_points().size() == 81);
  CHECK(big.hash() == original.hash());
  CHECK(big.liberties(*big.parse("C4")) == 3);
  CHECK(big.consistent());
  big.play(*big.parse("J9"), Stone::black);
  CHECK(original.at(*original.parse("J9")) == Stone::empty);

  Board same(9);
  same = copy;  // the same size: its own storage, overwritten
  CHECK(same.hash() == copy.hash());
  same.play(*same.parse("A1"), Stone::black);
  CHECK(copy.at(*copy.parse("A1")) == Stone::empty);

  Board moved = std::move(same);
  CHECK(moved.at(*moved.parse("A1")) == Stone::black);
  CHECK(moved.consistent());
  same = original;  // a moved-from board takes an assignment
  CHECK(same.hash() == original.hash());
  CHECK(same.consistent());
  const Board& self = same;
  same = self;
  CHECK(same.consistent());
}

TEST_CASE("go: ko and a superko cycle, under each rule") {
  Replay ko = diagram(R"(
.XO..
X.XO.
.XO..
.....
.....
)");
  for (KoRule rule : {KoRule::positional, KoRule::situational, KoRule::simple}) {
    Game g(5, Rules{rule, false});
    for (Point p : ko.board.all_points()) g.setup(p, ko.board.at(p));
    g.set_to_move(Stone::white);
    g.setup_done();
    g.play(*ko.board.parse("B4"), Stone::white);  // takes C4
    auto retake = g.check(*ko.board.parse("C4"), Stone::black);
    REQUIRE(retake);
    if (rule == KoRule::simple) {
      CHECK(retake->kind == IllegalMove::Kind::ko);
    } else {
      CHECK(retake->describe() == "it repeats the start position (whole-board repetition)");
    }
  }
  // A triple-ko style cycle: after passes the same position may come back; positional superko
  // forbids it, situational superko allows it when the other side is to move.
  Game g(5, Rules{KoRule::positional, false});
  for (Point p : ko.board.all_points()) g.setup(p, ko.board.at(p));
  g.set_to_move(Stone::white);
  g.setup_done();
  g.play(*ko.board.parse("B4"), Stone::white);
  g.play(kPass, Stone::black);
  g.play(kPass, Stone::white);
  auto again = g.check(*ko.board.parse("C4"), Stone::black);
  REQUIRE(again);
  CHECK(again->describe() == "it repeats the start position (whole-board repetition)");
  // Under simple ko the same retake is legal once both players have passed in between.
  Game simple(5, Rules{KoRule::simple, false});
  for (Point p : ko.board.all_points()) simple.setup(p, ko.board.at(p));
  simple.set_to_move(Stone::white);
  simple.setup_done();
  simple.play(*ko.board.parse("B4"), Stone::white);
  simple.play(kPass, Stone::black);
  simple.play(kPass, Stone::white);
  CHECK_FALSE(simple.check(*ko.board.parse("C4"), Stone::black).has_value());
}

TEST_CASE("go count: seki liberties shared, territory, dead stones marked") {
  // A seki on the left: Black A4-A3 and White B5-B4 share their only liberties A5 and B3;
  // neither may fill one without putting itself into atari. A5 and the region B3 B2 C2 touch
  // both colours: 4 shared points, half each. D3 is Black's, A1 White's.
  // Black 15 stones + D3 + 2 = 18; White 4 stones + A1 + 2 = 7.
  Replay seki = diagram(R"(
.OXXX
XOXXX
X.X.X
O..XX
.OXXX
)");
  Score s = score_of(seki, 0);
  CHECK(s.shared_points == 4);
  CHECK(s.black == 18 * kStone);
  CHECK(s.white == 7 * kStone);
  CHECK(s.sgf_result() == "B+11");  // 18 - 12.5 = 5.5 stones
  // A dead White stone inside Black's area counts for Black after it is taken off.
  Replay dead = diagram(R"(
.X...
X.X..
.Xo..
XXX..
.....
)");
  Score d = score_of(dead, 0);
  CHECK(d.black == 25 * kStone);
  CHECK(d.sgf_result() == "B+25");
}

TEST_CASE("go count: five or more shared points in one region are an open border") {
  // Column C is empty between the two walls: five points reaching both colours, one region —
  // a border left open. With a Black stone in the middle it is two regions of two dame each.
  struct Case {
    const char* position;
    int shared_points;
    std::size_t largest_region;
    bool open_border;
  };
  const Case cases[] = {
      {"XX.OO\nXX.OO\nXX.OO\nXX.OO\nXX.OO\n", 5, 5, true},
      {"XX.OO\nXX.OO\nXXXOO\nXX.OO\nXX.OO\n", 4, 2, false},
  };
  for (const Case& c : cases) {
    CAPTURE(c.position);
    Replay r = diagram(c.position);
    const Score score = count_area(r.board, {}, ScoreSettings{});
    CHECK(score.shared_points == c.shared_points);
    REQUIRE(score.largest_shared_region.size() == c.largest_region);
    CHECK(r.board.name(score.largest_shared_region.front()) == "C5");  // the region's first point
    CHECK(score.open_border() == c.open_border);
  }
}

TEST_CASE("go diagram: what --show draws reads back as the same position, errors say where") {
  Replay dead = diagram(R"(
.X...
X.X..
.Xo..
XXX.O
.....
)");
  const std::string drawn = board_diagram(dead.board, score_of(dead, 0));
  Replay again = diagram(drawn);  // the legend too: a comment line
  CHECK(again.board.hash() == dead.board.hash());
  CHECK(again.marked_dead == dead.marked_dead);

  auto bad_point = read_diagram("...\n.Z.\n...\n");
  REQUIRE_FALSE(bad_point);
  CHECK(bad_point.problem().where.line == 2);
  CHECK(bad_point.problem().where.column == 2);
  CHECK(bad_point.problem().token == "Z");
  auto short_row = read_diagram("...\n..\n...\n");
  REQUIRE_FALSE(short_row);
  CHECK(short_row.problem().where.line == 2);
}

TEST_CASE("go sgf: main line of variations, escapes, passes, setup and handicap, KM x100") {
  auto games =
      sgf("(;GM[1]FF[4]SZ[9]KM[750]HA[2]AB[cc][gg]PB[Li \\] Wei]RE[W+1.5]C[a\\\\b]"
          ";W[ee](;B[dd];W[tt];B[];W[ff])(;B[aa]))(;SZ[5];B[cc])");
  REQUIRE(games.size() == 2);
  Replay r = replay_sgf(games[0], Rules{});
  CHECK(r.size == 9);
  CHECK(r.komi == 30);  // 7.5 points
  CHECK(r.black == "Li ] Wei");
  CHECK(r.legal());
  CHECK(r.moves == 5);  // W E5, B D6, W pass (tt), B pass, W F4
  CHECK(r.board.at(*r.board.parse("D6")) == Stone::black);
  CHECK(r.board.at(*r.board.parse("A9")) == Stone::empty);  // the side variation is not played
  CHECK(r.board.at(*r.board.parse("C7")) == Stone::black);  // handicap
  // An illegal move is reported with its number, colour and point.
  auto bad = sgf("(;SZ[5];B[cc];W[cc])");
  Replay b = replay_sgf(bad[0], Rules{});
  REQUIRE_FALSE(b.legal());
  CHECK(b.problem->ply == 2);
  CHECK(b.problem->token == "C3");
  CHECK(b.problem->reason == "move 2 (White C3) is illegal: the point is occupied");
  CHECK(b.problem->where.line == 1);
  CHECK(b.problem->where.column == 15);
  CHECK(parse_komi_points("6.5") == 26);
  CHECK(parse_komi_points("650") == 26);
  CHECK(parse_komi_points("0") == 0);
}

TEST_CASE(
    "go sgf: a file that claims UTF-8 but is GB18030 is read without loss, bad bytes never crash") {
  // 李 in GB18030 is C0 EE.
  auto games = sgf("(;CA[UTF-8]PB[\xC0\xEE]SZ[9];B[ee])");
  REQUIRE(games.size() == 1);
  CHECK(games[0].main_line[0].value("PB") == "\xE6\x9D\x8E");
  CHECK(games[0].encoding == "GB18030");
  auto gb = sgf("(;CA[GB2312]PW[\xC0\xEE]SZ[9])");
  CHECK(gb[0].main_line[0].value("PW") == "\xE6\x9D\x8E");
  auto garbage = sgf("(;CA[UTF-8]PB[\xFF\xFE\x80]SZ[9];B[ee])");
  REQUIRE(garbage.size() == 1);
  CHECK(garbage[0].main_line[0].value("PB").find("\xEF\xBF\xBD") != std::string_view::npos);
}

TEST_CASE("go sgf: a double-byte character ending in a backslash or a bracket stays in its value") {
  // Shift_JIS ソ is 83 5C and 表 95 5C; the half-width ｱ (B1) is one byte and no lead byte.
  auto sjis = sgf("(;CA[Shift_JIS]PB[\x83\x5C]PW[\x95\x5C\xB1]RE[W+16.5]SZ[9];B[ee])");
  REQUIRE(sjis.size() == 1);
  CHECK(sjis[0].main_line[0].value("PB") == "ソ");
  CHECK(sjis[0].main_line[0].value("PW") == "表ｱ");
  CHECK(sjis[0].main_line[0].value("RE") == "W+16.5");
  // Big5 許 is B3 5C; GBK's 81 5D (乚) ends in ']'. A variation holding one is skipped whole.
  auto big5 = sgf("(;PB[\xB3\x5C]CA[Big5]SZ[9];B[ee](;W[dd]C[\xB3\x5C])(;W[cc]C[\xB3\x5C]))");
  REQUIRE(big5.size() == 1);
  CHECK(big5[0].main_line[0].value("PB") == "許");
  CHECK(big5[0].main_line.size() == 3);
  auto gbk = sgf("(;CA[GBK]PB[\x81\x5D]PW[w]SZ[9])");
  REQUIRE(gbk.size() == 1);
  CHECK(gbk[0].main_line[0].value("PB") == "乚");
  CHECK(gbk[0].main_line[0].value("PW") == "w");
  // The CA[] looked up is the game's own root's, never a later game's (here after a game whose
  // moves are written "; B[...]").
  auto two = sgf("(;GM[1]SZ[9]PB[\x83\\]x]; B[ee])(;CA[Shift_JIS]SZ[9]PB[\x83\x5C];B[ee])");
  REQUIRE(two.size() == 2);
  CHECK(two[0].main_line[0].value("PB").ends_with("]x"));
  CHECK(two[1].main_line[0].value("PB") == "ソ");
  // In UTF-8 (or without CA) a backslash still escapes.
  auto utf8 = sgf("(;PB[a\\]b]SZ[9])");
  CHECK(utf8[0].main_line[0].value("PB") == "a]b");
}

TEST_CASE("go: GNU Go's 65 finished self-play games score as the engine scored them") {
  const auto index_path = test::shared_file("go/selfplay/index.csv");
  std::istringstream index(test::read_file(index_path));
  std::string line;
  std::getline(index, line);
  int exact = 0;
  int total = 0;
  while (std::getline(index, line)) {
    auto cells = boardgames::split(line, ',');
    const std::string file(cells[0]);
    const std::string expected(cells[7]);
    auto games = sgf(test::read_file(index_path.parent_path() / file));
    REQUIRE(games.size() == 1);
    Replay r = replay_sgf(games[0], Rules{});
    REQUIRE(r.legal());
    REQUIRE(r.has_marks);
    ScoreSettings settings;
    settings.komi = *r.komi;
    const std::string result = count_area(r.board, r.marked_dead, settings).sgf_result();
    ++total;
    CAPTURE(file);
    if (file == "gnugo_9x9_d006.sgf") {
      // GNU Go counts the eye of the White group in seki (G7) for nobody; the rule book counts
      // an empty point that reaches only White stones for White: one stone, two points.
      CHECK(expected == "B+0.5");
      CHECK(result == "W+0.5");
      continue;
    }
    CHECK(result == expected);
    exact += result == expected ? 1 : 0;
  }
  CHECK(total == 65);
  CHECK(exact == 64);
}

TEST_CASE("go status: Benson finds unconditional life, playouts keep a seki and find dead stones") {
  Replay alive = diagram(R"(
.X.X.
XXXXX
OOOOO
.....
.....
)");
  auto life = benson_alive(alive.board, Stone::black);
  CHECK(life[*alive.board.parse("B4")]);
  auto none = benson_alive(alive.board, Stone::white);
  CHECK_FALSE(none[*alive.board.parse("B3")]);
  // GNU Go's game 0 on 9×9 ends in a seki (its index lists the stones): no stone may be called
  // dead, and the count is the engine's.
  const auto path = test::shared_file("go/selfplay/gnugo_9x9_000.sgf");
  auto games = sgf(test::read_file(path));
  Replay r = replay_sgf(games[0], Rules{});
  Settlement s = settle(r.board, r.to_move, {});
  CHECK(s.dead.empty());
  ScoreSettings settings;
  settings.komi = *r.komi;
  CHECK(count_area(r.board, s.dead, settings).sgf_result() == "W+1.5");
}

TEST_CASE("go status: lone invaders of walled-in areas are dead, whatever the seed") {
  // Black walls in columns A-C with D, White columns F-J with E and F1. Each side has one stone
  // in the other's area (C6 White, H7 Black) with no room for two eyes: both are dead, and E1
  // is the only shared point. Random playouts alone let such a stone live about one time in
  // three (both sides fill the area at random).
  const std::string position = R"(
...XO....
...XO....
...XO..X.
..OXO....
...XO....
...XO....
...XO....
...XO....
...X.O...
)";
  Replay r = diagram(position);
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    Settlement s = settle_diagram(r, seed);
    std::vector<Point> expected{*r.board.parse("H7"), *r.board.parse("C6")};
    std::sort(expected.begin(), expected.end());
    std::sort(s.dead.begin(), s.dead.end());
    CHECK(s.dead == expected);
    CHECK(s.uncertain.empty());
    ScoreSettings settings;
    settings.komi = 30;
    const Score score = count_area(r.board, s.dead, settings);
    CHECK(score.shared_points == 1);
    CHECK(score.sgf_result() == "W+15.5");  // Black 36.5 - (40.5 + 3.75) = -7.75 stones
  }
}

TEST_CASE(
    "go status: an invader of an open area is dead, whatever the seed: taken by the owner moving "
    "first, or cut off") {
  // A lone White stone in Black's open 54-point area: random playouts let it make a living
  // group as often as not (the area is big enough for two eyes), so they alone leave it in
  // doubt — and, counted alive, it would turn Black's whole area into shared points. Enclosed
  // by Black's living stones, with no eye space, and no Black chain it could race, it is dead
  // (step 7), the attack test or not; it was uncertain and counted dead as cut off
  // (count_cut_off_dead) before. With Black to move first next to it, it is taken in most
  // playouts whatever White answers, in most seeds: then the attack finds it dead first.
  Replay r = diagram(R"(
.........
.........
.........
...O.....
.........
.........
XXXXXXXXX
OOOOOOOOO
.........
)");
  const Point invader = *r.board.parse("D6");
  CHECK(result_with(r, {}) == "W+17.5");
  int settled_by_the_attack = 0;
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    const Settlement doubt = settle_diagram(r, seed, false);
    CHECK(doubt.uncertain.empty());
    CHECK(doubt.dead == std::vector<Point>{invader});

    const Settlement s = settle_diagram(r, seed);
    CHECK(s.dead == std::vector<Point>{invader});
    settled_by_the_attack += s.uncertain.empty();
    // Black 63 (rows 3 to 9) − White 18 (rows 1 and 2) − 7.5 = 37.5 points.
    CHECK(result_with(r, s.dead) == "B+37.5");
  }
  CHECK(settled_by_the_attack >= 3);  // 4 of these 5 seeds, 7 of seeds 1-10
}

TEST_CASE(
    "go status: a group the opponent's first move kills only when it goes unanswered is not dead") {
  // The final position of a real game that was counted (FineArt v jpgo05, RE[B+3.5]; game 0188
  // of ../shared/testdata/go/counted), White to move. Black's group at the top (K19, K18, L18,
  // J17, K17, L17, L16, M16; three liberties) falls in most playouts when White plays first on
  // one of its liberties and Black's replies are random, but Black has an answer to each such
  // move that keeps it in most playouts: it is not dead, and the count agrees with the record.
  // Without the answers it was dead in every seed, and the count said W+4.5.
  Replay r = diagram(R"(
.O.O....OXOO..OOX..
OOOOO..OOXXO.OOXX..
XOXOXX.OXXX.O.OX...
XXXXOOOOOOXXO.OXX..
.X.XXXOOXO..OOOOX..
XXXOOXXXXXXXO.XX...
OXOOXX..XX..XX.X...
OO.OXOXXOX..X..OX..
..OOXOOOOXOOXOOOOX.
.OXXO..OOOX.XO.OXX.
OXOXOOXOXOXXOOOOOX.
...X..OXXOXXXOOOX..
......OOXXX.O..OX..
...OOOOXX..XO.OOOX.
.O.OXXOOX...XOOOX..
O.OO..OOXX..XXXXX..
.O.OXXXX.....X.....
.XO.OOX............
...OOXX............
)");
  const Point group = *r.board.parse("K19");
  const std::vector<Point> stones = r.board.chain_stones(group);
  REQUIRE(stones.size() == 8);
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    SettleOptions options;
    options.seed = seed;
    const Settlement s = settle(r.board, Stone::white, options);
    for (Point p : stones) CHECK(!std::binary_search(s.dead.begin(), s.dead.end(), p));
    CHECK(result_with(r, s.dead) == "B+3.5");
  }
}

TEST_CASE(
    "go status: uncertain stones cut off in the opponent's area are counted dead, and no others") {
  Replay r = diagram(R"(
.........
..O......
.........
XXXXXXXXX
OOOOOOOOO
.........
..X...X..
.........
.........
)");
  const Point c8 = *r.board.parse("C8");
  const Point c3 = *r.board.parse("C3");
  const Point g3 = *r.board.parse("G3");
  std::vector<Point> black_wall;
  for (int x = 0; x < 9; ++x) black_wall.push_back(r.board.point(x, 3));
  std::vector<Point> all_three{c8, c3, g3};
  std::sort(all_three.begin(), all_three.end());
  // Each alone in the other side's area: dead; the two Black stones reach only each other.
  CHECK(counted_dead(r.board, {c8, c3, g3}, {}) == all_three);
  // C3 reaches G3, a Black stone not in doubt: a way out, so it is not cut off.
  CHECK(counted_dead(r.board, {c8, c3}, {}) == std::vector<Point>{c8});
  // Through G3 when G3 is dead already.
  CHECK(counted_dead(r.board, {c8, c3}, {g3}) == all_three);
  // A border in doubt (a race, a seki): neither side is cut off.
  std::vector<Point> in_doubt = black_wall;
  in_doubt.push_back(c8);
  CHECK(counted_dead(r.board, in_doubt, {}).empty());
  // Nothing uncertain, nothing added.
  CHECK(counted_dead(r.board, {}, {g3}) == std::vector<Point>{g3});
}

TEST_CASE("go status: uncertain stones beside the opponent's dead stones are not cut off") {
  // Black's C4 in White's lower area, uncertain. Alone there it is cut off and dead; with
  // White's G4 in the same region counted dead (taken by Black, so the region is a fight, not
  // White's area) it is not: counting both dead would leave nothing to have taken G4 (0468 in
  // seed 3: eighteen uncertain Black stones counted dead around White's dead Q14 R14, which
  // step 9 then brought back — W+61.5 against the engines' W+2.5).
  Replay r = diagram(R"(
.........
.........
XXXXXXXXX
OOOOOOOOO
.........
..X...O..
.........
.........
.........
)");
  const Point c4 = *r.board.parse("C4");
  const Point g4 = *r.board.parse("G4");
  CHECK(counted_dead(r.board, {c4}, {}) == std::vector<Point>{c4});
  CHECK(counted_dead(r.board, {c4}, {g4}) == std::vector<Point>{g4});
}

TEST_CASE(
    "go status: dead stones in their own side's area, or saved by a neutral point, are standing") {
  // (a) Black's ring on the bottom edge is dead in White's area, and White's stone C2 inside
  // its eye is dead only while the ring lives: with the ring off, C2 stands in White's area.
  // (b) Black's E5 is in atari, its last liberty E6 the neutral point between the two walls:
  // Black filling it joins the wall, so it stands; White's B8, alone inside Black's area, stays
  // dead, and so does Black's H3 in White's area.
  Replay r = diagram(R"(
.........
.O.......
XXXXXXXXX
OOOO.XXXX
OOOOXOOOO
....O....
.XXXX..X.
.XO.X....
.X..X....
)");
  const auto points = [&](std::initializer_list<const char*> names) {
    std::vector<Point> out;
    for (const char* name : names) {
      for (Point q : r.board.chain_stones(*r.board.parse(name))) out.push_back(q);
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  const auto spared = [&](std::vector<Point> dead) {
    Settlement s;
    s.dead = std::move(dead);
    spare_standing_stones(r.board, s);
    return s.dead;
  };
  CHECK(spared(points({"B3", "C2", "B8", "H3"})) == points({"B3", "B8", "H3"}));
  CHECK(spared(points({"E5"})).empty());
  // With the ring alive, C2 is inside Black's eye: dead.
  CHECK(spared(points({"C2"})) == points({"C2"}));
  // E5 joins nothing living when the Black wall is dead itself.
  CHECK(spared(points({"E5", "A7"})) == points({"E5", "A7"}));
}

TEST_CASE(
    "go status: a stone in atari at the neutral point left at the end stands, whoever is to move") {
  // Black's E4 has one liberty, E5, the neutral point between the walls; White could take it
  // there, Black could connect there. The playouts took it at once (a chain in atari at the end
  // is taken by the side to move): now it stands, as the engines count it, and E5 is shared.
  Replay r = diagram(R"(
.........
.........
.........
XXXXXXXXX
OOOO.XXXX
OOOOXOOOO
....O....
.........
.........
)");
  const Point e4 = *r.board.parse("E4");
  for (Stone to_move : {Stone::black, Stone::white}) {
    for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
      CAPTURE(seed);
      SettleOptions options;
      options.seed = seed;
      const Settlement s = settle(r.board, to_move, options);
      CHECK(!std::binary_search(s.dead.begin(), s.dead.end(), e4));
      CHECK(s.dead.empty());
      // Black 41 (rows 6 to 9, F5 to J5, E4) + 1/2 against White 39 + 1/2, less 7.5 komi.
      CHECK(result_with(r, s.dead) == "W+5.5");
    }
  }
}

TEST_CASE("go status: stones inside the eye of a dead group stand (a real game)") {
  // The final position of counted game 0034 (BensonDarr v ykpcx, RE[B+3.5], White to move).
  // Black's group on the right edge (S14 ... T7) is dead, and White's T14 and T11 inside it
  // with it gone stand in White's area: GNU Go and Pachi both count them alive. They were
  // counted dead with it in seeds 1-3 (the count is the same either way).
  Replay r = diagram(R"(
.......O.OO.XXXXXO.
.O...OOOOXOOOX.XO.O
OOOOOXXXXXXOX..XOO.
XOXXX......XXXXOOO.
XX...O...XXX.XOXXO.
..X.....XOOOXOOOXXO
........XXOOX.O.OXX
...X....XXXOX.OOOX.
XX..X..XXXOOXXXXOXO
OXX..O.OXXO.OOXOOX.
OOOXXXOXXO.O..O.OXX
.OXOXXX.XOOO....OX.
...OOXX.XXOXOOO.OOX
.OO.OOX.XOXXXXXOOOO
OOOOXOXXOOOX.XO.OOO
XOXXXXOO.OXX.XOOOXO
XXXOX.O.OOXOX.XXXXX
...OXXOX.OOOXX.....
.O.X.XXOO..OOX.....
)");
  std::vector<Point> engines;
  for (const char* p : {"bs", "cl", "dq", "dr", "fe", "fj", "gk", "hj", "hr", "pe", "qe",
                        "qf", "rf", "rg", "rh", "ri", "rj", "rk", "rl", "sg", "sk", "sm"}) {
    engines.push_back(*r.board.parse_sgf(p));
  }
  std::sort(engines.begin(), engines.end());
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    SettleOptions options;
    options.seed = seed;
    const Settlement s = settle(r.board, Stone::white, options);
    CHECK(!std::binary_search(s.dead.begin(), s.dead.end(), *r.board.parse("T14")));
    CHECK(!std::binary_search(s.dead.begin(), s.dead.end(), *r.board.parse("T11")));
    CHECK(s.dead == engines);
  }
}

// The group of `point` in `board` (settling.h), read for life (`alive`) or death (`killed`)
// in its eye space: "lives", "dies" or "unknown".
std::string read_group(const Replay& r, const char* point, settling::InsideQuestion question) {
  const Point p = *r.board.parse(point);
  for (const settling::EyeGroup& group : settling::eye_groups(r.board, r.board.at(p), 8)) {
    if (std::find(group.chains.begin(), group.chains.end(), r.board.chain(p)) == group.chains.end())
      continue;
    long positions = 0;
    const std::vector<bool> secure(static_cast<std::size_t>(r.board.stride() * r.board.stride()),
                                   false);
    const auto readings = settling::read_inside(r.board, group, question, secure, 20000, positions);
    const settling::Inside result = readings.front().result;
    return result == settling::Inside::lives  ? "lives"
           : result == settling::Inside::dies ? "dies"
                                              : "unknown";
  }
  return "none";
}

TEST_CASE("go life: eye shapes read out with the opponent on every outside liberty") {
  // White's group on the bottom edge (or in the middle), walled in by Black: its eye space
  // alone decides, the opponent moving first. A straight four and a bent four live; a straight
  // three, a square four, a pyramid four, a bulky five, a crossed five and a rabbity six die to
  // the vital point; so does a straight three whose vital point Black holds already (nakade),
  // and two eyes that are both false (each needs the stone C1 between them, which Black takes).
  const auto alive = settling::InsideQuestion::alive;
  const auto shape = [](std::initializer_list<const char*> rows) {
    std::string text;
    for (std::size_t k = rows.size(); k < 9; ++k) text += ".........\n";
    for (const char* row : rows) text += std::string(row) + "\n";
    return diagram(text);
  };
  CHECK(read_group(shape({"XXXXXXX..", "OOOOOOX..", "O....OX.."}), "A2", alive) == "lives");
  CHECK(read_group(shape({"XXXXXX...", "OOOOOX...", "OOO.OX...", "O...OX..."}), "A2", alive) ==
        "lives");
  CHECK(read_group(shape({"XXXXXX...", "OOOOOX...", "O...OX..."}), "A2", alive) == "dies");
  CHECK(read_group(shape({"XXXXX....", "OOOOX....", "O..OX....", "O..OX...."}), "A2", alive) ==
        "dies");
  CHECK(read_group(shape({"XXXXXX...", "OOOOOX...", "OO.OOX...", "O...OX..."}), "A2", alive) ==
        "dies");
  CHECK(read_group(shape({"XXXXXX...", "OOOOOX...", "O..OOX...", "O...OX..."}), "A2", alive) ==
        "dies");
  const Replay crossed = diagram(
      ".........\nXXXXXXX..\nXOOOOOX..\nXOO.OOX..\nXO...OX..\nXOO.OOX..\nXOOOOOX..\nXXXXXXX..\n...."
      ".....\n");
  CHECK(read_group(crossed, "B3", alive) == "dies");
  const Replay rabbity = diagram(
      ".........\nXXXXXXX..\nXOOOOOX..\nXOO.OOX..\nXO...OX..\nXOO..OX..\nXOOOOOX..\nXXXXXXX..\n...."
      ".....\n");
  CHECK(read_group(rabbity, "B3", settling::InsideQuestion::killed) == "dies");
  CHECK(read_group(shape({"XXXXXX...", "OOOOOX...", "O.X.OX..."}), "A2", alive) == "dies");
  CHECK(read_group(shape({"XXXXXX...", "OOXOOX...", "O.O.OX..."}), "A2", alive) == "dies");
  // A group with room for one eye, read for death with its outside liberties open to Black
  // alone (it is enclosed): it dies; with a second eye it lives.
  const auto killed = settling::InsideQuestion::killed;
  CHECK(read_group(shape({".........", "XXXXX....", "..OOOX...", "O.O.OX..."}), "C2", killed) ==
        "dies");
  CHECK(read_group(shape({".........", "XXXXXXXX.", "..OOOOOX.", "O.O.O.OX."}), "C2", killed) ==
        "lives");
}

// Settles a real game's final position (a diagram, `to_move` to move) with seeds 1 to 5 and
// checks that the dead stones are the engines' (SGF points: their consensus, or one engine's
// list where they disagree and the test says which).
void check_engines_dead(const Replay& r, Stone to_move,
                        std::initializer_list<const char*> engines_dead) {
  std::vector<Point> engines;
  for (const char* p : engines_dead) engines.push_back(*r.board.parse_sgf(p));
  std::sort(engines.begin(), engines.end());
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    SettleOptions options;
    options.seed = seed;
    const Settlement s = settle(r.board, to_move, options);
    CHECK(s.dead == engines);
  }
}

// Settles the position with `to_move` to move in seeds 1-5: the stones named are dead in each,
// and the count (komi 7.5) is `result` when one is given.
void check_dead_in_seeds(const Replay& r, Stone to_move, std::initializer_list<const char*> named,
                         std::string_view result = {},
                         long read_budget = SettleOptions{}.read_budget) {
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    SettleOptions options;
    options.seed = seed;
    options.read_budget = read_budget;
    const Settlement s = settle(r.board, to_move, options);
    for (const char* name : named) {
      CAPTURE(name);
      CHECK(std::binary_search(s.dead.begin(), s.dead.end(), *r.board.parse(name)));
    }
    if (!result.empty()) CHECK(result_with(r, s.dead) == result);
  }
}

TEST_CASE(
    "go status: a straight four on the edge lives, however the playouts doubt it (a real game)") {
  // Counted game 0224 (RE[W+2.5], Black to move): Black's group on the left edge, A9 to B3,
  // has the straight four A5 to A8 for eye space and no liberty outside: alive, as GNU Go and
  // Pachi count it. The playouts kept it in 69% of their games, and the cut-off rule then
  // killed it (W+35.5); read out in its eye space with White on every outside liberty, it lives.
  const Replay r = diagram(R"(
...XOO.............
.XXXXOO........OO..
.OOXXXO......OOXOOO
..XOOO.O....OXXXXXO
...XXOO......O.OX.X
..X.XO.X..OOOOOOX..
XXXOXO.OOO.XXXOXX..
XOOXXXOOXOOX..X....
OO.X.XXXXOXX.......
.OOOXX.XOOOX.......
XX.OOOXXXOOX.XX..X.
.XOOXXXXOXOX.XOXX.X
.XO.OXOOOXOOXXOOOXX
.XXO.OOOXXXXXO.O.OX
.XOOO.OXXXOXO.O.OOX
XXXO..OOX..XOOOOXOX
OXO.OOXX...XXOXXXXX
OO.O.OX.X...XOOOOOO
..O..OOX....XXO..O.
)");
  check_engines_dead(r, Stone::black, {"bc", "cc", "dg", "hf", "ko"});
}

TEST_CASE("go status: a group with one eye in the opponent's area is dead (real games)") {
  // Counted game 0540 (Black to move): Black's group at the top right (Q18 ... T16) has one eye
  // at the top edge, taking White's T18 in atari gives no second one, and R19 is White's to
  // fill: dead, as the engines count it (the playouts kept it in nine games of ten).
  const Replay one_eye = diagram(R"(
O....OOXXXOO..OO.X.
.O..O.OOOXO.O.OXXXO
O.OOOOXXXXXO.O.OXXX
OOXXXOOXOOOO..OOXOX
OX.XOOOXXO..OO.OOOO
XX.XXXOXOOO...OO.O.
...X.XXXXXXOOO..O..
XXXOOOOXXXO.OOOOXOO
OXXXXOXXOXOOXXOXXOO
OOXXOOOXOOOX.XX.XXO
O.OXXXOOOOXXX...XOO
OOOOOOO.OXXOXXX.XOO
OXOO.O..OXXOOXOXXOX
XXO..O...OOOXXOXXXX
OXXO.OOOOX..OOOXX.X
OXOO.OX..XO...OXXOX
.XXO..OOOO.OO.OXOXX
XXOOOOOXX.OX.OXXOOX
.O.O.........OOXX..
)");
  check_engines_dead(
      one_eye, Stone::black,
      {"an", "ar", "bm", "bn", "bo", "bp", "bq", "br", "co", "cq", "gp", "hr", "ir", "jo", "jp",
       "lr", "pb", "qb", "qc", "qd", "qq", "qr", "ra", "rb", "rc", "rp", "rr", "sc", "sd"});
  // Counted game 0008 (Black to move, an open border at the top left): White's group J18 ...
  // N15 has one eye of two points with Black's K16 in it, and beside it only Black's area:
  // dead, and K16 with it off stands.
  const Replay beside_open_border = diagram(R"(
.........X...XXO...
..XOX...OXXX.XOO.O.
..OX..X.OOOXOXO.O..
......X.OX.OXXXXXO.
.......OXOOOOX.XO..
...XX...X..XXOXXO..
..XOX.X.XXX.XOOO...
..XOOXXXOXOXXXO....
..XOOXXXOOOO.XO....
XX.XOOXOX..OOXO....
OXXX.OXO.XOXOOO....
OOXXOOOOOX.XO......
O.OXXXOO.OOXOX.XO..
.OOOXOXXOOOOXOOOO..
O...OOXXXXOXXOXXO..
OOOO.OX.OOOX.XXO...
OXOXOOXXXOOX.X.O...
XXXXXXXOO.OXX.XOO..
......XXOOOX..XXO..
)");
  check_engines_dead(beside_open_border, Stone::black,
                     {"cc", "db", "he", "ib", "ic", "id", "ij", "jc", "je", "jk", "jl",
                      "kc", "ke", "ld", "le", "lk", "ll", "lm", "mc", "me", "nm", "pm"});
}

TEST_CASE("go status: one eye and a false eye on the edge is dead (a real game)") {
  // Counted game 0190 (White to move): Black's group on the left edge, A18 ... A12, has the eye
  // A17-B17 and A15, which White makes false by taking A14-A12 (B13, B12, then A15): dead. (The
  // race at the bottom left is left as it was: both sides uncertain, counted alive.)
  const Replay r = diagram(R"(
.OO.........OOX....
XXXOO...OOXO.OX....
..XOOOOOO.OOOX.X...
XXOXOXOXOOXXXXO.X..
.XOXXXXXXXXXOX..X..
XOOXOO.X.OOOOXO.OX.
X.OOXOXOO...OX.....
X.OXXOXO.OOOOX.....
O.OX..XXOOXXXO.....
O.OX.OOXXOOOXO.....
.OXX..XX.XOXXXX....
OOOX....XXOOXO..X..
XOOXXXXXXXOXX..X.X.
XXXOXOOXOXXOXXXOX.X
..XOOXOOOOXOOOXOXXO
.XXO.XOXXOO...OOXOO
..XO.XXOX.....OXOO.
.XOOOXOOOO....OXXO.
.XXOXXOO...........
)");
  check_dead_in_seeds(r, Stone::white,
                      {"A18", "B18", "C18", "C17", "A16", "B16", "B15", "A14", "A13", "A12"});
}

TEST_CASE("go status: a one-eyed group racing chains that join the wall is dead (a real game)") {
  // Counted game 0204 (RE[B+4.5], White to move): White's group on the lower right, P9 ... T2,
  // has one eye (S3 T3); Black's chains inside it, S5 and Q6 R6, join the wall through S6 and
  // S8 ... T6, whose T8 White can never fill. Read out with White on every move it may make,
  // White dies whoever moves first: GNU Go counts it dead, and the record's winner is Black.
  // The playouts keep it in 60-70% of their games, so the seeds split; step 7 reads it, and the
  // reading needs 133,114 positions as a graph (more than 1,000,000 as a tree, where each race
  // position was met ten times over). Black's O14 O13 P13 at the top stand: step 5 reads them
  // alive (as a graph, in 19,636 positions).
  const Replay r = diagram(R"(
...................
...............OOOO
.O.OOO.......OOXXXX
..OXXXO..O..O.OXXOX
.OXXOO.O.....OXXOOO
OOXXX.O.OO.OOX.XXOO
XXXOXXO.OXOOOXX.O.O
.XOOOX.OXXXOXOOOOOO
.X..OX.OOXXOXXXXXXX
..XXOOOOXXXXXX.X..X
.X.XOXXXXOOOOXOXOOX
.X.XX.XXOOXXXOO.OX.
XXXO.XOXOXO.XXO.OXX
OXOOXXOOOX.O.XOXX.X
OO..OOOOXX.X.XOO.XO
...O..OXOXOOXXXOOOO
...O.XOXOOXOXOOXO..
....OOOXX.XX.OXXXOO
....OXXX.........X.
)");
  // B+4.5: the record's count, and GNU Go's dead stones counted.
  const auto white_group = {"P9", "R9", "S9", "O8", "P8", "R8", "P7", "R7", "P6", "P5",
                            "Q5", "T5", "Q4", "R4", "S4", "T4", "R3", "S2", "T2"};
  check_dead_in_seeds(r, Stone::white, white_group, "B+4.5");
  // The same with every budget 8% smaller (4,600 positions for 5,000): the two readings are not
  // on the edge of their budgets. Step 7 has 138,000 for the White group's 133,114; step 5, with
  // four times the budget a search, would stop O14's at 18,400 and leave it to the playouts
  // (B+0.5), and with five times it has 23,000.
  check_dead_in_seeds(r, Stone::white, white_group, "B+4.5", 4600);
}

TEST_CASE("go status: a one-eyed group that loses its race is dead (a real game)") {
  // Counted game 0101 (White to move): Black's group at the bottom, L3 ... P1, has one eye (N1)
  // and two liberties outside it; White's R1, in atari, would give it a second eye, but White
  // moving first fills them: dead, as the engines count it (the playouts kept it alive, B+29.5).
  const Replay r = diagram(R"(
XX.........XOO.....
OXX........XXOO..O.
OX.XXX......XXOOO.O
OOXXOOX.....X.XXXO.
OOXOO.X.....XX.XOOO
O.OOXX......XOXXXO.
.OOXX....XXXOOOXOOO
..OOXX..XOOXO.OOXOX
...OOX.XOO.OOXXXXXX
..XOOOXXXOO.OOOX...
.OOXXOXOOOOOXOX.X..
.OXXOOX.XX.XXX.XXX.
.OOXXX.XOXOXX.XXOXX
.OXX...XOOO.XX.XOOO
.OOX.OOXXO.O.XXOOO.
O.OX.XX.XOOOOOOXO.O
.OX.XOOXXOXXO.OXO.O
OX.XXO.OOOOXXXXXXOO
..X.XOO....X.XX.OX.
)");
  check_engines_dead(r, Stone::white,
                     {"cj", "fo", "go", "kq", "lq", "lr", "ls", "mr", "nr", "ns", "or", "os", "pp",
                      "pq", "pr", "qr", "rs"});
}

TEST_CASE(
    "go status: a one-eyed group is enclosed by a stone in atari its owner saves by connecting (a "
    "real game)") {
  // Counted game 0009 (White to move): White's group at the bottom right, R5 ... T2, has one eye
  // (T3) and shares S2 and T1 with Black's R1-S1, which captures White's Q1 (in atari) and joins
  // its wall: dead, as GNU Go and Pachi count it. Black's T5 is in atari to the group, but Black
  // saves it by filling T6, joining S6: it is a wall, not a way out (before, the region around
  // the group reached T6 through T5, counted dead, and White owns T6 in the playouts, so the
  // group was not enclosed and kept alive: W+21.5 against the engines' B+0.5).
  const Replay r = diagram(R"(
......OOOOOXO.XXOO.
.....O..OXXX..XOO.O
.....O.OOX.X.OXO..O
...O.OOXXXOX..XXOO.
....O.OOX.....XOOXX
..O..OOXXXO....XX.X
OO...O.X.XO...X.XX.
XOOOOOXXXOXXXXX.X.X
XX..XOOXOOOXXXXOXX.
..XXXOXO...OXOXXOOX
.XXOXXXOO.OOOOOXOX.
XXOOOX.XXO.....OOX.
XOOO.OX.XO..XOO.OX.
OO...OOXXO.XOOOOXX.
...O.OOXXOXOOXOXOOX
..OOXOX.XOOOXXXXXOO
..XOXOXX.XXX.XXOOO.
..OOOX.X.....XXXO.O
..OXXXX.X......OXX.
)");
  check_engines_dead(r, Stone::white,
                     {"cq", "ep", "eq", "kd", "kf", "kg", "ko", "ln", "ma", "mm", "nc",
                      "pi", "pq", "ps", "qo", "qq", "qr", "ro", "rp", "rq", "sp", "sr"});
}

TEST_CASE(
    "go status: a seki of four stones sharing two liberties with an eyeless group stands (a real "
    "game)") {
  // Counted game 0578 (White to move): White's A15 B15 A14 and Black's big group B14 ... A12
  // share their only liberties, C15 and A13, and neither has an eye: whoever fills one is taken.
  // Both stand (step 7 reads White's stones with the Black chain they race, and they live).
  const Replay r = diagram(R"(
.O.OOX.OOX.........
OOOXO.OOX.X..OOO.X.
OXOXXOOOXX.O..X.OX.
XXXXXOXOX....X.XX..
OO.XOXXXX..X..X.X..
OXXXOXOX.XXOXXOOOX.
.XOOOOOOXOOOXXXXO.X
XXO.OXXX.XOOOXOOXXX
OOOOOXX.XXXOOXXOOXX
OXOOXXXX.XOOOXXOOOX
XXXOOXOX.XXO.OOOXXX
.XXXOOOOX.XOOO..OOO
.X.XO.OOXXXXOXOOO..
X.XOXOXXXO.XXXOXO..
XXOO.OXXOXX.OXXXO..
XO.OXOXOOOXO.XOO...
OO..OOO...OXXXO.O..
..........OOXOOO...
...........OXXO....
)");
  check_engines_dead(
      r, Stone::white,
      {"en", "ep", "fa", "jn", "lc", "lp", "mo", "nb", "ob", "of", "pb", "pf", "qc", "qf", "qg"});
}

TEST_CASE(
    "go status: filling the last outside liberty from a large living chain is no self-atari") {
  // White's three stones in the corner have an eye at A9 and one liberty outside, A7. Black's
  // move there has no empty neighbour but joins a chain with many liberties: it puts White in
  // atari, not Black, and A9 then takes the stones. Counted as self-atari (the playouts do not
  // put two or more stones in atari), Black never played it and White lived in every playout.
  Replay r = diagram(R"(
.OX......
OOX......
.XX......
XX.......
.........
XXXXXXXXX
OOOOOOOOO
.........
.........
)");
  std::vector<Point> corner{*r.board.parse("B9"), *r.board.parse("A8"), *r.board.parse("B8")};
  std::sort(corner.begin(), corner.end());
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    Settlement s = settle_diagram(r, seed);
    std::sort(s.dead.begin(), s.dead.end());
    CHECK(s.dead == corner);
    CHECK(s.uncertain.empty());
    CHECK(s.seki.empty());
    // Black 54 (rows 4 to 9) − White 27 (rows 1 to 3) − 7.5 = 19.5 points.
    CHECK(result_with(r, s.dead) == "B+19.5");
  }
}

// The reading of the chain at `point` in the closed fight that holds it: opponent first, then
// its owner first, as two letters (L lives, D dies, U undecided); "none" when no fight holds it.
std::string read_at(const Replay& r, const char* point) {
  const Point p = *r.board.parse(point);
  for (const ClosedFight& fight : closed_fights(r.board, 8)) {
    if (std::find(fight.area.begin(), fight.area.end(), p) == fight.area.end()) continue;
    const ChainReading reading = read_chain(r.board, fight, p, 10000);
    auto letter = [](Reading x) {
      return x == Reading::lives ? 'L' : x == Reading::dies ? 'D' : 'U';
    };
    return {letter(reading.attacker_first), letter(reading.defender_first)};
  }
  return "none";
}

// A 9×9 diagram from its top rows; the rows below are empty.
Replay top_of_9x9(std::initializer_list<const char*> rows) {
  std::string text;
  for (const char* row : rows) text += std::string(row) + "\n";
  for (std::size_t k = rows.size(); k < 9; ++k) text += ".........\n";
  return diagram(text);
}

TEST_CASE("go status: a one-eyed group whose second eye is false is dead (a real game)") {
  // Counted game 0654 (Black to move): White's nineteen stones M15 ... S12 in Black's open top
  // area are enclosed and have one eye, M13; their other small region, T14 with Black's T15 in
  // it, is no eye: White's T16 beside it is in atari at T17, outside, and Black taking it there
  // opens the region. Counted as room for two eyes, the group went to the reading, which stops
  // undecided (it needs 600,000 positions), and it was kept alive: W+102.5 against the
  // engines' W+4.5. Seeds 3 and 4 kept it until issue 17g: there the playouts keep Black's
  // S16 chain, which races the group, in just under nine playouts of ten, and the group is
  // read again — now with White's T16, in atari beside that chain, and T17 in the reading, so
  // that Black may take it there, and the group dies.
  const Replay r = diagram(R"(
..OXX..............
..OOX..............
...OXX.OX....X.X.X.
...OOX..X..XX...XXO
.XOOXX....XOXOOOOOX
.OOXXX...XOOOOXXXO.
.XXOXXX..XO.OOX.XOO
...OOXOX.XOOXXOXXOX
.XO..OOX..XXXXOXXXX
..O...OXXXXOOXOX..X
......OOOOOOOXOOXXO
..O.O...XOXXOO.OXOO
......OOXOXOO.O.O.O
..O.XOOXOOXXOOX.OOO
....XOXXXX.XOX.....
OOOOOXXXOXXXOOXXXX.
XOXOOXOOOOXXXO.OO..
XXXOXXXXOOOOO......
.X.X.XXXXO.........
)");
  check_engines_dead(r, Stone::black,
                     {"be", "bg", "bi", "cg", "en", "eo", "hc", "il", "im", "kf", "kg", "kh",
                      "le", "lf", "lh", "mf", "mg", "ne", "nf", "ng", "no", "oe", "on", "op",
                      "pe", "pp", "qe", "qp", "re", "rf", "rg", "rh", "rp", "sd", "sg"});
}

TEST_CASE(
    "go status: an eyeless chain beside a corner chain it races is judged apart from its group "
    "(a real game)") {
  // Counted game 0167 (Black to move): White's R19 S19 R18 R17 have two liberties, Q19 and T19,
  // each shared with a Black chain that has an eye (O19 for P19 ... Q17, T17 for R16 ... T18).
  // Black wins the race with an approach move: O19 joins his top chain to N19 and the outside,
  // then Q19 and T19 take the four stones (GNU Go kills them; Pachi keeps them, a seki). White's
  // R14 and O17 chains border the Black corner chain too, so the three made one group whose
  // "eye space" held that chain, and the group as a whole is not enclosed: the four stones were
  // kept alive, W+8.5 against the record's B+2.5. A region holding the opponent's living stones
  // now joins no chains for step 7.
  const Replay r = diagram(R"(
OXX.O.X.X.X.X.X.OO.
OOX..XXXOXXXOXXXOXX
OXXXXXOOOOOXOOXXOX.
OOOOOO.....OXOOOXXX
..OO.XO.....X...OOO
OOXOXXO.......OOO..
OXXXXOO.....OOXOX..
XX...XOOOOOOOXXXO..
..XXXXXOXXOXXX.O...
XXXOOXXXXXOX.XOOOO.
XOXXOO...OOOX.XXO.O
XOX.OOXXXOOXX.XXXOO
XOXXXOOXOXXX.X..XOO
OOOOXOOOOXO....X.XO
.OOXXXO.XOXX...X.XX
.OOOOOO.XOOXXX.X.X.
OOXOOXOOO.OOOOXXXO.
OXXXXXXXOO...OOX...
XXX.XO.XXXO..OXX...
)");
  check_engines_dead(
      r, Stone::black,
      {"ea", "fs", "io", "ip", "kn", "md", "me", "qa", "qb", "qc", "qg", "ra", "rq"});
}

TEST_CASE(
    "go status: a group racing an uncertain chain of the opponent's is still enclosed (a real "
    "game)") {
  // Counted game 0160 (White to move): Black's A16 and B17 C17, in White's upper-left corner,
  // race White's B16 ... A10, which the playouts keep in fewer than seven of ten and call
  // uncertain. Step 7 took no group as enclosed whose region met an uncertain stone, so in
  // seed 3 the Black stones were kept alive and the corner shared (B+33.5 against the
  // engines' B+0.5). An uncertain chain that races the group (next to its stones or on its
  // liberties) is now a wall: the reading takes it in, and the Black stones die in every seed.
  const Replay r = diagram(R"(
...............OOX.
.O.OO......OOOOOX..
.XXOXOOOO.OXXXXX.X.
XOOXXXXXXOOOOOX.X..
.OOXOXOXXXXOXX.....
.OXOOOOOX.XX.......
.OXOOOXOOXX........
.OXXOXXOOXXXX..XXXX
OOX.XX.XOOOOX.XOOOX
OX.X.O.XO.OX.XXOXXX
XX.....XO.OX.XOOOOX
...X.XXOOOOOXXO.OOO
....XOOOXOXOOXOOOXX
XXXXXXX.XXXXOOOXOO.
XOOOXOXXXOOOOOOXXXO
O..OXOOOOXXOXOXXOO.
.OOXXOOXX.XXXXXOOO.
..OOOOXXX.X...XXO.O
....OOOOXX....XXXO.
)");
  check_engines_dead(r, Stone::white, {"ad", "bc", "cc", "fj", "rm", "sm"});
}

TEST_CASE(
    "go status: a seki of a one-eyed group and eyeless chains, read out as a closed fight, stands "
    "(a real game)") {
  // Counted game 0124 (White to move): on the right side Black's fourteen stones N16 ... S19 have
  // two liberties, O15 (shared with White's N14 O14 P14) and T19 (beside White's T18, in atari);
  // White's chains below have O15, Q14 and S14 (beside Black's T14, in atari). Whoever fills O15
  // is taken; Black takes T18 for an eye and White takes T14: a seki. Step 5 reads the fight, but
  // each chain's search stopped at 5,000 positions (White's two chains need 18,800 and 18,000),
  // and step 7 then killed the Black group it had read alive: W+31.5 against the record's B+2.5.
  // The search now has 25,000 positions a chain (20,000 when this was mended), and step 7
  // leaves a chain read alive: T18 and T14 dead, B+1.5 — GNU Go's count (which keeps those two)
  // and Pachi's dead stones.
  const Replay r = diagram(R"(
.....OXX.XXXO.OOOX.
.OO..OOXOXOOOO.OXXO
OOXOOOXXOXXOOXOOOXX
OXXXOOX.X.XOXXXXXXO
XXX.XOOX..XOX.XOOOO
...XX.OX.X.XOOO.O.X
...X.XXXXOXXXXXOOOO
....X.XOXOXXX.XXXXX
...XXOXOXOOXOXXXOX.
..XXO.OOOOOXOO.OOX.
..XOOO.OO.OXXOO.X..
.XOOO..O.XXXOOXXXXX
X.XXXOO.OXXXOOXOXOX
OX.X.XXOOOOOXOXOOOO
OXXOXX.XXO...OOOOO.
OOOOXXXX.O..OOXOOXX
...OOX.OO..O.OXXXX.
.O.OXXXOO.O.OXX....
..OOOXOO.OO.OX.....
)");
  check_engines_dead(r, Stone::white, {"ib", "ic", "mn", "sb", "sf"});
}

TEST_CASE(
    "go status: a race is read with the group's colour's chains in atari beside the opponent's "
    "chain, for him to take (a real game)") {
  // Counted game 0201 (Black to move): White's centre group J15 ... J10 has one eye, J11, and
  // four liberties shared with three Black chains; one of them, K15 ... K10 (thirteen stones),
  // has only two, K12 and L13, both shared. Read as it stands the race is White's, and in seed
  // 2, where the playouts keep the group, it was kept alive (W+32.5 against the engines' W+4.5).
  // But White's K16 L16 beside that Black chain are in atari at L17: Black takes them and joins
  // his wall above. Step 7's reading now has them and L17 (for Black only) in its area, and the
  // group dies in every seed.
  const Replay r = diagram(R"(
.OOX.......XO.O....
.OX..X.....XOOXOOO.
.OXXXXXXXX.XXOXXOX.
OOOOOX..XOOXO.OXXO.
.OXXX..XOXXOOO.XO.O
O.OXXX.XOXXXXO.X.O.
.OOOXX.XOO.XOXO....
O.OX.XXOO.XXO......
OOX..XOO.OXXO.OO...
OXXX.X.OOXXOOXXOOOO
XXOOX.X.XOOOXOOOXXO
XOXOOXXXXO.OXOXOX.X
XO.O.OOXOXOOXXXXX..
O.O.OOOOOXXXXXOOOX.
....O.OXOX.OXO..OX.
OOOOXX.XOXXXOOOOX..
XOXOXXXXXOOOO.OXX..
XXXXOX.XOO..XOOX...
......XOO....OXX...
)");
  check_engines_dead(r, Stone::black, {"cl", "er", "gi", "hh", "hi", "hj", "ie", "if", "ig", "ih",
                                       "ij", "jd", "jg", "ji", "kd", "lo", "mr", "ng", "nj", "ob",
                                       "oc", "oj", "pc", "pd", "pe", "pf", "qd", "rc"});
}

TEST_CASE(
    "go status: a closed fight takes in the empty points beside a race's liberties (a real "
    "game)") {
  // Counted game 0259 (Black to move): Black's S1 and R2 sit in White's lower-right corner;
  // Black R1 joins them and Q2 joins them to his wall. The fight around them took Q2 in as a
  // liberty of R2 but not Q1 beside it, so a White stone on Q2 kept a liberty the search could
  // never fill and S1 read dead whoever moved first (once the search had the positions to get
  // there: W+6.5 against the engines' W+0.5). The empty points next to a race's liberties now
  // join the fight; S1 is left to the playouts, alive as the engines count it.
  const Replay r = diagram(R"(
...XXO.......OO..X.
..XXOOO......OXXXOO
..XOOXOOOO.OO..XO.O
.XXO.XXXXO.OXO.XOO.
.XOXX...XOOXXXXXOOO
XOO.XX...XXXX.OXXOX
.XOOXOXXX.XOX.O.XXX
.XXOOOOOOOOOX.OX...
.XOO..OXXXO.OO.X...
.XO.OOOXXOOO.OO.X..
.XOOXXO...XOOXOXXXX
.XXOX.OXXX.XXXXOOXO
XOOXXO.XOOOOO.XXOOO
.OX..XX.O..OXX.XOO.
X.XXX.XO....OX.XXO.
OXXOOXXO..OOOX.XOO.
OOOOOX..OOOXOOXXOX.
....OXXOOXOXXXX.XOO
.O..O....XX.X....X.
)");
  check_engines_dead(r, Stone::black, {"bm", "bn", "cm", "rq"});
}

TEST_CASE(
    "go status: a one-eyed group beside a small region holding the opponent's stones is "
    "enclosed (a real game)") {
  // Counted game 0610 (Black to move): Black's B9 ... B6 has one eye, B7; its other liberties,
  // A8, A6 and C6, open onto the lower-left corner — eight empty points beside White's B5, B2
  // and B1, and three (C6 C5 D5) beside B5 and the lone Black D6. No second eye can be made
  // there with White moving first, but the playouts leave those points to Black in half of
  // them or more (C6 in 70.5%), and the flood of step 7 met D6: the group was not enclosed and
  // was kept alive (B+28.5 against the engines' W+1.5). A small empty region touching a living
  // stone of the opponent's is now no way out, and an eyeless chain of the group's colour met
  // on the way (D6) goes with the group: the reading then kills both in every seed.
  const Replay r = diagram(R"(
...OOX.............
..OOXX.....O.OXX...
..OXXO.X.X...OOX...
.OXX...OX.X.OXXXX..
.OX.....OXXXXOXOX..
OOOXXXXOXX.XOOOOXXX
.OXX..XXOOXXOOOXXOO
OXXXXXXXXOXO.OOOOX.
OOOOOXO.OOOOOOOX.X.
.O.O.X.OO....OXXXXX
OXOOOXX..OO.O.OOOOX
.XXXOOXXX.O...O.OOO
X.XOO.OOXOOOOOXXO..
.X.XO...O.OXXXXXXO.
.O..OO.OO.OOX.XOXXO
..OOOXOO.O.X.XOOOO.
..OXXXOXOOX.XOO....
.OXX..XXXX..XXOO.O.
.OX..........XXXO..
)");
  std::vector<Point> engines;
  for (const char* p : {"am", "bk", "bl", "bn", "cl", "cm", "dl", "dn", "fc", "hd", "hf", "ie",
                        "lb", "md", "nb", "nc", "oc", "rg", "sg"})
    engines.push_back(*r.board.parse_sgf(p));
  std::sort(engines.begin(), engines.end());
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    CAPTURE(seed);
    CHECK(settle_diagram(r, seed).dead == engines);
  }
}

TEST_CASE(
    "go status: a race read in an enclosure cannot escape through a dead stone of the group's "
    "colour (a real game)") {
  // Counted game 0019 (White to move): Black's B17 ... C15, enclosed in White's upper-left
  // corner, races White's A18 A17 (liberties A19, B18, A16; Black has C17, B18, A16, A14). Read
  // by step 7, Black's B18 joined his dead stone C18, whose liberties C19 and D18 lay outside
  // the area read, where neither side plays: the group gained liberties White could never fill
  // and was read alive (B+52.5 in seed 1 against the engines' B+6.5). Such a stone's liberties
  // are now in the area, for the opponent to fill: the group loses the race in every seed.
  const Replay r = diagram(R"(
....OOXXX.XX.X.XXXO
O.X.OXXX.X.XXXXXOOO
OX.OOOXX....XOOOOO.
.XOOXXXXX.X..XOXO.O
XXXOOOOXX.X.XXOXXOO
.OO.O.XOOXXXX.XX.XX
...O.OO.OOX..XXXX..
.....OOOO.OXXOOOX..
.X..XO....OOXO.X...
..O..XOOO.OOXOOX...
OOX..XOXOOXXOOXX...
OXOO..O.XOXOOOOX...
XXXO.O..OXXO.OXX...
X.XOO.OOOOXOOXX.XX.
.XOOXOOXOXXO.OXXOOO
X.XOXOXXOXOOOOOXXO.
.XXXXX.XXXXOOXXX.OX
..X.....X.XOOOX.O.X
...XXX.XXXOO.OX....
)");
  check_engines_dead(r, Stone::white, {"ae", "bc", "bd", "be", "bi", "cb", "ce", "ck", "ei", "fj",
                                       "fk", "gf", "hk", "il", "qo", "qr", "ro", "rp", "rq", "so"});
}

TEST_CASE("go reading: eye shapes on the edge, read to the end") {
  // White's group on the top edge, walled in by Black: its eye space decides. Four in a row
  // lives whoever moves first; three in a row dies when Black takes the middle first and lives
  // when White does; two die either way; the square four dies either way.
  CHECK(read_at(top_of_9x9({"XO....OX.", "XOOOOOOX.", "XXXXXXXX."}), "B8") == "LL");
  CHECK(read_at(top_of_9x9({"XO...OXX.", "XOOOOOX..", "XXXXXXX.."}), "B8") == "DL");
  CHECK(read_at(top_of_9x9({"XO..OX...", "XOOOOX...", "XXXXXX..."}), "B8") == "DD");
  CHECK(read_at(top_of_9x9({"XO..OX...", "XO..OX...", "XOOOOX...", "XXXXXX..."}), "B8") == "DD");
  // A Black stone at the end of a straight five: White takes it and lives, moving second.
  const Replay inside = top_of_9x9({"XOX....OX", "XOOOOOOOX", "XXXXXXXXX"});
  CHECK(read_at(inside, "C9") == "DD");
  CHECK(read_at(inside, "B8") == "LL");
  // A race: White's group has one eye (A9); Black's stone C8 in atari touches it, its liberty
  // C7 outside White's area. Taking C8 gives White a second eye, filling A9 takes White: the
  // stone joins the fight (as a wall it could not be taken, and White would be dead), and
  // whoever moves first wins.
  const Replay race = top_of_9x9({".OOOOX...", "OOXOOX...", "XX.XXX...", "XXXX....."});
  CHECK(read_at(race, "B9") == "DL");
  CHECK(read_at(race, "C8") == "DL");
  // An open area is no closed fight: the flood from White's stones passes eight empty points.
  CHECK(read_at(top_of_9x9({"XO.......", "XO.......", "XOOOOOOOO", "XXXXXXXXX"}), "B7") == "none");
}

// Counted game 0206's final position (White to move). Across the top, Black's D19 ... F15 (two
// chains sharing the eye E18, and F19 beside White's G19 in atari) races White's eyeless
// H18 J18 K18 H17, whose liberties run on through L19, M18 and N19; Black's H19 is in atari.
constexpr const char* k0206 = R"(
..OXX.OX..O.O.X.XO.
..OX.XXOOOXO.XOOOXX
.O.OXXXO.XXXXXXXOX.
..O.OXOXXXOXXXOOXXX
..XOOXOO.OOO.OOXXOX
....OOXO.O..O..OOOO
....OXXXXO.........
...OOOOX.OO..O.....
..OOOXOXXOXOOXOOXO.
OOOXXXXXXXXOXXOOO.O
OXX.XO..XOOOOXXXXO.
XX..XO.OXO.OOOXOOOO
.....XO.XOOX.XXXOOX
..X..XO.XXXXX.XXOXX
.....XO.OOOOOXXXXX.
...XXXXO...O.OXOOX.
...X..XO.X.OO.OOXX.
..XOXXOOO....OOX.X.
....XXXO.....OXXX.X
)";

// The race across 0206's top: those chains and the empty points between them; Black's K17 ...
// Q17 and P19 beside it are walls (their other liberties are outside).
ClosedFight top_of_0206(const Board& board) {
  ClosedFight fight;
  for (const char* name : {"D19", "E19", "D18", "F18", "G18", "E17", "F17", "G17", "F16",
                           "F15", "E18", "F19", "G19", "H19", "J19", "K19", "H18", "J18",
                           "K18", "H17", "J17", "L19", "M19", "M18", "N18", "N19", "O19"}) {
    fight.area.push_back(*board.parse(name));
  }
  for (Point p : fight.area) {
    if (board.at(p) != Stone::empty && board.chain(p) == p) fight.chains.push_back(p);
  }
  return fight;
}

TEST_CASE(
    "go status: 0206's race across the top goes to Black, read in the race around the group") {
  // The engines and the record keep Black's group and count White's top stones dead. Read
  // out, Black wins the race whoever moves first: White's J19 takes H19, but Black fills J17
  // and K19 (and M19's side, when White extends), and White can never fill F19, which would be
  // suicide, so Black takes it all at F19. Random playouts lose it for Black, and the board's
  // closed fights do not hold it (Black's K17 ... Q17, with two liberties below, joins them and
  // the flood passes its limit); the group's own reading does not finish (undecided after
  // 8,000,000 positions). The race around the group (race_fight) leaves Black's K17 ... Q17 a
  // wall: there White's chain dies whoever moves first, and with it off the group lives.
  Replay r = diagram(k0206);
  CHECK(read_at(r, "H18") == "none");
  const std::optional<ClosedFight> fight = race_fight(r.board, *r.board.parse("D19"), 8);
  REQUIRE(fight);
  std::vector<Point> area = fight->area;
  std::vector<Point> expected = top_of_0206(r.board).area;
  std::sort(area.begin(), area.end());
  std::sort(expected.begin(), expected.end());
  CHECK(area == expected);
  const ChainReading white = read_chain(r.board, *fight, *r.board.parse("H18"), 100000);
  CHECK(white.attacker_first == Reading::dies);
  CHECK(white.defender_first == Reading::dies);  // White, to move at the end, cannot save it
  Board without = r.board;
  without.setup(without.chain_stones(*without.parse("H18")), Stone::empty);
  const ChainReading black = read_chain(without, *fight, *without.parse("D19"), 100000);
  CHECK(black.attacker_first == Reading::lives);
  // settle() counts it so, whoever is to move and whatever the seed: the engines' dead stones
  // exactly, their count B+10 with no komi (B+2.5 with 7.5).
  std::vector<Point> consensus;
  for (const char* name : {"C15", "D2", "G19", "H18", "H17", "J18", "K18", "K3", "L19", "M18",
                           "N19", "P18", "Q18", "R18", "R17", "R11", "S19"}) {
    consensus.push_back(*r.board.parse(name));
  }
  std::sort(consensus.begin(), consensus.end());
  for (Stone to_move : {Stone::white, Stone::black}) {
    for (std::uint64_t seed : {1U, 2U, 3U}) {
      CAPTURE(seed);
      SettleOptions options;
      options.seed = seed;
      Settlement s = settle(r.board, to_move, options);
      std::sort(s.dead.begin(), s.dead.end());
      CHECK(s.dead == consensus);
      CHECK(result_with(r, s.dead) == "B+2.5");
    }
  }
}

// Counted game 0612's final position (White to move). Black's B4 B3 C3 D3, D1 and E2 F2 in the
// lower-left corner, beside White's D2 (in atari) and B1, are open at A5 to White's unfinished
// region on the left (A6 ... G10), which touches no other Black stone.
constexpr const char* k0612 = R"(
XX.XX..............
OXX..X.............
OOOX.X....X.O.X....
OOXXXX.....X.XXXXX.
OXXXOX......XOXOOXX
OOOOOXX....XOOXXOOX
O..O.OX...XXXOOOOXO
....O.OXXXXOO..O..O
......OXXOOOXOOXO..
...O...OOOOXXXOXO..
..OXOOOOXXX..XXXO..
.OXXXOXXO..XXOOO.O.
.OOXXXOXXXX.XOOOO..
..OOOXOOO...XXXXXO.
.OOXXXXXXX..XOOOOO.
.XOOOXOXOXX.XXXO...
.XXXOOOXOOXXOOOXXO.
...OXXOXOOXXXOOOO..
.O.X..OOOOX.XXXO...
)";

TEST_CASE(
    "go status: a group alone in the opponent's sphere is read with its border closed (0612)") {
  // GNU Go and the record (W+0.5) count Black's corner dead. The playouts keep it in about
  // three of four (White's D2 falls to C2 at once), so step 4 calls it alive, step 6's attacks
  // on it fail, and step 7 does not find it enclosed: Black owns C1, C2, A1 and A2 in most
  // playouts. Closed at A5, the point beyond its room that White owns in most playouts, the
  // race around it dies whoever moves first.
  Replay r = diagram(k0612);
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    CAPTURE(seed);
    const Settlement s = settle_diagram(r, seed);
    CHECK(s.black_share[*r.board.parse("B4")] > 0.7);
    CHECK(s.white_share[*r.board.parse("A5")] > 0.5);
  }
  for (Stone to_move : {Stone::white, Stone::black}) {
    check_engines_dead(r, to_move,
                       {"bp", "bq", "cq", "dq", "ds", "er", "fr", "gm", "gn", "hn", "il", "in",
                        "mc", "pq", "qq", "rg"});
  }
  Board closed = r.board;
  closed.setup({*closed.parse("A5")}, Stone::white);
  const std::optional<ClosedFight> fight =
      race_fight(closed, *closed.parse("B4"), 2 * SettleOptions{}.read_empty);
  REQUIRE(fight);
  CHECK(fight->area.size() == 18);
  const ChainReading black = read_chain(closed, *fight, *closed.parse("B4"), 150000);
  CHECK(black.attacker_first == Reading::dies);
  CHECK(black.defender_first == Reading::dies);
  CHECK(result_with(r, settle_diagram(r, 1).dead) == "W+0.5");
}

TEST_CASE(
    "go status: no group is read with its border closed without a narrow gap into the "
    "opponent's living stones' sphere") {
  // White's C3 D3 counted dead by these playouts leave Black's B3 no opponent's sphere to be
  // alone in: every stone it meets is dead. Closing its room there gave White the whole board
  // and read every stone dead (W+7.5); C3 D3 stay as the playouts leave them.
  const Replay lone = diagram("....\n.XOO\n....\n....\n");
  SettleOptions few;
  few.playouts = 22;
  few.seed = 4;
  const Settlement s = settle(lone.board, lone.to_move, few);
  CHECK_FALSE(std::binary_search(s.dead.begin(), s.dead.end(), *lone.board.parse("C3")));
  CHECK_FALSE(std::binary_search(s.dead.begin(), s.dead.end(), *lone.board.parse("D3")));
  // White's D7 C6 open onto Black's sphere at five points: closing them all gave Black five free
  // moves, and the chain was read dead.
  const Replay wide = diagram("..XO...\n..O....\n..XXX..\nO..O...\n.......\nXXXXXXX\nX.X.X.X\n");
  SettleOptions options;
  options.seed = 3;
  const Settlement t = settle(wide.board, wide.to_move, options);
  CHECK_FALSE(std::binary_search(t.dead.begin(), t.dead.end(), *wide.board.parse("D7")));
}

TEST_CASE(
    "go status: a straight four on the edge lives and a square four dies, whatever the seed") {
  // The playouts defend at random: a straight four dies to the attacker's move in the middle
  // when the defender misses the answer, and the playouts alone leave it uncertain. Read out,
  // it lives; the square four is dead.
  const Replay r = diagram(R"(
XO....OX.
XOOOOOOX.
XXXXXXXX.
.........
.........
XXXXXX...
XO..OX...
XO..OX...
XOOOOX...
)");
  std::vector<Point> square;
  for (const char* p : {"B3", "B2", "B1", "C1", "D1", "E1", "E2", "E3"})
    square.push_back(*r.board.parse(p));
  std::sort(square.begin(), square.end());
  for (std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    CAPTURE(seed);
    Settlement s = settle_diagram(r, seed);
    std::sort(s.dead.begin(), s.dead.end());
    CHECK(s.dead == square);
    CHECK(s.uncertain.empty());
  }
}

TEST_CASE(
    "go board: setup of many points at once leaves the board that point-by-point setup leaves") {
  // Random AB/AW/AE properties (rectangles, overlapping) on a 7×7 board, seed fixed: every
  // point, the hash, the chains and their liberties agree with Board::set one point at a time.
  std::mt19937 random(20261201);
  Board batched(7);
  Board single(7);
  for (int step = 0; step < 400; ++step) {
    const Stone colour = std::array{Stone::black, Stone::white, Stone::empty}[random() % 3];
    std::vector<Point> points;
    for (int k = 0, n = 1 + static_cast<int>(random() % 3); k < n; ++k) {
      const int x0 = static_cast<int>(random() % 7), x1 = static_cast<int>(random() % 7);
      const int y0 = static_cast<int>(random() % 7), y1 = static_cast<int>(random() % 7);
      for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y) {
        for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x)
          points.push_back(batched.point(x, y));
      }
    }
    batched.setup(points, colour);
    for (Point p : points) single.set(p, colour);
    CAPTURE(step);
    REQUIRE(batched.consistent());
    REQUIRE(batched.hash() == single.hash());
    for (Point p : batched.all_points()) {
      REQUIRE(batched.at(p) == single.at(p));
      if (batched.at(p) == Stone::empty) continue;
      REQUIRE(batched.chain_size(p) == single.chain_size(p));
      REQUIRE(batched.liberties(p) == single.liberties(p));
      REQUIRE(batched.in_atari(p) == single.in_atari(p));
    }
  }
}

TEST_CASE(
    "go sgf: 100,000 nested variations are read without recursion, in the main line and beside "
    "it") {
  constexpr int kDepth = 100000;
  // The main line nested as deep as it goes: every node the first child of the one before.
  std::string deep = "(;SZ[9]";
  for (int i = 0; i < kDepth; ++i) deep += i % 2 == 0 ? "(;B[]" : "(;W[]";
  deep += std::string(kDepth + 1, ')');
  test::Collected found;
  auto games = read_sgf(deep, "deep.sgf", found.diagnostics);
  CHECK(found.messages().empty());
  REQUIRE(games.size() == 1);
  CHECK(games[0].readable());
  CHECK(games[0].main_line.size() == kDepth + 1);
  Replay r = replay_sgf(games[0], Rules{});
  CHECK(r.status == GameStatus::ok);
  CHECK(r.moves == kDepth);  // passes, all of them
  // A side variation nested as deep is skipped whole; the main line goes on after it.
  std::string beside = "(;SZ[9];B[ee](;W[dd])";
  for (int i = 0; i < kDepth; ++i) beside += "(;W[aa]";
  beside += std::string(kDepth, ')') + ")(;SZ[5];B[cc])";
  auto two = read_sgf(beside, "beside.sgf", found.diagnostics);
  CHECK(found.messages().empty());
  REQUIRE(two.size() == 2);
  CHECK(two[0].main_line.size() == 3);
  CHECK(replay_sgf(two[0], Rules{}).board.at(*r.board.parse("D6")) == Stone::white);
  CHECK(two[1].main_line.size() == 2);
  // Cut short at that depth: one error, where the file ends.
  const std::string cut = deep.substr(0, 7 + 5 * kDepth);
  test::Collected short_found;
  auto truncated = read_sgf(cut, "cut.sgf", short_found.diagnostics);
  REQUIRE(truncated.size() == 1);
  CHECK_FALSE(truncated[0].readable());
  CHECK(short_found.messages() ==
        std::vector<std::string>{fmt::format("1:{}: error: game 1: the file ends inside the game "
                                             "tree (its '(' at 1:1 is never closed)",
                                             cut.size() + 1)});
}

TEST_CASE(
    "go sgf: a record cut short, stray text or a value never closed make the game unreadable, "
    "errors where they are") {
  struct Case {
    const char* text;
    std::vector<std::string> messages;
  };
  const Case cases[] = {
      {"(;SZ[9];B[ee];W[dd]\n;B[cc]",
       {"2:7: error: game 1: the file ends inside the game tree (its '(' at 1:1 is never closed)"}},
      {"(;SZ[9];B[ee];W[dd]C[a comment\n\n",
       {"1:21: error: game 1: the value of C[ is never closed (the file ends inside it)"}},
      {"(;SZ[9];B[ee] 123 ;W[dd])",
       {"1:15: error: game 1: unexpected '1' in a game tree (4 characters skipped to the next "
        "node)"}},
      {"(;SZ[9];B[ee] junk ;W[dd])", {"1:15: error: game 1: property junk has no value"}},
      {"(;SZ[9];B;W[dd])", {"1:9: error: game 1: property B has no value"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    test::Collected found;
    auto games = read_sgf(c.text, "t.sgf", found.diagnostics);
    CHECK(found.messages() == c.messages);
    REQUIRE(games.size() == 1);
    CHECK_FALSE(games[0].readable());
    const Replay r = replay_sgf(games[0], Rules{});
    CHECK(r.status == GameStatus::unreadable);
    REQUIRE_FALSE(r.legal());
    CHECK(found.all.front().message == "game 1: " + r.problem->reason);
    CHECK(found.all.front().where == r.problem->where);
  }
  // Text that only looks like a tree, before a game, is no game: "(round 3)" in a mail header.
  test::Collected found;
  auto games = read_sgf("Subject: game (round 3)\n(;SZ[9];B[ee])", "t.sgf", found.diagnostics);
  CHECK(found.messages().empty());
  REQUIRE(games.size() == 1);
  CHECK(games[0].readable());
  // A 100,000-letter property name with no value is quoted cut.
  test::Collected long_name;
  read_sgf("(;SZ[9];" + std::string(100000, 'X') + ")", "t.sgf", long_name.diagnostics);
  REQUIRE(long_name.all.size() == 1);
  CHECK(long_name.all[0].message.size() < 100);
}

TEST_CASE(
    "go sgf: boards of 2 to 25 are played, other sizes, rectangles and off-board points are errors "
    "where they stand") {
  auto replay = [](const std::string& text, test::Collected& found) {
    auto games = read_sgf(text, "t.sgf", found.diagnostics);
    REQUIRE(games.size() == 1);
    return replay_sgf(games[0], Rules{}, "t.sgf", found.diagnostics);
  };
  for (int size : {2, 9, 13, 19, 21, 25}) {
    test::Collected found;
    Replay r = replay(fmt::format("(;SZ[{}];B[ba])", size), found);
    CHECK(r.status == GameStatus::ok);
    CHECK(r.size == size);
    CHECK(found.messages().empty());
  }
  struct Refused {
    const char* text;
    const char* message;
  };
  const Refused refused[] = {
      {"(;SZ[1];B[aa])", "1:3: error: game 1: SZ[1] is not a board size played: 2×2 to 25×25"},
      {"(;SZ[26])", "1:3: error: game 1: SZ[26] is not a board size played: 2×2 to 25×25"},
      {"(;FF[4]\nSZ[52];B[zz])",
       "2:1: error: game 1: SZ[52] is not a board size played: 2×2 to 25×25"},
      {"(;SZ[19:13])",
       "1:3: error: game 1: SZ[19:13] is a rectangular board: only square boards are played, 2×2 "
       "to 25×25"},
      {"(;SZ[nineteen])", "1:3: error: game 1: SZ[nineteen] is not a board size"},
      {"(;SZ[99999999999999999999999])",
       "1:3: error: game 1: SZ[99999999999999999999…] is not a board size"},
  };
  for (const Refused& c : refused) {
    CAPTURE(c.text);
    test::Collected found;
    Replay r = replay(c.text, found);
    CHECK(r.status == GameStatus::unreadable);
    CHECK(found.messages() == std::vector<std::string>{c.message});
  }
  test::Collected square;
  CHECK(replay("(;SZ[19:19];B[pd])", square).size == 19);
  // Every point off the board, in moves, setup stones and marks, at its own position.
  test::Collected found;
  Replay off =
      replay("(;SZ[9]AB[aa][zz]AW[ab:jj]\n;B[ee]LB[kk:x]\n;W[ja];B[]MA[cc][ii][ij])", found);
  REQUIRE(off.status == GameStatus::illegal);
  CHECK(off.problem->reason == "AB[zz] is not a point of the 9×9 board");
  CHECK(found.messages() ==
        std::vector<std::string>{
            "1:14: error: game 1: AB[zz] is not a point of the 9×9 board",
            "1:20: error: game 1: AW[ab:jj] is not a point of the 9×9 board",
            "2:9: error: game 1: LB[kk:x] is not a point of the 9×9 board",
            "3:2: error: game 1: move 2 (W[ja]) is illegal: not a point of the 9×9 board",
            "3:21: error: game 1: MA[ij] is not a point of the 9×9 board",
        });
  // A flood of them: ten listed, then how many more.
  test::Collected flood;
  std::string many = "(;SZ[9]AB";
  for (int i = 0; i < 50; ++i) many += "[zz]";
  replay(many + ")", flood);
  REQUIRE(flood.all.size() == 11);
  CHECK(flood.all.back().message ==
        "game 1: 40 more points off the board or malformed (not listed)");
  // tt: a pass up to 19×19 (FF[3]), the point it names on larger boards.
  test::Collected tt;
  Replay nineteen = replay("(;SZ[19];B[tt];W[tt];B[dd])", tt);
  CHECK(nineteen.status == GameStatus::ok);
  CHECK(nineteen.moves == 3);
  CHECK(nineteen.board.at(*nineteen.board.parse("D16")) == Stone::black);
  Replay twenty_one = replay("(;SZ[21];B[tt])", tt);
  CHECK(twenty_one.board.at(twenty_one.board.point(19, 19)) == Stone::black);
  CHECK(twenty_one.board.name(twenty_one.board.point(19, 19)) == "U2");
  CHECK(tt.messages().empty());
  // A move with two points is no move.
  test::Collected twice;
  CHECK(replay("(;SZ[9];B[aa][bb])", twice).status == GameStatus::illegal);
  CHECK(twice.messages() ==
        std::vector<std::string>{"1:9: error: game 1: move 1 (B[aa][bb]...) has 2 values: a move "
                                 "is one point, or a pass"});
  // A handicap that is no handicap is a warning and ignored.
  test::Collected handicap;
  CHECK(replay("(;SZ[9]HA[99999999999];B[aa])", handicap).handicap == 0);
  CHECK(handicap.messages() ==
        std::vector<std::string>{
            "1:8: warning: game 1: HA[99999999999] is not a handicap (0 to 81 stones): ignored"});
}

TEST_CASE(
    "go komi: nan, inf, 1e308 and komi finer than quarter points are refused, and count_area "
    "refuses a komi out of range") {
  for (const char* text : {"nan", "-nan", "inf", "-inf", "1e308", "-1e308", "100000", "7.3", "0x10",
                           "7.5.", "seven"}) {
    CAPTURE(text);
    CHECK_FALSE(parse_komi_points(text));
  }
  CHECK(parse_komi_points("7.5") == 30);
  CHECK(parse_komi_points("+7.5") == 30);
  CHECK(parse_komi_points("-7.5") == -30);
  CHECK(parse_komi_points("7.50") == 30);
  // Chinese stones ×100 (Fox): 3¾ stones are 7.5 points, 2¾ are 5.5, 3½ are 7.
  bool in_stones = false;
  CHECK(parse_komi_points("375", &in_stones) == 30);
  CHECK(in_stones);
  CHECK(parse_komi_points("275") == 22);
  CHECK(parse_komi_points("350") == 28);
  CHECK(parse_komi_points("-375") == -30);
  CHECK(parse_komi_points("750", &in_stones) == 30);  // points ×100
  CHECK_FALSE(in_stones);
  CHECK(parse_komi_points("3.75", &in_stones) == 15);  // 3.75 points as written
  CHECK_FALSE(in_stones);
  CHECK(parse_komi_points("6.75") == 27);
  CHECK(komi_from_stones(3.75) == 30);
  CHECK(komi_from_stones(500) == kMaxKomi);
  CHECK_FALSE(komi_from_stones(500.125));
  CHECK_FALSE(komi_from_stones(std::nan("")));
  CHECK_FALSE(komi_from_stones(HUGE_VAL));
  CHECK_FALSE(komi_from_stones(3.7));
  CHECK(komi_from_points(-1000) == -kMaxKomi);
  CHECK_FALSE(komi_from_points(1000.5));
  CHECK_FALSE(komi_from_points(std::nan("")));
  ScoreSettings beyond;
  beyond.komi = kMaxKomi + 1;
  CHECK_THROWS_AS(count_area(counted_board(370), {}, beyond), std::invalid_argument);
  ScoreSettings warned;
  warned.white_warnings = -1;
  CHECK_THROWS_AS(count_area(counted_board(370), {}, warned), std::invalid_argument);
  CHECK_THROWS_AS(Board(26), std::invalid_argument);
  CHECK_THROWS_AS(Board(1), std::invalid_argument);
}

TEST_CASE("go points: A1 names are a letter and digits, nothing else") {
  const Board board(19);
  CHECK(board.parse("D4") == board.point(3, 15));
  CHECK(board.parse("d4") == board.point(3, 15));
  for (const char* text :
       {"D+4", "D 4", "D-4", "D99999999999999999999", "I5", "D", "D20", "4D", "dd4"}) {
    CAPTURE(text);
    CHECK_FALSE(board.parse(text));
  }
}

TEST_CASE(
    "go diagram: bad characters are quoted whole at their column in characters, long rows and too "
    "many rows are cut short") {
  auto problem_of = [](std::string_view text) {
    auto r = read_diagram(text);
    REQUIRE_FALSE(r);
    return r.problem();
  };
  boardgames::Problem error = problem_of("...\n.×.\n...\n");
  CHECK(error.reason == "'×' is not a board point ('.', 'X', 'O'; lower case for dead stones)");
  CHECK(error.where.line == 2);
  CHECK(error.where.column == 2);
  CHECK(error.token == "×");
  error = problem_of("…\x1b[2J\n");
  CHECK(error.reason == "'…' is not a board point ('.', 'X', 'O'; lower case for dead stones)");
  error = problem_of(".\x1b[2J\n");
  CHECK(error.reason ==
        "'\xEF\xBF\xBD' is not a board point ('.', 'X', 'O'; lower case for dead stones)");
  CHECK(error.token == "\x1b");
  // A row of ten million points: an error that says so, in a short message.
  error = problem_of(std::string(10000000, '.') + "\n...\n...\n");
  CHECK(error.reason == "row 1 has 10000000 points, the board is 3×3");
  std::string rows;
  for (int i = 0; i < 30; ++i) rows += std::string(30, '.') + "\n";
  error = problem_of(rows);
  CHECK(error.reason == "more than 25 rows: boards are 2×2 to 25×25");
  CHECK(error.where.line == 26);
  error = problem_of("# nothing\n");
  CHECK(error.reason == "no board rows: a position is typed as rows of '.', 'X' and 'O'");
  error = problem_of(".\n");
  CHECK(error.reason == "a board of 1 row: boards are 2×2 to 25×25");
}

TEST_CASE(
    "go status: a counted game with an open border is unfinished, two passes or not, illegal and "
    "unreadable stay so") {
  auto status_of = [](const std::string& text) {
    auto games = sgf(text);
    REQUIRE(games.size() == 1);
    const Replay r = replay_sgf(games[0], Rules{});
    if (r.status != GameStatus::ok) return game_status(r, nullptr);
    const Score score = count_area(r.board, {}, ScoreSettings{});
    return game_status(r, &score);
  };
  CHECK(status_of("(;SZ[5];B[cc];W[dd])") == GameStatus::unfinished);
  CHECK(status_of("(;SZ[5];B[cc];W[dd];B[];W[])") == GameStatus::unfinished);
  // Black C column, White D column: dame come one to a region.
  CHECK(status_of("(;SZ[5];B[ca];W[da];B[cb];W[db];B[cc];W[dc];B[cd];W[dd];B[ce];W[de])") ==
        GameStatus::ok);
  CHECK(status_of("(;SZ[5];B[cc];W[cc])") == GameStatus::illegal);
  CHECK(status_of("(;SZ[5];B[cc];W[dd]") == GameStatus::unreadable);
  CHECK(status_name(GameStatus::unfinished) == "unfinished");
}

TEST_SUITE("slow") {
  TEST_CASE(
      "go: 340 real games that ended by counting — automatic settling against the records and the "
      "engines") {
    // Unfinished records (borders open, races unplayed) counted by a server; the index gives the
    // komi to assume, engines/engines.csv the dead stones GNU Go 3.8 and Pachi 12.90 call (the
    // consensus where all four lists agree, 317 games). Every count is go-score's own. Seeds 1 to
    // 3; the thresholds are the level measured (docs/benchmarks.md). Before issue 17 (steps 2, 7
    // and 9 of status.h): 292-295 consensus dead sets, 322-323 winners, 154-155 exact margins,
    // 14-15 consensus games more than 10 points off; before step 7b, 328 winners (0612 was the
    // game GNU Go's dead stones counted have and go-score had not).
    const auto index_path = test::shared_file("go/counted/index.csv");
    const auto engines_path = test::shared_file("go/counted/engines/engines.csv");
    struct Game {
      std::string file;
      Replay replay;
      Eighths komi = 0;
      double recorded_margin = 0;     // points, Black positive
      std::vector<Point> gnugo_dead;  // GNU Go's dead stones: the consensus if `has_consensus`
      bool has_consensus = false;
    };
    std::vector<Game> games;
    {
      std::istringstream index(test::read_file(index_path));
      std::string line;
      std::getline(index, line);
      while (std::getline(index, line)) {
        auto cells = boardgames::split(line, ',');
        REQUIRE(cells.size() >= 20);
        Game game;
        game.file = std::string(cells[0]);
        const std::string recorded(cells[7]);
        CAPTURE(game.file);
        if (recorded != "0") {
          REQUIRE(recorded.size() > 2);
          REQUIRE((recorded[0] == 'B' || recorded[0] == 'W'));
          game.recorded_margin = std::stod(recorded.substr(2)) * (recorded[0] == 'B' ? 1 : -1);
        }
        auto parsed = sgf(test::read_file(index_path.parent_path() / game.file));
        REQUIRE(parsed.size() == 1);
        game.replay = replay_sgf(parsed[0], Rules{});
        REQUIRE(game.replay.legal());
        game.komi = static_cast<Eighths>(std::llround(std::stod(std::string(cells[19])) * 4));
        games.push_back(std::move(game));
      }
      std::istringstream engines(test::read_file(engines_path));
      std::getline(engines, line);
      std::size_t rows = 0;
      while (std::getline(engines, line)) {
        auto cells = boardgames::split(line, ',');
        REQUIRE(cells.size() >= 7);
        REQUIRE(rows < games.size());
        Game& game = games[rows++];
        REQUIRE(game.file == std::string(cells[0]));
        game.has_consensus = cells[6] == "1";
        for (std::string_view word : boardgames::split(cells[2], ' ')) {
          if (!word.empty()) game.gnugo_dead.push_back(*game.replay.board.parse_sgf(word));
        }
        std::sort(game.gnugo_dead.begin(), game.gnugo_dead.end());
      }
      REQUIRE(rows == games.size());
    }
    const auto margin_of = [](const Game& game, const std::vector<Point>& dead) {
      ScoreSettings settings;
      settings.komi = game.komi;
      return static_cast<double>(count_area(game.replay.board, dead, settings).margin) / 4;
    };
    const auto sign = [](double margin) { return (margin > 0) - (margin < 0); };
    // The best engine's winners: GNU Go's dead stones counted (329; its own score has 324).
    int gnugo_winners = 0;
    for (const Game& game : games) {
      gnugo_winners += sign(margin_of(game, game.gnugo_dead)) == sign(game.recorded_margin);
    }
    for (std::uint64_t seed : {1U, 2U, 3U}) {
      CAPTURE(seed);
      int winners = 0;
      int exact = 0;
      int closed = 0;  // games without an open border
      int closed_winners = 0;
      int consensus = 0;
      int identical = 0;
      int count_games = 0;  // consensus games whose consensus count gives the record's winner
      int count_winners = 0;
      int far = 0;  // consensus games more than 10 points from the consensus count
      for (const Game& game : games) {
        CAPTURE(game.file);
        SettleOptions options;
        options.seed = seed;
        const Settlement s = settle(game.replay.board, game.replay.to_move, options);
        ScoreSettings settings;
        settings.komi = game.komi;
        const Score score = count_area(game.replay.board, s.dead, settings);
        const double margin = static_cast<double>(score.margin) / 4;
        const bool winner_agrees = sign(margin) == sign(game.recorded_margin);
        winners += winner_agrees;
        exact += winner_agrees && std::abs(margin - game.recorded_margin) < 0.01;
        if (!score.open_border()) {
          ++closed;
          closed_winners += winner_agrees;
        }
        if (!game.has_consensus) continue;
        ++consensus;
        identical += s.dead == game.gnugo_dead;
        const double consensus_margin = margin_of(game, game.gnugo_dead);
        if (sign(consensus_margin) == sign(game.recorded_margin)) {
          ++count_games;
          count_winners += sign(margin) == sign(consensus_margin);
        }
        far += std::abs(margin - consensus_margin) > 10;
      }
      MESSAGE(
          fmt::format("seed {}: {} games, winner agrees in {}, exact margin in {}; {} without an "
                      "open border, winner "
                      "agrees in {}; consensus dead stones in {} of {}; winner as the consensus "
                      "count in {} of {}; {} "
                      "consensus games more than 10 points off; GNU Go's dead stones give the "
                      "winner in {}",
                      seed, games.size(), winners, exact, closed, closed_winners, identical,
                      consensus, count_winners, count_games, far, gnugo_winners));
      CHECK(games.size() == 340);
      CHECK(consensus == 317);
      // Per seed (1-3), as measured: identical 317 / 317 / 317, far 0 / 0 / 0, winners
      // 329 / 329 / 329, exact 163 / 163 / 163.
      CHECK(identical == 317);
      // 96.8% (0009's record, W+0.5, is not the consensus count's B+0.5)
      CHECK(winners >= 329);
      CHECK(winners >= gnugo_winners);  // at or above the best engine's (issue 17)
      CHECK(exact >= 163);              // 47.9%
      CHECK(count_winners == count_games);
      CHECK(far == 0);
      // The open-border warning flags the records the count cannot be trusted on.
      CHECK(closed >= 305);
      CHECK(closed_winners >= closed * 95 / 100);
    }
  }
}  // TEST_SUITE("slow")
