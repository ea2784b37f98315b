// standings: one event ranked and written as the options ask.
#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/go_output.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/io/team_total_output.h"
#include "common/options.h"
#include "standings/options.h"

namespace standings_tool {

namespace bg = boardgames;
using bg::cli::or_usage_error;
using bg::cli::UsageError;

int report_event(bg::cli::Tool& tool, const Options& o, const bg::SystemPreset* preset,
                 std::optional<bg::Points> max_score, const bg::PlayerList& players,
                 bg::Event& event, const bg::EventDetails& details) {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  bg::RankingOptions ranking;
  bg::StandingsHeading heading =
      or_usage_error(bg::choose_tiebreak_order(event, preset, o.tiebreaks, ranking));
  heading.details = details;
  // One line of UTF-8 whatever it holds (a TRF's own 012 line, a group's name): it heads pages
  // and a TRF's line.
  heading.details.title = bg::excerpt(details.title, 200);
  if (auto problem = bg::check_tiebreak_order(event, ranking.order))
    throw UsageError(problem->reason);
  if (max_score) ranking.settings.max_score = *max_score;
  ranking.lots = o.lots;
  ranking.seed = o.seed.value_or(0);
  const bg::Standings standings = bg::rank_event(event, ranking);

  std::string& out = tool.output().buffer();
  if (!o.team_total.empty()) {
    const auto mode = o.team_total == "ranks" ? bg::TeamTotal::ranks : bg::TeamTotal::points;
    bg::write_team_totals(mode, o.format == "csv", event, standings, players, diagnostics, out);
    return bg::cli::kSuccess;
  }
  if (!o.explain.empty()) {
    if (!bg::write_explanation(event, standings, ranking.settings, o.explain, out))
      throw UsageError(fmt::format("--explain: no participant with id or name '{}'", o.explain));
    return bg::cli::kSuccess;
  }
  if (auto problem =
          bg::write_event_report(o.format, event, standings, heading, players, diagnostics, out)) {
    // One placed in a file is the input's (a value the format cannot hold); others, usage.
    if (problem->where.file.empty()) throw UsageError(problem->reason);
    diagnostics.error(problem->where, problem->reason);
    return bg::cli::kInputRejected;
  }
  return bg::cli::kSuccess;
}

}  // namespace standings_tool
