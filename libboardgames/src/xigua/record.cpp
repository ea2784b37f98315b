#include "boardgames/xigua/record.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "boardgames/core/strings.h"
#include "boardgames/core/tag_pair.h"
#include "boardgames/core/utf8.h"
#include "boardgames/xigua/game.h"

namespace boardgames::xigua {

std::string_view Record::tag(std::string_view name) const {
  for (const auto& [key, value] : tags) {
    if (iequals_ascii(key, name)) return value;
  }
  return {};
}

std::array<std::uint32_t, 2> Record::tag_place(std::string_view name) const {
  for (std::size_t i = 0; i < tags.size() && i < tag_places.size(); ++i) {
    if (iequals_ascii(tags[i].first, name)) return tag_places[i];
  }
  return {line, 0};
}

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// A result token ending the moves ("=" is not one there).
bool is_result(std::string_view t) { return t != "=" && parse_record_result(t).has_value(); }

}  // namespace

RecordResult record_result(std::optional<Side> winner) {
  if (!winner) return RecordResult::draw;
  return *winner == Side::black ? RecordResult::first_wins : RecordResult::second_wins;
}

std::vector<Record> read_records(std::string_view text, const std::string& file,
                                 Diagnostics& diagnostics) {
  std::vector<Record> records;
  Record current;
  std::unordered_map<std::string, std::size_t> first_tag;  // a tag name's first in current.tags
  bool in_record = false;
  bool has_moves = false;
  std::size_t left_out = 0;     // problems of this record beyond kMaxProblemsPerRecord
  bool left_out_error = false;  // and one of them an error
  SourceLocation left_out_where;
  auto start = [&](std::uint32_t line) {
    if (in_record) return;
    in_record = true;
    current.line = line;
  };
  auto finish = [&]() {
    if (!in_record) return;
    if (left_out > 0) {
      current.problems.push_back(
          {left_out_error ? Severity::error : Severity::warning, left_out_where,
           fmt::format("{} more reading problems in this game are not listed", left_out)});
    }
    current.index = static_cast<int>(records.size()) + 1;
    records.push_back(std::move(current));
    current = Record{};
    first_tag.clear();
    in_record = false;
    has_moves = false;
    left_out = 0;
    left_out_error = false;
  };
  auto problem = [&](std::uint32_t line, std::uint32_t column, std::string message,
                     Severity severity = Severity::error) {
    if (current.problems.size() < kMaxProblemsPerRecord) {
      current.problems.push_back({severity, {file, line, column}, std::move(message)});
    } else {
      ++left_out;
      left_out_error = left_out_error || severity == Severity::error;
      left_out_where = {file, line, column};
    }
  };
  std::vector<std::string> notes;  // the encoding notes given
  auto tag_text = [&](std::string_view bytes, std::uint32_t line) {
    std::string note;
    std::string converted = record_text_to_utf8(bytes, &note);
    if (!note.empty() && std::find(notes.begin(), notes.end(), note) == notes.end()) {
      diagnostics.note({file, line, 0}, note);
      notes.push_back(std::move(note));
    }
    return converted;
  };
  std::uint32_t line_number = 0;
  for (std::string_view line : split_lines(text)) {
    ++line_number;
    if (line.starts_with(kByteOrderMark)) line.remove_prefix(kByteOrderMark.size());  // zero width
    if (auto comment = line.find(';'); comment != std::string_view::npos)
      line = line.substr(0, comment);
    const std::string_view trimmed = trim(line);
    if (trimmed.empty()) continue;
    if (trimmed.front() == '[') {
      if (has_moves) finish();
      start(line_number);
      // [Name "value"]
      const auto column =
          static_cast<std::uint32_t>(utf8_length(line.substr(0, line.find('['))) + 1);
      // One tag a line, with a value in quotes.
      const TagPairScan scan = scan_tag_pair(trimmed);
      if (scan.error != TagPairError::none || scan.length != trimmed.size() ||
          trimmed.substr(0, scan.length).find('"') == std::string_view::npos) {
        problem(
            line_number, column,
            fmt::format("'{}' is not a tag: a tag is written [Name \"value\"]", excerpt(trimmed)));
        continue;
      }
      std::string name = tag_text(scan.name, line_number);
      std::string value = tag_text(scan.value, line_number);
      // A tag given twice: the first is the one read (Record::tag), so a second with another
      // value is said, not dropped unseen. Found through an index of the names (ASCII case
      // folded), not a scan: a file of thousands of tag lines stays linear.
      const auto [first, new_name] =
          first_tag.try_emplace(to_lower_ascii(name), current.tags.size());
      if (!new_name && current.tags[first->second].second != value) {
        problem(
            line_number, column,
            fmt::format("tag [{}] is given again, \"{}\": the first, \"{}\", is used",
                        excerpt(name), excerpt(value), excerpt(current.tags[first->second].second)),
            Severity::warning);
      }
      current.tags.emplace_back(std::move(name), std::move(value));
      current.tag_places.push_back({line_number, column});
      continue;
    }
    // Tokens between spaces; columns count characters.
    std::size_t pos = 0;
    std::uint32_t column = 1;
    while (pos < line.size()) {
      while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) {
        ++pos;
        ++column;
      }
      if (pos >= line.size()) break;
      std::size_t end = pos;
      std::uint32_t width = 0;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t') {
        if ((static_cast<unsigned char>(line[end]) & 0xC0) != 0x80) ++width;
        ++end;
      }
      std::string_view token = line.substr(pos, end - pos);
      const std::uint32_t token_column = column;
      pos = end;
      column += width;
      start(line_number);
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
          problem(line_number, token_column,
                  fmt::format("capture '{}' before any move", excerpt(token)));
          continue;
        }
        current.moves.back().captures.emplace_back(token.substr(1));
        continue;
      }
      has_moves = true;
      current.moves.push_back({std::string(token), {}, line_number, token_column});
    }
  }
  finish();
  return records;
}

