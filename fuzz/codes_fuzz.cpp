// The short texts options take: tie-break code lists (--tiebreaks), preset names (--system),
// point lists (--points W,D,L, --bye-points, --max-score) in half points and in TRF tenths.
// Any text is read or refused without a crash; what is read is consistent with itself.
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/core/points.h"
#include "boardgames/core/strings.h"
#include "boardgames/io/trf.h"
#include "boardgames/tournament/ranking.h"
#include "boardgames/tournament/tiebreak.h"
#include "fuzz_support.h"

namespace bg = boardgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto list = bg::parse_tiebreaks(input);
  if (list) {
    for (const bg::Tiebreak& t : *list) fuzz::require(bg::parse_tiebreak(t.code()).has_value());
  }
  (void)bg::find_preset(input);
  for (std::string_view part : bg::split(input, ',')) {
    if (const auto points = bg::Points::parse(part)) {
      // Written and read again: the same points.
      fuzz::require(bg::Points::parse(points->decimal()) == points);
      fuzz::require(bg::Points::parse(points->text()) == points);
    }
    if (const auto tenths = bg::swiss::parse_tenths(part)) {
      fuzz::require(bg::swiss::parse_tenths(bg::swiss::tenths_text(*tenths)) == tenths);
    }
  }
  return 0;
}
