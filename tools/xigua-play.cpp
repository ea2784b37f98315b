// xigua-play: referee and play Xigua (watermelon chess): validate records, play a person in the
// terminal, engine against engine, analyse a position, draw the board; and perft.
#include <unistd.h>

#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/points.h"
#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/xigua/drawing.h"
#include "boardgames/xigua/engine.h"
#include "boardgames/xigua/record.h"
#include "common/tool.h"

namespace bg = boardgames;
namespace xg = boardgames::xigua;
using bg::cli::UsageError;

namespace {

struct Options {
  int perft = 0;
  // validate
  std::vector<std::string> files;
  bool manual_capture = false;
  std::string format = "text";
  std::string encoding;
  // play / match / analyse / svg
  std::string first;
  std::string human = "black";
  int level = 6;
  int time_ms = 0;
  int max_moves = 200;
  std::string repetition = "draw";
  std::uint64_t seed = 1;
  bool ascii = false;
  std::string svg;
  int games = 3;
  int level_a = 6;
  int level_b = 2;
  int time_a = 0;
  int time_b = 0;
  int random_plies = 2;
  int game = 1;
  int ply = -1;
};

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

std::string pv_text(const std::vector<xg::Move>& pv) {
  std::vector<std::string> parts;
  for (xg::Move m : pv) parts.push_back(xg::move_text(m));
  return bg::join(parts, " ");
}

// A game in progress, with the rules that end it.
struct Game {
  xg::Position position;
  std::vector<xg::Move> moves;
  std::vector<std::uint64_t> keys;  // every position so far, for repetition
  std::map<std::uint64_t, int> seen;
  int max_plies = 200;
  bool repetition_draw = true;
  std::string result;  // "" while running
  std::string reason;

  explicit Game(xg::Side first, int max, bool repetition) : position(xg::Position::start(first)), max_plies(max), repetition_draw(repetition) {
    keys.push_back(position.key());
    seen[position.key()] = 1;
  }
  void play(xg::Move move) {
    position = position.after(move);
    moves.push_back(move);
    keys.push_back(position.key());
    const int count = ++seen[position.key()];
    if (auto winner = position.winner()) {
      result = *winner == xg::Side::black ? "1-0" : "0-1";
      reason = "4 stones captured";
    } else if (repetition_draw && count >= 3) {
      result = "1/2-1/2";
      reason = "the same position a third time";
    } else if (static_cast<int>(moves.size()) >= max_plies) {
      const int black = position.count(xg::Side::black);
      const int white = position.count(xg::Side::white);
      result = black > white ? "1-0" : black < white ? "0-1" : "1/2-1/2";
      reason = fmt::format("move limit ({} plies): stones on the board {}-{}", max_plies, black, white);
    }
  }
  // Earlier positions, for the engine's repetition check (the current one excluded).
  std::vector<std::uint64_t> history() const { return {keys.begin(), keys.end() - 1}; }
};

xg::Move engine_move(xg::Engine& engine, const Game& game, int level, int time_ms, xg::SearchInfo* info = nullptr) {
  xg::SearchLimits limits;
  limits.depth = time_ms > 0 ? 0 : level;
  limits.milliseconds = time_ms;
  xg::SearchInfo found = engine.search(game.position, limits, game.history());
  if (info) *info = found;
  return found.pv.front();
}

std::optional<xg::Move> parse_move(std::string_view text) {
  if (bg::iequals_ascii(text, "pass")) return xg::Move::pass();
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  auto from = xg::parse_point(text.substr(0, dash));
  auto to = xg::parse_point(text.substr(dash + 1));
  if (!from || !to) return std::nullopt;
  return xg::Move(*from, *to);
}

// The record (file or standard input), game and ply a command works on.
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
  xg::RecordReport report = xg::validate_record(records[static_cast<std::size_t>(o.game - 1)], file, options);
  for (const auto& d : report.diagnostics) tool.diagnostics().report(d);
  xg::Position position = xg::Position::start(report.first);
  const int recorded = static_cast<int>(report.moves.size());
  if (o.ply > recorded) {
    throw UsageError(fmt::format("--ply {}: game {} has {} {}plies", o.ply, o.game, recorded, report.valid ? "" : "legal "));
  }
  const int plies = o.ply < 0 ? recorded : o.ply;
  for (int i = 0; i < plies; ++i) position = position.after(report.moves[static_cast<std::size_t>(i)]);
  return position;
}

