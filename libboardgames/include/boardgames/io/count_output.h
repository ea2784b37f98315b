// What go-score writes for each game counted: a line of text (and the board drawn with
// --show), a CSV row, or a JSON object in an array.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>

#include "boardgames/core/diagnostics.h"
#include "boardgames/go/batch.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// results: the results CSV rows standings reads, `round,board,black,white,handicap,komi,result`
// (swiss-pair's columns for a McMahon round): round and board from the root's RO property
// ("3", "3.2"), the handicap from HA (0 for an even game; empty, with a warning, above the
// CSV's 9), the komi the position was counted with, the count's result (B+3.5, W+0.5) for a game
// counted to its end (status ok), or RE as written for a legal game that ended off the count
// (B+R, W+T, B+F). Any other game gives no row: an unfinished one is an error into the writer's
// Diagnostics that says so, an illegal or unreadable one had its error already. A game whose RO
// gives no round is a warning, and its row keeps an empty round to fill in.
enum class CountFormat : std::uint8_t { text, csv, json, results };

// Appends to `out`: the CSV header or the JSON array's start at once, a game each write(), the
// JSON array's end at finish().
class CountWriter {
 public:
  CountWriter(CountFormat format, bool show_board, std::string& out,
              Diagnostics* diagnostics = nullptr);
  void write(const go::GameInput& input, const go::GameOutcome& outcome);
  void finish();

 private:
  CountFormat format_;
  bool show_board_;
  std::string& out_;
  CsvWriter csv_;
  JsonWriter json_;
  Diagnostics* diagnostics_ = nullptr;
};

}  // namespace boardgames

BOARDGAMES_API_END
