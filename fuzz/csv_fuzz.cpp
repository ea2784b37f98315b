// Fuzz target for the CSV layer: the raw reader, the players CSV and the results CSV must
// take any bytes without crashing, and every record the reader accepts must survive a
// write-and-read-back round trip unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "boardgames/io/csv.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/ranking.h"

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
  {
    bg::ByteSource source = bg::ByteSource::from_string(input, "players.csv");
    bg::PlayerList players = bg::read_players_csv(source, quiet);
    for (const auto& player : players.players) {
      if (player.name.empty()) std::abort();
      (void)players.find(player.id);
    }
  }
  {
    bg::ByteSource source = bg::ByteSource::from_string(input, "results.csv");
    bg::ResultsCsvReader reader(source, quiet);
    bg::PlayerList no_players;
    bg::EventBuilder builder(no_players, {}, quiet);
    if (reader.read_header()) {
      bg::ResultRow row;
      while (reader.next(row)) {
        if (row.round < 1 || (row.white.empty() && row.black.empty())) std::abort();
        builder.add(row, "results.csv");
      }
    }
    // Whatever the rows, building and ranking the event must not fail.
    const bg::Event event = builder.finish();
    for (const char* order : {"BH-C1,BH,SB,DE,WIN,WON,BPG,PS,REP,KS,AOB", "TS,GP,BP,BB,WARN"}) {
      bg::RankingOptions options;
      options.order = bg::parse_tiebreaks(order).order;
      const bg::Standings standings = bg::rank_event(event, options);
      if (standings.rows.size() > event.participants.size()) std::abort();
    }
  }
  return 0;
}
