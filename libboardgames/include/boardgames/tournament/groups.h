// Groups and finals (分組循環制, competitions.md): ranked entrants dealt into groups by the
// serpentine rule, players of one team or club kept apart where the deal allows, and the
// finalists taken from the groups' final standings — for a final round robin, or a knock-out
// bracket seeded by group places. No I/O.
//
// The serpentine deal: ranks 1..G go to groups A..(G-th), ranks G+1..2G back from the last
// group to A, and so on. Each such run of G ranks is a "pot": every group takes one player of
// each full pot, so the groups' sizes differ by at most one (the last pot may be partial).
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/knockout.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/seeding.h"

BOARDGAMES_API_BEGIN

namespace boardgames::groups {

// Groups are named A..Z.
inline constexpr int kMaxGroups = 26;

// "A" for group 0, "B" for 1, …
std::string group_name(int group);

// The group (0-based) of each rank 0..entrants − 1 by the serpentine rule alone.
std::vector<int> serpentine_deal(int entrants, int groups);

// The serpentine deal with players of one team kept apart where possible: `teams[r]` is the
// team (or club) of the entrant of rank r, empty for none. Pot by pot, in rank order, each
// entrant keeps its serpentine group unless that group already holds a player of its team;
// then the entrants of the pot are matched to the pot's groups (the groups the serpentine rule
// gives that pot, so the sizes stay the serpentine's) so that as many as possible sit in a
// group without a teammate, each keeping its serpentine group where that costs nothing, higher
// ranks choosing first. A clash that no arrangement of the pot avoids stays (a team with more
// players than groups cannot be kept apart). Returns the group of each rank.
std::vector<int> deal_apart(const std::vector<std::string>& teams, int groups);

// The players dealt into `groups` groups: ranked by `method` (row order or rating; lots are
// no ranking and are taken as row order), dealt by deal_apart() on the column `apart` ("team",
// "club", or "" for none). Each group's list holds its players in rank order, with `group`
// set to the group's name and no `number` (a draw number of the whole file is no number
// within a group), and the file's other columns.
std::vector<PlayerList> deal_players(const PlayerList& players, int groups, DrawMethod method,
                                     std::string_view apart);

// The groups a players file gives in its `group` column (rr-schedule --write-players writes
// one): the players of group A, B, … in file order, each list as deal_players() makes it. A
// Problem at the row when a row has no group or one that is not among the first `groups`
// names, or when a group has fewer than 2 players.
Expected<std::vector<PlayerList>> groups_from_column(const PlayerList& players, int groups);

// A team (or club) whose players share a group: the deal could not keep them apart.
struct Clash {
  int group = 0;
  std::string team;
  std::vector<std::string> names;  // the players' names, in rank order
};
// Every clash of the deal on the column `apart` ("team" or "club"), group by group.
std::vector<Clash> clashes(const std::vector<PlayerList>& groups, std::string_view apart);

// The players of every group in one list, group by group (the first list's columns).
PlayerList joined(const std::vector<PlayerList>& groups);

// A group's final order: indices into event.participants, best first, by the rule book's
// round-robin preset for the event's game (default_preset); ties that survive every criterion
// are broken by a reproducible lot from `seed`. `lot_from` is the first place a lot decided
// (1-based; 0 when no lot was needed), for the caller to say so when it matters.
struct GroupOrder {
  std::vector<int> order;
  int lot_from = 0;
};
GroupOrder group_order(const Event& event, std::uint64_t seed);

// Members of each group in rank order (indices 0..entrants − 1), from the group of each rank.
std::vector<std::vector<int>> members(const std::vector<int>& group_of_rank, int groups);

// A finalist: the entrant (index into the caller's list) and its place in its group.
struct Finalist {
  int entrant = 0;
  int group = 0;
  int place = 1;  // 1 the group winner
};

// The finalists in seeding order: every group's winner (groups in order A, B, …), then every
// group's runner-up, and so on down to place `per_group`. `standings[g]` lists group g's
// entrants in final order.
std::vector<Finalist> finalists(const std::vector<std::vector<int>>& standings, int per_group);

// The finals from the groups' round robins (events[g]: group g's, participants in the order
// of groups[g]): each group's group_order(), then finalists(). `players` lists the finalists
// in that order; a finalist's entrant is its index in joined(groups). `lots` names each group
// where a lot placed players among those who go on (group, first place decided). A player who
// withdrew does not go on (the next in the group's order does, when the group has one):
// `withdrawn` names those who would have.
struct Finals {
  struct Withdrawn {
    int group = 0;
    std::string name;
    bool replaced = false;  // false: the group sends fewer than `per_group`
  };
  PlayerList players;
  std::vector<Finalist> finalists;
  std::vector<std::pair<int, int>> lots;
  std::vector<Withdrawn> withdrawn;
};
Finals finals_from_groups(const std::vector<PlayerList>& groups, const std::vector<Event>& events,
                          int per_group, std::uint64_t seed);

// A knock-out bracket for the finalists (in the order of finalists()): the group winners are
// the seeds (placed by the serpentine rule, in classes as knockout::default_seed_classes),
// the others drawn by lot with `seed`, then rearranged so that no group winner meets in round 1
// a player of its own group (in particular its runner-up) where any arrangement avoids it.
// The bracket's entrant e is finalists[e]. A Problem when the bracket cannot be drawn (fewer
// than 2 finalists).
Expected<knockout::Bracket> finals_bracket(const std::vector<Finalist>& finalists,
                                           std::uint64_t seed);

}  // namespace boardgames::groups

BOARDGAMES_API_END
