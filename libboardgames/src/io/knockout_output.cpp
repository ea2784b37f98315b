#include "boardgames/io/knockout_output.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/json.h"
#include "boardgames/io/players_csv.h"
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

// A double elimination's part of a match: W2 (winners' round 2), L3, Final, Reset.
std::string part_text(const Match& m) {
  switch (m.part) {
    case knockout::Part::winners:
      return fmt::format("W{}", m.part_round);
    case knockout::Part::losers:
      return fmt::format("L{}", m.part_round);
    case knockout::Part::final:
      return "Final";
    case knockout::Part::reset:
      return "Reset";
  }
  return "";
}

std::string how(const Match& m) {
  if (m.winner < 0) return "";
  if (m.bye()) return "bye";
  return m.by_lot ? "lot" : "games";
}

// Text for XML and HTML: the five characters escaped.
std::string escaped(std::string_view text) {
  std::string out;
  append_markup_escaped(text, out);
  return out;
}

constexpr int kSlotHeight = 28;
constexpr int kColumnGap = 40;
// A name is cut to this many characters in a drawing (the text output has room for all of it).
constexpr std::size_t kMostNameCharacters = 40;
constexpr int kTop = 50;
constexpr int kLeft = 20;
constexpr int kUnknown = -2;  // an entry not decided yet

// The name of entrant p as a drawing shows it.
std::string drawn_name(const std::vector<KnockoutEntrant>& entrants, int p) {
  return excerpt(shown(entrants, p), kMostNameCharacters);
}

// The width in pixels of a column whose names are in a sans-serif font of `font_size` pixels,
// with `margin` pixels beside them, and `least` at the least: about 0.6 em a character, twice
// that for a wide one (Chinese, say), so that a long name stays inside its line or box.
int names_width(const std::vector<KnockoutEntrant>& entrants, int font_size, int margin,
                int least) {
  std::size_t widest = 0;
  for (std::size_t p = 0; p < entrants.size(); ++p)
    widest = std::max(widest, display_width(drawn_name(entrants, static_cast<int>(p))));
  return std::max(least, margin + static_cast<int>(widest) * font_size * 6 / 10);
}

// The entries of each column: the slots, then each round's winners (kUnknown while open).
std::vector<std::vector<int>> columns_of(const Progress& progress) {
  const int rounds = knockout::bracket_rounds(progress.size);
  std::vector<std::vector<int>> columns{progress.slots};
  for (int r = 1; r <= rounds; ++r) {
    std::vector<int> column(static_cast<std::size_t>(progress.size >> r), kUnknown);
    if (r <= static_cast<int>(progress.rounds.size())) {
      for (const Match& m : progress.rounds[static_cast<std::size_t>(r - 1)]) {
        if (m.third_place || m.winner < 0) continue;
        column[static_cast<std::size_t>(m.board - 1)] = m.sides[static_cast<std::size_t>(m.winner)];
      }
    }
    columns.push_back(std::move(column));
  }
  return columns;
}

std::string score_text(const Match& m) {
  std::string text;
  if (m.games > 0) text = fmt::format("{}-{}", m.score[0].text(), m.score[1].text());
  if (m.by_lot) text += text.empty() ? "lot" : " lot";
  return text;
}

