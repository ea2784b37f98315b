#include "boardgames/io/swiss_io.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/event.h"

namespace boardgames::swiss {

std::optional<Event> read_results_event(std::string_view text, const std::string& file,
                                        const PlayerList& players, Game game,
                                        Diagnostics& diagnostics, ResultsReading reading) {
  CsvSource csv;
  csv.missing_round_absent = reading.missing_round_absent;
  csv.for_standings = reading.for_standings;
  csv.players = &players;
  csv.file = file;
  csv.game = game;
  csv.points = default_point_system(game, /*round_robin=*/false);
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return event_from_results(csv, diagnostics);
  ByteSource rows_source = ByteSource::from_string(std::string(text), file);
  ResultsCsvReader reader(rows_source, diagnostics, game);
  if (!reader.read_header()) return std::nullopt;
  ResultRow row;
  while (reader.next(row)) csv.rows.push_back(row);
  csv.rejected_rows = reader.rejected_rows();
  return event_from_results(csv, diagnostics);
}

bool looks_like_players_csv(std::string_view text) {
  // The header alone: the first line (a quoted header cell with a line break is no header of
  // ours), split at commas, trimmed, case-insensitive.
  const std::string_view header = text.substr(0, text.find_first_of("\r\n"));
  bool name = false;
  bool round = false;
  std::size_t start = 0;
  while (start <= header.size()) {
    std::size_t end = header.find(',', start);
    if (end == std::string_view::npos) end = header.size();
    std::string cell = to_lower_ascii(trim(header.substr(start, end - start)));
    if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
      cell = cell.substr(1, cell.size() - 2);
    name = name || cell == "name";
    round = round || cell == "round";
    start = end + 1;
  }
  return name && !round;
}

namespace {

// FIDE's order of titles for the initial ranking; any other title (or none) comes after.
int title_rank(std::string_view title) {
  static constexpr std::array<std::string_view, 8> kOrder = {"GM",  "IM", "WGM", "FM",
                                                             "WIM", "CM", "WFM", "WCM"};
  const std::string lower = to_lower_ascii(trim(title));
  for (std::size_t i = 0; i < kOrder.size(); ++i)
    if (lower == to_lower_ascii(kOrder[i])) return static_cast<int>(i);
  return static_cast<int>(kOrder.size());
}

}  // namespace

void order_by_rating(PlayerList& players) {
  std::stable_sort(players.players.begin(), players.players.end(),
                   [](const Player& a, const Player& b) {
                     if (a.rating.has_value() != b.rating.has_value()) return a.rating.has_value();
                     if (a.rating != b.rating) return *a.rating > *b.rating;
                     const int ta = title_rank(a.title);
                     const int tb = title_rank(b.title);
                     if (ta != tb) return ta < tb;
                     return a.name < b.name;
                   });
  players.build_index();
}

std::optional<Problem> forbid_same(Event& event, const PlayerList& players,
                                   std::string_view column) {
  const std::string wanted = to_lower_ascii(trim(column));
  std::function<const std::string*(const Player&)> value;
  for (auto [name, member] :
       std::initializer_list<std::pair<std::string_view, std::string Player::*>>{
           {"team", &Player::team},
           {"club", &Player::club},
           {"federation", &Player::federation},
           {"group", &Player::group},
           {"title", &Player::title}}) {
    // A copy, not the binding: clang before 16 cannot capture structured bindings.
    std::string Player::*field = member;
    if (wanted == name && players.has_column(name))
      value = [field](const Player& p) { return &(p.*field); };
  }
  if (const auto extra = players.extra_column(wanted); extra && !value) {
    const std::size_t c = *extra;
    value = [c](const Player& p) { return c < p.extra.size() ? &p.extra[c] : nullptr; };
  }
  if (!value) {
    return Problem{fmt::format("the players file has no column '{}' to keep players apart by",
                               excerpt(column, 40)),
                   {players.source, 1, 0},
                   std::string(column)};
  }
  // Participants grouped by the value, then every two of a group forbidden.
  std::map<std::string, std::vector<int>> groups;
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    const auto found = players.find(event.participants[i].id);
    if (found.match != PlayerList::Match::found) continue;
    const std::string* v = value(players.players[found.index]);
    if (v == nullptr || trim(*v).empty()) continue;
    groups[std::string(trim(*v))].push_back(static_cast<int>(i));
  }
  for (const auto& [name, members] : groups) {
    for (std::size_t a = 0; a < members.size(); ++a)
      for (std::size_t b = a + 1; b < members.size(); ++b)
        event.forbidden.emplace_back(members[a], members[b]);
  }
  return std::nullopt;
}

