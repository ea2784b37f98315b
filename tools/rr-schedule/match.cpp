#include "match.h"

#include <chrono>

#include <fmt/format.h>

#include "boardgames/io/best_of_output.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/draw.h"
#include "common/options.h"

namespace bg = boardgames;
using bg::cli::UsageError;

namespace rr {

MatchOptions::MatchOptions(bg::cli::Tool& tool) {
  bg::cli::add_whole_number(tool.app(), "--match", games_,
                            "Every pairing a best-of-N match (3, 5 or 7): game 1's rows, first "
                            "mover by lot; with --results the next games",
                            bg::best_of::kMinGames, bg::best_of::kMaxGames, "N");
}

void MatchOptions::check(bool teams, bool groups, const std::string& results,
                         const ScheduleSettings& settings) const {
  if (!wanted()) return;
  if (games_ % 2 == 0) throw UsageError("--match takes an odd number of games: 3, 5 or 7");
  if (teams || groups) throw UsageError("--match is for individual round robins");
  if (settings.games_per_round > 1) throw UsageError("--match or --games-per-round, not both");
  if (settings.format == "json" || (settings.format == "text" && results.empty()))
    throw UsageError(
        "--match writes the CSV to fill in; --format text with --results shows "
        "where the matches stand");
  if (!results.empty() && !settings.write_players.empty())
    throw UsageError("--write-players writes the draw of game 1: give it without --results");
}

int MatchOptions::run(bg::cli::Tool& tool, const bg::PlayerList& players, ScheduleSettings settings,
                      const std::string& results) const {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  if (!settings.seed) {
    settings.seed =
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    tool.note(fmt::format("drawing lots with --seed {} (give it again with the filled-in file)",
                          *settings.seed));
  }
  const bg::Game game = *bg::parse_game(settings.game);
  std::string& out = tool.output().buffer();
  if (!results.empty()) {
    auto source = tool.open_input(results);
    if (!source) return bg::cli::kTrouble;
    auto matches = bg::read_best_of_matches(*source, game, games_, diagnostics);
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
    if (settings.format == "text") {
      // People by name in the table (the rows name them by id).
      for (bg::BestOfMatch& m : matches) {
        for (std::string* side : {&m.a, &m.b}) {
          const auto found = players.find(*side);
          if (found.match == bg::PlayerList::Match::found)
            *side = players.players[found.index].name;
        }
      }
      bg::write_best_of_text(matches, games_, *settings.seed, out);
    } else {
      bg::write_best_of_next_games(matches, game, games_, *settings.seed, out);
    }
    return bg::cli::kSuccess;
  }
  auto draw = bg::draw_round_robin(
      players, nullptr, {settings.method, *settings.seed, settings.by_name}, diagnostics);
  if (!draw) throw UsageError(draw.problem().reason);
  if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
  bg::RoundRobinEvent event;
  event.game = game;
  event.options = settings.options;
  event.entrants = std::move(draw->entrants);
  const bg::RoundRobin table(static_cast<int>(event.entrants.size()), event.options);
  const auto [first, last] = bg::cli::or_usage_error(table.round_range(settings.round, "--round"));
  bg::write_best_of_first_games(event, first, last, *settings.seed, out);
  if (!settings.write_players.empty()) {
    std::string text;
    bg::write_players_csv(draw->numbered, text);
    tool.file_output(settings.write_players).write(text);
  }
  return bg::cli::kSuccess;
}

}  // namespace rr