// Double and multi-loss elimination as boxes, one column per round of each part: a box per
// match with its two players (the winner bold and red, a bye grey), its score, and lines from
// each match to the one its winner plays next (the winners' bracket, the losers' bracket, the
// final and the reset). Multi-loss rounds are paired anew each round: boxes without lines.
void write_boxes_svg(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                     std::string& out) {
  auto to = std::back_inserter(out);
  const int box_width = names_width(entrants, 12, 8, 170);
  constexpr int kBoxHeight = 40;
  constexpr int kRow = 60;  // the vertical room of a first-round box
  const int rounds = knockout::bracket_rounds(progress.size);
  const bool multi = progress.losses > 0;
  // The matches of each column, top first: (part, part round) → matches in board order.
  std::map<std::pair<int, int>, std::vector<const Match*>> column;
  for (const auto& round : progress.rounds) {
    for (const Match& m : round) {
      if (m.sides[0] < 0 && m.sides[1] < 0) continue;  // an empty match of the losers' bracket
      column[{static_cast<int>(m.part), m.part_round}].push_back(&m);
    }
  }
  // Layout: winners' round r in column r − 1, spaced 2^(r−1) rows; losers' round l in column
  // l − 1 under the winners' bracket, spaced 2^((l+1)/2) rows; the final and the reset after
  // the widest part, between the two brackets. Multi-loss: round r in column r − 1, one row each.
  const int winners_rows = multi ? 0 : progress.size / 2;
  int most = 0;
  for (const auto& [key, matches] : column) most = std::max(most, static_cast<int>(matches.size()));
  const int losers_top = kTop + 30 + winners_rows * kRow;
  const int losers_rows = multi ? most : std::max(1, progress.size / 4);
  const int columns =
      multi ? static_cast<int>(progress.rounds.size()) : std::max(rounds, 2 * rounds - 2) + 2;
  auto x_of = [&](int c) { return kLeft + c * (box_width + kColumnGap); };
  struct Box {
    int x = 0;
    int y = 0;  // centre line
  };
  std::map<const Match*, Box> boxes;
  for (const auto& [key, matches] : column) {
    const auto part = static_cast<knockout::Part>(key.first);
    const int r = key.second;
    for (std::size_t k = 0; k < matches.size(); ++k) {
      const int i = static_cast<int>(k);
      Box box;
      if (multi) {
        box = {x_of(r - 1), kTop + 20 + i * kRow + kRow / 2};
      } else if (part == knockout::Part::winners) {
        box = {x_of(r - 1), kTop + 20 + (2 * i + 1) * (kRow << (r - 1)) / 2};
      } else if (part == knockout::Part::losers) {
        const int spacing = kRow << ((r + 1) / 2 - 1);
        box = {x_of(r - 1), losers_top + 20 + (2 * i + 1) * spacing / 2};
      } else {
        const int c = std::max(rounds, 2 * rounds - 2) + (part == knockout::Part::reset ? 1 : 0);
        box = {x_of(c), losers_top - 15};
      }
      boxes[matches[k]] = box;
    }
  }
  const int width = x_of(columns) - kColumnGap + kLeft;
  const int height = (multi ? kTop + 40 + most * kRow : losers_top + 40 + losers_rows * kRow);
  fmt::format_to(to,
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                 "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"12\">\n",
                 width, height);
  const std::string title =
      multi ? fmt::format("Multi-loss elimination (out at {} losses): {} entrants", progress.losses,
                          entrants.size())
            : fmt::format("Double elimination: {} entrants, {} slots", entrants.size(),
                          progress.size);
  fmt::format_to(to, "<title>{}</title>\n", escaped(title));
  out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  fmt::format_to(to, "<text x=\"{}\" y=\"28\" font-size=\"16\" font-weight=\"bold\">{}</text>\n",
                 kLeft, escaped(title));
  if (!multi) {
    fmt::format_to(to, "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Winners' bracket</text>\n",
                   kLeft, kTop + 8);
    fmt::format_to(to, "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">Losers' bracket</text>\n",
                   kLeft, losers_top + 8);
  }
  constexpr std::string_view kRed = "stroke=\"#b22222\" stroke-width=\"3\"";
  constexpr std::string_view kGrey = "stroke=\"#444\"";
  // Lines first (under the boxes): from a match to the match its winner plays next.
  auto link = [&](const Match* from, const Match* next) {
    const Box a = boxes.at(from);
    const Box b = boxes.at(next);
    const bool went = from->winner >= 0;
    const int mid = a.x + box_width + kColumnGap / 2;
    fmt::format_to(to, "<path d=\"M{} {} H{} V{} H{}\" fill=\"none\" {}/>\n", a.x + box_width, a.y,
                   mid, b.y, b.x, went ? kRed : kGrey);
  };
  if (!multi) {
    for (const auto& [key, matches] : column) {
      const auto part = static_cast<knockout::Part>(key.first);
      const int r = key.second;
      auto next_column = [&](knockout::Part p, int pr) -> const std::vector<const Match*>* {
        const auto it = column.find({static_cast<int>(p), pr});
        return it == column.end() ? nullptr : &it->second;
      };
      for (std::size_t k = 0; k < matches.size(); ++k) {
        const std::vector<const Match*>* next = nullptr;
        std::size_t index = k / 2;
        if (part == knockout::Part::winners) {
          next = r < rounds ? next_column(part, r + 1) : next_column(knockout::Part::final, 1);
          if (r == rounds) index = 0;
        } else if (part == knockout::Part::losers) {
          next =
              r < 2 * rounds - 2 ? next_column(part, r + 1) : next_column(knockout::Part::final, 1);
          if (r % 2 == 1) index = k;  // the survivor meets a player dropping in
          if (r == 2 * rounds - 2) index = 0;
        } else if (part == knockout::Part::final) {
          next = next_column(knockout::Part::reset, 1);
          index = 0;
        }
        if (next != nullptr && index < next->size()) link(matches[k], (*next)[index]);
      }
    }
  }
  auto draw_box = [&](const Match& m, const Box& box) {
    fmt::format_to(to,
                   "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"white\" "
                   "stroke=\"#444\"/>\n",
                   box.x, box.y - kBoxHeight / 2, box_width, kBoxHeight);
    for (int side = 0; side < 2; ++side) {
      const int p = m.sides[static_cast<std::size_t>(side)];
      const bool won = m.winner == side && !m.bye();
      const std::string style = p < 0 ? " fill=\"#999\" font-style=\"italic\""
                                : won ? " fill=\"#b22222\" font-weight=\"bold\""
                                      : "";
      fmt::format_to(to, "<text x=\"{}\" y=\"{}\"{}>{}</text>\n", box.x + 4,
                     box.y - kBoxHeight / 2 + 15 + 17 * side, style,
                     escaped(drawn_name(entrants, p)));
    }
    std::string label = m.part == knockout::Part::final   ? "Final"
                        : m.part == knockout::Part::reset ? "Reset"
                        : multi                           ? fmt::format("R{}", m.part_round)
                                                          : part_text(m);
    const std::string score = m.bye() ? std::string() : score_text(m);
    if (!score.empty()) label += "  " + score;
    fmt::format_to(to, "<text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#555\">{}</text>\n",
                   box.x + 2, box.y - kBoxHeight / 2 - 3, escaped(label));
  };
  for (const auto& [key, matches] : column) {
    for (const Match* match : matches) draw_box(*match, boxes.at(match));
  }
  out += "</svg>\n";
}

