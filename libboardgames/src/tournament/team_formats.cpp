#include "boardgames/tournament/team_formats.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "boardgames/core/utf8.h"

namespace boardgames::teams {

std::vector<ScheveningenGame> scheveningen(int players) {
  std::vector<ScheveningenGame> games;
  if (players < 1 || players > kMaxScheveningenPlayers) return games;
  for (int round = 1; round <= players; ++round) {
    for (int a = 0; a < players; ++a) {
      const int b = (a + round - 1) % players;
      games.push_back({round, a + 1, a, b, (a + b) % 2 == 0});
    }
  }
  return games;
}

std::vector<std::vector<int>> lineups(int boards, int registered, std::size_t limit) {
  std::vector<std::vector<int>> result;
  if (boards < 1 || boards > registered) return result;
  // Combinations in lexicographic order, as an odometer (no recursion).
  std::vector<int> pick(static_cast<std::size_t>(boards));
  for (int i = 0; i < boards; ++i) pick[static_cast<std::size_t>(i)] = i;
  while (true) {
    if (result.size() == limit) return {};
    result.push_back(pick);
    int i = boards - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == registered - boards + i) --i;
    if (i < 0) break;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < boards; ++j)
      pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
  return result;
}

std::optional<Problem> check_lineup(const std::vector<std::string>& registered,
                                    const std::vector<std::string>& lineup, int boards) {
  auto problem = [](std::string reason, const std::string& token) {
    Problem p;
    p.reason = std::move(reason);
    p.token = token;
    return p;
  };
  if (static_cast<int>(lineup.size()) != boards) {
    return problem(fmt::format("the line-up has {} players for {} boards", lineup.size(), boards),
                   std::to_string(lineup.size()));
  }
  int previous = -1;
  for (std::size_t board = 0; board < lineup.size(); ++board) {
    const auto it = std::find(registered.begin(), registered.end(), lineup[board]);
    if (it == registered.end())
      return problem(fmt::format("'{}' on board {} is not registered for the team",
                                 excerpt(lineup[board], 40), board + 1),
                     lineup[board]);
    const int position = static_cast<int>(it - registered.begin());
    if (std::find(lineup.begin(), lineup.begin() + static_cast<std::ptrdiff_t>(board),
                  lineup[board]) != lineup.begin() + static_cast<std::ptrdiff_t>(board))
      return problem(fmt::format("'{}' plays two boards", excerpt(lineup[board], 40)),
                     lineup[board]);
    if (position < previous) {
      return problem(
          fmt::format("'{}' on board {} is registered above '{}' on board {}: the line-up must "
                      "keep the registered order",
                      excerpt(lineup[board], 40), board + 1,
                      excerpt(registered[static_cast<std::size_t>(previous)], 40), board),
          lineup[board]);
    }
    previous = position;
  }
  return std::nullopt;
}

}  // namespace boardgames::teams
