// FIDE TRF (swiss-pair's input, and --check): any bytes are read without a crash; a small event
// read pairs, every player to pair is paired exactly once, with and without the reduced bracket
// matchings alike; the TRF written with the new round reads back with one round more and the
// same players; a small finished event re-pairs round by round (--check) without a crash; and
// read for standings, no record lies past the event's rounds.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/io/trf.h"
#include "fuzz_support.h"

namespace bg = boardgames;
namespace sw = boardgames::swiss;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  boardgames::Diagnostics diagnostics = fuzz::checked(fuzz::count_lines(input));
  // Read for standings (games not yet played are absences): every record stays in its round.
  boardgames::Diagnostics for_standings = fuzz::checked(fuzz::count_lines(input));
  if (const auto ranked =
          sw::read_trf(input, "fuzz.trf", for_standings, sw::TrfReading::standings)) {
    for (const bg::Participant& p : ranked->event.participants)
      fuzz::require(static_cast<int>(p.rounds.size()) <= ranked->event.rounds);
  }
  auto trf = sw::read_trf(input, "fuzz.trf", diagnostics);
  if (!trf) return 0;
  bg::Event& event = trf->event;
  for (const bg::Participant& p : event.participants) fuzz::require_utf8(p.name);
  if (event.participants.size() > 24) return 0;
  if (event.initial_seat == bg::Seat::none) event.initial_seat = bg::Seat::first;
  const auto result = sw::pair_dutch(event);
  if (result) {
    std::vector<int> seen(event.participants.size(), 0);
    for (const sw::Board& b : result->boards) {
      ++seen[static_cast<std::size_t>(b.first)];
      if (b.second >= 0) ++seen[static_cast<std::size_t>(b.second)];
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
      fuzz::require(seen[i] == (event.participants[i].absent ? 0 : 1));
    const auto full = sw::pair_dutch(event, sw::DutchOptions{.reduced_matchings = false});
    fuzz::require(full && full->boards.size() == result->boards.size());
    for (std::size_t i = 0; i < full->boards.size(); ++i) {
      fuzz::require(full->boards[i].first == result->boards[i].first &&
                    full->boards[i].second == result->boards[i].second);
    }
    // The writer round trip: the paired round appears in every player line.
    const std::string written = sw::write_trf_with_round(*trf, trf->event, *result);
    boardgames::Diagnostics quiet;
    const auto again = sw::read_trf(written, "again.trf", quiet);
    if (again) {
      fuzz::require(again->event.participants.size() == event.participants.size());
    }
  }
  if (event.participants.size() <= 12 && event.rounds_played() <= 4) {
    for (const sw::RoundCheck& check : sw::check_event(event)) {
      if (check.problem) fuzz::require_utf8(check.problem->reason);
      for (const std::string& d : check.differences) fuzz::require_utf8(d);
    }
  }
  return 0;
}
