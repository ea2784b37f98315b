#include "boardgames/shatar/validate.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

#include "boardgames/core/record_result.h"
#include "boardgames/core/utf8.h"
#include "boardgames/shatar/notation.h"

namespace boardgames::shatar {

namespace {

std::string side_name(Side side) { return side == Side::white ? "White" : "Blue"; }

// "6..." for Blue's 6th move, "7." for White's.
std::string move_label(const Position& position) {
  return fmt::format("{}{}", position.fullmove_number(),
                     position.side_to_move() == Side::white ? "." : "...");
}

// The findings of one game: each becomes a diagnostic ("game N: " + message); errors make the
// game invalid, and the first error in the file gives the report its reason.
class Findings {
 public:
  Findings(GameReport& report, const std::string& file) : report_(report), file_(file) {}

  void add(Severity severity, std::uint32_t line, std::uint32_t column, std::string_view message) {
    Diagnostic finding;
    finding.severity = severity;
    finding.where = {file_, line, column};
    finding.message = fmt::format("game {}: {}", report_.index, message);
    report_.diagnostics.push_back(std::move(finding));
  }

  // An error; true when it is the first in the file so far (it becomes the report's error,
  // with the move as written for an illegal move).
  bool error(std::uint32_t line, std::uint32_t column, std::string_view message, std::string reason,
             int ply = 0, std::string_view token = {}) {
    add(Severity::error, line, column, message);
    if (report_.error && std::pair(line, column) >=
                             std::pair(report_.error->where.line, report_.error->where.column))
      return false;
    report_.error = Problem{std::move(reason), {file_, line, column}, std::string(token), ply};
    report_.error_position.reset();
    return true;
  }

  // The diagnostics in file order, and the warnings column drawn from them.
  void finish() {
    std::stable_sort(report_.diagnostics.begin(), report_.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) {
                       return std::pair(a.where.line, a.where.column) <
                              std::pair(b.where.line, b.where.column);
                     });
    const std::size_t prefix = fmt::formatted_size("game {}: ", report_.index);
    for (const Diagnostic& d : report_.diagnostics) {
      if (d.severity == Severity::warning) report_.warnings.push_back(d.message.substr(prefix));
    }
  }

 private:
  GameReport& report_;
  const std::string& file_;
};

// The positions since the last capture or pawn move (only they can repeat), and how often
// each has occurred: counted by a scan while the list is short (256, far past the 50-move
// rule, so in nearly every game), and
// by a table once it is long, so that a record of endless quiet moves stays linear.
class Repetitions {
 public:
  Repetitions() { keys_.reserve(kScanLimit); }
  void clear() {
    keys_.clear();
    if (!counts_.empty()) counts_.clear();
  }
  // Adds a position; returns how often it has occurred now. The same side is to move in every
  // other position only (and the key includes the side to move).
  int add(std::uint64_t key) {
    keys_.push_back(key);
    const std::size_t n = keys_.size();
    if (n < kScanLimit) {
      int count = 0;
      for (std::size_t i = (n - 1) % 2; i < n; i += 2) count += keys_[i] == key;
      return count;
    }
    if (keys_.size() == kScanLimit) {
      for (std::size_t i = 0; i + 1 < keys_.size(); ++i) ++counts_[keys_[i]];
    }
    return ++counts_[key];
  }

 private:
  static constexpr std::size_t kScanLimit = 256;
  std::vector<std::uint64_t> keys_;
  std::unordered_map<std::uint64_t, int> counts_;
};

// Whether a move that mated or stalemated ended the game at `position`: no draw is left to
// claim there.
bool game_over(const Position& position) {
  MoveList legal;
  position.legal_moves(legal);
  return legal.empty();
}

class Validator {
 public:
  Validator(const PgnGame& game, Findings& findings, GameReport& report)
      : game_(game),
        findings_(findings),
        report_(report),
        decisive_(is_decisive(report.result.value_or(RecordResult::unknown))) {}

  void run(const Position& start) {
    // Grown once, not move by move: most games are a few dozen to a few hundred plies.
    report_.main_line.reserve(game_.moves.moves.size());
    repetitions_.add(start.key());
    Position position = start;
    walk(game_.moves, position, 0, true, 0);
    report_.final_position = position;
  }

