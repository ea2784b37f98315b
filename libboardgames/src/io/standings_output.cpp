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

// The rows (and columns) of a round robin's grid: by draw number, as the rule books' tables are.
std::vector<const StandingRow*> crosstable_order(const Event& event, const Standings& standings) {
  std::vector<const StandingRow*> order;
  order.reserve(standings.rows.size());
  for (const StandingRow& row : standings.rows) order.push_back(&row);
  std::stable_sort(order.begin(), order.end(), [&](const StandingRow* a, const StandingRow* b) {
    return event.participants[static_cast<std::size_t>(a->participant)].number <
           event.participants[static_cast<std::size_t>(b->participant)].number;
  });
  return order;
}

// The label of a grid's row and column: the draw number.
std::string crosstable_label(const Event& event, const std::vector<const StandingRow*>& order,
                             std::size_t i) {
  return std::to_string(event.participants[static_cast<std::size_t>(order[i]->participant)].number);
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

// What the players file (or a TRF's player lines) tells of each participant, and which of it
// the tables show: a column only where some participant has a value.
struct Details {
  std::vector<const Player*> player;  // by participant index; nullptr: not in the file
  bool title = false;
  bool rating = false;
  bool federation = false;
  bool club = false;
  bool withdrawn = false;

  Details(const Event& event, const PlayerList& players) {
    player.reserve(event.participants.size());
    for (const Participant& p : event.participants) {
      const auto found = players.find(p.id);
      const Player* entry =
          found.match == PlayerList::Match::found ? &players.players[found.index] : nullptr;
      player.push_back(entry);
      rating = rating || p.rating.has_value();
      withdrawn = withdrawn || (p.withdrawn && !p.removed);  // the removed are not ranked
      if (entry == nullptr) continue;
      title = title || !entry->title.empty();
      federation = federation || !entry->federation.empty();
      club = club || !entry->club.empty();
    }
  }

  // Headers of the columns after the name, for people (`csv` false) or CSV.
  std::vector<std::string> headers(bool csv) const {
    std::vector<std::string> names;
    if (title) names.emplace_back(csv ? "title" : "Title");
    if (rating) names.emplace_back(csv ? "rating" : "Rating");
    if (federation) names.emplace_back(csv ? "federation" : "Fed");
    if (club) names.emplace_back(csv ? "club" : "Club");
    return names;
  }
  std::vector<std::string> cells(const Event& event, int participant) const {
    const auto index = static_cast<std::size_t>(participant);
    const Participant& p = event.participants[index];
    const Player* entry = player[index];
    std::vector<std::string> values;
    if (title) values.push_back(entry ? entry->title : "");
    if (rating) values.push_back(p.rating ? std::to_string(*p.rating) : "");
    if (federation) values.push_back(entry ? entry->federation : "");
    if (club) values.push_back(entry ? entry->club : "");
    return values;
  }
  std::string withdrawn_cell(const Event& event, int participant) const {
    return event.participants[static_cast<std::size_t>(participant)].withdrawn ? "yes" : "";
  }
};

// Ratings are numbers: right-aligned; the other details are words.
bool right_aligned(std::string_view header) { return header == "Rating"; }

// One round of a participant in a round-by-round crosstable: opponent's number, colour,
// result; forfeits + and -; byes U, F, H, Z as a TRF marks them.
std::string round_cell(const Event& event, const RoundRecord& record) {
  switch (record.kind) {
    case RoundKind::none:
      return "";
    case RoundKind::pairing_bye:
      return "U";
    case RoundKind::full_bye:
      return "F";
    case RoundKind::half_bye:
      return "H";
    case RoundKind::zero_bye:
    case RoundKind::absent:
      return "Z";
    case RoundKind::played:
    case RoundKind::forfeit_win:
    case RoundKind::forfeit_loss:
      break;
  }
  std::string cell;
  if (record.opponent >= 0)
    cell = std::to_string(event.participants[static_cast<std::size_t>(record.opponent)].number);
  if (record.seat != Seat::none)
    cell += colour_of(event.game, record.seat) == Colour::white ? 'w' : 'b';
  if (record.kind == RoundKind::forfeit_win) return cell + '+';
  if (record.kind == RoundKind::forfeit_loss) return cell + '-';
  switch (record.outcome) {
    case Outcome::win:
      return cell + '1';
    case Outcome::draw:
      return cell + "½";
    case Outcome::loss:
      return cell + '0';
    case Outcome::none:
      break;
  }
  return cell;
}

// The round-by-round crosstable as rows of cells (a header row first), for text, CSV and HTML:
// rank, number, name, the details, one column a round, points, the tie-breaks, withdrawn.
struct RoundTable {
  std::vector<std::vector<std::string>> rows;
  std::size_t first_round = 0;  // column of round 1
  std::size_t name = 2;         // column of the name
};

RoundTable round_table(const Event& event, const Standings& standings, const Details& details,
                       bool csv) {
  RoundTable table;
  std::vector<std::string> header;
  if (csv) {
    header = {"rank", "number", "id", "name"};
    table.name = 3;
  } else {
    header = {"Rank", "No.", "Name"};
  }
  for (std::string& h : details.headers(csv)) header.push_back(std::move(h));
  table.first_round = header.size();
  for (int r = 1; r <= event.rounds; ++r)
    header.push_back(csv ? "r" + std::to_string(r) : std::to_string(r));
  header.emplace_back(csv ? "points" : "Points");
  for (const Tiebreak& column : standings.columns) header.push_back(column.code());
  if (details.withdrawn) header.emplace_back(csv ? "withdrawn" : "Withdrawn");
  table.rows.push_back(std::move(header));
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    std::vector<std::string> line{row.rank_text(), std::to_string(p.number)};
    if (csv) line.push_back(p.id);
    line.push_back(p.name);
    for (std::string& cell : details.cells(event, row.participant)) line.push_back(std::move(cell));
    for (const RoundRecord& record : p.rounds) line.push_back(round_cell(event, record));
    line.push_back(csv ? p.score.decimal() : p.score.text());
    for (std::size_t c = 0; c < standings.columns.size(); ++c)
      line.push_back(csv ? value_text(row.values[c])
                         : cell_text(standings.columns[c], row.values[c]));
    if (details.withdrawn) line.push_back(details.withdrawn_cell(event, row.participant));
    table.rows.push_back(std::move(line));
  }
  return table;
}

