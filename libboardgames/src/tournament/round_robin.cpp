#include "boardgames/tournament/round_robin.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace boardgames {

Pairing berger_pairing(int table_size, int round, int board) {
  const int n = table_size;
  const int ring_size = n - 1;
  // In 64 bits: (round - 1) × N/2 passes 2^31 from N = 65,538 on.
  const auto shift = static_cast<int>((static_cast<std::int64_t>(round - 1) * (n / 2)) % ring_size);
  auto ring = [&](int i) {
    return static_cast<int>((static_cast<std::int64_t>(i) + shift) % ring_size) + 1;
  };
  if (board == 1) {
    const int other = ring(0);
    return round % 2 == 1 ? Pairing{other, n} : Pairing{n, other};
  }
  return Pairing{ring(board - 1), ring(n - board)};
}

std::optional<Problem> RoundRobin::check(int participants) {
  Problem problem;
  problem.token = std::to_string(participants);
  if (participants < 2) {
    problem.reason = "a round robin needs at least 2 participants";
    return problem;
  }
  if (participants > kMaxParticipants) {
    problem.reason = "a round robin of " + std::to_string(participants) + " participants has " +
                     std::to_string(participants - 1) + " rounds or more; at most " +
                     std::to_string(kMaxParticipants) + " participants can be scheduled";
    return problem;
  }
  return std::nullopt;
}

RoundRobin::RoundRobin(int participants, RoundRobinOptions options)
    : participants_(std::clamp(participants, 2, kMaxParticipants)),
      table_size_(participants_ % 2 == 0 ? participants_ : participants_ + 1),
      options_(options) {}

RoundRobin::TableRound RoundRobin::table_round(int round) const {
  const int per_cycle = rounds_per_cycle();
  const bool second_cycle = round > per_cycle;
  int table_round = second_cycle ? round - per_cycle : round;
  if (!second_cycle && options_.swap_last_two && per_cycle >= 2) {
    if (table_round == per_cycle) {
      table_round = per_cycle - 1;
    } else if (table_round == per_cycle - 1) {
      table_round = per_cycle;
    }
  }
  return {table_round, second_cycle};
}

Expected<std::pair<int, int>> RoundRobin::round_range(std::optional<int> round,
                                                      std::string_view what) const {
  if (!round) return std::pair{1, rounds()};
  if (*round < 1 || *round > rounds()) {
    Problem problem;
    problem.reason = fmt::format("{} {} is outside 1..{}", what, *round, rounds());
    problem.token = std::to_string(*round);
    return problem;
  }
  return std::pair{*round, *round};
}

void RoundRobin::pairings(int round, std::vector<Pairing>& out) const {
  out.clear();
  const TableRound which = table_round(round);
  const int boards = table_size_ / 2;
  Pairing bye{};
  for (int board = 1; board <= boards; ++board) {
    Pairing p = berger_pairing(table_size_, which.table_round, board);
    if (which.reversed) std::swap(p.first, p.second);
    if (has_bye() && (p.first == table_size_ || p.second == table_size_)) {
      bye = Pairing{p.first == table_size_ ? p.second : p.first, 0};
      continue;
    }
    out.push_back(p);
  }
  if (bye.first != 0) out.push_back(bye);
}

std::vector<Pairing> RoundRobin::pairings(int round) const {
  std::vector<Pairing> out;
  pairings(round, out);
  return out;
}

std::vector<MatchGame> match_games(int boards, int games_per_round) {
  std::vector<MatchGame> games;
  games.reserve(static_cast<std::size_t>(boards * games_per_round));
  for (int board = 1; board <= boards; ++board) {
    for (int game = 1; game <= games_per_round; ++game) {
      const bool odd_board = board % 2 == 1;
      const bool odd_game = game % 2 == 1;
      games.push_back({board, game, odd_board == odd_game});
    }
  }
  return games;
}

}  // namespace boardgames
