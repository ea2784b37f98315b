// rr-schedule: round-robin schedules by the Berger tables (FIDE C.05 Annex 1), single or
// double, individuals or teams, written as the results CSV the arbiter fills in.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/io/players_csv.h"
#include "boardgames/io/schedule_output.h"
#include "boardgames/tournament/draw.h"
#include "common/options.h"
#include "common/tool.h"
#include "groups.h"
#include "match.h"
#include "teams.h"

namespace bg = boardgames;
using bg::cli::UsageError;

namespace {

// The settings the group stage shares (groups.h), and the rest.
struct Options : rr::ScheduleSettings {
  std::vector<std::string> files;
  std::string players;
  std::optional<int> count;
  std::string seed_by = "row";
  bool draw_lots = false;
  bool double_round = false;
  bool swap_last_two = false;
  std::string label = "id";
};

}  // namespace

int main(int argc, char** argv) {
  bg::cli::Tool tool("rr-schedule",
                     "Round-robin schedule by the Berger tables of FIDE C.05 Annex 1, written as "
                     "the results CSV with empty results.");
  Options o;
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "Players CSV (default: standard input)");
  tool.add_input_option("--players", o.players, "Players CSV (same as the positional FILE)");
  bg::cli::add_whole_number(app, "-n,--count", o.count,
                            "Numbered players 1..N instead of a players file", 2,
                            bg::kMaxRoundRobinEntrants);
  tool.set_reads_stdin([&o]() { return !o.count; });
  bg::cli::add_choice(app, "--seed-by", o.seed_by,
                      "Draw numbers in row order or by rating (highest first)", {"row", "rating"});
  app.add_flag("--draw-lots", o.draw_lots, "Draw the numbers by lot (reproducible with --seed)");
  bg::cli::add_seed_option(app, o.seed, "Seed for --draw-lots");
  app.add_flag("--double", o.double_round, "Double round robin: second cycle, colours reversed");
  app.add_flag("--swap-last-two", o.swap_last_two,
               "Play the first cycle's last two rounds in swapped order (FIDE's recommendation "
               "for double round robins)");
  bg::cli::add_whole_number(
      app, "--games-per-round", o.games_per_round,
      "Games per pairing and round; in game 2 the first mover of game 1 moves second", 1, 2, "1|2");
  rr::TeamOptions teams(tool);
  bg::cli::add_choice(app, "--game", o.game,
                      "Names the colour columns: white,black (shatar, chess) or "
                      "black,white (go, xigua)",
                      {"shatar", "go", "xigua", "chess"});
  bg::cli::add_choice(app, "--format", o.format, "Output format", {"csv", "text", "json"});
  bg::cli::add_choice(app, "--label", o.label, "Name players in the CSV and JSON by id or by name",
                      {"id", "name"});
  bg::cli::add_whole_number(app, "--round", o.round, "Write only this round", 1,
                            2 * bg::kMaxRoundRobinEntrants, "R");
  tool.add_output_file_option(
      "--write-players", o.write_players,
      "Also write the players file (the teams file for teams) with the draw in a "
      "'number' column, for standings and later runs");
  rr::GroupOptions groups(tool);
  rr::MatchOptions match(tool);
  tool.add_output_option();

  return tool.run(argc, argv, [&]() -> int {
    if (!o.players.empty()) o.files.insert(o.files.begin(), o.players);
    if (o.count && !o.files.empty())
      throw UsageError("give either -n N or a players file, not both");
    if (o.files.size() > 1) throw UsageError("one players file only");
    teams.check(o.count.has_value(), o.games_per_round);
    if (o.draw_lots && o.seed_by != "row")
      throw UsageError("--draw-lots and --seed-by rating exclude each other");
    if (o.seed && !o.draw_lots && !groups.wanted() && !match.wanted() && teams.challenge_games == 1)
      throw UsageError("--seed only matters with --draw-lots");
    if (o.swap_last_two && !o.double_round)
      throw UsageError("--swap-last-two applies to double round robins (--double)");
    o.by_name = o.label == "name";
    o.method = o.draw_lots             ? bg::DrawMethod::lots
               : o.seed_by == "rating" ? bg::DrawMethod::rating
                                       : bg::DrawMethod::row_order;
    o.options = {o.double_round, o.swap_last_two};
    groups.check(teams.teams, o.draw_lots, match.wanted() || teams.challenge, o);
    match.check(teams.teams, groups.wanted(), groups.results(), o);
    bg::Diagnostics& diagnostics = tool.diagnostics();
    bg::PlayerList players;
    if (o.count) {
      players = bg::PlayerList::numbered(*o.count);
    } else {
      auto source = tool.open_input(o.files.empty() ? "-" : o.files.front());
      if (!source) return bg::cli::kTrouble;
      players = bg::read_players_csv(*source, diagnostics);
    }
    if (!teams.lineups.empty()) return teams.run_lineups(tool, players);
    if (teams.challenge) return teams.run_challenge(tool, players, o, groups.results());
    if (groups.wanted() && diagnostics.error_count() == 0) return groups.run(tool, players, o);
    if (o.draw_lots && !o.seed) {
      // A file holding its draw refuses lots: said before a seed is drawn for nothing.
      if (auto given = bg::numbers_given(players, o.method); !given)
        throw UsageError(given.problem().reason);
      o.seed =
          static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
      tool.note(fmt::format("drawing lots with --seed {} (give it to repeat this draw)", *o.seed));
    }
    if (match.wanted()) return match.run(tool, players, o, groups.results());

    bg::RoundRobinEvent event;
    event.game = *bg::parse_game(o.game);
    event.games_per_round = o.games_per_round;
    event.options = o.options;
    event.scheveningen = teams.scheveningen;
    if (teams.teams && !players.has_column("team")) {
      diagnostics.error({players.source, 1, 1},
                        "--teams needs a 'team' column in the players file");
      return bg::cli::kInputRejected;
    }
    std::optional<bg::PlayerList> team_list;
    if (!teams.teams_file.empty()) {
      auto source = tool.open_input(teams.teams_file);
      if (!source) return bg::cli::kTrouble;
      team_list = bg::read_players_csv(*source, diagnostics);
    }
    const bg::RoundRobinDrawOptions draw_options{o.method, o.seed.value_or(0), o.by_name,
                                                 teams.teams, teams.boards};
    auto draw = bg::draw_round_robin(std::move(players), team_list ? &*team_list : nullptr,
                                     draw_options, diagnostics);
    if (!draw) throw UsageError(draw.problem().reason);
    if (diagnostics.error_count() > 0) return bg::cli::kInputRejected;
    event.entrants = std::move(draw->entrants);
    event.teams = draw->teams;
    event.boards = draw->boards;

    const bg::RoundRobin table(static_cast<int>(event.entrants.size()), event.options);
    const auto [first_round, last_round] = rr::TeamOptions::round_range(event, table, o.round);
    bg::write_schedule(event, *bg::parse_schedule_format(o.format), first_round, last_round,
                       tool.output());
    if (!o.write_players.empty()) {
      std::string text;
      bg::write_players_csv(draw->numbered, text);
      tool.file_output(o.write_players).write(text);
    }
    return bg::cli::kSuccess;
  });
}
