// standings: final standings, crosstables and the rule books' tie-breaks from a results CSV.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/io/go_output.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/point_options.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/io/team_total_output.h"
#include "boardgames/io/trf.h"
#include "boardgames/tournament/ranking.h"
#include "boardgames/tournament/round_robin.h"
#include "common/event_options.h"
#include "common/options.h"
#include "common/tool.h"

namespace bg = boardgames;
using bg::cli::or_usage_error;
using bg::cli::UsageError;
// Whole or half points (a game is worth at most 1,000 points; a maximum score at most a million).
constexpr bg::PointsNotation kHalves = bg::PointsNotation::halves;

namespace {

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
};

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("standings",
                     "Final standings, crosstables and tie-breaks from a results CSV or a TRF.");
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "Results CSV files, or one TRF (default: standard input)");
  tool.add_input_option("--players", o.players,
                        "Players CSV: ids, names, ratings, teams, withdrawals");
  bg::cli::add_choice(app, "--game", o.game,
                      "The game: default points 1/½/0 (shatar, chess) or 2/1/0 (go, xigua)",
                      {"shatar", "go", "xigua", "chess"});
  app.add_option("--system", o.system, "A rule book's tie-break order or mcmahon (standings(1))")
      ->option_text("NAME");
  app.add_option("--tiebreaks", o.tiebreaks,
                 "A custom order of tie-break codes, e.g. BH-C1,BH,SB,DE")
      ->option_text("LIST");
  const bg::cli::EventValueOptions values(app);
  app.add_flag("--round-robin", o.round_robin, "Treat the event as a round robin");
  app.add_flag("--swiss", o.swiss, "Treat the event as a Swiss");
  app.add_flag("--teams", o.teams, "A team event: players' teams from the players file");
  app.add_option("--max-score", o.max_score,
                 "Maximum score in the total-score formula (default: win points × rounds)")
      ->option_text("P");
  app.add_flag("--lots", o.lots, "Break ties that survive every criterion by lot (needs --seed)");
  bg::cli::add_seed_option(app, o.seed, "Seed for --lots");
  bg::cli::add_choice(
      app, "--format", o.format, "Output format",
      {"text", "csv", "json", "crosstable", "html", "trf", "egf", "aga", "opengotha"});
  app.add_option("--title", o.title, "The event's name, for HTML and TRF")->option_text("TEXT");
  app.add_option("--explain", o.explain, "Explain each tie-break of one player (id or name)")
      ->option_text("ID");
  bg::cli::add_choice(app, "--team-total", o.team_total,
                      "Team standings from individual results: the members' points or ranks",
                      {"points", "ranks"});
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.round_robin && o.swiss) throw UsageError("--round-robin and --swiss exclude each other");
    if (!o.system.empty() && !o.tiebreaks.empty())
      throw UsageError("give --system or --tiebreaks, not both");
    if (o.lots && !o.seed)
      throw UsageError("--lots needs --seed S, so that the lot can be repeated");
    const bool go_system = o.system == "mcmahon" || o.system == "opengotha-swiss";
    const bg::SystemPreset* preset =
        go_system ? nullptr : or_usage_error(bg::choose_preset(o.system, "--system"));
    const auto max_score = bg::cli::points_option(o.max_score, "--max-score", 1'000'000, kHalves);
    if (max_score == bg::Points()) throw UsageError("--max-score must be more than 0");
    or_usage_error(bg::parse_tiebreaks(o.tiebreaks));  // before reading anything
    if (!o.team_total.empty() && (o.players.empty() || (o.format != "text" && o.format != "csv")))
      throw UsageError("--team-total needs --players (with a team column) and writes text or csv");

    bg::EventOptions options;
    options.game = o.game ? *bg::parse_game(*o.game) : preset ? preset->game : bg::Game::shatar;
    values.apply(options);
    if (o.round_robin) options.round_robin = true;
    if (o.swiss) options.round_robin = false;
    if (preset && !options.round_robin) options.round_robin = preset->round_robin;
    options.teams = o.teams || (preset && preset->format == bg::EventFormat::team);
    bg::Diagnostics& diagnostics = tool.diagnostics();

    bg::PlayerList players;
    if (!o.players.empty()) {
      auto source = tool.open_input(o.players);
      if (!source) return bg::cli::kTrouble;
      players = bg::read_players_csv(*source, diagnostics);
    }
    bg::EventBuilder builder(players, options, diagnostics);
    std::optional<bg::swiss::TrfFile> trf;  // a TRF-run event: its event as the TRF gives it
    if (o.files.empty()) o.files.emplace_back("-");
    for (const std::string& file : o.files) {
      auto source = tool.open_input(file);
      if (!source) continue;
      std::string text = source->read_all();
      if (o.files.size() == 1 && (go_system || bg::looks_like_opengotha_xml(text))) {
        // An OpenGotha file: McMahon or OpenGotha's Swiss, by OpenGotha's criteria.
        const bool read = or_usage_error(bg::write_opengotha_standings(
            text, source->name(), o.system, o.format, diagnostics, tool.output().buffer()));
        return read ? bg::cli::kSuccess : bg::cli::kInputRejected;
      }
      if (o.files.size() == 1 && bg::swiss::looks_like_trf(text)) {
        if (!(trf = bg::swiss::read_trf(text, source->name(), diagnostics)))
          return bg::cli::kInputRejected;
        break;
      }
      auto again = bg::ByteSource::from_string(std::move(text), source->name());
      bg::add_results(again, builder, diagnostics);
    }
    bg::Event event = trf ? std::move(trf->event) : builder.finish();

    bg::RankingOptions ranking;
    bg::StandingsHeading heading =
        or_usage_error(bg::choose_tiebreak_order(event, preset, o.tiebreaks, ranking));
    heading.title = !o.title.empty() ? o.title : trf ? trf->title : "";
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
    if (auto problem = bg::write_event_report(o.format, event, standings, heading, players, out))
      throw UsageError(problem->reason);
    return bg::cli::kSuccess;
  });
}