 private:
  // A draw that became claimable: a note, or a warning when the game was recorded as won.
  void claimable(const PgnMove& written, std::string_view draw, const std::string& label, int ply,
                 const Position& position) {
    if (game_over(position)) return;
    if (decisive_) {
      findings_.add(Severity::warning, written.line, written.column,
                    fmt::format("{} became claimable after {} {} (ply {}) and was not claimed: the "
                                "result is {}",
                                draw, label, excerpt(written.text), ply,
                                record_result_token(*report_.result)));
    } else {
      findings_.add(Severity::note, written.line, written.column,
                    fmt::format("{} is claimable after {} {} (ply {})", draw, label,
                                excerpt(written.text), ply));
    }
  }

  // Replays a line from `position` (ply count `ply` before its first move). The main line
  // updates `position`, the draw history and the report; variations are checked on copies.
  // The reader nests variations kMaxVariationDepth deep at most; a game built otherwise is
  // not walked deeper.
  void walk(const PgnLine& line, Position& position, int ply, bool main, std::size_t depth) {
    bool ended = false;
    for (const PgnMove& written : line.moves) {
      // Variations replace this move: check them from the position before it.
      for (const PgnLine& variation : written.variations) {
        if (depth >= kMaxVariationDepth) {
          findings_.error(written.line, written.column,
                          fmt::format("variations nested more than {} deep are not checked",
                                      kMaxVariationDepth),
                          fmt::format("variations nested more than {} deep", kMaxVariationDepth));
          break;
        }
        Position branch = position;
        walk(variation, branch, ply, false, depth + 1);
      }
      if (ended) continue;
      ++ply;
      const Expected<ReadMove> read = read_move(position, written.text);
      if (!read) {
        MoveList legal;
        position.legal_moves(legal);
        if (legal.empty()) {
          // No move is possible: the game was over.
          if (main) {
            findings_.add(Severity::warning, written.line, written.column,
                          fmt::format("the game continues after {} ({} {})",
                                      position.in_check() ? "checkmate" : "stalemate",
                                      move_label(position), excerpt(written.text)));
          }
          ended = true;
          continue;
        }
        if (findings_.error(
                written.line, written.column,
                fmt::format("{}move {} ({}) '{}' is illegal: {}", main ? "" : "in a variation, ",
                            move_label(position), side_name(position.side_to_move()),
                            excerpt(written.text), read.problem().reason),
                read.problem().reason, ply, written.text)) {
          report_.error_position = position;
        }
        ended = true;
        continue;
      }
      const Move move = read->move;
      const int number = position.fullmove_number();
      const bool white = position.side_to_move() == Side::white;
      auto label = [number, white]() { return fmt::format("{}{}", number, white ? "." : "..."); };
      position.play(move);
      const bool check = (read->check_mark || read->mate_mark) && position.in_check();
      if (read->mate_mark && !(check && position.is_checkmate())) {
        findings_.add(Severity::warning, written.line, written.column,
                      fmt::format("{} {} is marked as mate but {}", label(), excerpt(written.text),
                                  check ? "it is only check" : "it is not even check"));
      } else if (read->check_mark && !check) {
        findings_.add(Severity::warning, written.line, written.column,
                      fmt::format("{} {} is marked as check but it does not give check", label(),
                                  excerpt(written.text)));
      }
      if (!main) continue;
      report_.main_line.push_back(move);
      report_.plies = ply;
      // Draws that became claimable (once each).
      if (!fifty_reported_ && position.halfmove_clock() >= 100) {
        fifty_reported_ = true;
        claimable(written, "a draw by the 50-move rule", label(), ply, position);
      }
      if (!repetition_reported_) {
        if (position.halfmove_clock() == 0) repetitions_.clear();
        if (repetitions_.add(position.key()) >= 3) {
          repetition_reported_ = true;
          claimable(written, "a draw by repetition (the same position three times)", label(), ply,
                    position);
        }
      }
      if (!dead_reported_ && position.dead_material() && !game_over(position)) {
        dead_reported_ = true;
        findings_.add(
            Severity::note, written.line, written.column,
            fmt::format("dead position (neither side can mate) after {} {} (ply {}): a draw is "
                        "claimable",
                        label(), excerpt(written.text), ply));
      }
    }
  }

