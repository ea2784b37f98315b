// standings: final standings, crosstables and the rule books' tie-breaks from a results CSV.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/go_output.h"
#include "boardgames/io/group_stage.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/io/point_options.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/io/team_total_output.h"
#include "boardgames/io/trf.h"
#include "boardgames/tournament/ranking.h"
#include "boardgames/tournament/round_robin.h"
#include "common/event_options.h"
#include "common/options.h"
#include "common/tool.h"
#include "standings/options.h"

namespace bg = boardgames;
using bg::cli::or_usage_error;
using bg::cli::UsageError;
// Whole or half points (a game is worth at most 1,000 points; a maximum score at most a million).
constexpr bg::PointsNotation kHalves = bg::PointsNotation::halves;

int main(int argc, char** argv) {
  bg::cli::Tool tool("standings",
                     "Final standings, crosstables and tie-breaks from a results CSV or a TRF.");
  standings_tool::Options o;
  standings_tool::add_options(tool, o);
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    standings_tool::check_options(o);
    const bg::EventDetails details = standings_tool::event_details(o);
    const bool go_system = o.system == "mcmahon" || o.system == "opengotha-swiss";
    const bool go_criteria = !o.tiebreaks.empty() && (go_system || o.system == "go-swiss");
    const bg::SystemPreset* preset =
        go_system ? nullptr : or_usage_error(bg::choose_preset(o.system, "--system"));
    const auto max_score = bg::cli::points_option(o.max_score, "--max-score", 1'000'000, kHalves);
    if (max_score == bg::Points()) throw UsageError("--max-score must be more than 0");
    // Checked before reading anything.
    const auto go_order = go_criteria ? or_usage_error(bg::parse_go_criteria(o.tiebreaks))
                                      : std::vector<bg::GoCriterion>{};
    if (!go_criteria) or_usage_error(bg::parse_tiebreaks(o.tiebreaks));

    bg::EventOptions options;
    options.game = o.game ? *bg::parse_game(*o.game) : preset ? preset->game : bg::Game::shatar;
    o.values->apply(options);
    if (o.round_robin) options.round_robin = true;
    if (o.swiss) options.round_robin = false;
    if (preset && !options.round_robin) options.round_robin = preset->round_robin;
    options.teams = o.teams || (preset && preset->format == bg::EventFormat::team);
    bg::Diagnostics& diagnostics = tool.diagnostics();

    bg::PlayerList players;
    if (!o.players.empty()) {
      auto source = tool.open_input(o.players);
      if (!source) return bg::cli::kTrouble;
      players = bg::read_players_csv(*source, diagnostics);
    }
    // Ranks an event and writes it (each group of a group stage in turn).
    auto report = [&](bg::Event& event, const bg::EventDetails& given) {
      return standings_tool::report_event(tool, o, preset, max_score, players, event, given);
    };
    std::vector<bg::ResultsText> inputs;
    std::optional<bg::swiss::TrfFile> trf;  // a TRF-run event: its event as the TRF gives it
    if (o.files.empty()) o.files.emplace_back("-");
    for (const std::string& file : o.files) {
      auto source = tool.open_input(file);
      if (!source) continue;
      std::string text = source->read_all();
      const bool gotha = bg::looks_like_opengotha_xml(text);
      if (o.files.size() == 1 && (go_system || gotha)) {
        // An OpenGotha file, or a Go event's CSV files with the players' ranks (as swiss-pair
        // pairs them): McMahon or OpenGotha's Swiss, by OpenGotha's criteria.
        standings_tool::refuse_for_go(tool.app());
        if (gotha && (o.bar || o.floor))
          throw UsageError("--bar and --floor are for CSV files: an OpenGotha file has its own");
        if (gotha && !o.group.empty())
          throw UsageError("--group is for a group stage's results CSV, not an OpenGotha file");
        if (gotha && !o.players.empty())
          throw UsageError("--players: an OpenGotha file has its own players");
        if (!gotha && o.players.empty())
          throw UsageError("--system " + o.system +
                           " on a results CSV needs --players (the players CSV with ranks)");
        const bool read = or_usage_error(
            gotha ? bg::write_opengotha_standings(text, source->name(), o.system, go_order,
                                                  o.format, options.rounds, details, diagnostics,
                                                  tool.output().buffer())
                  : bg::write_go_csv_standings(players, text, source->name(), o.system, o.bar,
                                               o.floor, go_order, o.format, options.rounds, details,
                                               diagnostics, tool.output().buffer()));
        return read ? bg::cli::kSuccess : bg::cli::kInputRejected;
      }
      if (go_criteria)
        throw UsageError("--tiebreaks with --system " + o.system + " is for one OpenGotha file");
      if (o.files.size() == 1 && bg::swiss::looks_like_trf(text)) {
        // Its lines say nothing of the system, and it is read as the Swiss it reports.
        if (o.round_robin)
          throw UsageError("--round-robin: a TRF is read as a Swiss (give the results CSV)");
        if (!(trf = bg::swiss::read_trf(text, source->name(), diagnostics,
                                        bg::swiss::TrfReading::standings)))
          return bg::cli::kInputRejected;
        break;
      }
      inputs.push_back({source->name(), std::move(text)});
    }
    // A TRF's player lines give the titles and federations the tables show.
    if (trf && o.players.empty()) players = bg::swiss::trf_players(*trf);
    // A group stage: each group is a round robin of its own, ranked apart.
    const auto named = trf ? bg::GroupsNamed{} : bg::groups_named(inputs, options.game);
    standings_tool::check_groups(o, named.groups);
    if (!named.groups.empty()) {
      int status = bg::cli::kSuccess;
      for (auto& [group, event] :
           bg::build_group_stage(inputs, named, players, options, o.group, diagnostics)) {
        if (!tool.output().buffer().empty()) tool.output().buffer() += "\n";
        bg::EventDetails of_group = details;
        of_group.title =
            o.title.empty() ? "Group " + group : fmt::format("{}, group {}", o.title, group);
        status = std::max(status, report(event, of_group));
      }
      return status;
    }
    bg::EventBuilder builder(players, options, diagnostics);
    for (bg::ResultsText& input : inputs) {  // the text moves: one copy of a big file at a time
      auto source = bg::ByteSource::from_string(std::move(input.text), input.file);
      bg::add_results(source, builder, diagnostics);
    }
    bg::Event event = trf ? std::move(trf->event) : builder.finish();
    bg::EventDetails of_event = details;
    if (trf) {  // the TRF's own name, place and days, where the options give none
      if (o.title.empty()) of_event.title = trf->title;
      if (o.place.empty()) of_event.place = trf->details.place;
      if (o.dates.empty()) {
        of_event.begin_date = trf->details.begin_date;
        of_event.end_date = trf->details.end_date;
        if (o.format == "trf" && trf->undated_days.line != 0) {
          diagnostics.warning(trf->undated_days,
                              "the 042 and 052 lines do not give the first and last day as "
                              "YYYY/MM/DD: the TRF written leaves them out (--dates gives them)");
        }
      }
    }
    return report(event, of_event);
  });
}
