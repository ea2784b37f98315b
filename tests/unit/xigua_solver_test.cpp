// The Xigua retrograde solver: the board's symmetries, the position index, and the solved values
// against an exhaustive search and under the symmetries, on games with fewer stones.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

#include "boardgames/core/random.h"
#include "boardgames/xigua/engine.h"
#include "boardgames/xigua/solver.h"
#include "test_support.h"

namespace xg = boardgames::xigua;

namespace {

int stones(xg::PointSet set) { return __builtin_popcount(set); }

// A random set of `count` points outside `taken`.
xg::PointSet random_set(boardgames::Random& random, int count, xg::PointSet taken) {
  xg::PointSet set = 0;
  while (stones(set) < count) {
    const auto p = static_cast<xg::Point>(random.below(xg::kPoints));
    if (!((set | taken) & xg::bit(p))) set |= xg::bit(p);
  }
  return set;
}

bool all_groups_have_liberties(xg::PointSet a, xg::PointSet b) {
  const xg::PointSet empty = xg::kAllPoints & ~(a | b);
  for (xg::PointSet side : {a, b}) {
    for (xg::PointSet s = side; s; s &= s - 1) {
      const xg::PointSet group = xg::group_of(static_cast<xg::Point>(__builtin_ctz(s)), side);
      if (!(xg::neighbours(group) & empty)) return false;
    }
  }
  return true;
}

// Every set of min..max points.
std::vector<xg::PointSet> sets_of(int min_stones, int max_stones) {
  std::vector<xg::PointSet> sets{0};
  for (int k = 0; k < max_stones; ++k) {
    std::vector<xg::PointSet> grown;
    for (xg::PointSet s : sets) {
      if (stones(s) != k) continue;
      const int top = s ? 32 - __builtin_clz(s) : 0;
      for (int p = top; p < xg::kPoints; ++p)
        grown.push_back(s | xg::bit(static_cast<xg::Point>(p)));
    }
    sets.insert(sets.end(), grown.begin(), grown.end());
  }
  std::erase_if(sets, [&](xg::PointSet s) { return stones(s) < min_stones; });
  return sets;
}

// Exhaustive search over every position of a small game (no symmetry): values by horizon, each
// round from the previous round's values, until nothing changes; moves and captures by
// xigua::Position (the referee's rules), the end by the stone count. Positions are kept in an
// array by the unreduced index (a bijection: the index tests).
std::map<std::pair<xg::PointSet, xg::PointSet>, xg::Value> exhaustive(int max_stones,
                                                                      int min_stones) {
  xg::SolveRules rules;
  rules.max_stones = max_stones;
  rules.min_stones = min_stones;
  rules.use_symmetry = false;
  const xg::PositionIndex index(rules);
  const auto sets = sets_of(min_stones, max_stones);
  std::vector<std::pair<xg::PointSet, xg::PointSet>> positions;
  for (xg::PointSet a : sets) {
    for (xg::PointSet b : sets) {
      if (!(a & b) && all_groups_have_liberties(a, b)) positions.emplace_back(a, b);
    }
  }
  // Each position's successors once (by the referee's moves and captures): an immediate win,
  // or the successors' indexes.
  constexpr std::uint32_t kWinNow = ~std::uint32_t{0};
  std::vector<std::size_t> first{0};
  std::vector<std::uint32_t> successors;
  for (const auto& [mover, other] : positions) {
    const xg::Position p = xg::Position::from_sets(mover, other, xg::Side::black);
    std::vector<xg::Move> moves{xg::Move::pass()};
    for (xg::PointSet s = mover; s; s &= s - 1) {
      const auto from = static_cast<xg::Point>(__builtin_ctz(s));
      for (xg::PointSet t = xg::neighbours(from) & p.empty_points(); t; t &= t - 1)
        moves.emplace_back(from, static_cast<xg::Point>(__builtin_ctz(t)));
    }
    for (xg::Move m : moves) {
      const xg::Position q = p.after(m);
      const xg::PointSet them = q.stones(xg::Side::white);
      successors.push_back(stones(them) < min_stones ? kWinNow
                                                     : static_cast<std::uint32_t>(index.index(
                                                           them, q.stones(xg::Side::black))));
    }
    first.push_back(successors.size());
  }
  std::vector<std::optional<xg::Value>> known(index.size());
  for (bool changed = true; changed;) {
    changed = false;
    auto next = known;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const auto g = index.index(positions[i].first, positions[i].second);
      if (known[g]) continue;
      int best_win = 0;
      int worst_loss = 0;
      bool all_lose = true;
      for (std::size_t k = first[i]; k < first[i + 1]; ++k) {
        if (successors[k] == kWinNow) {
          best_win = 1;
          all_lose = false;
          continue;
        }
        const auto& value = known[successors[k]];
        if (!value || value->outcome == xg::Outcome::draw) {
          all_lose = false;
        } else if (value->outcome == xg::Outcome::loss) {
          all_lose = false;
          if (!best_win || value->distance + 1 < best_win) best_win = value->distance + 1;
        } else {
          worst_loss = std::max(worst_loss, value->distance + 1);
        }
      }
      if (best_win) {
        next[g] = xg::Value{xg::Outcome::win, best_win};
        changed = true;
      } else if (all_lose) {
        next[g] = xg::Value{xg::Outcome::loss, worst_loss};
        changed = true;
      }
    }
    known = std::move(next);
  }
  std::map<std::pair<xg::PointSet, xg::PointSet>, xg::Value> values;
  for (const auto& position : positions)
    values[position] = known[index.index(position.first, position.second)].value_or(xg::Value{});
  return values;
}

}  // namespace

