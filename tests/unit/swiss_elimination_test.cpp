#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boardgames/io/swiss_io.h"
#include "boardgames/tournament/swiss_elimination.h"
#include "test_support.h"

namespace sw = boardgames::swiss;

TEST_CASE("swiss elimination: how many leave, the field even and at least half kept") {
  CHECK(sw::elimination_count(16, 16, 2) == 2);
  CHECK(sw::elimination_count(10, 16, 2) == 2);  // 8 left: half of 16
  CHECK(sw::elimination_count(8, 16, 2) == 0);   // no fewer than half
  CHECK(sw::elimination_count(10, 16, 4) == 2);  // cut to keep half
  CHECK(sw::elimination_count(16, 16, 3) == 2);  // 13 would be odd: one fewer
  CHECK(sw::elimination_count(15, 15, 2) == 1);  // an odd field made even
  CHECK(sw::elimination_count(7, 12, 2) == 1);   // 6 left, half of 12
  CHECK(sw::elimination_count(9, 9, 1) == 1);    // 8 left, half of 9 rounded up to even is 6
  CHECK(sw::elimination_count(5, 9, 1) == 0);    // 4 would be fewer than half of 9
}

namespace {

boardgames::Event event_of(const std::string& results) {
  test::Collected collected;
  boardgames::PlayerList players;
  auto event = sw::read_results_event(results, "r.csv", players, boardgames::Game::shatar,
                                      collected.diagnostics);
  REQUIRE(event.has_value());
  return *event;
}

int index_of(const boardgames::Event& event, const std::string& name) {
  for (std::size_t p = 0; p < event.participants.size(); ++p) {
    if (event.participants[p].name == name) return static_cast<int>(p);
  }
  return -1;
}

}  // namespace

TEST_CASE("swiss elimination: score, then Buchholz, then the lot") {
  // After round 2: A 2, C 2, B 1, D 1, E 0, F 0; E met A and C (Buchholz 2 + 2 = 4), F met B
  // and D (1 + 1 = 2): F leaves first, then E.
  const std::string results =
      "round,white,black,result\n"
      "1,A,E,1-0\n1,B,F,1-0\n1,C,D,1-0\n"
      "2,A,B,1-0\n2,C,E,1-0\n2,D,F,1-0\n";
  boardgames::Event event = event_of(results);
  test::Collected collected;
  const auto out = sw::eliminate(event, {3, 2, std::nullopt}, "r.csv", collected.diagnostics);
  REQUIRE(out.has_value());
  REQUIRE(out->size() == 2);
  CHECK((*out)[0].participant == index_of(event, "F"));
  CHECK((*out)[0].place == 6);
  CHECK((*out)[0].buchholz == boardgames::Points::whole(2));
  CHECK((*out)[1].participant == index_of(event, "E"));
  CHECK((*out)[1].buchholz == boardgames::Points::whole(4));
  CHECK(!(*out)[1].by_lot);
  CHECK(event.participants[static_cast<std::size_t>(index_of(event, "E"))].absent);
  CHECK(!event.participants[static_cast<std::size_t>(index_of(event, "D"))].absent);
  CHECK(collected.messages().empty());

  // Not yet: eliminating from round 4 leaves everyone in for round 3.
  boardgames::Event later = event_of(results);
  const auto none = sw::eliminate(later, {4, 2, std::nullopt}, "r.csv", collected.diagnostics);
  REQUIRE(none.has_value());
  CHECK(none->empty());
}

TEST_CASE("swiss elimination: a tie at the cut needs the seed, and a lot decides it") {
  // After round 1: A, B, C 1 with Buchholz 0; D, E, F 0 with Buchholz 1: two of D, E, F leave.
  const std::string results = "round,white,black,result\n1,A,D,1-0\n1,B,E,1-0\n1,C,F,1-0\n";
  boardgames::Event event = event_of(results);
  test::Collected collected;
  const auto refused = sw::eliminate(event, {2, 2, std::nullopt}, "r.csv", collected.diagnostics);
  REQUIRE(!refused.has_value());
  CHECK(refused.problem().reason.find("D, E, F tied") != std::string::npos);
  boardgames::Event drawn = event_of(results);
  const auto out = sw::eliminate(drawn, {2, 2, 7}, "r.csv", collected.diagnostics);
  REQUIRE(out.has_value());
  REQUIRE(out->size() == 2);
  for (const auto& e : *out) {
    CHECK(e.by_lot);
    CHECK(e.score == boardgames::Points());
    CHECK(drawn.participants[static_cast<std::size_t>(e.participant)].name != "A");
  }
}

TEST_CASE("swiss elimination: an eliminated player paired later is reported at its row") {
  // F is last after round 2 (eliminated before round 3 with K = 2), yet plays round 3.
  const std::string results =
      "round,white,black,result\n"
      "1,A,E,1-0\n1,B,F,1-0\n1,C,D,1-0\n"
      "2,A,B,1-0\n2,C,E,1-0\n2,D,F,1-0\n"
      "3,A,D,1-0\n3,B,F,1-0\n";
  boardgames::Event event = event_of(results);
  test::Collected collected;
  const auto out = sw::eliminate(event, {3, 2, std::nullopt}, "r.csv", collected.diagnostics);
  REQUIRE(out.has_value());
  const auto messages = collected.messages();
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].rfind("9:0:", 0) == 0);
  CHECK(messages[0].find("'F' was eliminated before round 3 but is paired in round 3") !=
        std::string::npos);
}
