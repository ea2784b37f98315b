// What go-score writes for each game counted: a line of text (and the board drawn with
// --show), a CSV row, or a JSON object in an array.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>

#include "boardgames/go/batch.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class CountFormat : std::uint8_t { text, csv, json };

// Appends to `out`: the CSV header or the JSON array's start at once, a game each write(), the
// JSON array's end at finish().
class CountWriter {
 public:
  CountWriter(CountFormat format, bool show_board, std::string& out);
  void write(const go::GameInput& input, const go::GameOutcome& outcome);
  void finish();

 private:
  CountFormat format_;
  bool show_board_;
  std::string& out_;
  CsvWriter csv_;
  JsonWriter json_;
};

}  // namespace boardgames

BOARDGAMES_API_END
