// standings' options: registering them, and the usage errors of their combinations.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/points.h"
#include "boardgames/io/event_details.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/ranking.h"
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
  std::string place;  // --place, --dates: where and when, for the TRF and the Go federations
  std::string dates;
  std::string team_total;
  std::string group;       // --group: one group of a group stage
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
// --title, --place and --dates; a UsageError for dates that are no days, or a place or dates
// asked of a format that does not hold them.
boardgames::EventDetails event_details(const Options& o);
// Throws a UsageError for an option that a Go event's standings (McMahon or OpenGotha's Swiss,
// by OpenGotha's criteria) would ignore: the points, byes, withdrawals, shape, --explain,
// --lots and team options of the rule books' standings, and a --game other than go.
void refuse_for_go(CLI::App& app);
// Throws a UsageError when --group names no group of `groups` (those the results name), or
// when several groups are to be written in a format that holds one event.
void check_groups(const Options& o, const std::vector<std::string>& groups);

// Ranks `event` by the preset or --tiebreaks and writes what the options ask for (the
// standings in --format, --explain, --team-total) with `details` (title, place, dates); the exit
// status.
int report_event(boardgames::cli::Tool& tool, const Options& o,
                 const boardgames::SystemPreset* preset,
                 std::optional<boardgames::Points> max_score, const boardgames::PlayerList& players,
                 boardgames::Event& event, const boardgames::EventDetails& details);

}  // namespace standings_tool
