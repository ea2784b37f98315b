// xigua-play: referee and play Xigua (watermelon chess): validate records, play a person in the
// terminal, engine against engine, analyse a position, draw the board; and perft. The options
// and what the commands share; each command in its own file.
#include <fmt/format.h>

#include <climits>

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

std::string result_text(std::optional<bg::RecordResult> result) {
  if (result == bg::RecordResult::first_wins) return "Black wins";
  if (result == bg::RecordResult::second_wins) return "White wins";
  if (result == bg::RecordResult::draw) return "draw";
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
  if (o.files.empty()) {
    // Plies of no record: the start position would be a silent answer to another question.
    if (o.ply >= 0) throw UsageError(fmt::format("--ply {}: give the record file", o.ply));
    return xg::Position::start(parse_side(o.first).value_or(xg::Side::black));
  }
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
                                 report.valid() ? "" : "legal "));
  }
  const int plies = o.ply < 0 ? recorded : o.ply;
  for (int i = 0; i < plies; ++i)
    position = position.after(report.moves[static_cast<std::size_t>(i)]);
  return position;
}

void add_first_option(CLI::App& sub, Options& o) {
  bg::cli::add_choice(sub, "--first", o.first,
                      "Who moves first (default: the record's First tag, else Black)",
                      {"black", "white"});
}

void add_strength_options(CLI::App& sub, Options& o) {
  bg::cli::add_whole_number(sub, "--level", o.level, "Engine search depth in plies", 1, 40);
  bg::cli::add_whole_number(sub, "--time", o.time_ms,
                            "Engine time per move in milliseconds (instead of --level)", 1,
                            kMaxMoveMilliseconds, "MS");
}

void add_record_options(bg::cli::Tool& tool, CLI::App& sub, Options& o) {
  tool.add_input_files(o.files, "Record file (default: the start position)", &sub);
  bg::cli::add_whole_number(sub, "--game", o.game, "Which game of the file", 1, INT_MAX);
  bg::cli::add_whole_number(sub, "--ply", o.ply, "After how many plies (default: the end)", 0,
                            INT_MAX);
}

}  // namespace xigua_play

int main(int argc, char** argv) {
  using namespace xigua_play;
  bg::cli::Tool tool("xigua-play", "Referee and play Xigua (watermelon chess).");
  Options o;
  CLI::App& app = tool.app();
  // Depth 11: under a minute here; each ply more ten times as long.
  bg::cli::add_whole_number(app, "--perft", o.perft,
                            "Count sequences of N stone moves (1..11) from the start position; "
                            "the total is the last line",
                            1, 11);
  tool.add_output_option();
  app.require_subcommand(0, 1);
  CLI::App* validate = register_validate(tool, app, o);
  CLI::App* play = register_play(tool, app, o);
  CLI::App* match = register_match(app, o);
  CLI::App* analyse = register_analyse(tool, app, o);
  CLI::App* svg = register_svg(tool, app, o);
  CLI::App* solve = register_solve(tool, app, o);
  tool.set_reads_stdin([validate, play]() { return validate->parsed() || play->parsed(); });

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
    if (solve->parsed()) return run_solve(tool, o);
    throw UsageError("give a subcommand (validate, play, match, analyse, svg, solve) or --perft N");
  });
}
