#include "event_options.h"

#include "boardgames/tournament/round_robin.h"
#include "options.h"

namespace boardgames::cli {

namespace {
// Whole or half points (a game is worth at most 1,000 points).
constexpr PointsNotation kHalves = PointsNotation::halves;
}  // namespace

EventValueOptions::EventValueOptions(CLI::App& app) {
  app.add_option("--points", points, "Points for a win, a draw and a loss, e.g. 3,1,0")
      ->option_text("W,D,L");
  app.add_option(
         "--bye-points", bye_points,
         "Value of the pairing-allocated bye (default: a win in a Swiss, 0 in a round robin)")
      ->option_text("P");
  add_whole_number(app, "--rounds", rounds,
                   "Number of rounds (default: the last round with a result)", 1,
                   2 * kMaxRoundRobinEntrants);
  app.add_option("--withdrawn", withdrawn, "Players who withdrew (ids or names)")
      ->delimiter(',')
      ->option_text("ID[,ID...]");
  add_choice(app, "--withdrawal-valuation", valuation,
             "How a withdrawn player's unplayed rounds count for opponents in a Swiss",
             {"fide", "a-factor"});
}

void EventValueOptions::apply(EventOptions& options) const {
  options.game_points = game_points_option(points, "--points", kHalves);
  options.pairing_bye = points_option(bye_points, "--bye-points", 1000, kHalves);
  options.rounds = rounds;
  options.withdrawn = withdrawn;
  options.withdrawal_valuation =
      valuation == "a-factor" ? WithdrawalValuation::a_factor : WithdrawalValuation::fide;
}

}  // namespace boardgames::cli
