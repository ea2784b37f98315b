// xigua-play svg: a position (the start, or from a record) as an SVG picture.
#include "boardgames/xigua/drawing.h"
#include "xigua_play.h"

namespace xigua_play {

CLI::App* register_svg(bg::cli::Tool& tool, CLI::App& app, Options& o) {
  CLI::App* sub = app.add_subcommand("svg", "Draw a position (start, or from a record) as SVG");
  add_record_options(tool, *sub, o);
  add_first_option(*sub, o);
  return sub;
}

int run_svg(bg::cli::Tool& tool, const Options& o) {
  const xg::Position position = position_from_record(tool, o);
  tool.output().write(xg::board_svg(position));
  return bg::cli::kSuccess;
}

}  // namespace xigua_play
