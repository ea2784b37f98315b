// Standings, tie-breaks and presets on small events whose expected values are worked out by
// hand in the comments (never copied from the program's output), plus the FIDE Arbiters'
// Manual 2026 worked example for the unplayed-round rules.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "boardgames/io/players_csv.h"
#include "boardgames/io/point_options.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/tournament/ranking.h"
#include "boardgames/tournament/round_robin.h"
#include "test_support.h"

using namespace boardgames;

namespace {

struct Built {
  Event event;
  std::vector<std::string> diagnostics;
};

Built build(const std::string& results, EventOptions options = {},
            const std::string& players_csv = "") {
  test::Collected collected;
  PlayerList players;
  if (!players_csv.empty()) {
    ByteSource source = ByteSource::from_string(players_csv, "players.csv");
    players = read_players_csv(source, collected.diagnostics);
  }
  EventBuilder builder(players, options, collected.diagnostics);
  ByteSource source = ByteSource::from_string(results, "results.csv");
  ResultsCsvReader reader(source, collected.diagnostics);
  REQUIRE(reader.read_header());
  ResultRow row;
  while (reader.next(row)) builder.add(row, "results.csv");
  Built built{builder.finish(), {}};
  built.diagnostics = collected.messages();
  return built;
}

int index_of(const Event& event, std::string_view name) {
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    if (event.participants[i].name == name) return static_cast<int>(i);
  }
  FAIL("no participant " << name);
  return -1;
}

std::string value(const Event& event, std::string_view code, std::string_view name,
                  TiebreakSettings settings = {}) {
  TiebreakCalculator calculator(event, settings);
  const auto found = calculator.value(*parse_tiebreak(code), index_of(event, name));
  return found ? found->decimal() : "undefined";
}

std::string score(const Event& event, std::string_view name) {
  return event.participants[static_cast<std::size_t>(index_of(event, name))].score.decimal();
}

// "name:rank" in rank order.
std::vector<std::string> ranking(const Event& event, std::string_view order, bool lots = false,
                                 std::uint64_t seed = 0) {
  RankingOptions options;
  options.order = *parse_tiebreaks(order);
  options.lots = lots;
  options.seed = seed;
  Standings standings = rank_event(event, options);
  std::vector<std::string> out;
  for (const StandingRow& row : standings.rows) {
    out.push_back(event.participants[static_cast<std::size_t>(row.participant)].name + ":" +
                  row.rank_text());
  }
  return out;
}

std::vector<std::string> preset_ranking(const Event& event, std::string_view preset) {
  return ranking(event, preset_order(*find_preset(preset), event));
}

using Names = std::vector<std::string>;

// Five players, single round robin by the Berger table for six (the phantom 6 gives the bye),
// with a forfeit (round 3) and the bye rows rr-schedule writes.
const char* kFivePlayerRoundRobin =
    "round,board,white,black,result,white_warnings,black_warnings\n"
    "1,1,B,E,1-0,,\n1,2,C,D,½-½,,\n1,,A,,bye,,\n"
    "2,1,E,C,0-1,,\n2,2,A,B,½-½,,\n2,,D,,bye,,\n"
    "3,1,C,A,0-1,,\n3,2,D,E,+-,,\n3,,B,,bye,,\n"
    "4,1,A,D,0-1,,\n4,2,B,C,1-0,,\n4,,E,,bye,,\n"
    "5,1,D,B,½-½,,\n5,2,E,A,0-1,,\n5,,C,,bye,,\n";

}  // namespace

TEST_CASE("shatar-rr: points, SB with a forfeit as a regular game, bye worth nothing") {
  Built b = build(kFivePlayerRoundRobin);
  const Event& e = b.event;
  CHECK(e.round_robin);
  CHECK(e.rounds == 5);
  // A: ½ (B) + 1 (C) + 0 (D) + 1 (E) = 2½; B: 1 + ½ + 1 + ½ = 3; C: ½ + 1 + 0 + 0 = 1½;
  // D: ½ + 1 (forfeit) + 1 + ½ = 3; E: 0.  The round-robin byes give nothing.
  CHECK(score(e, "A") == "2.5");
  CHECK(score(e, "B") == "3");
  CHECK(score(e, "C") == "1.5");
  CHECK(score(e, "D") == "3");
  CHECK(score(e, "E") == "0");
  // SB B: beat E (0) 0 + drew A (2½) 1.25 + beat C (1½) 1.5 + drew D (3) 1.5 = 4.25
  // SB D: drew C (1½) 0.75 + beat E by forfeit (0) 0 + beat A (2½) 2.5 + drew B (3) 1.5 = 4.75
  // SB A: drew B 1.5 + beat C 1.5 + lost D 0 + beat E 0 = 3
  CHECK(value(e, "SB", "B") == "4.25");
  CHECK(value(e, "SB", "D") == "4.75");
  CHECK(value(e, "SB", "A") == "3");
  // WIN counts the forfeit win (D: E by forfeit, A), not the byes.
  CHECK(value(e, "WIN", "D") == "2");
  CHECK(value(e, "WIN", "B") == "2");
  CHECK(value(e, "WON", "D") == "1");
  CHECK(preset_ranking(e, "shatar-rr") == Names{"D:1", "B:2", "A:3", "C:4", "E:5"});
}

TEST_CASE("Buchholz-type tie-breaks are refused in a round robin only (C.07, note to Art. 8)") {
  Built rr = build(kFivePlayerRoundRobin);
  REQUIRE(rr.event.round_robin);
  const auto problem = check_tiebreak_order(rr.event, *parse_tiebreaks("SB,BH-C1,BH"));
  REQUIRE(problem);
  CHECK(problem->token == "BH-C1");  // the first Buchholz-type code of the order
  CHECK(problem->reason.starts_with("BH-C1 must not be used in a round robin (FIDE C.07"));
  CHECK_FALSE(check_tiebreak_order(rr.event, *parse_tiebreaks("SB,WIN,DE")));
  Event swiss = rr.event;
  swiss.round_robin = false;
  CHECK_FALSE(check_tiebreak_order(swiss, *parse_tiebreaks("BH-C1,BH")));
}

TEST_CASE(
    "option points: W,D,L and single values, in halves or tenths, refused in the tools' words") {
  auto points = parse_game_points("3,1,0", "--points", PointsNotation::halves);
  REQUIRE(points);
  CHECK((*points)[0] == Points::whole(3));
  CHECK(parse_game_points("1.3,0.4,0", "--points", PointsNotation::tenths)->at(0) ==
        Points::from_tenths(13));
  CHECK(parse_game_points("1.3,0.4,0", "--points", PointsNotation::halves).problem().reason ==
        "--points '1.3' is not a number of (half) points");
  CHECK(parse_game_points("x,1,0", "--points", PointsNotation::tenths).problem().reason ==
        "--points: 'x' is not a number of points");
  CHECK(parse_game_points("1,0", "--points", PointsNotation::halves).problem().reason ==
        "--points needs three values: W,D,L");
  CHECK(parse_game_points("0,1,0", "--points", PointsNotation::halves).problem().reason ==
        "--points 0,1,0: a win must be worth more than a loss, and a draw between the two");
  CHECK(parse_points_value("1001", "--bye-points", 1000, PointsNotation::halves).problem().reason ==
        "--bye-points 1001 is outside 0..1000");
  CHECK(parse_points_value("1000000", "--max-score", 1'000'000, PointsNotation::halves));
}

TEST_CASE("standings: the order and heading — custom codes, the preset, the default preset") {
  Built rr = build(kFivePlayerRoundRobin);
  RankingOptions ranking;
  auto custom = choose_tiebreak_order(rr.event, nullptr, "SB,WIN", ranking);
  REQUIRE(custom);
  CHECK(custom->system == "custom");
  CHECK(ranking.order.size() == 2);
  auto by_default = choose_tiebreak_order(rr.event, nullptr, "", ranking);
  REQUIRE(by_default);
  CHECK(by_default->system == default_preset(Game::shatar, EventFormat::individual, true).name);
  const SystemPreset* team = nullptr;
  for (const SystemPreset& p : system_presets()) {
    if (p.format == EventFormat::team) team = &p;
  }
  REQUIRE(team);
  auto refused = choose_tiebreak_order(rr.event, team, "", ranking);
  REQUIRE_FALSE(refused);
  CHECK(refused.problem().reason.find("is for team events; the results have no teams") !=
        std::string::npos);
  CHECK(preset_names(", ").starts_with(std::string(system_presets().front().name) + ", "));
  CHECK(parse_standings_format("crosstable") == StandingsFormat::crosstable);
  CHECK_FALSE(parse_standings_format("xml"));
}

TEST_CASE("shatar-rr: a tie on points, SB and wins goes to the direct encounter") {
  // Berger table for 4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,P1,P4,1-0\n1,2,P2,P3,1-0\n"
      "2,1,P4,P3,1-0\n2,2,P1,P2,0-1\n"
      "3,1,P2,P4,½-½\n3,2,P3,P1,½-½\n");
  const Event& e = b.event;
  // P1: 1 + 0 + ½ = 1½; P4: 0 + 1 + ½ = 1½; P2 2½; P3 ½.
  // SB P1: beat P4 (1½) 1.5 + drew P3 (½) 0.25 = 1.75; SB P4: beat P3 (½) 0.5 + drew P2 (2½)
  // 1.25 = 1.75. One win each. P1 beat P4.
  CHECK(value(e, "SB", "P1") == "1.75");
  CHECK(value(e, "SB", "P4") == "1.75");
  CHECK(value(e, "WIN", "P1") == "1");
  CHECK(value(e, "WIN", "P4") == "1");
  CHECK(preset_ranking(e, "shatar-rr") == Names{"P2:1", "P1:2", "P4:3", "P3:4"});
  // Without direct encounter the two share the rank.
  CHECK(ranking(e, "SB,WIN") == Names{"P2:1", "P1:2-3", "P4:2-3", "P3:4"});
}

TEST_CASE("shatar-rr: fewer violations last, then a shared rank or a reproducible lot") {
  Built b = build(
      "round,board,white,black,result,white_warnings,black_warnings\n"
      "1,1,A,D,1-0,1,\n1,2,B,C,½-½,,\n"
      "2,1,D,C,½-½,,\n2,2,A,B,½-½,,\n"
      "3,1,B,D,1-0,,\n3,2,C,A,½-½,,\n");
  const Event& e = b.event;
  // A: 1 + ½ + ½ = 2, B: ½ + ½ + 1 = 2, C 1½, D ½. SB A: D (½) 0.5 + B (2)×½ 1 + C (1½)×½ 0.75
  // = 2.25; SB B: C 0.75 + A 1 + D 0.5 = 2.25. One win each, drew each other: A has a
  // violation, so B ranks first.
  CHECK(value(e, "SB", "A") == "2.25");
  CHECK(value(e, "SB", "B") == "2.25");
  CHECK(value(e, "WARN", "A") == "1");
  CHECK(preset_ranking(e, "shatar-rr") == Names{"B:1", "A:2", "C:3", "D:4"});
  CHECK(ranking(e, "SB,WIN,DE") == Names{"A:1-2", "B:1-2", "C:3", "D:4"});
  // A lot gives distinct ranks and the same ones for the same seed.
  auto first = ranking(e, "SB,WIN,DE", true, 5);
  CHECK(first == ranking(e, "SB,WIN,DE", true, 5));
  CHECK(first[2] == "C:3");
  CHECK(((first[0] == "A:1" && first[1] == "B:2") || (first[0] == "B:1" && first[1] == "A:2")));
}

