// standings' options: registering them, and the usage errors of their combinations.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/event_options.h"
#include "common/tool.h"

namespace standings_tool {

struct Options {
  std::vector<std::string> files;
  std::string players;
  std::optional<std::string> game;
  std::string system;
  std::string tiebreaks;
  bool round_robin = false;
  bool swiss = false;
  bool teams = false;
  std::string max_score;
  bool lots = false;
  std::optional<std::uint64_t> seed;
  std::string format = "text";
  std::string explain;
  std::string title;
  std::string team_total;
  std::optional<int> bar;  // --bar, --floor: McMahon standings from CSV files
  std::optional<int> floor;
  // --points, --bye-points, --rounds, --withdrawn, --valuation (registered among the others, in
  // the help's order; on the heap because CLI11 keeps pointers to its members).
  std::unique_ptr<boardgames::cli::EventValueOptions> values;
};

// Registers every option but -o.
void add_options(boardgames::cli::Tool& tool, Options& o);
// Throws a UsageError for a combination the tool does not take (before anything is read).
void check_options(const Options& o);

}  // namespace standings_tool
