#include "boardgames/tournament/schedule.h"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "boardgames/tournament/team_formats.h"

namespace boardgames {

void schedule_round(const RoundRobinEvent& event, const RoundRobin& table, int round,
                    std::vector<ScheduledGame>& out) {
  out.clear();
  const int per = event.rounds_per_table_round();
  const std::vector<Pairing> pairings = table.pairings((round - 1) / per + 1);
  auto games = match_games(event.teams ? event.boards : 1, event.games_per_round);
  // Scheveningen: board a + 1 pairs the home team's player a with the away team's
  // (a + s − 1) mod k in sub-round s, colours on the chequerboard of teams::scheveningen.
  std::vector<teams::ScheveningenGame> round_games;
  if (per > 1) {
    for (const teams::ScheveningenGame& g : teams::scheveningen(event.boards)) {
      if (g.round == (round - 1) % per + 1) round_games.push_back(g);
    }
    games.clear();
    for (const teams::ScheveningenGame& g : round_games) games.push_back({g.board, 1, g.a_first});
  }
  int match = 0;
  int board = 0;
  for (const Pairing& pairing : pairings) {
    const Entrant& home = event.entrants[static_cast<std::size_t>(pairing.first - 1)];
    if (pairing.second == 0) {
      if (event.teams) {
        for (const Entrant& member : home.members) {
          ScheduledGame row;
          row.round = round;
          row.first = &member;
          row.first_team = &home;
          row.first_number = pairing.first;
          out.push_back(row);
        }
      } else {
        ScheduledGame row;
        row.round = round;
        row.first = &home;
        row.first_number = pairing.first;
        out.push_back(row);
      }
      continue;
    }
    const Entrant& away = event.entrants[static_cast<std::size_t>(pairing.second - 1)];
    ++match;
    if (!event.teams) ++board;
    for (const MatchGame& game : games) {
      ScheduledGame row;
      row.round = round;
      row.game = game.game;
      if (event.teams) {
        row.match = match;
        row.board = game.board;
        const auto index = static_cast<std::size_t>(game.board - 1);
        const auto away_index = per > 1 ? static_cast<std::size_t>(round_games[index].b) : index;
        const Entrant& home_player = home.members[index];
        const Entrant& away_player = away.members[away_index];
        row.home_first = game.home_moves_first;
        row.first = game.home_moves_first ? &home_player : &away_player;
        row.second = game.home_moves_first ? &away_player : &home_player;
        row.first_team = game.home_moves_first ? &home : &away;
        row.second_team = game.home_moves_first ? &away : &home;
      } else {
        row.board = board;
        row.first = game.home_moves_first ? &home : &away;
        row.second = game.home_moves_first ? &away : &home;
      }
      row.first_number = game.home_moves_first ? pairing.first : pairing.second;
      row.second_number = game.home_moves_first ? pairing.second : pairing.first;
      out.push_back(row);
    }
  }
}

TeamGrouping group_teams(const PlayerList& players, const PlayerList* team_list, int boards,
                         Diagnostics& diagnostics) {
  TeamGrouping grouping;
  std::unordered_map<std::string, std::size_t> index_of;
  if (team_list != nullptr) {
    grouping.teams = *team_list;
    grouping.members.resize(grouping.teams.size());
  } else {
    grouping.teams.columns = {"id", "name"};
    grouping.teams.source = players.source;
  }
  for (std::size_t i = 0; i < players.size(); ++i) {
    const Player& player = players.players[i];
    const SourceLocation where = players.location(player, "team");
    if (player.team.empty()) {
      diagnostics.error(where, "player '" + player.name + "' has no team");
      continue;
    }
    std::size_t team = 0;
    if (team_list != nullptr) {
      auto found = grouping.teams.find(player.team);
      if (found.match != PlayerList::Match::found) {
        diagnostics.error(where, "team '" + player.team + "' of player '" + player.name +
                                     (found.match == PlayerList::Match::ambiguous
                                          ? "' is ambiguous in the teams file"
                                          : "' is not in the teams file"));
        continue;
      }
      team = found.index;
    } else {
      auto [it, inserted] = index_of.emplace(player.team, grouping.teams.size());
      if (inserted) {
        Player entry;
        entry.id = player.team;
        entry.name = player.team;
        entry.line = player.line;
        grouping.teams.players.push_back(std::move(entry));
        grouping.members.emplace_back();
      }
      team = it->second;
    }
    grouping.members[team].push_back(i);
  }
  if (team_list == nullptr) {
    // Seeding teams by rating uses the mean rating of the players who would play.
    grouping.teams.columns.emplace_back("rating");
  }
  std::size_t smallest = SIZE_MAX;
  for (const auto& members : grouping.members) smallest = std::min(smallest, members.size());
  grouping.boards = boards > 0 ? boards : (smallest == SIZE_MAX ? 0 : static_cast<int>(smallest));
  for (std::size_t t = 0; t < grouping.teams.size(); ++t) {
    Player& team = grouping.teams.players[t];
    const auto& members = grouping.members[t];
    const SourceLocation where{team_list != nullptr ? team_list->source : players.source, team.line,
                               0};
    if (members.size() < static_cast<std::size_t>(grouping.boards)) {
      diagnostics.error(where, "team '" + team.name + "' has " + std::to_string(members.size()) +
                                   " player" + (members.size() == 1 ? "" : "s") + " for " +
                                   std::to_string(grouping.boards) + " boards");
    }
    if (team_list == nullptr) {
      std::int64_t sum = 0;
      int rated = 0;
      for (std::size_t b = 0; b < members.size() && b < static_cast<std::size_t>(grouping.boards);
           ++b) {
        if (const auto& rating = players.players[members[b]].rating) {
          sum += *rating;
          ++rated;
        }
      }
      if (rated > 0) {
        // The mean rounded half up, for sums below 0 too (EGF ratings can be): integer division
        // truncates toward zero, so the floor is taken by hand.
        const std::int64_t numerator = 2 * sum + rated;
        const std::int64_t denominator = 2 * static_cast<std::int64_t>(rated);
        std::int64_t mean = numerator / denominator;
        if (numerator % denominator != 0 && numerator < 0) --mean;
        team.rating = static_cast<std::int32_t>(mean);
      }
    }
  }
  grouping.teams.build_index();
  return grouping;
}

}  // namespace boardgames