TEST_CASE("FIDE Arbiters' Manual 2026 worked example (Laxman): BH 55, BH-C1 50, SB 37.25") {
  // Laxman scores 7/10 with a zero-point bye in round 4; his opponents finish on 5, 5, 6½, –,
  // 4½, 6, 5, 6½, 5½, 6. Each opponent plays its other nine rounds against its own fillers.
  const double finals[] = {5, 5, 6.5, 0, 4.5, 6, 5, 6.5, 5.5, 6};
  const char* laxman[] = {"1-0", "1-0", "0-1", "", "1-0", "½-½", "1-0", "½-½", "1-0", "1-0"};
  std::string csv = "round,board,white,black,result\n";
  for (int r = 1; r <= 10; ++r) {
    if (r == 4) {
      csv += "4,,Laxman,,Z\n";
      continue;
    }
    const std::string opponent = fmt::format("O{}", r);
    csv += fmt::format("{},1,Laxman,{},{}\n", r, opponent, laxman[r - 1]);
    // The opponent's points from the game against Laxman.
    double against = std::string(laxman[r - 1]) == "1-0"   ? 0
                     : std::string(laxman[r - 1]) == "0-1" ? 1
                                                           : 0.5;
    double needed = finals[r - 1] - against;
    int board = 2;
    for (int k = 1; k <= 10; ++k) {
      if (k == r) continue;
      const char* result = needed >= 1 ? "1-0" : needed >= 0.5 ? "½-½" : "0-1";
      needed -= needed >= 1 ? 1 : needed >= 0.5 ? 0.5 : 0;
      csv += fmt::format("{},{},{},F{}x{},{}\n", k, board++, opponent, r, k, result);
    }
  }
  Built b = build(csv, {}, "");
  const Event& e = b.event;
  CHECK_FALSE(e.round_robin);
  REQUIRE(score(e, "Laxman") == "7");
  for (int r : {1, 2, 3, 5, 6, 7, 8, 9, 10}) {
    CHECK(score(e, fmt::format("O{}", r)) ==
          Fraction(static_cast<std::int64_t>(finals[r - 1] * 2), 2).decimal());
  }
  // BH: 50 from the nine opponents + round 4 (16.2.3): a dummy with Laxman's 7 capped at
  // draw × rounds = 5 (16.4.2) = 55. BH-C1 cuts the voluntary round first (5, not 4½): 50.
  // SB: 5+5+0+0+4.5+3+5+3.25+5.5+6 = 37.25.
  CHECK(value(e, "BH", "Laxman") == "55");
  CHECK(value(e, "BH-C1", "Laxman") == "50");
  CHECK(value(e, "SB", "Laxman") == "37.25");
}

namespace {

// Five players, three Swiss rounds: a pairing-allocated bye each round, a forfeit, a half-point
// bye.
const char* kSwiss =
    "round,board,white,black,result,white_warnings,black_warnings\n"
    "1,1,P1,P2,1-0,,\n1,2,P3,P4,½-½,,\n1,,P5,,bye,,\n"
    "2,1,P5,P1,0-1,,\n2,2,P2,P3,+-,,\n2,,P4,,H,,\n"
    "3,1,P1,P3,½-½,,\n3,2,P4,P5,1-0,,1\n3,,P2,,bye,,\n";

}  // namespace

TEST_CASE("shatar-swiss: Buchholz with every kind of unplayed round (C.07 2026, Art. 16)") {
  Built b = build(kSwiss);
  const Event& e = b.event;
  CHECK_FALSE(e.round_robin);
  // Scores: P1 1+1+½ = 2½; P2 0 + 1 (forfeit) + 1 (bye) = 2; P3 ½ + 0 + ½ = 1;
  // P4 ½ + ½ (H) + 1 = 2; P5 1 (bye) + 0 + 0 = 1.
  CHECK(score(e, "P1") == "2.5");
  CHECK(score(e, "P2") == "2");
  CHECK(score(e, "P3") == "1");
  CHECK(score(e, "P4") == "2");
  CHECK(score(e, "P5") == "1");
  // No requested bye is followed only by voluntary rounds, so the adjusted scores are the
  // scores. Dummies are capped at draw × rounds = 1½, or at the forfeit opponent's score.
  // BH P1: P2 2 + P5 1 + P3 1 = 4.
  // BH P2: P1 2½ + forfeit win v P3: min(own 2, P3 1) = 1 + bye: min(2, 1½) = 1½ → 5.
  // BH P3: P4 2 + forfeit loss v P2: min(own 1, P2 2) = 1 + P1 2½ → 5½.
  // BH P4: P3 1 + half-point bye: min(2, 1½) = 1½ + P5 1 → 3½.
  // BH P5: bye: min(own 1, 1½) = 1 + P1 2½ + P4 2 → 5½.
  CHECK(value(e, "BH", "P1") == "4");
  CHECK(value(e, "BH", "P2") == "5");
  CHECK(value(e, "BH", "P3") == "5.5");
  CHECK(value(e, "BH", "P4") == "3.5");
  CHECK(value(e, "BH", "P5") == "5.5");
  // BH-C1 cuts a voluntary unplayed round first: P4 drops the half-point bye (1½), not the
  // lowest value (1): 2. P3 drops the forfeit loss (1): 4½. P2 has none: drops 1: 4.
  CHECK(value(e, "BH-C1", "P4") == "2");
  CHECK(value(e, "BH-C1", "P3") == "4.5");
  CHECK(value(e, "BH-C1", "P2") == "4");
  CHECK(value(e, "BH-M1", "P2") == "1.5");  // 2½ and 1 cut from 2½, 1, 1½
  // SB P1: beat P2 (2) 2 + beat P5 (1) 1 + drew P3 (1) ½ = 3½.
  // SB P2: lost 0 + forfeit win: dummy 1 × 1 + bye: dummy 1½ × 1 = 2½.
  // SB P4: drew P3 ½ + half-point bye: 1½ × ½ = 0.75 + beat P5 1 = 2.25.
  CHECK(value(e, "SB", "P1") == "3.5");
  CHECK(value(e, "SB", "P2") == "2.5");
  CHECK(value(e, "SB", "P4") == "2.25");
  // WIN counts the forfeit win and the pairing bye; WON only games won over the board.
  CHECK(value(e, "WIN", "P2") == "2");
  CHECK(value(e, "WON", "P2") == "0");
  CHECK(value(e, "WIN", "P4") == "1");
  CHECK(value(e, "WIN", "P5") == "1");
  CHECK(value(e, "REP", "P3") == "2");  // the forfeit loss is not a round elected to play
  CHECK(value(e, "REP", "P4") == "2");  // nor the half-point bye
  CHECK(value(e, "REP", "P1") == "3");
  CHECK(value(e, "PS", "P1") == "5.5");  // 1 + 2 + 2½
  CHECK(value(e, "PS", "P4") == "3.5");  // ½ + 1 + 2
  CHECK(value(e, "PS-C1", "P4") == "3");
  CHECK(value(e, "PS-C2", "P4") == "2");  // ½ and 1 cut
  // SB-C1 P4: the least significant value is P3's ½ (P3 and P5 both on 1, P3's the smaller
  // product); the half-point bye's 0.75 is not lower, so the bye is cut instead (16.5): 1½.
  CHECK(value(e, "SB-C1", "P4") == "1.5");
  CHECK(value(e, "BPG", "P1") == "1");  // black only in round 2
  CHECK(value(e, "BPG", "P3") == "1");  // the forfeit is not a game played
  CHECK(value(e, "KS", "P1") == "1");   // only P2 reached 50 % (1½ of 3)
  // shatar-swiss: points, Buchholz, fewer violations. P3 and P5 tie on BH 5½; P5 has a
  // violation.
  CHECK(preset_ranking(e, "shatar-swiss") == Names{"P1:1", "P2:2", "P4:3", "P3:4", "P5:5"});
}

TEST_CASE(
    "Swiss withdrawal: later rounds count as draws for the opponents (C.07 16.3), "
    "the Xigua A-factor as an option, the Go/Xigua total score") {
  const std::string csv =
      "round,board,white,black,result\n"
      "1,1,A,B,1-0\n1,2,C,D,0-1\n"
      "2,1,A,C,½-½\n2,,B,,bye\n"
      "3,1,B,C,1-0\n3,,A,,bye\n";
  EventOptions options;
  options.withdrawn = {"D"};
  Built b = build(csv, options);
  const Event& e = b.event;
  // A 1+½+1 = 2½, B 0+1+1 = 2, C 0+½+0 = ½, D 1 then absent twice.
  CHECK(score(e, "D") == "1");
  // D's rounds 2 and 3 follow only voluntary rounds: they count as draws for D's opponents:
  // adjusted 2. BH C = D 2 + A 2½ + B 2 = 6½.
  CHECK(value(e, "BH", "C") == "6.5");
  // D's own BH: C ½ + two dummies with D's own 1 (cap 1½) = 2½.
  CHECK(value(e, "BH", "D") == "2.5");
  CHECK(b.diagnostics.empty());  // a withdrawn player's missing rows are expected

  // Xigua, 2/1/0: A 5, B 4, C 1, D 2. Total score = score + Σ opponents ÷ (½ × 6) − 3.
  EventOptions xigua = options;
  xigua.game = Game::xigua;
  Built x = build(csv, xigua);
  CHECK(score(x.event, "A") == "5");
  // A: 5 + (B 4 + C 1) ÷ 3 − 3 = 11/3; C: 1 + (D 2 + A 5 + B 4) ÷ 3 − 3 = 5/3;
  // D: 2 + C 1 ÷ 3 − 3 = −2/3.
  CHECK(value(x.event, "TS", "A") == "3.6667");
  CHECK(value(x.event, "TS", "C") == "1.6667");
  CHECK(value(x.event, "TS", "D") == "-0.6667");
  // A-factor: D scored 2 in 1 round, A = 2, capped at 1: D counts 2 + 1 × 2 = 4 for C:
  // 1 + (4 + 5 + 4) ÷ 3 − 3 = 7/3.
  xigua.withdrawal_valuation = WithdrawalValuation::a_factor;
  Built a = build(csv, xigua);
  CHECK(value(a.event, "TS", "C") == "2.3333");
  // A maximum score other than win × rounds.
  TiebreakSettings settings;
  settings.max_score = Points::whole(8);
  CHECK(value(x.event, "TS", "A", settings) == "3.25");  // 5 + 5 ÷ 4 − 3
}

TEST_CASE("round robin withdrawal before half: results annulled, player removed") {
  // Berger 4: R1 A-D B-C, R2 D-C A-B, R3 B-D C-A. D played 1 of 3 games.
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,D,1-0\n1,2,B,C,1-0\n"
      "2,1,D,C,\n2,2,A,B,½-½\n"
      "3,1,B,D,\n3,2,C,A,½-½\n",
      [] {
        EventOptions o;
        o.withdrawn = {"D"};
        return o;
      }());
  const Event& e = b.event;
  CHECK(e.round_robin);
  CHECK(e.participants[static_cast<std::size_t>(index_of(e, "D"))].removed);
  // A: ½ + ½ = 1 (the win over D is annulled); B: 1 + ½ = 1½; C: 0 + ½ = ½.
  CHECK(score(e, "A") == "1");
  CHECK(score(e, "B") == "1.5");
  CHECK(score(e, "C") == "0.5");
  CHECK(preset_ranking(e, "shatar-rr") == Names{"B:1", "A:2", "C:3"});
}

TEST_CASE("round robin withdrawal at half or later: results stand, the rest are forfeit wins") {
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,D,1-0\n1,2,B,C,1-0\n"
      "2,1,D,C,0-1\n2,2,A,B,½-½\n"
      "3,1,B,D,\n3,2,C,A,½-½\n",
      [] {
        EventOptions o;
        o.withdrawn = {"D"};
        return o;
      }());
  const Event& e = b.event;
  // D played 2 of 3: B wins the round-3 game by forfeit. A 1+½+½ = 2, B 1+½+1 = 2½,
  // C 0+1+½ = 1½, D 0.
  CHECK(score(e, "B") == "2.5");
  CHECK(score(e, "A") == "2");
  CHECK(score(e, "C") == "1.5");
  CHECK(score(e, "D") == "0");
  CHECK(e.participants[static_cast<std::size_t>(index_of(e, "B"))].rounds[2].kind ==
        RoundKind::forfeit_win);
}

