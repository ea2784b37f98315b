// The checker (as bbpPairings keeps checker.cpp apart): every round played re-paired from the
// event as it stood before it and compared; the event before a round; the initial colour.
#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

#include <fmt/format.h>

#include "boardgames/core/random.h"
#include "boardgames/tournament/swiss.h"

namespace boardgames::swiss {

Event event_before_round(const Event& event, int round) {
  Event before = event;
  for (Participant& p : before.participants) {
    if (static_cast<int>(p.rounds.size()) >= round) {
      const RoundRecord& entry = p.rounds[static_cast<std::size_t>(round - 1)];
      p.absent = !entry.paired();
      p.absence = p.absent ? std::optional<RoundKind>(entry.kind) : std::nullopt;
    }
    if (static_cast<int>(p.rounds.size()) > round - 1)
      p.rounds.resize(static_cast<std::size_t>(round - 1));
  }
  return before;
}

const char* edition_name(DutchRules rules) {
  return rules == DutchRules::fide2017 ? "2017" : "2026";
}

std::vector<int> pairing_order(const Event& event) {
  std::vector<int> order(event.participants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  if (!event.pair_by_position) {
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return event.participants[static_cast<std::size_t>(a)].number <
             event.participants[static_cast<std::size_t>(b)].number;
    });
  }
  return order;
}

std::optional<Seat> infer_initial_colour(const Event& event) {
  // Ranks at the pairing of round 1: the players paired in it, in pairing order.
  std::vector<int> order;
  for (int i : pairing_order(event)) {
    const Participant& p = event.participants[static_cast<std::size_t>(i)];
    if (!p.rounds.empty() && p.rounds.front().paired()) order.push_back(i);
  }
  std::vector<int> rank(event.participants.size(), -1);
  for (std::size_t r = 0; r < order.size(); ++r)
    rank[static_cast<std::size_t>(order[r])] = static_cast<int>(r);
  for (int i : order) {
    const RoundRecord& e = event.participants[static_cast<std::size_t>(i)].rounds.front();
    if (e.opponent < 0 || e.seat == Seat::none) continue;
    const int mine = rank[static_cast<std::size_t>(i)];
    const int theirs = rank[static_cast<std::size_t>(e.opponent)];
    if (theirs < 0 || theirs < mine) continue;  // i is the higher-ranked of the pair
    return mine % 2 == 0 ? e.seat : opposite(e.seat);
  }
  return std::nullopt;
}

std::optional<InitialColour> decide_initial_colour(const Event& event, bool file_gives,
                                                   std::optional<Seat> chosen,
                                                   std::optional<std::uint64_t> seed) {
  if (chosen) return InitialColour{*chosen, InitialColourSource::option};
  if (file_gives) return InitialColour{event.initial_seat, InitialColourSource::file};
  if (auto inferred = infer_initial_colour(event))
    return InitialColour{*inferred, InitialColourSource::round_one};
  if (seed) {
    Random random(*seed);
    return InitialColour{random.below(2) == 0 ? Seat::first : Seat::second,
                         InitialColourSource::lot};
  }
  return std::nullopt;
}

std::optional<Problem> check_round_to_pair(const Event& event) {
  if (event.participants.empty()) {
    return Problem{
        "no players: nothing to pair (an empty file, or a header alone)", {event.file, 0, 0}, {}};
  }
  const int round = event.rounds_played() + 1;
  if (event.planned_rounds == 0 || round <= event.planned_rounds) return std::nullopt;
  Problem problem;
  const int played = round - 1;
  problem.reason =
      played > event.planned_rounds
          ? fmt::format(
                "round {} cannot be paired: the event has {} round{} (XXR or --rounds), "
                "but {} are played (--rounds raises the total)",
                round, event.planned_rounds, event.planned_rounds == 1 ? "" : "s", played)
          : fmt::format(
                "round {} cannot be paired: the event has {} round{}, all paired "
                "(--rounds raises the total)",
                round, event.planned_rounds, event.planned_rounds == 1 ? "" : "s");
  problem.where.file = event.file;
  return problem;
}

