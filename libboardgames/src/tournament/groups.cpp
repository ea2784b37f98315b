#include "boardgames/tournament/groups.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/tournament/ranking.h"
#include "boardgames/tournament/tiebreak.h"

namespace boardgames::groups {

namespace {

// Kuhn's augmenting path from `player` over the groups it may take (`allowed`, in its order of
// preference); `owner[g]` the player holding group g, −1 when free. Iterative (an explicit
// stack), so the depth is bounded by the pot's size, not by recursion.
bool augment(int player, const std::vector<std::vector<int>>& allowed, std::vector<int>& owner,
             std::vector<int>& holds) {
  const std::size_t groups = owner.size();
  std::vector<char> visited(groups, 0);
  struct Frame {
    int player;
    std::size_t next;
    int via;  // the group whose owner this frame moves; −1 for the root
  };
  std::vector<Frame> stack{{player, 0, -1}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    const auto& options = allowed[static_cast<std::size_t>(top.player)];
    if (top.next == options.size()) {
      stack.pop_back();
      continue;
    }
    const int g = options[top.next++];
    if (visited[static_cast<std::size_t>(g)]) continue;
    visited[static_cast<std::size_t>(g)] = 1;
    const int holder = owner[static_cast<std::size_t>(g)];
    if (holder >= 0) {
      stack.push_back({holder, 0, g});
      continue;
    }
    // A free group: every player on the stack moves to the group it reached.
    int group = g;
    for (std::size_t k = stack.size(); k-- > 0;) {
      const int p = stack[k].player;
      owner[static_cast<std::size_t>(group)] = p;
      holds[static_cast<std::size_t>(p)] = group;
      group = stack[k].via;
    }
    return true;
  }
  return false;
}

}  // namespace

std::string group_name(int group) {
  return std::string(1, static_cast<char>('A' + std::clamp(group, 0, kMaxGroups - 1)));
}

std::vector<int> serpentine_deal(int entrants, int groups) {
  std::vector<int> group_of(static_cast<std::size_t>(std::max(entrants, 0)), 0);
  if (groups < 1) return group_of;
  for (int r = 0; r < entrants; ++r) {
    const int pot = r / groups;
    const int within = r % groups;
    group_of[static_cast<std::size_t>(r)] = pot % 2 == 0 ? within : groups - 1 - within;
  }
  return group_of;
}

std::vector<int> deal_apart(const std::vector<std::string>& teams, int groups) {
  const int n = static_cast<int>(teams.size());
  std::vector<int> group_of = serpentine_deal(n, groups);
  if (groups < 2) return group_of;
  std::vector<std::vector<std::string>> teams_in(static_cast<std::size_t>(groups));
  for (int first = 0; first < n; first += groups) {
    const int last = std::min(n, first + groups);
    const int size = last - first;
    // The pot's groups, in the serpentine order of its ranks.
    std::vector<int> pot_groups;
    for (int r = first; r < last; ++r) pot_groups.push_back(group_of[static_cast<std::size_t>(r)]);
    std::vector<std::vector<int>> allowed(static_cast<std::size_t>(size));
    for (int i = 0; i < size; ++i) {
      const std::string& team = teams[static_cast<std::size_t>(first + i)];
      // Preference: the serpentine group, then the pot's groups nearest to it in the deal.
      std::vector<int> order(static_cast<std::size_t>(size));
      for (int j = 0; j < size; ++j) order[static_cast<std::size_t>(j)] = j;
      std::stable_sort(order.begin(), order.end(),
                       [i](int a, int b) { return std::abs(a - i) < std::abs(b - i); });
      for (int j : order) {
        const int g = pot_groups[static_cast<std::size_t>(j)];
        const auto& present = teams_in[static_cast<std::size_t>(g)];
        if (team.empty() || std::find(present.begin(), present.end(), team) == present.end())
          allowed[static_cast<std::size_t>(i)].push_back(g);
      }
    }
    std::vector<int> owner(static_cast<std::size_t>(groups), -1);
    std::vector<int> holds(static_cast<std::size_t>(size), -1);
    for (int i = 0; i < size; ++i) augment(i, allowed, owner, holds);
    // Clashes no arrangement avoids: the pot's groups left over, in the players' order.
    for (int i = 0; i < size; ++i) {
      if (holds[static_cast<std::size_t>(i)] >= 0) continue;
      const int own = pot_groups[static_cast<std::size_t>(i)];
      int pick = own;
      if (owner[static_cast<std::size_t>(own)] >= 0) {
        for (int g : pot_groups) {
          if (owner[static_cast<std::size_t>(g)] < 0) {
            pick = g;
            break;
          }
        }
      }
      owner[static_cast<std::size_t>(pick)] = i;
      holds[static_cast<std::size_t>(i)] = pick;
    }
    for (int i = 0; i < size; ++i) {
      const int g = holds[static_cast<std::size_t>(i)];
      group_of[static_cast<std::size_t>(first + i)] = g;
      const std::string& team = teams[static_cast<std::size_t>(first + i)];
      if (!team.empty()) teams_in[static_cast<std::size_t>(g)].push_back(team);
    }
  }
  return group_of;
}

namespace {

// Empty lists for `groups` groups with the file's columns (less `number`, with `group`).
std::vector<PlayerList> empty_groups(const PlayerList& players, int groups) {
  std::vector<PlayerList> result(static_cast<std::size_t>(std::max(groups, 0)));
  for (PlayerList& list : result) {
    list.extra_columns = players.extra_columns;
    list.source = players.source;
    list.cell_columns = players.cell_columns;
    for (const std::string& column : players.columns) {
      if (column != "number") list.columns.push_back(column);
    }
    if (!players.has_column("group")) list.columns.emplace_back("group");
  }
  return result;
}

}  // namespace

Expected<std::vector<PlayerList>> groups_from_column(const PlayerList& players, int groups) {
  std::vector<PlayerList> result = empty_groups(players, groups);
  for (const Player& p : players.players) {
    const std::string_view name = trim(p.group);
    int g = -1;
    for (int candidate = 0; candidate < groups; ++candidate) {
      if (iequals_ascii(name, group_name(candidate))) g = candidate;
    }
    if (g < 0) {
      return Problem{
          name.empty()
              ? fmt::format("'{}' has no group, where the file's group column deals the others",
                            excerpt(p.name))
              : fmt::format("group '{}' of '{}' is not one of the {} groups (A to {})",
                            excerpt(name), excerpt(p.name), groups, group_name(groups - 1)),
          players.location(p, "group"), std::string(name)};
    }
    Player player = p;
    player.number.reset();
    player.group = group_name(g);
    result[static_cast<std::size_t>(g)].players.push_back(std::move(player));
  }
  for (int g = 0; g < groups; ++g) {
    if (result[static_cast<std::size_t>(g)].size() < 2) {
      return Problem{fmt::format("group {} has {} player{} in the file's group column: a round "
                                 "robin needs 2",
                                 group_name(g), result[static_cast<std::size_t>(g)].size(),
                                 result[static_cast<std::size_t>(g)].size() == 1 ? "" : "s"),
                     {players.source, 0, 0},
                     group_name(g)};
    }
  }
  for (PlayerList& list : result) list.build_index();
  return result;
}

std::vector<PlayerList> deal_players(const PlayerList& players, int groups, DrawMethod method,
                                     std::string_view apart) {
  const std::vector<std::size_t> ranked = draw_numbers(
      players, method == DrawMethod::rating ? DrawMethod::rating : DrawMethod::row_order, 0);
  std::vector<std::string> teams;
  for (std::size_t index : ranked) {
    const Player& p = players.players[index];
    teams.push_back(apart == "team" ? p.team : apart == "club" ? p.club : std::string());
  }
  const std::vector<int> group_of = deal_apart(teams, groups);
  std::vector<PlayerList> result = empty_groups(players, groups);
  for (std::size_t r = 0; r < ranked.size(); ++r) {
    Player player = players.players[ranked[r]];
    player.number.reset();
    player.group = group_name(group_of[r]);
    result[static_cast<std::size_t>(group_of[r])].players.push_back(std::move(player));
  }
  for (PlayerList& list : result) list.build_index();
  return result;
}

std::vector<Clash> clashes(const std::vector<PlayerList>& groups, std::string_view apart) {
  std::vector<Clash> result;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<Clash> found;
    for (const Player& p : groups[g].players) {
      const std::string& team = apart == "team" ? p.team : p.club;
      if (team.empty() || (apart != "team" && apart != "club")) continue;
      auto it =
          std::find_if(found.begin(), found.end(), [&](const Clash& c) { return c.team == team; });
      if (it == found.end()) it = found.insert(found.end(), {static_cast<int>(g), team, {}});
      it->names.push_back(p.name);
    }
    for (Clash& clash : found) {
      if (clash.names.size() > 1) result.push_back(std::move(clash));
    }
  }
  return result;
}

