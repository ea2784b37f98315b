#include "boardgames/tournament/best_of.h"

namespace boardgames::best_of {

Points needed(int games) { return Points::from_halves(games + 1); }

bool decided(Points a, Points b, int games) { return a >= needed(games) || b >= needed(games); }

bool a_moves_first(int game, int games, bool a_first_in_game_1, bool a_first_in_decider) {
  if (game == games) return a_first_in_decider;
  return game % 2 == 1 ? a_first_in_game_1 : !a_first_in_game_1;
}

Standing standing(const std::vector<Points>& a_results, int games) {
  Standing s;
  const Points win = Points::whole(1);
  int played = 0;
  for (const Points result : a_results) {
    if (played == games || decided(s.a, s.b, games)) break;
    s.a += result;
    s.b += win - result;
    ++played;
  }
  if (s.a >= needed(games)) s.winner = 0;
  if (s.b >= needed(games)) s.winner = 1;
  s.next_game = s.winner || played >= games ? 0 : played + 1;
  return s;
}

}  // namespace boardgames::best_of
