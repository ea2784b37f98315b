// Xigua records: any bytes are read and validated (automatic and written captures) without a
// crash; a valid record's moves, written back by write_record and read again, replay to the
// same position; every string reported is UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardgames/xigua/record.h"
#include "fuzz_support.h"

namespace xg = boardgames::xigua;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t lines = fuzz::count_lines(input);
  boardgames::Diagnostics diagnostics = fuzz::checked(lines);
  for (const xg::Record& record : xg::read_records(input, "fuzz.xg", diagnostics)) {
    for (bool manual : {false, true}) {
      xg::ValidateOptions options;
      options.manual_capture = manual;
      const xg::RecordReport report = xg::validate_record(record, "fuzz.xg", options);
      fuzz::check_diagnostics(report.diagnostics, lines);
      for (const std::string* text : {&report.black, &report.white}) fuzz::require_utf8(*text);
      if (report.error) fuzz::require_utf8(report.error->reason);
      fuzz::require(report.plies >= 0 &&
                    static_cast<std::size_t>(report.plies) <= record.moves.size());
      if (!report.valid()) continue;
      if (manual) continue;
      // Written back and read again: the same moves, the same final position.
      std::string written;
      xg::write_record(
          {{"Black", "A"}, {"White", "B"}, {"First", std::string(xg::side_name(report.first))}},
          report.first, report.moves, boardgames::RecordResult::unknown, written);
      boardgames::Diagnostics quiet;
      const auto again = xg::read_records(written, "again.xg", quiet);
      fuzz::require(again.size() == 1 && quiet.error_count() == 0);
      const xg::RecordReport replayed = xg::validate_record(again.front(), "again.xg", {});
      fuzz::require(replayed.moves == report.moves);
      fuzz::require(replayed.final_position.key() == report.final_position.key());
    }
  }
  return 0;
}
