// OpenGotha XML (standings and swiss-pair for Go events): any bytes are read without a crash and
// every name read is valid UTF-8; a small event read scores and ranks every player once, pairs
// its next round with every participant paired exactly once (or the bye), re-pairs its rounds
// (--check) and writes itself back as XML that reads again.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/io/go_formats.h"
#include "boardgames/io/opengotha_xml.h"
#include "fuzz_support.h"

namespace bg = boardgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  bg::Diagnostics diagnostics = fuzz::checked(fuzz::count_lines(input));
  auto file = bg::read_opengotha_xml(input, "fuzz.xml", diagnostics);
  if (!file) return 0;
  const bg::Event& event = file->event;
  for (const bg::Participant& p : event.participants) {
    fuzz::require_utf8(p.name);
    fuzz::require_utf8(p.id);
  }
  if (event.participants.size() > 24 || event.rounds > 8) return 0;
  const bg::GoScoreTable table(event, file->settings, event.rounds);
  const auto rows =
      bg::go_standings(event, table, bg::placement_criteria(file->settings), event.rounds);
  fuzz::require(rows.size() == event.participants.size());
  const int round = event.rounds + 1;
  const bg::GoRoundPairer pairer(event, file->settings, round);
  const auto pairing = pairer.pair();
  if (pairing) {
    std::vector<int> seen(event.participants.size(), 0);
    for (const bg::GoGame& g : pairing->games) {
      ++seen[static_cast<std::size_t>(g.white)];
      ++seen[static_cast<std::size_t>(g.black)];
      fuzz::require(g.handicap >= 0 && g.handicap <= bg::kMaxHandicap);
    }
    if (pairing->bye >= 0) ++seen[static_cast<std::size_t>(pairing->bye)];
    for (int p : pairer.pairable()) fuzz::require(seen[static_cast<std::size_t>(p)] == 1);
  }
  for (const bg::GoRoundCheck& check : bg::check_go_event(event, file->settings)) {
    for (const std::string& d : check.differences) fuzz::require_utf8(d);
  }
  std::string xml;
  bg::write_opengotha_xml(event, file->settings, xml);
  fuzz::require_utf8(xml);
  bg::Diagnostics quiet;
  const auto again = bg::read_opengotha_xml(xml, "again.xml", quiet);
  // Control characters are written as spaces (XML 1.0 has no place for most of them), so two
  // names that differ only there may become one player; nothing else is lost.
  fuzz::require(again.has_value() && again->event.participants.size() <= event.participants.size());
  std::string egf;
  bg::write_egf_results(event, file->settings, "", egf);
  fuzz::require_utf8(egf);
  return 0;
}
