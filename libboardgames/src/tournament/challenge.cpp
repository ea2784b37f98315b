#include "boardgames/tournament/challenge.h"

#include <algorithm>

namespace boardgames::challenge {

State play(int a_players, int b_players, const std::vector<Outcome>& outcomes, DrawRule rule) {
  State state;
  a_players = std::clamp(a_players, 0, kMaxPlayers);
  b_players = std::clamp(b_players, 0, kMaxPlayers);
  state.left = {a_players, b_players};
  const std::array<int, 2> size{a_players, b_players};
  if (a_players == 0 || b_players == 0) {
    state.over = true;
    if (a_players > 0) state.winner = 0;
    if (b_players > 0) state.winner = 1;
    state.extra_outcomes = static_cast<int>(outcomes.size());
    return state;
  }
  Bout next{1, {0, 0}, true};
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    state.bouts.push_back(next);
    const Outcome outcome = outcomes[i];
    Bout following{next.number + 1, next.players, true};
    if (outcome == Outcome::draw && rule == DrawRule::replay) {
      following.a_first = !next.a_first;
    } else {
      // Who leaves: the loser, or both after a draw.
      const bool a_out = outcome != Outcome::a_wins;
      const bool b_out = outcome != Outcome::b_wins;
      if (a_out) ++following.players[0];
      if (b_out) ++following.players[1];
      state.left = {size[0] - following.players[0], size[1] - following.players[1]};
      if (state.left[0] == 0 || state.left[1] == 0) {
        state.over = true;
        if (state.left[0] > 0) state.winner = 0;
        if (state.left[1] > 0) state.winner = 1;
        state.extra_outcomes = static_cast<int>(outcomes.size() - i - 1);
        return state;
      }
      following.a_first = a_out && b_out ? following.number % 2 == 1 : a_out;
    }
    next = following;
  }
  state.bouts.push_back(next);
  return state;
}

std::optional<Outcome> outcome_of(GameResult result, bool a_white) {
  switch (result) {
    case GameResult::white_wins:
    case GameResult::white_wins_by_forfeit:
      return a_white ? Outcome::a_wins : Outcome::b_wins;
    case GameResult::black_wins:
    case GameResult::black_wins_by_forfeit:
      return a_white ? Outcome::b_wins : Outcome::a_wins;
    case GameResult::draw:
      return Outcome::draw;
    default:
      return std::nullopt;
  }
}

}  // namespace boardgames::challenge