TEST_CASE("shatar-rr-multi: two-game matches give match points 1/½/0, SB on match points") {
  // Berger for 3 (table 4): R1 2-3, R2 1-2, R3 3-1; game 2 reverses the colours.
  Built b = build(
      "round,board,game,white,black,result\n"
      "1,1,1,P2,P3,1-0\n1,1,2,P3,P2,1-0\n"
      "2,1,1,P1,P2,1-0\n2,1,2,P2,P1,½-½\n"
      "3,1,1,P3,P1,½-½\n3,1,2,P1,P3,0-1\n");
  const Event& e = b.event;
  CHECK(e.format == EventFormat::multi_game);
  // R1 P2 v P3 1-1: drawn match; R2 P1 1½-½ P2: P1 wins; R3 P3 1½-½ P1: P3 wins.
  // Match points P1 1, P2 ½, P3 1½; game points P1 2, P2 1½, P3 2½.
  CHECK(score(e, "P1") == "1");
  CHECK(score(e, "P2") == "0.5");
  CHECK(score(e, "P3") == "1.5");
  CHECK(value(e, "GP", "P1") == "2");
  CHECK(value(e, "GP", "P3") == "2.5");
  // SB on match points: P3 drew P2 (½)×½ + beat P1 (1) = 1.25; P1 beat P2 (½) = 0.5;
  // P2 drew P3 (1½)×½ = 0.75.
  CHECK(value(e, "SB", "P3") == "1.25");
  CHECK(value(e, "SB", "P1") == "0.5");
  CHECK(value(e, "SB", "P2") == "0.75");
  CHECK(preset_ranking(e, "shatar-rr-multi") == Names{"P3:1", "P1:2", "P2:3"});
}

TEST_CASE("go-team-rr: match points, game points, then board by board (board 1 first)") {
  // Four teams, two boards, every match 1-1 in games: all on 3 match points and 6 game
  // points (Go 2/1/0). The team written first moves first on board 1.
  Built b = build(
      "round,board,black,white,result,black_team,white_team\n"
      "1,1,A1,D1,B+R,A,D\n1,2,D2,A2,B+R,D,A\n1,1,B1,C1,B+R,B,C\n1,2,C2,B2,B+R,C,B\n"
      "2,1,D1,C1,B+R,D,C\n2,2,C2,D2,B+R,C,D\n2,1,A1,B1,B+R,A,B\n2,2,B2,A2,B+R,B,A\n"
      "3,1,B1,D1,B+R,B,D\n3,2,D2,B2,B+R,D,B\n3,1,C1,A1,W+R,C,A\n3,2,A2,C2,W+R,A,C\n",
      [] {
        EventOptions o;
        o.game = Game::go;
        return o;
      }());
  const Event& e = b.event;
  CHECK(e.format == EventFormat::team);
  CHECK(e.round_robin);
  for (auto team : {"A", "B", "C", "D"}) {
    CHECK(score(e, team) == "3");
    CHECK(value(e, "GP", team) == "6");
  }
  // Board 1 wins: A1 3 (6 points), B1 2 (4), D1 1 (2), C1 0.
  CHECK(value(e, "BB1", "A") == "6");
  CHECK(value(e, "BB1", "B") == "4");
  CHECK(value(e, "BB1", "D") == "2");
  CHECK(value(e, "BB2", "C") == "6");
  CHECK(preset_ranking(e, "go-team-rr") == Names{"A:1", "B:2", "D:3", "C:4"});
}

TEST_CASE("shatar two-game team match: board points decide, then game points") {
  // Board 1: A1 1½-½ B1 (board point to A); board 2: B2 2-0 A2 (board point to B): 1-1 in
  // board points, so game points decide: A 1½, B 2½ → B wins the match 2-0.
  Built b = build(
      "round,board,game,white,black,result,white_team,black_team\n"
      "1,1,1,A1,B1,1-0,A,B\n1,1,2,B1,A1,½-½,B,A\n"
      "1,2,1,B2,A2,1-0,B,A\n1,2,2,A2,B2,0-1,A,B\n");
  const Event& e = b.event;
  CHECK(score(e, "B") == "2");
  CHECK(score(e, "A") == "0");
  CHECK(value(e, "BP", "A") == "1");
  CHECK(value(e, "BP", "B") == "1");
  CHECK(value(e, "GP", "A") == "1.5");
  CHECK(value(e, "GP", "B") == "2.5");
  CHECK(preset_order(*find_preset("shatar-team-rr"), e) == "BP,GP,WARN");
}

TEST_CASE("bad rows: unknown player, a game twice, two games in a round — each with its line") {
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,Ann,Bob,1-0\n"
      "1,1,Ann,Bob,1-0\n"
      "1,2,Cy,Ann,0-1\n"
      "1,3,Cy,Zed,1-0\n"
      "2,1,Bob,Cy,½-½\n",
      {}, "id,name\n1,Ann\n2,Bob\n3,Cy\n");
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "3:0: error: game listed twice: Ann v Bob in round 1 is also on line 2",
            "4:0: error: 'Ann' is in two games of round 1 (the other is on line 2)",
            "5:8: error: unknown player 'Zed' (not an id or name in the players "
            "file)",
            // Not a round robin, so missing rows are zero-point byes, said aloud; Cy's rows of
            // round 1 were refused above, so Cy is not said to have none.
            "0:0: warning: no row for 'Ann' in round 2: counted as a zero-point bye"});
  CHECK(score(b.event, "Ann") == "1");
  CHECK(score(b.event, "Bob") == "0.5");
}

TEST_CASE("tie-break codes") {
  CHECK(parse_tiebreak("bh-c1")->code() == "BH-C1");
  CHECK(parse_tiebreak("BH-M2")->code() == "BH-M2");
  CHECK(parse_tiebreak("BB3")->code() == "BB3");
  CHECK(parse_tiebreak("AROC")->code() == "ARO-C1");
  CHECK_FALSE(parse_tiebreak("XYZ").has_value());
  CHECK_FALSE(parse_tiebreak("WIN-C1").has_value());
  CHECK_FALSE(parse_tiebreak("SB-M1").has_value());
  CHECK(parse_tiebreaks("BH-C1,BH,SB,DE,WIN,WON,BPG,ARO,TPR,PTP,KS")->size() == 11);
  CHECK(parse_tiebreak("apro")->code() == "APRO");
  CHECK(parse_tiebreak("APPO")->code() == "APPO");
  CHECK(parse_tiebreak("STD")->code() == "STD");
  CHECK(parse_tiebreak("ARO-C2")->code() == "ARO-C2");
  CHECK(parse_tiebreak("PS-C2")->code() == "PS-C2");
  CHECK_FALSE(parse_tiebreak("APRO-C1").has_value());
  CHECK(parse_tiebreaks("BH, NOPE ").problem().token == "NOPE");
  CHECK(parse_tiebreaks("BH,NOPE").problem().reason == "unknown tie-break code 'NOPE'");
  CHECK(parse_tiebreaks("BH,win/p").problem().reason ==
        "tie-break code 'win/p': win does not take that modifier");
  CHECK(parse_tiebreaks("KS/L+30").problem().reason ==
        "tie-break code 'KS/L+30': KS does not take that modifier");
  CHECK(parse_tiebreaks("NOPE/P").problem().reason == "unknown tie-break code 'NOPE/P'");
  CHECK(fide_dp(100) == 800);
  CHECK(fide_dp(75) == 193);
  CHECK(fide_dp(50) == 0);
  CHECK(fide_dp(27) == -175);
  CHECK(fide_dp(0) == -800);
}

TEST_CASE("tie-break modifiers: cuts after '/', P, F, L±n, R, U, and where they are refused") {
  CHECK(parse_tiebreak("FB")->code() == "FB");
  CHECK(parse_tiebreak("fb-c1")->code() == "FB-C1");
  CHECK(parse_tiebreak("FB/M1")->code() == "FB-M1");
  CHECK(parse_tiebreak("BH/F")->code() == "FB");
  CHECK(parse_tiebreak("BH/C1")->code() == "BH-C1");
  CHECK(parse_tiebreak("BH-C1/P")->code() == "BH-C1/P");
  CHECK(parse_tiebreak("DE/P")->code() == "DE/P");
  CHECK(parse_tiebreak("AOB/F")->code() == "AOB/F");
  CHECK(parse_tiebreak("KS/L+1")->code() == "KS/L+1");
  CHECK(parse_tiebreak("ks/l-2")->code() == "KS/L-2");
  CHECK(parse_tiebreak("TPN/R")->code() == "TPN/R");
  CHECK(parse_tiebreak("RTNG/R/U1000")->code() == "RTNG/R/U1000");
  CHECK(parse_tiebreak("ARO-M1")->code() == "ARO-M1");
  CHECK(parse_tiebreak("ARO/M2/U1400")->code() == "ARO-M2/U1400");
  CHECK(parse_tiebreak("TPN/R")->lower_is_better() == false);
  CHECK(parse_tiebreak("RTNG/R")->lower_is_better() == true);
  CHECK(parse_tiebreak("FB-C1")->buchholz_type());
  CHECK(parse_tiebreak("mpvgp")->code() == "MPvGP");
  CHECK(parse_tiebreak("ESB")->code() == "EMGSB");
  CHECK(parse_tiebreak("EGGSB-C1/P")->code() == "EGGSB-C1/P");
  CHECK(parse_tiebreak("SSSC/F/P")->code() == "SSSC/P/F");
  CHECK(parse_tiebreak("TBR")->code() == "BB");
  CHECK(parse_tiebreak("BBE")->code() == "BBE");
  CHECK(parse_tiebreak("BBE2")->code() == "BBE2");
  CHECK(parse_tiebreak("BC")->lower_is_better());
  for (const char* refused :
       {"WIN/P",    "SB/F",     "KS/L+21",    "KS/L1",   "KS/L+",  "BH/L+1", "BH/R",
        "BH/U1000", "ARO/U",    "ARO/U10000", "ARO/U-1", "TPR/M1", "SB/M1",  "PS-M1",
        "FB-C3",    "BH-C1/C2", "AROC/M1",    "BH/X",    "BH/",    "BB2/P",  "DE/PP"}) {
    INFO(refused);
    CHECK_FALSE(parse_tiebreak(refused).has_value());
  }
}

// One 3-round Swiss for FB and the modifiers; every value below is worked out by hand.
//   R1: A 1-0 B, C ½-½ D, E 1-0 F
//   R2: A 1-0 D, E +- B (forfeit), C 0-1 F
//   R3: E 1-0 A, B ½-½ C, D 1-0 F
// Scores: A 2, B ½, C 1, D 1½, E 3, F 1 (no requested bye: the adjusted scores are the same).
const char* const kModifierEvent =
    "round,board,white,black,result\n"
    "1,1,A,B,1-0\n1,2,C,D,½-½\n1,3,E,F,1-0\n"
    "2,1,A,D,1-0\n2,2,E,B,+-\n2,3,C,F,0-1\n"
    "3,1,E,A,1-0\n3,2,B,C,½-½\n3,3,D,F,1-0\n";
const char* const kModifierPlayers =
    "name,rating\nA,2000\nB,1800\nC,1700\nD,1900\nE,2100\nF,1600\n";