PlayerList joined(const std::vector<PlayerList>& groups) {
  PlayerList all;
  if (groups.empty()) return all;
  all = groups.front();
  for (std::size_t g = 1; g < groups.size(); ++g) {
    all.players.insert(all.players.end(), groups[g].players.begin(), groups[g].players.end());
  }
  all.build_index();
  return all;
}

Finals finals_from_groups(const std::vector<PlayerList>& groups, const std::vector<Event>& events,
                          int per_group, std::uint64_t seed) {
  Finals result;
  const PlayerList all = joined(groups);
  std::vector<std::vector<int>> standings(groups.size());
  int offset = 0;
  for (std::size_t g = 0; g < groups.size() && g < events.size(); ++g) {
    const GroupOrder order = group_order(events[g], seed);
    // The place (1-based, in the group's order) of the last player who goes on: below it a
    // lot decided nothing of the finals.
    int last_going_on = 0;
    for (std::size_t place = 0; place < order.order.size(); ++place) {
      const Participant& entrant =
          events[g].participants[static_cast<std::size_t>(order.order[place])];
      // A player who withdrew plays no more: the next in the group's order goes on instead
      // (the group's results stand, the withdrawn player's place in them too).
      if (entrant.withdrawn) {
        if (static_cast<int>(standings[g].size()) < per_group)
          result.withdrawn.push_back({static_cast<int>(g), entrant.name, false});
        continue;
      }
      const auto found = groups[g].find(entrant.id);
      if (found.match != PlayerList::Match::found) continue;
      if (static_cast<int>(standings[g].size()) < per_group)
        last_going_on = static_cast<int>(place) + 1;
      standings[g].push_back(offset + static_cast<int>(found.index));
    }
    // Whether each withdrawn player's place went to another, or the group sends fewer.
    for (Finals::Withdrawn& w : result.withdrawn) {
      if (w.group == static_cast<int>(g))
        w.replaced = static_cast<int>(standings[g].size()) >= per_group;
    }
    if (order.lot_from > 0 && order.lot_from <= last_going_on)
      result.lots.emplace_back(static_cast<int>(g), order.lot_from);
    offset += static_cast<int>(groups[g].size());
  }
  result.finalists = finalists(standings, per_group);
  result.players = all;
  result.players.players.clear();
  for (const Finalist& f : result.finalists)
    result.players.players.push_back(all.players[static_cast<std::size_t>(f.entrant)]);
  result.players.build_index();
  return result;
}

