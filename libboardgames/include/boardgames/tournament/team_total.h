// Team standings from individual results (隊員總分制, competitions.md): each team's total of
// its members' game points, or of their rank points (N + 1 − rank, N the players ranked),
// ties broken by the better individual ranks. No I/O.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/points.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/ranking.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class TeamTotal : std::uint8_t {
  points,  // the members' game points
  ranks,   // the members' rank points: N + 1 − rank (a shared rank counts as its first place)
};

struct TeamTotalRow {
  std::string team;
  Points total;
  std::vector<int> member_ranks;  // the members' individual ranks, best first
  std::vector<int> members;       // their participant indices, in that order
  int rank_first = 0;             // shared when the total and every member rank are equal
  int rank_last = 0;
};

// The teams of `players`' team column, in order: higher total first, then the better best
// individual rank, then the better second-best, and so on (a team with fewer members ranked
// loses a tie it cannot break otherwise: none is better than any rank); still equal, a shared
// place. A participant is matched to the players file by id; one whose player has no team, or
// who is not in the file, is in no team (a warning at the player's line or at the event's file).
std::vector<TeamTotalRow> team_totals(const Event& event, const Standings& standings,
                                      const PlayerList& players, TeamTotal mode,
                                      Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