std::optional<PairingFormat> parse_pairing_format(std::string_view name) {
  if (name == "text") return PairingFormat::text;
  if (name == "csv") return PairingFormat::csv;
  if (name == "pairs") return PairingFormat::pairs;
  if (name == "trf") return PairingFormat::trf;
  return std::nullopt;
}

std::optional<Event> event_from_results(const CsvSource& source, Diagnostics& diagnostics) {
  bool ok = true;
  auto error = [&](const ResultRow& row, std::uint32_t column, std::string message) {
    diagnostics.error({source.file, row.line, column}, std::move(message));
    ok = false;
  };
  // The rounds played: the last with a game. Its byes after it are the absences to come.
  int played = 0;
  std::vector<std::pair<int, std::uint32_t>> game_rounds;  // round, line of a game row
  for (const ResultRow& row : source.rows) {
    if (!row.is_bye()) {
      played = std::max(played, row.round);
      game_rounds.emplace_back(row.round, row.line);
    }
  }
  // Every round up to the last one played has games (a Swiss round pairs its players), so a
  // round number past a run of rounds without a game is a mistake: one error for each such run
  // (never one per round or per player), and nothing is built from rounds that do not exist.
  std::sort(game_rounds.begin(), game_rounds.end());
  int previous = 0;
  for (const auto& [round, line] : game_rounds) {
    if (round > previous + 1) {
      diagnostics.error(
          {source.file, line, 0},
          fmt::format("round {} follows round {}, but {} no game: a Swiss round "
                      "pairs its players (is the round number mistyped?)",
                      round, previous,
                      round == previous + 2
                          ? fmt::format("round {} has", previous + 1)
                          : fmt::format("rounds {}–{} have", previous + 1, round - 1)));
      ok = false;
    }
    previous = round;
  }
  if (!ok) return std::nullopt;
  std::vector<ResultRow> history;
  std::vector<const ResultRow*> absences;
  int beyond = 0;
  for (const ResultRow& row : source.rows) {
    if (source.for_standings) {
      history.push_back(row);  // the builder ranks the rounds with results
    } else if (row.round <= played) {
      if (!row.is_bye() && row.result == GameResult::pending) {
        error(row, row.result_column,
              fmt::format("round {} is not finished: this game has no result", row.round));
      }
      history.push_back(row);
    } else if (row.round == played + 1) {
      if (row.result == GameResult::pairing_bye) {
        error(
            row, row.result_column,
            fmt::format(
                "round {} is the one to pair: its pairing-allocated bye cannot be given in advance",
                row.round));
      } else {
        absences.push_back(&row);
      }
    } else if (beyond++ < 10) {
      error(row, 1,
            fmt::format("round {} comes after round {}, the one to pair", row.round, played + 1));
    }
  }
  if (beyond > 10) {
    diagnostics.error({source.file, 0, 0},
                      fmt::format("and {} more rows in rounds after round {}, the one to pair",
                                  beyond - 10, played + 1));
  }
  EventOptions options;
  options.game = source.game;
  options.missing_round_absent = source.missing_round_absent;
  options.game_points =
      std::array<Points, 3>{source.points.win, source.points.draw, source.points.loss};
  options.pairing_bye = source.points.pairing_bye;
  options.round_robin = false;
  if (!source.for_standings) options.rounds = played;
  options.pending_unknown = source.missing_round_absent;  // a Go event: OpenGotha's reading
  static const PlayerList kNone;
  EventBuilder builder(source.players ? *source.players : kNone, options, diagnostics);
  const std::size_t errors_before = diagnostics.error_count();
  for (const ResultRow& row : history) builder.add(row, source.file);
  for (const ResultRow& row : source.rejected_rows) builder.add_rejected(row);
  Event event = builder.finish();
  if (diagnostics.error_count() != errors_before) ok = false;
  event.points = source.points;
  event.planned_rounds = source.total_rounds;
  for (Participant& participant : event.participants) {
    participant.absent = participant.withdrawn;
    if (participant.withdrawn) participant.absence = RoundKind::zero_bye;
  }
  for (const ResultRow* row : absences) {
    const std::string& who = row->white.empty() ? row->black : row->white;
    const std::uint32_t column = row->white.empty() ? row->black_column : row->white_column;
    if (!row->is_bye()) {
      error(*row, row->white_column,
            fmt::format("round {} is the one to pair: it already has a game", row->round));
      continue;
    }
    auto it = std::find_if(event.participants.begin(), event.participants.end(),
                           [&](const Participant& p) { return p.id == who || p.name == who; });
    if (it == event.participants.end()) {
      error(*row, column, fmt::format("'{}' is not a player of this event", who));
      continue;
    }
    Participant& p = *it;
    if (p.absence_entered) {
      error(*row, column,
            fmt::format("'{}' already has a row in round {}, the one to pair", who, row->round));
      continue;
    }
    p.absent = true;
    p.absence_entered = true;
    p.absence = row->result == GameResult::half_point_bye   ? RoundKind::half_bye
                : row->result == GameResult::full_point_bye ? RoundKind::full_bye
                                                            : RoundKind::zero_bye;
  }
  if (!ok) return std::nullopt;
  return event;
}

