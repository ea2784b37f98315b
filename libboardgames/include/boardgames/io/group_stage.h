// A group stage's results (分組循環制, competitions.md): the results CSV rr-schedule --groups
// writes names each row's group in a `group` column; every group is a round robin of its own,
// ranked apart (read as one event, the groups would make a Swiss with every round-robin bye a
// win).
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// A results CSV held whole, to be read more than once.
struct ResultsText {
  std::string file;
  std::string text;
};

struct GroupEvent {
  std::string group;  // as the rows write it
  Event event;
};

// The groups the rows of results texts name, in order of first appearance (empty when no row
// names one, or no header can be read), with the players each group's rows name (ids or names
// as written).
struct GroupsNamed {
  std::vector<std::string> groups;
  std::vector<std::vector<std::string>> players;  // players[g]: group g's, each once
};
// Read quietly: the rows' problems are build_group_stage's to report.
GroupsNamed groups_named(const std::vector<ResultsText>& inputs, Game game);

// The events of the group stage in `inputs` (whose groups_named() is `named`), one per group
// in that order, or only group `only` when it is not empty. Each is built with `options` (a
// round robin unless options.round_robin says otherwise) and with the players of `players`
// that belong to the group: those whose `group` cell is the group's when the players file has
// that column, else those the group's rows name (ratings and numbers kept; a player of another
// group is no player of this one). The rows are read once more: a row in error is reported
// once, and a row without a group among rows with one is reported and left out.
std::vector<GroupEvent> build_group_stage(const std::vector<ResultsText>& inputs,
                                          const GroupsNamed& named, const PlayerList& players,
                                          EventOptions options, const std::string& only,
                                          Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
