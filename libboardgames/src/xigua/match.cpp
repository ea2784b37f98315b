#include "boardgames/xigua/match.h"

#include "boardgames/tournament/best_of.h"

namespace boardgames::xigua {

namespace {

Side drawn_side(Random& random) { return random.below(2) == 0 ? Side::black : Side::white; }

}  // namespace

BestOf::BestOf(int games, Random& random) : games_(games), first_of_a_(drawn_side(random)) {}

Side BestOf::side_of_a(int game, Random& random) const {
  // The rule of tournament/best_of.h; A's side is the first mover's (Black) or not. The lot for
  // the deciding game is drawn only when that game comes.
  const bool in_game_1 = first_of_a_ == Side::black;
  bool in_decider = in_game_1;
  if (game == games_) in_decider = drawn_side(random) == Side::black;
  return best_of::a_moves_first(game, games_, in_game_1, in_decider) ? Side::black : Side::white;
}

void BestOf::add(Side a_side, std::optional<Side> winner) {
  if (!winner) {
    a_ += Points::from_halves(1);
    b_ += Points::from_halves(1);
  } else if (*winner == a_side) {
    a_ += Points::whole(1);
  } else {
    b_ += Points::whole(1);
  }
}

bool BestOf::decided() const { return best_of::decided(a_, b_, games_); }

}  // namespace boardgames::xigua
