// go-score: replays Go records under the Chinese rules, settles the dead stones, counts the
// area with komi and prints the result.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/go/record.h"
#include "boardgames/go/status.h"
#include "boardgames/go/drawing.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"
#include "boardgames/tournament/result.h"
#include "common/tool.h"

namespace bg = boardgames;
namespace go = boardgames::go;
using bg::cli::UsageError;

namespace {

struct Options {
  std::vector<std::string> files;
  std::optional<double> komi_stones;
  std::optional<double> komi_points;
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
  int game = 0;  // 1-based; 0 for a diagram file
  go::SgfGame sgf;
  std::optional<go::Replay> diagram;
};

struct Outcome {
  go::Replay replay;
  std::optional<go::Score> score;
  go::Settlement settlement;
  std::string dead_source;  // "marked", "given", "automatic"
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

// "B+1.5" (points) against the file's RE: the same winner, and the same margin when RE has one.
bool result_agrees(std::string_view recorded, const go::Score& score, std::string& why) {
  recorded = bg::trim(recorded);
  if (recorded.empty()) {
    why = "the record has no RE";
    return true;
  }
  const std::string ours = score.sgf_result();
  const char winner = ours == "0" ? '0' : ours[0];
  const char theirs = (recorded == "0" || bg::iequals_ascii(recorded, "draw") || bg::iequals_ascii(recorded, "jigo")) ? '0'
                      : static_cast<char>(recorded[0] & ~0x20);
  if (winner != theirs) {
    why = fmt::format("the record says {}, the count says {}", recorded, ours);
    return false;
  }
  if (recorded.size() > 2 && (recorded[2] >= '0' && recorded[2] <= '9')) {
    auto margin = go::parse_komi_points(recorded.substr(2));
    const go::Eighths ours_margin = score.margin < 0 ? -score.margin : score.margin;
    if (margin && *margin != ours_margin) {
      why = fmt::format("the record says {}, the count says {}", recorded, ours);
      return false;
    }
  }
  return true;
}

Outcome score_job(const Job& job, const Options& o, const go::Rules& rules, const std::vector<std::string>& dead_points) {
  Outcome out;
  auto finding = [&](bg::Severity severity, std::uint32_t line, std::uint32_t column, std::string message) {
    bg::Diagnostic d;
    d.severity = severity;
    d.where = {job.file, line, column};
    d.message = job.game > 0 ? fmt::format("game {}: {}", job.game, message) : message;
    out.findings.push_back(std::move(d));
  };
  out.replay = job.diagram ? *job.diagram : go::replay_sgf(job.sgf, rules);
  go::Replay& r = out.replay;
  if (!r.legal) {
    finding(bg::Severity::error, r.error_line, r.error_column,
            fmt::format("move {} ({} {}) is illegal: {}", r.error_move, go::stone_name(r.error_colour), r.error_point, r.reason));
    return out;
  }
  if (!r.komi && !bg::trim(r.komi_text).empty() && !o.komi_stones && !o.komi_points) {
    finding(bg::Severity::warning, 0, 0, fmt::format("KM[{}] is not a komi: 7.5 points assumed", r.komi_text));
  }
  go::ScoreSettings settings;
  settings.komi = o.komi_stones ? static_cast<go::Eighths>(std::llround(*o.komi_stones * 8))
                  : o.komi_points ? static_cast<go::Eighths>(std::llround(*o.komi_points * 4))
                  : r.komi ? *r.komi
                           : 30;
  settings.black_warnings = o.warnings_black;
  settings.white_warnings = o.warnings_white;
  std::vector<go::Point> dead;
  if (!dead_points.empty() || o.dead == "none") {
    for (const std::string& text : dead_points) {
      auto p = r.board.parse(text);
      if (!p) p = r.board.parse_sgf(text);
      if (!p) {
        finding(bg::Severity::error, 0, 0, fmt::format("--dead: '{}' is not a point of this {}×{} board", text, r.size, r.size));
        continue;
      }
      if (r.board.at(*p) != go::Stone::black && r.board.at(*p) != go::Stone::white) {
        finding(bg::Severity::warning, 0, 0, fmt::format("--dead: {} holds no stone", text));
        continue;
      }
      for (go::Point q : r.board.chain_stones(*p)) dead.push_back(q);
    }
    out.dead_source = "given";
  } else if (r.has_marks && o.dead != "auto") {
    dead = r.marked_dead;
    out.dead_source = "marked";
  } else {
    go::SettleOptions settle;
    settle.playouts = o.playouts;
    settle.seed = o.seed;
    out.settlement = go::settle(r.board, r.to_move, settle);
    dead = out.settlement.dead;
    out.dead_source = "automatic";
    std::vector<std::string> counted_dead;
    std::vector<std::string> counted_alive;
    for (go::Point p : out.settlement.uncertain) {
      const bool is_dead = std::binary_search(dead.begin(), dead.end(), p);
      (is_dead ? counted_dead : counted_alive).push_back(r.board.name(p));
    }
    if (!counted_dead.empty()) {
      finding(bg::Severity::warning, 0, 0,
              fmt::format("uncertain stones, counted as dead: cut off in the other side's area (give --dead to decide): {}",
                          bg::join(counted_dead, " ")));
    }
    if (!counted_alive.empty()) {
      finding(bg::Severity::warning, 0, 0,
              fmt::format("uncertain stones, counted as alive (give --dead to decide): {}", bg::join(counted_alive, " ")));
    }
  }
  std::sort(dead.begin(), dead.end());
  dead.erase(std::unique(dead.begin(), dead.end()), dead.end());
  out.score = go::count_area(r.board, dead, settings);
  if (out.score->open_border()) {
    finding(bg::Severity::warning, 0, 0,
            fmt::format("the game looks unfinished: a region of {} empty points ({} ...) reaches both colours and is "
                        "counted as shared",
                        out.score->largest_shared_region.size(), r.board.name(out.score->largest_shared_region.front())));
  }
  if (o.check_result) {
    std::string why;
    if (!result_agrees(r.result, *out.score, why)) finding(bg::Severity::error, 0, 0, why);
  }
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
  app.add_option("--seed", o.seed, "Seed of the playouts")->option_text("S");
  app.add_option("-j,--jobs", o.jobs, "Score games on N threads (output order kept)")->check(CLI::Range(1, 256))->option_text("N");
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (o.komi_stones && o.komi_points) throw UsageError("give --komi (stones) or --komi-points, not both");
    go::Rules rules;
    rules.ko = *go::parse_ko_rule(o.superko);
    std::vector<std::string> dead_points;
    if (!o.dead.empty() && o.dead != "auto" && o.dead != "none") {
      for (std::string_view part : bg::split(o.dead, ',')) {
        if (!bg::trim(part).empty()) dead_points.emplace_back(bg::trim(part));
      }
    }
    if (o.files.empty()) o.files.emplace_back("-");
    std::vector<Job> jobs;
    for (const std::string& path : o.files) {
      auto source = tool.open_input(path);
      if (!source) continue;
      const std::string bytes = source->read_all();
      const std::string name = source->name();
      const std::string_view text = bg::trim(bytes);
      if (!text.empty() && !looks_like_sgf(text)) {
        go::DiagramError error;
        auto diagram = go::read_diagram(bytes, error);
        if (!diagram) {
          tool.diagnostics().error({name, error.line, error.column}, error.message);
          continue;
        }
        jobs.push_back({name, 0, {}, std::move(diagram)});
        continue;
      }
      for (go::SgfGame& game : go::read_sgf(bytes, name, tool.diagnostics())) {
        jobs.push_back({name, game.index, std::move(game), std::nullopt});
      }
    }
    std::vector<Outcome> outcomes(jobs.size());
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    auto worker = [&]() {
      for (std::size_t i = next++; i < jobs.size(); i = next++) {
        outcomes[i] = score_job(jobs[i], o, rules, dead_points);
        ++done;
      }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < std::min<int>(o.jobs, static_cast<int>(jobs.size())); ++t) pool.emplace_back(worker);
    // Scoring with playouts takes milliseconds a game: a batch of thousands shows its progress
    // on a terminal (never in a pipe or a log).
    if (tool.stderr_is_terminal() && jobs.size() > 1) {
      while (done < jobs.size()) {
        std::fprintf(stderr, "\rgo-score: %zu/%zu games", done.load(), jobs.size());
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
      std::fprintf(stderr, "\r%40s\r", "");
    }
    for (auto& thread : pool) thread.join();

    std::string& out = tool.output().buffer();
    bg::CsvWriter csv(out);
    bg::JsonWriter json(out);
    if (o.format == "csv") {
      csv.field("file").field("black").field("white").field("komi").field("black_count").field("white_count").field("result");
      csv.end_row();
    }
    if (o.format == "json") json.begin_array();
    bool svg_written = false;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const Job& job = jobs[i];
      const Outcome& outcome = outcomes[i];
      for (const bg::Diagnostic& d : outcome.findings) tool.diagnostics().report(d);
      const std::string where = job.game > 0 ? fmt::format("{} game {}", job.file, job.game) : job.file;
      if (!outcome.score) continue;
      const go::Score& score = *outcome.score;
      const go::Replay& r = outcome.replay;
      const std::string komi = go::eighths_text(score.komi * 2);  // points
      if (o.format == "csv") {
        csv.field(job.file).field(r.black).field(r.white).field(komi).field(go::eighths_text(score.black))
            .field(go::eighths_text(score.white)).field(score.sgf_result());
        csv.end_row();
      } else if (o.format == "json") {
        json.begin_object();
        json.key("file").value(job.file);
        json.key("game").value(job.game);
        json.key("black").value(r.black);
        json.key("white").value(r.white);
        json.key("komi_points").raw_number(komi);
        json.key("black_count").raw_number(go::eighths_text(score.black));
        json.key("white_count").raw_number(go::eighths_text(score.white));
        json.key("result").value(score.sgf_result());
        json.key("recorded").value(r.result);
        json.key("dead_stones").value(outcome.dead_source);
        json.key("dead").begin_array();
        for (go::Point p : score.dead) json.value(r.board.name(p));
        json.end_array();
        json.key("uncertain").begin_array();
        for (go::Point p : outcome.settlement.uncertain) json.value(r.board.name(p));
        json.end_array();
        json.key("shared_points").value(score.shared_points);
        json.key("open_border").value(score.open_border() ? static_cast<int>(score.largest_shared_region.size()) : 0);
        json.end_object();
      } else {
        fmt::format_to(std::back_inserter(out), "{}: {}\n", where, score.text());
      }
      if (o.show) out += go::board_diagram(r.board, score);
      if (!o.svg.empty() && !svg_written) {
        tool.file_output(o.svg).write(go::board_svg(r.board, score));
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
