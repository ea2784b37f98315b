// Line-up checks of a team event's results CSV (分臺換人制, competitions.md): every team's
// players in each round, by board, against the team's registered order with substitutes
// (tournament/team_formats: check_lineup).
#pragma once

#include "boardgames/export.h"

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/schedule.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct LineupCheck {
  int lineups = 0;     // a team's line-up in one round
  int violations = 0;  // line-ups reported
};

// Reads `results` (rows with white_team/black_team, or players whose team the players file
// gives) and checks each team's line-up of each round — its players by board, board 1 first —
// against its registered players (`grouping.members`, in file order: the first
// `grouping.boards` the regular line-up, the rest substitutes) with check_lineup(). Reported at
// the row and column of the offending player: a player not registered for the team, one above
// a player registered ahead of them, a player on two boards, two players on one board; at the
// team's first row of the round: a line-up of the wrong number of boards. Byes are passed over.
LineupCheck check_lineups(ByteSource& results, const PlayerList& players,
                          const TeamGrouping& grouping, Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
