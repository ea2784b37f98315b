// The Shatar engine against an independent engine's perft counts and games, the corrupted
// records with their known bad plies, the rule book's own example, and every notation.
#include <doctest/doctest.h>
#include <algorithm>

#include <fmt/format.h>

#include <set>
#include <sstream>

#include "boardgames/core/random.h"
#include "boardgames/core/strings.h"
#include "boardgames/shatar/notation.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"
#include "test_support.h"

using namespace boardgames::shatar;
using boardgames::Diagnostics;

namespace {

struct PerftCase {
  std::string name;
  std::string fen;
  std::vector<std::uint64_t> counts;  // depth 1..5
};

// The table of ../shared/testdata/shatar/perft.md.
std::vector<PerftCase> perft_cases() {
  std::istringstream in(test::read_file(test::shared_file("shatar/perft.md")));
  std::vector<PerftCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    auto cells = boardgames::split(line, '|');
    if (cells.size() < 10) continue;
    std::string fen(boardgames::trim(cells[3]));
    if (fen.size() < 2 || fen.front() != '`') continue;
    PerftCase c{std::string(boardgames::trim(cells[2])), fen.substr(1, fen.size() - 2), {}};
    for (int d = 0; d < 5; ++d) {
      c.counts.push_back(static_cast<std::uint64_t>(
          *boardgames::parse_integer(boardgames::trim(cells[4 + static_cast<std::size_t>(d)]))));
    }
    cases.push_back(c);
  }
  return cases;
}

void check_perft(int max_depth, int min_depth = 1) {
  auto cases = perft_cases();
  REQUIRE(cases.size() == 12);
  for (const PerftCase& c : cases) {
    auto position = Position::from_fen(c.fen);
    REQUIRE_MESSAGE(position, c.name << ": " << (position ? "" : position.problem().reason));
    for (int depth = min_depth; depth <= max_depth; ++depth) {
      CAPTURE(c.name);
      CAPTURE(depth);
      CHECK(perft(*position, depth) == c.counts[static_cast<std::size_t>(depth - 1)]);
    }
  }
}

std::vector<GameReport> validate_text(const std::string& text,
                                      std::vector<std::string>* messages = nullptr) {
  Diagnostics diagnostics([&](const boardgames::Diagnostic& d) {
    if (messages) messages->push_back(boardgames::format_diagnostic(d));
  });
  std::vector<GameReport> reports;
  for (const PgnGame& game : read_pgn(text, "t.pgn", diagnostics)) {
    reports.push_back(validate_game(game, "t.pgn"));
    for (const auto& d : reports.back().diagnostics) diagnostics.report(d);
  }
  return reports;
}

std::vector<GameReport> validate_file(const std::string& relative) {
  return validate_text(test::read_file(test::shared_file(relative)));
}

Position position_of(const std::string& fen) {
  auto p = Position::from_fen(fen);
  REQUIRE_MESSAGE(p, (p ? "" : p.problem().reason));
  return *p;
}

// The move a token reads as, in long algebraic ("e2e4"), or "! reason".
std::string read(const Position& position, std::string_view token) {
  const boardgames::Expected<ReadMove> r = read_move(position, token);
  return r ? move_uci(r->move) : "! " + r.problem().reason;
}

}  // namespace

TEST_CASE("shatar perft: the reference counts to depth 4 for all 12 positions") { check_perft(4); }

TEST_SUITE("slow") {
  TEST_CASE("shatar perft: the reference counts at depth 5") { check_perft(5, 5); }
}

