#include "options.h"

#include "boardgames/tournament/best_of.h"
#include "common/options.h"

namespace bg = boardgames;
namespace ko = boardgames::knockout;
using bg::cli::UsageError;

namespace knockout_tool {

void add_options(bg::cli::Tool& tool, Options& o) {
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
                            "Games a match: 2 (colours swapped; the book's default), 1 or best of "
                            "3, 5, 7",
                            1, bg::best_of::kMaxGames);
  bg::cli::add_whole_number(app, "--playoff", o.rules.playoff,
                            "Playoff games of a drawn match, then the lot", 0,
                            bg::best_of::kMaxPlayoff);
  app.add_flag("--third-place", o.rules.third_place, "A match for third place beside the final");
  app.add_flag("--double", o.rules.double_elimination,
               "Double elimination (up to 32): a losers' bracket, the final and its reset");
  // A callback, not CLI11's "!--no-reset" on `reset`: that shows "--no-reset{false}" in the help.
  app.add_flag_callback(
      "--no-reset", [&o]() { o.rules.reset = false; },
      "Double elimination: no reset, the final decides");
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
}

void check_options(const Options& o, bool drawing) {
  if (o.files.size() > 2) throw UsageError("give the players file and at most one results file");
  if (!drawing && (!o.seeds.empty() || o.placement != "lot"))
    throw UsageError("--seeds and --placement belong to the draw (the players file alone)");
  if (!bg::best_of::valid_match_games(o.rules.games))
    throw UsageError("--games takes 1, 2 (colours swapped) or an odd best of N: 3, 5 or 7");
  if (o.rules.double_elimination && o.rules.losses > 0)
    throw UsageError("--double or --losses, not both");
  if ((o.rules.double_elimination || o.rules.losses > 0) && o.rules.third_place)
    throw UsageError("--double and --losses take no --third-place");
  if (!o.rules.reset && !o.rules.double_elimination) throw UsageError("--no-reset needs --double");
}

}  // namespace knockout_tool
