// The results CSV as swiss-pair reads it (the path from a results CSV to a Swiss event): any
// bytes make an event or a clear refusal; a small event pairs, and the pairing written as the
// results CSV to fill in reads back as one row per board of the round paired. The rows read
// for standings (CsvSource::for_standings) make an event or a refusal too.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/io/byte_source.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/swiss_io.h"
#include "fuzz_support.h"

namespace bg = boardgames;
namespace sw = boardgames::swiss;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  bg::Diagnostics diagnostics = fuzz::checked(fuzz::count_lines(input));
  bg::ByteSource source = bg::ByteSource::from_string(input, "results.csv");
  bg::ResultsCsvReader reader(source, diagnostics);
  if (!reader.read_header()) return 0;
  sw::CsvSource csv;
  bg::PlayerList no_players;
  csv.players = &no_players;
  csv.file = "results.csv";
  bg::ResultRow row;
  while (reader.next(row)) csv.rows.push_back(row);
  {
    // The same rows read for standings (no round to pair): an event or a refusal, no crash.
    sw::CsvSource ranked = csv;
    ranked.for_standings = true;
    ranked.missing_round_absent = size % 2 == 1;  // a Go event's reading (OpenGotha's) too
    bg::Diagnostics ranked_diagnostics = fuzz::checked(fuzz::count_lines(input));
    if (const auto ranked_event = sw::event_from_results(ranked, ranked_diagnostics))
      fuzz::require(ranked_event->rounds >= 0);
  }
  auto event = sw::event_from_results(csv, diagnostics);
  if (!event) return 0;
  if (event->participants.size() > 24) return 0;
  event->initial_seat = bg::Seat::first;
  const auto pairing = sw::pair_dutch(*event);
  if (!pairing) return 0;
  std::string out;
  sw::write_pairing({&*event, &*pairing, bg::Game::shatar}, sw::PairingFormat::csv, out);
  fuzz::require_utf8(out);
  bg::Diagnostics again_diagnostics;
  bg::ByteSource again_source = bg::ByteSource::from_string(out, "next.csv");
  bg::ResultsCsvReader again(again_source, again_diagnostics);
  fuzz::require(again.read_header());
  std::size_t rows = 0;
  while (again.next(row)) {
    fuzz::require(row.round == event->rounds_played() + 1);
    ++rows;
  }
  fuzz::require(again_diagnostics.error_count() == 0);
  (void)rows;
  return 0;
}
