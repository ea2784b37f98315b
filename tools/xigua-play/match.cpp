// xigua-play match: engine configuration A against B, best of 3 or 5 (xigua/match.h), every game
// written as a record.
#include <fmt/format.h>

#include "boardgames/core/random.h"
#include "boardgames/xigua/match.h"
#include "boardgames/xigua/record.h"
#include "xigua_play.h"

namespace xigua_play {

CLI::App* register_match(CLI::App& app, Options& o) {
  CLI::App* sub = app.add_subcommand("match", "Engine against engine: best of 3 or 5");
  sub->add_option("--games", o.games, "3 or 5")
      ->transform(bg::cli::whole_number_in(1, 5))
      ->option_text("N");
  bg::cli::add_whole_number(*sub, "--level-a", o.level_a, "Depth of configuration A", 1, 40);
  bg::cli::add_whole_number(*sub, "--level-b", o.level_b, "Depth of configuration B", 1, 40);
  bg::cli::add_whole_number(*sub, "--time-a", o.time_a,
                            "Milliseconds per move of A (instead of its depth)", 1,
                            kMaxMoveMilliseconds, "MS");
  bg::cli::add_whole_number(*sub, "--time-b", o.time_b, "Milliseconds per move of B", 1,
                            kMaxMoveMilliseconds, "MS");
  bg::cli::add_whole_number(*sub, "--random-plies", o.random_plies,
                            "Random opening plies, for variety", 0, 100, "K");
  bg::cli::add_seed_option(*sub, o.seed, "Seed for the openings and the lots");
  bg::cli::add_whole_number(*sub, "--max-moves", o.max_moves,
                            "Plies before the stone count decides", 1, 10'000);
  return sub;
}

int run_match(bg::cli::Tool& tool, const Options& o) {
  if (!xg::BestOf::allowed(o.games))
    throw bg::cli::UsageError("--games is 3 or 5 (best of three or of five)");
  bg::Random random(o.seed);
  std::string& out = tool.output().buffer();
  xg::BestOf match(o.games, random);
  const std::string a_name = fmt::format("A (depth {})", o.level_a);
  const std::string b_name = fmt::format("B (depth {})", o.level_b);
  for (int g = 1; g <= o.games && !match.decided(); ++g) {
    const xg::Side a_side = match.side_of_a(g, random);
    xg::Engine engine_a;
    xg::Engine engine_b;
    xg::Game game(xg::Side::black, {o.max_moves, true});
    for (int i = 0; i < o.random_plies && !game.over(); ++i)
      game.play(xg::random_move(game.position(), random));
    while (!game.over()) {
      const bool a_to_move = game.position().side_to_move() == a_side;
      game.play(a_to_move ? engine_move(engine_a, game, o.level_a, o.time_a)
                          : engine_move(engine_b, game, o.level_b, o.time_b));
    }
    match.add(a_side, game.end()->winner);
    const bg::RecordResult result = xg::record_result(game.end()->winner);
    xg::write_record({{"Game", std::to_string(g)},
                      {"Black", a_side == xg::Side::black ? a_name : b_name},
                      {"White", a_side == xg::Side::white ? a_name : b_name},
                      {"First", "Black"},
                      {"Result", std::string(bg::record_result_token(result))},
                      {"Termination", xg::describe(*game.end())}},
                     xg::Side::black, game.moves(), result, out);
    out += '\n';
    tool.output().flush_if_large();
  }
  out += fmt::format("; match: A {} - B {}\n", match.a().text(), match.b().text());
  return bg::cli::kSuccess;
}

}  // namespace xigua_play
