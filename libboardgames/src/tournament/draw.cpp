#include "boardgames/tournament/draw.h"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <unordered_map>

namespace boardgames {

void check_names_as_labels(const PlayerList& list, Diagnostics& diagnostics) {
  std::unordered_map<std::string, std::uint32_t> seen;
  std::unordered_map<std::string_view, const Player*> by_id;
  for (const auto& player : list.players) by_id.emplace(player.id, &player);
  for (const auto& player : list.players) {
    auto [it, inserted] = seen.emplace(player.name, player.line);
    if (!inserted) {
      diagnostics.error(list.location(player, "name"),
                        fmt::format("name '{}' is also on line {}: with --label name every name "
                                    "must be unique (use --label id)",
                                    player.name, it->second));
      continue;
    }
    const auto other = by_id.find(player.name);
    if (other != by_id.end() && other->second != &player) {
      diagnostics.error(list.location(player, "name"),
                        fmt::format("name '{}' is the id of the player on line {}: with --label "
                                    "name it would read back as that player (use --label id)",
                                    player.name, other->second->line));
    }
  }
}

Expected<bool> numbers_given(const PlayerList& list, DrawMethod method) {
  if (!list.has_column("number")) return false;
  if (method != DrawMethod::row_order) {
    Problem problem;
    problem.where = {list.source, 1, 1};
    problem.token = "number";
    problem.reason =
        fmt::format("{} has a number column, which gives the draw: leave out {}", list.source,
                    method == DrawMethod::lots ? "--draw-lots" : "--seed-by");
    return problem;
  }
  return true;
}

namespace {

Entrant make_entrant(const Player& player, bool by_name) {
  return Entrant{by_name ? player.name : player.id, player.name, {}};
}

void check_count(std::size_t count, std::string_view what, const SourceLocation& at,
                 Diagnostics& diagnostics) {
  if (count <= static_cast<std::size_t>(RoundRobin::kMaxParticipants)) return;
  diagnostics.error(at, fmt::format("{} {}: {}", count, what,
                                    RoundRobin::check(RoundRobin::kMaxParticipants + 1)->reason));
}

}  // namespace

Expected<RoundRobinDraw> draw_round_robin(PlayerList players, const PlayerList* team_list,
                                          const RoundRobinDrawOptions& options,
                                          Diagnostics& diagnostics) {
  const SourceLocation header_at{players.source, 1, 1};
  RoundRobinDraw result;
  if (options.teams) {
    TeamGrouping grouping = group_teams(players, team_list, options.boards, diagnostics);
    if (options.method == DrawMethod::rating && team_list && !team_list->has_column("rating")) {
      diagnostics.error({team_list->source, 1, 1},
                        "--seed-by rating needs a 'rating' column in the teams file");
    }
    if (options.by_name) {
      check_names_as_labels(grouping.teams, diagnostics);
      check_names_as_labels(players, diagnostics);
    }
    if (grouping.teams.size() < 2) {
      diagnostics.error(header_at, fmt::format("a round robin needs at least 2 teams; found {}",
                                               grouping.teams.size()));
    }
    check_count(grouping.teams.size(), "teams", header_at, diagnostics);
    bool from_file = false;
    if (team_list) {
      auto given = numbers_given(*team_list, options.method);
      if (!given) return given.problem();
      from_file = *given;
    }
    const std::vector<std::size_t> draw =
        from_file ? numbers_from_file(grouping.teams, diagnostics)
                  : draw_numbers(grouping.teams, options.method, options.seed);
    if (diagnostics.error_count() > 0) return result;
    result.teams = true;
    result.boards = grouping.boards;
    result.numbered = grouping.teams;
    for (std::size_t k = 0; k < draw.size(); ++k)
      result.numbered.players[draw[k]].number = static_cast<std::int32_t>(k + 1);
    for (std::size_t t : draw) {
      Entrant team = make_entrant(grouping.teams.players[t], options.by_name);
      for (int b = 0; b < grouping.boards; ++b) {
        team.members.push_back(make_entrant(
            players.players[grouping.members[t][static_cast<std::size_t>(b)]], options.by_name));
      }
      result.entrants.push_back(std::move(team));
    }
    return result;
  }
  if (options.method == DrawMethod::rating && !players.has_column("rating")) {
    diagnostics.error(header_at, "--seed-by rating needs a 'rating' column in the players file");
  }
  if (options.by_name) check_names_as_labels(players, diagnostics);
  if (players.size() < 2 && diagnostics.error_count() == 0) {
    diagnostics.error(
        header_at, fmt::format("a round robin needs at least 2 players; found {}", players.size()));
  }
  check_count(players.size(), "players", header_at, diagnostics);
  auto given = numbers_given(players, options.method);
  if (!given) return given.problem();
  const std::vector<std::size_t> draw = *given && diagnostics.error_count() == 0
                                            ? numbers_from_file(players, diagnostics)
                                            : draw_numbers(players, options.method, options.seed);
  if (diagnostics.error_count() > 0) return result;
  for (std::size_t k = 0; k < draw.size(); ++k) {
    result.entrants.push_back(make_entrant(players.players[draw[k]], options.by_name));
    players.players[draw[k]].number = static_cast<std::int32_t>(k + 1);
  }
  result.numbered = std::move(players);
  return result;
}

}  // namespace boardgames