TEST_SUITE("xigua-solver") {
  TEST_CASE("xigua symmetries: the board graph has 8 automorphisms, each maps edges onto edges") {
    const auto group = xg::board_automorphisms();
    REQUIRE(group.size() == 8);
    std::set<xg::Permutation> distinct(group.begin(), group.end());
    CHECK(distinct.size() == 8);
    for (int p = 0; p < xg::kPoints; ++p) CHECK(group[0][static_cast<std::size_t>(p)] == p);
    for (const auto& g : group) {
      CHECK(xg::permute(g, xg::kAllPoints) == xg::kAllPoints);  // a bijection
      int edges = 0;
      for (xg::Point a = 0; a < xg::kPoints; ++a) {
        for (xg::Point b = 0; b < xg::kPoints; ++b) {
          const bool edge = xg::neighbours(a) & xg::bit(b);
          edges += edge;
          CHECK(edge == ((xg::neighbours(g[a]) & xg::bit(g[b])) != 0));
        }
      }
      CHECK(edges == 72);
    }
    // The start position is mirror-symmetric (N-S axis), so one non-identity element keeps it.
    const xg::Position start = xg::Position::start();
    int keep = 0;
    for (const auto& g : group)
      keep += xg::permute(g, start.stones(xg::Side::black)) == start.stones(xg::Side::black) &&
              xg::permute(g, start.stones(xg::Side::white)) == start.stones(xg::Side::white);
    CHECK(keep == 2);
  }

  TEST_CASE("xigua index: symmetric positions share an index, distinct classes never do") {
    xg::SolveRules rules;
    rules.max_stones = 3;
    rules.min_stones = 3;
    const xg::PositionIndex index(rules);
    const auto group = xg::board_automorphisms();
    // Every 3+3 position: its index equals its images', and the classes (smallest image of the
    // pair over the group, computed here directly) map one to one onto the canonical indexes.
    std::unordered_map<std::uint64_t, std::uint64_t> class_of_index;
    std::uint64_t classes = 0;
    bool consistent = true;
    const auto triples = sets_of(3, 3);
    for (xg::PointSet a : triples) {
      for (xg::PointSet b : triples) {
        if (a & b) continue;
        std::uint64_t smallest = ~std::uint64_t{0};
        for (const auto& g : group) {
          const std::uint64_t key = (std::uint64_t{xg::permute(g, a)} << 21) | xg::permute(g, b);
          smallest = std::min(smallest, key);
          consistent &= index.index(xg::permute(g, a), xg::permute(g, b)) == index.index(a, b);
        }
        const std::uint64_t i = index.index(a, b);
        consistent &= i < index.size();
        auto [it, inserted] = class_of_index.emplace(i, smallest);
        classes += inserted;
        consistent &= it->second == smallest;
        // The index's canonical position is in the class.
        // Copied out of the binding: clang before 16 cannot capture a structured binding.
        const auto [ra_bound, rb_bound] = index.position(i);
        const auto ra = ra_bound;
        const auto rb = rb_bound;
        consistent &= ((std::uint64_t{ra} << 21 | rb) == smallest) || [&] {
          for (const auto& g : group) {
            if (xg::permute(g, a) == ra && xg::permute(g, b) == rb) return true;
          }
          return false;
        }();
      }
    }
    CHECK(consistent);
    // 1330 × 816 positions in about an eighth as many classes.
    CHECK(classes > 1330 * 816 / 8);
    CHECK(classes < 1330 * 816 / 8 + 2000);
    std::uint64_t canonical = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) canonical += index.canonical(i);
    CHECK(canonical == classes);
  }

  TEST_CASE("xigua index: rank then unrank gives the canonical position back, real counts") {
    const xg::PositionIndex index;
    // The whole game's index: about 10^9 positions / 8.
    CHECK(index.size() > 125'000'000);
    CHECK(index.size() < 135'000'000);  // with the indexes no canonical position takes
    boardgames::Random random(20);
    for (int i = 0; i < 20000; ++i) {
      const int a = 3 + static_cast<int>(random.below(4));
      const int b = 3 + static_cast<int>(random.below(4));
      const xg::PointSet mover = random_set(random, a, 0);
      const xg::PointSet other = random_set(random, b, mover);
      const std::uint64_t g = index.index(mover, other);
      REQUIRE(g >= index.slice_begin(a, b));
      REQUIRE(g < index.slice_begin(a, b) + index.slice_size(a, b));
      const auto [m, o] = index.position(g);
      REQUIRE(index.index(m, o) == g);
      REQUIRE(stones(m) == a);
      REQUIRE(stones(o) == b);
    }
  }

  TEST_CASE(
      "xigua solver: every 3+3 position (the first capture wins) as an exhaustive search "
      "values it") {
    xg::SolveRules rules;
    rules.max_stones = 3;
    rules.min_stones = 3;
    const auto table = xg::Tablebase::solve(rules, 2);
    const auto expected = exhaustive(3, 3);
    int mismatches = 0;
    int decided = 0;
    for (const auto& [position, value] : expected) {
      const auto got = table.value(position.first, position.second);
      REQUIRE(got.has_value());
      mismatches += !(*got == value);
      decided += value.outcome != xg::Outcome::draw;
    }
    CHECK(mismatches == 0);
    CHECK(decided > 100);  // the test compares wins and losses, not only draws
  }

  TEST_CASE("xigua solver: values identical under the 8 symmetries and with no symmetry used") {
    xg::SolveRules rules;
    rules.max_stones = 3;
    rules.min_stones = 2;
    const auto reduced = xg::Tablebase::solve(rules, 2);
    rules.use_symmetry = false;
    const auto full = xg::Tablebase::solve(rules, 1);
    CHECK(full.index().symmetries() == 1);
    const auto group = xg::board_automorphisms();
    int mismatches = 0;
    int wins = 0;
    int losses = 0;
    for (std::uint64_t i = 0; i < full.index().size(); ++i) {
      if (full.bytes()[i] == xg::Tablebase::kUnused) continue;
      const auto [a, b] = full.index().position(i);
      const auto value = full.value(a, b);
      REQUIRE(value.has_value());
      wins += value->outcome == xg::Outcome::win;
      losses += value->outcome == xg::Outcome::loss;
      for (const auto& g : group) {
        mismatches += !(full.value(xg::permute(g, a), xg::permute(g, b)) == value);
      }
      mismatches += !(reduced.value(a, b) == value);
    }
    CHECK(mismatches == 0);
    CHECK(wins > 1000);
    CHECK(losses > 100);
  }

  TEST_CASE(
      "xigua table moves: a winning move the same-stone rule forbids is marked, and the "
      "best allowed move is taken instead") {
    xg::SolveRules rules;
    rules.max_stones = 3;
    rules.min_stones = 3;
    const auto table = xg::Tablebase::solve(rules, 2);
    boardgames::Random random(7);
    int tried = 0;
    for (int attempt = 0; attempt < 200000 && tried < 20; ++attempt) {
      const xg::PointSet black = random_set(random, 3, 0);
      const xg::PointSet white = random_set(random, 3, black);
      if (!all_groups_have_liberties(black, white)) continue;
      const auto start = xg::Position::from_sets(black, white, xg::Side::black);
      const auto values = xg::move_values(table, start);
      REQUIRE_FALSE(values.empty());
      const xg::MoveValue best = values.front();
      if (best.move.is_pass() || best.value.outcome != xg::Outcome::win) continue;
      // The winning stone steps to an empty neighbour and back twice, White passing: its fifth
      // move in a row is the winning one, with the same stones on the same points.
      const xg::Point home = best.move.from();
      const xg::PointSet away =
          xg::neighbours(home) & start.empty_points() & ~xg::bit(best.move.to());
      if (!away) continue;
      const auto step = static_cast<xg::Point>(__builtin_ctz(away));
      xg::Position p = start;
      for (int i = 0; i < 2; ++i) {
        p = p.after(xg::Move(home, step)).after(xg::Move::pass());
        p = p.after(xg::Move(step, home)).after(xg::Move::pass());
      }
      if (p.stones(xg::Side::black) != black || p.stones(xg::Side::white) != white) continue;
      ++tried;
      REQUIRE(p.counter(xg::Side::black).count == 4);
      const auto now = xg::move_values(table, p);
      CHECK(now.front().move == best.move);
      CHECK(now.front().illegal);
      const auto allowed = xg::best_legal_move(now);
      REQUIRE(allowed.has_value());
      CHECK(allowed->move.from() != home);
      CHECK_FALSE(allowed->illegal);
      CHECK(p.check_move(allowed->move) == std::nullopt);
      // Every move of that stone is marked, no other.
      for (const auto& v : now) CHECK(v.illegal == (!v.move.is_pass() && v.move.from() == home));
    }
    CHECK(tried == 20);
  }

  TEST_CASE("xigua table file: written and read back, damage and truncation refused") {
    xg::SolveRules rules;
    rules.max_stones = 3;
    rules.min_stones = 2;
    const auto table = xg::Tablebase::solve(rules, 1);
    const std::string file = table.serialise();
    auto back = xg::Tablebase::parse(file);
    REQUIRE(back.has_value());
    CHECK(back->bytes() == table.bytes());
    std::string damaged = file;
    damaged[damaged.size() / 2] = static_cast<char>(damaged[damaged.size() / 2] ^ 1);
    REQUIRE_FALSE(xg::Tablebase::parse(damaged).has_value());
    CHECK(xg::Tablebase::parse(damaged).problem().reason.find("checksum") != std::string::npos);
    REQUIRE_FALSE(xg::Tablebase::parse(file.substr(0, file.size() - 1)).has_value());
    REQUIRE_FALSE(xg::Tablebase::parse("XIGUATB\n").has_value());
    REQUIRE_FALSE(xg::Tablebase::parse("hello").has_value());
  }
}

