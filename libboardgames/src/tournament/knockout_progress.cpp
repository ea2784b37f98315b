// The knock-out after the draw: the seeding order, round 1's rows, and following the bracket
// through the event's rounds to the next rows or the final placings.
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>

#include "boardgames/core/random.h"
#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/tournament/best_of.h"
#include "boardgames/tournament/knockout.h"

namespace boardgames::knockout {

namespace {

// The lot of one match (0 or 1): the same seed, round and board give the same side, whatever
// else the event holds. `purpose` 0: the first mover of game 1; 1: the winner of a drawn match;
// 2: the first mover of a best of N's deciding game.
int lot(std::uint64_t seed, int round, int board, int purpose) {
  Random random(seed ^ (static_cast<std::uint64_t>(round) * 0x9E3779B97F4A7C15ULL) ^
                (static_cast<std::uint64_t>(board) * 0xC2B2AE3D27D4EB4FULL) ^
                (static_cast<std::uint64_t>(purpose) << 62));
  return static_cast<int>(random.below(2));
}

// Game `game` of a match whose side `first` moves first in game 1, by the one match rule
// (tournament/best_of): colours alternate, a best of N's deciding game by its own lot.
GameRow game_row(const Match& match, int game, const MatchRules& rules) {
  const bool first_again =
      best_of::a_moves_first(game, {rules.games, rules.playoff}, true,
                             lot(rules.seed, match.round, match.board, 2) == match.first);
  const int mover = first_again ? match.first : 1 - match.first;
  return {match.round, match.board, game, match.sides[static_cast<std::size_t>(mover)],
          match.sides[static_cast<std::size_t>(1 - mover)]};
}

bool is_bye_kind(RoundKind kind) {
  return kind == RoundKind::pairing_bye || kind == RoundKind::full_bye ||
         kind == RoundKind::half_bye || kind == RoundKind::zero_bye;
}

// Double elimination as a graph of matches: each side comes from a slot, or from the winner
// or the loser of an earlier match.
struct Source {
  enum Kind : std::uint8_t { slot, winner, loser } kind = slot;
  int index = 0;  // the slot (1-based), or the match (index into the nodes)
};

struct Node {
  Part part = Part::winners;
  int part_round = 0;
  int round = 0;  // of the results CSV
  int board = 0;
  std::array<Source, 2> from;
};

std::vector<Node> double_nodes(int size) {
  const int rounds = bracket_rounds(size);
  std::vector<Node> nodes;
  std::vector<std::vector<int>> winners(static_cast<std::size_t>(rounds) + 1);
  std::vector<std::vector<int>> losers(static_cast<std::size_t>(2 * rounds));
  auto add = [&](Part part, int part_round, int round, Source a, Source b) {
    nodes.push_back({part, part_round, round, 0, {a, b}});
    return static_cast<int>(nodes.size()) - 1;
  };
  auto at = [](std::vector<std::vector<int>>& v, int r, int k) {
    return v[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)];
  };
  for (int r = 1; r <= rounds; ++r) {
    for (int k = 0; k < size >> r; ++k) {
      const int round = r == 1 ? 1 : 2 * (r - 1);
      const int node =
          r == 1
              ? add(Part::winners, r, round, {Source::slot, 2 * k + 1}, {Source::slot, 2 * k + 2})
              : add(Part::winners, r, round, {Source::winner, at(winners, r - 1, 2 * k)},
                    {Source::winner, at(winners, r - 1, 2 * k + 1)});
      winners[static_cast<std::size_t>(r)].push_back(node);
    }
  }
  if (rounds >= 2) {
    for (int k = 0; k < size / 4; ++k) {
      losers[1].push_back(add(Part::losers, 1, 2, {Source::loser, at(winners, 1, 2 * k)},
                              {Source::loser, at(winners, 1, 2 * k + 1)}));
    }
  }
  const auto drop = drop_in_order(size);
  for (int j = 1; j <= rounds - 1; ++j) {
    for (int k = 0; k < size >> (j + 1); ++k) {
      const int from = drop[static_cast<std::size_t>(j - 1)][static_cast<std::size_t>(k)];
      losers[static_cast<std::size_t>(2 * j)].push_back(
          add(Part::losers, 2 * j, 2 * j + 1, {Source::winner, at(losers, 2 * j - 1, k)},
              {Source::loser, at(winners, j + 1, from)}));
    }
    if (j > rounds - 2) continue;
    for (int k = 0; k < size >> (j + 2); ++k) {
      losers[static_cast<std::size_t>(2 * j + 1)].push_back(
          add(Part::losers, 2 * j + 1, 2 * j + 2, {Source::winner, at(losers, 2 * j, 2 * k)},
              {Source::winner, at(losers, 2 * j, 2 * k + 1)}));
    }
  }
  const Source champion{Source::winner, at(winners, rounds, 0)};
  const Source challenger = rounds >= 2 ? Source{Source::winner, at(losers, 2 * rounds - 2, 0)}
                                        : Source{Source::loser, at(winners, 1, 0)};
  add(Part::final, 1, 2 * rounds, champion, challenger);
  // Boards: in each round of the CSV the winners' matches first, then the losers'.
  std::vector<int> next_board(static_cast<std::size_t>(2 * rounds + 2), 1);
  for (Part part : {Part::winners, Part::losers, Part::final}) {
    for (Node& node : nodes) {
      if (node.part == part) node.board = next_board[static_cast<std::size_t>(node.round)]++;
    }
  }
  return nodes;
}

class Follower {
 public:
  Follower(const Event& event, const MatchRules& rules, Diagnostics& diagnostics,
           PendingGames pending)
      : event_(event), rules_(rules), diagnostics_(diagnostics), pending_(pending) {}

