// xigua-play validate: replay records and check every move against the rules; a line (or CSV
// row) per game.
#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/round_tag.h"
#include "boardgames/xigua/record.h"
#include "common/encoding.h"
#include "xigua_play.h"

namespace xigua_play {

CLI::App* register_validate(bg::cli::Tool& tool, CLI::App& app, Options& o) {
  CLI::App* sub =
      app.add_subcommand("validate", "Replay records and check every move against the rules");
  tool.add_input_files(o.files, "Record files (default: standard input)", sub);
  sub->add_flag(
      "--manual-capture", o.manual_capture,
      "Captures must be written; unwritten dead stones escape, a wrong capture is a warning");
  bg::cli::add_choice(*sub, "--format", o.format,
                      "Output: a line per game (text), CSV, or the results CSV rows standings "
                      "reads (results)",
                      {"text", "csv", "results"});
  bg::cli::add_encoding_option(*sub, o.encoding);
  add_first_option(*sub, o);
  return sub;
}

int run_validate(bg::cli::Tool& tool, Options& o) {
  tool.set_output_kind(bg::cli::OutputKind::verdicts);
  bg::cli::check_encoding(o.encoding);
  if (o.files.empty()) o.files.emplace_back("-");
  std::string& out = tool.output().buffer();
  bg::CsvWriter csv(out);
  if (o.format == "csv") {
    csv.field("file")
        .field("game")
        .field("black")
        .field("white")
        .field("result")
        .field("plies")
        .field("status")
        .field("error_ply")
        .field("reason");
    csv.end_row();
  }
  if (o.format == "results") {
    csv.field("round").field("board").field("black").field("white").field("result");
    csv.end_row();
  }
  xg::ValidateOptions options;
  options.manual_capture = o.manual_capture;
  options.first = parse_side(o.first);
  bool any_invalid = false;
  // A verdict for a file that could not be opened or read too: its row (status unreadable) or
  // line; exit status 2.
  const auto unreadable = [&](const std::string& path, const std::string& why) {
    const std::string name = bg::replace_invalid_utf8(path);
    if (o.format == "csv") {
      csv.field(name).field("").field("").field("").field("").field("").field("unreadable");
      csv.field("").field(why).end_row();
    }
    if (o.format == "text")
      fmt::format_to(std::back_inserter(out), "{}: unreadable ({})\n", name, why);
  };
  for (const std::string& path : o.files) {
    std::string why;
    auto source = tool.open_input(path, &why);
    if (!source) {
      unreadable(path, "cannot open: " + why);
      continue;
    }
    const std::string file = bg::replace_invalid_utf8(source->name());
    const std::size_t errors_before = tool.diagnostics().error_count();
    std::string text;
    try {
      if (const std::string why_not =
              bg::cli::refuse_utf16(*source, o.encoding, file, tool.diagnostics());
          !why_not.empty()) {
        unreadable(file, why_not);
        continue;
      }
      text = bg::cli::file_text(*source, o.encoding, file, tool.diagnostics());
    } catch (const bg::ReadError& error) {
      unreadable(source->name(), "cannot read: " + tool.input_failed(error, source->name()));
      continue;
    }
    int valid = 0;
    int unfinished = 0;
    int invalid = 0;
    for (const xg::Record& record : xg::read_records(text, file, tool.diagnostics())) {
      xg::RecordReport report = xg::validate_record(record, file, options);
      for (const auto& d : report.diagnostics) tool.diagnostics().report(d);
      const std::string_view status = !report.valid()     ? "invalid"
                                      : report.unfinished ? "unfinished"
                                                          : "valid";
      (!report.valid() ? invalid : report.unfinished ? unfinished : valid)++;
      any_invalid = any_invalid || !report.valid();
      if (o.format == "results") {
        // Round and board from the Round tag; a record without one keeps an empty round.
        const auto place = bg::parse_round_tag(record.tag("Round"));
        if (!place) {
          const auto [line, column] = record.tag_place("Round");
          tool.diagnostics().warning(
              {file, line, column},
              fmt::format("game {}: the Round tag '{}' gives no round (\"3\" or \"3.2\", round "
                          "and board): its row has an empty round to fill in",
                          report.index, bg::excerpt(record.tag("Round"), 20)));
        }
        const bool known = report.result && *report.result != bg::RecordResult::unknown;
        csv.field(place ? place->round : "").field(place ? place->board : "");
        csv.field(report.black).field(report.white);
        csv.field(known ? bg::record_result_token(*report.result) : "");
        csv.end_row();
      } else if (o.format == "csv") {
        csv.field(file)
            .field(report.index)
            .field(report.black)
            .field(report.white)
            .field(report.result ? bg::record_result_token(*report.result) : "")
            .field(report.plies)
            .field(status);
        if (report.error && report.error->ply > 0) {
          csv.field(report.error->ply);
        } else {
          csv.field("");
        }
        csv.field(report.error ? report.error->reason : "");
        csv.end_row();
      } else {
        fmt::format_to(std::back_inserter(out), "{} game {}: {}, {} plies, {} ({}){}\n", file,
                       report.index, status, report.plies,
                       report.unfinished ? "no result" : result_text(report.result),
                       report.result_reason.empty() ? "recorded" : report.result_reason,
                       !report.error ? ""
                       : report.error->ply > 0
                           ? fmt::format("; ply {}: {}", report.error->ply, report.error->reason)
                           : "; " + report.error->reason);
      }
    }
    // An empty (or blank) file, from a failed step upstream, is said, not passed over.
    if (valid + unfinished + invalid == 0 && tool.diagnostics().error_count() == errors_before)
      tool.diagnostics().error(
          {file, 1, 1}, "the file holds no record: it is empty, or only blank lines and comments");
    if (o.format == "text") {
      fmt::format_to(std::back_inserter(out), "{}: {} valid, {} unfinished, {} invalid\n", file,
                     valid, unfinished, invalid);
    }
  }
  return any_invalid ? bg::cli::kInputRejected : bg::cli::kSuccess;
}

}  // namespace xigua_play
