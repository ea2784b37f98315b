// swiss-pair: pairs the next round of a Swiss event by the FIDE Dutch system (C.04.3, 2026),
// from a FIDE TRF or from the players and results CSV; --check re-pairs a finished event.
// Go events by McMahon or OpenGotha's Swiss from an OpenGotha file: go.cpp.
#include <fmt/format.h>

#include "boardgames/io/point_options.h"
#include "boardgames/io/swiss_io.h"
#include "boardgames/io/trf.h"
#include "common/options.h"
#include "common/tool.h"
#include "csv.h"
#include "eliminate.h"
#include "go.h"
#include "rules.h"

namespace bg = boardgames;
namespace sw = boardgames::swiss;
using bg::cli::or_usage_error;
using bg::cli::UsageError;
// Points as a TRF writes them, to one decimal.
constexpr bg::PointsNotation kTenths = bg::PointsNotation::tenths;

namespace {

struct Options {
  std::vector<std::string> files;
  std::string players;
  std::string format = "text";
  bool check = false;
  std::string first_colour;
  std::optional<std::uint64_t> seed;
  std::string points;
  std::string bye_points;
  std::optional<int> rounds;
  std::string game = "shatar";
};

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool(
      "swiss-pair",
      "Pair the next round of a Swiss event by the FIDE Dutch system (C.04.3, 2026).");
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files,
                       "A FIDE TRF, or the results CSV (with --players) (default: standard input)");
  tool.add_input_option("--players", o.players,
                        "Players CSV (with a results CSV): ids, names, ratings, seeding order");
  bg::cli::add_choice(app, "--format", o.format,
                      "Output: a table, the results CSV to fill in, the bare pairs list, or the "
                      "TRF with the round added",
                      {"text", "csv", "pairs", "trf"});
  app.add_flag("--check", o.check,
               "Re-pair every round played by the Dutch system (2026) and report each difference "
               "(exit 1 if any)");
  bg::cli::add_choice(
      app, "--first-colour", o.first_colour,
      "Colour of the top seed in round 1 (the initial colour) when the file does not say",
      {"white", "black"});
  bg::cli::add_seed_option(
      app, o.seed, "Draw the initial colour by lot with this seed when nothing else gives it");
  app.add_option("--points", o.points,
                 "Points for a win, a draw and a loss (default 1,0.5,0; go and xigua 2,1,0)")
      ->option_text("W,D,L");
  app.add_option("--bye-points", o.bye_points,
                 "Points of the pairing-allocated bye (default: a win)")
      ->option_text("P");
  bg::cli::add_whole_number(app, "--rounds", o.rounds,
                            "Total rounds of the event (when the file does not say)", 1, 1000);
  bg::cli::add_choice(app, "--game", o.game,
                      "The game: default points and which colour moves first in the CSV",
                      {"shatar", "chess", "go", "xigua"});
  GoPairOptions go(app);
  CsvPairOptions csv(app);
  EliminationOptions eliminate(app);
  RulesOption rules(app);
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.files.size() > 1)
      throw UsageError("give one input: a TRF, or a results CSV with --players");
    if (o.files.empty()) o.files.emplace_back("-");
    if (o.check && o.format != "text")
      throw UsageError("--check writes a report: leave --format out");
    // The report of --check is a verdict on the event: -o gets it on status 1 too.
    if (o.check) tool.set_output_kind(bg::cli::OutputKind::verdicts);
    const bg::Game game = *bg::parse_game(o.game);
    auto source = tool.open_input(o.files.front());
    if (!source) return bg::cli::kTrouble;
    const std::string text = source->read_all();
    const std::string file = source->name();
    bg::Diagnostics& diagnostics = tool.diagnostics();
    if (go.wanted(text)) {
      refuse_dutch_options(app);
      return run_go_pairing(tool, go, o.format, o.check, text, file, o.players, o.rounds);
    }

    bg::Event event;
    std::optional<sw::TrfFile> trf;
    bool colour_known = false, rounds_known = false;
    if (o.players.empty() && sw::looks_like_trf(text)) {
      csv.refuse_with_trf();
      trf = sw::read_trf(text, file, diagnostics);
      if (!csv.usable_trf(trf, o.check, diagnostics)) return input_rejected(tool, o.check);
      event = trf->event;
      colour_known = trf->colour_given;
      rounds_known = trf->rounds_given;
    } else {
      if (o.format == "trf") throw UsageError("--format trf needs a TRF as input");
      const int status = read_csv_event(tool, csv, text, file, o.players, game, o.check, event);
      if (status != bg::cli::kSuccess) return status;
    }
    // Points: the options override the file.
    const auto points = bg::cli::game_points_option(o.points, "--points", kTenths);
    const auto bye = bg::cli::points_option(o.bye_points, "--bye-points", 1000, kTenths);
    sw::override_points(event.points, points, bye);
    if (o.rounds) event.planned_rounds = *o.rounds;
    rounds_known = rounds_known || o.rounds.has_value();
    if (auto past = sw::check_round_to_pair(event); past && !o.check) {
      diagnostics.error({file, 0, 0}, past->reason);
      return bg::cli::kInputRejected;
    }
    if (!rounds_known && !o.check) {
      tool.note(
          "warning: the total number of rounds is unknown (XXR in the TRF, or --rounds): the last "
          "round's rules for topscorers are not applied");
    }
    // The initial colour: the option, the file, round 1 itself, or a lot.
    std::optional<bg::Seat> chosen;
    if (!o.first_colour.empty())
      chosen = o.first_colour == "white" ? bg::Seat::first : bg::Seat::second;
    // A CSV event draws the lot by default (a TRF from another program should say).
    const std::optional<std::uint64_t> arbiter_seed = o.seed;
    if (!o.seed && !trf) o.seed = bg::cli::clock_seed();
    const auto initial = sw::decide_initial_colour(event, colour_known, chosen, o.seed);
    if (!initial)
      throw UsageError(
          "the initial colour is unknown: give --first-colour white|black, or --seed S to draw it "
          "by lot");
    event.initial_seat = initial->seat;
    if (initial->source == sw::InitialColourSource::lot)
      tool.note(fmt::format("the lot (seed {}) gives the top seed {} in round 1", *o.seed,
                            event.initial_seat == bg::Seat::first ? "white" : "black"));
    if (const int status = o.check ? 0 : eliminate.apply(tool, event, arbiter_seed, file))
      return status;

    std::string& out = tool.output().buffer();
    if (o.check) return rules.check(tool, event, file, out);
    const bg::Expected<sw::Pairing> pairing = sw::pair_dutch(event, rules.options());
    if (!pairing) {
      diagnostics.error({file, 0, 0},
                        fmt::format("round {} cannot be paired: {}", event.rounds_played() + 1,
                                    pairing.problem().reason));
      return bg::cli::kInputRejected;
    }
    if (o.format == "trf") {
      out += sw::write_trf_with_round(*trf, event, *pairing);
      return bg::cli::kSuccess;
    }
    sw::PairingOutput output{&event, &*pairing, game, csv.by_name(), csv.numbered()};
    if (initial->source == sw::InitialColourSource::lot) output.lot_seed = o.seed;
    output.rules = rules.options().rules;
    sw::write_pairing(output, *sw::parse_pairing_format(o.format), out);
    return bg::cli::kSuccess;
  });
}
