#include "boardgames/io/pgn_validation_output.h"

#include <fmt/format.h>

#include <iterator>
#include <optional>

#include "boardgames/core/record_result.h"
#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/round_tag.h"
#include "boardgames/shatar/pgn_writer.h"

namespace boardgames {

Expected<PgnValidationFormat> choose_pgn_validation_format(bool normalize, bool long_notation,
                                                           bool fen, std::string_view summary) {
  auto refused = [](std::string reason) {
    Problem problem;
    problem.reason = std::move(reason);
    return problem;
  };
  if (long_notation && !normalize) return refused("--long goes with --normalize");
  if ((normalize || fen) && summary == "csv")
    return refused("--format csv, --normalize and --fen each take standard output: choose one");
  if ((normalize || fen) && summary == "results")
    return refused("--format results, --normalize and --fen each take standard output: choose one");
  if (normalize && fen)
    return refused("--normalize and --fen each take standard output: choose one");
  if (normalize)
    return long_notation ? PgnValidationFormat::normalize_long : PgnValidationFormat::normalize;
  if (fen) return PgnValidationFormat::fen;
  if (summary == "results") return PgnValidationFormat::results;
  return summary == "csv" ? PgnValidationFormat::csv : PgnValidationFormat::text;
}

PgnValidationWriter::PgnValidationWriter(PgnValidationFormat format, std::string& out,
                                         Diagnostics* diagnostics)
    : format_(format), out_(out), csv_(out), diagnostics_(diagnostics) {
  if (format_ == PgnValidationFormat::results) {
    csv_.field("round").field("board").field("white").field("black").field("result");
    csv_.end_row();
  }
  if (format_ == PgnValidationFormat::csv) {
    csv_.field("file")
        .field("game")
        .field("white")
        .field("black")
        .field("result")
        .field("plies")
        .field("status")
        .field("error_ply")
        .field("reason")
        .field("warnings");
    csv_.end_row();
  }
}

void PgnValidationWriter::begin_file(const std::string& file) {
  files_.push_back({file, 0, 0, std::nullopt});
}

void PgnValidationWriter::unreadable(const std::string& file, const std::string& reason) {
  files_.push_back({file, 0, 0, reason});
  if (format_ != PgnValidationFormat::csv) return;
  csv_.field(file).field("").field("").field("").field("").field("").field("unreadable");
  csv_.field("").field(reason).field("");
  csv_.end_row();
}

void PgnValidationWriter::write(const std::string& file, const shatar::PgnGame& game,
                                const shatar::GameReport& report) {
  if (files_.empty()) begin_file(file);
  count(report.valid());
  format(file, game, report, out_, diagnostics_);
}

void PgnValidationWriter::count(bool valid) {
  if (files_.empty()) begin_file("");
  (valid ? files_.back().valid : files_.back().invalid)++;
}

void PgnValidationWriter::format(const std::string& file, const shatar::PgnGame& game,
                                 const shatar::GameReport& report, std::string& out,
                                 Diagnostics* diagnostics) const {
  CsvWriter csv(out);
  switch (format_) {
    case PgnValidationFormat::text:
      break;
    case PgnValidationFormat::normalize:
    case PgnValidationFormat::normalize_long:
      if (!report.valid()) break;
      shatar::write_pgn_game(game.tags, report.start.value_or(shatar::Position::initial()),
                             report.main_line, report.raw_result,
                             format_ == PgnValidationFormat::normalize_long
                                 ? shatar::Notation::long_algebraic
                                 : shatar::Notation::short_algebraic,
                             out);
      break;
    case PgnValidationFormat::fen:
      if (report.valid()) {
        fmt::format_to(std::back_inserter(out), "{} game {}: {}\n", file, report.index,
                       report.final_position.fen());
      }
      break;
    case PgnValidationFormat::results: {
      const auto place = parse_round_tag(game.tag("Round"));
      if (!place && diagnostics) {
        const shatar::PgnTag* tag = game.find_tag("Round");
        diagnostics->warning(
            {file, tag != nullptr ? tag->line : game.line, tag != nullptr ? tag->column : 0},
            fmt::format("game {}: the Round tag '{}' gives no round (\"3\" or \"3.2\", round "
                        "and board): its row has an empty round to fill in",
                        report.index, excerpt(game.tag("Round"), 20)));
      }
      csv.field(place ? place->round : "").field(place ? place->board : "");
      csv.field(report.white).field(report.black);
      const bool known = report.result && *report.result != RecordResult::unknown;
      csv.field(known ? std::string(record_result_token(*report.result)) : std::string());
      csv.end_row();
      break;
    }
    case PgnValidationFormat::csv:
      csv.field(file)
          .field(report.index)
          .field(report.white)
          .field(report.black)
          .field(report.raw_result)
          .field(report.plies)
          .field(report.valid() ? "valid" : "invalid");
      if (report.error && report.error->ply > 0) {
        csv.field(report.error->ply);
      } else {
        csv.field("");
      }
      csv.field(report.error ? report.error->reason : "").field(join(report.warnings, "; "));
      csv.end_row();
      break;
  }
}

void PgnValidationWriter::finish() {
  if (format_ != PgnValidationFormat::text) return;
  for (const FileCount& f : files_) {
    if (f.unreadable) {
      fmt::format_to(std::back_inserter(out_), "{}: unreadable ({})\n", f.file, *f.unreadable);
      continue;
    }
    const std::size_t games = f.valid + f.invalid;
    fmt::format_to(std::back_inserter(out_), "{}: {} game{}, {} valid, {} invalid\n", f.file, games,
                   games == 1 ? "" : "s", f.valid, f.invalid);
  }
}

std::size_t PgnValidationWriter::invalid_games() const {
  std::size_t bad = 0;
  for (const FileCount& f : files_) bad += f.invalid;
  return bad;
}

}  // namespace boardgames
