// go-score: replays Go records under the Chinese rules, settles the dead stones, counts the
// area with komi and prints the result.
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/go/count.h"
#include "boardgames/go/record.h"
#include "boardgames/go/status.h"
#include "boardgames/go/drawing.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"
#include "boardgames/tournament/result.h"
#include "common/parallel.h"
#include "common/tool.h"

namespace bg = boardgames;
namespace go = boardgames::go;
using bg::cli::UsageError;

namespace {

struct Options {
  std::vector<std::string> files;
  std::optional<double> komi_stones;
  std::optional<double> komi_points;
  std::optional<go::Eighths> komi;  // either of them, exact
  std::string dead = "";
  std::string superko = "positional";
  int warnings_black = 0;
  int warnings_white = 0;
  std::string format = "text";
  bool show = false;
  std::string svg;
  bool check_result = false;
  int playouts = 200;
  std::uint64_t seed = 1;
  int jobs = 1;
};

struct Job {
  std::string file;
  int game = 0;  // 1-based; 0 for a diagram, or for a file that gave no game
  go::SgfGame sgf;
  std::optional<go::Replay> diagram;
  // A file that gave no game (empty, neither SGF nor a diagram): the error that says why.
  std::optional<bg::Diagnostic> unreadable;
  // What reading the file reported (reported before this job's own findings).
  std::vector<bg::Diagnostic> read_findings;
};

struct Outcome {
  go::Replay replay;
  std::optional<go::Score> score;
  go::Settlement settlement;
  std::string dead_source;  // "marked", "given", "automatic"
  go::GameStatus status = go::GameStatus::ok;
  std::string reason;  // why not counted
  std::vector<bg::Diagnostic> findings;
};

// An SGF collection has a game tree "(;" somewhere (whitespace allowed between); a typed-in
// diagram never does.
bool looks_like_sgf(std::string_view text) {
  for (std::size_t i = text.find('('); i != std::string_view::npos; i = text.find('(', i + 1)) {
    std::size_t k = i + 1;
    while (k < text.size() && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\n')) ++k;
    if (k < text.size() && text[k] == ';') return true;
  }
  return false;
}

Outcome score_job(const Job& job, const go::CountOptions& options, const go::Rules& rules) {
  Outcome out;
  bg::Diagnostics findings([&](const bg::Diagnostic& found) {
    bg::Diagnostic d = found;
    d.where.file = job.file;
    if (job.game > 0) d.message = fmt::format("game {}: {}", job.game, d.message);
    out.findings.push_back(std::move(d));
  });
  if (job.unreadable) {
    out.findings.push_back(*job.unreadable);
    out.status = go::GameStatus::unreadable;
    out.reason = job.unreadable->message;
    return out;
  }
  if (job.diagram) {
    out.replay = *job.diagram;
  } else {
    bg::Diagnostics replay_findings([&](const bg::Diagnostic& d) { out.findings.push_back(d); });
    out.replay = go::replay_sgf(job.sgf, rules, job.file, replay_findings);
  }
  if (out.replay.status != go::GameStatus::ok) {
    out.status = out.replay.status;
    out.reason = out.replay.problem;
    return out;
  }
  go::GameCount count = go::count_game(out.replay, options, findings);
  out.score = std::move(count.score);
  out.settlement = std::move(count.settlement);
  out.dead_source = std::string(go::dead_source_name(count.dead_source));
  out.status = count.status;
  out.reason = std::move(count.reason);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("go-score", "Replay Go records under the Chinese rules, settle the dead stones and count.",
                     bg::cli::OutputKind::verdicts);
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "SGF files or typed-in final positions (default: standard input)");
  app.add_option("--komi", o.komi_stones, "Komi in stones (3.75 = 7.5 points)")->check(bg::cli::number_in(-500, 500))->option_text("STONES");
  app.add_option("--komi-points", o.komi_points, "Komi in points")->check(bg::cli::number_in(-1000, 1000))->option_text("POINTS");
  app.add_option("--dead", o.dead,
                 "Dead stones: auto (settle them), none, or points such as D4,Q16 or dd,pp (a chain each)")
      ->option_text("auto|none|POINTS");
  app.add_option("--superko", o.superko, "Whole-board repetition rule")
      ->check(CLI::IsMember({"positional", "situational", "simple-ko"}))
      ->option_text("positional|situational|simple-ko");
  app.add_option("--warnings-black", o.warnings_black, "Warnings Black received: one stone each; two lose")
      ->check(CLI::Range(0, 100))->option_text("N");
  app.add_option("--warnings-white", o.warnings_white, "Warnings White received")->check(CLI::Range(0, 100))->option_text("N");
  app.add_option("--format", o.format, "Output format")->check(CLI::IsMember({"text", "csv", "json"}))->option_text("text|csv|json");
  app.add_flag("--show", o.show, "Draw the scored board: dead stones and territory marked");
  tool.add_output_file_option("--svg", o.svg, "Write a picture of the (first) scored board");
  app.add_flag("--check-result", o.check_result, "Compare with the record's RE; a disagreement is an error");
  app.add_option("--playouts", o.playouts, "Random playouts to settle dead stones")->check(CLI::Range(1, 100000))->option_text("N");
  app.add_option("--seed", o.seed, "Seed of the playouts")->check(bg::cli::seed_number())->option_text("S");
  app.add_option("-j,--jobs", o.jobs, "Score games on N threads (output order kept)")->check(CLI::Range(1, 256))->option_text("N");
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.komi_stones && o.komi_points) throw UsageError("give --komi (stones) or --komi-points, not both");
    if (o.komi_stones) {
      o.komi = go::komi_from_stones(*o.komi_stones);
      if (!o.komi) {
        throw UsageError(fmt::format("--komi {}: a komi is a whole number of eighths of a stone, at most {} either way",
                                     *o.komi_stones, go::kMaxKomi / go::kStone));
      }
    }
    if (o.komi_points) {
      o.komi = go::komi_from_points(*o.komi_points);
      if (!o.komi) {
        throw UsageError(fmt::format("--komi-points {}: a komi is a whole number of quarter points, at most {} either way",
                                     *o.komi_points, go::kMaxKomi * 2 / go::kStone));
      }
    }
    go::Rules rules;
    rules.ko = *go::parse_ko_rule(o.superko);
    std::vector<std::string> dead_points;
    if (!o.dead.empty() && o.dead != "auto" && o.dead != "none") {
      // Each point must name a point of some board go-score plays (which board, each game says).
      const go::Board largest(go::Board::kMaxSize);
      for (std::string_view part : bg::split(o.dead, ',')) {
        part = bg::trim(part);
        if (part.empty()) continue;
        if (!largest.parse(part) && !largest.parse_sgf(part)) {
          throw UsageError(fmt::format("--dead: '{}' is not a point (D4 or dd style, boards up to {}×{})", bg::excerpt(part, 20),
                                       go::Board::kMaxSize, go::Board::kMaxSize));
        }
        dead_points.emplace_back(part);
      }
    }
    go::CountOptions count;
    count.komi = o.komi;
    count.dead = !dead_points.empty() ? go::DeadStones::given
                 : o.dead == "none"   ? go::DeadStones::none
                 : o.dead == "auto"   ? go::DeadStones::settled
                                      : go::DeadStones::marked_else_settled;
    count.dead_points = dead_points;
    count.black_warnings = o.warnings_black;
    count.white_warnings = o.warnings_white;
    count.settle.playouts = o.playouts;
    count.settle.seed = o.seed;
    count.check_result = o.check_result;
    if (o.files.empty()) o.files.emplace_back("-");
    std::vector<Job> jobs;
    for (const std::string& path : o.files) {
      auto source = tool.open_input(path);
      if (!source) continue;
      const std::string bytes = source->read_all();
      const std::string name = source->name();
      auto unreadable_file = [&](std::uint32_t line, std::uint32_t column, std::string message) {
        Job job;
        job.file = name;
        job.unreadable = bg::Diagnostic{bg::Severity::error, {name, line, column}, std::move(message)};
        jobs.push_back(std::move(job));
      };
      const std::string_view text = bg::trim(bytes);
      if (bytes.empty()) {
        unreadable_file(1, 1, "the file is empty: no SGF game and no board diagram");
        continue;
      }
      if (!looks_like_sgf(text)) {
        go::DiagramError error;
        auto diagram = go::read_diagram(bytes, error);
        if (!diagram) {
          // No "(;" in the file: it was read as a typed-in position, and the message says why
          // it is not one.
          unreadable_file(error.line, error.column, error.message);
          continue;
        }
        Job job;
        job.file = name;
        job.diagram = std::move(diagram);
        jobs.push_back(std::move(job));
        continue;
      }
      std::vector<bg::Diagnostic> read_findings;
      bg::Diagnostics reading([&](const bg::Diagnostic& d) { read_findings.push_back(d); });
      const std::size_t first = jobs.size();
      for (go::SgfGame& game : go::read_sgf(bytes, name, reading)) {
        Job job;
        job.file = name;
        job.game = game.index;
        job.sgf = std::move(game);
        jobs.push_back(std::move(job));
      }
      // Each finding goes with its game ("game N: ...", as read_sgf words them), so that
      // standard error follows the games' order. (looks_like_sgf found "(;", where the reader
      // starts a game: there is a first job.)
      for (bg::Diagnostic& d : read_findings) {
        std::size_t index = 0;
        if (auto colon = d.message.find(':'); d.message.starts_with("game ") && colon != std::string::npos) {
          index = static_cast<std::size_t>(bg::parse_integer(std::string_view(d.message).substr(5, colon - 5)).value_or(1) - 1);
        }
        jobs[first + std::min(index, jobs.size() - first - 1)].read_findings.push_back(std::move(d));
      }
    }
    // Scoring with playouts takes milliseconds a game: a batch of thousands shows its progress.
    std::vector<Outcome> outcomes;
    {
      bg::cli::Progress progress(tool);
      outcomes = bg::cli::ordered_map<Outcome>(
          jobs.size(), o.jobs, [&](std::size_t i) { return score_job(jobs[i], count, rules); },
          [&](std::size_t done) {
            if (jobs.size() > 1) progress.show([&]() { return fmt::format("{}/{} games", done, jobs.size()); });
          });
    }

