// swiss-pair --rules 2026|2017: the edition of the Dutch system (C.04.3) a round is paired and
// checked under; --check without it recognises an event paired under the 2017 rules.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "boardgames/tournament/swiss.h"
#include "common/tool.h"

struct RulesOption {
  // Registers --rules on `app`.
  explicit RulesOption(CLI::App& app);
  // The pairing options of the edition chosen (2026 by default).
  boardgames::swiss::DutchOptions options() const;
  // --check: re-pairs every round played under the edition chosen and writes the report into
  // `out`; returns the exit status (1 when a round differs). When the edition was not given and
  // the 2026 rules find differences but every round re-pairs identically under the 2017 rules,
  // the event was paired under those: a warning says so ("paired under the 2017 rules (use
  // --rules 2017)") and the status is 0.
  int check(boardgames::cli::Tool& tool, const boardgames::Event& event, const std::string& file,
            std::string& out) const;

  std::string edition;  // empty: not given (2026)
};
