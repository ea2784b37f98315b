#include "eliminate.h"

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/tournament/swiss_elimination.h"
#include "common/options.h"

namespace bg = boardgames;

EliminationOptions::EliminationOptions(CLI::App& app) {
  bg::cli::add_whole_number(app, "--eliminate-from", from_round,
                            "Swiss with elimination: from round R the lowest players leave "
                            "before each round (score, Buchholz, lot with --seed)",
                            2, 1000, "R");
  bg::cli::add_whole_number(app, "--eliminate", per_round,
                            "Players to eliminate before each round from --eliminate-from (the "
                            "field kept even, at least half of it kept)",
                            1, 1000, "K");
}

int EliminationOptions::apply(bg::cli::Tool& tool, bg::Event& event,
                              std::optional<std::uint64_t> seed, const std::string& file) const {
  if (!from_round && !per_round) return 0;
  if (!from_round || !per_round)
    throw bg::cli::UsageError("--eliminate-from R and --eliminate K go together");
  bg::Diagnostics& diagnostics = tool.diagnostics();
  const auto out = bg::swiss::eliminate(event, {*from_round, *per_round, seed}, file, diagnostics);
  if (!out) throw bg::cli::UsageError(out.problem().reason);
  for (const bg::swiss::Elimination& e : *out) {
    const bg::Participant& p = event.participants[static_cast<std::size_t>(e.participant)];
    tool.note(
        fmt::format("eliminated before round {}: {} ({}), place {} of {}: score {}, "
                    "Buchholz {}{}",
                    e.before_round, bg::excerpt(p.name, 60), bg::excerpt(p.id, 20), e.place,
                    e.field, e.score.decimal(), e.buchholz.decimal(),
                    e.by_lot ? ", tied with a player who stays: by lot" : ""));
  }
  return diagnostics.error_count() > 0 ? bg::cli::kInputRejected : 0;
}