TEST_CASE("FB: BH with every final-round pairing drawn (C.07 8.3), its cuts and medians") {
  EventOptions swiss;
  swiss.round_robin = false;
  const Event e = build(kModifierEvent, swiss, kModifierPlayers).event;
  // BH (16.4: a forfeit's dummy is the own score capped at the scheduled opponent's):
  // A: B ½ + D 1½ + E 3 = 5; B: A 2 + dummy min(½, E 3) + C 1 = 3½; E: F 1 + min(3, B ½) + A 2.
  CHECK(value(e, "BH", "A") == "5");
  CHECK(value(e, "BH", "B") == "3.5");
  CHECK(value(e, "BH", "E") == "3.5");
  // Everyone was paired in round 3, so for FB each scores a draw there: A 2 − 0 + ½ = 2½,
  // B ½ − ½ + ½ = ½, C 1 − ½ + ½ = 1, D 1½ − 1 + ½ = 1, E 3 − 1 + ½ = 2½, F 1 − 0 + ½ = 1½.
  // FB(A) = B ½ + D 1 + E 2½ = 4; FB(B) = A 2½ + dummy min(½, E 2½) + C 1 = 4;
  // FB(D) = C 1 + A 2½ + F 1½ = 5; FB(E) = F 1½ + dummy min(2½, B ½) + A 2½ = 4½;
  // FB(F) = E 2½ + C 1 + D 1 = 4½; FB(C) = D 1 + F 1½ + B ½ = 3.
  CHECK(value(e, "FB", "A") == "4");
  CHECK(value(e, "FB", "B") == "4");
  CHECK(value(e, "FB", "C") == "3");
  CHECK(value(e, "FB", "D") == "5");
  CHECK(value(e, "FB", "E") == "4.5");
  CHECK(value(e, "FB", "F") == "4.5");
  // FB-C1 cuts the lowest-scored opponent's: A loses B's ½ (3½); B's forfeit loss is a
  // voluntary unplayed round worth ½, not below the least significant value: cut (3½).
  CHECK(value(e, "FB-C1", "A") == "3.5");
  CHECK(value(e, "FB-C1", "B") == "3.5");
  CHECK(value(e, "FB-C2", "A") == "2.5");
  // FB-M1: A without B's ½ and E's 2½: 1.
  CHECK(value(e, "FB-M1", "A") == "1");
  CHECK(value(e, "BH/F", "A") == "4");
  // AOB/F: A's opponents over the board B, D, E: FB 4, 5, 4½: mean 4½ (AOB: 3½, 4, 3½ → 11/3).
  CHECK(value(e, "AOB/F", "A") == "4.5");
}

TEST_CASE("FB: a final-round forfeit is a drawn game, a final-round bye is not paired") {
  EventOptions swiss;
  swiss.round_robin = false;
  // R2: A wins by forfeit against B.
  const Event e = build(
                      "round,board,white,black,result\n"
                      "1,1,A,C,0-1\n1,2,B,D,1-0\n"
                      "2,1,A,B,+-\n2,2,C,D,1-0\n",
                      swiss)
                      .event;
  // Scores A 1, B 1, C 2, D 0. BH(A) = C 2 + the forfeit's dummy min(1, B 1) = 3.
  CHECK(value(e, "BH", "A") == "3");
  // FB: everyone was paired in round 2, so each scores a draw there: A 1 − 1 + ½ = ½,
  // B 1 − 0 + ½ = 1½, C 2 − 1 + ½ = 1½, D ½. A's forfeit win is a drawn game against B:
  // FB(A) = C 1½ + B 1½ = 3 (as an unplayed round it would be the dummy min(½, 1½) = ½: 2).
  CHECK(value(e, "FB", "A") == "3");
  CHECK(value(e, "FB", "B") == "1");
  // A round-2 bye instead: not paired in the final round, its points kept.
  const Event bye = build(
                        "round,board,white,black,result\n"
                        "1,1,A,C,1-0\n1,2,B,,bye\n"
                        "2,1,A,B,+-\n2,2,C,,bye\n",
                        swiss)
                        .event;
  // Scores A 2, B 1, C 1; for FB A 1½, B 1½, C (a bye in round 2) 1.
  // FB(A) = C 1 + B 1½ = 2½ (B a drawn game now, no dummy).
  CHECK(value(bye, "FB", "A") == "2.5");
  // FB(C) = A 1½ + the bye's dummy, C's own 1 (capped at ½ × 2 = 1) = 2½.
  CHECK(value(bye, "FB", "C") == "2.5");
  // FB(B) = round 1's bye: dummy with B's FB score 1½, capped at 1 → 1; round 2: A 1½: 2½.
  CHECK(value(bye, "FB", "B") == "2.5");
}

TEST_CASE("/P: forfeits as games against the scheduled opponent (BH, SB, DE)") {
  EventOptions swiss;
  swiss.round_robin = false;
  const Event e = build(kModifierEvent, swiss, kModifierPlayers).event;
  // B's forfeit loss to E: BH/P counts E's 3 instead of the dummy's ½: 2 + 3 + 1 = 6.
  CHECK(value(e, "BH", "B") == "3.5");
  CHECK(value(e, "BH/P", "B") == "6");
  // SB/P(E) = F 1 × 1 + B ½ × 1 + A 2 × 1 = 3½; SB(E) the same with the dummy (min(3, ½) × 1).
  CHECK(value(e, "SB/P", "E") == "3.5");
  // SB/P(B): A 2 × 0 + E 3 × 0 + C 1 × ½ = ½; SB(B): the dummy ½ × 0 too.
  CHECK(value(e, "SB/P", "B") == "0.5");
  // BH-C1/P(B): no voluntary unplayed round left; the least significant is C's 1: 5.
  CHECK(value(e, "BH-C1/P", "B") == "5");
  CHECK(value(e, "BH-C1", "B") == "3");
  // DE/P: a forfeit is an encounter. X and Y tie on 1; X won their game by forfeit.
  const Event tied = build(
                         "round,board,white,black,result\n"
                         "1,1,X,Y,+-\n1,2,Z,W,1-0\n"
                         "2,1,Y,W,1-0\n2,2,Z,X,1-0\n",
                         swiss)
                         .event;
  CHECK(ranking(tied, "DE") == std::vector<std::string>{"Z:1", "X:2-3", "Y:2-3", "W:4"});
  CHECK(ranking(tied, "DE/P") == std::vector<std::string>{"Z:1", "X:2", "Y:3", "W:4"});
}

TEST_CASE("KS/L±n moves the Koya limit by half-points, TPN/R and RTNG/R reverse the order") {
  EventOptions swiss;
  swiss.round_robin = false;
  const Event e = build(kModifierEvent, swiss, kModifierPlayers).event;
  // Limit 50 % of 3 = 1½. D met C (1, drew), A (2, lost), F (1, won): KS 0.
  CHECK(value(e, "KS", "D") == "0");
  // /L-1: 1: C ½ + A 0 + F 1 = 1½. /L+1: 2: A 0.
  CHECK(value(e, "KS/L-1", "D") == "1.5");
  CHECK(value(e, "KS/L+1", "D") == "0");
  // A: D (1½) won 1, E (3) lost: KS 1; /L+1 (2): E only: 0; /L-2 (½): B ½ too: won, 2.
  CHECK(value(e, "KS", "A") == "1");
  CHECK(value(e, "KS/L+1", "A") == "0");
  CHECK(value(e, "KS/L-2", "A") == "2");
  // C and F tie on 1 point; C is number 3, F number 6: TPN ranks C first, TPN/R F.
  CHECK(ranking(e, "TPN")[3] == "C:4");
  CHECK(ranking(e, "TPN/R")[3] == "F:4");
  // RTNG: C 1700 ahead of F 1600; RTNG/R: F first.
  CHECK(ranking(e, "RTNG")[3] == "C:4");
  CHECK(ranking(e, "RTNG/R")[3] == "F:4");
}

TEST_CASE("ARO-M1, ARO-M2: the lowest and the highest rated cut, /U rates the unrated") {
  EventOptions swiss;
  swiss.round_robin = false;
  const Event e = build(kModifierEvent, swiss, kModifierPlayers).event;
  // A met B 1800, D 1900, E 2100 over the board: ARO 5800 / 3 = 1933; M1: D's 1900 alone.
  CHECK(value(e, "ARO", "A") == "1933");
  CHECK(value(e, "ARO-M1", "A") == "1900");
  CHECK(value(e, "ARO-M2", "A") == "undefined");
  // E met F and A over the board (B by forfeit): M1 leaves nothing.
  CHECK(value(e, "ARO-M1", "E") == "undefined");
  // F unrated: left out of ARO without /U, counted as 1500 with /U1500.
  const Event unrated =
      build(kModifierEvent, swiss, "name,rating\nA,2000\nB,1800\nC,1700\nD,1900\nE,2100\nF,\n")
          .event;
  CHECK(value(unrated, "ARO", "E") == "2000");
  CHECK(value(unrated, "ARO/U1500", "E") == "1750");
  // TPR/U: E scored 2 of 2 against 1500 and 2000: ARO 1750 + 800.
  CHECK(value(unrated, "TPR/U1500", "E") == "2550");
  CHECK(value(unrated, "RTNG", "F") == "0");
  CHECK(value(unrated, "RTNG/U1500", "F") == "1500");
  // APRO/U passes the rating on: C met D, F, B: TPRs with F at 1500.
  CHECK(value(unrated, "APRO/U1500", "C") != value(unrated, "APRO", "C"));
}

// A 2-round team Swiss, 2 boards, games 1/½/0, matches 2/1/0; worked out by hand.
//   R1: T1 1½-½ T2 (a1 1-0 b1, b2 ½-½ a2), T3 ½-1½ T4 (c1 0-1 d1, d2 ½-½ c2)
//   R2: T1 1½-½ T4 (a1 1-0 d1, d2 ½-½ a2), T2 1-1 T3 (b1 1-0 c1, c2 1-0 b2)
// Match points T1 4, T4 2, T2 1, T3 1; game points T1 3, T4 2, T2 1½, T3 1½.
// Game points by board: T1 2 and 1, T2 1 and ½, T3 0 and 1½, T4 1 and 1.
const char* const kTeamEvent =
    "round,board,white,black,result,white_team,black_team\n"
    "1,1,a1,b1,1-0,T1,T2\n1,2,b2,a2,½-½,T2,T1\n"
    "1,1,c1,d1,0-1,T3,T4\n1,2,d2,c2,½-½,T4,T3\n"
    "2,1,a1,d1,1-0,T1,T4\n2,2,d2,a2,½-½,T4,T1\n"
    "2,1,b1,c1,1-0,T2,T3\n2,2,c2,b2,1-0,T3,T2\n";