TEST_CASE("shatar: the first move pair is fixed, then pawns step one square") {
  Position start = Position::initial();
  MoveList moves;
  start.legal_moves(moves);
  CHECK(moves.size() == 2);  // d2-d4, e2-e4
  CHECK(read(start, "e4") == "e2e4");
  CHECK(read(start, "c4") == "! White's first move must be d2-d4 or e2-e4");
  CHECK(read(start, "Nf3") == "! White's first move must be d2-d4 or e2-e4");
  CHECK(read(start, "e3") == "! White's first move must be d2-d4 or e2-e4");
  const auto refused = read_move(start, "Nf3+!");
  REQUIRE(!refused);
  CHECK(refused.problem().token == "Nf3+!");  // as written, suffixes and all
  CHECK(refused.problem().ply == 0);          // the caller's to fill in
  Position after_e4 = start.after(Move(make_square(4, 1), make_square(4, 3)));
  after_e4.legal_moves(moves);
  CHECK(moves.size() == 1);
  CHECK(read(after_e4, "d5").starts_with("! Blue's first move must answer"));
  CHECK(read(after_e4, "e5") == "e7e5");
  Position after_e5 = after_e4.after(Move(make_square(4, 6), make_square(4, 4)));
  CHECK(read(after_e5, "d4").find("one square only") != std::string::npos);
  CHECK(read(after_e5, "d3") == "d2d3");
  CHECK(perft(after_e5, 1) == 22);
}

TEST_CASE(
    "shatar: no castling, no en passant, promotion to Q R N B but not K, a king never onto an "
    "attacked square") {
  Position p = position_of("r3k2r/8/8/3pP3/8/8/8/R3K2R w - - 0 20");
  CHECK(read(p, "O-O") == "! castling does not exist in Shatar");
  CHECK(read(p, "0-0-0") == "! castling does not exist in Shatar");
  CHECK(read(p, "exd6").find("no en passant") != std::string::npos);
  Position q = position_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 40");
  CHECK(read(q, "b8Q") == "b7b8q");
  CHECK(read(q, "b8=N") == "b7b8n");
  CHECK(read(q, "b8(R)") == "b7b8r");
  CHECK(read(q, "b8/B") == "b7b8b");
  CHECK(read(q, "b7-b8Q") == "b7b8q");
  CHECK(read(q, "b8\xE8\xAE\x8A\xE8\x99\x8E") == "b7b8q");  // b8變虎
  CHECK(read(q, "b8=K") == "! a pawn cannot promote to a king");
  CHECK(read(q, "b8") == "! a pawn reaching the last rank must promote (to Q, R, N or B)");
  Position k = position_of("4k3/8/8/8/8/8/3r4/4K3 w - - 0 40");
  CHECK(read(k, "Kd1").find("attacked square") != std::string::npos);
  CHECK(read(k, "Kxd2") == "e1d2");
  Position pinned = position_of("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 40");
  CHECK(read(pinned, "Bd3").find("leaves the king in check") != std::string::npos);
}

TEST_CASE("shatar notation: every spelling of the rule book") {
  Position p = position_of("r3k2r/pp1n1ppp/2p5/3p4/2PP4/2N2N2/PP3PPP/R2QK2R w - - 0 12");
  CHECK(read(p, "Nd2") == "f3d2");  // only one knight can
  CHECK(read(p, "cxd5") == "c4d5");
  CHECK(read(p, "c:d5") == "c4d5");
  CHECK(read(p, "cd5") == "c4d5");
  CHECK(read(p, "cd") == "c4d5");
  CHECK(read(p, "Nxd5") == "c3d5");
  CHECK(read(p, "N:d5") == "c3d5");
  CHECK(read(p, "Nd5") == "c3d5");
  CHECK(read(p, "Nc3:d5") == "c3d5");
  CHECK(read(p, "Nc3xd5") == "c3d5");
  CHECK(read(p, "Nf3-e5") == "f3e5");
  CHECK(read(p, "Ne5!?") == "f3e5");
  CHECK(read(p,
             "\xE9\xA6\xAC"
             "e5") == "f3e5");  // 馬e5
  CHECK(read(p,
             "\xE9\xA9\xAC"
             "f3-e5") == "f3e5");  // 马f3-e5
  CHECK(read(p, "Qb3") == "d1b3");
  CHECK(read(p,
             "\xE8\x99\x8E"
             "b3") == "d1b3");      // 虎b3
  CHECK(read(p, "Rb1") == "a1b1");  // the h-rook is blocked by the king
  CHECK(read(p, "Ra1-b1") == "a1b1");
  CHECK(read(p, "a2-a3") == "a2a3");
  CHECK(read(p, "e2-e4").find("no man on e2") != std::string::npos);
  CHECK(read(p, "Ke2") == "e1e2");
  CHECK(read(p,
             "\xE7\x8E\x8B"
             "e2") == "e1e2");  // 王e2
  // The rule book's example: rooks on d1 and d7, one of them to d3.
  Position r = position_of("4k3/3R4/8/8/8/8/8/3RK3 w - - 0 40");
  CHECK(read(r, "Rd3") == "! ambiguous: rook can each go to d3 (Rd1-d3, Rd7-d3)");
  CHECK(read(r, "R1d3") == "d1d3");
  CHECK(read(r, "R7d3") == "d7d3");
  CHECK(read(r, "Rdd3").starts_with("! ambiguous"));
  Position blocked = position_of("4k3/8/8/8/8/8/3R4/3RK3 w - - 0 40");
  CHECK(read(blocked, "R1d3") == "! rook from d1 to d3: a man stands in the way");
  CHECK(read(blocked, "Rd3") == "d2d3");
}

