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

bool valid_match_games(int games) {
  return games == 1 || games == 2 || (games >= kMinGames && games <= kMaxGames && games % 2 == 1);
}

bool a_moves_first(int game, const MatchRule& rule, bool a_first_in_game_1,
                   bool a_first_in_decider) {
  if (rule.games >= kMinGames && game == rule.games) return a_first_in_decider;
  return game % 2 == 1 ? a_first_in_game_1 : !a_first_in_game_1;
}

Outcome outcome(Points a, Points b, int played, const MatchRule& rule, Points win) {
  Outcome o;
  const Points difference = a > b ? a - b : b - a;
  // The playoff's games belong to the match once the regular ones end level (playoff games in
  // the file mean they did).
  const bool in_playoff = played > rule.games || (played == rule.games && difference == Points());
  o.length = in_playoff ? rule.games + rule.playoff : rule.games;
  const int left = o.length > played ? o.length - played : 0;
  if (difference > static_cast<std::int64_t>(left) * win) {
    o.winner = a > b ? 0 : 1;
  } else if (played >= o.length) {
    o.lot = true;
  }
  return o;
}

}  // namespace boardgames::best_of