  Progress run();

 private:
  const RoundRecord* record(int participant, int round) const {
    if (participant < 0 || round > event_.rounds) return nullptr;
    const auto& rounds = event_.participants[static_cast<std::size_t>(participant)].rounds;
    return round <= static_cast<int>(rounds.size()) ? &rounds[static_cast<std::size_t>(round - 1)]
                                                    : nullptr;
  }
  std::string name(int participant) const {
    return excerpt(event_.participants[static_cast<std::size_t>(participant)].name);
  }
  void error(std::uint32_t line, std::string message) {
    diagnostics_.error({event_.file, line, 0}, std::move(message));
    failed_ = true;
  }
  bool place_slots(Progress& progress);
  void evaluate(Match& match);
  void decide(Match& match);
  void placings(Progress& progress) const;
  // Whether the losers of these semi-finals play for third place: when the rules ask for it
  // and both semi-finals were played. With three entrants one was a bye, and the one loser is
  // third alone (a match against nobody would write a bye row, a point in the standings).
  bool has_third_place_match(const std::vector<Match>& semis) const {
    return rules_.third_place && semis.size() == 2 && !semis[0].bye() && !semis[1].bye();
  }
  // Rows of round `round` for participants none of its matches holds (out of the bracket, the
  // semi-finals' losers without --third-place, or not in that round of a double elimination's
  // or a multi-loss elimination's): an error at the first such row, as its result would count
  // for nothing.
  void check_rows_outside(const Progress& progress, const std::vector<Match>& matches, int round);
  // A round not decided: its rows to write, or the errors that stop it.
  void stop_at(Progress& progress, const std::vector<Match>& matches, int round);
  Progress run_double(Progress& progress);
  Progress run_multi(Progress& progress);
  void double_placings(Progress& progress, const std::vector<Match>& finals) const;

