// The draw of a round robin: which entrant (player, or team with its board players) holds
// each number of the Berger table, from a players file (and for teams a teams file).
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/schedule.h"
#include "boardgames/tournament/seeding.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct RoundRobinDrawOptions {
  DrawMethod method = DrawMethod::row_order;
  std::uint64_t seed = 0;  // for DrawMethod::lots
  bool by_name = false;    // entrants labelled by name (each must be unique), else by id
  bool teams = false;      // players grouped by their `team` column (group_teams)
  int boards = 0;          // teams: boards per match; 0: the smallest team
};

struct RoundRobinDraw {
  std::vector<Entrant> entrants;  // entrants[k] holds number k + 1
  bool teams = false;
  int boards = 1;
  PlayerList numbered;  // the list the draw numbered (the players, or the teams), `number` set
};

// The draw. A list with a `number` column holds its draw already and is used as it is; asking
// for lots or ratings with such a list is the Problem returned. Everything else wrong in the
// input — fewer than 2 or more than RoundRobin::kMaxParticipants entrants, a name used twice
// with `by_name`, no `rating` column for DrawMethod::rating, a bad number column, the teams'
// problems — is reported into `diagnostics` (header problems at line 1 of the players file),
// and the draw returned is then incomplete: check diagnostics.error_count().
// Whether `list` holds its draw (a `number` column); asking for lots or ratings (`method`)
// with such a list is the Problem returned (draw_round_robin's).
Expected<bool> numbers_given(const PlayerList& list, DrawMethod method);

Expected<RoundRobinDraw> draw_round_robin(PlayerList players, const PlayerList* team_list,
                                          const RoundRobinDrawOptions& options,
                                          Diagnostics& diagnostics);

// Players written by name (--label name) must read back as themselves: every name used once,
// and none the id of another player (readers look a label up as an id first). Each player that
// breaks this is an error at its line of the players file.
void check_names_as_labels(const PlayerList& list, Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