    std::string& out = tool.output().buffer();
    bg::CsvWriter csv(out);
    bg::JsonWriter json(out);
    if (o.format == "csv") {
      csv.fields({"file", "game", "status", "reason", "black", "white", "komi", "black_count", "white_count", "result", "warnings"});
      csv.end_row();
    }
    if (o.format == "json") json.begin_array();
    bool svg_written = false;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const Job& job = jobs[i];
      const Outcome& outcome = outcomes[i];
      for (const bg::Diagnostic& d : job.read_findings) tool.diagnostics().report(d);
      // The warnings, for the batch outputs, without the "game N: " every message starts with.
      std::vector<std::string> warnings;
      const std::string prefix = job.game > 0 ? fmt::format("game {}: ", job.game) : "";
      for (const bg::Diagnostic& d : outcome.findings) {
        tool.diagnostics().report(d);
        if (d.severity != bg::Severity::warning) continue;
        warnings.push_back(d.message.starts_with(prefix) ? d.message.substr(prefix.size()) : d.message);
      }
      const std::string where = job.game > 0 ? fmt::format("{} game {}", job.file, job.game) : job.file;
      const go::Replay& r = outcome.replay;
      const std::string_view status = go::status_name(outcome.status);
      const go::Score* score = outcome.score ? &*outcome.score : nullptr;
      const std::string komi = score ? go::eighths_text(score->komi * 2) : "";  // points
      if (o.format == "csv") {
        csv.field(job.file).field(job.game).field(status).field(outcome.reason).field(r.black).field(r.white).field(komi);
        if (score) {
          csv.field(go::eighths_text(score->black)).field(go::eighths_text(score->white)).field(score->sgf_result());
        } else {
          csv.field("").field("").field("");
        }
        csv.field(bg::join(warnings, "; "));
        csv.end_row();
      } else if (o.format == "json") {
        json.begin_object();
        json.key("file").value(job.file);
        json.key("game").value(job.game);
        json.key("status").value(status);
        json.key("reason").value(outcome.reason);
        json.key("warnings").begin_array();
        for (const std::string& w : warnings) json.value(w);
        json.end_array();
        json.key("black").value(r.black);
        json.key("white").value(r.white);
        json.key("recorded").value(r.result);
        if (score) {
          json.key("komi_points").raw_number(komi);
          json.key("black_count").raw_number(go::eighths_text(score->black));
          json.key("white_count").raw_number(go::eighths_text(score->white));
          json.key("result").value(score->sgf_result());
          json.key("dead_stones").value(outcome.dead_source);
        } else {
          for (const char* name : {"komi_points", "black_count", "white_count", "result", "dead_stones"}) json.key(name).null();
        }
        json.key("dead").begin_array();
        if (score) {
          for (go::Point p : score->dead) json.value(r.board.name(p));
        }
        json.end_array();
        json.key("uncertain").begin_array();
        for (go::Point p : outcome.settlement.uncertain) json.value(r.board.name(p));
        json.end_array();
        if (score) {
          json.key("shared_points").value(score->shared_points);
          json.key("open_border").value(score->open_border() ? static_cast<int>(score->largest_shared_region.size()) : 0);
        } else {
          json.key("shared_points").null();
          json.key("open_border").null();
        }
        json.end_object();
      } else if (!score) {
        fmt::format_to(std::back_inserter(out), "{}: not counted ({}): {}\n", where, status, outcome.reason);
      } else if (outcome.status == go::GameStatus::unfinished) {
        fmt::format_to(std::back_inserter(out), "{}: {}; unfinished (a border left open), counted as it stands\n", where, score->text());
      } else {
        fmt::format_to(std::back_inserter(out), "{}: {}\n", where, score->text());
      }
      if (!score) continue;
      if (o.show) out += go::board_diagram(r.board, *score);
      if (!o.svg.empty() && !svg_written) {
        tool.file_output(o.svg).write(go::board_svg(r.board, *score));
        svg_written = true;
      }
      tool.output().flush_if_large();
    }
    if (o.format == "json") {
      json.end_array();
      json.finish();
    }
    return bg::cli::kSuccess;
  });
}
