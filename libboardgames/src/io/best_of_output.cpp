#include "boardgames/io/best_of_output.h"

#include <fmt/format.h>

#include <map>
#include <utility>

#include "boardgames/core/random.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/tournament/round_robin.h"

namespace boardgames {

namespace {

ResultsCsvLayout layout_of(Game game) {
  ResultsCsvLayout layout;
  layout.game = game;
  layout.game_number = true;
  layout.numbers = true;
  return layout;
}

// One row of a match: `first` moves first.
void put_row(ResultsCsvWriter& writer, Game game, int round, int board, int number,
             const std::string& first, int first_number, const std::string& second,
             int second_number) {
  const Colour colour = first_mover(game);
  ResultRow row;
  row.round = round;
  row.board = board;
  row.game = number;
  row.result = second.empty() ? GameResult::pairing_bye : GameResult::pending;
  (colour == Colour::white ? row.white : row.black) = first;
  (colour == Colour::white ? row.black : row.white) = second;
  (colour == Colour::white ? row.white_number : row.black_number) = first_number;
  (colour == Colour::white ? row.black_number : row.white_number) = second_number;
  writer.row(row);
}

// The first mover's points of a game row; nullopt while pending or for a double forfeit.
std::optional<Points> first_points(GameResult result, Colour first) {
  const bool white_first = first == Colour::white;
  switch (result) {
    case GameResult::white_wins:
    case GameResult::white_wins_by_forfeit:
      return white_first ? Points::whole(1) : Points();
    case GameResult::black_wins:
    case GameResult::black_wins_by_forfeit:
      return white_first ? Points() : Points::whole(1);
    case GameResult::draw:
      return Points::from_halves(1);
    default:
      return std::nullopt;
  }
}

}  // namespace

bool best_of_lot(std::uint64_t seed, int round, int board, int game) {
  Random random(seed + static_cast<std::uint64_t>(round) * 0x9E3779B97F4A7C15ULL +
                static_cast<std::uint64_t>(board) * 0xBF58476D1CE4E5B9ULL +
                static_cast<std::uint64_t>(game));
  return random.below(2) == 0;
}

void write_best_of_first_games(const RoundRobinEvent& event, int first_round, int last_round,
                               std::uint64_t seed, std::string& out) {
  ResultsCsvWriter writer(layout_of(event.game), out);
  writer.header();
  if (RoundRobin::check(static_cast<int>(event.entrants.size()))) return;
  const RoundRobin table(static_cast<int>(event.entrants.size()), event.options);
  std::vector<ScheduledGame> rows;
  for (int round = std::max(first_round, 1); round <= std::min(last_round, table.rounds());
       ++round) {
    schedule_round(event, table, round, rows);
    for (const ScheduledGame& g : rows) {
      if (g.second == nullptr) {
        put_row(writer, event.game, round, 0, 1, g.first->label, g.first_number, "", 0);
      } else if (best_of_lot(seed, round, g.board, 1)) {
        put_row(writer, event.game, round, g.board, 1, g.first->label, g.first_number,
                g.second->label, g.second_number);
      } else {
        put_row(writer, event.game, round, g.board, 1, g.second->label, g.second_number,
                g.first->label, g.first_number);
      }
    }
  }
}

std::vector<BestOfMatch> read_best_of_matches(ByteSource& source, Game game, int games,
                                              Diagnostics& diagnostics) {
  std::vector<BestOfMatch> matches;
  ResultsCsvReader reader(source, diagnostics, game);
  if (!reader.read_header()) return matches;
  const Colour colour = first_mover(game);
  std::map<std::pair<int, int>, std::size_t> index;
  std::map<std::pair<int, int>, int> rows_seen;
  ResultRow row;
  while (reader.next(row)) {
    if (row.is_bye()) continue;
    const auto where = reader.location(row.line, row.white_column);
    const std::string& first = row.player(colour);
    const std::string& second = row.player(~colour);
    const auto key = std::pair(row.round, row.board);
    auto found = index.find(key);
    if (found == index.end()) {
      if (row.game != 1) {
        diagnostics.error(where, fmt::format("game {} of round {}, board {} comes before its "
                                             "game 1",
                                             row.game, row.round, row.board));
        continue;
      }
      BestOfMatch match;
      match.round = row.round;
      match.board = row.board;
      match.a = first;
      match.b = second;
      match.a_number = row.number(colour);
      match.b_number = row.number(~colour);
      match.line = row.line;
      found = index.emplace(key, matches.size()).first;
      matches.push_back(std::move(match));
    }
    BestOfMatch& match = matches[found->second];
    const int expected = ++rows_seen[key];
    const bool a_first = first == match.a && second == match.b;
    if (!a_first && !(first == match.b && second == match.a)) {
      diagnostics.error(where,
                        fmt::format("round {}, board {}: '{}' v '{}' is not the match of "
                                    "game 1 ('{}' v '{}')",
                                    row.round, row.board, excerpt(first, 40), excerpt(second, 40),
                                    excerpt(match.a, 40), excerpt(match.b, 40)));
      continue;
    }
    if (row.game != expected || row.game > games) {
      diagnostics.error(where, fmt::format("round {}, board {}: game {} where game {} of at most "
                                           "{} comes",
                                           row.round, row.board, row.game, expected, games));
      continue;
    }
    const auto standing = best_of::standing(match.a_results, games);
    if (match.pending_game == 0 && standing.next_game == 0) {
      diagnostics.error(where, fmt::format("round {}, board {}: game {} is one too many: the "
                                           "match was over after game {}",
                                           row.round, row.board, row.game, row.game - 1));
      continue;
    }
    const auto points = first_points(row.result, colour);
    if (row.result == GameResult::double_forfeit) {
      diagnostics.error(where, "a double forfeit decides no game of a match: give the result");
    } else if (!points) {
      if (match.pending_game == 0) match.pending_game = row.game;
    } else if (match.pending_game != 0) {
      diagnostics.error(where, fmt::format("round {}, board {}: game {} has a result but game {} "
                                           "has none",
                                           row.round, row.board, row.game, match.pending_game));
    } else {
      match.a_results.push_back(a_first ? *points : Points::whole(1) - *points);
    }
  }
  for (BestOfMatch& match : matches) match.standing = best_of::standing(match.a_results, games);
  return matches;
}

void write_best_of_next_games(const std::vector<BestOfMatch>& matches, Game game, int games,
                              std::uint64_t seed, std::string& out) {
  ResultsCsvWriter writer(layout_of(game), out);
  writer.header();
  for (const BestOfMatch& m : matches) {
    const int next = m.standing.next_game;
    if (m.pending_game != 0 || next == 0) continue;
    const bool a_first =
        best_of::a_moves_first(next, games, true, best_of_lot(seed, m.round, m.board, games));
    if (a_first) {
      put_row(writer, game, m.round, m.board, next, m.a, m.a_number, m.b, m.b_number);
    } else {
      put_row(writer, game, m.round, m.board, next, m.b, m.b_number, m.a, m.a_number);
    }
  }
}

void write_best_of_text(const std::vector<BestOfMatch>& matches, int games, std::uint64_t seed,
                        std::string& out) {
  for (const BestOfMatch& m : matches) {
    const auto& s = m.standing;
    fmt::format_to(std::back_inserter(out), "Round {}, board {}: {} - {}  {}-{}: ", m.round,
                   m.board, m.a, m.b, s.a.decimal(), s.b.decimal());
    if (s.winner) {
      fmt::format_to(std::back_inserter(out), "{} wins\n", *s.winner == 0 ? m.a : m.b);
    } else if (m.pending_game != 0) {
      fmt::format_to(std::back_inserter(out), "game {} to finish\n", m.pending_game);
    } else if (s.next_game == 0) {
      out += "level after every game: the playoff decides\n";
    } else {
      const bool a_first = best_of::a_moves_first(s.next_game, games, true,
                                                  best_of_lot(seed, m.round, m.board, games));
      fmt::format_to(std::back_inserter(out), "game {} next, {} moves first{}\n", s.next_game,
                     a_first ? m.a : m.b, s.next_game == games ? " (by lot)" : "");
    }
  }
}

}  // namespace boardgames
