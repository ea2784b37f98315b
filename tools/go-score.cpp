// go-score: replays Go records under the Chinese rules, settles the dead stones, counts the
// area with komi and prints the result.
#include <vector>

#include <fmt/format.h>

#include "boardgames/go/batch.h"
#include "boardgames/go/drawing.h"
#include "boardgames/go/record.h"
#include "boardgames/go/status.h"
#include "boardgames/io/count_output.h"
#include "common/options.h"
#include "common/parallel.h"
#include "common/tool.h"

namespace bg = boardgames;
namespace go = boardgames::go;
using bg::cli::UsageError;

namespace {

struct Options {
  std::vector<std::string> files;
  std::optional<double> komi_stones;
  std::optional<double> komi_points;
  std::optional<go::Eighths> komi;  // either of them, exact
  std::string dead = "";
  std::string superko = "positional";
  int warnings_black = 0;
  int warnings_white = 0;
  std::string format = "text";
  bool show = false;
  std::string svg;
  bool check_result = false;
  int playouts = 200;
  std::uint64_t seed = 1;
  int jobs = 1;
};

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("go-score",
                     "Replay Go records under the Chinese rules, settle the dead stones and count.",
                     bg::cli::OutputKind::verdicts);
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "SGF files or typed-in final positions (default: standard input)");
  app.add_option("--komi", o.komi_stones, "Komi in stones (3.75 = 7.5 points)")
      ->check(bg::cli::number_in(-500, 500))
      ->option_text("STONES");
  app.add_option("--komi-points", o.komi_points, "Komi in points")
      ->check(bg::cli::number_in(-1000, 1000))
      ->option_text("POINTS");
  app.add_option(
         "--dead", o.dead,
         "Dead stones: auto (settle them), none, or points such as D4,Q16 or dd,pp (a chain each)")
      ->option_text("auto|none|POINTS");
  bg::cli::add_choice(app, "--superko", o.superko, "Whole-board repetition rule",
                      {"positional", "situational", "simple-ko"});
  bg::cli::add_whole_number(app, "--warnings-black", o.warnings_black,
                            "Warnings Black received: one stone each; two lose", 0, 100);
  bg::cli::add_whole_number(app, "--warnings-white", o.warnings_white, "Warnings White received", 0,
                            100);
  bg::cli::add_choice(app, "--format", o.format, "Output format",
                      {"text", "csv", "json", "results"});
  app.add_flag("--show", o.show, "Draw the scored board: dead stones and territory marked");
  tool.add_output_file_option("--svg", o.svg, "Write a picture of the (first) scored board");
  app.add_flag("--check-result", o.check_result,
               "Compare with the record's RE; a disagreement is an error");
  bg::cli::add_whole_number(app, "--playouts", o.playouts, "Random playouts to settle dead stones",
                            1, 100000);
  bg::cli::add_seed_option(app, o.seed, "Seed of the playouts");
  bg::cli::add_jobs_option(app, o.jobs, "Score games on N threads (output order kept)");
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.komi_stones && o.komi_points)
      throw UsageError("give --komi (stones) or --komi-points, not both");
    // A drawing amid CSV or JSON would spoil the file for the program that reads it.
    if (o.show && o.format != "text") throw UsageError("--show draws text: leave --format out");
    if (o.komi_stones)
      o.komi = bg::cli::or_usage_error(go::komi_option("--komi", *o.komi_stones, false));
    if (o.komi_points)
      o.komi = bg::cli::or_usage_error(go::komi_option("--komi-points", *o.komi_points, true));
    go::Rules rules;
    rules.ko = *go::parse_ko_rule(o.superko);
    go::DeadStonesChoice dead = bg::cli::or_usage_error(go::parse_dead_stones(o.dead, "--dead"));
    go::CountOptions count;
    count.komi = o.komi;
    count.dead = dead.dead;
    count.dead_points = std::move(dead.points);
    count.black_warnings = o.warnings_black;
    count.white_warnings = o.warnings_white;
    count.settle.playouts = o.playouts;
    count.settle.seed = o.seed;
    count.check_result = o.check_result;
    if (o.files.empty()) o.files.emplace_back("-");
    bg::CountWriter writer(o.format == "csv"       ? bg::CountFormat::csv
                           : o.format == "json"    ? bg::CountFormat::json
                           : o.format == "results" ? bg::CountFormat::results
                                                   : bg::CountFormat::text,
                           o.show, tool.output().buffer(), &tool.diagnostics());
    bool svg_written = false;
    std::size_t scored = 0;
    // Read, scored and written a batch at a time: memory holds a batch's parsed records and
    // replays (tens of kilobytes a game), not every game's (4,080 games: 301 MB, now 26).
    constexpr std::size_t kBatchGames = 256;
    std::vector<go::GameInput> jobs;  // read, not scored yet
    const auto score_batch = [&](std::size_t games) {
      std::vector<go::GameOutcome> outcomes;
      {
        // Scoring with playouts takes milliseconds a game: a batch of thousands shows progress.
        bg::cli::Progress progress(tool);
        outcomes = bg::cli::ordered_map<go::GameOutcome>(
            games, o.jobs,
            [&](std::size_t i) { return go::score_game_input(jobs[i], count, rules); },
            [&](std::size_t done) {
              if (games > 1)
                progress.show([&]() { return fmt::format("{} games", scored + done); });
            });
      }
      for (std::size_t i = 0; i < games; ++i) {
        const go::GameInput& job = jobs[i];
        for (const bg::Diagnostic& d : job.read_findings) tool.diagnostics().report(d);
        for (const bg::Diagnostic& d : outcomes[i].findings) tool.diagnostics().report(d);
        writer.write(job, outcomes[i]);
        if (outcomes[i].score && !o.svg.empty() && !svg_written) {
          tool.file_output(o.svg).write(
              go::board_svg(outcomes[i].replay.board, *outcomes[i].score));
          svg_written = true;
        }
        tool.output().flush_if_large();
      }
      scored += games;
      jobs.erase(jobs.begin(), jobs.begin() + static_cast<std::ptrdiff_t>(games));
    };
    for (const std::string& path : o.files) {
      std::string why;
      auto source = tool.open_input(path, &why);
      if (!source) jobs.push_back(go::unopened_input(path, why));
      if (!source) continue;
      std::string bytes;
      try {
        bytes = source->read_all();
      } catch (const bg::ReadError& error) {
        jobs.push_back(go::unopened_input(source->name(), tool.input_failed(error, source->name()),
                                          "cannot read"));
        continue;
      }
      go::for_each_game_input(bytes, source->name(), [&](go::GameInput&& job) {
        jobs.push_back(std::move(job));
        if (jobs.size() >= kBatchGames) score_batch(jobs.size());
      });
    }
    score_batch(jobs.size());
    writer.finish();
    return bg::cli::kSuccess;
  });
}
