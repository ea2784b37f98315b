// xigua-play: referee and play Xigua (watermelon chess): validate records, play a person in the
// terminal, engine against engine, analyse a position, draw the board; and perft. The options
// and what the commands share; each command in its own file.
#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/xigua/record.h"
#include "xigua_play.h"

namespace xigua_play {

using bg::cli::UsageError;

std::optional<xg::Side> parse_side(const std::string& text) {
  if (bg::iequals_ascii(text, "black")) return xg::Side::black;
  if (bg::iequals_ascii(text, "white")) return xg::Side::white;
  return std::nullopt;
}

std::string result_text(const std::string& result) {
  if (result == "1-0") return "Black wins";
  if (result == "0-1") return "White wins";
  if (result == "1/2-1/2") return "draw";
  return "unfinished";
}

std::string score_text(int score) {
  if (score >= xg::kWinScore - 1000) return fmt::format("win in {}", xg::kWinScore - score);
  if (score <= -(xg::kWinScore - 1000)) return fmt::format("loss in {}", xg::kWinScore + score);
  return fmt::format("{:+.2f}", score / 1000.0);
}

xg::Move engine_move(xg::Engine& engine, const xg::Game& game, int level, int time_ms,
                     xg::SearchInfo* info) {
  xg::SearchLimits limits;
  limits.depth = time_ms > 0 ? 0 : level;
  limits.milliseconds = time_ms;
  xg::SearchInfo found = engine.search(game.position(), limits, game.history());
  if (info) *info = found;
  return found.pv.front();
}

xg::Position position_from_record(bg::cli::Tool& tool, const Options& o) {
  if (o.files.empty()) return xg::Position::start(parse_side(o.first).value_or(xg::Side::black));
  if (o.files.size() > 1) throw UsageError("give one record file");
  auto source = tool.open_input(o.files.front());
  if (!source) throw UsageError("cannot read the record");
  const std::string text = source->read_all();
  const std::string file = bg::replace_invalid_utf8(source->name());
  auto records = xg::read_records(text, file, tool.diagnostics());
  if (o.game < 1 || o.game > static_cast<int>(records.size())) {
    throw UsageError(fmt::format("--game {}: the file has {} game(s)", o.game, records.size()));
  }
  xg::ValidateOptions options;
  options.first = parse_side(o.first);
  xg::RecordReport report =
      xg::validate_record(records[static_cast<std::size_t>(o.game - 1)], file, options);
  for (const auto& d : report.diagnostics) tool.diagnostics().report(d);
  xg::Position position = xg::Position::start(report.first);
  const int recorded = static_cast<int>(report.moves.size());
  if (o.ply > recorded) {
    throw UsageError(fmt::format("--ply {}: game {} has {} {}plies", o.ply, o.game, recorded,
                                 report.valid ? "" : "legal "));
  }
  const int plies = o.ply < 0 ? recorded : o.ply;
  for (int i = 0; i < plies; ++i)
    position = position.after(report.moves[static_cast<std::size_t>(i)]);
  return position;
}

}  // namespace xigua_play