TEST_CASE("team tie-breaks: MPvGP, the extended SB family, SSSC, BC, TBR, BBE (C.07 12-13)") {
  EventOptions swiss;
  swiss.round_robin = false;
  const Event e = build(kTeamEvent, swiss).event;
  REQUIRE(e.format == EventFormat::team);
  CHECK(score(e, "T1") == "4");
  CHECK(value(e, "MPvGP", "T2") == "1.5");
  // EMMSB: opponents' match points × own match points: T1: T2 1 × 2 + T4 2 × 2 = 6;
  // T2: T1 4 × 0 + T3 1 × 1 = 1; T3: T4 2 × 0 + T2 1 × 1 = 1.
  CHECK(value(e, "EMMSB", "T1") == "6");
  CHECK(value(e, "EMMSB", "T2") == "1");
  CHECK(value(e, "EMMSB", "T3") == "1");
  // EMGSB (ESB): × own game points: T2: 4 × ½ + 1 × 1 = 3; T3: 2 × ½ + 1 × 1 = 2;
  // T1: 1 × 1½ + 2 × 1½ = 4½; T4: T3 1 × 1½ + T1 4 × ½ = 3½.
  CHECK(value(e, "EMGSB", "T2") == "3");
  CHECK(value(e, "ESB", "T3") == "2");
  CHECK(value(e, "EMGSB", "T1") == "4.5");
  CHECK(value(e, "EMGSB", "T4") == "3.5");
  // EGMSB: opponents' game points × own match points: T1: 1½ × 2 + 2 × 2 = 7; T4: 1½ × 2 + 0.
  CHECK(value(e, "EGMSB", "T1") == "7");
  CHECK(value(e, "EGMSB", "T4") == "3");
  // EGGSB: T1: 1½ × 1½ + 2 × 1½ = 5¼; T2: 3 × ½ + 1½ × 1 = 3; T3: 2 × ½ + 1½ × 1 = 2½.
  CHECK(value(e, "EGGSB", "T1") == "5.25");
  CHECK(value(e, "EGGSB", "T2") == "3");
  CHECK(value(e, "EGGSB", "T3") == "2.5");
  // ESB-C1: T1's lowest-scored opponent T2 (1 match point): 1 × 1½ cut: 3.
  CHECK(value(e, "ESB-C1", "T1") == "3");
  // SSSC: normaliser ⌊2 rounds × 2 ÷ (2 boards × 1)⌋ = 2; BH on match points T1 3, T2 5, T3 3,
  // T4 5: T1 3 + 3 ÷ 2 = 4½, T2 1½ + 2½ = 4, T3 1½ + 1½ = 3, T4 2 + 2½ = 4½.
  CHECK(value(e, "SSSC", "T1") == "4.5");
  CHECK(value(e, "SSSC", "T2") == "4");
  CHECK(value(e, "SSSC", "T3") == "3");
  CHECK(value(e, "SSSC", "T4") == "4.5");
  // BC: Σ board × game points: T2 1 + 2 × ½ = 2, T3 0 + 2 × 1½ = 3, T1 2 + 2 = 4, T4 1 + 2 = 3.
  CHECK(value(e, "BC", "T2") == "2");
  CHECK(value(e, "BC", "T3") == "3");
  // BBE1: without the bottom board: T2 1, T3 0.
  CHECK(value(e, "BBE1", "T2") == "1");
  CHECK(value(e, "BBE1", "T3") == "0");
  // T2 and T3 tie on match and game points: BC (lower first), TBR and BBE rank T2 first;
  // EMMSB does not separate them, EGMSB neither (1½ each), EMGSB does.
  const std::vector<std::string> t2_first{"T1:1", "T4:2", "T2:3", "T3:4"};
  CHECK(ranking(e, "BC") == t2_first);
  CHECK(ranking(e, "TBR") == t2_first);
  CHECK(ranking(e, "BBE") == t2_first);
  CHECK(ranking(e, "EMGSB") == t2_first);
  CHECK(ranking(e, "EMMSB,EGMSB") == std::vector<std::string>{"T1:1", "T4:2", "T2:3-4", "T3:3-4"});
  CHECK_FALSE(check_tiebreak_order(e, *parse_tiebreaks("MPvGP,ESB,SSSC,BC,BBE")));
  // In an individual event the team tie-breaks are refused.
  const Event individual = build(kModifierEvent, swiss).event;
  const auto refused = check_tiebreak_order(individual, *parse_tiebreaks("BH,EMGSB-C1"));
  REQUIRE(refused);
  CHECK(refused->token == "EMGSB-C1");
  CHECK(refused->reason ==
        "EMGSB-C1 is a team tie-break (FIDE C.07 12-13) and this is not a team event");
  RankingOptions options;
  options.order = *parse_tiebreaks("BBE,TBR");
  const Standings standings = rank_event(e, options);
  std::vector<std::string> columns;
  for (const Tiebreak& column : standings.columns) columns.push_back(column.code());
  CHECK(columns == std::vector<std::string>{"BBE1", "BB1", "BB2"});
}

TEST_CASE("EDE: direct encounter on match points, then on game points (C.07 13.3.1)") {
  EventOptions swiss;
  swiss.round_robin = false;
  // Three teams meet in turn: A beats B 2-0, B beats C 1½-½, C beats A 1½-½. Match points
  // 2 each, also among themselves (DE does not separate them); game points among themselves
  // A 2 + ½ = 2½, C ½ + 1½ = 2, B 0 + 1½ = 1½.
  const Event e = build(
                      "round,board,white,black,result,white_team,black_team\n"
                      "1,1,a1,b1,1-0,A,B\n1,2,b2,a2,0-1,B,A\n"
                      "2,1,b1,c1,1-0,B,C\n2,2,c2,b2,½-½,C,B\n"
                      "3,1,c1,a1,1-0,C,A\n3,2,a2,c2,½-½,A,C\n",
                      swiss)
                      .event;
  CHECK(ranking(e, "DE") == std::vector<std::string>{"A:1-3", "B:1-3", "C:1-3"});
  CHECK(ranking(e, "EDE") == std::vector<std::string>{"A:1", "C:2", "B:3"});
  CHECK(parse_tiebreak("ede/p")->code() == "EDE/P");
  CHECK(parse_tiebreak("DE")->code() == "DE");
}

TEST_CASE("EDE's variants: only two teams still tied, and only on their own match (13.3.2)") {
  EventOptions swiss;
  swiss.round_robin = false;
  // A and B never meet, nor C and D: A beats C and D 1½-½, B beats D and C 1½-½ (each time
  // on board 1 with a draw on board 2). A and B tie on match points (4), game points (3) and
  // EDE; the variants compare the two teams' own match, and there is none: they stay tied.
  const Event apart = build(
                          "round,board,white,black,result,white_team,black_team\n"
                          "1,1,a1,c1,1-0,A,C\n1,2,c2,a2,½-½,C,A\n"
                          "1,1,b1,d1,1-0,B,D\n1,2,d2,b2,½-½,D,B\n"
                          "2,1,a1,d1,1-0,A,D\n2,2,d2,a2,½-½,D,A\n"
                          "2,1,b1,c1,1-0,B,C\n2,2,c2,b2,½-½,C,B\n",
                          swiss)
                          .event;
  for (const char* code : {"EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"}) {
    CAPTURE(code);
    CHECK(ranking(apart, code) == std::vector<std::string>{"A:1-2", "B:1-2", "C:3-4", "D:3-4"});
  }
  // Three teams still tied after EDE: the variants do not apply (exactly two teams). A, B and
  // C draw every match 1-1, on match points 2 and game points 2; board 1 was won by A against
  // B, by B against C, by C against A.
  const Event circle = build(
                           "round,board,white,black,result,white_team,black_team\n"
                           "1,1,a1,b1,1-0,A,B\n1,2,b2,a2,1-0,B,A\n"
                           "2,1,b1,c1,1-0,B,C\n2,2,c2,b2,1-0,C,B\n"
                           "3,1,c1,a1,1-0,C,A\n3,2,a2,c2,1-0,A,C\n",
                           swiss)
                           .event;
  CHECK(ranking(circle, "EDET") == std::vector<std::string>{"A:1-3", "B:1-3", "C:1-3"});
  CHECK(parse_tiebreak("edebt/p")->code() == "EDEBT/P");
  CHECK(parse_tiebreak("EDEC")->finish == EdeFinish::count);
  CHECK(parse_tiebreak("EDEBB")->finish == EdeFinish::count_bottom);
  CHECK_FALSE(parse_tiebreak("EDEX"));
  CHECK_FALSE(parse_tiebreak("EDEB-C1"));
  // They need the boards of team matches: refused in an individual event; EDE is not.
  const Event individual = build("round,board,white,black,result\n1,1,A,B,1-0\n", swiss).event;
  const auto refused = check_tiebreak_order(individual, *parse_tiebreaks("EDE,EDEB"));
  REQUIRE(refused);
  CHECK(refused->token == "EDEB");
}

TEST_CASE("rating tie-breaks: ARO, TPR, PTP over games played over the board") {
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,B,1-0\n1,2,C,D,½-½\n"
      "2,1,D,A,½-½\n2,2,B,C,+-\n",
      {}, "name,rating\nA,2000\nB,1800\nC,1901\nD,2100\n");
  const Event& e = b.event;
  // A met B (1800) and D (2100): ARO (1800+2100)/2 = 1950; scored 1½ of 2 = 75 %:
  // TPR 1950 + 193 = 2143.
  CHECK(value(e, "ARO", "A") == "1950");
  CHECK(value(e, "TPR", "A") == "2143");
  CHECK(value(e, "ARO-C1", "A") == "2100");
  // C played only D over the board (the forfeit does not count): ARO 2100.
  CHECK(value(e, "ARO", "C") == "2100");
  // PTP: the lowest R whose expected score by the table of B.02 8.1b reaches 1.5. At 2169, 369
  // above B (357-374: 0.90) and 69 above D (69-76: 0.60) gives 1.50; at 2168, 68 above D is in
  // 62-68: 0.59, 1.49 (the logistic formula gave 2174).
  CHECK(value(e, "PTP", "A") == "2169");
  // A zero score: lowest opponent − 800.
  CHECK(value(e, "PTP", "B") == "1200");
}

TEST_CASE("SB-C1 and SB-C2 cut the lowest-scored opponents' products (C.07 14.1.1)") {
  EventOptions swiss;
  swiss.round_robin = false;
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,X,W,1-0\n1,2,S,Y,1-0\n"
      "2,1,S,X,1-0\n2,2,W,Y,1-0\n"
      "3,1,X,Y,½-½\n3,2,S,W,1-0\n",
      swiss);
  const Event& e = b.event;
  // Scores: S 3, X 1½, W 1, Y ½. X beat W (1 × 1), lost to S (3 × 0), drew Y (½ × ½): SB 1¼.
  CHECK(value(e, "SB", "X") == "1.25");
  // The lowest-scored opponent is Y: its ¼ is cut, not the loss to S (the smallest product).
  CHECK(value(e, "SB-C1", "X") == "1");
  // Then W's 1: only the loss to S is left.
  CHECK(value(e, "SB-C2", "X") == "0");
  CHECK(value(e, "BH-C2", "X") == "3");
}

TEST_CASE("rating tie-breaks without an opponent met over the board are undefined") {
  EventOptions swiss;
  swiss.round_robin = false;
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,B,1-0\n1,2,C,D,+-\n"
      "2,1,A,C,½-½\n2,2,B,D,-+\n",
      swiss, "name,rating\nA,2000\nB,1800\nC,1900\nD,2100\n");
  const Event& e = b.event;
  // D has only forfeits (lost round 1, won round 2): no game over the board.
  for (const char* code : {"ARO", "ARO-C1", "TPR", "PTP", "AOB"}) {
    CHECK(value(e, code, "D") == "undefined");
  }
  // C played A only: ARO 2000, and the cut leaves nothing.
  CHECK(value(e, "ARO", "C") == "2000");
  CHECK(value(e, "ARO-C1", "C") == "undefined");
  // A played B (1800) and C (1900): ARO-C1 1900, ARO-C2 nothing left.
  CHECK(value(e, "ARO", "A") == "1850");
  CHECK(value(e, "ARO-C1", "A") == "1900");
  CHECK(value(e, "ARO-C2", "A") == "undefined");
  // AOB, the mean of the opponents' BH: B's is A 1½ + the dummy for its forfeit loss, min(own
  // 0, D's 1) = 0; C's is the dummy for its forfeit win, min(own 1½, D's 1) = 1, + A 1½ = 2½;
  // (1½ + 2½) ÷ 2 = 2.
  CHECK(value(e, "AOB", "A") == "2");
  // An undefined value ranks below every defined one, and two undefined are tied: A and C on
  // 1½, A's ARO-C1 defined, C's not.
  CHECK(ranking(e, "ARO-C1") == std::vector<std::string>{"A:1", "C:2", "D:3", "B:4"});
  CHECK(ranking(e, "ARO-C2") == std::vector<std::string>{"A:1-2", "C:1-2", "D:3", "B:4"});
}

