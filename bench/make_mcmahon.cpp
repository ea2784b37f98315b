// Generates a McMahon event and times its pairing, for benchmarking the McMahon pairing against
// OpenGotha's times (../shared/testdata/mcmahon/timing.csv): PLAYERS players (ranks 25k..6d,
// ratings consistent with them, 40 clubs, 6 countries), ROUNDS rounds, each paired by the
// library (GoRoundPairer) and played with results drawn from the rating difference (the
// handicap counted), reproducible with SEED. Prints each round's pairing time (wall clock,
// preparation and matching together); with a fourth argument, writes the event as OpenGotha
// XML to that file.
//   make_mcmahon PLAYERS ROUNDS SEED [event.xml]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "boardgames/core/random.h"
#include "boardgames/io/go_formats.h"
#include "boardgames/io/opengotha_xml.h"
#include "boardgames/tournament/mcmahon.h"

namespace bg = boardgames;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fputs("usage: make_mcmahon PLAYERS ROUNDS SEED [event.xml]\n", stderr);
    return 2;
  }
  const int players = std::atoi(argv[1]);
  const int rounds = std::atoi(argv[2]);
  if (players < 2 || players > 5000 || rounds < 1 || rounds > 20) {
    std::fputs("make_mcmahon: PLAYERS 2..5000, ROUNDS 1..20\n", stderr);
    return 2;
  }
  bg::Random random(std::strtoull(argv[3], nullptr, 10));
  bg::Event event;
  event.game = bg::Game::go;
  event.points = bg::default_point_system(bg::Game::go, false);
  event.planned_rounds = rounds;
  bg::McMahonSettings settings = bg::default_mcmahon_settings(bg::GoSystem::mcmahon);
  settings.name = fmt::format("Generated McMahon {}", players);
  for (int i = 0; i < players; ++i) {
    bg::Participant p;
    p.go.family_name = fmt::format("Player{:04}", i + 1);
    p.go.first_name = "Gen";
    p.go.rank = static_cast<int>(random.below(32)) - 25;
    p.rating = (*p.go.rank + 30) * 100 - 900 + static_cast<int>(random.below(101)) - 50;
    p.go.club = fmt::format("C{:02}", random.below(40));
    p.go.country = std::string(1, static_cast<char>('A' + random.below(6))) + "X";
    p.id = bg::opengotha_key(p.go.family_name, p.go.first_name);
    p.name = p.go.family_name + " " + p.go.first_name;
    p.number = i + 1;
    event.participants.push_back(std::move(p));
  }
  std::printf("players round paired    ms\n");
  for (int round = 1; round <= rounds; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const bg::GoRoundPairer pairer(event, settings, round);
    const auto pairing = pairer.pair();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!pairing) {
      std::fprintf(stderr, "make_mcmahon: round %d: %s\n", round, pairing.problem().reason.c_str());
      return 1;
    }
    std::printf("%7d %5d %6zu %7.1f\n", players, round, 2 * pairing->games.size(), ms);
    for (bg::Participant& p : event.participants) p.rounds.emplace_back();
    const auto index = static_cast<std::size_t>(round - 1);
    for (const bg::GoGame& g : pairing->games) {
      bg::Participant& white = event.participants[static_cast<std::size_t>(g.white)];
      bg::Participant& black = event.participants[static_cast<std::size_t>(g.black)];
      const double d =
          *white.rating - *black.rating - (g.handicap > 0 ? 100.0 * (g.handicap - 0.5) : 0);
      const double p_white = 1.0 / (1.0 + std::exp(-d / 120.0));
      const bool white_wins = static_cast<double>(random.below(1'000'000)) < p_white * 1e6;
      bg::RoundRecord& w = white.rounds[index];
      bg::RoundRecord& b = black.rounds[index];
      w.kind = b.kind = bg::RoundKind::played;
      w.opponent = g.black;
      b.opponent = g.white;
      w.seat = bg::Seat::second;
      b.seat = bg::Seat::first;
      w.handicap = b.handicap = static_cast<std::uint8_t>(g.handicap);
      w.outcome = white_wins ? bg::Outcome::win : bg::Outcome::loss;
      b.outcome = white_wins ? bg::Outcome::loss : bg::Outcome::win;
    }
    if (pairing->bye >= 0)
      event.participants[static_cast<std::size_t>(pairing->bye)].rounds[index].kind =
          bg::RoundKind::pairing_bye;
    event.rounds = round;
  }
  if (argc > 4) {
    std::string xml;
    bg::write_opengotha_xml(event, settings, xml);
    std::ofstream(argv[4]) << xml;
  }
  return 0;
}