TEST_CASE("shatar: the rule book's own example is rejected at Blue's 6th move") {
  std::vector<std::string> messages;
  auto reports = validate_text(
      "[White \"xxx\"]\n[Blue \"xxx\"]\n\n"
      "1 e4 e5 2 Nf3 d6 3 Bc4 Bg4 4 Nc3 g6 5 Ne5 Bd1 6 Bf7 Kd7 7 Nd5 *\n\n"
      "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n",
      &messages);
  REQUIRE(reports.size() == 2);
  REQUIRE_FALSE(reports[0].valid());
  CHECK(reports[0].error->ply == 12);
  CHECK(reports[0].error->reason ==
        "king from e8 to d7: the king would move onto an attacked square");
  // The move as written and where it stands reach the report, as the message has them.
  CHECK(reports[0].error->token == "Kd7");
  CHECK(reports[0].error->where == boardgames::SourceLocation{"t.pgn", 4, 53});
  CHECK(reports[0].black == "xxx");
  CHECK(messages[0] ==
        "t.pgn:4:53: error: game 1: move 6... (Blue) 'Kd7' is illegal: king from e8 to d7: the "
        "king would move onto an attacked square");
  // Légal's mate, the legal line the spec gives.
  CHECK(reports[1].valid());
  CHECK(reports[1].final_position.is_checkmate());
}

TEST_CASE("shatar: an independent engine's 200 games are all legal and their results fit") {
  for (const char* file : {"shatar/selfplay.pgn", "shatar/selfplay-long.pgn"}) {
    auto reports = validate_file(file);
    CHECK(reports.size() == 100);
    for (const GameReport& r : reports) {
      CAPTURE(file);
      CAPTURE(r.index);
      CHECK(r.valid());
      for (const auto& d : r.diagnostics) CHECK(d.severity == boardgames::Severity::note);
    }
  }
}

TEST_CASE("shatar: each corrupted record is rejected at exactly the listed ply, for its reason") {
  auto reports = validate_file("shatar/corrupt.pgn");
  std::istringstream index(test::read_file(test::shared_file("shatar/corrupt-index.csv")));
  std::string line;
  std::getline(index, line);
  int checked = 0;
  while (std::getline(index, line)) {
    auto cells = boardgames::split(line, ',');
    const auto game = static_cast<std::size_t>(*boardgames::parse_integer(cells[0]));
    const int bad_ply = static_cast<int>(*boardgames::parse_integer(cells[2]));
    const std::string kind(cells[5]);
    REQUIRE(game <= reports.size());
    const GameReport& r = reports[game - 1];
    CAPTURE(game);
    REQUIRE_FALSE(r.valid());
    CHECK(r.error->ply == bad_ply);
    if (kind == "castling") CHECK(r.error->reason.find("castling") != std::string::npos);
    if (kind == "double_step") CHECK(r.error->reason.find("one square only") != std::string::npos);
    if (kind == "unreachable") CHECK(r.error->reason.find("can reach") != std::string::npos);
    if (kind == "self_check") CHECK(r.error->reason.find("king") != std::string::npos);
    if (kind == "wrong_first_move") CHECK(r.error->reason.find("first move") != std::string::npos);
    ++checked;
  }
  CHECK(checked == 25);
}

