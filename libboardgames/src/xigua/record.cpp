#include "boardgames/xigua/record.h"

#include <fmt/format.h>

#include "boardgames/core/strings.h"

namespace boardgames::xigua {

std::string_view Record::tag(std::string_view name) const {
  for (const auto& [key, value] : tags) {
    if (iequals_ascii(key, name)) return value;
  }
  return {};
}

namespace {

bool is_result(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "\xC2\xBD-\xC2\xBD" || t == "*";
}

std::string normal_result(std::string_view t) {
  if (t == "1-0" || t == "0-1" || t == "*") return std::string(t);
  if (t == "1/2-1/2" || t == "\xC2\xBD-\xC2\xBD" || t == "=") return "1/2-1/2";
  return "";
}

std::string result_for(std::optional<Side> winner) {
  if (!winner) return "1/2-1/2";
  return *winner == Side::black ? "1-0" : "0-1";
}

}  // namespace

std::vector<Record> read_records(std::string_view text, const std::string& file, Diagnostics& diagnostics) {
  std::vector<Record> records;
  Record current;
  bool in_record = false;
  bool has_moves = false;
  auto finish = [&]() {
    if (!in_record) return;
    current.index = static_cast<int>(records.size()) + 1;
    records.push_back(std::move(current));
    current = Record{};
    in_record = false;
    has_moves = false;
  };
  std::uint32_t line_number = 0;
  for (std::string_view line : split(text, '\n')) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (auto comment = line.find(';'); comment != std::string_view::npos) line = line.substr(0, comment);
    const std::string_view trimmed = trim(line);
    if (trimmed.empty()) continue;
    if (trimmed.front() == '[') {
      if (has_moves) finish();
      if (!in_record) {
        in_record = true;
        current.line = line_number;
      }
      // [Name "value"]
      const auto quote = trimmed.find('"');
      const auto close = trimmed.rfind('"');
      if (quote == std::string_view::npos || close == quote || trimmed.back() != ']') {
        diagnostics.error({file, line_number, 1}, "a tag is written [Name \"value\"]");
        continue;
      }
      current.tags.emplace_back(std::string(trim(trimmed.substr(1, quote - 1))),
                                std::string(trimmed.substr(quote + 1, close - quote - 1)));
      continue;
    }
    std::size_t pos = 0;
    while (pos < line.size()) {
      while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
      if (pos >= line.size()) break;
      std::size_t end = pos;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
      std::string_view token = line.substr(pos, end - pos);
      const auto column = static_cast<std::uint32_t>(pos + 1);
      pos = end;
      if (!in_record) {
        in_record = true;
        current.line = line_number;
      }
      // A move number "12." (or "12...") alone, or glued to the move ("12.N2-N1").
      std::size_t digits = 0;
      while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
      if (digits > 0 && digits < token.size() && token[digits] == '.') {
        std::size_t dots = digits;
        while (dots < token.size() && token[dots] == '.') ++dots;
        token.remove_prefix(dots);
        if (token.empty()) continue;
      }
      if (is_result(token)) {
        current.result_token = std::string(token);
        finish();
        continue;
      }
      if ((token[0] == 'x' || token[0] == 'X') && token.size() > 1) {
        if (current.moves.empty()) {
          diagnostics.error({file, line_number, column}, fmt::format("capture '{}' before any move", token));
          continue;
        }
        current.moves.back().captures.emplace_back(token.substr(1));
        continue;
      }
      has_moves = true;
      current.moves.push_back({std::string(token), {}, line_number, column});
    }
  }
  finish();
  return records;
}

