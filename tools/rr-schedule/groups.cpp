#include "groups.h"

#include <algorithm>
#include <chrono>
#include <numeric>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/knockout_output.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/schedule_output.h"
#include "boardgames/tournament/best_of.h"
#include "boardgames/tournament/draw.h"
#include "boardgames/tournament/groups.h"
#include "common/options.h"

namespace bg = boardgames;
using bg::cli::UsageError;

namespace rr {

// The list's players numbered in their order (the draw of a group or of the finals).
bg::RoundRobinEvent schedule_of(const bg::PlayerList& list, const ScheduleSettings& settings,
                                bg::Diagnostics& diagnostics) {
  bg::RoundRobinEvent event;
  event.game = *bg::parse_game(settings.game);
  event.games_per_round = settings.games_per_round;
  event.options = settings.options;
  auto draw = bg::draw_round_robin(list, nullptr, {bg::DrawMethod::row_order, 0, settings.by_name},
                                   diagnostics);
  if (draw) event.entrants = std::move(draw->entrants);
  return event;
}

GroupOptions::GroupOptions(bg::cli::Tool& tool) {
  CLI::App& app = tool.app();
  bg::cli::add_whole_number(app, "--groups", groups_,
                            "Deal the players into G groups by the serpentine rule (ranked by "
                            "row or --seed-by rating), one round robin per group",
                            2, bg::groups::kMaxGroups, "G");
  bg::cli::add_choice(app, "--apart", apart_,
                      "Groups: keep players of one team or club apart where the deal allows",
                      {"team", "club"});
  bg::cli::add_whole_number(app, "--finals", finals_,
                            "The finals of the top K of each group, from the groups' filled-in "
                            "results (--results)",
                            1, bg::kMaxRoundRobinEntrants, "K");
  bg::cli::add_choice(app, "--finals-system", finals_system_,
                      "The finals as a round robin or a knock-out draw (group winners seeded, "
                      "never against a player of their own group in round 1)",
                      {"round-robin", "knockout"});
  bg::cli::add_whole_number(app, "--finals-games", finals_games_,
                            "Games a match of the knock-out final: 2 (colours swapped; the "
                            "book's default), 1 or best of 3, 5, 7, as knockout's --games",
                            1, bg::best_of::kMaxGames, "N");
  tool.add_input_option(
      "--results", results_,
      "The filled-in results CSV: the groups' (--finals), or the matches' (--match)");
}

void GroupOptions::check(bool teams, bool draw_lots, bool match,
                         const ScheduleSettings& settings) const {
  if (!wanted()) {
    if (!apart_.empty() || finals_ > 0 || (!results_.empty() && !match) ||
        finals_system_ != "round-robin" || finals_games_)
      throw UsageError(
          "--apart, --finals, --finals-system, --finals-games and --results need --groups");
    return;
  }
  if (teams) throw UsageError("--groups deals players, not teams");
  if (draw_lots) throw UsageError("--groups deals ranked players: row order or --seed-by rating");
  if (settings.format == "json") throw UsageError("--groups writes csv or text");
  if ((finals_ > 0) != !results_.empty())
    throw UsageError("--finals K reads the groups' results: give both --finals and --results");
  if (finals_system_ == "knockout" && finals_ == 0)
    throw UsageError("--finals-system needs --finals");
  if (finals_games_ && finals_system_ != "knockout")
    throw UsageError("--finals-games needs --finals-system knockout");
  if (finals_games_ && !bg::best_of::valid_match_games(*finals_games_))
    throw UsageError("--finals-games takes 1, 2 (colours swapped) or an odd best of N: 3, 5 or 7");
  if (finals_system_ == "knockout" &&
      (settings.round || settings.options.double_round || settings.games_per_round > 1))
    throw UsageError(
        "a knock-out final takes no --round, --double or --games-per-round "
        "(the knockout tool plays it on)");
  if (settings.seed && finals_ == 0)
    throw UsageError("--seed with --groups draws the finals' lots (--finals)");
}

int GroupOptions::run(bg::cli::Tool& tool, const bg::PlayerList& players,
                      ScheduleSettings settings) const {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  if (static_cast<int>(players.size()) < 2 * groups_) {
    throw UsageError(fmt::format("--groups {} needs at least {} players, not {}", groups_,
                                 2 * groups_, players.size()));
  }
  if (!apart_.empty() && !players.has_column(apart_)) {
    diagnostics.error({players.source, 1, 1},
                      fmt::format("--apart {0} needs a '{0}' column in the players file", apart_));
    return bg::cli::kInputRejected;
  }
  // A players file with a group column (the one --write-players wrote) keeps its groups, and
  // --seed-by and --apart have nothing to deal: a later run (--finals) must read the groups
  // that played, not deal them again.
  std::vector<bg::PlayerList> groups;
  const bool given = std::any_of(players.players.begin(), players.players.end(),
                                 [](const bg::Player& p) { return !bg::trim(p.group).empty(); });
  if (given) {
    auto from_column = bg::groups::groups_from_column(players, groups_);
    if (!from_column) {
      diagnostics.error(from_column.problem().where, from_column.problem().reason);
      return bg::cli::kInputRejected;
    }
    groups = std::move(*from_column);
  } else {
    groups = bg::groups::deal_players(players, groups_, settings.method, apart_);
  }
  for (const bg::groups::Clash& clash : bg::groups::clashes(groups, apart_)) {
    tool.note(
        fmt::format("warning: group {} holds {} players of {} '{}' ({}): no deal keeps "
                    "them apart",
                    bg::groups::group_name(clash.group), clash.names.size(), apart_,
                    bg::excerpt(clash.team, 40),
                    bg::excerpt(fmt::format("{}", fmt::join(clash.names, ", ")), 120)));
  }
  if (finals_ > 0) return finals(tool, groups, settings);

  std::vector<bg::GroupSchedule> schedules;
  int largest = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    schedules.push_back({bg::groups::group_name(static_cast<int>(g)),
                         schedule_of(groups[g], settings, diagnostics)});
    largest = std::max(largest, static_cast<int>(groups[g].size()));
  }
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  const bg::RoundRobin table(largest, settings.options);
  const auto [first, last] = bg::cli::or_usage_error(table.round_range(settings.round, "--round"));
  bg::write_group_schedules(schedules, *bg::parse_schedule_format(settings.format), first, last,
                            tool.output());
  if (!settings.write_players.empty()) {
    std::string text;
    bg::write_players_csv(bg::groups::joined(groups), text);
    tool.file_output(settings.write_players).write(text);
  }
  return bg::cli::kSuccess;
}

}  // namespace rr