void write_svg_element(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                       std::string& out) {
  if (progress.double_elimination || progress.losses > 0) {
    write_boxes_svg(progress, entrants, out);
    return;
  }
  auto to = std::back_inserter(out);
  const int rounds = knockout::bracket_rounds(progress.size);
  const auto columns = columns_of(progress);
  const Match* third = nullptr;
  if (!progress.rounds.empty() && static_cast<int>(progress.rounds.size()) == rounds) {
    for (const Match& m : progress.rounds.back()) {
      if (m.third_place) third = &m;
    }
  }
  const int entry_width = names_width(entrants, 13, 8, 180);
  const int width = kLeft * 2 + (rounds + 1) * entry_width + rounds * kColumnGap;
  const int height = kTop + progress.size * kSlotHeight + (third != nullptr ? 60 : 20);
  fmt::format_to(to,
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
                 "viewBox=\"0 0 {0} {1}\" font-family=\"sans-serif\" font-size=\"13\">\n",
                 width, height);
  fmt::format_to(to, "<title>Knock-out: {} entrants, {} slots</title>\n", entrants.size(),
                 progress.size);
  out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  fmt::format_to(to,
                 "<text x=\"{}\" y=\"28\" font-size=\"16\" font-weight=\"bold\">Knock-out: {} "
                 "entrants, {} slots, {} round{}</text>\n",
                 kLeft, entrants.size(), progress.size, rounds, rounds == 1 ? "" : "s");
  auto x_of = [&](std::size_t c) {
    return kLeft + static_cast<int>(c) * (entry_width + kColumnGap);
  };
  // Centre lines of each column's entries, in pixels × 2 (halves stay exact).
  std::vector<std::vector<int>> y2(columns.size());
  for (std::size_t i = 0; i < columns[0].size(); ++i)
    y2[0].push_back(2 * kTop + static_cast<int>(2 * i + 1) * kSlotHeight);
  for (std::size_t c = 1; c < columns.size(); ++c) {
    for (std::size_t j = 0; j < columns[c].size(); ++j)
      y2[c].push_back((y2[c - 1][2 * j] + y2[c - 1][2 * j + 1]) / 2);
  }
  auto half = [](int twice) {
    return twice % 2 == 0 ? std::to_string(twice / 2) : fmt::format("{}.5", twice / 2);
  };
  // The entries: a name over a line.
  for (std::size_t c = 0; c < columns.size(); ++c) {
    for (std::size_t j = 0; j < columns[c].size(); ++j) {
      const int p = columns[c][j];
      const std::string y = half(y2[c][j]);
      fmt::format_to(to, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#444\"/>\n",
                     x_of(c), y, x_of(c) + entry_width, y);
      if (p == kUnknown) continue;
      const bool bye = p < 0;
      fmt::format_to(to, "<text x=\"{}\" y=\"{}\"{}>{}</text>\n", x_of(c) + 4, half(y2[c][j] - 8),
                     bye ? " fill=\"#999\" font-style=\"italic\"" : "",
                     escaped(drawn_name(entrants, p)));
    }
  }
  // The matches: the lines to the next round, the winner's bold and red.
  for (std::size_t r = 1; r < columns.size(); ++r) {
    const int x = x_of(r - 1) + entry_width;
    for (std::size_t k = 0; k < columns[r].size(); ++k) {
      const Match* m = nullptr;
      if (r <= progress.rounds.size()) {
        for (const Match& candidate : progress.rounds[r - 1]) {
          if (!candidate.third_place && candidate.board == static_cast<int>(k) + 1) m = &candidate;
        }
      }
      const int winner = m != nullptr ? m->winner : -1;
      const std::string mid = half(y2[r][k]);
      for (int side = 0; side < 2; ++side) {
        const bool won = side == winner;
        fmt::format_to(to, "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" {3}/>\n", x,
                       half(y2[r - 1][2 * k + static_cast<std::size_t>(side)]), mid,
                       won ? "stroke=\"#b22222\" stroke-width=\"3\"" : "stroke=\"#444\"");
      }
      fmt::format_to(to, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>\n", x, mid, x_of(r),
                     mid,
                     winner >= 0 ? "stroke=\"#b22222\" stroke-width=\"3\"" : "stroke=\"#444\"");
      if (m != nullptr && !m->bye()) {
        const std::string score = score_text(*m);
        if (!score.empty()) {
          fmt::format_to(to, "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"#555\">{}</text>\n",
                         x + 6, half(y2[r][k] - 6), escaped(score));
        }
      }
    }
  }
  if (third != nullptr) {
    const int y = kTop + progress.size * kSlotHeight + 36;
    std::string text = fmt::format("Third place: {} v {}", shown(entrants, third->sides[0]),
                                   shown(entrants, third->sides[1]));
    const std::string score = score_text(*third);
    if (!score.empty()) text += "  " + score;
    if (third->winner >= 0)
      text += " \u2192 " + shown(entrants, third->sides[static_cast<std::size_t>(third->winner)]);
    fmt::format_to(to, "<text x=\"{}\" y=\"{}\">{}</text>\n", kLeft, y, escaped(text));
  }
  out += "</svg>\n";
}

}  // namespace

