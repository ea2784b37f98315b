// swiss-pair --eliminate-from R --eliminate K: Swiss with elimination (competitions.md) — the
// lowest players leave before each round from R on, their results standing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "boardgames/tournament/event.h"
#include "common/tool.h"

struct EliminationOptions {
  // Registers --eliminate-from and --eliminate on `app`.
  explicit EliminationOptions(CLI::App& app);
  // Withdraws from the pairing the players eliminated up to the round to pair (with `seed` for
  // the lot) and writes each as a note on standard error: who, before which round, why. Returns
  // 0, or the exit status when the results contradict the eliminations or a lot needs a seed.
  int apply(boardgames::cli::Tool& tool, boardgames::Event& event,
            std::optional<std::uint64_t> seed, const std::string& file) const;

  std::optional<int> from_round;
  std::optional<int> per_round;
};