// A file's text: as it is (the reader takes UTF-8, and tag text that is not UTF-8 as
// Windows-1252), or converted from the set `encoding` names.
std::string file_text(bg::ByteSource& source, const std::string& encoding, const std::string& file,
                      bg::Diagnostics& diagnostics) {
  if (encoding.empty()) return source.read_all();
  std::string warning;
  std::string text = bg::file_text_to_utf8(source.read_all(), encoding, &warning);
  if (!warning.empty()) diagnostics.warning({file, 0, 0}, warning);
  return text;
}

int run_validate(bg::cli::Tool& tool, Options& o) {
  if (!bg::known_charset(o.encoding)) {
    throw UsageError(fmt::format("--encoding: no character set is called '{}'", bg::excerpt(o.encoding)));
  }
  if (o.files.empty()) o.files.emplace_back("-");
  std::string& out = tool.output().buffer();
  bg::CsvWriter csv(out);
  if (o.format == "csv") {
    csv.field("file").field("game").field("black").field("white").field("result").field("plies").field("status")
        .field("error_ply").field("reason");
    csv.end_row();
  }
  xg::ValidateOptions options;
  options.manual_capture = o.manual_capture;
  options.first = parse_side(o.first);
  bool any_invalid = false;
  for (const std::string& path : o.files) {
    auto source = tool.open_input(path);
    if (!source) continue;
    const std::string file = bg::replace_invalid_utf8(source->name());
    const std::string text = file_text(*source, o.encoding, file, tool.diagnostics());
    int valid = 0;
    int unfinished = 0;
    int invalid = 0;
    for (const xg::Record& record : xg::read_records(text, file, tool.diagnostics())) {
      xg::RecordReport report = xg::validate_record(record, file, options);
      for (const auto& d : report.diagnostics) tool.diagnostics().report(d);
      const std::string_view status = !report.valid ? "invalid" : report.unfinished ? "unfinished" : "valid";
      (!report.valid ? invalid : report.unfinished ? unfinished : valid)++;
      any_invalid = any_invalid || !report.valid;
      if (o.format == "csv") {
        csv.field(file).field(report.index).field(report.black).field(report.white).field(report.result)
            .field(report.plies).field(status);
        if (report.error_ply > 0) {
          csv.field(report.error_ply);
        } else {
          csv.field("");
        }
        csv.field(report.reason);
        csv.end_row();
      } else {
        fmt::format_to(std::back_inserter(out), "{} game {}: {}, {} plies, {} ({}){}\n", file, report.index, status,
                       report.plies, report.unfinished ? "no result" : result_text(report.result),
                       report.result_reason.empty() ? "recorded" : report.result_reason,
                       report.valid ? "" : report.error_ply > 0 ? fmt::format("; ply {}: {}", report.error_ply, report.reason)
                                                                : "; " + report.reason);
      }
    }
    if (o.format == "text") {
      fmt::format_to(std::back_inserter(out), "{}: {} valid, {} unfinished, {} invalid\n", file, valid, unfinished, invalid);
    }
  }
  return any_invalid ? bg::cli::kInputRejected : bg::cli::kSuccess;
}

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
  return !line.empty() || too_long;
}

