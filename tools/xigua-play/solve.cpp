// xigua-play solve: the game solved by retrograde analysis (without the same-stone counter),
// written as a table file; and what analyse and play need to read one.
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "xigua_play.h"

namespace xigua_play {

CLI::App* register_solve(bg::cli::Tool& tool, CLI::App& app, Options& o) {
  CLI::App* sub = app.add_subcommand(
      "solve", "Solve the game by retrograde analysis and write the table to -o FILE");
  bg::cli::add_whole_number(*sub, "--max-stones", o.max_stones,
                            "Solve the positions of at most N stones a side (6: the whole game)", 3,
                            6);
  bg::cli::add_whole_number(*sub, "--threads", o.threads, "Threads to solve with", 1, 64);
  tool.add_output_file_option("--summary", o.summary,
                              "Also write the counts of won, lost and drawn positions", sub);
  return sub;
}

int run_solve(bg::cli::Tool& tool, const Options& o) {
  if (tool.output().path().empty() || tool.output().path() == "-")
    throw bg::cli::UsageError("solve writes a binary table: give -o FILE");
  xg::SolveRules rules;
  rules.max_stones = o.max_stones;
  const bool show = tool.stderr_is_terminal();
  const auto start = std::chrono::steady_clock::now();
  const xg::Tablebase table =
      xg::Tablebase::solve(rules, o.threads, [&](const xg::SolveProgress& p) {
        if (!show) return;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        fmt::print(
            stderr, "\rxigua-play: solving {}+{} stones, {:3.0f}% of {} positions, {:.0f} s ",
            p.mover_stones, p.other_stones,
            100.0 * static_cast<double>(p.done) / static_cast<double>(p.total), p.total, seconds);
      });
  if (show) fmt::print(stderr, "\n");
  tool.output().write(table.serialise());
  if (o.summary.empty()) return bg::cli::kSuccess;
  std::string text = fmt::format(
      "Xigua by retrograde analysis: passes allowed, a game that never ends is a draw, the "
      "same-stone counter not in the state.\nstones a side: {} to {}; {} symmetries; {} indexes\n",
      rules.min_stones, rules.max_stones, table.index().symmetries(), table.index().size());
  if (const auto v = table.value(xg::Position::start(xg::Side::black)))
    text += fmt::format("start position, Black to move: {}\n", xg::value_text(*v));
  text += "mover other  won lost drawn (classes)  won lost drawn (positions)  longest win\n";
  for (const xg::SliceCounts& c : xg::count_values(table)) {
    text += fmt::format("{:>5} {:>5}  {} {} {}  {} {} {}  {}\n", c.mover_stones, c.other_stones,
                        c.won, c.lost, c.drawn, c.all_won, c.all_lost, c.all_drawn, c.longest_win);
  }
  tool.file_output(o.summary).write(text);
  return bg::cli::kSuccess;
}

std::optional<xg::Tablebase> load_tablebase(bg::cli::Tool& tool, const std::string& path) {
  if (path.empty()) return std::nullopt;
  auto source = tool.open_input(path);
  if (!source) throw bg::cli::UsageError("cannot read the table " + bg::excerpt(path, 200));
  bg::Expected<xg::Tablebase> table = xg::Tablebase::parse(source->read_all());
  if (!table) throw bg::cli::UsageError(bg::excerpt(path, 200) + ": " + table.problem().reason);
  return std::move(*table);
}

std::vector<xg::MoveValue> table_values(const xg::Tablebase& table, const xg::Position& p) {
  const int most = table.index().rules().max_stones;
  if (p.count(xg::Side::black) > most || p.count(xg::Side::white) > most)
    throw bg::cli::UsageError(
        fmt::format("the table holds positions of at most {} stones a side", most));
  return xg::move_values(table, p);
}

xg::MoveValue table_move(const xg::Tablebase& table, const xg::Position& p, std::string& out) {
  const auto values = table_values(table, p);
  const auto best = xg::best_legal_move(values);
  if (!best) return {};
  if (values.front().illegal)
    out += fmt::format("the table's best move {} is forbidden by the same-stone rule; {} ({})\n",
                       xg::move_text(values.front().move), xg::move_text(best->move),
                       xg::value_text(best->value));
  return *best;
}

}  // namespace xigua_play