TEST_CASE("PTP: FIDE's conversion table (B.02 8.1b), a perfect score 736 above the best") {
  CHECK(fide_expected_percent(0) == 50);
  CHECK(fide_expected_percent(3) == 50);
  CHECK(fide_expected_percent(4) == 51);
  CHECK(fide_expected_percent(-4) == 49);
  CHECK(fide_expected_percent(369) == 90);
  CHECK(fide_expected_percent(735) == 99);
  CHECK(fide_expected_percent(736) == 100);
  CHECK(fide_expected_percent(-736) == 0);
  CHECK(fide_expected_percent(100000) == 100);
  EventOptions swiss;
  swiss.round_robin = false;
  Built b = build("round,board,white,black,result\n1,1,A,B,1-0\n1,2,C,D,½-½\n", swiss,
                  "name,rating\nA,2147\nB,1937\nC,2000\nD,2000\n");
  // One game won against 1937: the expectation reaches 1.00 only 736 points above (TPR takes
  // dp(100 %) = 800 instead).
  CHECK(value(b.event, "PTP", "A") == "2673");
  CHECK(value(b.event, "TPR", "A") == "2737");
  // A draw against an equal: 0.50 from 3 points below (−3: 0.50, −4: 0.49).
  CHECK(value(b.event, "PTP", "C") == "1997");
  CHECK(value(b.event, "PTP", "B") == "1347");  // a zero score: 2147 − 800
}

namespace {

EventOptions with_game(Game game) {
  EventOptions options;
  options.game = game;
  return options;
}

const char* kTieOnWarnings =
    "round,board,white,black,result,white_warnings,black_warnings\n"
    "1,1,A,D,1-0,1,\n1,2,B,C,½-½,,\n"
    "2,1,D,C,½-½,,\n2,2,A,B,½-½,,\n"
    "3,1,B,D,1-0,,\n3,2,C,A,½-½,,\n";

// Four teams, two Swiss rounds, two boards; the team written first moves first on board 1.
//   R1 A-B: A wins both boards; C-D: C1 and D2 win.  R2 A-C: C1 and A2 win; B-D: B wins both.
const char* kTeamSwissGo =
    "round,board,black,white,result,black_team,white_team,black_warnings,white_warnings\n"
    "1,1,A1,B1,B+R,A,B,,\n1,2,B2,A2,W+R,B,A,,\n1,1,C1,D1,B+R,C,D,,\n1,2,D2,C2,B+R,D,C,,1\n"
    "2,1,A1,C1,W+R,A,C,,\n2,2,C2,A2,W+R,C,A,,\n2,1,B1,D1,B+R,B,D,,\n2,2,D2,B2,W+R,D,B,,\n";

}  // namespace

TEST_CASE("go-rr and xigua-rr: points, SB, fewer warnings (2/1/0 scoring)") {
  for (Game game : {Game::go, Game::xigua}) {
    Built b = build(kTieOnWarnings, with_game(game));
    const Event& e = b.event;
    // A: 2 + 1 + 1 = 4, B: 1 + 1 + 2 = 4, C 3, D 1. SB A: D (1) × 1 + B (4) × ½ + C (3) × ½ =
    // 4.5; SB B: C 1.5 + A 2 + D 1 = 4.5. A has a warning.
    CHECK(score(e, "A") == "4");
    CHECK(score(e, "C") == "3");
    CHECK(value(e, "SB", "A") == "4.5");
    CHECK(value(e, "SB", "B") == "4.5");
    CHECK(preset_ranking(e, game == Game::go ? "go-rr" : "xigua-rr") ==
          Names{"B:1", "A:2", "C:3", "D:4"});
  }
}

TEST_CASE("go-swiss-buchholz (method B): points, Buchholz, fewer warnings") {
  Built b = build(kSwiss, with_game(Game::go));
  const Event& e = b.event;
  // Every value of the shatar-swiss case doubled: BH P2 = P1 5 + min(4, P3 2) + min(4, draw 1
  // × 3 rounds) = 10.
  CHECK(value(e, "BH", "P2") == "10");
  CHECK(value(e, "BH", "P3") == "11");
  CHECK(value(e, "BH", "P5") == "11");
  CHECK(preset_ranking(e, "go-swiss-buchholz") == Names{"P1:1", "P2:2", "P4:3", "P3:4", "P5:5"});
}

TEST_CASE(
    "go-swiss, go-swiss-total and xigua-swiss (method A): the total score replaces the score") {
  for (Game game : {Game::go, Game::xigua}) {
    Built b = build(kSwiss, with_game(game));
    const Event& e = b.event;
    // Maximum 2 × 3 = 6, half 3. Opponents met (forfeits included, byes not):
    // P1: 5 + (P2 4 + P5 2 + P3 2) ÷ 3 − 3 = 14/3; P2: 4 + (P1 5 + P3 2) ÷ 3 − 3 = 10/3;
    // P3: 2 + (P4 4 + P2 4 + P1 5) ÷ 3 − 3 = 10/3; P4: 4 + (P3 2 + P5 2) ÷ 3 − 3 = 7/3;
    // P5: 2 + (P1 5 + P4 4) ÷ 3 − 3 = 2.
    CHECK(value(e, "TS", "P1") == "4.6667");
    CHECK(value(e, "TS", "P2") == "3.3333");
    CHECK(value(e, "TS", "P3") == "3.3333");
    CHECK(value(e, "TS", "P4") == "2.3333");
    CHECK(value(e, "TS", "P5") == "2");
    // P3 (2 points) ties P2 (4 points): neither has a warning, so they share places 2-3.
    const Names expected{"P1:1", "P2:2-3", "P3:2-3", "P4:4", "P5:5"};
    if (game == Game::go) {
      CHECK(preset_ranking(e, "go-swiss") == expected);
      CHECK(preset_ranking(e, "go-swiss-total") == expected);
      // A Go Swiss without a named system takes go-swiss, method A as tournaments.md has it.
      CHECK(default_preset(Game::go, EventFormat::individual, false).name == "go-swiss");
    } else {
      CHECK(preset_ranking(e, "xigua-swiss") == expected);
    }
  }
}

TEST_CASE("go-team-swiss: total score on match points, game points, board by board") {
  Built b = build(kTeamSwissGo, with_game(Game::go));
  const Event& e = b.event;
  CHECK_FALSE(e.round_robin);
  // Match points: A 2 + 1 = 3, B 0 + 2 = 2, C 1 + 1 = 2, D 1 + 0 = 1.
  CHECK(score(e, "A") == "3");
  CHECK(score(e, "B") == "2");
  CHECK(score(e, "C") == "2");
  CHECK(score(e, "D") == "1");
  // Maximum 2 × 2 = 4, half 2: A 3 + (2 + 2) ÷ 2 − 2 = 3; B 2 + (3 + 1) ÷ 2 − 2 = 2;
  // C 2 + (1 + 3) ÷ 2 − 2 = 2; D 1 + (2 + 2) ÷ 2 − 2 = 1.
  CHECK(value(e, "TS", "A") == "3");
  CHECK(value(e, "TS", "B") == "2");
  CHECK(value(e, "TS", "C") == "2");
  // Game points B 0 + 4 = 4, C 2 + 2 = 4; board 1: B 0 + 2 = 2, C 2 + 2 = 4.
  CHECK(value(e, "GP", "B") == "4");
  CHECK(value(e, "GP", "C") == "4");
  CHECK(value(e, "BB1", "B") == "2");
  CHECK(value(e, "BB1", "C") == "4");
  CHECK(preset_ranking(e, "go-team-swiss") == Names{"A:1", "C:2", "B:3", "D:4"});
}

TEST_CASE("shatar-team-swiss: match points, team Buchholz, game points, fewer violations") {
  // The same pairings scored 1/½/0 per game: every team's Buchholz is 4 (A: B 2 + C 2;
  // B: A 3 + D 1; C: D 1 + A 3; D: C 2 + B 2). B and C also tie on game points (0 + 2 and
  // 1 + 1); C2 has a violation.
  Built b = build(kTeamSwissGo, with_game(Game::shatar));
  const Event& e = b.event;
  for (auto team : {"A", "B", "C", "D"}) CHECK(value(e, "BH", team) == "4");
  CHECK(value(e, "GP", "B") == "2");
  CHECK(value(e, "GP", "C") == "2");
  CHECK(value(e, "WARN", "C") == "1");
  CHECK(preset_ranking(e, "shatar-team-swiss") == Names{"A:1", "B:2", "C:3", "D:4"});
}

TEST_CASE("shatar-team-rr: match points, game points, fewer violations") {
  // Three teams of two (Berger for 3: R1 2-3, R2 1-2, R3 3-1; the bye rows give nothing).
  Built b = build(
      "round,board,white,black,result,white_team,black_team,white_warnings,black_warnings\n"
      "1,1,B1,C1,1-0,B,C,,\n1,2,C2,B2,1-0,C,B,,\n"
      "2,1,A1,B1,1-0,A,B,,\n2,2,B2,A2,½-½,B,A,,\n"
      "3,1,C1,A1,1-0,C,A,,\n3,2,A2,C2,½-½,A,C,1,\n");
  const Event& e = b.event;
  CHECK(e.round_robin);
  // R1 B-C 1-1: 1 each; R2 A 1½-½ B: A 2; R3 C 1½-½ A: C 2. Match points A 2, B 1, C 3.
  CHECK(score(e, "A") == "2");
  CHECK(score(e, "B") == "1");
  CHECK(score(e, "C") == "3");
  CHECK(value(e, "GP", "A") == "2");  // 1½ + ½
  CHECK(preset_ranking(e, "shatar-team-rr") == Names{"C:1", "A:2", "B:3"});
}

TEST_CASE("double forfeit: no points for either, a forfeit loss for both") {
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,B,--\n1,2,C,D,1-0\n"
      "2,1,A,C,1-0\n2,2,B,D,½-½\n");
  const Event& e = b.event;
  CHECK(score(e, "A") == "1");
  CHECK(score(e, "B") == "0.5");
  const auto& a = e.participants[static_cast<std::size_t>(index_of(e, "A"))];
  CHECK(a.rounds[0].kind == RoundKind::forfeit_loss);
  CHECK(value(e, "WIN", "A") == "1");
  // BH A: the forfeit loss v B is a dummy with A's own 1, capped at B's ½: ½; + C 1 = 1½.
  CHECK(value(e, "BH", "A") == "1.5");
  CHECK(value(e, "REP", "A") == "1");
}

TEST_CASE("inconsistent team rows are reported") {
  Built b = build(
      "round,board,white,black,result,white_team,black_team\n"
      "1,1,A1,B1,1-0,A,B\n"
      "2,1,A1,C1,1-0,X,C\n"
      "2,2,B1,B2,1-0,B,B\n");
  CHECK(
      b.diagnostics ==
      std::vector<std::string>{
          "3:0: error: 'A1' plays for team 'X' in this row but for 'A' elsewhere: the row is left "
          "out",
          "4:0: error: 'B1' and 'B2' are both of team 'B' but play each other"});
}

// ---------------------------------------------------------------------------------------------
// Hostile and mistaken input: what a results file can mean bounds what it costs.

namespace {

// A Swiss of `players` (even) players and `rounds` rounds, paired as the first rounds of the
// Berger table (nobody meets twice); the first player listed wins every game.
std::string swiss_rows(int players, int rounds) {
  std::string text = "round,board,white,black,result\n";
  for (int r = 1; r <= rounds; ++r) {
    for (int board = 1; board <= players / 2; ++board) {
      const Pairing pairing = berger_pairing(players, r, board);
      text += fmt::format("{},{},P{},P{},1-0\n", r, board, pairing.first, pairing.second);
    }
  }
  return text;
}

std::size_t count_severity(const std::vector<std::string>& messages, std::string_view severity) {
  return static_cast<std::size_t>(
      std::count_if(messages.begin(), messages.end(),
                    [&](const std::string& m) { return m.find(severity) != std::string::npos; }));
}

}  // namespace

