#include "boardgames/io/players_csv.h"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/tournament/result.h"  // kMaxNumber

namespace boardgames {

namespace {
// The lowest rating read: an EGF rating (GoR) goes below 0 for players weaker than about 20k,
// and OpenGotha keeps ratings from -2000.
constexpr std::int64_t kLowestRating = -2000;
}  // namespace

PlayerList read_players_csv(ByteSource& source, Diagnostics& diagnostics) {
  PlayerList list;
  list.source = source.name();
  CsvReader reader(source, diagnostics);
  if (!reader.read_header()) return list;

  const auto& known = PlayerList::known_columns();
  std::vector<std::size_t> extra_indexes;
  // A column with no name (a trailing comma in a spreadsheet's header) is passed through too
  // when a row has something in it: nothing the file holds is dropped unsaid. Its values are
  // kept only where they are not blank (a header of a million commas costs nothing a row).
  std::vector<std::size_t> unnamed_indexes;
  std::vector<char> unnamed_used;
  std::vector<std::vector<std::pair<std::size_t, std::string>>> unnamed_values;  // a player's
  std::vector<std::size_t> named_indexes;  // PlayerList::cell_columns' places in the header
  for (std::size_t i = 0; i < reader.header().size(); ++i) {
    const std::string& name = reader.header()[i];
    if (!name.empty()) {
      named_indexes.push_back(i);
      list.cell_columns.push_back(name);
    }
    if (name.empty()) {
      unnamed_indexes.push_back(i);
    } else if (std::find(known.begin(), known.end(), name) != known.end()) {
      list.columns.push_back(name);
    } else {
      list.extra_columns.push_back(reader.written_header()[i]);
      extra_indexes.push_back(i);
    }
  }
  unnamed_used.assign(unnamed_indexes.size(), 0);
  auto name_column = reader.column("name");
  if (!name_column) {
    diagnostics.error(reader.location(reader.header_line(), 1),
                      fmt::format("the players file needs a 'name' column; its header has: {}",
                                  reader.header_echo()));
    return list;
  }
  auto column = [&](std::string_view name) { return reader.column(name); };
  const auto id_column = column("id");
  const auto rating_column = column("rating");
  const auto number_column = column("number");
  struct TextColumn {
    std::optional<std::size_t> index;
    std::string Player::*field;
  };
  const TextColumn text_columns[] = {
      {column("team"), &Player::team},
      {column("club"), &Player::club},
      {column("federation"), &Player::federation},
      {column("title"), &Player::title},
      {column("group"), &Player::group},
      {column("withdrawn"), &Player::withdrawn},
  };

  std::unordered_map<std::string, std::uint32_t> id_lines;
  // One player listed twice: the same name (in a file without ids, where nothing else tells two
  // players apart), or the same FIDE or federation id (columns fide_id, fide, federation_id,
  // national_id, if the file has them).
  std::unordered_map<std::string, std::uint32_t> name_lines;
  struct Identity {
    std::string_view name;
    std::size_t index;
    std::unordered_map<std::string, std::uint32_t> lines;
  };
  std::vector<Identity> identities;
  for (std::string_view name : {"fide_id", "fide", "federation_id", "national_id"}) {
    if (auto index = column(name)) identities.push_back({name, *index, {}});
  }
  std::unordered_map<std::int32_t, std::uint32_t> number_lines;
  CsvRecord record;
  std::size_t row_number = 0;
  while (reader.next(record)) {
    ++row_number;
    Player player;
    player.line = record.line();
    player.cells.reserve(named_indexes.size());
    for (std::size_t index : named_indexes) {
      const SourceLocation at = reader.location(record, index);
      player.cells.emplace_back(at.line, at.column);
    }
    player.name = std::string(trim(record[*name_column]));
    bool good = true;
    if (player.name.empty()) {
      diagnostics.error(reader.location(record, *name_column), "empty player name");
      good = false;
    }
    if (id_column) {
      player.id = std::string(trim(record[*id_column]));
      if (player.id.empty()) {
        diagnostics.error(reader.location(record, *id_column),
                          "empty id (leave the id column out to number players by row)");
        good = false;
      }
    } else {
      player.id = std::to_string(row_number);
    }
    if (rating_column) {
      std::string_view text = trim(record[*rating_column]);
      if (!text.empty()) {
        auto value = parse_integer(text);
        if (!value || *value < kLowestRating || *value > 100000) {
          diagnostics.error(reader.location(record, *rating_column),
                            fmt::format("rating '{}' is not a whole number from {} to 100000 "
                                        "(leave it empty for an unrated player)",
                                        excerpt(text, 40), kLowestRating));
          good = false;
        } else {
          player.rating = static_cast<std::int32_t>(*value);
        }
      }
    }
    if (number_column) {
      std::string_view text = trim(record[*number_column]);
      if (!text.empty()) {
        auto value = parse_integer(text);
        if (!value || *value < 1 || *value > kMaxNumber) {
          diagnostics.error(reader.location(record, *number_column),
                            fmt::format("number '{}' is not a whole number from 1 to {} (leave it "
                                        "empty when the player has none yet)",
                                        excerpt(text, 40), kMaxNumber));
          good = false;
        } else {
          player.number = static_cast<std::int32_t>(*value);
          auto [it, inserted] = number_lines.emplace(*player.number, player.line);
          if (!inserted) {
            diagnostics.error(reader.location(record, *number_column),
                              fmt::format("number {} is also on line {}: each player draws a "
                                          "number of their own",
                                          *player.number, it->second));
            good = false;
          }
        }
      }
    }
    for (const auto& text_column : text_columns) {
      if (text_column.index)
        player.*(text_column.field) = std::string(trim(record[*text_column.index]));
    }
    for (std::size_t index : extra_indexes) player.extra.emplace_back(record[index]);
    if (!player.id.empty()) {
      auto [it, inserted] = id_lines.emplace(player.id, player.line);
      if (!inserted) {
        diagnostics.error(
            reader.location(record, id_column.value_or(0)),
            fmt::format("duplicate id '{}' (first used on line {})", player.id, it->second));
        good = false;
      }
    }
    if (good && !id_column) {
      auto [it, inserted] = name_lines.emplace(player.name, player.line);
      if (!inserted) {
        diagnostics.error(reader.location(record, *name_column),
                          fmt::format("'{}' is also on line {}: a player is listed once",
                                      excerpt(player.name, 40), it->second));
        good = false;
      }
    }
    for (Identity& identity : identities) {
      const std::string_view value = trim(record[identity.index]);
      if (!good || value.empty()) continue;
      auto [it, inserted] = identity.lines.emplace(std::string(value), player.line);
      if (!inserted) {
        diagnostics.error(
            reader.location(record, identity.index),
            fmt::format("'{}' has {} {}, as the player on line {}: a player is "
                        "listed once",
                        excerpt(player.name, 40), identity.name, excerpt(value, 20), it->second));
        good = false;
      }
    }
    if (good) {
      list.players.push_back(std::move(player));
      auto& values = unnamed_values.emplace_back();
      for (std::size_t k = 0; k < unnamed_indexes.size(); ++k) {
        if (trim(record[unnamed_indexes[k]]).empty()) continue;
        values.emplace_back(k, record[unnamed_indexes[k]]);
        unnamed_used[k] = 1;
      }
    } else if (list.left_out.size() < PlayerList::kMostLeftOut) {
      for (const std::string* key : {&player.id, &player.name}) {
        if (!key->empty()) list.left_out.emplace_back(*key, player.line);
      }
    }
  }
  // The unnamed columns with a value join the others, in the header's order.
  if (std::find(unnamed_used.begin(), unnamed_used.end(), 1) != unnamed_used.end()) {
    // Header index and where its value is: a named column's slot in `extra` (kNamed + slot),
    // or an unnamed column's number.
    constexpr std::size_t kNamed = std::size_t{1} << 62;
    std::vector<std::pair<std::size_t, std::size_t>> order;
    for (std::size_t k = 0; k < extra_indexes.size(); ++k)
      order.emplace_back(extra_indexes[k], kNamed + k);
    for (std::size_t k = 0; k < unnamed_indexes.size(); ++k) {
      if (unnamed_used[k]) order.emplace_back(unnamed_indexes[k], k);
    }
    std::sort(order.begin(), order.end());
    std::vector<std::string> columns;
    for (const auto& [index, from] : order)
      columns.push_back(from >= kNamed ? list.extra_columns[from - kNamed] : std::string());
    list.extra_columns = std::move(columns);
    for (std::size_t i = 0; i < list.players.size(); ++i) {
      std::vector<std::string> extra;
      extra.reserve(order.size());
      const auto& values = unnamed_values[i];  // in header order, as `order`
      std::size_t next = 0;
      for (const auto& [index, from] : order) {
        if (from >= kNamed) {
          extra.push_back(std::move(list.players[i].extra[from - kNamed]));
          continue;
        }
        while (next < values.size() && values[next].first < from) ++next;
        const bool held = next < values.size() && values[next].first == from;
        extra.push_back(held ? values[next].second : std::string());
      }
      list.players[i].extra = std::move(extra);
    }
  }
  list.build_index();
  return list;
}

void write_player_columns(const PlayerList& players, const Player* player, CsvWriter& csv,
                          const std::vector<std::string_view>& left_out) {
  auto passed = [&](std::string_view column) {
    return std::none_of(left_out.begin(), left_out.end(),
                        [&](std::string_view name) { return iequals_ascii(column, name); });
  };
  const bool numbers =
      passed("number") && std::any_of(players.players.begin(), players.players.end(),
                                      [](const Player& p) { return p.number.has_value(); });
  const bool rating = passed("rating") && players.has_column("rating");
  struct Column {
    std::string_view name;
    std::string Player::*field;
  };
  const Column text_columns[] = {
      {"team", &Player::team},   {"club", &Player::club},   {"federation", &Player::federation},
      {"title", &Player::title}, {"group", &Player::group}, {"withdrawn", &Player::withdrawn}};
  auto whole = [&](const std::optional<std::int32_t>& value) {
    if (value) {
      csv.field(std::int64_t{*value});
    } else {
      csv.field("");
    }
  };
  if (player == nullptr) {
    if (numbers) csv.field("number");
    if (rating) csv.field("rating");
    for (const Column& column : text_columns) {
      if (players.has_column(column.name) && passed(column.name)) csv.field(column.name);
    }
    for (const std::string& extra : players.extra_columns)
      if (passed(extra)) csv.field(extra);
    return;
  }
  if (numbers) whole(player->number);
  if (rating) whole(player->rating);
  for (const Column& column : text_columns) {
    if (players.has_column(column.name) && passed(column.name)) csv.field(player->*(column.field));
  }
  for (std::size_t i = 0; i < players.extra_columns.size(); ++i) {
    if (!passed(players.extra_columns[i])) continue;
    csv.field(i < player->extra.size() ? std::string_view(player->extra[i]) : std::string_view());
  }
}

void write_players_csv(const PlayerList& players, std::string& out) {
  CsvWriter csv(out);
  csv.field("id").field("name");
  write_player_columns(players, nullptr, csv);
  csv.end_row();
  for (const Player& player : players.players) {
    csv.field(player.id).field(player.name);
    write_player_columns(players, &player, csv);
    csv.end_row();
  }
}

}  // namespace boardgames
