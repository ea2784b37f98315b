#include <algorithm>
#include <chrono>
#include <numeric>

#include <fmt/format.h>

#include "boardgames/io/knockout_output.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/schedule_output.h"
#include "boardgames/tournament/groups.h"
#include "common/options.h"
#include "groups.h"

namespace bg = boardgames;
using bg::cli::UsageError;

namespace rr {

namespace {

// The finalists with the knock-out's seeds (entrants 0..seeds − 1, the group winners) in a
// `seed` column, so that `knockout finalists.csv finals.csv` finds the seeds the rows give.
bg::PlayerList with_seeds(bg::PlayerList list, int seeds) {
  const std::size_t column = list.extra_column("seed").value_or(list.extra_columns.size());
  if (column == list.extra_columns.size()) list.extra_columns.push_back("seed");
  for (std::size_t i = 0; i < list.players.size(); ++i) {
    bg::Player& player = list.players[i];
    player.extra.resize(list.extra_columns.size());
    player.extra[column] = static_cast<int>(i) < seeds ? std::to_string(i + 1) : "";
  }
  return list;
}

}  // namespace

int GroupOptions::finals(bg::cli::Tool& tool, const std::vector<bg::PlayerList>& groups,
                         const ScheduleSettings& settings) const {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  for (const bg::PlayerList& group : groups) {
    if (static_cast<int>(group.size()) < finals_)
      throw UsageError(fmt::format("--finals {} but group {} has {} players", finals_,
                                   group.players.front().group, group.size()));
  }
  auto source = tool.open_input(results_);
  if (!source) return bg::cli::kTrouble;
  const auto events =
      bg::read_group_results(*source, groups, *bg::parse_game(settings.game), diagnostics);
  if (diagnostics.error_count() > 0 || events.size() != groups.size())
    return bg::cli::kInputRejected;
  const std::uint64_t seed = settings.seed.value_or(
      static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()));
  const bg::groups::Finals finals = bg::groups::finals_from_groups(groups, events, finals_, seed);
  for (const auto& [group, place] : finals.lots) {
    tool.note(
        fmt::format("warning: group {}: from place {} players are tied on every "
                    "tie-break; the lot placed them",
                    bg::groups::group_name(group), place));
  }
  for (const bg::groups::Finals::Withdrawn& w : finals.withdrawn) {
    tool.note(fmt::format(
        "group {}: {} withdrew and does not go on to the finals; {}",
        bg::groups::group_name(w.group), w.name,
        w.replaced ? "the next in the group's order does" : "the group has no one else to send"));
  }
  if ((!finals.lots.empty() || finals_system_ == "knockout") && !settings.seed)
    tool.note(fmt::format("drawing lots with --seed {} (give it to repeat this draw)", seed));
  const bg::PlayerList& list = finals.players;
  bg::PlayerList written = list;
  const auto format = *bg::parse_schedule_format(settings.format);
  if (finals_system_ == "knockout") {
    const auto bracket = bg::groups::finals_bracket(finals.finalists, seed);
    if (!bracket) throw UsageError(bracket.problem().reason);
    bg::knockout::MatchRules rules;
    rules.seed = seed;
    if (finals_games_) rules.games = *finals_games_;
    const auto progress = bg::knockout::start(*bracket, rules);
    std::vector<std::size_t> order(list.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto entrants = bg::knockout_entrants(list, order, bracket->seeds);
    written = with_seeds(list, bracket->seeds);
    if (format == bg::ScheduleFormat::text) {
      bg::write_knockout_text(progress, entrants, tool.output().buffer());
    } else {
      bg::write_knockout_rows(progress, entrants, {*bg::parse_game(settings.game), rules.games > 1},
                              tool.output().buffer());
    }
  } else {
    const bg::RoundRobinEvent event = schedule_of(list, settings, diagnostics);
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
    const bg::RoundRobin table(static_cast<int>(list.size()), settings.options);
    const auto [first, last] =
        bg::cli::or_usage_error(table.round_range(settings.round, "--round"));
    bg::write_schedule(event, format, first, last, tool.output());
  }
  if (!settings.write_players.empty()) {
    std::string text;
    bg::write_players_csv(written, text);
    tool.file_output(settings.write_players).write(text);
  }
  return bg::cli::kSuccess;
}

}  // namespace rr