int run_play(bg::cli::Tool& tool, const Options& o) {
  const xg::Side first = parse_side(o.first).value_or(xg::Side::black);
  const xg::Side human = *parse_side(o.human);
  const bool interactive = ::isatty(STDIN_FILENO) == 1;
  Game game(first, o.max_moves, o.repetition == "draw");
  xg::Engine engine;
  std::string& out = tool.output().buffer();
  auto show = [&]() {
    out += xg::board_diagram(game.position, !o.ascii);
    tool.output().flush();
  };
  out += fmt::format("You play {}; {} moves first. Moves: N2-N1, pass, undo, hint, resign.\n",
                     xg::side_name(human), xg::side_name(first));
  show();
  std::string line;
  while (game.result.empty()) {
    if (game.position.side_to_move() != human) {
      xg::SearchInfo info;
      const xg::Move move = engine_move(engine, game, o.level, o.time_ms, &info);
      game.play(move);
      out += fmt::format("{} plays {} (depth {}, {})\n", xg::side_name(~human), xg::move_text(move), info.depth,
                         score_text(info.score));
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
      out += fmt::format("'{}' is not a move: a line of more than {} bytes is not read\n", bg::excerpt(line),
                         kMaxCommand);
      continue;
    }
    if (command.empty()) continue;
    if (bg::iequals_ascii(command, "resign")) {
      game.result = human == xg::Side::black ? "0-1" : "1-0";
      game.reason = fmt::format("{} resigned", xg::side_name(human));
      break;
    }
    if (bg::iequals_ascii(command, "hint")) {
      xg::SearchInfo info;
      const xg::Move move = engine_move(engine, game, o.level, o.time_ms, &info);
      out += fmt::format("hint: {} ({})\n", xg::move_text(move), score_text(info.score));
      continue;
    }
    if (bg::iequals_ascii(command, "undo")) {
      // Take back the person's last move and the engine's answer.
      const std::size_t back = game.moves.size() >= 2 ? 2 : game.moves.size();
      std::vector<xg::Move> keep(game.moves.begin(), game.moves.end() - static_cast<std::ptrdiff_t>(back));
      Game replay(first, o.max_moves, o.repetition == "draw");
      for (xg::Move m : keep) replay.play(m);
      game = replay;
      out += "undone\n";
      show();
      continue;
    }
    auto move = parse_move(bg::split(command, ' ').front());
    if (!move) {
      out += fmt::format("'{}' is not a move: write FROM-TO with point names (e.g. N2-N1), or pass\n",
                         bg::excerpt(command));
      continue;
    }
    if (auto reason = game.position.check_move(*move)) {
      out += fmt::format("illegal: {}\n", xg::describe(*reason));
      continue;
    }
    game.play(*move);
    show();
  }
  const std::string result = game.result.empty() ? "*" : game.result;
  out += fmt::format("Result: {}{}\n\n", result_text(result), game.reason.empty() ? "" : " (" + game.reason + ")");
  out += xg::write_record({{"Black", human == xg::Side::black ? "person" : "xigua-play"},
                           {"White", human == xg::Side::white ? "person" : "xigua-play"},
                           {"First", std::string(xg::side_name(first))},
                           {"Result", result}},
                          first, game.moves, result);
  if (!o.svg.empty()) tool.file_output(o.svg).write(xg::board_svg(game.position, result_text(result)));
  return bg::cli::kSuccess;
}

int run_match(bg::cli::Tool& tool, const Options& o) {
  if (o.games != 3 && o.games != 5) throw UsageError("--games is 3 or 5 (best of three or of five)");
  bg::Random random(o.seed);
  std::string& out = tool.output().buffer();
  // Points of configuration A and B.
  int a_halves = 0;
  int b_halves = 0;
  const int needed = o.games + 1;  // more than half of the games, in half points
  xg::Side first_of_a = random.below(2) == 0 ? xg::Side::black : xg::Side::white;
  for (int g = 1; g <= o.games; ++g) {
    // A alternates colours; the deciding game's first move is drawn by lot.
    xg::Side a_side = g % 2 == 1 ? first_of_a : ~first_of_a;
    if (g == o.games) a_side = random.below(2) == 0 ? xg::Side::black : xg::Side::white;
    xg::Engine engine_a;
    xg::Engine engine_b;
    Game game(xg::Side::black, o.max_moves, true);
    for (int i = 0; i < o.random_plies && game.result.empty(); ++i) game.play(xg::random_move(game.position, random));
    while (game.result.empty()) {
      const bool a_to_move = game.position.side_to_move() == a_side;
      game.play(a_to_move ? engine_move(engine_a, game, o.level_a, o.time_a)
                          : engine_move(engine_b, game, o.level_b, o.time_b));
    }
    const bool black_won = game.result == "1-0";
    const bool draw = game.result == "1/2-1/2";
    if (draw) {
      ++a_halves;
      ++b_halves;
    } else if (black_won == (a_side == xg::Side::black)) {
      a_halves += 2;
    } else {
      b_halves += 2;
    }
    const std::string a_name = fmt::format("A (depth {})", o.level_a);
    const std::string b_name = fmt::format("B (depth {})", o.level_b);
    out += xg::write_record({{"Game", std::to_string(g)},
                             {"Black", a_side == xg::Side::black ? a_name : b_name},
                             {"White", a_side == xg::Side::white ? a_name : b_name},
                             {"First", "Black"},
                             {"Result", game.result},
                             {"Termination", game.reason}},
                            xg::Side::black, game.moves, game.result);
    out += '\n';
    tool.output().flush_if_large();
    if (a_halves >= needed || b_halves >= needed) break;
  }
  out += fmt::format("; match: A {} - B {}\n", bg::Points::from_halves(a_halves).text(), bg::Points::from_halves(b_halves).text());
  return bg::cli::kSuccess;
}