  const Event& event_;
  const MatchRules& rules_;
  Diagnostics& diagnostics_;
  PendingGames pending_;
  bool failed_ = false;
};

bool Follower::place_slots(Progress& progress) {
  const int n = static_cast<int>(event_.participants.size());
  if (n < 2 || n > kMaxEntrants) {
    error(0, fmt::format("a knock-out needs 2 to {} entrants, not {}", kMaxEntrants, n));
    return false;
  }
  progress.size = bracket_size(n);
  progress.slots.assign(static_cast<std::size_t>(progress.size), -1);
  for (int p = 0; p < n; ++p) {
    const int number = event_.participants[static_cast<std::size_t>(p)].number;
    const RoundRecord* first = record(p, 1);
    if (number < 1 || number > progress.size) {
      error(first != nullptr ? first->line : 0,
            fmt::format("'{}' has number {}, which is not a slot of the bracket of {} for {} "
                        "entrants (round 1 as knockout writes it numbers the slots)",
                        name(p), number, progress.size, n));
      continue;
    }
    if (first == nullptr || (first->opponent < 0 && !is_bye_kind(first->kind))) {
      error(0, fmt::format("'{}' has no row in round 1: every entrant has one (a game, or a bye "
                           "row)",
                           name(p)));
      continue;
    }
    progress.slots[static_cast<std::size_t>(number - 1)] = p;
  }
  for (int s = 0; s < progress.size && !failed_; s += 2) {
    if (progress.slots[static_cast<std::size_t>(s)] < 0 &&
        progress.slots[static_cast<std::size_t>(s + 1)] < 0) {
      error(0, fmt::format("slots {} and {} are both empty: a bye against a bye", s + 1, s + 2));
    }
  }
  return !failed_;
}

void Follower::evaluate(Match& match) {
  const auto [a, b] = match.sides;
  if (match.bye()) {
    const int through = a >= 0 ? 0 : 1;
    const int p = match.sides[static_cast<std::size_t>(through)];
    const RoundRecord* mine = record(p, match.round);
    if (mine != nullptr && mine->opponent >= 0) {
      error(mine->line, fmt::format("'{}' has a bye in round {} by the bracket, but this row "
                                    "pairs them with '{}'",
                                    name(p), match.round, name(mine->opponent)));
      return;
    }
    match.written = mine != nullptr && is_bye_kind(mine->kind);
    if (mine != nullptr) match.line = mine->line;
    match.winner = through;
    return;
  }
  const RoundRecord* ra = record(a, match.round);
  const RoundRecord* rb = record(b, match.round);
  auto has_row = [](const RoundRecord* r) {
    return r != nullptr && (r->opponent >= 0 || is_bye_kind(r->kind));
  };
  if (!has_row(ra) && !has_row(rb)) return;
  for (auto [me, them, r] : {std::tuple{a, b, ra}, std::tuple{b, a, rb}}) {
    if (!has_row(r)) {
      error(has_row(ra) ? ra->line : rb->line,
            fmt::format("round {}, board {}: the bracket pairs '{}' with '{}', but '{}' has no "
                        "row in round {}",
                        match.round, match.board, name(a), name(b), name(me), match.round));
      return;
    }
    if (r->opponent != them) {
      error(r->line, r->opponent >= 0
                         ? fmt::format("round {}: '{}' plays '{}', but the bracket pairs '{}' "
                                       "with '{}' (board {})",
                                       match.round, name(me), name(r->opponent), name(me),
                                       name(them), match.board)
                         : fmt::format("round {}: '{}' has a bye, but the bracket pairs '{}' "
                                       "with '{}' (board {})",
                                       match.round, name(me), name(me), name(them), match.board));
      return;
    }
  }
  match.written = true;
  match.line = ra->line;
  match.games = ra->games;
  match.pending = ra->pending;
  match.score = {ra->game_points, rb->game_points};
  match.first = ra->seat == Seat::second ? 1 : 0;
  if (ra->kind == RoundKind::forfeit_loss && rb->kind == RoundKind::forfeit_loss) {
    error(match.line,
          fmt::format("round {}, board {}: neither '{}' nor '{}' played (--): a knock-out "
                      "needs one of them to go through (+- or -+)",
                      match.round, match.board, name(a), name(b)));
    return;
  }
  decide(match);
}

void Follower::decide(Match& match) {
  const best_of::MatchRule rule{rules_.games, rules_.playoff};
  const auto outcome =
      best_of::outcome(match.score[0], match.score[1], match.games, rule, event_.points.win);
  if (match.games > outcome.length) {
    error(match.line,
          fmt::format("round {}, board {}: {} games with a result, but the match "
                      "has {}{}",
                      match.round, match.board, match.games, rules_.games,
                      rules_.playoff > 0 ? fmt::format(" and a playoff of {}", rules_.playoff)
                                         : std::string()));
    return;
  }
  if (outcome.winner) {
    match.winner = *outcome.winner;
  } else if (outcome.lot) {
    match.winner = lot(rules_.seed, match.round, match.board, 1);
    match.by_lot = true;
  }
}

void Follower::placings(Progress& progress) const {
  const int rounds = static_cast<int>(progress.rounds.size());
  const int n = static_cast<int>(event_.participants.size());
  const bool third_place_match =
      rounds >= 2 && has_third_place_match(progress.rounds[static_cast<std::size_t>(rounds - 2)]);
  for (const auto& round : progress.rounds) {
    for (const Match& m : round) {
      if (m.bye()) continue;
      const int loser = m.sides[static_cast<std::size_t>(1 - m.winner)];
      const int winner = m.sides[static_cast<std::size_t>(m.winner)];
      if (m.third_place) {
        progress.placings.push_back({winner, 3, 3, m.round});
        progress.placings.push_back({loser, 4, 4, m.round});
        continue;
      }
      if (m.round == rounds) {
        progress.placings.push_back({winner, 1, 1, 0});
        progress.placings.push_back({loser, 2, 2, m.round});
        continue;
      }
      if (m.round == rounds - 1 && third_place_match) continue;  // placed by their match
      const int first = (1 << (rounds - m.round)) + 1;
      progress.placings.push_back({loser, first, std::min(2 * (first - 1), n), m.round});
    }
  }
  const auto number = [&](int p) {
    return event_.participants[static_cast<std::size_t>(p)].number;
  };
  std::sort(
      progress.placings.begin(), progress.placings.end(), [&](const Placing& x, const Placing& y) {
        return x.rank != y.rank ? x.rank < y.rank : number(x.participant) < number(y.participant);
      });
}

void Follower::stop_at(Progress& progress, const std::vector<Match>& matches, int r) {
  if (event_.rounds > r) {
    error(0, fmt::format("round {} has rows, but round {} is not finished", r + 1, r));
    return;
  }
  const bool none_written = std::none_of(matches.begin(), matches.end(),
                                         [](const Match& m) { return m.written && !m.bye(); });
  if (none_written) {
    for (const Match& m : matches) {
      if (m.bye()) {
        if (!m.written && (m.sides[0] >= 0 || m.sides[1] >= 0))
          progress.to_write.push_back({r, 0, 1, m.sides[m.sides[0] < 0 ? 1 : 0], -1});
        continue;
      }
      for (int g = 1; g <= rules_.games; ++g) progress.to_write.push_back(game_row(m, g, rules_));
    }
    std::stable_sort(
        progress.to_write.begin(), progress.to_write.end(),
        [](const GameRow& x, const GameRow& y) { return (x.second < 0) < (y.second < 0); });
    progress.round_to_write = r;
    return;
  }
  for (const Match& m : matches) {
    if (m.winner >= 0) continue;
    if (!m.written) {
      error(0, fmt::format("round {}, board {}: '{}' v '{}' has no row, but the round's other "
                           "matches have",
                           r, m.board, name(m.sides[0]), name(m.sides[1])));
      continue;
    }
    const int total = best_of::outcome(m.score[0], m.score[1], m.games,
                                       {rules_.games, rules_.playoff}, event_.points.win)
                          .length;
    const int listed = m.games + m.pending;
    for (int g = listed + 1; g <= total; ++g) progress.to_write.push_back(game_row(m, g, rules_));
    if (listed >= total && pending_ == PendingGames::error) {
      error(m.line, fmt::format("round {}, board {}: '{}' v '{}' is not decided and {} of its "
                                "games {} no result: fill {} in",
                                r, m.board, name(m.sides[0]), name(m.sides[1]), m.pending,
                                m.pending == 1 ? "has" : "have", m.pending == 1 ? "it" : "them"));
    }
  }
  if (!progress.to_write.empty()) progress.round_to_write = r;
}

Progress Follower::run_double(Progress& progress) {
  if (progress.size > kMaxDoubleEntrants) {
    error(0, fmt::format("double elimination takes at most {} entrants, not {}", kMaxDoubleEntrants,
                         event_.participants.size()));
    return progress;
  }
  const int rounds = bracket_rounds(progress.size);
  const std::vector<Node> nodes = double_nodes(progress.size);
  std::vector<Match> played(nodes.size());
  auto side_of = [&](const Source& source) {
    if (source.kind == Source::slot)
      return progress.slots[static_cast<std::size_t>(source.index - 1)];
    const Match& m = played[static_cast<std::size_t>(source.index)];
    const int side = source.kind == Source::winner ? m.winner : 1 - m.winner;
    return m.sides[static_cast<std::size_t>(side)];
  };
  std::vector<Match> finals;
  for (int r = 1; r <= 2 * rounds + 1; ++r) {
    std::vector<Match> matches;
    std::vector<std::size_t> index;
    if (r <= 2 * rounds) {
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        const Node& node = nodes[i];
        if (node.round != r) continue;
        Match m;
        m.round = r;
        m.board = node.board;
        m.part = node.part;
        m.part_round = node.part_round;
        m.sides = {side_of(node.from[0]), side_of(node.from[1])};
        matches.push_back(m);
        index.push_back(i);
      }
    } else {
      const Match& final = finals.front();
      if (!rules_.reset || final.winner != 1) break;
      Match m;
      m.round = r;
      m.board = 1;
      m.part = Part::reset;
      m.part_round = 1;
      m.sides = final.sides;
      matches.push_back(m);
    }
    for (Match& m : matches) {
      m.first = lot(rules_.seed, r, m.board, 0);
      if (m.sides[0] < 0 && m.sides[1] < 0) {
        m.winner = 0;  // nobody on either side: an empty match, nobody goes on
        continue;
      }
      evaluate(m);
      if (failed_) return progress;
    }
    check_rows_outside(progress, matches, r);
    if (failed_) return progress;
    for (std::size_t i = 0; i < index.size(); ++i) played[index[i]] = matches[i];
    progress.rounds.push_back(matches);
    if (!std::all_of(matches.begin(), matches.end(),
                     [](const Match& m) { return m.winner >= 0; })) {
      stop_at(progress, matches, r);
      return progress;
    }
    for (const Match& m : matches) {
      if (m.part == Part::final || m.part == Part::reset) finals.push_back(m);
    }
  }
  if (event_.rounds > static_cast<int>(progress.rounds.size())) {
    error(0, fmt::format("the event is over after round {}, but the file has rows in round {}",
                         progress.rounds.size(), event_.rounds));
    return progress;
  }
  progress.finished = true;
  double_placings(progress, finals);
  return progress;
}

