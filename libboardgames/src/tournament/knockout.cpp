#include "boardgames/tournament/knockout.h"

#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <string>
#include <utility>

#include "boardgames/core/random.h"

namespace boardgames::knockout {

namespace {

// j with its `bits` low bits reversed: the order 0, 2, 1, 3 (for 4) whose every prefix is
// spread evenly over the halves, quarters, … (van der Corput).
int bit_reversed(int j, int bits) {
  int r = 0;
  for (int b = 0; b < bits; ++b) r |= ((j >> b) & 1) << (bits - 1 - b);
  return r;
}

// The classes by level: level 1's tops and bottoms, then per level the tops of the lower parts
// and the bottoms of the upper parts, while the parts hold at least `min_half` slots.
std::vector<std::vector<int>> classes_down_to(int size, int min_half) {
  std::vector<std::vector<int>> classes;
  if (size < 2) return classes;
  classes.push_back({1, size / 2 + 1});
  if (size < 4) return classes;
  classes.push_back({size, size / 2});
  int bits = 1;
  for (int part = size / 2; part / 2 >= min_half; part /= 2, ++bits) {
    const int parts = size / part;
    const int half = part / 2;
    std::vector<int> tops;
    std::vector<int> bottoms;
    for (int j = 0; j < parts; ++j) {
      tops.push_back(bit_reversed(j, bits) * part + half + 1);
      bottoms.push_back((parts - 1 - bit_reversed(j, bits)) * part + half);
    }
    classes.push_back(std::move(tops));
    classes.push_back(std::move(bottoms));
  }
  return classes;
}

Problem problem(std::string reason, int token) {
  Problem p;
  p.reason = std::move(reason);
  p.token = std::to_string(token);
  return p;
}

}  // namespace

int bracket_size(int entrants) {
  int size = 2;
  while (size < entrants) size *= 2;
  return size;
}

int bracket_rounds(int size) {
  int rounds = 0;
  while ((1 << rounds) < size) ++rounds;
  return rounds;
}

int max_seeds(int size) { return size <= 2 ? 2 : size / 2; }

std::vector<std::vector<int>> seed_class_slots(int size) {
  // Levels whose parts' halves hold 4 slots or more keep every seed out of another seed's
  // first-round match (with 4 slots, the first class alone).
  auto classes = classes_down_to(size, 4);
  if (size == 4) classes.resize(1);
  return classes;
}

std::vector<int> bye_order(int size) {
  std::vector<int> order;
  std::vector<char> taken(static_cast<std::size_t>(size) + 1, 0);
  for (const auto& cls : classes_down_to(size, 1)) {
    for (int s : cls) {
      if (taken[static_cast<std::size_t>(s)]) continue;
      taken[static_cast<std::size_t>(s)] = 1;
      order.push_back(s);
    }
  }
  for (int s = 1; s <= size; ++s) {
    if (!taken[static_cast<std::size_t>(s)]) order.push_back(s);
  }
  return order;
}

std::vector<int> default_seed_classes(int seeds, int size) {
  std::vector<int> classes;
  for (const auto& cls : seed_class_slots(size)) {
    if (seeds <= 0) break;
    const int take = std::min<int>(seeds, static_cast<int>(cls.size()));
    classes.push_back(take);
    seeds -= take;
  }
  return classes;
}

Expected<Bracket> draw_bracket(int entrants, const DrawOptions& options) {
  if (entrants < 2 || entrants > kMaxEntrants) {
    return problem(
        fmt::format("a knock-out needs 2 to {} entrants, not {}", kMaxEntrants, entrants),
        entrants);
  }
  Bracket bracket;
  bracket.size = bracket_size(entrants);
  const int size = bracket.size;
  const auto classes = seed_class_slots(size);
  if (options.seed_classes.size() > classes.size()) {
    return problem(
        fmt::format("a bracket of {} slots has {} seed class{}, not {}", size, classes.size(),
                    classes.size() == 1 ? "" : "es", options.seed_classes.size()),
        static_cast<int>(options.seed_classes.size()));
  }
  int seeds = 0;
  for (std::size_t k = 0; k < options.seed_classes.size(); ++k) {
    const int count = options.seed_classes[k];
    if (count < 0 || count > static_cast<int>(classes[k].size())) {
      return problem(fmt::format("seed class {} of a bracket of {} slots holds at most {} seeds, "
                                 "not {}",
                                 k + 1, size, classes[k].size(), count),
                     count);
    }
    seeds += count;
  }
  if (seeds > entrants) {
    return problem(fmt::format("{} seeds but only {} entrants", seeds, entrants), seeds);
  }
  bracket.seeds = seeds;
  constexpr int kFree = -2;
  bracket.slots.assign(static_cast<std::size_t>(size), kFree);
  auto at = [&](int slot) -> int& { return bracket.slots[static_cast<std::size_t>(slot - 1)]; };
  const std::vector<int> order = bye_order(size);
  for (int b = 0; b < size - entrants; ++b) {
    const int slot = order[static_cast<std::size_t>(b)];
    at(slot % 2 == 1 ? slot + 1 : slot - 1) = -1;
  }
  Random random(options.seed);
  int rank = 0;
  for (std::size_t k = 0; k < options.seed_classes.size(); ++k) {
    std::vector<int> ranks;
    for (int i = 0; i < options.seed_classes[k]; ++i) ranks.push_back(rank++);
    if (options.placement == Placement::lot) random.shuffle(std::span<int>(ranks));
    for (std::size_t i = 0; i < ranks.size(); ++i) at(classes[k][i]) = ranks[i];
  }
  std::vector<int> unseeded;
  for (int e = seeds; e < entrants; ++e) unseeded.push_back(e);
  random.shuffle(std::span<int>(unseeded));
  std::size_t next = 0;
  for (int& entrant : bracket.slots) {
    if (entrant == kFree) entrant = unseeded[next++];
  }
  return bracket;
}

void check_seeds(const PlayerList& players, const Event& event, Diagnostics& diagnostics) {
  const std::vector<Participant>& participants = event.participants;
  const std::size_t n = participants.size();
  auto cell = [&](const Participant& p) {
    return SourceLocation{event.file, p.seed_line, p.seed_column};
  };
  // holder[k − 1]: the participant with seed k.
  std::vector<std::size_t> holder(n, n);
  std::size_t seeds = 0;
  bool good = true;
  for (std::size_t i = 0; i < n; ++i) {
    const Participant& p = participants[i];
    if (p.seed <= 0) continue;
    const auto k = static_cast<std::size_t>(p.seed);
    if (k > n) {
      diagnostics.error(cell(p), fmt::format("'{}' has seed {}, but the bracket has {} entrants",
                                             p.name, p.seed, n));
      good = false;
    } else if (holder[k - 1] != n) {
      diagnostics.error(cell(p), fmt::format("'{}' and '{}' both have seed {}",
                                             participants[holder[k - 1]].name, p.name, p.seed));
      good = false;
    } else {
      holder[k - 1] = i;
      ++seeds;
    }
  }
  if (!good || seeds == 0) return;
  for (std::size_t k = 0; k < seeds; ++k) {
    if (holder[k] != n) continue;
    // A gap: seeds 1..K are not all there; the first seed after the gap is the one in doubt.
    std::size_t after = k;
    while (holder[after] == n) ++after;
    const Participant& p = participants[holder[after]];
    diagnostics.error(
        cell(p), fmt::format("'{}' has seed {}, but no player has seed {}", p.name, p.seed, k + 1));
    return;
  }
  const auto order = seeding_order(players, static_cast<int>(seeds));
  if (!order) {
    const Participant& p = participants[holder[seeds - 1]];
    diagnostics.error(cell(p), fmt::format("'{}' has seed {}, which the players file does not "
                                           "give: {}",
                                           p.name, p.seed, order.problem().reason));
    return;
  }
  const bool column = players.extra_column("seed").has_value();
  // Reported in the order of the file.
  std::vector<std::pair<SourceLocation, std::string>> wrong;
  for (std::size_t k = 0; k < seeds; ++k) {
    const Participant& p = participants[holder[k]];
    const Player& expected = players.players[(*order)[k]];
    if (expected.id == p.id) continue;
    wrong.emplace_back(
        cell(p),
        fmt::format("'{}' has seed {}, but the players file makes '{}' seed {} ({})", p.name,
                    p.seed, expected.name, k + 1,
                    column ? "its seed column" : "by rating: the file has no seed column"));
  }
  std::sort(wrong.begin(), wrong.end(), [](const auto& x, const auto& y) {
    return std::pair{x.first.line, x.first.column} < std::pair{y.first.line, y.first.column};
  });
  for (auto& [where, message] : wrong) diagnostics.error(where, std::move(message));
}

}  // namespace boardgames::knockout
