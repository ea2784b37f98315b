#include "boardgames/shatar/validate.h"

#include <fmt/format.h>

#include <vector>

#include "boardgames/shatar/notation.h"

namespace boardgames::shatar {

namespace {

std::string side_name(Side side) { return side == Side::white ? "White" : "Blue"; }

void add_finding(GameReport& report, Severity severity, const std::string& file, std::uint32_t line,
                 std::uint32_t column, std::string message) {
  Diagnostic finding;
  finding.severity = severity;
  finding.where.file = file;
  finding.where.line = line;
  finding.where.column = column;
  finding.message = std::move(message);
  report.diagnostics.push_back(std::move(finding));
}

// "6..." for Blue's 6th move, "7." for White's.
std::string move_label(const Position& position) {
  return fmt::format("{}{}", position.fullmove_number(),
                     position.side_to_move() == Side::white ? "." : "...");
}

class Validator {
 public:
  Validator(const PgnGame& game, const std::string& file, GameReport& report)
      : game_(game), file_(file), report_(report) {}

  void run(const Position& start) {
    history_.push_back(start.key());
    Position position = start;
    walk(game_.moves, position, 0, true);
    report_.final_position = position;
  }

 private:
  // How often the last position of the history has occurred.
  int repetitions() const {
    int count = 0;
    for (std::size_t i = history_.size(); i-- > 0;) {
      if ((history_.size() - 1 - i) % 2 == 0 && history_[i] == history_.back()) ++count;
    }
    return count;
  }

  void add(Severity severity, std::uint32_t line, std::uint32_t column, std::string message) {
    add_finding(report_, severity, file_, line, column, std::move(message));
  }

  // Replays a line from `position` (ply count `ply` before its first move). The main line
  // updates `position`, the draw history and the report; variations are checked on copies.
  void walk(const PgnLine& line, Position& position, int ply, bool main) {
    bool ended = false;
    for (const PgnMove& written : line.moves) {
      // Variations replace this move: check them from the position before it.
      for (const PgnLine& variation : written.variations) {
        Position branch = position;
        walk(variation, branch, ply, false);
      }
      if (ended) continue;
      ++ply;
      ReadResult read = read_move(position, written.text);
      if (!read.move) {
        MoveList legal;
        position.legal_moves(legal);
        if (legal.empty()) {
          // No move is possible: the game was over.
          if (main) {
            add(Severity::warning, written.line, written.column,
                fmt::format("game {}: the game continues after {} ({} {})", game_.index,
                            position.in_check() ? "checkmate" : "stalemate", move_label(position),
                            written.text));
          }
          ended = true;
          continue;
        }
        if (report_.valid || (!main && report_.error_ply == 0)) {
          report_.valid = false;
          report_.error_ply = ply;
          report_.reason = read.problem.message;
          report_.error_token = written.text;
          report_.error_position = position;
        }
        add(Severity::error, written.line, written.column,
            fmt::format("game {}: {}move {} ({}) '{}' is illegal: {}", game_.index,
                        main ? "" : "in a variation, ", move_label(position),
                        side_name(position.side_to_move()), written.text, read.problem.message));
        ended = true;
        continue;
      }
      const Move move = read.move->move;
      const int number = position.fullmove_number();
      const bool white = position.side_to_move() == Side::white;
      auto label = [number, white]() { return fmt::format("{}{}", number, white ? "." : "..."); };
      position = position.after(move);
      const bool check = (read.move->check_mark || read.move->mate_mark) && position.in_check();
      if (read.move->mate_mark && !(check && position.is_checkmate())) {
        add(Severity::warning, written.line, written.column,
            fmt::format("game {}: {} {} is marked as mate but {}", game_.index, label(), written.text,
                        check ? "it is only check" : "it is not even check"));
      } else if (read.move->check_mark && !check) {
        add(Severity::warning, written.line, written.column,
            fmt::format("game {}: {} {} is marked as check but it does not give check",
                        game_.index, label(), written.text));
      }
      if (!main) continue;
      report_.main_line.push_back(move);
      report_.plies = ply;
      // Draws that became claimable (once each).
      if (!fifty_reported_ && position.halfmove_clock() >= 100) {
        fifty_reported_ = true;
        add(Severity::note, written.line, written.column,
            fmt::format("game {}: a draw by the 50-move rule is claimable after {} {} (ply {})",
                        game_.index, label(), written.text, ply));
      }
      if (position.halfmove_clock() == 0) history_.clear();
      history_.push_back(position.key());
      if (!repetition_reported_ && repetitions() >= 3) {
        repetition_reported_ = true;
        add(Severity::note, written.line, written.column,
            fmt::format("game {}: the same position has occurred three times after {} {} (ply {}): "
                        "a draw is claimable",
                        game_.index, label(), written.text, ply));
      }
      if (!dead_reported_ && position.dead_material()) {
        dead_reported_ = true;
        add(Severity::note, written.line, written.column,
            fmt::format("game {}: dead position (neither side can mate) after {} {} (ply {}): a "
                        "draw is claimable",
                        game_.index, label(), written.text, ply));
      }
    }
  }