TEST_CASE("shatar pgn: move numbers, comments, NAGs, variations checked against their own branch") {
  std::vector<std::string> messages;
  auto reports = validate_text(
      "[Event \"x\"]\n\n"
      "1.e4 {open} e5 ; rest of line\n"
      "2. Nf3 $1 (2. Nc3 Nc6 (2... d4) 3. Bc4) 2... Nc6 3 Bb5 1/2-1/2\n",
      &messages);
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].plies == 5);
  // The variation 2... d4 is a double step from d7: illegal in its branch.
  REQUIRE_FALSE(reports[0].valid());
  CHECK(reports[0].error->ply == 4);
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].find("in a variation, move 2... (Blue) 'd4' is illegal") != std::string::npos);
}

TEST_CASE("shatar: a FEN start, and a result the final position contradicts is an error") {
  std::vector<std::string> messages;
  auto reports = validate_text(
      // Stalemate recorded as a win.
      "[SetUp \"1\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n[Result \"1-0\"]\n\n1-0\n\n"
      // A mate recorded for the mated side, and moves after the mate.
      "[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1\"]\n[Result \"0-1\"]\n\n1. Qb7# Ka8 0-1\n\n"
      // K+B v K+B on one colour: dead, recorded as decisive.
      "[FEN \"8/8/3k4/3b4/8/3BK3/8/8 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Be2 1-0\n\n"
      // The same mate recorded as a draw, and as the mating side's win (right).
      "[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n\n1. Qb7# 1/2-1/2\n\n"
      "[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Qb7# 1-0\n\n"
      // Mate on the board, no result: a warning only.
      "[FEN \"k7/8/2K5/8/8/8/8/1Q6 w - - 0 1\"]\n\n1. Qb7# *\n",
      &messages);
  REQUIRE(reports.size() == 6);
  REQUIRE_FALSE(reports[0].valid());
  CHECK(reports[0].error->reason ==
        "result 1-0 contradicts the final position: stalemate is a draw");
  CHECK(reports[0].error->ply == 0);
  REQUIRE_FALSE(reports[1].valid());
  CHECK(reports[1].error->reason ==
        "result 0-1 contradicts the final position: Blue is checkmated");
  CHECK(reports[1].warnings ==
        std::vector<std::string>{"the game continues after checkmate (1... Ka8)"});
  REQUIRE_FALSE(reports[2].valid());
  CHECK(reports[2].error->reason ==
        "result 1-0 contradicts the final position: neither side can mate (dead position)");
  REQUIRE_FALSE(reports[3].valid());
  CHECK(reports[3].error->reason ==
        "result 1/2-1/2 contradicts the final position: Blue is checkmated");
  CHECK(reports[4].valid());
  CHECK(reports[4].diagnostics.empty());
  CHECK(reports[5].valid());
  CHECK(reports[5].warnings ==
        std::vector<std::string>{"the game is over (Blue is checkmated) but the result is *"});
  std::string all;
  for (auto& m : messages) all += m + "\n";
  CHECK(all.find("t.pgn:5:1: error: game 1: result 1-0 contradicts the final position: stalemate "
                 "is a draw") != std::string::npos);
  CHECK(all.find("game 3: dead position") != std::string::npos);
}

TEST_CASE("shatar: check marks that do not fit are warnings, claimable draws are reported") {
  std::vector<std::string> messages;
  auto reports = validate_text(
      "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n"
      "1. Ra8+ Ke7 2. Ra1+ Ke8 3. Ra8# Ke7 4. Ra1 Ke8 5. Ra8+ Ke7 *\n",
      &messages);
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].valid());
  std::string all;
  for (auto& m : messages) all += m + "\n";
  CHECK(all.find("2. Ra1+ is marked as check but it does not give check") != std::string::npos);
  CHECK(all.find("3. Ra8# is marked as mate but it is only check") != std::string::npos);
  CHECK(all.find("t.pgn:3:44: note: game 1: a draw by repetition (the same position three times) "
                 "is claimable "
                 "after 4... Ke8 (ply 8)") != std::string::npos);
  CHECK(reports[0].warnings.size() == 2);  // the marks; the draw is a note in an unfinished game
}

