// xigua-play svg: a position (the start, or from a record) as an SVG picture.
#include "boardgames/xigua/drawing.h"
#include "xigua_play.h"

namespace xigua_play {

int run_svg(bg::cli::Tool& tool, const Options& o) {
  const xg::Position position = position_from_record(tool, o);
  tool.output().write(xg::board_svg(position));
  return bg::cli::kSuccess;
}

}  // namespace xigua_play