TEST_CASE("a row in a far-away round is one error, the event keeps the rounds that exist") {
  std::string rows = swiss_rows(100, 5);
  const std::size_t far_line =
      static_cast<std::size_t>(std::count(rows.begin(), rows.end(), '\n')) + 1;
  rows += "100000,1,P1,P2,1-0\n";
  Built b = build(rows);
  // One error naming the row, nothing else (before: 100,000 rounds for every player and a
  // warning for each empty one). The rows fill 502 player-rounds of 100 players: at most
  // 2 × 5.02 (rounded up) + 16 = 27 rounds.
  REQUIRE(b.diagnostics.size() == 1);
  CHECK(b.diagnostics[0] ==
        fmt::format("{}:0: error: round 100000 is beyond the rounds this event can have (at most "
                    "27: twice the average number of rounds a participant has a row in, plus "
                    "16): the row is left out",
                    far_line));
  CHECK(b.event.rounds == 5);
  for (const Participant& p : b.event.participants) CHECK(p.rounds.size() == 5);
}

TEST_CASE("rows spread thinly over many rounds cost what the rows hold, not players × rounds") {
  // 3,000 pairs, each playing one game in a round of its own: rounds 1..3000, 6,000 players.
  // As a grid that is 18 million player-rounds; the rows fill 6,000 of them, so the event can
  // have 2 × 1 + 16 = 18 rounds and the rows beyond are one error.
  std::string rows = "round,board,white,black,result\n";
  for (int r = 1; r <= 3000; ++r) rows += fmt::format("{},1,A{},B{},1-0\n", r, r, r);
  Built b = build(rows);
  REQUIRE(b.diagnostics.size() >= 1);
  CHECK(b.diagnostics[0] ==
        "20:0: error: round 19 is beyond the rounds this event can have (at most 18: twice the "
        "average number of rounds a participant has a row in, plus 16): this row and 2981 more "
        "beyond round 18 are left out");
  CHECK(b.event.rounds == 18);
  CHECK(b.event.participants.size() == 6000);
  // The players whose rows were left out have no points.
  CHECK(score(b.event, "A18") == "1");
  CHECK(score(b.event, "A19") == "0");
}

TEST_CASE("an event too sparse for a grid is built from its rows alone, with the same standings") {
  // 2,000 players, 10 rounds, plus 2,000 byes in rounds 1000..2999 (a file with its round
  // column mistyped): the builder stops laying out every player by every round, keeps the rows
  // it has, and drops the far rounds at the end. The standings are those of the 10 rounds.
  const std::string rows = swiss_rows(2000, 10);
  std::string with_far = rows;
  for (int k = 1; k <= 2000; ++k) with_far += fmt::format("{},,P{},,bye\n", 999 + k, k);
  Built plain = build(rows);
  Built sparse = build(with_far);
  CHECK(plain.diagnostics.empty());
  REQUIRE(count_severity(sparse.diagnostics, "error") == 1);
  CHECK(sparse.diagnostics[0].find("round 1000 is beyond the rounds this event can have") !=
        std::string::npos);
  CHECK(sparse.event.rounds == 10);
  REQUIRE(sparse.event.participants.size() == plain.event.participants.size());
  CHECK(ranking(sparse.event, "BH,SB") == ranking(plain.event, "BH,SB"));
}

TEST_CASE(
    "--rounds: a number the results cannot mean is one error, fewer than played is a warning that "
    "counts") {
  const std::string rows = swiss_rows(10, 3);
  for (int asked : {-1, 1'000'000, 2'147'483'647}) {
    CAPTURE(asked);
    EventOptions options;
    options.rounds = asked;
    Built b = build(rows, options);
    REQUIRE(b.diagnostics.size() == 1);
    CHECK(b.diagnostics[0] ==
          fmt::format("0:0: error: {} rounds asked for, but this event can have 0 to 22 (twice the "
                      "average number of rounds a participant has a row in, plus 16): ranking the "
                      "3 rounds with results",
                      asked));
    CHECK(b.event.rounds == 3);
  }
  EventOptions options;
  options.rounds = 1;
  Built b = build(rows, options);
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "0:0: warning: ranking 1 round of the 3 with results: the 10 rows with a result in "
            "rounds 2–3 are left out"});
  CHECK(b.event.rounds == 1);
}

TEST_CASE("rounds without a row: one warning per run, for the event and for each player") {
  // Rounds 1, 2 and 5 played; nobody has a row in 3-4; C misses round 2 as well.
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,B,1-0\n1,2,C,D,1-0\n"
      "2,1,A,D,1-0\n"
      "5,1,A,C,1-0\n5,2,B,D,1-0\n");
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "0:0: warning: rounds 3–4 have no row at all: every participant counted absent "
            "(a zero-point bye)",
            "0:0: warning: no row for 'B' in round 2: counted as a zero-point bye",
            "0:0: warning: no row for 'C' in round 2: counted as a zero-point bye"});
}

TEST_CASE("a row the library is handed with numbers out of range is refused") {
  test::Collected collected;
  PlayerList none;
  EventBuilder builder(none, {}, collected.diagnostics);
  ResultRow row;
  row.line = 2;
  row.white = "A";
  row.black = "B";
  row.result = GameResult::white_wins;
  for (int round : {0, -5, kMaxRound + 1}) {
    row.round = round;
    builder.add(row, "r.csv");
  }
  row.round = 1;
  row.white_warnings = 70000;  // would wrap the 16-bit counter
  builder.add(row, "r.csv");
  row.white_warnings = 0;
  row.result = GameResult::pending;
  row.black.clear();  // a bye row needs a bye result
  builder.add(row, "r.csv");
  Event event = builder.finish();
  CHECK(collected.messages() ==
        std::vector<std::string>{
            "2:0: error: round 0 is outside 1..100000", "2:0: error: round -5 is outside 1..100000",
            "2:0: error: round 100001 is outside 1..100000",
            "2:0: error: the row's warnings are out of range",
            "2:0: error: a bye row needs a bye result (bye, H, Z or F), a game row a game result"});
  CHECK(event.rounds == 0);
}

TEST_CASE("lots: the same seed gives the same lot whatever the order of the rows") {
  const std::string header = "round,board,white,black,result\n";
  const std::vector<std::string> rows = {"1,1,A,B,½-½\n", "1,2,C,D,½-½\n", "2,1,D,A,½-½\n",
                                         "2,2,B,C,½-½\n", "3,1,A,C,½-½\n", "3,2,B,D,½-½\n"};
  std::string in_order = header;
  for (const std::string& row : rows) in_order += row;
  std::string reversed = header;
  for (auto it = rows.rbegin(); it != rows.rend(); ++it) reversed += *it;
  Built a = build(in_order);
  Built b = build(reversed);
  // The rows number the players differently (first appearance) ...
  CHECK(a.event.participants[static_cast<std::size_t>(index_of(a.event, "A"))].number == 1);
  CHECK(b.event.participants[static_cast<std::size_t>(index_of(b.event, "A"))].number != 1);
  // ... but the lot is the same, and still changes with the seed.
  for (std::uint64_t seed : {1U, 7U, 42U, 2026U}) {
    CAPTURE(seed);
    CHECK(ranking(a.event, "SB", true, seed) == ranking(b.event, "SB", true, seed));
  }
  CHECK(ranking(a.event, "SB", true, 7) != ranking(a.event, "SB", true, 1));
}

TEST_CASE("round robin withdrawal: counted against the games of the schedule, not the rows") {
  // Six players (Berger 6: 5 rounds), a round robin by the regulations (--round-robin). F
  // withdrew after two games and the file simply leaves out their other three. 2 of 5 is
  // fewer than half: F's results are annulled (before: "2 of 2 games, half or more", and the
  // results stood).
  auto round_robin_without = [](std::string withdrawn) {
    EventOptions o;
    o.round_robin = true;
    o.withdrawn = {std::move(withdrawn)};
    return o;
  };
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,F,0-1\n1,2,B,E,1-0\n1,3,C,D,1-0\n"
      "2,1,F,D,0-1\n2,2,E,C,1-0\n2,3,A,B,1-0\n"
      "3,2,C,A,1-0\n3,3,D,E,1-0\n"
      "4,1,C,B,1-0\n4,2,D,A,1-0\n"
      "5,1,D,B,1-0\n5,2,E,A,1-0\n",
      round_robin_without("F"));
  CHECK(b.event.round_robin);
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "0:0: note: 'F' withdrew after 2 of 5 games, fewer than half: all their results are "
            "annulled and they leave the standings"});
  CHECK(b.event.participants[static_cast<std::size_t>(index_of(b.event, "F"))].removed);
  CHECK(score(b.event, "A") == "1");  // the loss to F is annulled: beat B only

  // Half or more (3 of 5), the last two games without a row: both count as forfeit wins.
  Built c = build(
      "round,board,white,black,result\n"
      "1,1,A,F,0-1\n1,2,B,E,1-0\n1,3,C,D,1-0\n"
      "2,1,F,D,0-1\n2,2,E,C,1-0\n2,3,A,B,1-0\n"
      "3,1,B,F,½-½\n3,2,C,A,1-0\n3,3,D,E,1-0\n"
      "4,1,C,B,1-0\n4,2,D,A,1-0\n"
      "5,1,D,B,1-0\n5,2,E,A,1-0\n",
      round_robin_without("F"));
  CHECK(c.diagnostics ==
        std::vector<std::string>{
            "0:0: note: 'F' withdrew after 3 of 5 games, half or more: the results stand and 2 "
            "unplayed games count as won by the opponent"});
  // E: 0 (B) + 1 (C) + 0 (D) + forfeit win over F + 1 (A) = 3; C likewise 1+0+1+1+1 = 4.
  CHECK(score(c.event, "E") == "3");
  CHECK(score(c.event, "C") == "4");
  const auto& e = c.event.participants[static_cast<std::size_t>(index_of(c.event, "E"))];
  CHECK(e.rounds[3].kind == RoundKind::forfeit_win);  // round 4, the one E had free
  // The rows the schedule writes (rr-schedule: empty results) need no --round-robin.
  Built d = build(
      "round,board,white,black,result\n"
      "1,1,A,F,0-1\n1,2,B,E,1-0\n1,3,C,D,1-0\n"
      "2,1,F,D,0-1\n2,2,E,C,1-0\n2,3,A,B,1-0\n"
      "3,1,B,F,\n3,2,C,A,1-0\n3,3,D,E,1-0\n"
      "4,1,C,B,1-0\n4,2,D,A,1-0\n4,3,E,F,\n"
      "5,1,D,B,1-0\n5,2,E,A,1-0\n5,3,C,F,\n",
      [] {
        EventOptions o;
        o.withdrawn = {"F"};
        return o;
      }());
  CHECK(d.event.round_robin);
  CHECK(d.diagnostics == b.diagnostics);
}