GroupOrder group_order(const Event& event, std::uint64_t seed) {
  const SystemPreset& preset = default_preset(event.game, event.format, true);
  RankingOptions options;
  options.order = parse_tiebreaks(preset_order(preset, event)).value();
  const Standings shared = rank_event(event, options);
  options.lots = true;
  options.seed = seed;
  const Standings decided = rank_event(event, options);
  GroupOrder result;
  for (const StandingRow& row : decided.rows) result.order.push_back(row.participant);
  for (const StandingRow& row : shared.rows) {
    if (row.rank_first != row.rank_last) {
      result.lot_from = row.rank_first;
      break;
    }
  }
  return result;
}

std::vector<std::vector<int>> members(const std::vector<int>& group_of_rank, int groups) {
  std::vector<std::vector<int>> result(static_cast<std::size_t>(std::max(groups, 0)));
  for (std::size_t r = 0; r < group_of_rank.size(); ++r) {
    const int g = group_of_rank[r];
    if (g >= 0 && g < groups) result[static_cast<std::size_t>(g)].push_back(static_cast<int>(r));
  }
  return result;
}

std::vector<Finalist> finalists(const std::vector<std::vector<int>>& standings, int per_group) {
  std::vector<Finalist> result;
  for (int place = 1; place <= per_group; ++place) {
    for (std::size_t g = 0; g < standings.size(); ++g) {
      if (static_cast<int>(standings[g].size()) < place) continue;
      result.push_back(
          {standings[g][static_cast<std::size_t>(place - 1)], static_cast<int>(g), place});
    }
  }
  return result;
}

Expected<knockout::Bracket> finals_bracket(const std::vector<Finalist>& finalists,
                                           std::uint64_t seed) {
  const int entrants = static_cast<int>(finalists.size());
  int winners = 0;
  for (const Finalist& f : finalists) winners += f.place == 1 ? 1 : 0;
  const int size = knockout::bracket_size(std::max(entrants, 2));
  knockout::DrawOptions options;
  options.seed_classes =
      knockout::default_seed_classes(std::min(winners, knockout::max_seeds(size)), size);
  options.placement = knockout::Placement::serpentine;
  options.seed = seed;
  auto drawn = knockout::draw_bracket(entrants, options);
  if (!drawn) return drawn;
  knockout::Bracket bracket = std::move(*drawn);
  auto& slots = bracket.slots;
  // A round-1 match clashes when a group winner meets a player of its own group.
  auto clashes = [&](std::size_t match) {
    const int a = slots[2 * match];
    const int b = slots[2 * match + 1];
    if (a < 0 || b < 0) return false;
    const Finalist& fa = finalists[static_cast<std::size_t>(a)];
    const Finalist& fb = finalists[static_cast<std::size_t>(b)];
    return fa.group == fb.group && (fa.place == 1 || fb.place == 1);
  };
  auto seeded = [&](std::size_t slot) { return slots[slot] >= 0 && slots[slot] < bracket.seeds; };
  const std::size_t matches = slots.size() / 2;
  for (std::size_t m = 0; m < matches; ++m) {
    if (!clashes(m)) continue;
    // Swap the match's unseeded player with one of another match, the first (from the top)
    // whose swap leaves neither match clashing.
    const std::size_t mine = seeded(2 * m) ? 2 * m + 1 : 2 * m;
    for (std::size_t other = 0; other < slots.size(); ++other) {
      if (other / 2 == m || slots[other] < 0 || seeded(other)) continue;
      std::swap(slots[mine], slots[other]);
      if (!clashes(m) && !clashes(other / 2)) break;
      std::swap(slots[mine], slots[other]);
    }
  }
  return bracket;
}

}  // namespace boardgames::groups
