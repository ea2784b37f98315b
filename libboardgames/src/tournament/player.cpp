#include "boardgames/tournament/player.h"

#include <algorithm>

#include "boardgames/core/strings.h"

namespace boardgames {

const std::vector<std::string_view>& PlayerList::known_columns() {
  static const std::vector<std::string_view> columns = {"id",    "name",     "number",     "rating",
                                                        "team",  "club",     "federation", "title",
                                                        "group", "withdrawn"};
  return columns;
}

PlayerList PlayerList::numbered(int count) {
  PlayerList list;
  list.columns = {"id", "name"};
  if (count < 0 || count > kMaxNumbered) return list;
  list.players.reserve(static_cast<std::size_t>(count));
  for (int i = 1; i <= count; ++i) {
    Player player;
    player.id = std::to_string(i);
    player.name = player.id;
    list.players.push_back(std::move(player));
  }
  list.build_index();
  return list;
}

bool PlayerList::has_column(std::string_view name) const {
  return std::find(columns.begin(), columns.end(), name) != columns.end();
}

std::optional<std::size_t> PlayerList::extra_column(std::string_view name) const {
  for (std::size_t c = 0; c < extra_columns.size(); ++c) {
    if (iequals_ascii(trim(extra_columns[c]), name)) return c;
  }
  return std::nullopt;
}

SourceLocation PlayerList::location(const Player& player, std::string_view column) const {
  for (std::size_t c = 0; c < cell_columns.size() && c < player.cells.size(); ++c) {
    if (cell_columns[c] == column) return {source, player.cells[c].first, player.cells[c].second};
  }
  return {source, player.line, 0};
}

void PlayerList::build_index() {
  by_id_.clear();
  by_name_.clear();
  by_id_.reserve(players.size());
  by_name_.reserve(players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto index = static_cast<std::int32_t>(i);
    by_id_.insert(players[i].id, index);
    if (!by_name_.insert(players[i].name, index).second)
      by_name_.assign(players[i].name, kAmbiguous);
  }
}

PlayerList::Lookup PlayerList::find(std::string_view id_or_name) const {
  if (std::int32_t i = by_id_.find(id_or_name); i != StringIndex::kMissing) {
    return {Match::found, static_cast<std::size_t>(i)};
  }
  std::int32_t i = by_name_.find(id_or_name);
  if (i == StringIndex::kMissing) return {Match::unknown, 0};
  if (i == kAmbiguous) return {Match::ambiguous, 0};
  return {Match::found, static_cast<std::size_t>(i)};
}

}  // namespace boardgames