bool report_unfinished_games(const Event& event, const std::string& file,
                             Diagnostics& diagnostics) {
  constexpr std::size_t kListed = 10;
  // (line, round, participant, opponent): reported in the file's order.
  std::vector<std::array<std::uint32_t, 4>> unfinished;
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    const Participant& p = event.participants[i];
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      const RoundRecord& e = p.rounds[r];
      // Each game once, from its lower index.
      if (e.kind != RoundKind::none || e.opponent < 0 || e.opponent < static_cast<int>(i)) continue;
      unfinished.push_back({e.line, static_cast<std::uint32_t>(r + 1),
                            static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(e.opponent)});
    }
  }
  std::sort(unfinished.begin(), unfinished.end());
  for (std::size_t k = 0; k < unfinished.size() && k < kListed; ++k) {
    const auto [line, round, a, b] = unfinished[k];
    diagnostics.error({file, line, 0},
                      fmt::format("round {} is not finished: '{}' v '{}' has no result (enter it "
                                  "before pairing round {})",
                                  round, event.participants[a].name, event.participants[b].name,
                                  event.rounds_played() + 1));
  }
  if (unfinished.size() > kListed) {
    diagnostics.error({file, 0, 0}, fmt::format("and {} more games without a result",
                                                unfinished.size() - kListed));
  }
  return unfinished.empty();
}

std::vector<RoundCheck> check_event(const Event& event, const DutchOptions& options) {
  const char* edition = edition_name(options.rules);
  std::vector<RoundCheck> checks;
  auto number = [&](int index) {
    return event.participants[static_cast<std::size_t>(index)].number;
  };
  for (int round = 1; round <= event.rounds_played(); ++round) {
    RoundCheck check;
    check.round = round;
    const Expected<Pairing> result = pair_dutch(event_before_round(event, round), options);
    if (!result) {
      check.problem = result.problem();
      checks.push_back(std::move(check));
      continue;
    }
    for (const Board& b : result->boards) {
      if (b.second < 0) {
        check.bye = true;
      } else {
        ++check.boards;
      }
    }
    // What was paired: (white, black) per game, -1 black for the PAB.
    std::set<std::pair<int, int>> actual;
    for (std::size_t i = 0; i < event.participants.size(); ++i) {
      const RoundRecord& e = event.participants[i].rounds[static_cast<std::size_t>(round - 1)];
      if (e.kind == RoundKind::pairing_bye) actual.emplace(static_cast<int>(i), -1);
      if (e.opponent >= 0 &&
          (e.seat == Seat::first || (e.seat == Seat::none && static_cast<int>(i) < e.opponent))) {
        actual.emplace(static_cast<int>(i), e.opponent);
      }
    }
    std::set<std::pair<int, int>> mine;
    for (const Board& b : result->boards) mine.emplace(b.first, b.second);
    auto describe = [&](const std::pair<int, int>& pair) {
      return pair.second < 0 ? fmt::format("{} (bye)", number(pair.first))
                             : fmt::format("{}-{}", number(pair.first), number(pair.second));
    };
    for (const auto& pair : actual) {
      if (mine.count(pair)) continue;
      const auto reversed = std::make_pair(pair.second, pair.first);
      if (pair.second >= 0 && mine.count(reversed)) {
        check.differences.push_back(
            fmt::format("{}: colours reversed (the Dutch system ({}) gives {})", describe(pair),
                        edition, describe(reversed)));
      } else {
        check.differences.push_back(fmt::format(
            "{} was paired; the Dutch system ({}) does not pair it", describe(pair), edition));
      }
    }
    for (const auto& pair : mine) {
      const auto reversed = std::make_pair(pair.second, pair.first);
      if (actual.count(pair) || (pair.second >= 0 && actual.count(reversed))) continue;
      check.differences.push_back(
          fmt::format("the Dutch system ({}) pairs {}", edition, describe(pair)));
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

}  // namespace boardgames::swiss
