// Player and PlayerList: the players CSV of conventions.md as a value.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/string_index.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct Player {
  std::string id;                      // unique; the row number when the file has no id column
  std::string name;                    // required, not empty
  std::optional<std::int32_t> rating;  // nullopt = unrated
  // The draw (pairing) number given by the file's `number` column: the number the player holds
  // in a round-robin table, or a Swiss event's pairing number; nullopt when not given.
  std::optional<std::int32_t> number;
  std::string team;
  std::string club;
  std::string federation;
  std::string title;
  std::string group;
  std::string withdrawn;           // as written; empty = not withdrawn
  std::vector<std::string> extra;  // values of PlayerList::extra_columns, in that order
  std::uint32_t line = 0;          // line in the players CSV; 0 when not read from a file
  // Where each of PlayerList::cell_columns stands in the file (line, column), for
  // PlayerList::location; empty when not read from a file.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> cells;
};

class PlayerList {
 public:
  // The known columns of the players CSV, in the order a writer puts them.
  static const std::vector<std::string_view>& known_columns();

  // Players "1".."n", named by their number. `count` is at most kMaxNumbered; outside
  // 0..kMaxNumbered the list is empty (no event has more players, and each costs memory).
  static constexpr int kMaxNumbered = 1'000'000;
  static PlayerList numbered(int count);

  std::vector<Player> players;
  // Columns of the file the tool does not interpret, named as the header writes them (case
  // kept; "" for a column with no name); kept and passed through.
  std::vector<std::string> extra_columns;
  // The rows an error left out (the first kMostLeftOut): id and name, each with the line, so
  // that a result naming one says why it is not there rather than that nobody has that name.
  static constexpr std::size_t kMostLeftOut = 1000;
  std::vector<std::pair<std::string, std::uint32_t>> left_out;
  // Known columns the file had (lower-case names).
  std::vector<std::string> columns;
  std::string source;  // file name, for diagnostics
  // The named columns of the file (lower-case), in its order: what Player::cells locate.
  std::vector<std::string> cell_columns;

  bool has_column(std::string_view name) const;
  // The index in extra_columns of the column `name` (ASCII case ignored, as headers are read).
  std::optional<std::size_t> extra_column(std::string_view name) const;
  std::size_t size() const { return players.size(); }
  // Where `player`'s value of `column` (lower-case) stands in the file, for a diagnostic about
  // it; the player's line (column 0) when the file has no such column.
  SourceLocation location(const Player& player, std::string_view column) const;

  // Rebuilds the id and name indexes; call after changing `players`.
  void build_index();

  enum class Match : std::uint8_t { found, unknown, ambiguous };
  struct Lookup {
    Match match = Match::unknown;
    std::size_t index = 0;
  };
  // A player named by id, else by exact name. A name shared by several players and not an id
  // is ambiguous.
  Lookup find(std::string_view id_or_name) const;

 private:
  static constexpr std::int32_t kAmbiguous = -2;
  StringIndex by_id_;
  StringIndex by_name_;
};

}  // namespace boardgames

BOARDGAMES_API_END
