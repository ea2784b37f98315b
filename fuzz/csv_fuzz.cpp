// The CSV layer under every CSV input: the raw reader takes any bytes without crashing, and
// every record it accepts survives a write-and-read-back round trip unchanged. (The players and
// results CSV on top of it have targets of their own.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "boardgames/io/csv.h"

namespace bg = boardgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  bg::Diagnostics quiet;

  std::vector<std::vector<std::string>> records;
  {
    bg::ByteSource source = bg::ByteSource::from_string(input, "fuzz.csv");
    bg::CsvReader reader(source, quiet);
    bg::CsvRecord record;
    while (reader.next(record)) {
      std::vector<std::string> fields;
      for (std::size_t i = 0; i < record.size(); ++i) fields.emplace_back(record[i]);
      records.push_back(std::move(fields));
    }
  }
  std::string written;
  bg::CsvWriter writer(written);
  for (const auto& fields : records) writer.fields(fields).end_row();
  {
    bg::ByteSource source = bg::ByteSource::from_string(written, "again.csv");
    bg::Diagnostics counted;
    bg::CsvReader reader(source, counted);
    bg::CsvRecord record;
    std::size_t index = 0;
    while (reader.next(record)) {
      if (index >= records.size() || record.size() != records[index].size()) std::abort();
      for (std::size_t i = 0; i < record.size(); ++i) {
        if (record[i] != records[index][i]) std::abort();
      }
      ++index;
    }
    if (index != records.size() || counted.error_count() != 0) std::abort();
  }
  return 0;
}
