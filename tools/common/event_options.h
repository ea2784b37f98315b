// The options that value an event's results (standings): --points, --bye-points, --rounds,
// --withdrawn and --withdrawal-valuation, registered once and set into EventOptions.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "boardgames/tournament/event.h"

namespace boardgames::cli {

struct EventValueOptions {
  // Registers the options on `app` (they live as long as this object).
  explicit EventValueOptions(CLI::App& app);
  // Sets them into `options`; a points value out of range is a UsageError.
  void apply(EventOptions& options) const;

  std::string points;
  std::string bye_points;
  std::optional<int> rounds;
  std::vector<std::string> withdrawn;
  std::string valuation = "fide";
};

}  // namespace boardgames::cli
