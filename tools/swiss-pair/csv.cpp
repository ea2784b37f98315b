// swiss-pair's CSV input for the Dutch system: the options and the event they give.
#include "csv.h"

#include "boardgames/io/players_csv.h"
#include "boardgames/io/swiss_io.h"
#include "boardgames/tournament/draw.h"
#include "common/options.h"

namespace bg = boardgames;
namespace sw = boardgames::swiss;
using bg::cli::UsageError;

CsvPairOptions::CsvPairOptions(CLI::App& app) {
  bg::cli::add_choice(app, "--seed-by", seed_by,
                      "Pairing numbers in the players file's row order, or by rating (FIDE's "
                      "order: rating, title, name)",
                      {"row", "rating"});
  app.add_option("--apart", apart,
                 "Players sharing a value of this players-file column (team, club, family...) "
                 "never meet")
      ->option_text("COLUMN");
  bg::cli::add_choice(app, "--label", label, "Name players in the CSV written by id or by name",
                      {"id", "name"});
}

void CsvPairOptions::refuse_with_trf() const {
  if (seed_by != "row") throw UsageError("--seed-by: a TRF gives its own pairing numbers");
  if (!apart.empty()) throw UsageError("--apart needs a players CSV (a TRF has XXP lines)");
}

bool CsvPairOptions::usable_trf(const std::optional<sw::TrfFile>& trf, bool check,
                                bg::Diagnostics& diagnostics) const {
  if (!trf) return false;
  if (!by_name() || check) return true;
  const bg::Event& event = trf->event;
  bg::PlayerList players;
  players.source = event.file;
  for (const bg::Participant& p : event.participants) {
    bg::Player player;
    player.id = p.id;
    player.name = p.name;
    player.line = p.rounds.empty() ? 0 : p.rounds.front().line;
    players.players.push_back(std::move(player));
  }
  const std::size_t before = diagnostics.error_count();
  bg::check_names_as_labels(players, diagnostics);
  return diagnostics.error_count() == before;
}

int read_csv_event(bg::cli::Tool& tool, const CsvPairOptions& o, const std::string& text,
                   const std::string& file, const std::string& players_path, bg::Game game,
                   bool check, bg::Event& event) {
  bg::Diagnostics& diagnostics = tool.diagnostics();
  bg::PlayerList players;
  std::string results = text;
  if (!players_path.empty()) {
    auto players_source = tool.open_input(players_path);
    if (!players_source) return bg::cli::kTrouble;
    players = bg::read_players_csv(*players_source, diagnostics);
  } else if (sw::looks_like_players_csv(text)) {
    auto players_source = bg::ByteSource::from_string(text, file);
    players = bg::read_players_csv(players_source, diagnostics);
    results.clear();
  }
  if (o.seed_by == "rating") {
    if (players.has_column("number"))
      throw UsageError("--seed-by rating: the players file has its own 'number' column");
    sw::order_by_rating(players);
  }
  if (!o.apart.empty() && players.size() == 0)
    throw UsageError("--apart needs a players CSV (--players FILE)");
  auto built = sw::read_results_event(results, file, players, game, diagnostics);
  // A row left out (a typo in a result) would change the pairing: none is written, as for a
  // TRF.
  if (!built || diagnostics.error_count() > 0) return input_rejected(tool, check);
  event = std::move(*built);
  if (o.by_name() && !check) {
    bg::check_names_as_labels(players, diagnostics);
    if (diagnostics.error_count() > 0) return input_rejected(tool, check);
  }
  if (!o.apart.empty()) {
    if (auto problem = sw::forbid_same(event, players, o.apart)) {
      diagnostics.error(problem->where, problem->reason);
      return input_rejected(tool, check);
    }
  }
  return bg::cli::kSuccess;
}

int input_rejected(bg::cli::Tool& tool, bool check) {
  tool.note(check ? "the input has errors: nothing is checked"
                  : "the input has errors: nothing is paired");
  return bg::cli::kInputRejected;
}
