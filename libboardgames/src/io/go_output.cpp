// Go event writers: standings by OpenGotha's criteria.
#include "boardgames/io/go_output.h"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/go_event_csv.h"
#include "boardgames/io/go_formats.h"
#include "boardgames/io/trf.h"

namespace boardgames {

namespace {

// --title, --place and --dates over what the file says (an OpenGotha file's own name and dates):
// the federations' files carry them.
void apply_details(McMahonSettings& settings, const EventDetails& details) {
  if (!details.title.empty()) settings.name = details.title;
  if (!details.place.empty()) settings.location = details.place;
  if (!details.begin_date.empty()) {
    settings.begin_date = details.begin_date;
    settings.end_date = details.end_date.empty() ? details.begin_date : details.end_date;
  }
}

}  // namespace

Expected<McMahonSettings> choose_go_system(const McMahonSettings& file, std::string_view name) {
  if (name.empty()) return file;
  GoSystem system;
  if (name == "mcmahon") {
    system = GoSystem::mcmahon;
  } else if (name == "go-swiss" || name == "opengotha-swiss") {
    system = GoSystem::swiss;
  } else {
    return Problem{fmt::format("--system '{}' is not a system for an OpenGotha file (mcmahon, "
                               "go-swiss, opengotha-swiss)",
                               excerpt(name)),
                   {},
                   std::string(name)};
  }
  McMahonSettings settings = file;
  if (system != file.system) {
    settings.system = system;
    settings.placement.clear();
  }
  return settings;
}

std::optional<Problem> write_go_standings(const Event& event, const McMahonSettings& settings,
                                          std::string_view format, std::string& out) {
  if (format == "egf") {
    write_egf_results(event, settings, "", out);
    return std::nullopt;
  }
  if (format == "aga") {
    if (auto problem = aga_ids_problem(event)) return problem;
    write_aga_results(event, settings, out);
    return std::nullopt;
  }
  if (format == "opengotha") {
    if (auto clash = opengotha_keys_clash(event)) return clash;
    write_opengotha_xml(event, settings, out);
    return std::nullopt;
  }
  if (format != "text" && format != "csv")
    return Problem{fmt::format("--format {} is not available for a Go event (text, csv, egf, "
                               "aga, opengotha)",
                               excerpt(format)),
                   {},
                   std::string(format)};
  const GoScoreTable table(event, settings, event.rounds);
  const std::vector<GoCriterion> criteria = placement_criteria(settings);
  std::vector<GoCriterion> shown;
  const bool mcmahon = settings.system == GoSystem::mcmahon;
  shown.push_back({GoCriterionKind::main_score, false});
  if (mcmahon) shown.push_back({GoCriterionKind::main_score, true});
  for (const GoCriterion& c : criteria)
    if (std::find(shown.begin(), shown.end(), c) == shown.end()) shown.push_back(c);
  const auto rows = go_standings(event, table, criteria, event.rounds);

  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> header{"place", "id", "name", "rank", "rating", "club", "country"};
  for (const GoCriterion& c : shown) header.push_back(c.code());
  cells.push_back(header);
  for (const GoStandingRow& row : rows) {
    const Participant& p = event.participants[static_cast<std::size_t>(row.participant)];
    std::vector<std::string> line{std::to_string(row.place),
                                  p.id,
                                  p.name,
                                  p.go.rank ? go_rank_text(*p.go.rank) : "",
                                  p.rating ? std::to_string(*p.rating) : "",
                                  p.go.club,
                                  p.go.country};
    for (const GoCriterion& c : shown)
      line.push_back(go_value_text(go_standing_value(table, row, c, event.rounds), scale(c)));
    cells.push_back(std::move(line));
  }
  if (format == "csv") {
    CsvWriter writer(out);
    for (const auto& line : cells) {
      writer.fields(line);
      writer.end_row();
    }
    return std::nullopt;
  }
  out += fmt::format("Standings after round {} of {} ({}: ", event.rounds,
                     event.planned_rounds > 0 ? event.planned_rounds : event.rounds,
                     mcmahon ? "McMahon" : "OpenGotha Swiss");
  for (std::size_t i = 0; i < criteria.size(); ++i) out += (i > 0 ? ", " : "") + criteria[i].code();
  out += ")\n\n";
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& line : cells)
    for (std::size_t i = 0; i < line.size(); ++i)
      width[i] = std::max(width[i], display_width(line[i]));
  for (const auto& line : cells) {
    std::string text;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (i > 0) text += "  ";
      // Names and clubs to the left, numbers to the right.
      const bool left = i >= 1 && i <= 6 && i != 4;
      text += left ? pad_right(line[i], width[i]) : pad_left(line[i], width[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + '\n';
  }
  return std::nullopt;
}

std::optional<Problem> write_event_report(std::string_view format, const Event& event,
                                          const Standings& standings,
                                          const StandingsHeading& heading,
                                          const PlayerList& players, Diagnostics& diagnostics,
                                          std::string& out) {
  if (const auto chosen = parse_standings_format(format)) {
    write_standings(*chosen, event, standings, heading, players, out);
    return std::nullopt;
  }
  if (format == "trf") {
    std::vector<int> ranks(event.participants.size(), 0);
    for (const StandingRow& row : standings.rows)
      ranks[static_cast<std::size_t>(row.participant)] = row.rank_first;
    return swiss::write_trf_report(event, ranks, players, heading.details, diagnostics, out);
  }
  if (format != "egf" && format != "aga" && format != "opengotha")
    return Problem{
        fmt::format("--format {} is not known", excerpt(format)), {}, std::string(format)};
  Event go = event;
  std::string first;
  Diagnostics collected([&](const Diagnostic& d) {
    if (first.empty() && d.severity == Severity::error) first = d.message;
  });
  add_go_registrations(players, go, event.file, collected);
  if (collected.error_count() > 0)
    return Problem{fmt::format("--format {} needs each player's rank (a rank column in "
                               "--players): {}",
                               excerpt(format), first),
                   {},
                   std::string(format)};
  McMahonSettings settings = default_mcmahon_settings(GoSystem::swiss);
  apply_details(settings, heading.details);
  if (format == "egf") {
    // The standings' own columns: points and the tie-breaks that placed the lines.
    EgfPlacement placement;
    placement.columns.emplace_back("Pts");
    for (const Tiebreak& column : standings.columns) placement.columns.push_back(column.code());
    for (const StandingRow& row : standings.rows) {
      placement.order.push_back(row.participant);
      auto& values = placement.values.emplace_back();
      values.push_back(
          event.participants[static_cast<std::size_t>(row.participant)].score.decimal());
      // A token each: an undefined value (C.07 10) is a dash.
      for (const auto& value : row.values) values.push_back(value ? value->decimal() : "-");
    }
    write_egf_results(go, settings, "", out, &placement);
  } else if (format == "aga") {
    if (auto problem = aga_ids_problem(go)) return problem;
    write_aga_results(go, settings, out);
  } else {
    if (auto clash = opengotha_keys_clash(go)) return clash;
    write_opengotha_xml(go, settings, out);
  }
  return std::nullopt;
}

namespace {

// The standings of a Go event in `format`, headed by the title given (text), as
// write_go_standings writes them.
std::optional<Problem> write_go_event(const Event& event, McMahonSettings settings,
                                      const EventDetails& details, std::string_view format,
                                      std::string& out) {
  apply_details(settings, details);
  if (format == "text" && !details.title.empty()) out += details.title + "\n";
  return write_go_standings(event, settings, format, out);
}

// A Problem placed in a file is the input's (reported: false, exit status 1); others, usage.
Expected<bool> input_fault(Problem problem, Diagnostics& diagnostics) {
  if (problem.where.file.empty()) return problem;
  diagnostics.error(problem.where, problem.reason);
  return false;
}

// The standings after the last round with a result (a game won, lost, drawn or forfeited), or
// after round `asked` (--rounds) up to it, as the standings were then: later rounds' games and
// byes are left out. A round paired and not yet played is thus not ranked, from an OpenGotha
// file (all RESULT_UNKNOWN) as from a results CSV (empty results).
std::optional<Problem> keep_rounds_with_results(Event& event, std::optional<int> asked) {
  int last = 0;
  for (const Participant& p : event.participants) {
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      const RoundKind kind = p.rounds[r].kind;
      if (kind == RoundKind::played || kind == RoundKind::forfeit_win ||
          kind == RoundKind::forfeit_loss)
        last = std::max(last, static_cast<int>(r) + 1);
    }
  }
  if (asked && (*asked < 1 || *asked > last)) {
    return Problem{
        last == 0 ? fmt::format("--rounds {}: no round has a result yet", *asked)
                  : fmt::format("--rounds {}: the rounds with results are 1 to {}", *asked, last),
        {},
        "--rounds"};
  }
  const int kept = asked.value_or(last);
  if (kept >= event.rounds) return std::nullopt;
  if (event.planned_rounds == 0) event.planned_rounds = event.rounds;  // "after round 2 of 3"
  event.rounds = kept;
  for (Participant& p : event.participants)
    if (p.rounds.size() > static_cast<std::size_t>(kept))
      p.rounds.resize(static_cast<std::size_t>(kept));
  return std::nullopt;
}

}  // namespace

Expected<bool> write_opengotha_standings(std::string_view text, const std::string& file,
                                         std::string_view system_name,
                                         const std::vector<GoCriterion>& criteria,
                                         std::string_view format, std::optional<int> rounds,
                                         const EventDetails& details, Diagnostics& diagnostics,
                                         std::string& out) {
  auto gotha = read_opengotha_xml(text, file, diagnostics);
  if (!gotha) return false;
  if (gotha->event.file.empty()) gotha->event.file = file;  // where the input's faults are
  if (auto problem = keep_rounds_with_results(gotha->event, rounds)) return *problem;
  // A game without a result (RESULT_UNKNOWN) counts for neither player: said, game by game.
  const std::vector<Participant>& participants = gotha->event.participants;
  for (std::size_t p = 0; p < participants.size(); ++p) {
    for (std::size_t r = 0; r < participants[p].rounds.size(); ++r) {
      const RoundRecord& record = participants[p].rounds[r];
      if (record.kind != RoundKind::none || record.opponent <= static_cast<int>(p)) continue;
      diagnostics.warning(
          {file, record.line, 0},
          fmt::format("round {}: the game of '{}' against '{}' has no result (RESULT_UNKNOWN): "
                      "counted as played by neither until it has one",
                      r + 1, excerpt(participants[p].name, 60),
                      excerpt(participants[static_cast<std::size_t>(record.opponent)].name, 60)));
    }
  }
  auto settings = choose_go_system(gotha->settings, system_name);
  if (!settings) return settings.problem();
  if (!criteria.empty()) settings->placement = criteria;
  if (auto problem = write_go_event(gotha->event, *settings, details, format, out))
    return input_fault(*problem, diagnostics);
  return true;
}

Expected<bool> write_go_csv_standings(const PlayerList& players, std::string_view text,
                                      const std::string& file, std::string_view system_name,
                                      std::optional<int> bar, std::optional<int> floor,
                                      const std::vector<GoCriterion>& criteria,
                                      std::string_view format, std::optional<int> rounds,
                                      const EventDetails& details, Diagnostics& diagnostics,
                                      std::string& out) {
  const GoSystem system = system_name == "mcmahon" ? GoSystem::mcmahon : GoSystem::swiss;
  swiss::ResultsReading reading;
  reading.for_standings = true;
  auto gotha = read_go_event_csv(players, text, file, system, diagnostics, reading);
  if (!gotha) return false;
  if (auto problem = keep_rounds_with_results(gotha->event, rounds)) return *problem;
  McMahonSettings& settings = gotha->settings;
  if (bar) settings.bar = *bar;
  if (floor) settings.floor = *floor;
  if (settings.floor > settings.bar) {
    return Problem{fmt::format("the McMahon floor ({}) is above the bar ({})",
                               go_rank_text(settings.floor), go_rank_text(settings.bar)),
                   {},
                   "--floor"};
  }
  if (!criteria.empty()) settings.placement = criteria;
  if (format == "opengotha" || format == "egf" || format == "aga") {
    // A federation's file has absences, not byes by letter: read back, those rounds are worth
    // the absent points, and the scores differ from the standings written from the CSV.
    for (const Participant& p : gotha->event.participants) {
      const auto letter = std::find_if(p.rounds.begin(), p.rounds.end(), [](const RoundRecord& r) {
        return r.kind == RoundKind::full_bye || r.kind == RoundKind::half_bye ||
               r.kind == RoundKind::zero_bye;
      });
      if (letter == p.rounds.end()) continue;
      diagnostics.warning(
          {file, letter->line, 0},
          fmt::format("'{}' has a bye by letter (F, H or Z) in round {}: an {} file has no "
                      "such bye, and writes the round as an absence",
                      p.name, letter - p.rounds.begin() + 1,
                      format == "opengotha" ? "OpenGotha"
                      : format == "egf"     ? "EGF"
                                            : "AGA"));
      break;
    }
  }
  if (auto problem = write_go_event(gotha->event, settings, details, format, out))
    return input_fault(*problem, diagnostics);
  return true;
}

namespace {

std::string komi_of(const McMahonSettings& settings, const GoGame& g) {
  // Handicap games are played with half a point of komi (OpenGotha's convention).
  return g.handicap > 0 ? std::string("0.5") : settings.komi;
}

std::string rank_of(const Participant& p) { return p.go.rank ? go_rank_text(*p.go.rank) : "?"; }

}  // namespace

std::optional<Problem> write_go_pairing(const Event& event, const McMahonSettings& settings,
                                        const GoPairing& pairing, std::string_view format,
                                        std::string& out) {
  const auto participant = [&](int p) -> const Participant& {
    return event.participants[static_cast<std::size_t>(p)];
  };
  if (format == "csv") {
    CsvWriter writer(out);
    writer.fields({"round", "board", "black", "white", "handicap", "komi", "result"});
    writer.end_row();
    int board = 0;
    for (const GoGame& g : pairing.games) {
      writer.field(pairing.round).field(++board).field(participant(g.black).id);
      writer.field(participant(g.white).id).field(g.handicap).field(komi_of(settings, g));
      writer.field("").end_row();
    }
    if (pairing.bye >= 0) {
      writer.field(pairing.round).field("").field(participant(pairing.bye).id).field("");
      writer.field("").field("").field("bye").end_row();
    }
    return std::nullopt;
  }
  if (format == "pairs") {
    for (const GoGame& g : pairing.games)
      out += participant(g.white).id + " " + participant(g.black).id + "\n";
    if (pairing.bye >= 0) out += participant(pairing.bye).id + " bye\n";
    return std::nullopt;
  }
  if (format != "text")
    return Problem{fmt::format("--format {} is not available for a Go event (text, csv, pairs)",
                               excerpt(format)),
                   {},
                   std::string(format)};
  const GoScoreTable table(event, settings, std::min(pairing.round - 1, event.rounds));
  const bool mm = settings.system == GoSystem::mcmahon;
  const auto score = [&](int p) {
    const GoScores& s = table.at(p, table.rounds());
    return go_value_text(mm ? s.mms2 : s.nbw2, 2);
  };
  out += fmt::format("Round {} ({}), {} game{}{}\n\n", pairing.round,
                     mm ? "McMahon" : "OpenGotha Swiss", pairing.games.size(),
                     pairing.games.size() == 1 ? "" : "s", pairing.bye >= 0 ? ", 1 bye" : "");
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"board", "white", "rank", mm ? "MMS" : "NBW", "black", "rank", mm ? "MMS" : "NBW",
                  "handicap", "komi"});
  int board = 0;
  for (const GoGame& g : pairing.games) {
    rows.push_back({std::to_string(++board), participant(g.white).name,
                    rank_of(participant(g.white)), score(g.white), participant(g.black).name,
                    rank_of(participant(g.black)), score(g.black), std::to_string(g.handicap),
                    komi_of(settings, g)});
  }
  std::vector<std::size_t> width(rows.front().size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i)
      width[i] = std::max(width[i], display_width(row[i]));
  for (const auto& row : rows) {
    std::string text;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) text += "  ";
      const bool left = i == 1 || i == 2 || i == 4 || i == 5;
      text += left ? pad_right(row[i], width[i]) : pad_left(row[i], width[i]);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + '\n';
  }
  if (pairing.bye >= 0)
    out += fmt::format("\nbye: {} ({})\n", participant(pairing.bye).name,
                       rank_of(participant(pairing.bye)));
  return std::nullopt;
}

