// shatar-validate: checks Shatar game records (PGN) move by move, in batch; and perft.
#include <vector>

#include <fmt/format.h>

#include "boardgames/io/pgn_validation_output.h"
#include "boardgames/shatar/position.h"
#include "common/encoding.h"
#include "common/options.h"
#include "common/tool.h"
#include "shatar-validate/check.h"

namespace bg = boardgames;
namespace sh = boardgames::shatar;
using bg::cli::UsageError;

namespace {

struct Options {
  std::vector<std::string> files;
  std::string format = "text";
  bool normalize = false;
  bool long_notation = false;
  bool fen_out = false;
  bool show = false;
  int jobs = 1;
  int perft = 0;
  std::string perft_fen;
  bool divide = false;
  std::string encoding;
};

int run_perft(bg::cli::Tool& tool, const Options& o) {
  sh::Position position = sh::Position::initial();
  if (!o.perft_fen.empty()) {
    auto parsed = sh::Position::from_fen(o.perft_fen);
    if (!parsed) throw UsageError("--start: " + parsed.problem().reason);
    position = *parsed;
  }
  std::string& out = tool.output().buffer();
  std::uint64_t total = 0;
  if (o.divide) {
    for (const auto& [move, nodes] : sh::perft_divide(position, o.perft)) {
      fmt::format_to(std::back_inserter(out), "{}: {}\n", sh::move_uci(move), nodes);
      total += nodes;
    }
  } else {
    total = sh::perft(position, o.perft);
  }
  fmt::format_to(std::back_inserter(out), "{}\n", total);
  return bg::cli::kSuccess;
}

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("shatar-validate", "Check Shatar game records (PGN) move by move, in batch.",
                     bg::cli::OutputKind::verdicts);
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "PGN files (default: standard input)");
  bg::cli::add_choice(app, "--format", o.format,
                      "Summary on standard output: per file (text), per game (csv), or the "
                      "results CSV rows standings reads (results)",
                      {"text", "csv", "results"});
  app.add_flag("--normalize", o.normalize, "Write every valid game again in clean short notation");
  app.add_flag("--long", o.long_notation,
               "With --normalize: full notation (Ng1-f3, e2-e4, Nf3:d4)");
  app.add_flag("--fen", o.fen_out, "Write the final position of every valid game as FEN");
  app.add_flag("--show", o.show,
               "Draw the board at each game's first illegal move (standard error)");
  bg::cli::add_jobs_option(app, o.jobs, "Validate games on N threads (output order is kept)");
  // Depth 9 takes about half a minute here; each ply more about twenty times as long.
  bg::cli::add_whole_number(app, "--perft", o.perft,
                            "Count the move tree to depth N (1..9); the total is the last line", 1,
                            9);
  app.add_option("--start", o.perft_fen, "With --perft: start from this FEN")->option_text("FEN");
  app.add_flag("--divide", o.divide, "With --perft: the count under each first move");
  bg::cli::add_encoding_option(app, o.encoding);
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.perft > 0) {
      if (!o.files.empty()) throw UsageError("--perft takes no files");
      bg::cli::refuse_options(
          tool.app(),
          {"--format", "--normalize", "--long", "--fen", "--show", "--jobs", "--encoding"},
          "is for checking records, not for --perft");
      return run_perft(tool, o);
    }
    if (!o.perft_fen.empty() || o.divide) throw UsageError("--start and --divide go with --perft");
    const bg::PgnValidationFormat format = bg::cli::or_usage_error(
        bg::choose_pgn_validation_format(o.normalize, o.long_notation, o.fen_out, o.format));
    bg::cli::check_encoding(o.encoding);
    if (o.files.empty()) o.files.emplace_back("-");
    bg::PgnValidationWriter writer(format, tool.output().buffer(), &tool.diagnostics());
    bg::cli::check_files(tool, o.files, writer, o.jobs, o.show, o.encoding);
    writer.finish();
    return writer.invalid_games() > 0 ? bg::cli::kInputRejected : bg::cli::kSuccess;
  });
}