namespace {

// Why a participant is not paired: eliminated and withdrawn players are out for good, which
// "absent" or a bye would not say.
std::string absence_name(const Participant& p) {
  if (p.eliminated_before > 0)
    return fmt::format("eliminated before round {}", p.eliminated_before);
  if (p.withdrawn) return "withdrawn";
  if (!p.absence) return "absent";
  switch (*p.absence) {
    case RoundKind::half_bye:
      return "half-point bye";
    case RoundKind::full_bye:
      return "full-point bye";
    default:
      return "zero-point bye";
  }
}

char absence_code(const Participant& p) {
  if (!p.absence) return 'Z';
  return *p.absence == RoundKind::half_bye ? 'H' : *p.absence == RoundKind::full_bye ? 'F' : 'Z';
}

}  // namespace

void write_pairing(const PairingOutput& output, PairingFormat format, std::string& out) {
  const Event& event = *output.event;
  const Pairing& pairing = *output.pairing;
  const int round = event.rounds_played() + 1;
  auto player = [&](int i) -> const Participant& {
    return event.participants[static_cast<std::size_t>(i)];
  };
  auto id = [&](int i) -> const std::string& { return player(i).id; };
  auto name_of = [&](const Participant& p) -> const std::string& {
    return output.by_name && !p.name.empty() ? p.name : p.id;
  };
  const bool black_first = colour_of(output.game, Seat::first) == boardgames::Colour::black;
  if (format == PairingFormat::pairs) {
    fmt::format_to(std::back_inserter(out), "{}\n", pairing.boards.size());
    for (const Board& b : pairing.boards) {
      fmt::format_to(std::back_inserter(out), "{} {}\n", player(b.first).number,
                     b.second < 0 ? 0 : player(b.second).number);
    }
    return;
  }
  if (format == PairingFormat::csv) {
    CsvWriter csv(out);
    csv.field("round")
        .field("board")
        .field(black_first ? "black" : "white")
        .field(black_first ? "white" : "black")
        .field("result");
    if (output.numbers) {
      csv.field(black_first ? "black_number" : "white_number")
          .field(black_first ? "white_number" : "black_number");
    }
    csv.end_row();
    auto numbers = [&](const Participant* first, const Participant* second) {
      if (!output.numbers) return;
      csv.field(first ? std::to_string(first->number) : std::string())
          .field(second ? std::to_string(second->number) : std::string());
    };
    int board = 0;
    for (const Board& b : pairing.boards) {
      // The pairing-allocated bye is a row with no board (conventions.md), as the absences'.
      csv.field(std::to_string(round))
          .field(b.second < 0 ? std::string() : std::to_string(++board));
      // The Dutch system's White is the player who moves first.
      csv.field(name_of(player(b.first)));
      csv.field(b.second < 0 ? std::string() : name_of(player(b.second)));
      csv.field(b.second < 0 ? "bye" : "");
      numbers(&player(b.first), b.second < 0 ? nullptr : &player(b.second));
      csv.end_row();
    }
    for (const Participant& p : event.participants) {
      if (!p.absent || p.absence_entered) continue;
      csv.field(std::to_string(round))
          .field("")
          .field(name_of(p))
          .field("")
          .field(std::string(1, absence_code(p)));
      numbers(&p, nullptr);
      csv.end_row();
    }
    return;
  }
  // A table for the notice board.
  std::vector<Points> scores(event.participants.size());
  for (std::size_t i = 0; i < scores.size(); ++i)
    scores[i] = event.points_scored(static_cast<int>(i));
  auto label = [&](int i) {
    return fmt::format("{} ({})", player(i).name.empty() ? id(i) : player(i).name,
                       player(i).number);
  };
  std::size_t left = display_width(black_first ? "Black" : "White");
  std::size_t right = display_width(black_first ? "White" : "Black");
  for (const Board& b : pairing.boards) {
    left = std::max(left, display_width(label(b.first)));
    if (b.second >= 0) right = std::max(right, display_width(label(b.second)));
  }
  const std::string of =
      event.planned_rounds > 0 ? fmt::format(" of {}", event.planned_rounds) : std::string();
  fmt::format_to(
      std::back_inserter(out), "Round {}{} (FIDE Dutch system, C.04.3 {})\n", round, of,
      output.rules == DutchRules::fide2017 ? "Baku 2016 / Goynuk 2017" : "of 1 February 2026");
  if (output.lot_seed) {
    fmt::format_to(std::back_inserter(out),
                   "Initial colour by lot (--seed {}): {} for pairing number 1 in round 1\n",
                   *output.lot_seed,
                   colour_of(output.game, event.initial_seat) == Colour::black ? "black" : "white");
  }
  out += '\n';
  fmt::format_to(std::back_inserter(out), "{:>5}  {}  {:>5}    {}  {:>5}\n", "Board",
                 pad_right(black_first ? "Black" : "White", left), "Pts",
                 pad_right(black_first ? "White" : "Black", right), "Pts");
  int board = 0;
  for (const Board& b : pairing.boards) {
    ++board;
    if (b.second < 0) {
      fmt::format_to(std::back_inserter(out), "{:>5}  {}  {:>5}    bye ({} points)\n", "",
                     pad_right(label(b.first), left),
                     tenths_text(scores[static_cast<std::size_t>(b.first)]),
                     tenths_text(event.points.pairing_bye));
      continue;
    }
    fmt::format_to(
        std::back_inserter(out), "{:>5}  {}  {:>5}    {}  {:>5}\n", board,
        pad_right(label(b.first), left), tenths_text(scores[static_cast<std::size_t>(b.first)]),
        pad_right(label(b.second), right), tenths_text(scores[static_cast<std::size_t>(b.second)]));
  }
  // The names' column as wide as the longest name not paired, beside the boards' white column.
  std::size_t absent_width = left;
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    if (event.participants[i].absent)
      absent_width = std::max(absent_width, display_width(label(static_cast<int>(i))));
  }
  bool any_absent = false;
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    const Participant& p = event.participants[i];
    if (!p.absent) continue;
    if (!any_absent) out += "\nNot paired:\n";
    any_absent = true;
    fmt::format_to(std::back_inserter(out), "       {}  {}\n",
                   pad_right(label(static_cast<int>(i)), absent_width), absence_name(p));
  }
}

void write_check(const std::vector<RoundCheck>& checks, DutchRules rules, std::string& out) {
  int same = 0;
  for (const RoundCheck& check : checks) {
    if (check.problem) {
      fmt::format_to(std::back_inserter(out),
                     "round {}: the Dutch system ({}) cannot pair it: {}\n", check.round,
                     edition_name(rules), check.problem->reason);
      continue;
    }
    if (check.differences.empty()) {
      ++same;
      fmt::format_to(std::back_inserter(out), "round {}: identical ({} board{}{})\n", check.round,
                     check.boards, check.boards == 1 ? "" : "s", check.bye ? " and the bye" : "");
      continue;
    }
    fmt::format_to(std::back_inserter(out), "round {}: {} difference{}\n", check.round,
                   check.differences.size(), check.differences.size() == 1 ? "" : "s");
    for (const std::string& d : check.differences)
      fmt::format_to(std::back_inserter(out), "  {}\n", d);
  }
  fmt::format_to(std::back_inserter(out), "{} of {} rounds identical to the Dutch system ({})\n",
                 same, checks.size(), edition_name(rules));
}

}  // namespace boardgames::swiss
