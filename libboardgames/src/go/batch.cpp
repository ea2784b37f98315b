#include "boardgames/go/batch.h"

#include <fmt/format.h>

#include <algorithm>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames::go {

bool looks_like_sgf(std::string_view text) {
  for (std::size_t i = text.find('('); i != std::string_view::npos; i = text.find('(', i + 1)) {
    std::size_t k = i + 1;
    while (k < text.size() &&
           (text[k] == ' ' || text[k] == '\t' || text[k] == '\r' || text[k] == '\n'))
      ++k;
    if (k < text.size() && text[k] == ';') return true;
  }
  return false;
}

std::vector<GameInput> read_game_inputs(const std::string& bytes, const std::string& file) {
  std::vector<GameInput> jobs;
  for_each_game_input(bytes, file, [&](GameInput&& job) { jobs.push_back(std::move(job)); });
  return jobs;
}

void for_each_game_input(const std::string& bytes, const std::string& file,
                         const std::function<void(GameInput&&)>& each) {
  // The name goes into every output, which is UTF-8 whatever bytes the path holds.
  const std::string name = replace_invalid_utf8(file);
  auto unreadable_file = [&](std::uint32_t line, std::uint32_t column, std::string message) {
    GameInput job;
    job.file = name;
    job.unreadable = Diagnostic{Severity::error, {name, line, column}, std::move(message)};
    each(std::move(job));
  };
  const std::string_view text = trim(bytes);
  if (bytes.empty()) {
    unreadable_file(1, 1, "the file is empty: no SGF game and no board diagram");
    return;
  }
  // A file in UTF-16 would be read as one huge property value or as a diagram of garbage.
  if (const std::string_view charset = utf16_charset(bytes); !charset.empty()) {
    unreadable_file(1, 1, utf16_file_message(charset, false));
    return;
  }
  if (!looks_like_sgf(text)) {
    auto diagram = read_diagram(bytes);
    if (!diagram) {
      // No "(;" in the file: it was read as a typed-in position, and the message says why
      // it is not one.
      const Problem& problem = diagram.problem();
      unreadable_file(problem.where.line, problem.where.column, problem.reason);
      return;
    }
    GameInput job;
    job.file = name;
    job.diagram = std::move(*diagram);
    each(std::move(job));
    return;
  }
  // The reader reports a game's findings ("game N: ...") before it hands the game over, so the
  // findings gathered when a game arrives are that game's, and standard error follows the
  // games' order. A game is passed on once the next has arrived, so that anything reported
  // after the last game still goes with it.
  std::vector<Diagnostic> read_findings;
  Diagnostics reading([&](const Diagnostic& d) { read_findings.push_back(d); });
  std::optional<GameInput> held;
  read_sgf_games(bytes, name, reading, [&](SgfGame&& game) {
    GameInput job;
    job.file = name;
    job.game = game.index;
    job.sgf = std::move(game);
    job.read_findings = std::move(read_findings);
    read_findings.clear();
    if (held) each(std::move(*held));
    held = std::move(job);
  });
  // looks_like_sgf found "(;", where the reader starts a game: there is one.
  if (!held) return;
  for (Diagnostic& d : read_findings) held->read_findings.push_back(std::move(d));
  each(std::move(*held));
}

GameInput unopened_input(const std::string& file, const std::string& reason,
                         const std::string& failed) {
  GameInput job;
  job.file = replace_invalid_utf8(file);
  job.unreadable = Diagnostic{Severity::error, {job.file, 0, 0}, failed + ": " + reason};
  job.not_opened = true;
  return job;
}

GameOutcome score_game_input(const GameInput& job, const CountOptions& options,
                             const Rules& rules) {
  GameOutcome out;
  Diagnostics findings([&](const Diagnostic& found) {
    Diagnostic d = found;
    d.where.file = job.file;
    if (job.game > 0) d.message = fmt::format("game {}: {}", job.game, d.message);
    out.findings.push_back(std::move(d));
  });
  if (job.unreadable) {
    if (!job.not_opened) out.findings.push_back(*job.unreadable);
    out.status = GameStatus::unreadable;
    out.reason = job.unreadable->message;
    return out;
  }
  if (job.diagram) {
    out.replay = *job.diagram;
  } else {
    Diagnostics replay_findings([&](const Diagnostic& d) { out.findings.push_back(d); });
    out.replay = replay_sgf(job.sgf, rules, job.file, replay_findings);
  }
  if (out.replay.status != GameStatus::ok) {
    out.status = out.replay.status;
    out.reason = out.replay.problem->reason;
    return out;
  }
  GameCount count = count_game(out.replay, options, findings);
  out.score = std::move(count.score);
  out.settlement = std::move(count.settlement);
  out.dead_source = std::string(dead_source_name(count.dead_source));
  out.status = count.status;
  out.reason = std::move(count.reason);
  return out;
}

}  // namespace boardgames::go
