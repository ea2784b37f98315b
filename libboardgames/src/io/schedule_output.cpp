#include "boardgames/io/schedule_output.h"

#include <fmt/format.h>

#include <algorithm>

#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"
#include "boardgames/io/results_csv.h"

namespace boardgames {

namespace {

ResultsCsvLayout csv_layout(const RoundRobinEvent& event) {
  ResultsCsvLayout layout;
  layout.game = event.game;
  layout.match = event.teams;
  layout.game_number = event.games_per_round > 1;
  layout.teams = event.teams;
  layout.numbers = true;  // the draw, for standings to show the same numbers
  return layout;
}

// The results row of a scheduled game (board numbers moved on by `board_offset`).
void fill_row(const RoundRobinEvent& event, const ScheduledGame& game, int board_offset,
              ResultRow& row) {
  const Colour first = first_mover(event.game);
  row.round = game.round;
  row.match = game.match;
  row.board = game.board > 0 ? game.board + board_offset : 0;
  row.game = game.game;
  row.result = game.second != nullptr ? GameResult::pending : GameResult::pairing_bye;
  (first == Colour::white ? row.white : row.black) = game.first->label;
  (first == Colour::white ? row.black : row.white) =
      game.second != nullptr ? game.second->label : std::string();
  if (event.teams) {
    (first == Colour::white ? row.white_team : row.black_team) = game.first_team->label;
    (first == Colour::white ? row.black_team : row.white_team) =
        game.second_team != nullptr ? game.second_team->label : std::string();
  }
  int& first_number = event.teams
                          ? (first == Colour::white ? row.white_team_number : row.black_team_number)
                          : (first == Colour::white ? row.white_number : row.black_number);
  int& second_number =
      event.teams ? (first == Colour::white ? row.black_team_number : row.white_team_number)
                  : (first == Colour::white ? row.black_number : row.white_number);
  first_number = game.first_number;
  second_number = game.second != nullptr ? game.second_number : 0;
}

void write_csv(const RoundRobinEvent& event, const RoundRobin& table, int first_round,
               int last_round, OutputFile& out) {
  ResultsCsvWriter writer(csv_layout(event), out.buffer());
  writer.header();
  std::vector<ScheduledGame> rows;
  ResultRow row;
  for (int round = first_round; round <= last_round; ++round) {
    schedule_round(event, table, round, rows);
    for (const ScheduledGame& game : rows) {
      fill_row(event, game, 0, row);
      writer.row(row);
      out.flush_if_large();
    }
  }
}

// "Name (3)" for people; just "3" for players known only by their number.
std::string numbered(const Entrant& entrant, int number) {
  if (entrant.name == std::to_string(number)) return entrant.name;
  return fmt::format("{} ({})", one_line(entrant.name), number);
}

void write_text(const RoundRobinEvent& event, const RoundRobin& table, int first_round,
                int last_round, OutputFile& out) {
  std::string& text = out.buffer();
  const Colour first = first_mover(event.game);
  const std::string_view first_name = first == Colour::white ? "White" : "Black";
  const std::string_view second_name = first == Colour::white ? "Black" : "White";
  const int n = static_cast<int>(event.entrants.size());

  const int rounds = table.rounds() * event.rounds_per_table_round();
  fmt::format_to(std::back_inserter(text), "Round-robin schedule ({}): {} {}, {} round{}{}\n",
                 game_name(event.game), n, event.teams ? "teams" : "players", rounds,
                 rounds == 1 ? "" : "s", event.options.double_round ? " (double round robin)" : "");
  if (event.teams) {
    fmt::format_to(std::back_inserter(text), "{} board{} per match{}\n", event.boards,
                   event.boards == 1 ? "" : "s",
                   event.games_per_round > 1 ? ", two games per board"
                   : event.rounds_per_table_round() > 1
                       ? fmt::format(", Scheveningen: each match over {} rounds", event.boards)
                       : std::string());
  } else if (event.games_per_round > 1) {
    text += "Two games per round\n";
  }
  text += "\nNo.  ";
  text += event.teams ? "Team\n" : "Player\n";
  for (int k = 0; k < n; ++k) {
    const Entrant& entrant = event.entrants[static_cast<std::size_t>(k)];
    fmt::format_to(std::back_inserter(text), "{:>3}  {}", k + 1, one_line(entrant.name));
    if (event.teams) {
      text += ": ";
      for (std::size_t b = 0; b < entrant.members.size(); ++b) {
        if (b > 0) text += ", ";
        text += one_line(entrant.members[b].name);
      }
    }
    text += '\n';
  }
  if (table.has_bye()) {
    fmt::format_to(std::back_inserter(text), "Number {} is the bye.\n", table.table_size());
  }

  // Column width: the widest "Name (number)" that can appear.
  std::size_t width = display_width(first_name);
  for (int k = 0; k < n; ++k) {
    const Entrant& entrant = event.entrants[static_cast<std::size_t>(k)];
    if (event.teams) {
      for (const Entrant& member : entrant.members)
        width = std::max(width, display_width(member.name));
    } else {
      width = std::max(width, display_width(numbered(entrant, k + 1)));
    }
  }
  const bool games_column = event.games_per_round > 1;
  auto header = [&](std::string_view indent) {
    fmt::format_to(std::back_inserter(text), "{}Board  {}{}  {}\n", indent,
                   games_column ? "Game  " : "", pad_right(first_name, width), second_name);
  };
  std::vector<ScheduledGame> rows;
  for (int round = first_round; round <= last_round; ++round) {
    schedule_round(event, table, round, rows);
    fmt::format_to(std::back_inserter(text), "\nRound {}\n", round);
    int current_match = -1;
    for (const ScheduledGame& game : rows) {
      if (game.second == nullptr) continue;  // byes after the games
      if (event.teams && game.match != current_match) {
        current_match = game.match;
        // A match's first row is board 1, game 1: home team first.
        const bool home = game.home_first;
        fmt::format_to(std::back_inserter(text), "  Match {}: {} - {}\n", game.match,
                       numbered(home ? *game.first_team : *game.second_team,
                                home ? game.first_number : game.second_number),
                       numbered(home ? *game.second_team : *game.first_team,
                                home ? game.second_number : game.first_number));
        header("    ");
      } else if (!event.teams && current_match < 0) {
        current_match = 0;
        header("  ");
      }
      const std::string left =
          event.teams ? game.first->name : numbered(*game.first, game.first_number);
      const std::string right =
          event.teams ? game.second->name : numbered(*game.second, game.second_number);
      fmt::format_to(std::back_inserter(text), "{}{:>5}  {}{}  {}\n", event.teams ? "    " : "  ",
                     game.board, games_column ? fmt::format("{:>4}  ", game.game) : "",
                     pad_right(left, width), one_line(right));
      out.flush_if_large();
    }
    for (const ScheduledGame& game : rows) {
      if (game.second != nullptr) continue;
      if (event.teams) {
        if (game.first == &game.first_team->members.front()) {
          fmt::format_to(std::back_inserter(text), "  Bye: {}\n",
                         numbered(*game.first_team, game.first_number));
        }
      } else {
        fmt::format_to(std::back_inserter(text), "  Bye: {}\n",
                       numbered(*game.first, game.first_number));
      }
    }
  }
}

void write_json(const RoundRobinEvent& event, const RoundRobin& table, int first_round,
                int last_round, OutputFile& out) {
  JsonWriter json(out.buffer());
  const Colour first = first_mover(event.game);
  json.begin_object();
  json.key("game").value(game_name(event.game));
  json.key("double_round").value(event.options.double_round);
  json.key("games_per_round").value(event.games_per_round);
  json.key("rounds_total").value(table.rounds() * event.rounds_per_table_round());
  if (event.rounds_per_table_round() > 1) json.key("scheveningen").value(true);
  auto entrant = [&](const Entrant& e, int number) {
    json.begin_object();
    if (number > 0) json.key("number").value(number);
    json.key("id").value(e.label);
    json.key("name").value(e.name);
    json.end_object();
  };
  if (event.teams) {
    json.key("boards").value(event.boards);
    json.key("teams").begin_array();
    for (std::size_t k = 0; k < event.entrants.size(); ++k) {
      const Entrant& team = event.entrants[k];
      json.begin_object();
      json.key("number").value(static_cast<int>(k + 1));
      json.key("id").value(team.label);
      json.key("name").value(team.name);
      json.key("players").begin_array();
      for (const Entrant& member : team.members) entrant(member, 0);
      json.end_array();
      json.end_object();
    }
    json.end_array();
  } else {
    json.key("players").begin_array();
    for (std::size_t k = 0; k < event.entrants.size(); ++k) {
      entrant(event.entrants[k], static_cast<int>(k + 1));
    }
    json.end_array();
  }
  json.key("rounds").begin_array();
  std::vector<ScheduledGame> rows;
  for (int round = first_round; round <= last_round; ++round) {
    schedule_round(event, table, round, rows);
    json.begin_object();
    json.key("round").value(round);
    json.key("games").begin_array();
    for (const ScheduledGame& game : rows) {
      json.begin_object();
      if (game.second == nullptr) {
        json.key("bye").value(game.first->label);
        if (event.teams) json.key("team").value(game.first_team->label);
      } else {
        if (event.teams) json.key("match").value(game.match);
        json.key("board").value(game.board);
        if (event.games_per_round > 1) json.key("game").value(game.game);
        json.key(colour_name(first)).value(game.first->label);
        json.key(colour_name(~first)).value(game.second->label);
        if (event.teams) {
          json.key(fmt::format("{}_team", colour_name(first))).value(game.first_team->label);
          json.key(fmt::format("{}_team", colour_name(~first))).value(game.second_team->label);
        }
      }
      json.end_object();
      out.flush_if_large();
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

}  // namespace

void write_schedule(const RoundRobinEvent& event, ScheduleFormat format, int first_round,
                    int last_round, OutputFile& out) {
  // An event the tables cannot hold writes nothing (see the header).
  const std::size_t n = event.entrants.size();
  if (n > static_cast<std::size_t>(RoundRobin::kMaxParticipants) ||
      RoundRobin::check(static_cast<int>(n)).has_value()) {
    return;
  }
  if (event.games_per_round < 1 || event.games_per_round > 2) return;
  if (event.teams) {
    if (event.boards < 1) return;
    for (const Entrant& team : event.entrants) {
      if (team.members.size() < static_cast<std::size_t>(event.boards)) return;
    }
  }
  const RoundRobin table(static_cast<int>(n), event.options);
  first_round = std::max(first_round, 1);
  last_round = std::min(last_round, table.rounds() * event.rounds_per_table_round());
  switch (format) {
    case ScheduleFormat::csv:
      write_csv(event, table, first_round, last_round, out);
      break;
    case ScheduleFormat::text:
      write_text(event, table, first_round, last_round, out);
      break;
    case ScheduleFormat::json:
      write_json(event, table, first_round, last_round, out);
      break;
  }
}

std::optional<ScheduleFormat> parse_schedule_format(std::string_view name) {
  if (name == "csv") return ScheduleFormat::csv;
  if (name == "text") return ScheduleFormat::text;
  if (name == "json") return ScheduleFormat::json;
  return std::nullopt;
}

void write_group_schedules(const std::vector<GroupSchedule>& groups, ScheduleFormat format,
                           int first_round, int last_round, OutputFile& out) {
  for (const GroupSchedule& group : groups) {
    const std::size_t n = group.event.entrants.size();
    if (group.event.teams || n > static_cast<std::size_t>(RoundRobin::kMaxParticipants) ||
        RoundRobin::check(static_cast<int>(n)).has_value() || group.event.games_per_round < 1 ||
        group.event.games_per_round > 2) {
      return;
    }
  }
  if (format == ScheduleFormat::text) {
    for (std::size_t g = 0; g < groups.size(); ++g) {
      fmt::format_to(std::back_inserter(out.buffer()), "{}Group {}\n", g > 0 ? "\n" : "",
                     groups[g].name);
      write_schedule(groups[g].event, format, first_round, last_round, out);
    }
    return;
  }
  if (format != ScheduleFormat::csv || groups.empty()) return;
  std::vector<RoundRobin> tables;
  int rounds = 0;
  for (const GroupSchedule& group : groups) {
    tables.emplace_back(static_cast<int>(group.event.entrants.size()), group.event.options);
    rounds = std::max(rounds, tables.back().rounds());
  }
  ResultsCsvLayout layout = csv_layout(groups.front().event);
  layout.group = true;
  ResultsCsvWriter writer(layout, out.buffer());
  writer.header();
  std::vector<ScheduledGame> rows;
  std::vector<ResultRow> byes;
  ResultRow row;
  for (int round = std::max(first_round, 1); round <= std::min(last_round, rounds); ++round) {
    // Every group's games, boards numbered on from group to group; then every group's bye.
    int offset = 0;
    byes.clear();
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (round > tables[g].rounds()) continue;
      schedule_round(groups[g].event, tables[g], round, rows);
      int boards = 0;
      for (const ScheduledGame& game : rows) {
        fill_row(groups[g].event, game, offset, row);
        row.group = groups[g].name;
        if (game.second == nullptr) {
          byes.push_back(row);
          continue;
        }
        boards = std::max(boards, game.board);
        writer.row(row);
      }
      offset += boards;
      out.flush_if_large();
    }
    for (const ResultRow& bye : byes) writer.row(bye);
  }
}

}  // namespace boardgames
