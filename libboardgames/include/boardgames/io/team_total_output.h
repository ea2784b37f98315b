// Writing team standings from individual results (tournament/team_total.h): a table to print,
// or CSV `rank,place,team,total,players,ranks` (place `3-4` when shared; players the members'
// ids and ranks their individual ranks, best first, each separated by spaces).
#pragma once

#include "boardgames/export.h"

#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/ranking.h"
#include "boardgames/tournament/team_total.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

void write_team_totals_text(const std::vector<TeamTotalRow>& rows, const Event& event,
                            TeamTotal mode, std::string& out);
void write_team_totals_csv(const std::vector<TeamTotalRow>& rows, const Event& event,
                           std::string& out);

// team_totals() written as text or CSV; an error at the players file's header, and nothing
// written, when it has no team column.
void write_team_totals(TeamTotal mode, bool csv, const Event& event, const Standings& standings,
                       const PlayerList& players, Diagnostics& diagnostics, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
