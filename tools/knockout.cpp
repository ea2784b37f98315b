// knockout: single-elimination brackets — the draw (seed classes, serpentine or lot, byes to
// the seeds) written as round 1 of the results CSV, then from the filled-in file the next
// round, the playoff games of drawn matches, or the final placings.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/io/knockout_output.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/knockout.h"
#include "common/options.h"
#include "common/tool.h"

namespace bg = boardgames;
namespace ko = boardgames::knockout;
using bg::cli::UsageError;

namespace {

struct Options {
  std::vector<std::string> files;
  std::string seeds;
  std::string placement = "lot";
  std::optional<std::uint64_t> seed;
  ko::MatchRules rules;
  std::string game = "shatar";
  std::string format = "csv";
};

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("knockout",
                     "Knock-out brackets: the draw as round 1 of the results CSV, then the next "
                     "round, the playoff games or the final placings from the filled-in file.");
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "Players CSV, then the results CSV of the rounds so far");
  app.add_option("--seeds", o.seeds,
                 "Seeds per class, first class first (2,2: slots 1, S/2+1 and S/2, S); the "
                 "highest ratings, or the players' seed column")
      ->option_text("N,N,...");
  bg::cli::add_choice(app, "--placement", o.placement,
                      "Seeds of a class over its slots by lot, or by the serpentine rule",
                      {"lot", "serpentine"});
  bg::cli::add_seed_option(app, o.seed,
                           "Seed of every lot (the draw, first movers, drawn matches)");
  bg::cli::add_whole_number(app, "--games", o.rules.games,
                            "Games a match: 1, 2 (colours swapped) or best of N", 1,
                            ko::kMaxMatchGames);
  bg::cli::add_whole_number(app, "--playoff", o.rules.playoff,
                            "Playoff games of a drawn match, then the lot", 0, ko::kMaxMatchGames);
  app.add_flag("--third-place", o.rules.third_place, "A match for third place beside the final");
  app.add_flag("--double", o.rules.double_elimination,
               "Double elimination (up to 32): a losers' bracket, the final and its reset");
  app.add_flag("!--no-reset", o.rules.reset, "Double elimination: no reset, the final decides");
  bg::cli::add_whole_number(app, "--losses", o.rules.losses,
                            "Multi-loss elimination: out at L losses, paired by losses", 2,
                            ko::kMaxLosses, "L");
  bg::cli::add_choice(app, "--game", o.game,
                      "Names the colour columns: white,black (shatar, chess) or black,white "
                      "(go, xigua)",
                      {"shatar", "go", "xigua", "chess"});
  bg::cli::add_choice(app, "--format", o.format,
                      "csv: the rows to fill in (the placings when over); text, json, svg, "
                      "html: the bracket",
                      {"csv", "text", "json", "svg", "html"});
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.files.empty()) o.files.push_back("-");
    if (o.files.size() > 2) throw UsageError("give the players file and at most one results file");
    const bool drawing = o.files.size() == 1;
    if (!drawing && (!o.seeds.empty() || o.placement != "lot"))
      throw UsageError("--seeds and --placement belong to the draw (the players file alone)");
    if (o.rules.double_elimination && o.rules.losses > 0)
      throw UsageError("--double or --losses, not both");
    if ((o.rules.double_elimination || o.rules.losses > 0) &&
        (o.rules.third_place || o.format == "svg" || o.format == "html"))
      throw UsageError(
          "--double and --losses take no --third-place, and show as csv, text or json");
    if (!o.rules.reset && !o.rules.double_elimination)
      throw UsageError("--no-reset needs --double");
    const auto classes = bg::cli::or_usage_error(ko::parse_seed_classes(o.seeds));
    bg::Diagnostics& diagnostics = tool.diagnostics();
    auto source = tool.open_input(o.files[0]);
    if (!source) return bg::cli::kTrouble;
    const bg::PlayerList players = bg::read_players_csv(*source, diagnostics);
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
    const bool clock_seed = drawing && !o.seed;
    if (clock_seed) {
      o.seed =
          static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
    }
    o.rules.seed = o.seed.value_or(0);
    const bg::Game game = *bg::parse_game(o.game);

    std::vector<bg::KnockoutEntrant> entrants;
    ko::Progress progress;
    if (drawing) {
      const ko::DrawOptions draw_options{
          classes, o.placement == "serpentine" ? ko::Placement::serpentine : ko::Placement::lot,
          o.rules.seed};
      const auto draw =
          ko::draw_players(players, draw_options,
                           o.rules.double_elimination ? ko::kMaxDoubleEntrants : ko::kMaxEntrants);
      if (!draw && draw.problem().where.file.empty()) throw UsageError(draw.problem().reason);
      if (!draw) {
        diagnostics.report(bg::to_diagnostic(draw.problem()));
        return bg::cli::kInputRejected;
      }
      if (clock_seed)
        tool.note(
            fmt::format("drawing lots with --seed {} (give it to repeat this draw)", *o.seed));
      entrants = bg::knockout_entrants(players, draw->order, draw->bracket.seeds);
      progress = ko::start(draw->bracket, o.rules);
    } else {
      bg::EventOptions options;
      options.game = game;
      options.elimination = true;
      options.round_robin = false;
      bg::EventBuilder builder(players, options, diagnostics);
      auto results = tool.open_input(o.files[1]);
      if (!results) return bg::cli::kTrouble;
      if (!bg::add_results(*results, builder, diagnostics)) return bg::cli::kInputRejected;
      const bg::Event event = builder.finish();
      if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
      progress = ko::follow(event, o.rules, diagnostics);
      entrants = bg::knockout_entrants(event);
    }
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;

    std::string& out = tool.output().buffer();
    switch (*bg::parse_knockout_format(o.format)) {
      case bg::KnockoutFormat::csv:
        if (progress.finished) {
          bg::write_knockout_placings(progress, entrants, out);
        } else {
          const bool game_column = o.rules.games > 1 || o.rules.playoff > 0;
          bg::write_knockout_rows(progress, entrants, {game, game_column}, out);
        }
        break;
      case bg::KnockoutFormat::text:
        bg::write_knockout_text(progress, entrants, out);
        break;
      case bg::KnockoutFormat::json:
        bg::write_knockout_json(progress, entrants, out);
        break;
      case bg::KnockoutFormat::svg:
        bg::write_knockout_svg(progress, entrants, out);
        break;
      case bg::KnockoutFormat::html:
        bg::write_knockout_html(progress, entrants, out);
        break;
    }
    return bg::cli::kSuccess;
  });
}
