// knockout's options: registering them, and the usage errors of their combinations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/tournament/knockout.h"
#include "common/tool.h"

namespace knockout_tool {

struct Options {
  std::vector<std::string> files;
  std::string seeds;
  std::string placement = "lot";
  std::optional<std::uint64_t> seed;
  boardgames::knockout::MatchRules rules;
  std::string game = "shatar";
  std::string format = "csv";
};

// Registers every option but -o.
void add_options(boardgames::cli::Tool& tool, Options& o);
// Throws a UsageError for a combination the tool does not take; `drawing`: the players file
// alone (the draw).
void check_options(const Options& o, bool drawing);

}  // namespace knockout_tool
