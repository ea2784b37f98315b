// xigua-play play: a person against the engine, moves read from standard input; the game as a
// record at the end.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/io_error.h"
#include "boardgames/xigua/drawing.h"
#include "boardgames/xigua/record.h"
#include "xigua_play.h"

namespace xigua_play {

namespace {

// A line of standard input without its end; of a line longer than kMaxCommand bytes only the
// start is kept and `too_long` is set. False at the end of the input.
constexpr std::size_t kMaxCommand = 1000;
bool read_command(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf& in = *std::cin.rdbuf();
  for (int c = in.sbumpc(); c != std::char_traits<char>::eof(); c = in.sbumpc()) {
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    }
    if (line.size() < kMaxCommand) {
      line += static_cast<char>(c);
    } else {
      too_long = true;
    }
  }
  // A read that failed (standard input a directory, a device gone) is not the end of the game.
  if (std::ferror(stdin)) throw bg::io_error_from_errno("reading standard input");
  return !line.empty() || too_long;
}

}  // namespace

CLI::App* register_play(bg::cli::Tool& tool, CLI::App& app, Options& o) {
  CLI::App* sub =
      app.add_subcommand("play", "Play the engine in the terminal (moves from standard input)");
  add_first_option(*sub, o);
  add_strength_options(*sub, o);
  bg::cli::add_choice(*sub, "--human", o.human, "The side you play", {"black", "white"});
  bg::cli::add_whole_number(*sub, "--max-moves", o.max_moves,
                            "Plies before the stone count decides", 1, 10'000);
  bg::cli::add_choice(*sub, "--repetition", o.repetition,
                      "A position seen a third time is a draw, or ignored", {"draw", "ignore"});
  sub->add_flag("--ascii", o.ascii, "Draw the board with ASCII letters");
  tool.add_output_file_option("--svg", o.svg, "Write the final position as an SVG picture", sub);
  tool.add_input_option("--tablebase", o.tablebase, "Play perfectly from a solved table", sub);
  return sub;
}

int run_play(bg::cli::Tool& tool, const Options& o) {
  const xg::Side first = parse_side(o.first).value_or(xg::Side::black);
  const xg::Side human = *parse_side(o.human);
  const bool interactive = ::isatty(STDIN_FILENO) == 1;
  xg::Game game(first, {o.max_moves, o.repetition == "draw"});
  xg::Engine engine;
  const auto table = load_tablebase(tool, o.tablebase);
  if (table) table_values(*table, game.position());  // refuses a table without 6 stones a side
  std::string& out = tool.output().buffer();
  // The engine's move, or the table's; the score in words and, for the engine, its depth.
  std::string score;
  std::string depth;
  auto choose = [&]() {
    if (table) {
      const xg::MoveValue best = table_move(*table, game.position(), out);
      score = "table: " + xg::value_text(best.value);
      depth.clear();
      return best.move;
    }
    xg::SearchInfo info;
    const xg::Move move = engine_move(engine, game, o.level, o.time_ms, &info);
    score = score_text(info.score);
    depth = fmt::format("depth {}, ", info.depth);
    return move;
  };
  auto show = [&]() {
    out += xg::board_diagram(game.position(), !o.ascii);
    tool.output().flush();
  };
  out += fmt::format("You play {}; {} moves first. Moves: N2-N1, pass, undo, hint, resign.\n",
                     xg::side_name(human), xg::side_name(first));
  show();
  std::string line;
  while (!game.over()) {
    if (game.position().side_to_move() != human) {
      const xg::Move move = choose();
      game.play(move);
      out += fmt::format("{} plays {} ({}{})\n", xg::side_name(~human), xg::move_text(move), depth,
                         score);
      show();
      continue;
    }
    if (interactive) {
      out += fmt::format("{} to move> ", xg::side_name(human));
      tool.output().flush();
    }
    bool too_long = false;
    if (!read_command(line, too_long)) break;
    const std::string_view command = bg::trim(line);
    if (too_long) {
      out += fmt::format("'{}' is not a move: a line of more than {} bytes is not read\n",
                         bg::excerpt(line), kMaxCommand);
      continue;
    }
    if (command.empty()) continue;
    if (bg::iequals_ascii(command, "resign")) {
      game.resign(human);
      break;
    }
    if (bg::iequals_ascii(command, "hint")) {
      const xg::Move move = choose();
      out += fmt::format("hint: {} ({})\n", xg::move_text(move), score);
      continue;
    }
    if (bg::iequals_ascii(command, "undo")) {
      game.take_back(2);  // the person's last move and the engine's answer
      out += "undone\n";
      show();
      continue;
    }
    const bg::Expected<xg::Move> move = xg::parse_move(bg::split(command, ' ').front());
    if (!move) {
      out +=
          fmt::format("'{}' is not a move: write FROM-TO with point names (e.g. N2-N1), or pass\n",
                      bg::excerpt(command));
      continue;
    }
    if (auto reason = game.position().check_move(*move)) {
      out += fmt::format("illegal: {}\n", xg::describe(*reason));
      continue;
    }
    game.play(*move);
    show();
  }
  const bg::RecordResult result =
      game.over() ? xg::record_result(game.end()->winner) : bg::RecordResult::unknown;
  out += fmt::format("Result: {}{}\n\n", result_text(result),
                     game.over() ? " (" + xg::describe(*game.end()) + ")" : "");
  xg::write_record({{"Black", human == xg::Side::black ? "person" : "xigua-play"},
                    {"White", human == xg::Side::white ? "person" : "xigua-play"},
                    {"First", std::string(xg::side_name(first))},
                    {"Result", std::string(bg::record_result_token(result))}},
                   first, game.moves(), result, out);
  if (!o.svg.empty())
    tool.file_output(o.svg).write(xg::board_svg(game.position(), result_text(result)));
  return bg::cli::kSuccess;
}

}  // namespace xigua_play
