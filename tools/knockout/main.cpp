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
#include "options.h"

namespace bg = boardgames;
namespace ko = boardgames::knockout;
using bg::cli::UsageError;

using knockout_tool::Options;

int main(int argc, char** argv) {
  bg::cli::Tool tool("knockout",
                     "Knock-out brackets: the draw as round 1 of the results CSV, then the next "
                     "round, the playoff games or the final placings from the filled-in file.");
  Options o;
  knockout_tool::add_options(tool, o);
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.files.empty()) o.files.push_back("-");
    const bool drawing = o.files.size() == 1;
    knockout_tool::check_options(o, drawing);
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
      if (draw->bracket.seeds == 0 && tool.app().count("--placement") > 0)
        throw UsageError(
            "--placement places seeds, and nobody is seeded: give --seeds N,N... "
            "(or a seed column in the players file)");
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
      // The rows' numbers are the bracket's slots, which the draw chose: a players file's own
      // numbers (rr-schedule writes them) are not slots and are left out here.
      bg::PlayerList unnumbered = players;
      for (bg::Player& player : unnumbered.players) player.number.reset();
      bg::EventBuilder builder(unnumbered, options, diagnostics);
      auto results = tool.open_input(o.files[1]);
      if (!results) return bg::cli::kTrouble;
      if (!bg::add_results(*results, builder, diagnostics)) return bg::cli::kInputRejected;
      const bg::Event event = builder.finish();
      if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
      ko::check_seeds(players, event, diagnostics);
      if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
      // The rows to fill in need every game decided; a picture shows the bracket so far.
      const bool rows = o.format == "csv";
      progress = ko::follow(event, o.rules, diagnostics,
                            rows ? ko::PendingGames::error : ko::PendingGames::shown);
      entrants = bg::knockout_entrants(event);
    }
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
    if (o.rules.third_place && progress.size == 2)
      diagnostics.warning({},
                          "--third-place: two entrants play the final alone, with no "
                          "semi-finals whose losers could play for third place");

    std::string& out = tool.output().buffer();
    switch (*bg::parse_knockout_format(o.format)) {
      case bg::KnockoutFormat::csv:
        if (progress.finished) {
          bg::write_knockout_placings(progress, entrants, &players, out);
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
