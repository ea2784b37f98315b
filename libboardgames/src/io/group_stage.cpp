// A group stage's results, one round robin per group.
#include "boardgames/io/group_stage.h"

#include <fmt/format.h>

#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "boardgames/core/utf8.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/results_csv.h"

namespace boardgames {

namespace {

// Calls `each(row, reader)` for every well-formed row of every input whose header reads.
template <typename Each>
void for_each_row(const std::vector<ResultsText>& inputs, Game game, Diagnostics& diagnostics,
                  Each each) {
  for (const ResultsText& input : inputs) {
    ByteSource source = ByteSource::from_string(input.text, input.file);
    ResultsCsvReader reader(source, diagnostics, game);
    if (!reader.read_header()) continue;
    ResultRow row;
    while (reader.next(row)) each(row, reader);
  }
}

// The players of `players` in group `group`: by the file's `group` column, else those `names`
// holds (ids or names as the rows write them).
PlayerList group_players(const PlayerList& players, const std::string& group,
                         const std::unordered_set<std::string>& names) {
  PlayerList subset;
  subset.extra_columns = players.extra_columns;
  subset.columns = players.columns;
  subset.source = players.source;
  const bool by_column = players.has_column("group");
  for (const Player& p : players.players) {
    if (by_column ? p.group == group : names.contains(p.id) || names.contains(p.name))
      subset.players.push_back(p);
  }
  subset.build_index();
  return subset;
}

}  // namespace

std::vector<std::string> groups_named(const std::vector<ResultsText>& inputs, Game game) {
  Diagnostics quiet;
  std::vector<std::string> groups;
  std::unordered_set<std::string> seen;
  for_each_row(inputs, game, quiet, [&](const ResultRow& row, const ResultsCsvReader&) {
    if (!row.group.empty() && seen.insert(row.group).second) groups.push_back(row.group);
  });
  return groups;
}

std::vector<GroupEvent> build_group_stage(const std::vector<ResultsText>& inputs,
                                          const PlayerList& players, EventOptions options,
                                          const std::string& only, Diagnostics& diagnostics) {
  if (!options.round_robin) options.round_robin = true;
  std::vector<std::string> groups = groups_named(inputs, options.game);
  if (!only.empty()) std::erase_if(groups, [&](const std::string& g) { return g != only; });
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t g = 0; g < groups.size(); ++g) index.emplace(groups[g], g);
  // The players each group's rows name, read quietly first: a group's players list is made
  // before its builder takes a row.
  std::vector<std::unordered_set<std::string>> names(groups.size());
  Diagnostics quiet;
  for_each_row(inputs, options.game, quiet, [&](const ResultRow& row, const ResultsCsvReader&) {
    if (auto it = index.find(row.group); it != index.end()) {
      if (!row.white.empty()) names[it->second].insert(row.white);
      if (!row.black.empty()) names[it->second].insert(row.black);
    }
  });
  // A builder keeps a reference to its players: the lists live until the events are built.
  std::vector<PlayerList> lists;
  for (std::size_t g = 0; g < groups.size(); ++g)
    lists.push_back(group_players(players, groups[g], names[g]));
  std::vector<std::unique_ptr<EventBuilder>> builders;
  for (std::size_t g = 0; g < groups.size(); ++g)
    builders.push_back(std::make_unique<EventBuilder>(lists[g], options, diagnostics));
  for_each_row(inputs, options.game, diagnostics,
               [&](const ResultRow& row, const ResultsCsvReader& reader) {
                 if (row.group.empty()) {
                   diagnostics.error(reader.location(row.line, 0),
                                     "this row names no group, but others do (a group stage: "
                                     "each group is ranked apart): the row is left out");
                 } else if (auto it = index.find(row.group); it != index.end()) {
                   builders[it->second]->add(row, reader.file());
                 }
               });
  std::vector<GroupEvent> events;
  for (std::size_t g = 0; g < groups.size(); ++g)
    events.push_back({groups[g], builders[g]->finish()});
  return events;
}

}  // namespace boardgames