// The whole game's table is made by `xigua-play solve -o FILE` (minutes) and never committed:
// this case reads the one BOARDGAMES_XIGUA_TABLE names, and is skipped, saying so, without it.
TEST_CASE("xigua full table: the engine's search agrees on random positions" *
          doctest::test_suite("xigua-solver")) {
  const char* path = std::getenv("BOARDGAMES_XIGUA_TABLE");
  if (!path || !std::filesystem::exists(path)) {
    std::fprintf(stderr,
                 "SKIPPED: no whole-game table (set BOARDGAMES_XIGUA_TABLE to the file "
                 "xigua-play solve wrote)\n");
    std::exit(77);
  }
  auto table = xg::Tablebase::parse(test::read_file(path));
  REQUIRE(table.has_value());
  REQUIRE(table->index().rules().max_stones == 6);
  boardgames::Random random(2026);
  constexpr int kDepth = 7;  // within 7 plies no stone can move five times in a row
  int decided = 0;
  for (int i = 0; i < 300; ++i) {
    xg::PointSet black = 0;
    xg::PointSet white = 0;
    do {
      black = random_set(random, 3 + static_cast<int>(random.below(4)), 0);
      white = random_set(random, 3 + static_cast<int>(random.below(4)), black);
    } while (!all_groups_have_liberties(black, white));
    const auto position = xg::Position::from_sets(black, white, xg::Side::black);
    const xg::Value value = table->value(position).value();
    xg::Engine engine(1 << 16);
    xg::SearchLimits limits;
    limits.depth = kDepth;
    const xg::SearchInfo info = engine.search(position, limits);
    CAPTURE(xg::value_text(value));
    CAPTURE(info.score);
    if (info.score >= xg::kWinScore - 64) {
      ++decided;
      CHECK(value == xg::Value{xg::Outcome::win, xg::kWinScore - info.score});
    } else if (info.score <= -(xg::kWinScore - 64)) {
      ++decided;
      CHECK(value == xg::Value{xg::Outcome::loss, xg::kWinScore + info.score});
    } else {
      CHECK((value.outcome == xg::Outcome::draw || value.distance > kDepth));
    }
  }
  CHECK(decided > 10);
}