int main(int argc, char** argv) {
  using namespace xigua_play;
  bg::cli::Tool tool("xigua-play", "Referee and play Xigua (watermelon chess).");
  const CLI::Validator milliseconds = CLI::Range(1, 600'000);  // ten minutes a move at most
  Options o;
  CLI::App& app = tool.app();
  app.add_option("--perft", o.perft,
                 "Count sequences of N stone moves (1..11) from the start position; the total is "
                 "the last line")
      ->check(CLI::Range(1, 11))  // depth 11: under a minute here; each ply more ten times as long
      ->option_text("N");
  tool.add_output_option();
  app.require_subcommand(0, 1);

  auto add_first = [&](CLI::App* sub) {
    sub->add_option("--first", o.first,
                    "Who moves first (default: the record's First tag, else Black)")
        ->check(CLI::IsMember({"black", "white"}))
        ->option_text("black|white");
  };
  auto add_strength = [&](CLI::App* sub) {
    sub->add_option("--level", o.level, "Engine search depth in plies")
        ->check(CLI::Range(1, 40))
        ->option_text("N");
    sub->add_option("--time", o.time_ms,
                    "Engine time per move in milliseconds (instead of --level)")
        ->check(milliseconds)
        ->option_text("MS");
  };

  CLI::App* validate =
      app.add_subcommand("validate", "Replay records and check every move against the rules");
  tool.add_input_files(o.files, "Record files (default: standard input)", validate);
  validate->add_flag(
      "--manual-capture", o.manual_capture,
      "Captures must be written; unwritten dead stones escape, a wrong capture is a warning");
  validate->add_option("--format", o.format, "Output: a line per game (text) or CSV")
      ->check(CLI::IsMember({"text", "csv"}))
      ->option_text("text|csv");
  validate
      ->add_option(
          "--encoding", o.encoding,
          "Read the files in this character set (iconv name, e.g. GB18030); by default UTF-8, "
          "and tag text that is not UTF-8 as Windows-1252")
      ->option_text("NAME");
  add_first(validate);

  CLI::App* play =
      app.add_subcommand("play", "Play the engine in the terminal (moves from standard input)");
  add_first(play);
  add_strength(play);
  play->add_option("--human", o.human, "The side you play")
      ->check(CLI::IsMember({"black", "white"}))
      ->option_text("black|white");
  play->add_option("--max-moves", o.max_moves, "Plies before the stone count decides")
      ->check(CLI::Range(1, 10'000))
      ->option_text("N");
  play->add_option("--repetition", o.repetition,
                   "A position seen a third time is a draw, or ignored")
      ->check(CLI::IsMember({"draw", "ignore"}))
      ->option_text("draw|ignore");
  play->add_flag("--ascii", o.ascii, "Draw the board with ASCII letters");
  tool.add_output_file_option("--svg", o.svg, "Write the final position as an SVG picture", play);

  CLI::App* match = app.add_subcommand("match", "Engine against engine: best of 3 or 5");
  match->add_option("--games", o.games, "3 or 5")->option_text("N");
  match->add_option("--level-a", o.level_a, "Depth of configuration A")
      ->check(CLI::Range(1, 40))
      ->option_text("N");
  match->add_option("--level-b", o.level_b, "Depth of configuration B")
      ->check(CLI::Range(1, 40))
      ->option_text("N");
  match->add_option("--time-a", o.time_a, "Milliseconds per move of A (instead of its depth)")
      ->check(milliseconds)
      ->option_text("MS");
  match->add_option("--time-b", o.time_b, "Milliseconds per move of B")
      ->check(milliseconds)
      ->option_text("MS");
  match->add_option("--random-plies", o.random_plies, "Random opening plies, for variety")
      ->check(CLI::Range(0, 100))
      ->option_text("K");
  match->add_option("--seed", o.seed, "Seed for the openings and the lots")
      ->check(bg::cli::seed_number())
      ->option_text("S");
  match->add_option("--max-moves", o.max_moves, "Plies before the stone count decides")
      ->check(CLI::Range(1, 10'000))
      ->option_text("N");

  CLI::App* analyse = app.add_subcommand(
      "analyse", "Search a position from a record and show the principal variation");
  tool.add_input_files(o.files, "Record file (default: the start position)", analyse);
  analyse->add_option("--game", o.game, "Which game of the file")
      ->check(CLI::PositiveNumber)
      ->option_text("N");
  analyse->add_option("--ply", o.ply, "After how many plies (default: the end)")
      ->check(CLI::NonNegativeNumber)
      ->option_text("N");
  add_first(analyse);
  add_strength(analyse);
  analyse->add_flag("--ascii", o.ascii, "Draw the board with ASCII letters");
  tool.add_output_file_option("--svg", o.svg, "Also write the position as an SVG picture", analyse);

  CLI::App* svg = app.add_subcommand("svg", "Draw a position (start, or from a record) as SVG");
  tool.add_input_files(o.files, "Record file (default: the start position)", svg);
  svg->add_option("--game", o.game, "Which game of the file")
      ->check(CLI::PositiveNumber)
      ->option_text("N");
  svg->add_option("--ply", o.ply, "After how many plies (default: the end)")
      ->check(CLI::NonNegativeNumber)
      ->option_text("N");
  tool.set_reads_stdin([validate, play]() { return validate->parsed() || play->parsed(); });
  add_first(svg);

  return tool.run(argc, argv, [&]() -> int {
    if (o.perft > 0) {
      if (!app.get_subcommands().empty()) throw UsageError("--perft goes without a subcommand");
      fmt::format_to(std::back_inserter(tool.output().buffer()), "{}\n",
                     xg::perft(xg::Position::start(), o.perft));
      return bg::cli::kSuccess;
    }
    if (validate->parsed()) return run_validate(tool, o);
    if (play->parsed()) return run_play(tool, o);
    if (match->parsed()) return run_match(tool, o);
    if (analyse->parsed()) return run_analyse(tool, o);
    if (svg->parsed()) return run_svg(tool, o);
    throw UsageError("give a subcommand (validate, play, match, analyse, svg) or --perft N");
  });
}