void write_knockout_svg(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                        std::string& out) {
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  write_svg_element(progress, entrants, out);
}

void write_knockout_html(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                         std::string& out) {
  auto to = std::back_inserter(out);
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>Knock-out</title>\n<style>body{font-family:sans-serif}table{border-collapse:"
      "collapse}td,th{padding:2px 8px;text-align:left}</style>\n</head>\n<body>\n";
  fmt::format_to(to, "<h1>Knock-out: {} entrants</h1>\n", entrants.size());
  write_svg_element(progress, entrants, out);
  if (progress.finished) {
    out += "<h2>Placings</h2>\n<table>\n<tr><th>Place</th><th>Player</th></tr>\n";
    for (const knockout::Placing& p : progress.placings) {
      fmt::format_to(to, "<tr><td>{}</td><td>{}</td></tr>\n", place_text(p),
                     escaped(shown(entrants, p.participant)));
    }
    out += "</table>\n";
  }
  out += "</body>\n</html>\n";
}

std::vector<KnockoutEntrant> knockout_entrants(const PlayerList& players,
                                               const std::vector<std::size_t>& order, int seeds) {
  std::vector<KnockoutEntrant> entrants;
  for (std::size_t e = 0; e < order.size(); ++e) {
    const Player& p = players.players[order[e]];
    entrants.push_back({p.id, p.name, p.rating, static_cast<int>(e) < seeds ? int(e) + 1 : 0});
  }
  return entrants;
}

std::vector<KnockoutEntrant> knockout_entrants(const Event& event) {
  std::vector<KnockoutEntrant> entrants;
  for (const Participant& p : event.participants)
    entrants.push_back({p.id, p.name, p.rating, p.seed});
  return entrants;
}

std::optional<KnockoutFormat> parse_knockout_format(std::string_view name) {
  if (name == "csv") return KnockoutFormat::csv;
  if (name == "text") return KnockoutFormat::text;
  if (name == "json") return KnockoutFormat::json;
  if (name == "svg") return KnockoutFormat::svg;
  if (name == "html") return KnockoutFormat::html;
  return std::nullopt;
}

void write_knockout_rows(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                         KnockoutLayout layout, std::string& out) {
  ResultsCsvLayout csv_layout;
  csv_layout.game = layout.game;
  csv_layout.game_number = layout.game_column;
  csv_layout.numbers = true;  // the slots: how the next run finds the bracket
  csv_layout.seeds = std::any_of(entrants.begin(), entrants.end(),
                                 [](const KnockoutEntrant& e) { return e.seed > 0; });
  ResultsCsvWriter writer(csv_layout, out);
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
      (colour == Colour::white ? row.white_seed : row.black_seed) =
          p >= 0 ? entrant(entrants, p).seed : 0;
    };
    set(first, g.first);
    set(second, g.second);
    writer.row(row);
  }
}