RecordReport validate_record(const Record& record, const std::string& file,
                             const ValidateOptions& options) {
  RecordReport report;
  report.index = record.index;
  report.black = std::string(record.tag("Black"));
  report.white = std::string(record.tag("White"));
  auto add = [&](Severity severity, std::uint32_t line, std::uint32_t column, std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.where = {file, line, column};
    d.message = fmt::format("game {}: {}", record.index, message);
    report.diagnostics.push_back(std::move(d));
  };
  // The Result tag, else the result written after the moves. A tag that is no result ("1:0",
  // "2-0") is said and passed over: a results row must not go out empty without a word.
  const std::string tag_result = std::string(record.tag("Result"));
  const std::optional<RecordResult> tag_parsed = parse_record_result(tag_result);
  const bool tag_used = !tag_result.empty() && tag_parsed;
  report.recorded_result = tag_used ? tag_parsed : parse_record_result(record.result_token);
  const auto [result_line, result_column] = record.tag_place("Result");
  if (!tag_result.empty() && !tag_parsed) {
    add(Severity::warning, result_line, result_column,
        fmt::format("the Result tag \"{}\" is not a result (1-0, 0-1, 1/2-1/2 or *): {}",
                    excerpt(tag_result, 20),
                    report.recorded_result
                        ? fmt::format("the moves' {} is used", excerpt(record.result_token, 20))
                        : std::string("the result is not recorded")));
  }
  // A Result tag and a result token after the moves that disagree: the tag is used (as
  // shatar-validate does), and a warning says so.
  if (tag_used && !record.result_token.empty() &&
      tag_parsed != parse_record_result(record.result_token)) {
    add(Severity::warning, result_line, result_column,
        fmt::format("the Result tag says {} but the moves end with {}: the tag's result is used",
                    excerpt(tag_result, 20), excerpt(record.result_token, 20)));
  }
  // What could not be read: the record is invalid, the first problem is its reason unless an
  // illegal move comes before it in the file.
  for (const Diagnostic& problem : record.problems) {
    add(problem.severity, problem.where.line, problem.where.column, problem.message);
    if (problem.severity == Severity::error && report.valid()) {
      report.error = Problem{fmt::format("{} (line {}, column {})", problem.message,
                                         problem.where.line, problem.where.column),
                             {file, problem.where.line, problem.where.column},
                             "",
                             0};
    }
  }
  // An illegal move: the reason, unless a reading problem comes first in the file.
  auto illegal = [&](const RecordMove& written, int ply, std::string reason) {
    if (report.error && std::pair(written.line, written.column) >
                            std::pair(report.error->where.line, report.error->where.column))
      return;
    report.error =
        Problem{std::move(reason), {file, written.line, written.column}, written.text, ply};
  };
  Side first = Side::black;
  const std::string_view first_tag = record.tag("First");
  if (iequals_ascii(first_tag, "white")) first = Side::white;
  if (options.first) {
    first = *options.first;
  } else if (!first_tag.empty() && !iequals_ascii(first_tag, "white") &&
             !iequals_ascii(first_tag, "black")) {
    // A misspelt side is no silent default: the whole record is read from it.
    const auto [line, column] = record.tag_place("First");
    add(Severity::warning, line, column,
        fmt::format("[First \"{}\"] names neither Black nor White: Black moves first",
                    excerpt(first_tag)));
  }
  report.first = first;
  Position position = Position::start(first);
  std::optional<Side> loser_by_rule;  // the fifth move of one stone loses
  bool over = false;
  int ply = 0;
  for (const RecordMove& written : record.moves) {
    const int number = ply / 2 + 1;
    const std::string label =
        fmt::format("{}{} ({})", number, position.side_to_move() == first ? "." : "...",
                    side_name(position.side_to_move()));
    if (over) {
      add(Severity::warning, written.line, written.column,
          fmt::format("the game was over; move {} '{}' follows", label, excerpt(written.text)));
      break;
    }
    ++ply;
    const Expected<Move> parsed = parse_move(written.text);
    if (!parsed) {
      const std::string reason = fmt::format(
          "'{}' is not a move (FROM-TO with point names, or pass)", excerpt(written.text));
      add(Severity::error, written.line, written.column, fmt::format("move {} {}", label, reason));
      illegal(written, ply, reason);
      break;
    }
    const Move move = *parsed;
    if (auto reason = position.check_move(move)) {
      if (*reason == Illegal::same_stone_limit) loser_by_rule = position.side_to_move();
      add(Severity::error, written.line, written.column,
          fmt::format("move {} '{}' is illegal: {}", label, excerpt(written.text),
                      describe(*reason)));
      illegal(written, ply, std::string(describe(*reason)));
      break;
    }
    const Side mover = position.side_to_move();
    // A capture written twice, or one that names no point: said (not merged or dropped unseen).
    PointSet written_once = 0;
    for (const std::string& name : written.captures) {
      const auto p = parse_point(name);
      if (!p) {
        add(Severity::warning, written.line, written.column,
            fmt::format("move {} captures x{}, which is no point of the board", label,
                        excerpt(name)));
      } else if (written_once & bit(*p)) {
        add(Severity::warning, written.line, written.column,
            fmt::format("move {} writes the capture x{} twice", label, excerpt(name)));
      }
      if (p) written_once |= bit(*p);
    }
    Position next;
    PointSet captured = 0;
    if (options.manual_capture) {
      // Only the written captures come off; each must be a dead stone of the opponent.
      const Position moved = position.after_manual(move, 0);
      const PointSet dead = moved.dead_stones(~mover);
      PointSet remove = 0;
      for (const std::string& name : written.captures) {
        auto p = parse_point(name);
        if (!p) continue;  // said above
        if (!(moved.stones(~mover) & bit(*p))) {
          add(Severity::warning, written.line, written.column,
              fmt::format("move {} captures x{}, where there is no {} stone", label, excerpt(name),
                          side_name(~mover)));
          continue;
        }
        if (!(dead & bit(*p))) {
          add(Severity::warning, written.line, written.column,
              fmt::format("wrong capture: x{} still has a liberty; the stone is put back (warning)",
                          excerpt(name)));
          continue;
        }
        remove |= bit(*p);
      }
      const PointSet escaped = dead & ~remove;
      if (escaped) {
        std::string names;
        for (PointSet s = escaped; s; s &= s - 1)
          names += fmt::format(" {}", point_name(static_cast<Point>(__builtin_ctz(s))));
        add(Severity::note, written.line, written.column,
            fmt::format(
                "move {} leaves dead stones uncaptured: they escape and stay on the board:{}",
                label, names));
      }
      next = position.after_manual(move, remove);
      captured = remove;
    } else {
      next = position.after(move, &captured);
      if (!written.captures.empty()) {
        if (written_once != captured) {
          std::string actual;
          for (PointSet s = captured; s; s &= s - 1)
            actual += fmt::format(" x{}", point_name(static_cast<Point>(__builtin_ctz(s))));
          add(Severity::warning, written.line, written.column,
              fmt::format(
                  "move {} '{}': the captures written do not match the position (it captures{})",
                  label, excerpt(written.text), actual.empty() ? " nothing" : actual));
        }
      }
    }
    position = next;
    report.moves.push_back(move);
    report.plies = ply;
    // A record does not say whether the competition had a move limit or the repetition rule.
    if (ending(position, 1, ply, EndRules{})) over = true;
  }
  report.final_position = position;
  // The result by the rules.
  const std::optional<Ending> end =
      loser_by_rule ? same_stone_limit_loss(*loser_by_rule) : ending(position, 1, ply, EndRules{});
  const bool recorded =
      report.recorded_result.has_value() && *report.recorded_result != RecordResult::unknown;
  if (end) {
    report.result = record_result(end->winner);
    report.result_reason = describe(*end);
  } else if (report.valid() && !recorded) {
    // The rules have not ended the game and no result is recorded: unfinished (the stone count
    // decides only when the time or move limit ends a game, and a record does not say so).
    report.unfinished = true;
    report.result = RecordResult::unknown;
    report.result_reason = "the game is not over";
  } else if (report.valid()) {
    report.result = report.recorded_result;
    report.result_reason = "as recorded";
  } else {
    report.result = report.recorded_result;
  }
  if (recorded && end && report.recorded_result != report.result) {
    add(Severity::warning, record.line, 0,
        fmt::format("the recorded result {} contradicts the rules: {} ({})",
                    record_result_token(*report.recorded_result),
                    record_result_token(*report.result), report.result_reason));
  }
  return report;
}

void write_record(const std::vector<std::pair<std::string, std::string>>& tags, Side first,
                  const std::vector<Move>& moves, RecordResult result, std::string& out) {
  for (const auto& [key, value] : tags) write_tag_pair(key, value, out);
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
    for (PointSet s = captured; s; s &= s - 1)
      line += fmt::format(" x{}", point_name(static_cast<Point>(__builtin_ctz(s))));
  }
  if (!line.empty()) out += line + '\n';
  out += record_result_token(result);
  out += '\n';
}

}  // namespace boardgames::xigua