void Follower::double_placings(Progress& progress, const std::vector<Match>& finals) const {
  const Match& last = finals.back();
  progress.placings.push_back({last.sides[static_cast<std::size_t>(last.winner)], 1, 1, 0});
  progress.placings.push_back(
      {last.sides[static_cast<std::size_t>(1 - last.winner)], 2, 2, last.round});
  // The losers' bracket's losers, the last round first.
  std::vector<std::pair<int, const Match*>> out;  // (losers' round, match)
  for (const auto& round : progress.rounds) {
    for (const Match& m : round) {
      if (m.part == Part::losers && !m.bye()) out.emplace_back(m.part_round, &m);
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  const auto number = [&](int p) {
    return event_.participants[static_cast<std::size_t>(p)].number;
  };
  int next = 3;
  for (std::size_t i = 0; i < out.size();) {
    std::size_t j = i;
    while (j < out.size() && out[j].first == out[i].first) ++j;
    const int last_rank = next + static_cast<int>(j - i) - 1;
    std::vector<Placing> band;
    for (std::size_t k = i; k < j; ++k) {
      const Match& m = *out[k].second;
      band.push_back({m.sides[static_cast<std::size_t>(1 - m.winner)], next, last_rank, m.round});
    }
    std::sort(band.begin(), band.end(), [&](const Placing& x, const Placing& y) {
      return number(x.participant) < number(y.participant);
    });
    progress.placings.insert(progress.placings.end(), band.begin(), band.end());
    next = last_rank + 1;
    i = j;
  }
}

// Pairs `order` (players in pairing order) with at most `rematches` pairs that have met and
// at most `floats` losses between partners in all (the sum over the pairs of the difference of
// their losses, `losses` by player), by a depth-first search over each player's partner in
// order, taking steps from `budget`; false when none is found (or the budget runs out). The
// first pairing found is the one the order gives: each with the next player allowed.
bool pair_in_order(const std::vector<int>& order, const std::set<std::pair<int, int>>& met,
                   const std::vector<int>& losses, int rematches, int floats, long& budget,
                   std::vector<std::pair<int, int>>& pairs) {
  pairs.clear();
  std::vector<char> used(order.size(), 0);
  auto met_before = [&](int a, int b) { return met.count(std::minmax(a, b)) > 0; };
  auto apart = [&](int a, int b) {
    return std::abs(losses[static_cast<std::size_t>(a)] - losses[static_cast<std::size_t>(b)]);
  };
  std::function<bool(std::size_t, int, int)> search = [&](std::size_t from, int left,
                                                          int drift) -> bool {
    while (from < order.size() && used[from]) ++from;
    if (from == order.size()) return true;
    used[from] = 1;
    for (std::size_t j = from + 1; j < order.size(); ++j) {
      if (used[j] || --budget < 0) continue;
      const bool again = met_before(order[from], order[j]);
      const int gap = apart(order[from], order[j]);
      if ((again && left == 0) || gap > drift) continue;
      used[j] = 1;
      pairs.emplace_back(order[from], order[j]);
      if (search(from + 1, again ? left - 1 : left, drift - gap)) return true;
      pairs.pop_back();
      used[j] = 0;
    }
    used[from] = 0;
    return false;
  };
  return search(0, rematches, floats);
}

// The fewest losses between partners a pairing of `order` (fewest losses first, an even number)
// can have: where the players up to a change of losses are odd in number, one pair crosses it.
int fewest_floats(const std::vector<int>& order, const std::vector<int>& losses) {
  int floats = 0;
  for (std::size_t i = 0; i + 1 < order.size(); ++i) {
    const int here = losses[static_cast<std::size_t>(order[i])];
    const int next = losses[static_cast<std::size_t>(order[i + 1])];
    if (here != next && i % 2 == 0) floats += next - here;
  }
  return floats;
}

// A multi-loss round: `left` in pairing order (fewest losses first), an odd one out given the
// bye. The fewest rematches first (none while avoidable, competitions.md); among pairings with
// as few, the bye to the last player in the order who has not had one (then to those who have,
// fewest byes, last first); then as a Swiss pairs within score groups, the fewest losses
// between partners (a player floats to another loss group only where its own cannot pair it);
// then the pairs the order gives. A search that runs out of steps falls back to the bye so
// chosen and neighbours in order.
std::pair<int, std::vector<std::pair<int, int>>> pair_multi_loss_round(
    const std::vector<int>& left, const std::set<std::pair<int, int>>& met,
    const std::vector<int>& byes, const std::vector<int>& losses) {
  std::vector<int> candidates;  // who may have the bye, in preference order
  if (left.size() % 2 == 1) {
    candidates.assign(left.rbegin(), left.rend());
    std::stable_sort(candidates.begin(), candidates.end(), [&](int a, int b) {
      return byes[static_cast<std::size_t>(a)] < byes[static_cast<std::size_t>(b)];
    });
  } else {
    candidates.push_back(-1);
  }
  // The most losses between partners any pairing can have: every pair the whole range apart.
  int spread = 0;
  if (!left.empty()) {
    spread = losses[static_cast<std::size_t>(left.back())] -
             losses[static_cast<std::size_t>(left.front())];
  }
  const int most_floats = spread * static_cast<int>(left.size() / 2);
  // The searches that keep partners' losses close have a budget of their own: one that cannot
  // succeed (a rematch in the way) must not use up the steps of the search for the fewest
  // rematches, which then runs as it would without them.
  long budget = 2000000;
  long close_budget = 500000;
  std::vector<std::pair<int, int>> pairs;
  const int most = static_cast<int>(left.size() / 2);
  for (int rematches = 0; rematches <= most && budget > 0; ++rematches) {
    for (int bye : candidates) {
      std::vector<int> order;
      for (int p : left) {
        if (p != bye) order.push_back(p);
      }
      for (int floats = fewest_floats(order, losses); floats < most_floats && close_budget > 0;
           ++floats) {
        if (pair_in_order(order, met, losses, rematches, floats, close_budget, pairs))
          return {bye, pairs};
      }
      if (pair_in_order(order, met, losses, rematches, most_floats, budget, pairs))
        return {bye, pairs};
      if (budget <= 0) break;
    }
  }
  const int bye = candidates.front();
  pairs.clear();
  std::vector<int> order;
  for (int p : left) {
    if (p != bye) order.push_back(p);
  }
  for (std::size_t i = 0; i + 1 < order.size(); i += 2) pairs.emplace_back(order[i], order[i + 1]);
  return {bye, pairs};
}

Progress Follower::run_multi(Progress& progress) {
  const std::size_t n = event_.participants.size();
  std::vector<int> losses(n, 0);
  std::vector<int> byes(n, 0);
  std::vector<int> out_round(n, 0);
  std::vector<int> slot(n, 0);
  for (int s = 1; s <= progress.size; ++s) {
    const int p = progress.slots[static_cast<std::size_t>(s - 1)];
    if (p >= 0) slot[static_cast<std::size_t>(p)] = s;
  }
  std::set<std::pair<int, int>> met;
  std::vector<Match> matches;
  for (std::size_t k = 0; 2 * k < progress.slots.size(); ++k) {
    Match m;
    m.sides = {progress.slots[2 * k], progress.slots[2 * k + 1]};
    matches.push_back(m);
  }
  // Every round adds a loss to someone while two or more are left: (n − 1)·L + 1 rounds at most.
  const int max_rounds = static_cast<int>(n) * rules_.losses + 1;
  for (int r = 1; r <= max_rounds; ++r) {
    int board = 0;
    for (Match& m : matches) {
      m.round = r;
      m.board = r == 1 ? ++board : (m.bye() ? 0 : ++board);
      m.part_round = r;
      m.first = lot(rules_.seed, r, m.board, 0);
      evaluate(m);
      if (failed_) return progress;
    }
    check_rows_outside(progress, matches, r);
    if (failed_) return progress;
    progress.rounds.push_back(matches);
    if (!std::all_of(matches.begin(), matches.end(),
                     [](const Match& m) { return m.winner >= 0; })) {
      stop_at(progress, matches, r);
      return progress;
    }
    std::vector<int> left;
    for (const Match& m : matches) {
      if (m.bye()) {
        ++byes[static_cast<std::size_t>(m.sides[static_cast<std::size_t>(m.winner)])];
        continue;
      }
      met.insert(std::minmax(m.sides[0], m.sides[1]));
      const auto loser = static_cast<std::size_t>(m.sides[static_cast<std::size_t>(1 - m.winner)]);
      if (++losses[loser] == rules_.losses) out_round[loser] = r;
    }
    for (std::size_t p = 0; p < n; ++p) {
      if (losses[p] < rules_.losses) left.push_back(static_cast<int>(p));
    }
    if (left.size() <= 1) {
      if (event_.rounds > r) {
        error(0, fmt::format("the event is over after round {}, but the file has rows in round {}",
                             r, event_.rounds));
        return progress;
      }
      progress.finished = true;
      if (!left.empty()) progress.placings.push_back({left.front(), 1, 1, 0});
      std::vector<int> gone;
      for (std::size_t p = 0; p < n; ++p) {
        if (out_round[p] > 0) gone.push_back(static_cast<int>(p));
      }
      std::sort(gone.begin(), gone.end(), [&](int a, int b) {
        const auto x = static_cast<std::size_t>(a), y = static_cast<std::size_t>(b);
        return out_round[x] != out_round[y] ? out_round[x] > out_round[y] : slot[x] < slot[y];
      });
      int next = static_cast<int>(progress.placings.size()) + 1;
      for (std::size_t i = 0; i < gone.size();) {
        std::size_t j = i;
        const auto round_of = [&](std::size_t k) {
          return out_round[static_cast<std::size_t>(gone[k])];
        };
        while (j < gone.size() && round_of(j) == round_of(i)) ++j;
        for (std::size_t k = i; k < j; ++k)
          progress.placings.push_back(
              {gone[k], next, next + static_cast<int>(j - i) - 1, round_of(k)});
        next += static_cast<int>(j - i);
        i = j;
      }
      return progress;
    }
    // The next round: fewest losses first, then slot (pair_multi_loss_round: the bye, the pairs).
    std::sort(left.begin(), left.end(), [&](int a, int b) {
      const auto x = static_cast<std::size_t>(a), y = static_cast<std::size_t>(b);
      return losses[x] != losses[y] ? losses[x] < losses[y] : slot[x] < slot[y];
    });
    matches.clear();
    const auto [bye, pairs] = pair_multi_loss_round(left, met, byes, losses);
    for (auto [a, b] : pairs) {
      Match m;
      m.sides = {a, b};
      matches.push_back(m);
    }
    if (bye >= 0) {
      Match m;
      m.sides = {bye, -1};
      matches.push_back(m);
    }
  }
  error(0, "the multi-loss elimination does not end");  // cannot happen: see max_rounds
  return progress;
}

void Follower::check_rows_outside(const Progress& progress, const std::vector<Match>& matches,
                                  int round) {
  std::vector<char> in_round(event_.participants.size(), 0);
  for (const Match& m : matches)
    for (const int side : m.sides)
      if (side >= 0) in_round[static_cast<std::size_t>(side)] = 1;
  // Single elimination: the round a participant lost in (0: none before this one).
  const bool single = !rules_.double_elimination && rules_.losses == 0;
  const auto out_in = [&](int p) {
    for (const auto& earlier : progress.rounds)
      for (const Match& m : earlier)
        if (m.winner >= 0 && !m.bye() && m.sides[static_cast<std::size_t>(1 - m.winner)] == p)
          return m.round;
    return 0;
  };
  for (std::size_t p = 0; p < in_round.size(); ++p) {
    const RoundRecord* r = record(static_cast<int>(p), round);
    if (in_round[p] != 0 || r == nullptr || (r->opponent < 0 && !is_bye_kind(r->kind))) continue;
    const int me = static_cast<int>(p);
    if (r->opponent < 0) {
      error(r->line, fmt::format("round {}: a bye row for '{}', whom the bracket does not have "
                                 "in round {}",
                                 round, name(me), round));
      return;
    }
    // Neither is in the round (a row of one who is would have failed evaluate()).
    const int them = r->opponent;
    std::string message = fmt::format("round {}: '{}' v '{}' is no match of the bracket", round,
                                      name(me), name(them));
    if (single) {
      const int mine_lost = out_in(me), theirs_lost = out_in(them);
      if (!rules_.third_place && matches.size() == 1 && mine_lost == round - 1 &&
          theirs_lost == round - 1) {
        message = fmt::format(
            "round {}: '{}' v '{}' is a match for third place, which the "
            "bracket has only with --third-place",
            round, name(me), name(them));
      } else {
        message += fmt::format(": both are out ('{}' lost in round {}, '{}' in round {})", name(me),
                               mine_lost, name(them), theirs_lost);
      }
    } else {
      message += fmt::format(" in round {}", round);
    }
    error(r->line, message);
    return;
  }
}

Progress Follower::run() {
  Progress progress;
  if (!place_slots(progress)) return progress;
  progress.double_elimination = rules_.double_elimination;
  progress.losses = rules_.losses;
  if (rules_.double_elimination) return run_double(progress);
  if (rules_.losses > 0) return run_multi(progress);
  const int rounds = bracket_rounds(progress.size);
  std::vector<int> current = progress.slots;
  for (int r = 1; r <= rounds; ++r) {
    std::vector<Match> matches;
    for (std::size_t k = 0; 2 * k < current.size(); ++k) {
      Match m;
      m.round = r;
      m.board = static_cast<int>(k) + 1;
      m.sides = {current[2 * k], current[2 * k + 1]};
      m.first = lot(rules_.seed, r, m.board, 0);
      matches.push_back(m);
    }
    if (r == rounds && rounds >= 2 && has_third_place_match(progress.rounds.back())) {
      Match m;
      m.round = r;
      m.board = 2;
      m.third_place = true;
      for (std::size_t k = 0; k < 2; ++k) {
        const Match& semi = progress.rounds.back()[k];
        m.sides[k] = semi.sides[static_cast<std::size_t>(1 - semi.winner)];
      }
      m.first = lot(rules_.seed, r, m.board, 0);
      matches.push_back(m);
    }
    for (Match& m : matches) {
      evaluate(m);
      if (failed_) return progress;
    }
    check_rows_outside(progress, matches, r);
    if (failed_) return progress;
    progress.rounds.push_back(matches);
    const bool all_decided =
        std::all_of(matches.begin(), matches.end(), [](const Match& m) { return m.winner >= 0; });
    if (all_decided) {
      current.clear();
      for (const Match& m : matches) {
        if (!m.third_place) current.push_back(m.sides[static_cast<std::size_t>(m.winner)]);
      }
      continue;
    }
    stop_at(progress, matches, r);
    return progress;
  }
  if (event_.rounds > rounds) {
    error(0, fmt::format("the bracket has {} rounds, but the file has rows in round {}", rounds,
                         event_.rounds));
    return progress;
  }
  progress.finished = true;
  placings(progress);
  return progress;
}

}  // namespace

std::vector<std::vector<int>> drop_in_order(int size) {
  std::vector<std::vector<int>> order;
  const int rounds = bracket_rounds(size);
  for (int j = 1; j <= rounds - 1; ++j) {
    const int m = size >> (j + 1);
    std::vector<int> round;
    for (int k = 0; k < m; ++k) round.push_back(j % 2 == 1 ? m - 1 - k : (k + m / 2) % m);
    order.push_back(std::move(round));
  }
  return order;
}

Expected<std::vector<std::size_t>> seeding_order(const PlayerList& players, int seeds) {
  const std::size_t n = players.size();
  std::vector<std::size_t> order;
  std::vector<char> seeded(n, 0);
  if (const auto column = players.extra_column("seed")) {
    const std::size_t c = *column;
    std::vector<std::size_t> by_rank(n, n);
    for (std::size_t i = 0; i < n; ++i) {
      const Player& player = players.players[i];
      const std::string& text = player.extra[c];
      if (text.empty()) continue;
      const auto rank = parse_integer(text);
      if (!rank || *rank < 1 || *rank > static_cast<std::int64_t>(n) ||
          by_rank[static_cast<std::size_t>(*rank - 1)] != n) {
        return Problem{
            .reason = fmt::format("'{}' has seed '{}': seeds are ranks 1 to {}, each once",
                                  player.name, excerpt(text, 20), n),
            .where = players.location(player, "seed"),
            .token = std::string(text)};
      }
      by_rank[static_cast<std::size_t>(*rank - 1)] = i;
    }
    for (std::size_t r = 0; r < n && by_rank[r] != n; ++r) order.push_back(by_rank[r]);
    if (static_cast<int>(order.size()) < seeds) {
      return Problem{.reason = fmt::format("the seed column ranks {} players 1..{} without a gap, "
                                           "but {} seeds are asked for",
                                           order.size(), order.size(), seeds),
                     .where = {players.source, 1, 0},
                     .token = "seed"};
    }
    order.resize(static_cast<std::size_t>(seeds));
  } else if (seeds > 0) {
    std::vector<std::size_t> rated;
    for (std::size_t i = 0; i < n; ++i) {
      if (players.players[i].rating) rated.push_back(i);
    }
    std::stable_sort(rated.begin(), rated.end(), [&](std::size_t x, std::size_t y) {
      return *players.players[x].rating > *players.players[y].rating;
    });
    if (static_cast<int>(rated.size()) < seeds) {
      return Problem{.reason = fmt::format(
                         "{} seeds, but only {} players have a rating (or give a seed column)",
                         seeds, rated.size()),
                     .where = {players.source, 1, 0},
                     .token = "rating"};
    }
    order.assign(rated.begin(), rated.begin() + seeds);
  }
  for (std::size_t i : order) seeded[i] = 1;
  for (std::size_t i = 0; i < n; ++i) {
    if (!seeded[i]) order.push_back(i);
  }
  return order;
}

Expected<PlayerDraw> draw_players(const PlayerList& players, const DrawOptions& options,
                                  int max_entrants) {
  const int n = static_cast<int>(players.size());
  if (n < 2 || n > max_entrants) {
    Problem problem;
    problem.where = {players.source, 0, 0};
    problem.token = std::to_string(n);
    problem.reason =
        fmt::format("{} needs 2 to {} entrants, not {}",
                    max_entrants == kMaxDoubleEntrants && kMaxDoubleEntrants < kMaxEntrants
                        ? "double elimination"
                        : "a knock-out",
                    max_entrants, n);
    return problem;
  }
  int seeds = 0;
  for (int count : options.seed_classes) seeds += count;
  auto bracket = draw_bracket(n, options);
  if (!bracket) return bracket.problem();  // the classes: no location
  auto order = seeding_order(players, seeds);
  if (!order) return order.problem();
  return PlayerDraw{std::move(*bracket), std::move(*order)};
}

namespace {

// Board k of the first round: the bracket's slots 2k-1 and 2k, the first mover by lot.
Match first_round_match(const Bracket& bracket, int k, const MatchRules& rules) {
  Match m;
  m.round = 1;
  m.board = k;
  m.sides = {bracket.slots[static_cast<std::size_t>(2 * k - 2)],
             bracket.slots[static_cast<std::size_t>(2 * k - 1)]};
  m.first = lot(rules.seed, 1, k, 0);
  return m;
}

}  // namespace

std::vector<GameRow> first_round(const Bracket& bracket, const MatchRules& rules) {
  std::vector<GameRow> rows;
  std::vector<GameRow> byes;
  for (int k = 1; 2 * k <= bracket.size; ++k) {
    const Match m = first_round_match(bracket, k, rules);
    if (m.bye()) {
      byes.push_back({1, 0, 1, m.sides[m.sides[0] < 0 ? 1 : 0], -1});
      continue;
    }
    for (int g = 1; g <= rules.games; ++g) rows.push_back(game_row(m, g, rules));
  }
  rows.insert(rows.end(), byes.begin(), byes.end());
  return rows;
}

Progress start(const Bracket& bracket, const MatchRules& rules) {
  Progress progress;
  progress.size = bracket.size;
  progress.slots = bracket.slots;
  std::vector<Match> round;
  for (int k = 1; 2 * k <= bracket.size; ++k) {
    Match m = first_round_match(bracket, k, rules);
    m.part_round = 1;
    if (m.bye()) m.winner = m.sides[0] < 0 ? 1 : 0;
    round.push_back(m);
  }
  progress.rounds.push_back(std::move(round));
  progress.to_write = first_round(bracket, rules);
  progress.round_to_write = 1;
  progress.double_elimination = rules.double_elimination;
  progress.losses = rules.losses;
  return progress;
}

Expected<std::vector<int>> parse_seed_classes(std::string_view text) {
  std::vector<int> classes;
  if (text.empty()) return classes;
  for (std::string_view part : split(text, ',')) {
    const auto count = parse_integer(part);
    if (!count || *count < 0 || *count > kMaxEntrants || classes.size() >= 16) {
      Problem problem;
      problem.token = std::string(text);
      problem.reason = fmt::format(
          "--seeds takes the seeds of each class, first class first, "
          "as whole numbers (2,2), not '{}'",
          excerpt(text, 40));
      return problem;
    }
    classes.push_back(static_cast<int>(*count));
  }
  return classes;
}

Progress follow(const Event& event, const MatchRules& rules, Diagnostics& diagnostics,
                PendingGames pending) {
  // Rows without game numbers are one game a match: an event begun so (the default before two
  // games became it) and followed with two or more games would go on with a game 2 of every
  // match played, unsaid.
  if (rules.games > 1 && event.format != EventFormat::multi_game && event.rounds > 0) {
    diagnostics.warning({event.file, 0, 0},
                        fmt::format("the results have no game column, so each match so far is "
                                    "one game, but --games is {}: give --games 1 if the event "
                                    "plays one game a match",
                                    rules.games));
  }
  return Follower(event, rules, diagnostics, pending).run();
}

}  // namespace boardgames::knockout
