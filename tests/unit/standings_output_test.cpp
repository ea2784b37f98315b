// The standings writers: the Swiss crosstable as arbiters publish it (a column a round, never
// an n x n grid) and the players' details beside the names.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/tournament/ranking.h"
#include "test_support.h"

using namespace boardgames;

namespace {

// A Swiss event from results rows.
Event build(const std::string& results, const PlayerList& players) {
  test::Collected collected;
  EventOptions options;
  options.round_robin = false;
  EventBuilder builder(players, options, collected.diagnostics);
  ByteSource source = ByteSource::from_string(results, "results.csv");
  ResultsCsvReader reader(source, collected.diagnostics);
  REQUIRE(reader.read_header());
  ResultRow row;
  while (reader.next(row)) builder.add(row, "results.csv");
  Event event = builder.finish();
  CHECK(collected.messages().empty());
  return event;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

}  // namespace

TEST_CASE("a Swiss of 1,000 players: the crosstable has a column a round, not a grid") {
  constexpr int kPlayers = 1000;
  constexpr int kRounds = 7;
  std::string results = "round,board,white,black,result\n";
  for (int r = 1; r <= kRounds; ++r) {
    // Round r pairs the players rotated by 37 r, two by two; the first listed wins.
    for (int board = 0; board < kPlayers / 2; ++board) {
      const int white = (2 * board + 37 * r) % kPlayers + 1;
      const int black = (2 * board + 1 + 37 * r) % kPlayers + 1;
      results += fmt::format("{},{},{},{},1-0\n", r, board + 1, white, black);
    }
  }
  const Event event = build(results, PlayerList::numbered(kPlayers));
  REQUIRE_FALSE(event.round_robin);
  RankingOptions ranking;
  ranking.order = *parse_tiebreaks("BH,SB");
  const Standings standings = rank_event(event, ranking);

  std::string text;
  write_crosstable_text(event, standings, StandingsHeading{}, PlayerList{}, text);
  const std::vector<std::string> lines = lines_of(text);
  CHECK(lines.size() == 3 + kPlayers);  // title line, blank, header, a line a player
  std::size_t widest = 0;
  for (const std::string& line : lines) widest = std::max(widest, display_width(line));
  CHECK(widest < 120);
  const std::string header = lines[2];
  CHECK(header.find("  1  ") != std::string::npos);
  CHECK(header.find("  7  ") != std::string::npos);

  std::string csv;
  write_crosstable_csv(event, standings, PlayerList{}, csv);
  const std::vector<std::string> rows = lines_of(csv);
  CHECK(rows.size() == 1 + kPlayers);
  CHECK(rows.front() == "rank,number,id,name,r1,r2,r3,r4,r5,r6,r7,points,BH,SB");
}

TEST_CASE("Swiss crosstable cells: opponent's number, colour, result, forfeits, byes as TRF") {
  const std::string results =
      "round,board,white,black,result\n"
      "1,1,1,2,1-0\n1,2,3,4,+-\n1,,5,,bye\n"
      "2,1,2,3,½-½\n2,2,4,5,0-1\n2,,1,,H\n"
      "3,1,3,1,-+\n3,2,5,2,0-1\n3,,4,,Z\n";
  const Event event = build(results, PlayerList::numbered(5));
  RankingOptions ranking;
  ranking.order = *parse_tiebreaks("BH");
  const Standings standings = rank_event(event, ranking);
  std::string csv;
  write_crosstable_csv(event, standings, PlayerList{}, csv);
  // In rank order: 1 (2½: +win, H, forfeit win), 2 (1½), 3 (1½), 5 (2), 4 (0).
  const std::vector<std::string> rows = lines_of(csv);
  auto row_of = [&](std::string_view id) {
    for (const std::string& row : rows)
      if (row.find(fmt::format(",{},{},", id, id)) != std::string::npos) return row;
    return std::string();
  };
  CHECK(row_of("1").find(",2w1,H,3b+,2.5,") != std::string::npos);
  CHECK(row_of("3").find(",4w+,2b½,1w-,1.5,") != std::string::npos);
  CHECK(row_of("5").find(",U,4b1,2w0,2,") != std::string::npos);
  CHECK(row_of("4").find(",3b-,5w0,Z,0,") != std::string::npos);
}

TEST_CASE("Go's first mover is Black: the crosstable's colour follows the game") {
  EventOptions options;
  options.game = Game::go;
  test::Collected collected;
  const PlayerList players = PlayerList::numbered(4);
  EventBuilder builder(players, options, collected.diagnostics);
  ByteSource source = ByteSource::from_string(
      "round,board,black,white,result\n1,1,1,2,B+R\n1,2,3,4,W+3.5\n", "results.csv");
  ResultsCsvReader reader(source, collected.diagnostics);
  REQUIRE(reader.read_header());
  ResultRow row;
  while (reader.next(row)) builder.add(row, "results.csv");
  const Event event = builder.finish();
  RankingOptions ranking;
  ranking.order = *parse_tiebreaks("BH");
  std::string csv;
  write_crosstable_csv(event, rank_event(event, ranking), PlayerList{}, csv);
  CHECK(csv.find(",2b1,") != std::string::npos);  // player 1 took Black and won
  CHECK(csv.find(",1w0,") != std::string::npos);
  CHECK(csv.find(",3w1,") != std::string::npos);  // player 4 won with White
}

TEST_CASE("details: title, rating, federation, club and withdrawn only where the file has them") {
  test::Collected collected;
  ByteSource players_source = ByteSource::from_string(
      "id,name,rating,club,withdrawn\nA,Ann,2100,Erdenet,\nB,Bat,,,yes\nC,Chen,1900,,\n",
      "players.csv");
  const PlayerList players = read_players_csv(players_source, collected.diagnostics);
  const Event event = build("round,board,white,black,result\n1,1,A,B,1-0\n1,,C,,bye\n", players);
  RankingOptions ranking;
  ranking.order = *parse_tiebreaks("BH");
  const Standings standings = rank_event(event, ranking);
  std::string csv;
  write_standings_csv(event, standings, players, csv);
  const std::vector<std::string> rows = lines_of(csv);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0] == "rank,id,name,rating,club,points,BH,withdrawn");
  auto row_of = [&](std::string_view id) {
    for (const std::string& row : rows)
      if (row.find(fmt::format(",{},", id)) != std::string::npos) return row;
    return std::string();
  };
  CHECK(row_of("A").find(",A,Ann,2100,Erdenet,1,") != std::string::npos);
  CHECK(row_of("B").find(",B,Bat,,,0,") != std::string::npos);
  CHECK(row_of("B").ends_with(",yes"));
  CHECK(row_of("C").ends_with(","));
  std::string plain;
  write_standings_csv(event, standings, PlayerList{}, plain);
  CHECK(lines_of(plain).front() == "rank,id,name,rating,points,BH,withdrawn");
}

