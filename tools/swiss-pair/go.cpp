// swiss-pair for Go events: the options, and the run on an OpenGotha file.
#include "go.h"

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/io/go_event_csv.h"
#include "boardgames/io/go_output.h"
#include "boardgames/io/opengotha_xml.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/swiss.h"
#include "common/options.h"
#include "csv.h"

namespace bg = boardgames;
using bg::cli::UsageError;

GoPairOptions::GoPairOptions(CLI::App& app) {
  GoPairOptions& o = *this;
  bg::cli::add_choice(app, "--system", o.system,
                      "Pairing system: FIDE Dutch, McMahon, or OpenGotha's Swiss (Go)",
                      {"dutch", "mcmahon", "opengotha-swiss"});
  app.add_option("--bar", o.bar, "McMahon bar (default: the file's)")->option_text("RANK");
  app.add_option("--floor", o.floor, "McMahon floor (default: the file's)")->option_text("RANK");
  bg::cli::add_choice(app, "--handicap", o.handicap,
                      "Handicap from McMahon scores, from ranks, or none (default: the file's)",
                      {"mms", "rank", "none"});
  bg::cli::add_whole_number(app, "--handicap-ceiling", o.ceiling,
                            "Most handicap stones (default: the file's)", 0, bg::kMaxHandicap);
  bg::cli::add_whole_number(app, "--handicap-correction", o.correction,
                            "Stones taken off the score difference (default: the file's)", -9, 9);
  app.add_option("--explain", o.explain,
                 "The cost of one pair in the next round, term by term (Go)")
      ->option_text("ID,ID");
}

bool GoPairOptions::wanted(std::string_view text) const {
  if (system != "dutch" || bg::looks_like_opengotha_xml(text)) return true;
  // A Go option on a Dutch pairing would be ignored without a word: the arbiter meant McMahon.
  const char* given = !bar.empty()        ? "--bar"
                      : !floor.empty()    ? "--floor"
                      : !handicap.empty() ? "--handicap"
                      : ceiling           ? "--handicap-ceiling"
                      : correction        ? "--handicap-correction"
                      : !explain.empty()  ? "--explain"
                                          : nullptr;
  if (given) {
    throw UsageError(fmt::format(
        "{} is for Go pairings (McMahon, OpenGotha's Swiss): the Dutch system has no use for it",
        given));
  }
  return false;
}

void refuse_dutch_options(CLI::App& app) {
  // A Go pairing has its own colours (handicap, and OpenGotha's lot), points (wins, McMahon
  // scores), order and no elimination, and names players by id: any of these would be ignored
  // without a word, and --apart would pair the players it was to keep apart.
  bg::cli::refuse_options(app,
                          {"--first-colour", "--seed", "--points", "--bye-points", "--seed-by",
                           "--apart", "--label", "--eliminate-from", "--eliminate", "--rules"},
                          "is for the Dutch system: a Go pairing (McMahon, OpenGotha's Swiss) has "
                          "no use for it");
  if (app.count("--game") > 0 && app.get_option("--game")->as<std::string>() != "go")
    throw UsageError("--game: a Go pairing (McMahon, OpenGotha's Swiss) is of Go");
}

namespace {

int rank_option(const std::string& text, const std::string& option) {
  if (auto rank = bg::parse_go_rank(text)) return *rank;
  throw UsageError(fmt::format("{} '{}' is not a rank from 30k to 9d", option, text));
}

int find_participant(const bg::Event& event, std::string_view token) {
  token = bg::trim(token);
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    const bg::Participant& p = event.participants[i];
    if (p.id == token || p.name == token || p.id == bg::opengotha_key(token, ""))
      return static_cast<int>(i);
  }
  throw UsageError(fmt::format("--explain: no player '{}'", token));
}

}  // namespace

