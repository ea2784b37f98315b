#include "standings/options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/tournament/mcmahon.h"
#include "common/options.h"

namespace standings_tool {

namespace bg = boardgames;
using bg::cli::UsageError;

void add_options(bg::cli::Tool& tool, Options& o) {
  CLI::App& app = tool.app();
  tool.add_input_files(o.files, "Results CSV files, or one TRF (default: standard input)");
  tool.add_input_option("--players", o.players,
                        "Players CSV: ids, names, ratings, teams, withdrawals");
  bg::cli::add_choice(app, "--game", o.game,
                      "The game: default points 1/½/0 (shatar, chess) or 2/1/0 (go, xigua)",
                      {"shatar", "go", "xigua", "chess"});
  app.add_option("--system", o.system, "A rule book's tie-break order or mcmahon (standings(1))")
      ->option_text("NAME");
  app.add_option("--tiebreaks", o.tiebreaks,
                 "A custom order of tie-break codes, e.g. BH-C1,BH,SB,DE")
      ->option_text("LIST");
  const auto rank = [](std::optional<int>& to, const char* option) {
    return [&to, option](const std::string& text) {
      to = bg::parse_go_rank(text);
      if (!to) throw UsageError(fmt::format("{} '{}' is not a rank from 30k to 9d", option, text));
    };
  };
  app.add_option_function<std::string>("--bar", rank(o.bar, "--bar"),
                                       "McMahon bar of CSV files (default 3d)")
      ->option_text("RANK");
  app.add_option_function<std::string>("--floor", rank(o.floor, "--floor"),
                                       "McMahon floor of CSV files (default 20k)")
      ->option_text("RANK");
  o.values = std::make_unique<bg::cli::EventValueOptions>(app);
  app.add_flag("--round-robin", o.round_robin, "Treat the event as a round robin");
  app.add_flag("--swiss", o.swiss, "Treat the event as a Swiss");
  app.add_flag("--teams", o.teams, "A team event: players' teams from the players file");
  app.add_option("--max-score", o.max_score,
                 "Maximum score in the total-score formula (default: win points × rounds)")
      ->option_text("P");
  app.add_flag("--lots", o.lots, "Break ties that survive every criterion by lot (needs --seed)");
  bg::cli::add_seed_option(app, o.seed, "Seed for --lots");
  bg::cli::add_choice(app, "--format", o.format, "Output format",
                      {"text", "csv", "json", "crosstable", "crosstable-csv", "html", "trf", "egf",
                       "aga", "opengotha"});
  app.add_option("--title", o.title,
                 "The event's name: heads the tables and the web page; the TRF's and the Go "
                 "federations' files carry it")
      ->option_text("TEXT");
  app.add_option("--place", o.place, "Where the event was held, for the TRF and the Go files")
      ->option_text("TEXT");
  app.add_option("--dates", o.dates,
                 "Its first and last day, for the TRF and the Go files (2026-04-03,2026-04-05)")
      ->option_text("FROM[,TO]");
  app.add_option("--explain", o.explain, "Explain each tie-break of one player (id or name)")
      ->option_text("ID");
  app.add_option("--group", o.group,
                 "Of a group stage (a group column in the results): rank this group only")
      ->option_text("NAME");
  bg::cli::add_choice(app, "--team-total", o.team_total,
                      "Team standings from individual results: the members' points or ranks",
                      {"points", "ranks"});
}

void check_options(const Options& o) {
  if (o.round_robin && o.swiss) throw UsageError("--round-robin and --swiss exclude each other");
  const bool go_system = o.system == "mcmahon" || o.system == "opengotha-swiss";
  // OpenGotha's criteria (MMS,SOSM,DC) for an OpenGotha file run by a Go system.
  const bool go_criteria = !o.tiebreaks.empty() && (go_system || o.system == "go-swiss");
  if (!o.system.empty() && !o.tiebreaks.empty() && !go_criteria)
    throw UsageError("give --system or --tiebreaks, not both");
  if ((o.bar || o.floor) && o.system != "mcmahon")
    throw UsageError(
        "--bar and --floor are for --system mcmahon (on CSV files; an OpenGotha "
        "file has its own)");
  if (o.lots && !o.seed) throw UsageError("--lots needs --seed S, so that the lot can be repeated");
  if (o.seed && !o.lots) throw UsageError("--seed only matters with --lots");
  if (!o.explain.empty() && o.format != "text")
    throw UsageError("--explain writes its own text: leave --format out");
  if (!o.group.empty() && go_system)
    throw UsageError("--group is for a group stage's results CSV, not --system " + o.system);
  if (!o.team_total.empty() && (o.players.empty() || (o.format != "text" && o.format != "csv")))
    throw UsageError("--team-total needs --players (with a team column) and writes text or csv");
}

bg::EventDetails event_details(const Options& o) {
  constexpr std::string_view kFiles[] = {"trf", "egf", "aga", "opengotha"};
  if ((!o.place.empty() || !o.dates.empty()) &&
      std::find(std::begin(kFiles), std::end(kFiles), o.format) == std::end(kFiles))
    throw UsageError(
        "--place and --dates are written in the files for rating: --format trf, egf, aga or "
        "opengotha");
  // One line of UTF-8 each, whatever the argument holds (they head pages and a TRF's lines).
  bg::EventDetails details;
  details.title = bg::excerpt(bg::trim(o.title), 200);
  details.place = bg::excerpt(bg::trim(o.place), 200);
  if (!o.place.empty() && details.place.empty())
    throw UsageError(
        "--place is blank: give the town (for the EGF, country code and town: "
        "\"FR, Paris\")");
  if (!o.dates.empty()) {
    if (auto problem = bg::parse_event_dates(o.dates, details)) throw UsageError(problem->reason);
  }
  return details;
}

void refuse_for_go(CLI::App& app) {
  bg::cli::refuse_options(
      app,
      {"--points", "--bye-points", "--withdrawn", "--withdrawal-valuation", "--round-robin",
       "--swiss", "--teams", "--max-score", "--lots", "--explain", "--team-total"},
      "is not for a Go event ranked by OpenGotha's criteria (an OpenGotha file, or --system "
      "mcmahon or opengotha-swiss)");
  if (app.count("--game") > 0 && app.get_option("--game")->as<std::string>() != "go")
    throw UsageError("--game: a Go event ranked by OpenGotha's criteria is of Go");
}

void check_groups(const Options& o, const std::vector<std::string>& groups) {
  // The names quoted: a group's name may hold a comma.
  std::vector<std::string> quoted;
  for (const std::string& g : groups) quoted.push_back("'" + bg::excerpt(g, 40) + "'");
  if (o.group.empty()) {
    // Text takes one table after another; the other formats hold one event.
    if (groups.size() > 1 && (o.format != "text" || !o.explain.empty() || !o.team_total.empty()))
      throw UsageError(
          fmt::format("the results are a group stage (groups {}): give --group NAME "
                      "to rank one group in this form",
                      fmt::join(quoted, ", ")));
  } else if (std::find(groups.begin(), groups.end(), o.group) == groups.end()) {
    throw UsageError(groups.empty()
                         ? std::string("--group: the results name no groups")
                         : fmt::format("--group: no group '{}' (the results name {})",
                                       bg::excerpt(o.group, 40), fmt::join(quoted, ", ")));
  }
}

}  // namespace standings_tool