TEST_CASE("the HTML page carries the title, escaped") {
  const Event event =
      build("round,board,white,black,result\n1,1,1,2,1-0\n", PlayerList::numbered(2));
  RankingOptions ranking;
  const Standings standings = rank_event(event, ranking);
  StandingsHeading heading;
  heading.details.title = "<Spring> & \"Open\"";
  std::string html;
  write_crosstable_html(event, standings, heading, PlayerList{}, html);
  CHECK(html.find("<h1>&lt;Spring&gt; &amp; &quot;Open&quot;</h1>") != std::string::npos);
  CHECK(html.find("<title>&lt;Spring&gt;") != std::string::npos);
  CHECK(html.find("<Spring>") == std::string::npos);
}

TEST_CASE("event dates: days of the Gregorian calendar, the last not before the first") {
  const auto dates = [](std::string_view text) {
    EventDetails details;
    const auto problem = parse_event_dates(text, details);
    return problem ? "error: " + problem->reason : details.begin_date + "/" + details.end_date;
  };
  CHECK(dates("2026-04-03") == "2026-04-03/");
  CHECK(dates(" 2026-04-03 , 2026-04-05 ") == "2026-04-03/2026-04-05");
  CHECK(dates("2026-04-03,2026-04-03") == "2026-04-03/2026-04-03");
  // Leap years: every fourth, but not the centuries other than every fourth.
  CHECK(dates("2024-02-29") == "2024-02-29/");
  CHECK(dates("2000-02-29") == "2000-02-29/");
  CHECK(
      dates("1900-02-29").starts_with("error: --dates '1900-02-29': that month of 1900 has days"));
  CHECK(dates("2026-04-31").starts_with("error: --dates '2026-04-31': that month"));
  CHECK(dates("2026-00-10") == "error: --dates '2026-00-10': there is no month 0");
  CHECK(dates("2026-4-3") == "error: --dates '2026-4-3': not a day written YYYY-MM-DD");
  CHECK(dates("03.04.2026") == "error: --dates '03.04.2026': not a day written YYYY-MM-DD");
  CHECK(dates("2026-04-05,2026-04-03") ==
        "error: --dates '2026-04-05,2026-04-03': the last day is before the first");
  CHECK(dates("2026-04-03,") == "error: --dates '2026-04-03,': '': not a day written YYYY-MM-DD");
  CHECK(trf_date("2026-04-03") == "2026/04/03");
}
