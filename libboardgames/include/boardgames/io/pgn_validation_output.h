// What shatar-validate writes on standard output for the games it checked: a summary line per
// file (text), a CSV row per game, every valid game again as PGN (--normalize, short or long
// notation), or the final position of every valid game as FEN.
#pragma once

#include "boardgames/export.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/io/csv.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class PgnValidationFormat : std::uint8_t {
  text,
  csv,
  results,
  normalize,
  normalize_long,
  fen
};

// The output shatar-validate's options ask for: every valid game again (`normalize`, in full
// notation with `long_notation`), its final FEN (`fen`), or the summary `summary` ("text" per
// file, "csv" per game, "results" the results CSV rows standings reads). Each takes standard
// output, so two of them, or `long_notation` without `normalize`, are a Problem in the words of the
// options (--normalize, --long, --fen, --format).
Expected<PgnValidationFormat> choose_pgn_validation_format(bool normalize, bool long_notation,
                                                           bool fen, std::string_view summary);

// Appends to `out`: the CSV header at once, a game each write(), the text summary (a line per
// file, in the order the files came) at finish().
// `results`: a row `round,board,white,black,result` a game (valid or not: the record's result
// stands until the arbiter decides otherwise), round and board from the Round tag ("3.2": round
// 3, board 2; "3": round 3, board empty), the result from the Result tag (empty for '*' or
// none: not yet played). A game whose Round tag gives no round (absent, "?", "-", not a number
// in 1..100000, a board not in 1..1000000) is a warning into `diagnostics` and its row has an
// empty round (and board) for the arbiter to fill in: never left out.
class PgnValidationWriter {
 public:
  PgnValidationWriter(PgnValidationFormat format, std::string& out,
                      Diagnostics* diagnostics = nullptr);
  // The games written next are of `file` (a file without games has its summary line too).
  void begin_file(const std::string& file);
  // A file that could not be opened (`reason`: "No such file or directory"): its line in the
  // text summary ("FILE: unreadable (REASON)") and a CSV row with status `unreadable`; the
  // other formats hold games only and give it nothing.
  void unreadable(const std::string& file, const std::string& reason);
  void write(const std::string& file, const shatar::PgnGame& game,
             const shatar::GameReport& report);
  // write() in two halves, for games checked on several threads and written in order:
  // format() appends to `out` what write() would append (a Round warning into `diagnostics`)
  // and may run on several threads at once; count() adds the game to the current file's
  // summary, in file order.
  void format(const std::string& file, const shatar::PgnGame& game,
              const shatar::GameReport& report, std::string& out, Diagnostics* diagnostics) const;
  void count(bool valid);
  void finish();
  std::size_t invalid_games() const;

 private:
  struct FileCount {
    std::string file;
    std::size_t valid = 0;
    std::size_t invalid = 0;
    std::optional<std::string> unreadable;  // why, for a file that could not be opened
  };
  PgnValidationFormat format_;
  std::string& out_;
  CsvWriter csv_;
  Diagnostics* diagnostics_ = nullptr;
  std::vector<FileCount> files_;
};

}  // namespace boardgames

BOARDGAMES_API_END
