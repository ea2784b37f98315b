#include "boardgames/io/knockout_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"
#include "boardgames/io/results_csv.h"

namespace boardgames {

namespace {

using knockout::Match;
using knockout::Progress;

// The slot of each participant (index) of the progress.
std::vector<int> slots_of(const Progress& progress, std::size_t participants) {
  std::vector<int> slot(participants, 0);
  for (int s = 1; s <= progress.size; ++s) {
    const int p = progress.slots[static_cast<std::size_t>(s - 1)];
    if (p >= 0 && static_cast<std::size_t>(p) < participants) slot[static_cast<std::size_t>(p)] = s;
  }
  return slot;
}

const KnockoutEntrant& entrant(const std::vector<KnockoutEntrant>& entrants, int p) {
  return entrants[static_cast<std::size_t>(p)];
}

// "Name [2]" for the second seed; "bye" for nobody.
std::string shown(const std::vector<KnockoutEntrant>& entrants, int p) {
  if (p < 0) return "bye";
  const KnockoutEntrant& e = entrant(entrants, p);
  return e.seed > 0 ? fmt::format("{} [{}]", e.name, e.seed) : e.name;
}

// A points value as a JSON number: tenths written as a decimal.
std::string decimal(Points points) {
  const std::int64_t t = points.tenths();
  const std::string sign = t < 0 ? "-" : "";
  const std::int64_t a = t < 0 ? -t : t;
  return a % 10 == 0 ? fmt::format("{}{}", sign, a / 10)
                     : fmt::format("{}{}.{}", sign, a / 10, a % 10);
}

std::string place_text(const knockout::Placing& p) {
  return p.rank == p.last_rank ? std::to_string(p.rank) : fmt::format("{}-{}", p.rank, p.last_rank);
}

// The slots a match covers, "1-2" in round 1, "1-4" in round 2, …
std::string slot_range(const Match& m) {
  if (m.third_place) return "3rd";
  const int width = 1 << m.round;
  return fmt::format("{}-{}", (m.board - 1) * width + 1, m.board * width);
}

std::string how(const Match& m) {
  if (m.winner < 0) return "";
  if (m.bye()) return "bye";
  return m.by_lot ? "lot" : "games";
}

}  // namespace

std::optional<KnockoutFormat> parse_knockout_format(std::string_view name) {
  if (name == "csv") return KnockoutFormat::csv;
  if (name == "text") return KnockoutFormat::text;
  if (name == "json") return KnockoutFormat::json;
  return std::nullopt;
}

void write_knockout_rows(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                         KnockoutLayout layout, std::string& out) {
  ResultsCsvLayout csv_layout;
  csv_layout.game = layout.game;
  csv_layout.game_number = layout.game_column;
  csv_layout.numbers = true;  // the slots: how the next run finds the bracket
  ResultsCsvWriter writer(out, csv_layout);
  writer.header();
  const std::vector<int> slot = slots_of(progress, entrants.size());
  const Colour first = first_mover(layout.game);
  const Colour second = first == Colour::white ? Colour::black : Colour::white;
  for (const knockout::GameRow& g : progress.to_write) {
    ResultRow row;
    row.round = g.round;
    row.board = g.board;
    row.game = g.game;
    row.result = g.second >= 0 ? GameResult::pending : GameResult::pairing_bye;
    auto set = [&](Colour colour, int p) {
      (colour == Colour::white ? row.white : row.black) = p >= 0 ? entrant(entrants, p).label : "";
      (colour == Colour::white ? row.white_number : row.black_number) =
          p >= 0 ? slot[static_cast<std::size_t>(p)] : 0;
    };
    set(first, g.first);
    set(second, g.second);
    writer.row(row);
  }
}

void write_knockout_placings(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                             std::string& out) {
  CsvWriter csv(out);
  csv.fields({"rank", "place", "id", "name", "rating", "round_out"});
  csv.end_row();
  for (const knockout::Placing& p : progress.placings) {
    const KnockoutEntrant& e = entrant(entrants, p.participant);
    csv.field(p.rank).field(place_text(p)).field(e.label).field(e.name);
    if (e.rating) {
      csv.field(*e.rating);
    } else {
      csv.field("");
    }
    csv.field(p.round_out);
    csv.end_row();
  }
}

void write_knockout_text(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                         std::string& out) {
  auto to = std::back_inserter(out);
  const int rounds = knockout::bracket_rounds(progress.size);
  fmt::format_to(to, "Knock-out: {} entrants, {} slots, {} round{}\n", entrants.size(),
                 progress.size, rounds, rounds == 1 ? "" : "s");
  std::size_t width = display_width("Lower");
  for (std::size_t p = 0; p < entrants.size(); ++p)
    width = std::max(width, display_width(shown(entrants, static_cast<int>(p))));
  out += "\nSlot  Player\n";
  for (int s = 1; s <= progress.size; ++s) {
    fmt::format_to(to, "{:>4}  {}\n", s,
                   shown(entrants, progress.slots[static_cast<std::size_t>(s - 1)]));
  }
  for (const auto& round : progress.rounds) {
    if (round.empty()) continue;
    const int r = round.front().round;
    fmt::format_to(to, "\n{}\n", r == rounds ? "Final" : fmt::format("Round {}", r));
    fmt::format_to(to, "  Board  Slots    {}  {}  Score    Through\n", pad_right("Upper", width),
                   pad_right("Lower", width));
    for (const Match& m : round) {
      const std::string score =
          m.games > 0 ? fmt::format("{}-{}", m.score[0].text(), m.score[1].text()) : "";
      std::string through;
      if (m.winner >= 0) {
        through = shown(entrants, m.sides[static_cast<std::size_t>(m.winner)]);
        if (m.bye() || m.by_lot) through += fmt::format(" ({})", how(m));
      }
      std::string line =
          fmt::format("  {:>5}  {:<7}  {}  {}  {}  {}", m.bye() ? "" : std::to_string(m.board),
                      slot_range(m), pad_right(shown(entrants, m.sides[0]), width),
                      pad_right(shown(entrants, m.sides[1]), width), pad_right(score, 7), through);
      line.erase(line.find_last_not_of(' ') + 1);  // no trailing blanks where nothing follows
      out += line;
      out += '\n';
    }
  }
  if (static_cast<int>(progress.rounds.size()) < rounds && !progress.finished) {
    const int next = static_cast<int>(progress.rounds.size()) + 1;
    fmt::format_to(
        to, "\n{} to come\n",
        next == rounds ? std::string("The final") : fmt::format("Rounds {} to {}", next, rounds));
  }
  if (progress.finished) {
    out += "\nPlacings\n";
    for (const knockout::Placing& p : progress.placings) {
      fmt::format_to(to, "  {:<7}  {}\n", place_text(p), shown(entrants, p.participant));
    }
  }
}

void write_knockout_json(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                         std::string& out) {
  JsonWriter json(out);
  json.begin_object();
  json.key("slots").value(progress.size);
  json.key("rounds").value(knockout::bracket_rounds(progress.size));
  json.key("entrants").begin_array();
  for (int s = 1; s <= progress.size; ++s) {
    const int p = progress.slots[static_cast<std::size_t>(s - 1)];
    if (p < 0) continue;
    const KnockoutEntrant& e = entrant(entrants, p);
    json.begin_object().key("slot").value(s).key("id").value(e.label).key("name").value(e.name);
    if (e.seed > 0) json.key("seed").value(e.seed);
    json.end_object();
  }
  json.end_array();
  auto id = [&](int p) -> JsonWriter& {
    return p < 0 ? json.null() : json.value(entrant(entrants, p).label);
  };
  json.key("matches").begin_array();
  for (const auto& round : progress.rounds) {
    for (const Match& m : round) {
      json.begin_object().key("round").value(m.round);
      if (!m.bye()) json.key("board").value(m.board);
      if (m.third_place) json.key("third_place").value(true);
      json.key("upper");
      id(m.sides[0]);
      json.key("lower");
      id(m.sides[1]);
      if (m.games > 0) {
        json.key("score")
            .begin_array()
            .raw_number(decimal(m.score[0]))
            .raw_number(decimal(m.score[1]))
            .end_array();
      }
      json.key("through");
      id(m.winner >= 0 ? m.sides[static_cast<std::size_t>(m.winner)] : -1);
      if (m.winner >= 0) json.key("by").value(how(m));
      json.end_object();
    }
  }
  json.end_array();
  json.key("finished").value(progress.finished);
  if (progress.finished) {
    json.key("placings").begin_array();
    for (const knockout::Placing& p : progress.placings) {
      json.begin_object().key("rank").value(p.rank).key("place").value(place_text(p));
      json.key("id").value(entrant(entrants, p.participant).label).end_object();
    }
    json.end_array();
  }
  json.end_object();
  json.finish();
}

}  // namespace boardgames
