// The results CSV (conventions.md): one row per game or bye.
//
//   round,board,white,black,result[,white_warnings,black_warnings][,game][,white_team,black_team]
//   [,white_number,black_number | ,white_team_number,black_team_number]
//
// Go and Xigua files write `black,white` (Black moves first); Shatar and chess files write
// `white,black`. Columns are found by name, so either order is read, and a result token is
// read in the order the two player columns appear. A row with one player is a bye.
// `match` (the team match's number within its round) is written by rr-schedule for team
// events and read when present, and so are the draw numbers it writes (`white_number`,
// `black_number`; for teams `white_team_number`, `black_team_number`), and so is Go's
// `handicap` (0..9 stones, written by swiss-pair's McMahon rounds; empty: even), and so are a
// knock-out's seed ranks (`white_seed`, `black_seed`; empty: unseeded). Other columns are
// ignored, so a file with columns of its own is read as well. Every number is range-checked
// (see ResultRow in tournament/result.h): a value outside its range is an error on that row.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/csv.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/result.h"  // ResultRow

BOARDGAMES_API_BEGIN

namespace boardgames {

class ResultsCsvReader {
 public:
  // Rounds beyond this are refused (see boardgames::kMaxRound).
  static constexpr int kMaxRound = boardgames::kMaxRound;

  // `game`, when known, decides what a bare `0` result is (parse_game_result).
  ResultsCsvReader(ByteSource& source, Diagnostics& diagnostics,
                   std::optional<Game> game = std::nullopt);

  // Reads and checks the header: `round`, `white`, `black` and `result` are required.
  bool read_header();
  // The colour of the player column that comes first in the header.
  Colour first_column() const { return first_column_; }
  bool has_column(std::string_view name) const { return reader_.column(name).has_value(); }

  // The next well-formed row; malformed rows are reported and skipped.
  bool next(ResultRow& row);
  // The rows skipped whose round and players were read (a malformed result, say), for
  // EventBuilder::add_rejected: those players have a row in that round, with an error.
  const std::vector<ResultRow>& rejected_rows() const { return rejected_; }

  const std::string& file() const { return reader_.file(); }
  SourceLocation location(std::uint32_t line, std::uint32_t column = 0) const {
    return reader_.location(line, column);
  }

 private:
  bool parse(const CsvRecord& record, ResultRow& row);
  std::optional<int> number(const CsvRecord& record, std::optional<std::size_t> column,
                            std::string_view what, int minimum, int maximum, int fallback,
                            bool& good);

  CsvReader reader_;
  Diagnostics& diagnostics_;
  CsvRecord record_;
  std::vector<ResultRow> rejected_;
  Colour first_column_ = Colour::white;
  std::optional<Game> event_game_;
  std::optional<std::size_t> round_, board_, game_, match_, white_, black_, result_;
  std::optional<std::size_t> white_warnings_, black_warnings_, white_team_, black_team_;
  std::optional<std::size_t> white_number_, black_number_, white_team_number_, black_team_number_;
  std::optional<std::size_t> white_seed_, black_seed_;
  std::optional<std::size_t> group_, handicap_;
};

// Which optional columns a writer puts out.
struct ResultsCsvLayout {
  Game game = Game::shatar;  // decides the order of the colour columns
  bool match = false;
  bool game_number = false;
  bool teams = false;
  bool warnings = false;
  // Draw numbers: `white_number,black_number` (individual events) or
  // `white_team_number,black_team_number` (team events, with `teams`).
  bool numbers = false;
  bool seeds = false;     // `white_seed,black_seed` (a knock-out's seed ranks; empty: unseeded)
  bool group = false;     // `group` (group stages: the row's group)
  bool handicap = false;  // `handicap` (Go: the game's handicap stones; empty on a bye row)
};

class ResultsCsvWriter {
 public:
  ResultsCsvWriter(ResultsCsvLayout layout, std::string& out);
  void header();
  void row(const ResultRow& row);

 private:
  ResultsCsvLayout layout_;
  CsvWriter csv_;
};

// Reads a results CSV and hands every row to `builder` (rows in error are reported and left
// out). False when the header cannot be read (reported).
bool add_results(ByteSource& source, EventBuilder& builder, Diagnostics& diagnostics);

// The filled-in results of a group stage (rr-schedule --groups): one round-robin event per
// group (groups[g]: the players of group g; the event's participants in that order), each
// row given to the group whose players it names. Reported: a row naming players of two
// groups or a player of none (left out), and a group with games still without a result (the
// finals need the final standings). Empty when the header cannot be read.
std::vector<Event> read_group_results(ByteSource& source, const std::vector<PlayerList>& groups,
                                      Game game, Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
