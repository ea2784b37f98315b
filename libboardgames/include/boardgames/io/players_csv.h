// The players CSV (conventions.md): UTF-8, header row, columns in any order; `name` required,
// `id` defaulting to the row number, `number` (the draw or pairing number, 1..kMaxNumber, each
// used once), `rating` (0..100000), `team`, `club`, `federation`, `title`, `group`,
// `withdrawn`; unknown columns kept and passed through.
#pragma once

#include "boardgames/export.h"

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/csv.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// Reads every row; a row in error (empty name, duplicate id or number, a rating or number that
// is not a whole number in its range, a player listed again: the same name in a file without an
// id column, the same value in a fide_id, fide, federation_id or national_id column) is
// reported with its line and column and left out, and
// reading goes on. A file without a `name` column is reported once and gives an empty list.
PlayerList read_players_csv(ByteSource& source, Diagnostics& diagnostics);

// Writes the players CSV back: `id`, `name`, `number` (when any player has one), the other
// known columns the list had, then its extra columns, each player's values passed through.
void write_players_csv(const PlayerList& players, std::string& out);

// The columns write_players_csv writes after `id` and `name`: `number` (when any player has
// one), `rating` (when the list had it), the other known columns the list had, its extra
// columns; their names when `player` is null (the header), else the player's values. For a file
// that leads with columns of its own and passes the players' through: a column named in
// `left_out` (ASCII case ignored) is not written, so that no header names a column twice (a
// placings file read back as the players file).
void write_player_columns(const PlayerList& players, const Player* player, CsvWriter& csv,
                          const std::vector<std::string_view>& left_out = {});

}  // namespace boardgames

BOARDGAMES_API_END