void write_round_table_text(const Event& event, const Standings& standings, const Details& details,
                            std::string& out) {
  const RoundTable table = round_table(event, standings, details, false);
  std::vector<std::size_t> width(table.rows.front().size(), 0);
  for (const auto& line : table.rows)
    for (std::size_t i = 0; i < line.size(); ++i)
      width[i] = std::max(width[i], display_width(line[i]));
  const std::vector<std::string>& header = table.rows.front();
  for (const auto& line : table.rows) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i > 0) text += "  ";
      const bool words = i == table.name ||
                         (i > table.name && i < table.first_round && !right_aligned(header[i])) ||
                         header[i] == "Withdrawn";
      text += words ? pad_right(line[i], width[i]) : pad_left(line[i], width[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + '\n';
  }
}

// Team events: every member's board results, board by board, the best scores first.
struct BoardLine {
  const Participant* team;
  const BoardResult* result;
};
std::vector<BoardLine> board_lines(const Event& event) {
  std::vector<BoardLine> lines;
  if (event.format != EventFormat::team) return lines;
  for (const Participant& team : event.participants)
    for (const BoardResult& result : team.board_results) lines.push_back({&team, &result});
  std::stable_sort(lines.begin(), lines.end(), [](const BoardLine& a, const BoardLine& b) {
    if (a.result->board != b.result->board) return a.result->board < b.result->board;
    if (a.result->points != b.result->points) return a.result->points > b.result->points;
    return a.result->games < b.result->games;
  });
  return lines;
}

std::vector<std::vector<std::string>> board_table(const std::vector<BoardLine>& lines) {
  std::vector<std::vector<std::string>> table{{"Board", "Player", "Team", "Games", "Points"}};
  for (const BoardLine& line : lines) {
    table.push_back({std::to_string(line.result->board), line.result->player, line.team->name,
                     std::to_string(line.result->games), line.result->points.text()});
  }
  return table;
}