int run_go_pairing(bg::cli::Tool& tool, const GoPairOptions& o, const std::string& format,
                   bool check, const std::string& text, const std::string& file,
                   const std::string& players_path, std::optional<int> rounds) {
  std::optional<bg::OpenGothaFile> gotha;
  bg::PlayerList players;  // the players CSV (none with an OpenGotha file)
  if (bg::looks_like_opengotha_xml(text)) {
    gotha = bg::read_opengotha_xml(text, file, tool.diagnostics());
  } else {
    if (players_path.empty())
      throw UsageError("McMahon reads an OpenGotha file, or a results CSV with --players (ranks)");
    auto source = tool.open_input(players_path);
    if (!source) return bg::cli::kTrouble;
    players = bg::read_players_csv(*source, tool.diagnostics());
    // No results yet (round 1): an empty results file.
    const bool empty = bg::trim(text).empty();
    gotha = bg::read_go_event_csv(
        players, empty ? "round,board,black,white,result\n" : text, file,
        o.system == "opengotha-swiss" ? bg::GoSystem::swiss : bg::GoSystem::mcmahon,
        tool.diagnostics());
  }
  if (!gotha) return input_rejected(tool, check);
  if (rounds) gotha->event.planned_rounds = *rounds;  // over numberOfRounds
  if (tool.diagnostics().error_count() > 0) return input_rejected(tool, check);
  bg::McMahonSettings settings = gotha->settings;
  if (o.system != "dutch") {
    const auto system = o.system == "mcmahon" ? bg::GoSystem::mcmahon : bg::GoSystem::swiss;
    if (system != settings.system) {
      bg::McMahonSettings chosen = bg::default_mcmahon_settings(system);
      chosen.komi = settings.komi;
      settings = chosen;
    }
  }
  if (!o.bar.empty()) settings.bar = rank_option(o.bar, "--bar");
  if (!o.floor.empty()) settings.floor = rank_option(o.floor, "--floor");
  if (settings.floor > settings.bar) throw UsageError("the McMahon floor is above the bar");
  if (o.handicap == "none") settings.handicap.ceiling = 0;
  if (!o.handicap.empty() && o.handicap != "none")
    settings.handicap.based_on_mms = o.handicap == "mms";
  if (o.ceiling) settings.handicap.ceiling = *o.ceiling;
  if (o.correction) settings.handicap.correction = *o.correction;

  const bg::Event& event = gotha->event;
  std::string& out = tool.output().buffer();
  if (check) {
    const auto checks = bg::check_go_event(event, settings);
    bg::write_go_check(checks, out);
    return bg::all_go_rounds_agree(checks) ? bg::cli::kSuccess : bg::cli::kInputRejected;
  }
  if (auto problem = bg::swiss::check_round_to_pair(event)) {
    tool.diagnostics().error({file, 0, 0}, problem->reason);
    return bg::cli::kInputRejected;
  }
  if (!bg::swiss::report_unfinished_games(event, file, tool.diagnostics()))
    return bg::cli::kInputRejected;
  const int round = event.rounds_played() + 1;
  bg::warn_short_participation(players, event, round, tool.diagnostics());
  const bg::GoRoundPairer pairer(event, settings, round);
  if (!o.explain.empty()) {
    const auto parts = bg::split(o.explain, ',');
    if (parts.size() != 2) throw UsageError("--explain takes two players: ID,ID");
    const int a = find_participant(event, parts[0]);
    const int b = find_participant(event, parts[1]);
    if (a == b) throw UsageError("--explain takes two different players");
    bg::write_go_explanation(event, pairer, round, a, b, out);
    return bg::cli::kSuccess;
  }
  const auto pairing = pairer.pair();
  if (!pairing) {
    tool.diagnostics().error({file, 0, 0}, fmt::format("round {} cannot be paired: {}", round,
                                                       pairing.problem().reason));
    return bg::cli::kInputRejected;
  }
  if (auto problem = bg::write_go_pairing(event, settings, *pairing, format, out))
    throw UsageError(problem->reason);
  return bg::cli::kSuccess;
}
