// A group stage's results, one round robin per group.
#include "boardgames/io/group_stage.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "boardgames/core/utf8.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/results_csv.h"

namespace boardgames {

namespace {

// Calls `each(row, reader)` for every well-formed row of every input whose header reads (and
// has a `group` column, when `with_group_column_only`).
template <typename Each>
void for_each_row(const std::vector<ResultsText>& inputs, Game game, Diagnostics& diagnostics,
                  bool with_group_column_only, Each each) {
  for (const ResultsText& input : inputs) {
    ByteSource source = ByteSource::from_string(input.text, input.file);
    ResultsCsvReader reader(source, diagnostics, game);
    if (!reader.read_header()) continue;
    if (with_group_column_only && !reader.has_column("group")) continue;
    ResultRow row;
    while (reader.next(row)) each(row, reader);
  }
}

// The players of `players` in group `group`: by the file's `group` column, else those `names`
// holds (ids or names as the rows write them).
PlayerList group_players(const PlayerList& players, const std::string& group,
                         const std::vector<std::string>& names) {
  const std::unordered_set<std::string> named(names.begin(), names.end());
  PlayerList subset;
  subset.extra_columns = players.extra_columns;
  subset.columns = players.columns;
  subset.source = players.source;
  subset.cell_columns = players.cell_columns;
  const bool by_column = players.has_column("group");
  for (const Player& p : players.players) {
    if (by_column ? p.group == group : named.contains(p.id) || named.contains(p.name))
      subset.players.push_back(p);
  }
  subset.build_index();
  return subset;
}

}  // namespace

GroupsNamed groups_named(const std::vector<ResultsText>& inputs, Game game) {
  Diagnostics quiet;
  GroupsNamed named;
  std::unordered_map<std::string, std::size_t> index;
  std::vector<std::unordered_set<std::string>> seen;
  // A file without a group column names none: its rows are not read (most results files).
  for_each_row(inputs, game, quiet, true, [&](const ResultRow& row, const ResultsCsvReader&) {
    if (row.group.empty()) return;
    const auto [it, added] = index.try_emplace(row.group, named.groups.size());
    if (added) {
      named.groups.push_back(row.group);
      named.players.emplace_back();
      seen.emplace_back();
    }
    for (const std::string* player : {&row.white, &row.black}) {
      if (!player->empty() && seen[it->second].insert(*player).second)
        named.players[it->second].push_back(*player);
    }
  });
  return named;
}

std::vector<GroupEvent> build_group_stage(const std::vector<ResultsText>& inputs,
                                          const GroupsNamed& named, const PlayerList& players,
                                          EventOptions options, const std::string& only,
                                          Diagnostics& diagnostics) {
  if (!options.round_robin) options.round_robin = true;
  // The groups built, with their indexes in `named`.
  std::vector<std::size_t> built;
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t g = 0; g < named.groups.size(); ++g) {
    if (!only.empty() && named.groups[g] != only) continue;
    index.emplace(named.groups[g], built.size());
    built.push_back(g);
  }
  // A builder keeps a reference to its players and its diagnostics: both live until the
  // events are built. Each group's findings name the group ("round 2 has no row at all" is
  // one group's round 2).
  std::vector<PlayerList> lists;
  for (std::size_t g : built)
    lists.push_back(group_players(players, named.groups[g], named.players[g]));
  std::vector<std::unique_ptr<Diagnostics>> findings;
  for (std::size_t g : built) {
    findings.push_back(std::make_unique<Diagnostics>(
        [&diagnostics,
         prefix = fmt::format("group {}: ", excerpt(named.groups[g], 40))](const Diagnostic& d) {
          Diagnostic named_d = d;
          named_d.message = prefix + d.message;
          diagnostics.report(std::move(named_d));
        }));
  }
  // --withdrawn names players of any group: each builder takes those of its own, and a name of
  // none is said once.
  const std::vector<std::string> withdrawn = std::move(options.withdrawn);
  std::vector<char> placed(withdrawn.size(), 0);
  std::vector<std::unique_ptr<EventBuilder>> builders;
  for (std::size_t b = 0; b < built.size(); ++b) {
    const std::vector<std::string>& names = named.players[built[b]];
    options.withdrawn.clear();
    for (std::size_t w = 0; w < withdrawn.size(); ++w) {
      if (lists[b].find(withdrawn[w]).match != PlayerList::Match::unknown ||
          std::find(names.begin(), names.end(), withdrawn[w]) != names.end()) {
        options.withdrawn.push_back(withdrawn[w]);
        placed[w] = 1;
      }
    }
    builders.push_back(std::make_unique<EventBuilder>(lists[b], options, *findings[b]));
  }
  for (std::size_t w = 0; w < withdrawn.size(); ++w) {
    if (!placed[w] && only.empty())
      diagnostics.error(
          {}, fmt::format("--withdrawn: unknown player '{}' (in no group)", excerpt(withdrawn[w])));
  }
  for_each_row(inputs, options.game, diagnostics, false,
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
  for (std::size_t b = 0; b < built.size(); ++b)
    events.push_back({named.groups[built[b]], builders[b]->finish()});
  return events;
}

}  // namespace boardgames