  const PgnGame& game_;
  const std::string& file_;
  GameReport& report_;
  // Keys of the positions since the last capture or pawn move (only they can repeat); the
  // same side is to move in every other one.
  std::vector<std::uint64_t> history_;
  bool fifty_reported_ = false;
  bool repetition_reported_ = false;
  bool dead_reported_ = false;
};

// "1-0", "0-1", "1/2-1/2", "*", or "" for anything else.
std::string normal_result(std::string_view text) {
  if (text == "1-0" || text == "0-1" || text == "*") return std::string(text);
  if (text == "1/2-1/2" || text == "\xC2\xBD-\xC2\xBD" || text == "=") return "1/2-1/2";
  return "";
}

}  // namespace

GameReport validate_game(const PgnGame& game, const std::string& file) {
  GameReport report;
  report.index = game.index;
  report.white = std::string(game.tag("White"));
  report.black = std::string(game.tag("Black"));
  if (report.black.empty()) report.black = std::string(game.tag("Blue"));
  const std::string tag_result = std::string(game.tag("Result"));
  report.result = tag_result.empty() ? game.result : tag_result;

  Position start = Position::initial();
  const std::string_view fen = game.tag("FEN");
  if (!fen.empty()) {
    std::string error;
    auto position = Position::from_fen(fen, error);
    if (!position) {
      report.valid = false;
      report.reason = "bad FEN tag: " + error;
      std::uint32_t line = game.line;
      for (const PgnTag& tag : game.tags) {
        if (tag.name == "FEN") line = tag.line;
      }
      add_finding(report, Severity::error, file, line, 0,
                  fmt::format("game {}: {}", game.index, report.reason));
      return report;
    }
    start = *position;
    report.start = start;
  }
  Validator validator(game, file, report);
  validator.run(start);

  // The recorded result against the final position (only when the main line is legal).
  const std::string recorded = normal_result(report.result);
  if (!tag_result.empty() && !game.result.empty() &&
      normal_result(tag_result) != normal_result(game.result)) {
    add_finding(report, Severity::warning, file, game.result_line, game.result_column,
                fmt::format("game {}: the Result tag says {} but the movetext ends with {}",
                            game.index, tag_result, game.result));
  }
  if (report.valid && !recorded.empty() && recorded != "*") {
    const Position& end = report.final_position;
    const std::uint32_t line = game.result_line ? game.result_line : game.line;
    const std::uint32_t column = game.result_line ? game.result_column : 0;
    if (end.is_checkmate()) {
      if (recorded != (end.side_to_move() == Side::white ? "0-1" : "1-0")) {
        add_finding(
            report, Severity::warning, file, line, column,
            fmt::format("game {}: result {} contradicts the final position: {} is checkmated",
                        game.index, recorded, side_name(end.side_to_move())));
      }
    } else if (end.is_stalemate() && recorded != "1/2-1/2") {
      add_finding(
          report, Severity::warning, file, line, column,
          fmt::format("game {}: result {} contradicts the final position: stalemate is a draw",
                      game.index, recorded));
    } else if (end.dead_material() && recorded != "1/2-1/2") {
      add_finding(report, Severity::warning, file, line, column,
                  fmt::format("game {}: result {} contradicts the final position: neither side can "
                              "mate (dead position)",
                              game.index, recorded));
    }
  }
  return report;
}

}  // namespace boardgames::shatar