void write_go_check(const std::vector<GoRoundCheck>& checks, std::string& out) {
  int same = 0;
  int equal = 0;
  for (const GoRoundCheck& check : checks) {
    if (check.problem) {
      out += fmt::format("round {}: cannot be re-paired: {}\n", check.round, check.problem->reason);
      continue;
    }
    if (check.differences.empty()) {
      ++same;
      out += fmt::format("round {}: identical ({} board{}{})\n", check.round, check.boards,
                         check.boards == 1 ? "" : "s", check.bye ? " and the bye" : "");
      continue;
    }
    if (check.equal_cost) {
      ++equal;
      out += fmt::format(
          "round {}: equal cost ({} boards): another optimum of OpenGotha's cost ({}), {} "
          "games differ\n",
          check.round, check.boards, check.our_cost, check.differences.size() / 2);
    } else {
      out += fmt::format("round {}: {} difference{} (recorded cost {}, optimum {})\n", check.round,
                         check.differences.size(), check.differences.size() == 1 ? "" : "s",
                         check.recorded_cost, check.our_cost);
    }
    for (const std::string& d : check.differences) out += "  " + d + "\n";
  }
  out += fmt::format("{} of {} rounds identical", same, checks.size());
  if (equal > 0) out += fmt::format(", {} with an equal-cost optimum", equal);
  out += "\n";
}

void write_go_explanation(const Event& event, const GoRoundPairer& pairer, int round, int a, int b,
                          std::string& out) {
  const auto name = [&](int p) { return event.participants[static_cast<std::size_t>(p)].name; };
  const GoCostTerms t = pairer.cost(a, b);
  const GoGame g = pairer.game(a, b);
  out += fmt::format("{} - {}, round {}: OpenGotha's cost (higher is better)\n", name(a), name(b),
                     round);
  const std::pair<std::string_view, std::int64_t> terms[] = {
      {"base", t.base},
      {"avoid a duplicate game", t.duplicate},
      {"white/black balance", t.colour},
      {"categories", t.categories},
      {"score difference", t.score},
      {"draw-up/draw-down", t.dudd},
      {"seeding in the group", t.seeding},
      {"minimise handicap", t.handicap},
      {"club and country", t.geography},
      {"total", t.total()},
  };
  for (const auto& [label, value] : terms) out += fmt::format("  {:<24}{:>20}\n", label, value);
  out += fmt::format("game: {} white, {} black, handicap {}\n", name(g.white), name(g.black),
                     g.handicap);
}

}  // namespace boardgames