// Team events: the board results as a second table of the page.
void write_board_results_html(const Event& event, std::string& out) {
  const std::vector<BoardLine> boards = board_lines(event);
  if (boards.empty()) return;
  out += "<table>\n<caption>Board results</caption>\n";
  const auto rows = board_table(boards);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out += "<tr>";
    for (std::size_t i = 0; i < rows[r].size(); ++i) {
      out += r == 0 ? "<th>" : (i == 1 || i == 2) ? "<td class=\"name\">" : "<td>";
      html_escape(out, rows[r][i]);
      out += r == 0 ? "</th>" : "</td>";
    }
    out += "</tr>\n";
  }
  out += "</table>\n";
}

void write_html_head(const StandingsHeading& heading, std::string_view what, std::string& out) {
  out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  html_escape(out, heading.details.title.empty()
                       ? std::string(what)
                       : heading.details.title + " – " + std::string(what));
  out +=
      "</title>\n<style>\n"
      "body{font-family:system-ui,sans-serif;margin:2em}\n"
      "table{border-collapse:collapse}\n"
      "th,td{border:1px solid #999;padding:.25em .5em;text-align:center}\n"
      "td.name{text-align:left}\n"
      "td.self{background:#ddd}\n"
      "caption{caption-side:top;font-weight:bold;margin-bottom:.5em}\n"
      "</style>\n</head>\n<body>\n";
  if (!heading.details.title.empty()) {
    out += "<h1>";
    html_escape(out, heading.details.title);
    out += "</h1>\n";
  }
}

}  // namespace

void write_standings_text(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, const PlayerList& players,
                          std::string& out) {
  if (!heading.details.title.empty()) out += heading.details.title + "\n";
  fmt::format_to(std::back_inserter(out), "Standings ({})\n", event_summary(event));
  if (!heading.system.empty()) {
    fmt::format_to(std::back_inserter(out), "System {}: {}\n", heading.system, heading.description);
  }
  out += '\n';
  const Details details(event, players);
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header{"Rank", "No.", "Name"};
  for (std::string& h : details.headers(false)) header.push_back(std::move(h));
  const std::size_t points_column = header.size();
  header.emplace_back("Points");
  for (const Tiebreak& column : standings.columns) header.push_back(column.code());
  if (details.withdrawn) header.emplace_back("Withdrawn");
  table.push_back(header);
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    std::vector<std::string> line{row.rank_text(), std::to_string(p.number), p.name};
    for (std::string& cell : details.cells(event, row.participant)) line.push_back(std::move(cell));
    line.push_back(p.score.text());
    for (std::size_t c = 0; c < standings.columns.size(); ++c)
      line.push_back(cell_text(standings.columns[c], row.values[c]));
    if (details.withdrawn) line.push_back(details.withdrawn_cell(event, row.participant));
    table.push_back(std::move(line));
  }
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& line : table)
    for (std::size_t i = 0; i < line.size(); ++i)
      width[i] = std::max(width[i], display_width(line[i]));
  width[1] = std::max<std::size_t>(width[1], 3);
  for (const auto& line : table) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i > 0) text += "  ";
      const bool words = i == 2 || (i > 2 && i < points_column && !right_aligned(header[i])) ||
                         header[i] == "Withdrawn";
      text += words ? pad_right(line[i], width[i]) : pad_left(line[i], width[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text;
    out += '\n';
  }
  for (const Participant& p : event.participants) {
    if (p.removed) {
      fmt::format_to(std::back_inserter(out), "\nWithdrawn, results annulled: {}\n", p.name);
    }
  }
  const std::vector<BoardLine> boards = board_lines(event);
  if (boards.empty()) return;
  out += "\nBoard results\n";
  const auto board_rows = board_table(boards);
  std::vector<std::size_t> board_width(board_rows.front().size(), 0);
  for (const auto& line : board_rows)
    for (std::size_t i = 0; i < line.size(); ++i)
      board_width[i] = std::max(board_width[i], display_width(line[i]));
  for (const auto& line : board_rows) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i > 0) text += "  ";
      const bool words = i == 1 || i == 2;
      text += words ? pad_right(line[i], board_width[i]) : pad_left(line[i], board_width[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + '\n';
  }
}