TEST_CASE(
    "round robin withdrawal: each game without a row goes to the first round of its cycle "
    "where neither player has one, past the 64th round too") {
  // A double round robin of 34 (the circle method: P1 fixed, 33 rounds a cycle, the second
  // cycle rounds 34-66 with colours reversed). Two withdrew: P2's round-10 game has no row, and
  // P1 has no row in round 10 or from round `from` on, where `from` is the second cycle's
  // meeting with P2's round-10 opponent `q`. In round 10 P1 and q both have no row, so a
  // search for q's second-cycle game with P1 that began before the cycle would put it there;
  // it belongs in round `from` (the first round of the second cycle free for both).
  constexpr int kPlayers = 34;
  constexpr int kPerCycle = kPlayers - 1;
  std::vector<std::vector<std::pair<int, int>>> pairs(kPerCycle + 1);  // by round of a cycle
  std::vector<int> circle(kPlayers);
  std::iota(circle.begin(), circle.end(), 1);
  for (int r = 1; r <= kPerCycle; ++r) {
    for (int i = 0; i < kPlayers / 2; ++i)
      pairs[static_cast<std::size_t>(r)].emplace_back(circle[static_cast<std::size_t>(i)],
                                                      circle[kPlayers - 1 - i]);
    std::rotate(circle.begin() + 1, circle.end() - 1, circle.end());
  }
  auto opponent = [&](int player, int round_of_cycle) {
    for (auto [a, b] : pairs[static_cast<std::size_t>(round_of_cycle)]) {
      if (a == player) return b;
      if (b == player) return a;
    }
    return 0;
  };
  const int q = opponent(2, 10);
  int from = 0;
  for (int r = 1; r <= kPerCycle; ++r) {
    if (opponent(1, r) == q) from = kPerCycle + r;
  }
  REQUIRE(q != 1);
  REQUIRE(from > kPerCycle + 1);
  std::string csv = "round,board,white,black,result\n";
  for (int round = 1; round <= 2 * kPerCycle; ++round) {
    const int r = (round - 1) % kPerCycle + 1;
    int board = 1;
    for (auto [a, b] : pairs[static_cast<std::size_t>(r)]) {
      const bool p1_missing = (a == 1 || b == 1) && (round == 10 || round >= from);
      const bool p2_missing = (a == 2 || b == 2) && round == 10;
      if (p1_missing || p2_missing) continue;
      if (round > kPerCycle) std::swap(a, b);
      csv += fmt::format("{},{},P{},P{},½-½\n", round, board++, a, b);
    }
  }
  EventOptions options;
  options.round_robin = true;
  options.withdrawn = {"P1", "P2"};
  Built built = build(csv, options);
  const int unplayed = 1 + (2 * kPerCycle - from + 1);
  int p2_played = 2 * kPerCycle - 1;  // less the second-cycle game with P1 if P1 left before it
  for (int r = 1; r <= kPerCycle; ++r) {
    if (opponent(1, r) == 2 && kPerCycle + r >= from) --p2_played;
  }
  CHECK(built.diagnostics ==
        std::vector<std::string>{
            fmt::format("0:0: note: 'P1' withdrew after {} of 66 games, half or more: the results "
                        "stand and {} unplayed games count as won by the opponent",
                        2 * kPerCycle - unplayed, unplayed),
            fmt::format("0:0: note: 'P2' withdrew after {} of 66 games, half or more: the "
                        "results stand and 1 unplayed game counts as won by the opponent",
                        p2_played)});
  auto kind = [&](int player, int round) {
    const Participant& p = built.event.participants[static_cast<std::size_t>(
        index_of(built.event, fmt::format("P{}", player)))];
    return p.rounds[static_cast<std::size_t>(round - 1)].kind;
  };
  CHECK(kind(opponent(1, 10), 10) == RoundKind::forfeit_win);
  CHECK(kind(q, 10) == RoundKind::forfeit_win);    // from P2
  CHECK(kind(q, from) == RoundKind::forfeit_win);  // from P1, in the second cycle
  for (int round = from; round <= 2 * kPerCycle; ++round) {
    CHECK(kind(opponent(1, round - kPerCycle), round) == RoundKind::forfeit_win);
    CHECK(kind(1, round) == RoundKind::forfeit_loss);
  }
  CHECK(kind(2, 10) == RoundKind::forfeit_loss);
}

TEST_CASE(
    "a finished round robin with a game without a result, or a pair twice, is reported by row") {
  // Berger 4: R1 A-D B-C, R2 D-C A-B, R3 B-D C-A.
  Built pending = build(
      "round,board,white,black,result\n"
      "1,1,A,D,1-0\n1,2,B,C,1-0\n"
      "2,1,D,C,\n2,2,A,B,½-½\n"
      "3,1,B,D,1-0\n3,2,C,A,½-½\n");
  CHECK(pending.event.round_robin);
  CHECK(pending.diagnostics ==
        std::vector<std::string>{
            "4:0: error: 'D' v 'C' in round 2 has no result, but the round robin has results up "
            "to round 3: enter it (-- if neither played)"});
  // Before the last round: a postponed game, a warning.
  Built postponed = build(
      "round,board,white,black,result\n"
      "1,1,A,D,1-0\n1,2,B,C,1-0\n"
      "2,1,D,C,\n2,2,A,B,½-½\n"
      "3,1,B,D,\n3,2,C,A,\n");
  CHECK(postponed.diagnostics ==
        std::vector<std::string>{
            "4:0: warning: 'D' v 'C' in round 2 has no result, but the round robin has results "
            "up to round 2: the game is left out until it has one"});
  // Round 3 written as A-B and C-D again instead of B-D and C-A: still a round robin, not a
  // Swiss, with both pairs named.
  Built twice = build(
      "round,board,white,black,result\n"
      "1,1,A,D,1-0\n1,2,B,C,1-0\n"
      "2,1,D,C,1-0\n2,2,A,B,½-½\n"
      "3,1,B,A,1-0\n3,2,C,D,½-½\n");
  CHECK(twice.event.round_robin);
  CHECK(twice.diagnostics ==
        std::vector<std::string>{
            "6:0: error: 'A' and 'B' meet twice (lines 5 and 6): in a round robin each pair plays "
            "once a cycle",
            "7:0: error: 'D' and 'C' meet twice (lines 4 and 7): in a round robin each pair plays "
            "once a cycle",
            "0:0: error: the round robin is finished (rounds 1–3 of 3), but 2 of its games have no "
            "row: 'A' v 'C', 'D' v 'B'"});
}

TEST_CASE("a double round robin: a pair twice in one cycle and never in the other is reported") {
  // Berger 4, twice (rounds 4-6 repeat 1-3 with colours reversed), but round 6 repeats round 5.
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,D,1-0\n1,2,B,C,1-0\n2,1,D,C,1-0\n2,2,A,B,½-½\n3,1,B,D,1-0\n3,2,C,A,½-½\n"
      "4,1,D,A,1-0\n4,2,C,B,1-0\n5,1,C,D,1-0\n5,2,B,A,½-½\n6,1,D,C,1-0\n6,2,A,B,½-½\n");
  CHECK(b.event.round_robin);
  CHECK(b.event.cycles == 2);
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "13:0: error: 'A' and 'B' meet twice in cycle 2 (rounds 4–6) (lines 11 and 13): in a "
            "round "
            "robin each pair plays once a cycle",
            "12:0: error: 'D' and 'C' meet twice in cycle 2 (rounds 4–6) (lines 10 and 12): in a "
            "round robin each pair plays once a cycle",
            "0:0: error: the round robin is finished (rounds 1–6 of 6), but 2 of its games have no "
            "row: 'A' v 'C' in cycle 2 (rounds 4–6), 'D' v 'B' in cycle 2 (rounds 4–6)"});
}

TEST_CASE("a row naming a player's other team is left out, not counted") {
  // By the players file: A1 plays for A. The row of round 2 says X: left out.
  Built by_file = build(
      "round,board,white,black,result,white_team,black_team\n"
      "1,1,A1,B1,1-0,A,B\n"
      "2,1,A1,C1,1-0,X,C\n",
      [] {
        EventOptions o;
        o.teams = true;
        return o;
      }(),
      "id,name,team\nA1,A1,A\nB1,B1,B\nC1,C1,C\n");
  CHECK(by_file.diagnostics[0] ==
        "3:0: error: 'A1' plays for team 'A' (players file, line 2) but this row names team 'X': "
        "the row is left out");
  CHECK(score(by_file.event, "A") == "2");  // the match won in round 1 only
  CHECK(score(by_file.event, "C") == "0");
  // Without a players file the team most rows name decides: A1 is of A (two rows), the row
  // naming X is left out for both sides.
  Built by_rows = build(
      "round,board,white,black,result,white_team,black_team\n"
      "1,1,A1,B1,1-0,A,B\n"
      "2,1,A1,C1,1-0,X,C\n"
      "3,1,C1,A1,0-1,C,A\n");
  CHECK(
      by_rows.diagnostics[0] ==
      "3:0: error: 'A1' plays for team 'X' in this row but for 'A' elsewhere: the row is left out");
  CHECK(score(by_rows.event, "A") == "4");  // rounds 1 and 3
  CHECK(score(by_rows.event, "C") == "0");
}

TEST_CASE("draw numbers: the players file's, else the results', else first appearance") {
  const std::string results =
      "round,board,white,black,result,white_number,black_number\n"
      "1,1,Cy,Ann,1-0,3,1\n1,2,Bob,Dan,½-½,2,4\n";
  Built from_rows = build(results);
  auto number = [](const Built& b, std::string_view name) {
    return b.event.participants[static_cast<std::size_t>(index_of(b.event, name))].number;
  };
  CHECK(number(from_rows, "Ann") == 1);
  CHECK(number(from_rows, "Bob") == 2);
  CHECK(number(from_rows, "Cy") == 3);
  CHECK(number(from_rows, "Dan") == 4);
  // A players file without numbers: the results' numbers still.
  Built with_players = build(results, {}, "id,name\nAnn,Ann\nBob,Bob\nCy,Cy\nDan,Dan\n");
  CHECK(number(with_players, "Cy") == 3);
  // The players file's number column wins, and a row that disagrees is reported.
  Built file_numbers =
      build(results, {}, "id,name,number\nAnn,Ann,4\nBob,Bob,2\nCy,Cy,3\nDan,Dan,1\n");
  CHECK(number(file_numbers, "Ann") == 4);
  CHECK(file_numbers.diagnostics ==
        std::vector<std::string>{"2:8: error: this row gives 'Ann' number 1, the players file 4",
                                 "3:9: error: this row gives 'Dan' number 4, the players file 1"});
  // A player given two numbers by the rows.
  Built conflict = build(results + "2,1,Ann,Bob,1-0,5,2\n2,2,Cy,Dan,1-0,3,4\n");
  CHECK(conflict.diagnostics ==
        std::vector<std::string>{"4:5: error: this row gives 'Ann' number 5, line 2 number 1"});
}

TEST_CASE("a Swiss game without a result in a played round is said to count as absences") {
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,B,1-0\n1,2,C,D,\n"
      "2,1,A,C,1-0\n2,2,B,D,0-1\n");
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "3:0: warning: 'C' v 'D' in round 1 has no result: both are counted absent "
            "(a zero-point bye) until it has one"});
  const auto& c = b.event.participants[static_cast<std::size_t>(index_of(b.event, "C"))];
  CHECK(c.rounds[0].kind == RoundKind::absent);
}

TEST_CASE(
    "a row of a known player against a new one, in the round of the row before, keeps both slots") {
  // Round 2's second row brings E in: the grid grows for E while B's slot is being filled
  // (ASan found B's slot written after it had moved).
  Built b = build(
      "round,board,white,black,result\n"
      "1,1,A,B,0-1\n1,2,C,D,0-1\n"
      "2,1,A,C,1-0\n2,2,B,E,1-0\n2,3,D,F,1-0\n");
  CHECK(score(b.event, "B") == "2");
  CHECK(score(b.event, "E") == "0");
  CHECK(b.diagnostics ==
        std::vector<std::string>{
            "0:0: warning: no row for 'E' in round 1: counted as a zero-point bye",
            "0:0: warning: no row for 'F' in round 1: counted as a zero-point bye"});
}

TEST_CASE("standings presets: none named, a preset by name, or a Problem listing them") {
  CHECK(*choose_preset("", "--system") == nullptr);
  const auto first = choose_preset(system_presets().front().name, "--system");
  REQUIRE(first);
  CHECK(*first == &system_presets().front());
  const auto unknown = choose_preset("fide-x", "--system");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.problem().reason ==
        "unknown --system 'fide-x'; the systems are: " + preset_names(", "));
  CHECK(unknown.problem().token == "fide-x");
}
