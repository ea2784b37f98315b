#include "boardgames/io/standings_output.h"

#include <fmt/format.h>

#include <algorithm>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"

namespace boardgames {

namespace {

std::string value_text(const std::optional<Fraction>& value) {
  return value ? value->decimal() : std::string();
}

// In a table for reading, an undefined value (C.07 10: ARO, TPR, PTP, AOB without an opponent
// met over the board) is a dash; DE where it did not apply stays blank. CSV leaves both empty,
// JSON writes null.
std::string cell_text(const Tiebreak& column, const std::optional<Fraction>& value) {
  if (!value && column.kind != TiebreakKind::direct_encounter) return "-";
  return value_text(value);
}

std::string_view format_name(EventFormat format) {
  switch (format) {
    case EventFormat::individual:
      return "individual";
    case EventFormat::multi_game:
      return "multi-game matches";
    case EventFormat::team:
      return "teams";
  }
  return "";
}

std::string event_summary(const Event& event) {
  return fmt::format(
      "{}, {}, {}, {} round{}", game_name(event.game), format_name(event.format),
      event.round_robin ? (event.cycles > 1 ? "double round robin" : "round robin") : "Swiss",
      event.rounds, event.rounds == 1 ? "" : "s");
}

// The symbol of one meeting in a crosstable cell.
std::string meeting(const Event& event, const RoundRecord& record) {
  if (record.kind == RoundKind::forfeit_win) return "+";
  if (record.kind == RoundKind::forfeit_loss) return "-";
  return event.format == EventFormat::individual ? record.points.text() : record.game_points.text();
}

// The rows (and columns) of a crosstable: in a round robin by draw number, as the rule books'
// tables are; in a Swiss in rank order.
std::vector<const StandingRow*> crosstable_order(const Event& event, const Standings& standings) {
  std::vector<const StandingRow*> order;
  order.reserve(standings.rows.size());
  for (const StandingRow& row : standings.rows) order.push_back(&row);
  if (event.round_robin) {
    std::stable_sort(order.begin(), order.end(), [&](const StandingRow* a, const StandingRow* b) {
      return event.participants[static_cast<std::size_t>(a->participant)].number <
             event.participants[static_cast<std::size_t>(b->participant)].number;
    });
  }
  return order;
}

// The label of a crosstable row and column: the draw number in a round robin, the place in
// the table (1, 2, ...) in a Swiss.
std::string crosstable_label(const Event& event, const std::vector<const StandingRow*>& order,
                             std::size_t i) {
  if (event.round_robin) {
    return std::to_string(
        event.participants[static_cast<std::size_t>(order[i]->participant)].number);
  }
  return std::to_string(i + 1);
}

std::vector<std::string> crosstable_cells(const Event& event,
                                          const std::vector<const StandingRow*>& order,
                                          const StandingRow& row) {
  std::vector<std::string> cells;
  const Participant& me = event.participants[static_cast<std::size_t>(row.participant)];
  for (const StandingRow* other : order) {
    if (other->participant == row.participant) {
      cells.emplace_back("×");
      continue;
    }
    std::string cell;
    for (const RoundRecord& record : me.rounds) {
      if (record.opponent != other->participant || record.kind == RoundKind::none) continue;
      if (!cell.empty()) cell += ' ';
      cell += meeting(event, record);
    }
    cells.push_back(cell);
  }
  return cells;
}

void html_escape(std::string& out, std::string_view text) { append_markup_escaped(text, out); }

}  // namespace

void write_standings_text(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, std::string& out) {
  fmt::format_to(std::back_inserter(out), "Standings ({})\n", event_summary(event));
  if (!heading.system.empty()) {
    fmt::format_to(std::back_inserter(out), "System {}: {}\n", heading.system, heading.description);
  }
  out += '\n';
  std::size_t name_width = display_width("Name");
  std::size_t rank_width = display_width("Rank");
  for (const StandingRow& row : standings.rows) {
    name_width =
        std::max(name_width,
                 display_width(event.participants[static_cast<std::size_t>(row.participant)].name));
    rank_width = std::max(rank_width, row.rank_text().size());
  }
  std::vector<std::size_t> widths;
  for (std::size_t c = 0; c < standings.columns.size(); ++c) {
    std::size_t width = standings.columns[c].code().size();
    for (const StandingRow& row : standings.rows)
      width = std::max(width, cell_text(standings.columns[c], row.values[c]).size());
    widths.push_back(width);
  }
  std::size_t points_width = display_width("Points");
  for (const StandingRow& row : standings.rows) {
    points_width = std::max(
        points_width,
        display_width(event.participants[static_cast<std::size_t>(row.participant)].score.text()));
  }
  out += pad_left("Rank", rank_width) + "  No.  " + pad_right("Name", name_width) + "  " +
         pad_left("Points", points_width);
  for (std::size_t c = 0; c < standings.columns.size(); ++c) {
    out += "  " + pad_left(standings.columns[c].code(), widths[c]);
  }
  out += '\n';
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    std::string line = pad_left(row.rank_text(), rank_width) + fmt::format("  {:>3}  ", p.number) +
                       pad_right(p.name, name_width) + "  " +
                       pad_left(p.score.text(), points_width);
    for (std::size_t c = 0; c < standings.columns.size(); ++c) {
      line += "  " + pad_left(cell_text(standings.columns[c], row.values[c]), widths[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  }
  for (const Participant& p : event.participants) {
    if (p.removed) {
      fmt::format_to(std::back_inserter(out), "\nWithdrawn, results annulled: {}\n", p.name);
    }
  }
}

void write_standings_csv(const Event& event, const Standings& standings, std::string& out) {
  CsvWriter csv(out);
  csv.field("rank").field("id").field("name").field("points");
  for (const Tiebreak& column : standings.columns) csv.field(column.code());
  csv.end_row();
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    csv.field(row.rank_text()).field(p.id).field(p.name).field(p.score.decimal());
    for (const auto& value : row.values) csv.field(value_text(value));
    csv.end_row();
  }
}

void write_standings_json(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, std::string& out) {
  JsonWriter json(out);
  json.begin_object();
  json.key("event").begin_object();
  json.key("game").value(game_name(event.game));
  json.key("format").value(format_name(event.format));
  json.key("round_robin").value(event.round_robin);
  json.key("rounds").value(event.rounds);
  json.key("system").value(heading.system);
  json.end_object();
  json.key("columns").begin_array();
  for (const Tiebreak& column : standings.columns) json.value(column.code());
  json.end_array();
  json.key("standings").begin_array();
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    json.begin_object();
    json.key("rank").value(row.rank_text());
    json.key("rank_first").value(row.rank_first);
    json.key("rank_last").value(row.rank_last);
    json.key("number").value(p.number);
    json.key("id").value(p.id);
    json.key("name").value(p.name);
    json.key("points").raw_number(p.score.decimal());
    json.key("tiebreaks").begin_object();
    for (std::size_t c = 0; c < standings.columns.size(); ++c) {
      json.key(standings.columns[c].code());
      if (row.values[c]) {
        json.raw_number(row.values[c]->decimal(6));
      } else {
        json.null();
      }
    }
    json.end_object();
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

void write_crosstable_text(const Event& event, const Standings& standings, std::string& out) {
  fmt::format_to(std::back_inserter(out), "Crosstable ({})\n\n", event_summary(event));
  const std::vector<const StandingRow*> order = crosstable_order(event, standings);
  const std::size_t n = order.size();
  std::size_t name_width = 4;
  for (const StandingRow* row : order) {
    name_width = std::max(
        name_width,
        display_width(event.participants[static_cast<std::size_t>(row->participant)].name));
  }
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> labels;
  std::size_t label_width = event.round_robin ? display_width("No.") : 0;
  for (std::size_t i = 0; i < n; ++i) {
    labels.push_back(crosstable_label(event, order, i));
    label_width = std::max(label_width, labels.back().size());
  }
  std::size_t cell_width = 1;
  for (const std::string& label : labels) cell_width = std::max(cell_width, label.size());
  std::size_t rank_width = display_width("Rank");
  for (const StandingRow* row : order) {
    cells.push_back(crosstable_cells(event, order, *row));
    for (const auto& cell : cells.back()) cell_width = std::max(cell_width, display_width(cell));
    rank_width = std::max(rank_width, row->rank_text().size());
  }
  std::string header =
      pad_left(event.round_robin ? "No." : "", label_width) + "  " + pad_right("Name", name_width);
  for (const std::string& label : labels) header += "  " + pad_left(label, cell_width);
  header += "  Points";
  if (event.round_robin) header += "  Rank";
  out += header + "\n";
  for (std::size_t i = 0; i < n; ++i) {
    const Participant& p = event.participants[static_cast<std::size_t>(order[i]->participant)];
    std::string line = pad_left(labels[i], label_width) + "  " + pad_right(p.name, name_width);
    for (const auto& cell : cells[i]) line += "  " + pad_left(cell, cell_width);
    line += "  " + pad_left(p.score.text(), 6);
    if (event.round_robin) line += "  " + pad_left(order[i]->rank_text(), rank_width);
    out += line + "\n";
  }
}

void write_crosstable_html(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, std::string& out) {
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>Crosstable</title>\n<style>\n"
      "body{font-family:system-ui,sans-serif;margin:2em}\n"
      "table{border-collapse:collapse}\n"
      "th,td{border:1px solid #999;padding:.25em .5em;text-align:center}\n"
      "td.name{text-align:left}\n"
      "td.self{background:#ddd}\n"
      "caption{caption-side:top;font-weight:bold;margin-bottom:.5em}\n"
      "</style>\n</head>\n<body>\n<table>\n<caption>";
  html_escape(out, "Crosstable (" + event_summary(event) + ")");
  if (!heading.system.empty()) {
    out += "<br>";
    html_escape(out, "System " + heading.system + ": " + heading.description);
  }
  const std::vector<const StandingRow*> order = crosstable_order(event, standings);
  out += event.round_robin ? "</caption>\n<tr><th>No.</th><th>Name</th>"
                           : "</caption>\n<tr><th>Rank</th><th>Name</th>";
  for (std::size_t i = 0; i < order.size(); ++i) {
    out += fmt::format("<th>{}</th>", crosstable_label(event, order, i));
  }
  out += "<th>Points</th>";
  if (event.round_robin) out += "<th>Rank</th>";
  for (const Tiebreak& column : standings.columns) {
    out += "<th>";
    html_escape(out, column.code());
    out += "</th>";
  }
  out += "</tr>\n";
  for (std::size_t i = 0; i < order.size(); ++i) {
    const StandingRow& row = *order[i];
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    out += "<tr><td>" + (event.round_robin ? crosstable_label(event, order, i) : row.rank_text()) +
           "</td><td class=\"name\">";
    html_escape(out, p.name);
    out += "</td>";
    for (const std::string& cell : crosstable_cells(event, order, row)) {
      out += cell == "×" ? "<td class=\"self\">" : "<td>";
      html_escape(out, cell);
      out += "</td>";
    }
    out += "<td>" + p.score.text() + "</td>";
    if (event.round_robin) out += "<td>" + row.rank_text() + "</td>";
    for (std::size_t c = 0; c < standings.columns.size(); ++c)
      out += "<td>" + cell_text(standings.columns[c], row.values[c]) + "</td>";
    out += "</tr>\n";
  }
  out += "</table>\n</body>\n</html>\n";
}

bool write_explanation(const Event& event, const Standings& standings,
                       const TiebreakSettings& settings, std::string_view who, std::string& out) {
  const StandingRow* found = nullptr;
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    if (p.id == who || p.name == who) {
      found = &row;
      break;
    }
  }
  if (found == nullptr) return false;
  const Participant& me = event.participants[static_cast<std::size_t>(found->participant)];
  fmt::format_to(std::back_inserter(out), "{} (id {}, number {}): rank {}, {} points\n", me.name,
                 me.id, me.number, found->rank_text(), me.score.text());
  out += "\nRounds:\n";
  for (int r = 1; r <= event.rounds; ++r) {
    const RoundRecord& record = me.rounds[static_cast<std::size_t>(r - 1)];
    std::string opponent;
    if (record.opponent >= 0) {
      const Participant& o = event.participants[static_cast<std::size_t>(record.opponent)];
      opponent = fmt::format(" v {} ({})", o.name, o.number);
    }
    fmt::format_to(std::back_inserter(out), "  round {:>2}  {:>5}  {}{}\n", r, record.points.text(),
                   round_kind_name(record.kind), opponent);
  }
  TiebreakCalculator calculator(event, settings);
  for (std::size_t c = 0; c < standings.columns.size(); ++c) {
    const Tiebreak& column = standings.columns[c];
    out += '\n';
    if (column.kind == TiebreakKind::direct_encounter) {
      if (!found->values[c]) {
        out += "DE: not applied (no tie left at this point)\n";
        continue;
      }
      // The group DE was applied to: tied with this participant on score and every earlier
      // criterion.
      std::vector<int> group;
      for (const StandingRow& row : standings.rows) {
        bool tied = event.participants[static_cast<std::size_t>(row.participant)].score == me.score;
        for (std::size_t k = 0; k < c && tied; ++k) tied = row.values[k] == found->values[k];
        if (tied) group.push_back(row.participant);
      }
      fmt::format_to(std::back_inserter(out), "DE = {}: points in the games among the tied group\n",
                     found->values[c]->decimal());
      for (int other : group) {
        if (other == found->participant) continue;
        const Participant& o = event.participants[static_cast<std::size_t>(other)];
        for (int r = 1; r <= event.rounds; ++r) {
          const RoundRecord& record = me.rounds[static_cast<std::size_t>(r - 1)];
          if (record.opponent == other) {
            fmt::format_to(std::back_inserter(out), "  round {:>2}  {:>5}  v {} ({}), {}\n", r,
                           record.points.text(), o.name, o.number, round_kind_name(record.kind));
          }
        }
      }
      continue;
    }
    std::vector<std::string> lines;
    const auto value = calculator.value(column, found->participant, &lines);
    fmt::format_to(std::back_inserter(out), "{} = {}\n", column.code(),
                   value ? value->decimal() : "undefined");
    for (const std::string& line : lines) out += line + "\n";
  }
  return true;
}

Expected<StandingsHeading> choose_tiebreak_order(const Event& event, const SystemPreset* preset,
                                                 std::string_view custom_codes,
                                                 RankingOptions& ranking) {
  StandingsHeading heading;
  if (!custom_codes.empty()) {
    auto order = parse_tiebreaks(custom_codes);
    if (!order) return order.problem();
    ranking.order = std::move(*order);
    heading.system = "custom";
    heading.description = std::string(custom_codes);
    return heading;
  }
  if (preset == nullptr) preset = &default_preset(event.game, event.format, event.round_robin);
  auto order = parse_tiebreaks(preset_order(*preset, event));
  if (!order) return order.problem();
  ranking.order = std::move(*order);
  heading.system = std::string(preset->name);
  heading.description = std::string(preset->source);
  if (preset->format == EventFormat::team && event.format != EventFormat::team) {
    Problem problem;
    problem.token = heading.system;
    problem.reason = fmt::format(
        "--system {} is for team events; the results have no teams "
        "(give team columns, or --teams with a players file)",
        preset->name);
    return problem;
  }
  return heading;
}

std::optional<StandingsFormat> parse_standings_format(std::string_view name) {
  if (name == "text") return StandingsFormat::text;
  if (name == "csv") return StandingsFormat::csv;
  if (name == "json") return StandingsFormat::json;
  if (name == "crosstable") return StandingsFormat::crosstable;
  if (name == "html") return StandingsFormat::html;
  return std::nullopt;
}

void write_standings(StandingsFormat format, const Event& event, const Standings& standings,
                     const StandingsHeading& heading, std::string& out) {
  switch (format) {
    case StandingsFormat::text:
      write_standings_text(event, standings, heading, out);
      return;
    case StandingsFormat::csv:
      write_standings_csv(event, standings, out);
      return;
    case StandingsFormat::json:
      write_standings_json(event, standings, heading, out);
      return;
    case StandingsFormat::crosstable:
      write_crosstable_text(event, standings, out);
      return;
    case StandingsFormat::html:
      write_crosstable_html(event, standings, heading, out);
      return;
  }
}

}  // namespace boardgames
