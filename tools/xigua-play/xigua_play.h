// xigua-play's commands and what they share (private to the tool): one file per subcommand.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/record_result.h"
#include "boardgames/xigua/engine.h"
#include "boardgames/xigua/game.h"
#include "boardgames/xigua/solver.h"
#include "common/options.h"
#include "common/tool.h"

namespace xigua_play {

namespace bg = boardgames;
namespace xg = boardgames::xigua;

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
  // solve; analyse and play with a table
  int max_stones = 6;
  int threads = 2;
  std::string summary;
  std::string tablebase;
};

// Each command declares its options (into `o`) and returns its subcommand of `app`.
CLI::App* register_validate(bg::cli::Tool& tool, CLI::App& app, Options& o);
CLI::App* register_play(bg::cli::Tool& tool, CLI::App& app, Options& o);
CLI::App* register_match(CLI::App& app, Options& o);
CLI::App* register_analyse(bg::cli::Tool& tool, CLI::App& app, Options& o);
CLI::App* register_svg(bg::cli::Tool& tool, CLI::App& app, Options& o);
CLI::App* register_solve(bg::cli::Tool& tool, CLI::App& app, Options& o);

// The options several commands share: --first; --level and --time; the record file, --game
// and --ply of position_from_record.
void add_first_option(CLI::App& sub, Options& o);
void add_strength_options(CLI::App& sub, Options& o);
void add_record_options(bg::cli::Tool& tool, CLI::App& sub, Options& o);
// Milliseconds an engine may think about a move: ten minutes at most.
constexpr int kMaxMoveMilliseconds = 600'000;

int run_validate(bg::cli::Tool& tool, Options& o);
int run_play(bg::cli::Tool& tool, const Options& o);
int run_match(bg::cli::Tool& tool, const Options& o);
int run_analyse(bg::cli::Tool& tool, const Options& o);
int run_svg(bg::cli::Tool& tool, const Options& o);
int run_solve(bg::cli::Tool& tool, const Options& o);

// The table of --tablebase FILE (none without the option); a usage error if it cannot be read.
std::optional<xg::Tablebase> load_tablebase(bg::cli::Tool& tool, const std::string& path);
// The table's values of the moves of `p`, best first; a usage error if the table is too small.
std::vector<xg::MoveValue> table_values(const xg::Tablebase& table, const xg::Position& p);
// The best move the rules allow by the table; when the same-stone rule forbids the table's best
// move, a line saying so is appended to `out`.
xg::MoveValue table_move(const xg::Tablebase& table, const xg::Position& p, std::string& out);

// "black" or "white" (any case).
std::optional<xg::Side> parse_side(const std::string& text);
// A result in words: "Black wins", "White wins", "draw", "unfinished" (unknown or none).
std::string result_text(std::optional<bg::RecordResult> result);
// An engine score: "win in 3", "loss in 2", "+0.25".
std::string score_text(int score);
// The engine's move in `game`, searched to `level` plies or for `time_ms` milliseconds.
xg::Move engine_move(xg::Engine& engine, const xg::Game& game, int level, int time_ms,
                     xg::SearchInfo* info = nullptr);
// The position a command works on: the start, or a game (--game) of the record file after
// --ply plies.
xg::Position position_from_record(bg::cli::Tool& tool, const Options& o);

}  // namespace xigua_play