void write_knockout_placings(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                             const PlayerList* players, std::string& out) {
  CsvWriter csv(out);
  csv.fields({"rank", "place", "id", "name", "rating", "round_out"});
  // The players' columns but these, and but `number`: the results' numbers are the bracket's
  // slots, which a draw number passed through would contradict.
  const std::vector<std::string_view> left_out = {"rank",   "place",     "id",    "name",
                                                  "rating", "round_out", "number"};
  if (players != nullptr) write_player_columns(*players, nullptr, csv, left_out);
  csv.end_row();
  const Player nobody;  // an entrant the players file lacks: its columns left empty
  for (const knockout::Placing& p : progress.placings) {
    const KnockoutEntrant& e = entrant(entrants, p.participant);
    csv.field(p.rank).field(place_text(p)).field(e.label).field(e.name);
    if (e.rating) {
      csv.field(*e.rating);
    } else {
      csv.field("");
    }
    csv.field(p.round_out);
    if (players != nullptr) {
      const PlayerList::Lookup found = players->find(e.label);
      const Player& player =
          found.match == PlayerList::Match::found ? players->players[found.index] : nobody;
      write_player_columns(*players, &player, csv, left_out);
    }
    csv.end_row();
  }
}

void write_knockout_text(const Progress& progress, const std::vector<KnockoutEntrant>& entrants,
                         std::string& out) {
  auto to = std::back_inserter(out);
  const int rounds = knockout::bracket_rounds(progress.size);
  if (progress.losses > 0) {
    fmt::format_to(to, "Multi-loss elimination: {} entrants, out at {} losses\n", entrants.size(),
                   progress.losses);
  } else {
    fmt::format_to(to, "Knock-out: {} entrants, {} slots, {} round{}{}\n", entrants.size(),
                   progress.size, rounds, rounds == 1 ? "" : "s",
                   progress.double_elimination ? " (double elimination)" : "");
  }
  std::size_t width = display_width("Lower");
  for (std::size_t p = 0; p < entrants.size(); ++p)
    width = std::max(width, display_width(shown(entrants, static_cast<int>(p))));
  out += "\nSlot  Player\n";
  for (int s = 1; s <= progress.size; ++s) {
    fmt::format_to(to, "{:>4}  {}\n", s,
                   shown(entrants, progress.slots[static_cast<std::size_t>(s - 1)]));
  }
  const bool twice = progress.double_elimination || progress.losses > 0;
  if (progress.double_elimination && rounds >= 2) {
    out +=
        "\nDrop-in: the losers of winners' round j+1 meet, in losers' round 2j, the survivors "
        "of losers' matches 1, 2, ... in this order\n";
    const auto drop = knockout::drop_in_order(progress.size);
    for (std::size_t j = 0; j < drop.size(); ++j) {
      fmt::format_to(to, "  L{}: losers of W{} matches", 2 * j + 2, j + 2);
      for (int from : drop[j]) fmt::format_to(to, " {}", from + 1);
      out += '\n';
    }
  }
  for (const auto& round : progress.rounds) {
    if (round.empty()) continue;
    const int r = round.front().round;
    fmt::format_to(to, "\n{}\n", !twice && r == rounds ? "Final" : fmt::format("Round {}", r));
    fmt::format_to(to, "  Board  {}    {}  {}  Score    Through\n",
                   !twice                ? "Slots"
                   : progress.losses > 0 ? "     "
                                         : "Part ",
                   pad_right("Upper", width), pad_right("Lower", width));
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
                      progress.losses > 0 ? std::string()
                      : twice             ? part_text(m)
                                          : slot_range(m),
                      pad_right(shown(entrants, m.sides[0]), width),
                      pad_right(shown(entrants, m.sides[1]), width), pad_right(score, 7), through);
      line.erase(line.find_last_not_of(' ') + 1);  // no trailing blanks where nothing follows
      out += line;
      out += '\n';
    }
  }
  if (!twice && static_cast<int>(progress.rounds.size()) < rounds && !progress.finished) {
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
  if (progress.double_elimination) json.key("double_elimination").value(true);
  if (progress.losses > 0) json.key("losses").value(progress.losses);
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
      if (progress.double_elimination) json.key("part").value(part_text(m));
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
      // Games listed without a result: a match under way, not one still to be paired.
      if (m.pending > 0) json.key("pending").value(m.pending);
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
