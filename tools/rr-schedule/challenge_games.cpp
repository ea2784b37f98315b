#include "challenge_games.h"

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/tournament/best_of.h"

namespace bg = boardgames;
namespace ch = boardgames::challenge;

namespace rr {

bool read_challenge_bouts(bg::ByteSource& source,
                          const std::array<std::vector<std::string>, 2>& ids, ch::DrawRule rule,
                          bg::Game game, int games, bg::Diagnostics& diagnostics,
                          ChallengeBouts& bouts) {
  const auto matches = bg::read_best_of_matches(source, game, games, diagnostics);
  if (diagnostics.error_count() > 0) return false;
  const int a_size = static_cast<int>(ids[0].size());
  const int b_size = static_cast<int>(ids[1].size());
  for (const bg::BestOfMatch& match : matches) {
    const ch::State state = ch::play(a_size, b_size, bouts.outcomes, rule);
    const bg::SourceLocation where{source.name(), match.line, 0};
    if (state.over || bouts.open) {
      diagnostics.error(where, state.over ? "a bout after the end of the challenge match"
                                          : "a bout after one still undecided");
      return false;
    }
    const ch::Bout& bout = state.bouts.back();
    const std::string& a = ids[0][static_cast<std::size_t>(bout.players[0])];
    const std::string& b = ids[1][static_cast<std::size_t>(bout.players[1])];
    const bool a_is_a = match.a == a && match.b == b;
    if (match.round != bout.number || (!a_is_a && !(match.a == b && match.b == a))) {
      diagnostics.error(
          where, fmt::format("round {} pairs '{}' with '{}', but bout {} is '{}' against '{}' "
                             "(the loser leaves, the winner stays)",
                             match.round, bg::excerpt(match.a, 40), bg::excerpt(match.b, 40),
                             bout.number, bg::excerpt(a, 40), bg::excerpt(b, 40)));
      return false;
    }
    const bg::best_of::Standing& s = match.standing;
    if (s.winner) {
      bouts.outcomes.push_back((*s.winner == 0) == a_is_a ? ch::Outcome::a_wins
                                                          : ch::Outcome::b_wins);
    } else if (s.next_game == 0 && match.pending_game == 0) {
      bouts.outcomes.push_back(ch::Outcome::draw);
    } else {
      bouts.open = match;
    }
  }
  return true;
}

std::optional<bg::ResultRow> next_bout_game(const bg::BestOfMatch& bout, bg::Game game, int games,
                                            std::uint64_t seed) {
  if (bout.pending_game != 0) return std::nullopt;
  const int next = bout.standing.next_game;
  const bool a_first = bg::best_of::a_moves_first(
      next, games, true, bg::best_of_lot(seed, bout.round, bout.board, games));
  bg::ResultRow row;
  row.round = bout.round;
  row.board = bout.board;
  row.game = next;
  const bool white_first = bg::first_mover(game) == bg::Colour::white;
  (white_first ? row.white : row.black) = a_first ? bout.a : bout.b;
  (white_first ? row.black : row.white) = a_first ? bout.b : bout.a;
  return row;
}

void write_challenge_text(const ch::State& state, const std::vector<ch::Outcome>& outcomes,
                          const std::array<ChallengeSide, 2>& sides, std::string& out) {
  auto player = [&](int team, int position) {
    return sides[static_cast<std::size_t>(team)].players[static_cast<std::size_t>(position)];
  };
  using bg::excerpt;
  for (std::size_t i = 0; i < state.bouts.size(); ++i) {
    const ch::Bout& bout = state.bouts[i];
    const std::string result = i >= outcomes.size()               ? std::string("to play")
                               : outcomes[i] == ch::Outcome::draw ? std::string("drawn")
                               : outcomes[i] == ch::Outcome::a_wins
                                   ? excerpt(player(0, bout.players[0])->name, 40) + " wins"
                                   : excerpt(player(1, bout.players[1])->name, 40) + " wins";
    fmt::format_to(std::back_inserter(out), "Bout {}: {} ({}) - {} ({}), {}\n", bout.number,
                   excerpt(player(0, bout.players[0])->name, 40), excerpt(sides[0].team, 40),
                   excerpt(player(1, bout.players[1])->name, 40), excerpt(sides[1].team, 40),
                   result);
  }
  if (state.over) {
    out += state.winner
               ? fmt::format("{} wins with {} of {} players left\n",
                             excerpt(sides[static_cast<std::size_t>(*state.winner)].team, 40),
                             state.left[static_cast<std::size_t>(*state.winner)],
                             *state.winner == 0 ? static_cast<int>(sides[0].players.size())
                                                : static_cast<int>(sides[1].players.size()))
               : std::string("Both teams' last players left together: a drawn match\n");
  }
}

}  // namespace rr
