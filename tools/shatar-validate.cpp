// shatar-validate: checks Shatar game records (PGN) move by move, in batch; and perft.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/shatar/diagram.h"
#include "boardgames/shatar/notation.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/pgn_writer.h"
#include "boardgames/shatar/validate.h"
#include "common/parallel.h"
#include "common/tool.h"

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

int run_perft(bg::cli::Tool& tool, const Options& o) {
  sh::Position position = sh::Position::initial();
  if (!o.perft_fen.empty()) {
    std::string error;
    auto parsed = sh::Position::from_fen(o.perft_fen, error);
    if (!parsed) throw UsageError("--start: " + error);
    position = *parsed;
  }
  std::string& out = tool.output().buffer();
  std::uint64_t total = 0;
  if (o.divide) {
    sh::MoveList moves;
    position.legal_moves(moves);
    for (sh::Move move : moves) {
      const std::uint64_t nodes = o.perft > 1 ? sh::perft(position.after(move), o.perft - 1) : 1;
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
  app.add_option("--format", o.format, "Summary on standard output: per file (text) or per game (csv)")
      ->check(CLI::IsMember({"text", "csv"}))
      ->option_text("text|csv");
  app.add_flag("--normalize", o.normalize, "Write every valid game again in clean short notation");
  app.add_flag("--long", o.long_notation, "With --normalize: full notation (Ng1-f3, e2-e4, Nf3:d4)");
  app.add_flag("--fen", o.fen_out, "Write the final position of every valid game as FEN");
  app.add_flag("--show", o.show, "Draw the board at each game's first illegal move (standard error)");
  app.add_option("-j,--jobs", o.jobs, "Validate games on N threads (output order is kept)")
      ->check(CLI::Range(1, 256))
      ->option_text("N");
  // Depth 9 takes about half a minute here; each ply more about twenty times as long.
  app.add_option("--perft", o.perft, "Count the move tree to depth N (1..9); the total is the last line")
      ->check(CLI::Range(1, 9))
      ->option_text("N");
  app.add_option("--start", o.perft_fen, "With --perft: start from this FEN")->option_text("FEN");
  app.add_flag("--divide", o.divide, "With --perft: the count under each first move");
  app.add_option("--encoding", o.encoding,
                 "Read the files in this character set (iconv name, e.g. GB18030); by default UTF-8, "
                 "and tag text that is not UTF-8 as Windows-1252")
      ->option_text("NAME");
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.perft > 0) {
      if (!o.files.empty()) throw UsageError("--perft takes no files");
      return run_perft(tool, o);
    }
    if (!o.perft_fen.empty() || o.divide) throw UsageError("--start and --divide go with --perft");
    if (o.long_notation && !o.normalize) throw UsageError("--long goes with --normalize");
    if ((o.normalize || o.fen_out) && o.format == "csv") throw UsageError("--format csv, --normalize and --fen each take standard output: choose one");
    if (o.normalize && o.fen_out) throw UsageError("--normalize and --fen each take standard output: choose one");
    if (!bg::known_charset(o.encoding)) {
      throw UsageError(fmt::format("--encoding: no character set is called '{}'", bg::excerpt(o.encoding)));
    }

    bg::Diagnostics& diagnostics = tool.diagnostics();
    if (o.files.empty()) o.files.emplace_back("-");
    std::string& out = tool.output().buffer();
    bg::CsvWriter csv(out);
    if (o.format == "csv" && !o.normalize && !o.fen_out) {
      csv.field("file").field("game").field("white").field("black").field("result").field("plies")
          .field("status").field("error_ply").field("reason").field("warnings");
      csv.end_row();
    }
    std::vector<std::string> names;
    std::vector<std::size_t> valid;
    std::vector<std::size_t> invalid;
    bg::cli::Progress progress(tool);
    std::size_t total = 0;

    // Each file is cut into slices of whole games (cheap: one pass looking for tag lines after
    // blank lines). A batch of slices is read on the worker threads, its games are numbered in
    // file order, validated on the worker threads, and written in order; memory stays that of
    // one batch however long the file.
    constexpr std::size_t kSliceBytes = 64 * 1024;
    const std::size_t slices_per_batch = 4 * static_cast<std::size_t>(o.jobs);
    struct SliceWork {
      std::vector<sh::PgnGame> games;
      std::vector<bg::Diagnostic> findings;  // reading problems, reported in order
    };
    for (const std::string& path : o.files) {
      auto source = tool.open_input(path);
      if (!source) continue;
      const std::string file = bg::replace_invalid_utf8(source->name());
      const std::string text = file_text(*source, o.encoding, file, diagnostics);
      std::vector<std::string> notes;  // the reader's notes, given once per file
      std::size_t valid_here = 0;
      std::size_t invalid_here = 0;
      int games_so_far = 0;
      sh::PgnSlicer slicer(text, kSliceBytes);
      std::vector<sh::PgnSlice> slices;
      bool more = true;
      while (more) {
        slices.clear();
        sh::PgnSlice slice;
        while (slices.size() < slices_per_batch && (more = slicer.next(slice))) slices.push_back(slice);
        if (slices.empty()) break;
        std::vector<SliceWork> batch = bg::cli::ordered_map<SliceWork>(slices.size(), o.jobs, [&](std::size_t i) {
          SliceWork w;
          bg::Diagnostics collect([&w](const bg::Diagnostic& d) { w.findings.push_back(d); });
          sh::PgnReader reader(slices[i].text, file, collect, slices[i].first_line);
          sh::PgnGame game;
          while (reader.next(game)) w.games.push_back(std::move(game));
          return w;
        });
        std::vector<sh::PgnGame*> games;
        for (SliceWork& w : batch) {
          for (sh::PgnGame& game : w.games) {
            game.index = ++games_so_far;
            games.push_back(&game);
          }
        }
        const std::vector<sh::GameReport> reports = bg::cli::ordered_map<sh::GameReport>(
            games.size(), o.jobs, [&](std::size_t i) { return sh::validate_game(*games[i], file); });
        std::size_t g = 0;
        for (SliceWork& w : batch) {
          for (const bg::Diagnostic& d : w.findings) {
            if (d.severity == bg::Severity::note) {
              if (std::find(notes.begin(), notes.end(), d.message) != notes.end()) continue;
              notes.push_back(d.message);
            }
            diagnostics.report(d);
          }
          for (std::size_t k = 0; k < w.games.size(); ++k, ++g) {
            const sh::GameReport& report = reports[g];
            for (const bg::Diagnostic& d : report.diagnostics) diagnostics.report(d);
            (report.valid ? valid_here : invalid_here)++;
            if (o.show && !report.valid && report.error_position) {
              tool.note(fmt::format("{} game {}: the position before '{}':\n{}", file, report.index,
                                    report.error_token, sh::board_diagram(*report.error_position)));
            }
            if (o.normalize) {
              if (report.valid) {
                sh::write_pgn_game(w.games[k].tags, report.start.value_or(sh::Position::initial()), report.main_line,
                                   report.result, o.long_notation ? sh::Notation::long_algebraic : sh::Notation::short_algebraic,
                                   out);
              }
            } else if (o.fen_out) {
              if (report.valid) {
                fmt::format_to(std::back_inserter(out), "{} game {}: {}\n", file, report.index,
                               report.final_position.fen());
              }
            } else if (o.format == "csv") {
              csv.field(file).field(report.index).field(report.white).field(report.black)
                  .field(report.result).field(report.plies).field(report.valid ? "valid" : "invalid");
              if (report.error_ply > 0) {
                csv.field(report.error_ply);
              } else {
                csv.field("");
              }
              csv.field(report.reason).field(bg::join(report.warnings, "; "));
              csv.end_row();
            }
            tool.output().flush_if_large();
          }
        }
        total += games.size();
        progress.show([&]() { return fmt::format("{} games", total); });
      }
      names.push_back(file);
      valid.push_back(valid_here);
      invalid.push_back(invalid_here);
    }
    if (o.format == "text" && !o.normalize && !o.fen_out) {
      for (std::size_t f = 0; f < names.size(); ++f) {
        fmt::format_to(std::back_inserter(out), "{}: {} game{}, {} valid, {} invalid\n", names[f],
                       valid[f] + invalid[f], valid[f] + invalid[f] == 1 ? "" : "s", valid[f], invalid[f]);
      }
    }
    std::size_t bad = 0;
    for (auto n : invalid) bad += n;
    return bad > 0 ? bg::cli::kInputRejected : bg::cli::kSuccess;
  });
}
