#include "rules.h"

#include <fmt/format.h>

#include "boardgames/io/swiss_io.h"
#include "common/options.h"

namespace bg = boardgames;
namespace sw = boardgames::swiss;

RulesOption::RulesOption(CLI::App& app) {
  bg::cli::add_choice(app, "--rules", edition,
                      "Edition of the Dutch system: 2026 (applied from 1 February 2026, the "
                      "default) or 2017 (in force until 31 January 2026)",
                      {"2026", "2017"})
      ->option_text("YEAR");
}

sw::DutchOptions RulesOption::options() const {
  sw::DutchOptions options;
  options.rules = edition == "2017" ? sw::DutchRules::fide2017 : sw::DutchRules::fide2026;
  return options;
}

int RulesOption::check(bg::cli::Tool& tool, const bg::Event& event, const std::string& file,
                       std::string& out) const {
  // Fewer rounds in the event than played: each round's last-round rules would be wrong.
  if (event.planned_rounds > 0 && event.rounds_played() > event.planned_rounds) {
    tool.diagnostics().error(
        {file, 0, 0}, fmt::format("the event has {} round{} (XXR or --rounds), but {} are played: "
                                  "give the total with --rounds",
                                  event.planned_rounds, event.planned_rounds == 1 ? "" : "s",
                                  event.rounds_played()));
    return bg::cli::kInputRejected;
  }
  const auto checks = sw::check_event(event, options());
  sw::write_check(checks, options().rules, out);
  if (sw::all_rounds_agree(checks)) return bg::cli::kSuccess;
  if (!edition.empty()) return bg::cli::kInputRejected;
  sw::DutchOptions older;
  older.rules = sw::DutchRules::fide2017;
  if (!sw::all_rounds_agree(sw::check_event(event, older))) return bg::cli::kInputRejected;
  tool.diagnostics().warning({file, 0, 0},
                             "paired under the 2017 rules (use --rules 2017): every round is "
                             "identical under the Dutch system (2017)");
  return bg::cli::kSuccess;
}