int run_analyse(bg::cli::Tool& tool, const Options& o) {
  const xg::Position position = position_from_record(tool, o);
  std::string& out = tool.output().buffer();
  out += xg::board_diagram(position, !o.ascii);
  xg::Engine engine;
  xg::SearchLimits limits;
  limits.depth = o.time_ms > 0 ? 0 : o.level;
  limits.milliseconds = o.time_ms;
  out += "depth  score       nodes  principal variation (speed)\n";
  xg::SearchInfo best = engine.search(position, limits, {}, [&](const xg::SearchInfo& info) {
    const double nps = info.seconds > 0 ? static_cast<double>(info.nodes) / info.seconds : 0;
    out += fmt::format("{:>5}  {:>9}  {:>10}  {}  ({:.2f} M nodes/s)\n", info.depth, score_text(info.score),
                       info.nodes, pv_text(info.pv), nps / 1e6);
  });
  out += fmt::format("best move: {}\n", xg::move_text(best.pv.front()));
  if (!o.svg.empty()) tool.file_output(o.svg).write(xg::board_svg(position));
  return bg::cli::kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("xigua-play", "Referee and play Xigua (watermelon chess).");
  const CLI::Validator milliseconds = CLI::Range(1, 600'000);  // ten minutes a move at most
  Options o;
  CLI::App& app = tool.app();
  app.add_option("--perft", o.perft, "Count sequences of N stone moves (1..11) from the start position; the total is the last line")
      ->check(CLI::Range(1, 11))  // depth 11: under a minute here; each ply more ten times as long
      ->option_text("N");
  tool.add_output_option();
  app.require_subcommand(0, 1);

  auto add_first = [&](CLI::App* sub) {
    sub->add_option("--first", o.first, "Who moves first (default: the record's First tag, else Black)")
        ->check(CLI::IsMember({"black", "white"}))
        ->option_text("black|white");
  };
  auto add_strength = [&](CLI::App* sub) {
    sub->add_option("--level", o.level, "Engine search depth in plies")->check(CLI::Range(1, 40))->option_text("N");
    sub->add_option("--time", o.time_ms, "Engine time per move in milliseconds (instead of --level)")
        ->check(milliseconds)
        ->option_text("MS");
  };

  CLI::App* validate = app.add_subcommand("validate", "Replay records and check every move against the rules");
  tool.add_input_files(o.files, "Record files (default: standard input)", validate);
  validate->add_flag("--manual-capture", o.manual_capture,
                     "Captures must be written; unwritten dead stones escape, a wrong capture is a warning");
  validate->add_option("--format", o.format, "Output: a line per game (text) or CSV")
      ->check(CLI::IsMember({"text", "csv"}))
      ->option_text("text|csv");
  validate->add_option("--encoding", o.encoding,
                       "Read the files in this character set (iconv name, e.g. GB18030); by default UTF-8, "
                       "and tag text that is not UTF-8 as Windows-1252")
      ->option_text("NAME");
  add_first(validate);

  CLI::App* play = app.add_subcommand("play", "Play the engine in the terminal (moves from standard input)");
  add_first(play);
  add_strength(play);
  play->add_option("--human", o.human, "The side you play")->check(CLI::IsMember({"black", "white"}))->option_text("black|white");
  play->add_option("--max-moves", o.max_moves, "Plies before the stone count decides")->check(CLI::Range(1, 10'000))->option_text("N");
  play->add_option("--repetition", o.repetition, "A position seen a third time is a draw, or ignored")
      ->check(CLI::IsMember({"draw", "ignore"}))
      ->option_text("draw|ignore");
  play->add_flag("--ascii", o.ascii, "Draw the board with ASCII letters");
  tool.add_output_file_option("--svg", o.svg, "Write the final position as an SVG picture", play);

  CLI::App* match = app.add_subcommand("match", "Engine against engine: best of 3 or 5");
  match->add_option("--games", o.games, "3 or 5")->option_text("N");
  match->add_option("--level-a", o.level_a, "Depth of configuration A")->check(CLI::Range(1, 40))->option_text("N");
  match->add_option("--level-b", o.level_b, "Depth of configuration B")->check(CLI::Range(1, 40))->option_text("N");
  match->add_option("--time-a", o.time_a, "Milliseconds per move of A (instead of its depth)")->check(milliseconds)->option_text("MS");
  match->add_option("--time-b", o.time_b, "Milliseconds per move of B")->check(milliseconds)->option_text("MS");
  match->add_option("--random-plies", o.random_plies, "Random opening plies, for variety")->check(CLI::Range(0, 100))->option_text("K");
  match->add_option("--seed", o.seed, "Seed for the openings and the lots")->check(bg::cli::seed_number())->option_text("S");
  match->add_option("--max-moves", o.max_moves, "Plies before the stone count decides")->check(CLI::Range(1, 10'000))->option_text("N");

  CLI::App* analyse = app.add_subcommand("analyse", "Search a position from a record and show the principal variation");
  tool.add_input_files(o.files, "Record file (default: the start position)", analyse);
  analyse->add_option("--game", o.game, "Which game of the file")->check(CLI::PositiveNumber)->option_text("N");
  analyse->add_option("--ply", o.ply, "After how many plies (default: the end)")->check(CLI::NonNegativeNumber)->option_text("N");
  add_first(analyse);
  add_strength(analyse);
  analyse->add_flag("--ascii", o.ascii, "Draw the board with ASCII letters");
  tool.add_output_file_option("--svg", o.svg, "Also write the position as an SVG picture", analyse);

  CLI::App* svg = app.add_subcommand("svg", "Draw a position (start, or from a record) as SVG");
  tool.add_input_files(o.files, "Record file (default: the start position)", svg);
  svg->add_option("--game", o.game, "Which game of the file")->check(CLI::PositiveNumber)->option_text("N");
  svg->add_option("--ply", o.ply, "After how many plies (default: the end)")->check(CLI::NonNegativeNumber)->option_text("N");
  tool.set_reads_stdin([validate, play]() { return validate->parsed() || play->parsed(); });
  add_first(svg);

  return tool.run(argc, argv, [&]() -> int {
    if (o.perft > 0) {
      if (!app.get_subcommands().empty()) throw UsageError("--perft goes without a subcommand");
      fmt::format_to(std::back_inserter(tool.output().buffer()), "{}\n", xg::perft(xg::Position::start(), o.perft));
      return bg::cli::kSuccess;
    }
    if (validate->parsed()) {
      tool.set_output_kind(bg::cli::OutputKind::verdicts);
      return run_validate(tool, o);
    }
    if (play->parsed()) return run_play(tool, o);
    if (match->parsed()) return run_match(tool, o);
    if (analyse->parsed()) return run_analyse(tool, o);
    if (svg->parsed()) {
      const xg::Position position = position_from_record(tool, o);
      tool.output().write(xg::board_svg(position));
      return bg::cli::kSuccess;
    }
    throw UsageError("give a subcommand (validate, play, match, analyse, svg) or --perft N");
  });
}
