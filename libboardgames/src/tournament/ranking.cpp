#include "boardgames/tournament/ranking.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <span>

#include <fmt/format.h>

#include "boardgames/core/random.h"

namespace boardgames {

const std::vector<SystemPreset>& system_presets() {
  // Every order below is the rule book's, article by article; score (or match points) comes
  // first in all of them and is not listed.
  static const std::vector<SystemPreset> presets = {
      {"shatar-rr", Game::shatar, EventFormat::individual, true, "SB,WIN,DE,WARN", "",
       "Shatar rules ch. 2 §6 1.2(1) A-E: points, SB, wins, direct encounter, fewer violations"},
      {"shatar-rr-multi", Game::shatar, EventFormat::multi_game, true, "SB,GP,WARN", "",
       "Shatar rules ch. 2 §6 1.2(2) A-D: match points, SB on match points, game points, fewer "
       "violations"},
      {"shatar-swiss", Game::shatar, EventFormat::individual, false, "BH,WARN", "",
       "Shatar rules ch. 2 §6 1.2(3): points, opponents' scores (Buchholz), fewer violations"},
      {"shatar-team-rr", Game::shatar, EventFormat::team, true, "GP,WARN", "BP,GP,WARN",
       "Shatar rules ch. 2 §6 2.2 one-game (1) and two-game (1): match points, (board points,) "
       "game points, fewer team violations"},
      {"shatar-team-swiss", Game::shatar, EventFormat::team, false, "BH,GP,WARN", "BH,BP,GP,WARN",
       "Shatar rules ch. 2 §6 2.2 one-game (2) and two-game (2): match points, team Buchholz, "
       "(board points,) game points, fewer team violations"},
      {"go-rr", Game::go, EventFormat::individual, true, "SB,WARN", "",
       "Go rules art. 27 1.① A-B: points, SB, fewer warnings"},
      // The rule book allows either method; tournaments.md makes method A the preset.
      {"go-swiss", Game::go, EventFormat::individual, false, "TS,WARN", "",
       "Go rules art. 27 1.② method A: total score, fewer warnings"},
      {"go-swiss-buchholz", Game::go, EventFormat::individual, false, "BH,WARN", "",
       "Go rules art. 27 1.② method B: points, opponents' scores (Buchholz), fewer warnings"},
      // Method A's own name from when go-swiss was method B, kept for the scripts that use it.
      {"go-swiss-total", Game::go, EventFormat::individual, false, "TS,WARN", "",
       "Go rules art. 27 1.② method A: total score, fewer warnings (as go-swiss)"},
      {"go-team-rr", Game::go, EventFormat::team, true, "GP,BB", "GP,BB",
       "Go rules art. 27 2.1: match points, game points, board 1's game points, board 2's, ..."},
      {"go-team-swiss", Game::go, EventFormat::team, false, "TS,GP,BB", "TS,GP,BB",
       "Go rules art. 27 2.2: total score on match points, then as the team round robin"},
      {"xigua-rr", Game::xigua, EventFormat::individual, true, "SB,WARN", "",
       "Xigua rules art. 24 1.1-4: points, SB, fewer warnings"},
      {"xigua-swiss", Game::xigua, EventFormat::individual, false, "TS,WARN", "",
       "Xigua rules art. 24 1 (Swiss): total score, fewer warnings"},
  };
  return presets;
}

const SystemPreset* find_preset(std::string_view name) {
  for (const SystemPreset& preset : system_presets()) {
    if (preset.name == name) return &preset;
  }
  return nullptr;
}

Expected<const SystemPreset*> choose_preset(std::string_view name, std::string_view what) {
  if (name.empty()) return static_cast<const SystemPreset*>(nullptr);
  if (const SystemPreset* preset = find_preset(name)) return preset;
  Problem problem;
  problem.reason =
      fmt::format("unknown {} '{}'; the systems are: {}", what, name, preset_names(", "));
  problem.token = std::string(name);
  return problem;
}

const SystemPreset& default_preset(Game game, EventFormat format, bool round_robin) {
  std::string_view family = game == Game::go || game == Game::xigua ? "go" : "shatar";
  if (game == Game::xigua && format != EventFormat::team) family = "xigua";
  std::string name(family);
  if (format == EventFormat::team) {
    name += round_robin ? "-team-rr" : "-team-swiss";
  } else if (format == EventFormat::multi_game && family == "shatar") {
    name += "-rr-multi";
  } else {
    name += round_robin ? "-rr" : "-swiss";
  }
  return *find_preset(name);
}

std::string_view preset_order(const SystemPreset& preset, const Event& event) {
  // Board points exist in every team match (a board won is one), but rank only where a board
  // plays two games: with one game a board they repeat the game points.
  const bool two_game = event.format == EventFormat::team && event.two_game_matches;
  return two_game && !preset.two_game_order.empty() ? preset.two_game_order : preset.order;
}

namespace {

// Whether a round is an encounter for direct encounter: a game or match played; forfeits are
// not encounters in a Swiss (C.07 6.1.1) unless DE/P says so, and are games in a round robin
// (15.2).
bool counts_as_encounter(const Event& event, const RoundRecord& record, bool forfeits_played) {
  return record.kind == RoundKind::played ||
         ((event.round_robin || forfeits_played) &&
          (record.kind == RoundKind::forfeit_win || record.kind == RoundKind::forfeit_loss));
}

}  // namespace

MiniTable direct_encounter_table(const Event& event, const std::vector<int>& group,
                                 bool forfeits_played, bool game_points) {
  MiniTable table;
  const std::size_t n = group.size();
  table.points.assign(n, Fraction(0));
  table.max_possible.assign(n, Fraction(0));
  // The members by participant number, and each member's meetings with the others as (member,
  // points): a member's games, not the whole group, are walked, so that a tied group of
  // thousands in a large Swiss costs its games, not the square of its size.
  std::vector<std::pair<int, std::size_t>> index(n);
  for (std::size_t i = 0; i < n; ++i) index[i] = {group[i], i};
  std::sort(index.begin(), index.end());
  // A pair that has not met may still score a win: a match won, or every board won.
  Fraction win = Fraction::of(event.win_points());
  if (game_points) {
    std::int64_t boards = 1;
    for (const Participant& p : event.participants)
      boards = std::max(boards, static_cast<std::int64_t>(p.board_game_points.size()));
    win = Fraction::of(boards * event.points.win);
  }
  std::vector<std::pair<std::size_t, Points>> met;
  for (std::size_t i = 0; i < n; ++i) {
    met.clear();
    for (const RoundRecord& record :
         event.participants[static_cast<std::size_t>(group[i])].rounds) {
      if (record.opponent < 0) continue;
      const auto it = std::lower_bound(index.begin(), index.end(),
                                       std::pair<int, std::size_t>{record.opponent, 0});
      if (it == index.end() || it->first != record.opponent) continue;
      if (!counts_as_encounter(event, record, forfeits_played)) continue;
      met.emplace_back(it->second, game_points ? record.game_points : record.points);
    }
    std::sort(met.begin(), met.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    // Points against each other member, repeated meetings averaged.
    Fraction total;
    std::size_t opponents = 0;
    for (std::size_t k = 0; k < met.size();) {
      Points points;
      int games = 0;
      const std::size_t j = met[k].first;
      for (; k < met.size() && met[k].first == j; ++k, ++games) points += met[k].second;
      total += Fraction::of(points) / Fraction(games);
      ++opponents;
    }
    const auto unmet = static_cast<std::int64_t>(n - 1 - opponents);
    if (unmet > 0) table.complete = false;
    table.points[i] = total;
    table.max_possible[i] = total + win * Fraction(unmet);
  }
  return table;
}

namespace {

using Group = std::vector<int>;

// Splits a tied group by direct encounter; the DE values shown are those of the mini-table in
// which each participant was last compared.
void split_by_direct_encounter(const Event& event, Group group, std::vector<Group>& out,
                               std::map<int, Fraction>& shown, bool forfeits_played,
                               bool game_points = false) {
  if (group.size() < 2) {
    out.push_back(group);
    return;
  }
  MiniTable table = direct_encounter_table(event, group, forfeits_played, game_points);
  for (std::size_t i = 0; i < group.size(); ++i) shown[group[i]] = table.points[i];
  if (table.complete) {
    std::vector<std::size_t> order(group.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return table.points[a] > table.points[b];
    });
    std::size_t start = 0;
    while (start < order.size()) {
      std::size_t end = start + 1;
      while (end < order.size() && table.points[order[end]] == table.points[order[start]]) ++end;
      Group sub;
      for (std::size_t k = start; k < end; ++k) sub.push_back(group[order[k]]);
      if (sub.size() == group.size()) {
        out.push_back(sub);  // the mini-table does not separate them
      } else {
        split_by_direct_encounter(event, sub, out, shown, forfeits_played,
                                  game_points);  // C.07 6.2: reapply to the subgroup
      }
      start = end;
    }
    return;
  }
  // C.07 6.3: when not everyone has met, a participant ranks first only if no missing result
  // could catch them.
  for (std::size_t i = 0; i < group.size(); ++i) {
    bool alone = true;
    for (std::size_t j = 0; j < group.size() && alone; ++j) {
      if (j != i && !(table.points[i] > table.max_possible[j])) alone = false;
    }
    if (alone) {
      out.push_back({group[i]});
      Group rest;
      for (std::size_t j = 0; j < group.size(); ++j) {
        if (j != i) rest.push_back(group[j]);
      }
      split_by_direct_encounter(event, rest, out, shown, forfeits_played, game_points);
      return;
    }
  }
  out.push_back(group);
}

// EDE (C.07 13.3.1): direct encounter on match points, then on game points among those still
// tied, in turn, until neither separates anyone further.
void split_by_extended_encounter(const Event& event, const Group& group, std::vector<Group>& out,
                                 std::map<int, Fraction>& shown, bool forfeits_played) {
  std::vector<Group> current{group};
  bool game_points = false;
  for (int unchanged = 0; unchanged < 2; game_points = !game_points) {
    std::vector<Group> next;
    bool changed = false;
    for (Group& part : current) {
      if (part.size() < 2) {
        next.push_back(std::move(part));
        continue;
      }
      const std::size_t before = next.size();
      split_by_direct_encounter(event, part, next, shown, forfeits_played, game_points);
      changed = changed || next.size() > before + 1;
    }
    current = std::move(next);
    unchanged = changed ? 0 : unchanged + 1;
  }
  for (Group& part : current) out.push_back(std::move(part));
}

// The game points team `a` scored against team `b`, each board's points times its weight
// (weights[board - 1]), averaged over their meetings (C.07 6.1.2); nothing when they have not
// met.
std::optional<Fraction> weighted_encounter(const Event& event, int a, int b, bool forfeits_played,
                                           const std::vector<std::int64_t>& weights) {
  const Participant& team = event.participants[static_cast<std::size_t>(a)];
  Fraction total;
  int meetings = 0;
  for (std::size_t r = 0; r < team.rounds.size(); ++r) {
    const RoundRecord& record = team.rounds[r];
    if (record.opponent != b || !counts_as_encounter(event, record, forfeits_played)) continue;
    ++meetings;
    if (r >= team.match_board_points.size()) continue;
    const std::vector<Points>& boards = team.match_board_points[r];
    for (std::size_t k = 0; k < boards.size() && k < weights.size(); ++k) {
      total += Fraction::of(boards[k]) * Fraction(weights[k]);
    }
  }
  if (meetings == 0) return std::nullopt;
  return total / Fraction(meetings);
}

// EDE's variants (C.07 13.3.2): two teams still tied after EDE are compared by the tie-breaks
// of a team knock-out (Art. 12) on the match(es) they played against each other, in the
// variant's order: board count (Σ board × game points on it; lower ranks higher), top-board
// result (board 1's game points, then board 2's, ...), bottom-board elimination (the game
// points without the bottom board, then without the two bottom boards, ...). Nothing decides
// between two teams that have not met.
void finish_two_teams(const Event& event, Group pair, EdeFinish finish, bool forfeits_played,
                      std::vector<Group>& out) {
  std::size_t boards = 1;
  for (const Participant& p : event.participants)
    boards = std::max(boards, p.board_game_points.size());
  struct Step {
    std::vector<std::int64_t> weights;
    bool lower_first = false;
  };
  std::vector<Step> steps;
  if (finish == EdeFinish::count || finish == EdeFinish::count_top ||
      finish == EdeFinish::count_bottom) {
    Step count{std::vector<std::int64_t>(boards), true};
    std::iota(count.weights.begin(), count.weights.end(), std::int64_t{1});
    steps.push_back(std::move(count));
  }
  if (finish == EdeFinish::top || finish == EdeFinish::count_top) {
    for (std::size_t k = 0; k < boards; ++k) {
      Step top{std::vector<std::int64_t>(boards, 0), false};
      top.weights[k] = 1;
      steps.push_back(std::move(top));
    }
  }
  if (finish == EdeFinish::bottom || finish == EdeFinish::count_bottom) {
    for (std::size_t cut = 1; cut < boards; ++cut) {
      Step bottom{std::vector<std::int64_t>(boards, 0), false};
      std::fill(bottom.weights.begin(), bottom.weights.end() - static_cast<std::ptrdiff_t>(cut), 1);
      steps.push_back(std::move(bottom));
    }
  }
  for (const Step& step : steps) {
    const auto first = weighted_encounter(event, pair[0], pair[1], forfeits_played, step.weights);
    const auto second = weighted_encounter(event, pair[1], pair[0], forfeits_played, step.weights);
    if (!first || !second) break;  // never met
    if (*first == *second) continue;
    if ((*first < *second) != step.lower_first) std::swap(pair[0], pair[1]);
    out.push_back({pair[0]});
    out.push_back({pair[1]});
    return;
  }
  out.push_back(std::move(pair));
}

}  // namespace

Standings rank_event(const Event& event, const RankingOptions& options) {
  Standings standings;
  int boards = 0;
  for (const Participant& p : event.participants) {
    boards = std::max(boards, static_cast<int>(p.board_game_points.size()));
  }
  for (const Tiebreak& tiebreak : options.order) {
    if (tiebreak.kind == TiebreakKind::board && tiebreak.board == 0) {
      for (int b = 1; b <= boards; ++b) standings.columns.push_back({TiebreakKind::board, 0, 0, b});
    } else if (tiebreak.kind == TiebreakKind::bottom_board && tiebreak.board == 0) {
      // BBE: without the bottom board, then without the two bottom boards, ...
      for (int b = 1; b < boards; ++b)
        standings.columns.push_back({TiebreakKind::bottom_board, 0, 0, b});
    } else {
      standings.columns.push_back(tiebreak);
    }
  }
  const std::size_t columns = standings.columns.size();
  TiebreakCalculator calculator(event, options.settings);

  Group everyone;
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    if (!event.participants[i].removed) everyone.push_back(static_cast<int>(i));
  }
  // values[participant][column]
  std::vector<std::vector<std::optional<Fraction>>> values(
      event.participants.size(), std::vector<std::optional<Fraction>>(columns));
  for (int p : everyone) {
    for (std::size_t c = 0; c < columns; ++c) {
      if (standings.columns[c].kind != TiebreakKind::direct_encounter) {
        values[static_cast<std::size_t>(p)][c] = calculator.value(standings.columns[c], p);
      }
    }
  }
  // Score first, pairing number keeps the listing stable within ties.
  std::stable_sort(everyone.begin(), everyone.end(), [&](int a, int b) {
    const auto& pa = event.participants[static_cast<std::size_t>(a)];
    const auto& pb = event.participants[static_cast<std::size_t>(b)];
    if (pa.score != pb.score) return pa.score > pb.score;
    return pa.number < pb.number;
  });
  std::vector<Group> groups;
  // A knock-out's placings (from knockout's placings file): its bands, as knockout wrote them;
  // the tie-breaks are shown, not applied.
  const bool placings =
      !everyone.empty() && std::all_of(everyone.begin(), everyone.end(), [&](int p) {
        return event.participants[static_cast<std::size_t>(p)].placing > 0;
      });
  if (placings) {
    const auto placing = [&](int p) {
      return event.participants[static_cast<std::size_t>(p)].placing;
    };
    std::stable_sort(everyone.begin(), everyone.end(),
                     [&](int a, int b) { return placing(a) < placing(b); });
    for (int p : everyone) {
      const auto& participant = event.participants[static_cast<std::size_t>(p)];
      standings.rows.push_back({p, participant.placing, participant.placing_last,
                                std::move(values[static_cast<std::size_t>(p)])});
    }
    return standings;
  }
  // The Go/Xigua total score already contains the score and replaces it as the first
  // criterion (Go rules art. 27: "比較總得分"): players on different scores may be reordered.
  const bool total_score_first =
      !standings.columns.empty() && standings.columns.front().kind == TiebreakKind::total_score;
  if (total_score_first) {
    std::sort(everyone.begin(), everyone.end(), [&](int a, int b) {
      return event.participants[static_cast<std::size_t>(a)].number <
             event.participants[static_cast<std::size_t>(b)].number;
    });
    groups.push_back(everyone);
    everyone.clear();
  }
  for (std::size_t i = 0; i < everyone.size();) {
    std::size_t j = i + 1;
    const Points score = event.participants[static_cast<std::size_t>(everyone[i])].score;
    while (j < everyone.size() &&
           event.participants[static_cast<std::size_t>(everyone[j])].score == score)
      ++j;
    groups.emplace_back(everyone.begin() + static_cast<std::ptrdiff_t>(i),
                        everyone.begin() + static_cast<std::ptrdiff_t>(j));
    i = j;
  }
  for (std::size_t c = 0; c < columns; ++c) {
    const Tiebreak& tiebreak = standings.columns[c];
    std::vector<Group> next;
    for (Group& group : groups) {
      if (group.size() < 2) {
        next.push_back(std::move(group));
        continue;
      }
      if (tiebreak.kind == TiebreakKind::direct_encounter) {
        std::map<int, Fraction> shown;
        if (tiebreak.extended) {
          std::vector<Group> parts;
          split_by_extended_encounter(event, group, parts, shown, tiebreak.forfeits_played);
          for (Group& part : parts) {
            if (part.size() == 2 && tiebreak.finish != EdeFinish::none) {
              finish_two_teams(event, std::move(part), tiebreak.finish, tiebreak.forfeits_played,
                               next);
            } else {
              next.push_back(std::move(part));
            }
          }
        } else {
          split_by_direct_encounter(event, group, next, shown, tiebreak.forfeits_played);
        }
        for (auto [p, value] : shown) values[static_cast<std::size_t>(p)][c] = value;
        continue;
      }
      // An undefined value (nothing) ranks below every defined one; two undefined are tied.
      auto key = [&](int p) -> const std::optional<Fraction>& {
        return values[static_cast<std::size_t>(p)][c];
      };
      std::stable_sort(group.begin(), group.end(), [&](int a, int b) {
        if (!key(a) || !key(b)) return key(a).has_value() && !key(b).has_value();
        return tiebreak.lower_is_better() ? *key(a) < *key(b) : *key(a) > *key(b);
      });
      std::size_t start = 0;
      while (start < group.size()) {
        std::size_t end = start + 1;
        while (end < group.size() && key(group[end]) == key(group[start])) ++end;
        next.emplace_back(group.begin() + static_cast<std::ptrdiff_t>(start),
                          group.begin() + static_cast<std::ptrdiff_t>(end));
        start = end;
      }
    }
    groups = std::move(next);
  }
  Random random(options.seed);
  int rank = 1;
  for (Group& group : groups) {
    if (options.lots && group.size() > 1) {
      // The lot shuffles the group from an order that depends only on who is in it (ids are
      // unique), never on the order of the rows, which numbers the players of a results file
      // read without a players file.
      std::sort(group.begin(), group.end(), [&](int a, int b) {
        return event.participants[static_cast<std::size_t>(a)].id <
               event.participants[static_cast<std::size_t>(b)].id;
      });
      random.shuffle(std::span<int>(group));
      for (int p : group) {
        standings.rows.push_back({p, rank, rank, std::move(values[static_cast<std::size_t>(p)])});
        ++rank;
      }
      continue;
    }
    const int last = rank + static_cast<int>(group.size()) - 1;
    for (int p : group) {
      standings.rows.push_back({p, rank, last, std::move(values[static_cast<std::size_t>(p)])});
    }
    rank = last + 1;
  }
  return standings;
}

std::string preset_names(std::string_view separator) {
  std::string names;
  for (const SystemPreset& preset : system_presets()) {
    if (!names.empty()) names += separator;
    names += preset.name;
  }
  return names;
}

std::optional<Problem> check_tiebreak_order(const Event& event,
                                            const std::vector<Tiebreak>& order) {
  for (const Tiebreak& tiebreak : order) {
    // C.07 12-13: the team tie-breaks compare match points with game points and boards.
    if (event.format == EventFormat::team || !tiebreak.team_only()) continue;
    Problem problem;
    problem.token = tiebreak.code();
    problem.reason = fmt::format(
        "{} is a team tie-break (FIDE C.07 12-13) and this is not a team event", problem.token);
    return problem;
  }
  if (!event.round_robin) return std::nullopt;
  for (const Tiebreak& tiebreak : order) {
    if (!tiebreak.buchholz_type()) continue;
    Problem problem;
    problem.token = tiebreak.code();
    problem.reason = fmt::format(
        "{} must not be used in a round robin (FIDE C.07, note to "
        "Art. 8); choose another tie-break, or --swiss if this "
        "event is not a round robin",
        problem.token);
    return problem;
  }
  return std::nullopt;
}

}  // namespace boardgames