void write_standings_csv(const Event& event, const Standings& standings, const PlayerList& players,
                         std::string& out) {
  const Details details(event, players);
  CsvWriter csv(out);
  csv.field("rank").field("id").field("name");
  for (const std::string& h : details.headers(true)) csv.field(h);
  csv.field("points");
  for (const Tiebreak& column : standings.columns) csv.field(column.code());
  if (details.withdrawn) csv.field("withdrawn");
  csv.end_row();
  for (const StandingRow& row : standings.rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    csv.field(row.rank_text()).field(p.id).field(p.name);
    for (const std::string& cell : details.cells(event, row.participant)) csv.field(cell);
    csv.field(p.score.decimal());
    for (const auto& value : row.values) csv.field(value_text(value));
    if (details.withdrawn) csv.field(details.withdrawn_cell(event, row.participant));
    csv.end_row();
  }
}

void write_standings_json(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, const PlayerList& players,
                          std::string& out) {
  const Details details(event, players);
  JsonWriter json(out);
  json.begin_object();
  json.key("event").begin_object();
  if (!heading.details.title.empty()) json.key("title").value(heading.details.title);
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
    const auto index = static_cast<std::size_t>(row.participant);
    const Participant& p = event.participants[index];
    const Player* entry = details.player[index];
    json.begin_object();
    json.key("rank").value(row.rank_text());
    json.key("rank_first").value(row.rank_first);
    json.key("rank_last").value(row.rank_last);
    json.key("number").value(p.number);
    json.key("id").value(p.id);
    json.key("name").value(p.name);
    if (details.title) json.key("title").value(entry ? entry->title : "");
    if (details.rating) {
      json.key("rating");
      if (p.rating) {
        json.value(*p.rating);
      } else {
        json.null();
      }
    }
    if (details.federation) json.key("federation").value(entry ? entry->federation : "");
    if (details.club) json.key("club").value(entry ? entry->club : "");
    if (details.withdrawn) json.key("withdrawn").value(p.withdrawn);
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
    if (event.format == EventFormat::team) {
      json.key("board_results").begin_array();
      for (const BoardResult& result : p.board_results) {
        json.begin_object();
        json.key("player").value(result.player);
        json.key("board").value(result.board);
        json.key("games").value(result.games);
        json.key("points").raw_number(result.points.decimal());
        json.end_object();
      }
      json.end_array();
    }
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

void write_crosstable_text(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, const PlayerList& players,
                           std::string& out) {
  if (!heading.details.title.empty()) out += heading.details.title + "\n";
  fmt::format_to(std::back_inserter(out), "Crosstable ({})\n\n", event_summary(event));
  if (!event.round_robin) {
    write_round_table_text(event, standings, Details(event, players), out);
    return;
  }
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
  std::size_t label_width = display_width("No.");
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
  std::string header = pad_left("No.", label_width) + "  " + pad_right("Name", name_width);
  for (const std::string& label : labels) header += "  " + pad_left(label, cell_width);
  header += "  Points  Rank";
  out += header + "\n";
  for (std::size_t i = 0; i < n; ++i) {
    const Participant& p = event.participants[static_cast<std::size_t>(order[i]->participant)];
    std::string line = pad_left(labels[i], label_width) + "  " + pad_right(p.name, name_width);
    for (const auto& cell : cells[i]) line += "  " + pad_left(cell, cell_width);
    line += "  " + pad_left(p.score.text(), 6);
    line += "  " + pad_left(order[i]->rank_text(), rank_width);
    out += line + "\n";
  }
}

void write_crosstable_csv(const Event& event, const Standings& standings, const PlayerList& players,
                          std::string& out) {
  const RoundTable table = round_table(event, standings, Details(event, players), true);
  CsvWriter csv(out);
  for (const auto& line : table.rows) {
    csv.fields(line);
    csv.end_row();
  }
}

void write_crosstable_html(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, const PlayerList& players,
                           std::string& out) {
  write_html_head(heading, "Crosstable", out);
  out += "<table>\n<caption>";
  html_escape(out, "Crosstable (" + event_summary(event) + ")");
  if (!heading.system.empty()) {
    out += "<br>";
    html_escape(out, "System " + heading.system + ": " + heading.description);
  }
  out += "</caption>\n";
  const Details details(event, players);
  if (!event.round_robin) {
    const RoundTable table = round_table(event, standings, details, false);
    out += "<tr>";
    for (const std::string& h : table.rows.front()) {
      out += "<th>";
      html_escape(out, h);
      out += "</th>";
    }
    out += "</tr>\n";
    for (std::size_t r = 1; r < table.rows.size(); ++r) {
      out += "<tr>";
      for (std::size_t i = 0; i < table.rows[r].size(); ++i) {
        out += i == table.name ? "<td class=\"name\">" : "<td>";
        html_escape(out, table.rows[r][i]);
        out += "</td>";
      }
      out += "</tr>\n";
    }
    out += "</table>\n";
    write_board_results_html(event, out);
    out += "</body>\n</html>\n";
    return;
  }
  const std::vector<const StandingRow*> order = crosstable_order(event, standings);
  out += "<tr><th>No.</th><th>Name</th>";
  for (const std::string& h : details.headers(false)) {
    out += "<th>";
    html_escape(out, h);
    out += "</th>";
  }
  for (std::size_t i = 0; i < order.size(); ++i) {
    out += fmt::format("<th>{}</th>", crosstable_label(event, order, i));
  }
  out += "<th>Points</th><th>Rank</th>";
  for (const Tiebreak& column : standings.columns) {
    out += "<th>";
    html_escape(out, column.code());
    out += "</th>";
  }
  if (details.withdrawn) out += "<th>Withdrawn</th>";
  out += "</tr>\n";
  for (std::size_t i = 0; i < order.size(); ++i) {
    const StandingRow& row = *order[i];
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    out += "<tr><td>" + crosstable_label(event, order, i) + "</td><td class=\"name\">";
    html_escape(out, p.name);
    out += "</td>";
    for (const std::string& cell : details.cells(event, row.participant)) {
      out += "<td>";
      html_escape(out, cell);
      out += "</td>";
    }
    for (const std::string& cell : crosstable_cells(event, order, row)) {
      out += cell == "×" ? "<td class=\"self\">" : "<td>";
      html_escape(out, cell);
      out += "</td>";
    }
    out += "<td>" + p.score.text() + "</td>";
    out += "<td>" + row.rank_text() + "</td>";
    for (std::size_t c = 0; c < standings.columns.size(); ++c)
      out += "<td>" + cell_text(standings.columns[c], row.values[c]) + "</td>";
    if (details.withdrawn) out += "<td>" + details.withdrawn_cell(event, row.participant) + "</td>";
    out += "</tr>\n";
  }
  out += "</table>\n";
  write_board_results_html(event, out);
  out += "</body>\n</html>\n";
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
  if (name == "crosstable-csv") return StandingsFormat::crosstable_csv;
  if (name == "html") return StandingsFormat::html;
  return std::nullopt;
}

void write_standings(StandingsFormat format, const Event& event, const Standings& standings,
                     const StandingsHeading& heading, const PlayerList& players, std::string& out) {
  switch (format) {
    case StandingsFormat::text:
      write_standings_text(event, standings, heading, players, out);
      return;
    case StandingsFormat::csv:
      write_standings_csv(event, standings, players, out);
      return;
    case StandingsFormat::json:
      write_standings_json(event, standings, heading, players, out);
      return;
    case StandingsFormat::crosstable:
      write_crosstable_text(event, standings, heading, players, out);
      return;
    case StandingsFormat::crosstable_csv:
      write_crosstable_csv(event, standings, players, out);
      return;
    case StandingsFormat::html:
      write_crosstable_html(event, standings, heading, players, out);
      return;
  }
}

}  // namespace boardgames