  const PgnGame& game_;
  Findings& findings_;
  GameReport& report_;
  bool decisive_;
  Repetitions repetitions_;
  bool fifty_reported_ = false;
  bool repetition_reported_ = false;
  bool dead_reported_ = false;
};

// The recorded result against the final position of a legal game.
void check_result(const PgnGame& game, Findings& findings, const GameReport& report) {
  // Where the result used is written: the movetext's result token when it says the same,
  // else the Result tag (validate_game uses a tag that holds a result before the movetext's).
  const PgnTag* tag = game.find_tag("Result");
  const bool movetext = game.result_line != 0 && game.result == report.result;
  std::uint32_t line = movetext ? game.result_line : 0;
  std::uint32_t column = movetext ? game.result_column : 0;
  if (line == 0) {
    line = tag != nullptr ? tag->line : game.line;
    column = tag != nullptr ? tag->column : 0;
  }
  const RecordResult result = report.result.value_or(RecordResult::unknown);
  const bool decisive = is_decisive(result);
  const bool unfinished = result == RecordResult::unknown;
  const std::string_view shown =
      report.result ? record_result_token(*report.result) : std::string_view("not recorded");
  const Position& end = report.final_position;
  auto contradiction = [&](const std::string& why) {
    const std::string reason =
        fmt::format("result {} contradicts the final position: {}", shown, why);
    findings.error(line, column, reason, reason);
  };
  auto over_without_result = [&](const std::string& why) {
    findings.add(Severity::warning, line, column,
                 fmt::format("the game is over ({}) but the result is {}", why, shown));
  };
  if (end.is_checkmate()) {
    const std::string mated = side_name(end.side_to_move());
    if (unfinished) {
      over_without_result(mated + " is checkmated");
    } else if (result != (end.side_to_move() == Side::white ? RecordResult::second_wins
                                                            : RecordResult::first_wins)) {
      contradiction(mated + " is checkmated");
    }
  } else if (end.is_stalemate()) {
    if (unfinished) {
      over_without_result("stalemate");
    } else if (decisive) {
      contradiction("stalemate is a draw");
    }
  } else if (end.dead_material() && decisive) {
    contradiction("neither side can mate (dead position)");
  }
}

}  // namespace

GameReport validate_game(const PgnGame& game, const std::string& file) {
  GameReport report;
  report.index = game.index;
  report.white = std::string(game.tag("White"));
  report.black = std::string(game.tag("Black"));
  if (report.black.empty()) report.black = std::string(game.tag("Blue"));
  // The Result tag, else the movetext's result token. A tag that is no result ("1:0", "2-0")
  // is said and passed over: a results row must not go out empty without a word.
  const PgnTag* result_tag = game.find_tag("Result");
  const std::string tag_result = result_tag != nullptr ? result_tag->value : std::string();
  const std::optional<RecordResult> tag_parsed = parse_record_result(tag_result);
  const bool tag_used = !tag_result.empty() && tag_parsed;
  report.raw_result = tag_used ? tag_result : game.raw_result;  // the one used, as written
  report.result = tag_used ? tag_parsed : game.result;
  Findings findings(report, file);
  if (!tag_result.empty() && !tag_parsed) {
    findings.add(Severity::warning, result_tag->line, result_tag->column,
                 fmt::format("the Result tag \"{}\" is not a result (1-0, 0-1, 1/2-1/2 or *): {}",
                             excerpt(tag_result, 20),
                             game.result ? fmt::format("the movetext's {} is used", game.raw_result)
                                         : std::string("the result is not recorded")));
  }

  // What the reader could not read.
  for (const Diagnostic& problem : game.problems) {
    if (problem.severity == Severity::error) {
      findings.error(problem.where.line, problem.where.column, problem.message,
                     fmt::format("{} (line {}, column {})", problem.message, problem.where.line,
                                 problem.where.column));
    } else {
      findings.add(problem.severity, problem.where.line, problem.where.column, problem.message);
    }
  }

  Position start = Position::initial();
  const std::string_view fen = game.tag("FEN");
  if (!fen.empty()) {
    auto position = Position::from_fen(fen);
    if (!position) {
      const PgnTag* tag = game.find_tag("FEN");
      const std::string reason = "bad FEN tag: " + position.problem().reason;
      findings.error(tag->line, tag->column, reason, reason);
      findings.finish();
      return report;
    }
    start = *position;
    report.start = start;
  }
  Validator validator(game, findings, report);
  validator.run(start);

  if (tag_used && game.result && tag_parsed != game.result) {
    findings.add(Severity::warning, game.result_line, game.result_column,
                 fmt::format("the Result tag says {} but the movetext ends with {}",
                             excerpt(tag_result), game.raw_result));
  }
  // The final position is known only when every move could be read and was legal.
  if (report.valid()) check_result(game, findings, report);
  findings.finish();
  return report;
}

}  // namespace boardgames::shatar
