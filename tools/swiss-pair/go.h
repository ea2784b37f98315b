// swiss-pair for Go events: McMahon and OpenGotha's Swiss from an OpenGotha file, or from the
// players (with ranks) and results CSV (--system, --bar, --floor, --handicap, --explain),
// beside the FIDE Dutch system of main.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "common/tool.h"

struct GoPairOptions {
  // Registers --system, --bar, --floor, --handicap, --handicap-ceiling,
  // --handicap-correction and --explain on `app` (the options live as long as this object).
  explicit GoPairOptions(CLI::App& app);
  // Whether the run is a Go pairing: --system mcmahon or opengotha-swiss, or an OpenGotha file.
  // When it is not, a Go option given (--bar, --floor, --handicap...) is a UsageError.
  bool wanted(std::string_view text) const;

  std::string system = "dutch";
  std::string bar;
  std::string floor;
  std::string handicap;
  std::optional<int> ceiling;
  std::optional<int> correction;
  std::string explain;
};

// The Dutch system's options (--first-colour, --seed, --points, --apart, --eliminate...) given
// for a Go pairing, which would ignore them: a UsageError.
void refuse_dutch_options(CLI::App& app);

// Reads the OpenGotha file (or the results CSV `text` with the players CSV at `players_path`,
// which has ranks), applies the options, and pairs the next round (or --check, or --explain);
// the exit status. `rounds` (--rounds) overrides the file's total. A round past the total, or
// on top of games without a result, is refused (exit status 1).
int run_go_pairing(boardgames::cli::Tool& tool, const GoPairOptions& options,
                   const std::string& format, bool check, const std::string& text,
                   const std::string& file, const std::string& players_path,
                   std::optional<int> rounds);