RecordReport validate_record(const Record& record, const std::string& file, const ValidateOptions& options) {
  RecordReport report;
  report.index = record.index;
  report.black = std::string(record.tag("Black"));
  report.white = std::string(record.tag("White"));
  const std::string tag_result = std::string(record.tag("Result"));
  report.recorded_result = normal_result(tag_result.empty() ? record.result_token : tag_result);
  auto add = [&](Severity severity, std::uint32_t line, std::uint32_t column, std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.where = {file, line, column};
    d.message = fmt::format("game {}: {}", record.index, message);
    report.diagnostics.push_back(std::move(d));
  };
  Side first = Side::black;
  const std::string_view first_tag = record.tag("First");
  if (iequals_ascii(first_tag, "white")) first = Side::white;
  if (options.first) first = *options.first;
  report.first = first;
  Position position = Position::start(first);
  std::optional<Side> loser_by_rule;  // the fifth move of one stone loses
  bool over = false;
  int ply = 0;
  for (const RecordMove& written : record.moves) {
    const int number = ply / 2 + 1;
    const std::string label = fmt::format("{}{} ({})", number, position.side_to_move() == first ? "." : "...",
                                          side_name(position.side_to_move()));
    if (over) {
      add(Severity::warning, written.line, written.column,
          fmt::format("the game was over; move {} '{}' follows", label, written.text));
      break;
    }
    ++ply;
    Move move;
    if (iequals_ascii(written.text, "pass")) {
      move = Move::pass();
    } else {
      const auto dash = written.text.find('-');
      std::optional<Point> from;
      std::optional<Point> to;
      if (dash != std::string::npos) {
        from = parse_point(std::string_view(written.text).substr(0, dash));
        to = parse_point(std::string_view(written.text).substr(dash + 1));
      }
      if (!from || !to) {
        report.valid = false;
        report.error_ply = ply;
        report.reason = fmt::format("'{}' is not a move (FROM-TO with point names, or pass)", written.text);
        add(Severity::error, written.line, written.column, fmt::format("move {} {}", label, report.reason));
        break;
      }
      move = Move(*from, *to);
    }
    if (auto reason = position.check_move(move)) {
      report.valid = false;
      report.error_ply = ply;
      report.reason = std::string(describe(*reason));
      if (*reason == Illegal::same_stone_limit) loser_by_rule = position.side_to_move();
      add(Severity::error, written.line, written.column,
          fmt::format("move {} '{}' is illegal: {}", label, written.text, report.reason));
      break;
    }
    const Side mover = position.side_to_move();
    Position next;
    PointSet captured = 0;
    if (options.manual_capture) {
      // Only the written captures come off; each must be a dead stone of the opponent.
      const Position moved = position.after_manual(move, 0);
      const PointSet dead = moved.dead_stones(~mover);
      PointSet remove = 0;
      for (const std::string& name : written.captures) {
        auto p = parse_point(name);
        if (!p || !(moved.stones(~mover) & bit(*p))) {
          add(Severity::warning, written.line, written.column,
              fmt::format("move {} captures x{}, where there is no {} stone", label, name, side_name(~mover)));
          continue;
        }
        if (!(dead & bit(*p))) {
          add(Severity::warning, written.line, written.column,
              fmt::format("wrong capture: x{} still has a liberty; the stone is put back (warning)", name));
          continue;
        }
        remove |= bit(*p);
      }
      const PointSet escaped = dead & ~remove;
      if (escaped) {
        std::string names;
        for (PointSet s = escaped; s; s &= s - 1) names += fmt::format(" {}", point_name(static_cast<Point>(__builtin_ctz(s))));
        add(Severity::note, written.line, written.column,
            fmt::format("move {} leaves dead stones uncaptured: they escape and stay on the board:{}", label, names));
      }
      next = position.after_manual(move, remove);
      captured = remove;
    } else {
      next = position.after(move, &captured);
      if (!written.captures.empty()) {
        PointSet written_set = 0;
        for (const std::string& name : written.captures) {
          if (auto p = parse_point(name)) written_set |= bit(*p);
        }
        if (written_set != captured) {
          std::string actual;
          for (PointSet s = captured; s; s &= s - 1) actual += fmt::format(" x{}", point_name(static_cast<Point>(__builtin_ctz(s))));
          add(Severity::warning, written.line, written.column,
              fmt::format("move {} '{}': the captures written do not match the position (it captures{})", label,
                          written.text, actual.empty() ? " nothing" : actual));
        }
      }
    }
    position = next;
    report.moves.push_back(move);
    report.plies = ply;
    if (position.game_over()) over = true;
  }
  report.final_position = position;
  // The result by the rules.
  if (loser_by_rule) {
    report.result = result_for(~*loser_by_rule);
    report.result_reason = "the fifth consecutive move of one stone loses";
  } else if (auto winner = position.winner()) {
    report.result = result_for(winner);
    report.result_reason = "4 stones captured";
  } else if (report.valid) {
    const int black = position.count(Side::black);
    const int white = position.count(Side::white);
    const std::string by_count = black > white ? "1-0" : black < white ? "0-1" : "1/2-1/2";
    if (report.recorded_result.empty() || report.recorded_result == "*") {
      report.result = by_count;
      report.result_reason = "stone count";
    } else {
      report.result = report.recorded_result;
      report.result_reason = "as recorded";
    }
  } else {
    report.result = report.recorded_result;
  }
  if (!report.recorded_result.empty() && report.recorded_result != "*" &&
      (loser_by_rule || position.game_over()) && report.recorded_result != report.result) {
    add(Severity::warning, record.line, 0,
        fmt::format("the recorded result {} contradicts the rules: {} ({})", report.recorded_result,
                    report.result, report.result_reason));
  }
  return report;
}

std::string write_record(const std::vector<std::pair<std::string, std::string>>& tags, Side first,
                         const std::vector<Move>& moves, const std::string& result) {
  std::string out;
  for (const auto& [key, value] : tags) out += fmt::format("[{} \"{}\"]\n", key, value);
  if (!tags.empty()) out += '\n';
  Position position = Position::start(first);
  std::string line;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % 2 == 0) {
      if (!line.empty()) out += line + '\n';
      line = fmt::format("{}.", i / 2 + 1);
    }
    PointSet captured = 0;
    position = position.after(moves[i], &captured);
    line += ' ' + move_text(moves[i]);
    for (PointSet s = captured; s; s &= s - 1) line += fmt::format(" x{}", point_name(static_cast<Point>(__builtin_ctz(s))));
  }
  if (!line.empty()) out += line + '\n';
  out += result + "\n";
  return out;
}

}  // namespace boardgames::xigua
