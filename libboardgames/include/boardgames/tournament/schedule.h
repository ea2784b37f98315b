// A round-robin event ready to be written out: who holds which draw number, how many boards
// and games a match has, and the rows of each round.
#pragma once

#include "boardgames/export.h"

#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/round_robin.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// A player, or a team with its board players (board 1 first).
struct Entrant {
  std::string label;  // how the results CSV names it (its id, or its name on request)
  std::string name;   // for people
  std::vector<Entrant> members;
};

struct RoundRobinEvent {
  Game game = Game::shatar;
  std::vector<Entrant> entrants;  // entrants[k] holds draw number k + 1
  bool teams = false;
  int boards = 1;  // team events: boards per match
  int games_per_round = 1;
  RoundRobinOptions options;
  // Team events: every match a Scheveningen match (全隊循環制, tournament/team_formats): each
  // round of the teams' table becomes `boards` rounds in which every player of one team meets
  // every player of the other; board k holds the home team's k-th player.
  bool scheveningen = false;
  // Rounds of the results CSV a round of the table becomes: `boards` for Scheveningen, else 1.
  int rounds_per_table_round() const { return teams && scheveningen ? boards : 1; }
};

// One row of a round: a game, or a bye (second == nullptr).
struct ScheduledGame {
  int round = 0;
  int match = 0;  // team events: the match's number in its round; 0 otherwise and for byes
  int board = 0;  // 0 for byes
  int game = 1;
  const Entrant* first = nullptr;  // moves first
  const Entrant* second = nullptr;
  const Entrant* first_team = nullptr;  // team events only
  const Entrant* second_team = nullptr;
  int first_number = 0;  // draw numbers of the players (individual) or teams (team events)
  int second_number = 0;
  bool home_first = true;  // team events: the home team's player moves first
};

// The rows of `round` (a round of the results CSV: for Scheveningen, sub-round s of table
// round t is round (t − 1)·boards + s), games in board order and byes last.
void schedule_round(const RoundRobinEvent& event, const RoundRobin& table, int round,
                    std::vector<ScheduledGame>& out);

// Teams from the players' `team` column: in order of first appearance, or in the order of
// `team_list` (a teams CSV read as a players CSV: `name`, `id`, `rating`), whose ids or names
// the `team` column then refers to. Each team keeps its players in file order; the first
// `boards` of them play. Reports players without a team, unknown teams, teams with fewer
// than `boards` players and teams without players; `boards` = 0 takes the smallest team size.
struct TeamGrouping {
  PlayerList teams;                               // one "player" per team (id, name, rating)
  std::vector<std::vector<std::size_t>> members;  // players of each team, in file order
  int boards = 0;
};
TeamGrouping group_teams(const PlayerList& players, const PlayerList* team_list, int boards,
                         Diagnostics& diagnostics);

}  // namespace boardgames

BOARDGAMES_API_END
