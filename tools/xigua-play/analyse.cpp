// xigua-play analyse: search a position (the start, or from a record) and show each depth's
// principal variation.
#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/xigua/drawing.h"
#include "xigua_play.h"

namespace xigua_play {

namespace {

std::string pv_text(const std::vector<xg::Move>& pv) {
  std::vector<std::string> parts;
  for (xg::Move m : pv) parts.push_back(xg::move_text(m));
  return bg::join(parts, " ");
}

}  // namespace

CLI::App* register_analyse(bg::cli::Tool& tool, CLI::App& app, Options& o) {
  CLI::App* sub = app.add_subcommand(
      "analyse", "Search a position from a record and show the principal variation");
  add_record_options(tool, *sub, o);
  add_first_option(*sub, o);
  add_strength_options(*sub, o);
  sub->add_flag("--ascii", o.ascii, "Draw the board with ASCII letters");
  tool.add_output_file_option("--svg", o.svg, "Also write the position as an SVG picture", sub);
  tool.add_input_option("--tablebase", o.tablebase,
                        "The value of every move from a solved table (xigua-play solve)", sub);
  return sub;
}

int run_analyse(bg::cli::Tool& tool, const Options& o) {
  const xg::Position position = position_from_record(tool, o);
  std::string& out = tool.output().buffer();
  out += xg::board_diagram(position, !o.ascii);
  if (const auto table = load_tablebase(tool, o.tablebase)) {
    if (position.game_over()) {
      out += "the game is over\n";
      return bg::cli::kSuccess;
    }
    const auto values = table_values(*table, position);
    out += fmt::format("{} to move: {} (by the table, which has no same-stone counter)\n",
                       xg::side_name(position.side_to_move()),
                       xg::value_text(table->value(position).value_or(xg::Value{})));
    for (const xg::MoveValue& v : values)
      out += fmt::format("{:<8} {}{}\n", xg::move_text(v.move), xg::value_text(v.value),
                         v.illegal ? "  (forbidden: the same stone's fifth move in a row)" : "");
    const xg::Move best = table_move(*table, position, out).move;
    out += fmt::format("best move: {}\n", xg::move_text(best));
    return bg::cli::kSuccess;
  }
  xg::Engine engine;
  xg::SearchLimits limits;
  limits.depth = o.time_ms > 0 ? 0 : o.level;
  limits.milliseconds = o.time_ms;
  out += "depth  score       nodes  principal variation (speed)\n";
  xg::SearchInfo best = engine.search(position, limits, {}, [&](const xg::SearchInfo& info) {
    const double nps = info.seconds > 0 ? static_cast<double>(info.nodes) / info.seconds : 0;
    out += fmt::format("{:>5}  {:>9}  {:>10}  {}  ({:.2f} M nodes/s)\n", info.depth,
                       score_text(info.score), info.nodes, pv_text(info.pv), nps / 1e6);
  });
  out += fmt::format("best move: {}\n", xg::move_text(best.pv.front()));
  if (!o.svg.empty()) tool.file_output(o.svg).write(xg::board_svg(position));
  return bg::cli::kSuccess;
}

}  // namespace xigua_play