TEST_CASE(
    "shatar position: FEN round trip, keys follow the position, the representation stays "
    "consistent") {
  for (const char* fen : {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 12 40"}) {
    CHECK(position_of(fen).fen() == fen);
  }
  auto no_kings = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1");
  REQUIRE_FALSE(no_kings);
  CHECK(no_kings.problem().reason == "White must have exactly one king");
  CHECK_FALSE(Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - - 0 1"));
  // Random games: after every move the representation and key agree; transposed move orders
  // give the same key.
  boardgames::Random random(7);
  for (int game = 0; game < 50; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      p.legal_moves(moves);
      if (moves.empty()) break;
      p = p.after(moves[static_cast<std::size_t>(random.below(moves.size()))]);
      REQUIRE(p.consistent());
      REQUIRE(Position::from_fen(p.fen())->key() == p.key());
    }
  }
  Position a = position_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2");
  Position via1 = a.after(Move(6, 21)).after(Move(57, 42)).after(Move(1, 18));  // Nf3 Nc6 Nc3
  Position via2 = a.after(Move(1, 18)).after(Move(57, 42)).after(Move(6, 21));  // Nc3 Nc6 Nf3
  CHECK(via1.key() == via2.key());
}

TEST_CASE("shatar: short and long notation written back read as the same move") {
  boardgames::Random random(11);
  for (int game = 0; game < 30; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 100; ++ply) {
      MoveList moves;
      p.legal_moves(moves);
      if (moves.empty()) break;
      for (Move m : moves) {
        REQUIRE(read(p, to_short(p, m)) == move_uci(m));
        REQUIRE(read(p, to_long(p, m)) == move_uci(m));
      }
      p = p.after(moves[static_cast<std::size_t>(random.below(moves.size()))]);
    }
  }
}

TEST_CASE("shatar: check_move accepts exactly the moves legal_moves generates") {
  boardgames::Random random(2026);
  int positions = 0;
  for (int game = 0; game < 40; ++game) {
    Position p = Position::initial();
    for (int ply = 0; ply < 150; ++ply) {
      MoveList legal;
      p.legal_moves(legal);
      std::set<std::uint16_t> generated;
      for (Move m : legal) generated.insert(m.raw());
      for (int from = 0; from < 64; ++from) {
        for (int to = 0; to < 64; ++to) {
          for (PieceType promotion : {PieceType::none, PieceType::knight, PieceType::bers}) {
            const Move m(static_cast<Square>(from), static_cast<Square>(to), promotion);
            if (from == to) continue;
            const bool accepted = !p.check_move(m).has_value();
            REQUIRE_MESSAGE(accepted == generated.contains(m.raw()), p.fen() << " " << move_uci(m));
          }
        }
      }
      ++positions;
      if (legal.empty()) break;
      p = p.after(legal[static_cast<std::size_t>(random.below(legal.size()))]);
    }
  }
  CHECK(positions > 1000);
}

TEST_CASE("shatar: play() in place gives the position after() gives, counters and key alike") {
  Position played = position_of("r3k2r/8/8/3pP3/8/8/1p6/R3K2R b - - 7 20");
  for (const char* uci : {"b2b1", "a1b1", "e8d8", "b1b8"}) {
    MoveList moves;
    played.legal_moves(moves);
    const Move* move = std::find_if(moves.begin(), moves.end(),
                                    [&](Move m) { return move_uci(m).starts_with(uci); });
    REQUIRE(move != moves.end());
    const Position copy = played.after(*move);
    played.play(*move);
    CHECK(played.fen() == copy.fen());
    CHECK(played.key() == copy.key());
    CHECK(played.consistent());
  }
  CHECK(played.fen() == "rR1k3r/8/8/3pP3/8/8/8/4K2R b - - 2 22");
}
