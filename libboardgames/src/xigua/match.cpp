#include "boardgames/xigua/match.h"

namespace boardgames::xigua {

namespace {

Side drawn_side(Random& random) { return random.below(2) == 0 ? Side::black : Side::white; }

}  // namespace

BestOf::BestOf(int games, Random& random) : games_(games), first_of_a_(drawn_side(random)) {}

Side BestOf::side_of_a(int game, Random& random) const {
  if (game == games_) return drawn_side(random);
  return game % 2 == 1 ? first_of_a_ : ~first_of_a_;
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

bool BestOf::decided() const {
  const Points needed = Points::from_halves(games_ + 1);  // more than half of the games
  return a_ >= needed || b_ >= needed;
}

}  // namespace boardgames::xigua
