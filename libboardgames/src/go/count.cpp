#include "boardgames/go/count.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames::go {

namespace {

// A margin in points as RE writes it after "B+" ("1.5", "353.5"): exact quarter points, no ×100
// reading (that is for KM).
std::optional<Eighths> points_margin(std::string_view text) {
  double value = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (problem != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return komi_from_points(value);
}

// Why a territory too large to be one makes the game unfinished.
std::string territory_reason(const Replay& r, const Score& score) {
  return fmt::format(
      "a territory of {} empty points ({} ...) is more than {}% of the board: the other side "
      "has not played there",
      score.largest_territory.size(), r.board.name(score.largest_territory.front()),
      Score::kMaxTerritoryPercent);
}

}  // namespace

Expected<DeadStonesChoice> parse_dead_stones(std::string_view text, std::string_view what) {
  DeadStonesChoice choice;
  if (text == "none") choice.dead = DeadStones::none;
  if (text == "auto") choice.dead = DeadStones::settled;
  if (text.empty() || text == "none" || text == "auto") return choice;
  const Board largest(Board::kMaxSize);
  for (std::string_view part : split(text, ',')) {
    part = trim(part);
    if (part.empty()) continue;
    if (!largest.parse(part) && !largest.parse_sgf(part)) {
      Problem problem;
      problem.reason = fmt::format("{}: '{}' is not a point (D4 or dd style, boards up to {}×{})",
                                   what, excerpt(part, 20), Board::kMaxSize, Board::kMaxSize);
      problem.token = std::string(part);
      return problem;
    }
    choice.points.emplace_back(part);
  }
  if (!choice.points.empty()) choice.dead = DeadStones::given;
  return choice;
}

Eighths komi_for(const Replay& replay, std::optional<Eighths> given) {
  return given ? *given : replay.komi ? *replay.komi : kDefaultKomi;
}

std::string_view dead_source_name(DeadSource source) {
  switch (source) {
    case DeadSource::given:
      return "given";
    case DeadSource::marked:
      return "marked";
    case DeadSource::automatic:
      return "automatic";
  }
  return {};
}

std::optional<Problem> result_disagreement(std::string_view recorded, const Score& score) {
  recorded = trim(recorded);
  if (recorded.empty()) return std::nullopt;
  const std::string ours = score.sgf_result();
  const Problem why{
      fmt::format("the record says {}, the count says {}", excerpt(recorded, 20), ours),
      {},
      std::string(recorded),
      0};
  const char winner = ours == "0" ? '0' : ours[0];
  const char theirs =
      (recorded == "0" || iequals_ascii(recorded, "draw") || iequals_ascii(recorded, "jigo"))
          ? '0'
          : static_cast<char>(recorded[0] & ~0x20);
  // RE[?] (unknown) and RE[Void] (no result) name no winner: nothing to disagree with. Any
  // other RE this cannot read still disagrees: the count does not confirm it.
  if (recorded == "?" || iequals_ascii(recorded, "void")) return std::nullopt;
  if (winner != theirs) return why;
  if (recorded.size() > 2 && (recorded[2] >= '0' && recorded[2] <= '9')) {
    auto margin = points_margin(recorded.substr(2));
    const Eighths ours_margin = score.margin < 0 ? -score.margin : score.margin;
    if (margin && *margin != ours_margin) return why;
  }
  return std::nullopt;
}

GameCount count_game(const Replay& r, const CountOptions& options, Diagnostics& findings) {
  GameCount out;
  if (!r.komi && !trim(r.komi_text).empty() && !options.komi) {
    findings.warning({"", r.komi_where.line, r.komi_where.column},
                     fmt::format("KM[{}] is not a komi: {} points assumed",
                                 excerpt(r.komi_text, 20), eighths_text(kDefaultKomi * 2)));
  }
  bool in_stones = false;
  if (r.komi && !options.komi && parse_komi_points(r.komi_text, &in_stones) && in_stones) {
    findings.note({"", r.komi_where.line, r.komi_where.column},
                  fmt::format("KM[{}] read as Chinese stones ×100, as Fox writes it: {} points",
                              excerpt(r.komi_text, 20), eighths_text(*r.komi * 2)));
  }
  ScoreSettings settings;
  settings.komi = komi_for(r, options.komi);
  settings.black_warnings = options.black_warnings;
  settings.white_warnings = options.white_warnings;
  std::vector<Point> dead;
  if (options.dead == DeadStones::given || options.dead == DeadStones::none) {
    for (const std::string& text : options.dead_points) {
      auto p = r.board.parse(text);
      if (!p) p = r.board.parse_sgf(text);
      if (!p) {
        findings.error({}, fmt::format("--dead: '{}' is not a point of this {}×{} board",
                                       excerpt(text, 20), r.size, r.size));
        continue;
      }
      if (r.board.at(*p) != Stone::black && r.board.at(*p) != Stone::white) {
        findings.warning({}, fmt::format("--dead: {} holds no stone", excerpt(text, 20)));
        continue;
      }
      for (Point q : r.board.chain_stones(*p)) dead.push_back(q);
    }
    out.dead_source = DeadSource::given;
  } else if (r.has_marks && options.dead != DeadStones::settled) {
    // A chain lives or dies whole: one marked in part is a slip of the record's, said so; the
    // marks are counted as they are (which stones were meant is not for the count to guess).
    dead = r.marked_dead;
    std::sort(dead.begin(), dead.end());
    std::vector<std::string> partly;
    std::vector<Point> judged;  // the stones of the chains looked at
    for (Point p : dead) {
      if (std::find(judged.begin(), judged.end(), p) != judged.end()) continue;
      const std::vector<Point> chain = r.board.chain_stones(p);
      judged.insert(judged.end(), chain.begin(), chain.end());
      const bool whole = std::all_of(chain.begin(), chain.end(), [&](Point q) {
        return std::binary_search(dead.begin(), dead.end(), q);
      });
      if (!whole) partly.push_back(r.board.name(p));
    }
    if (!partly.empty()) {
      findings.warning(
          {}, fmt::format("the record marks part of a chain dead (a chain lives or dies whole); "
                          "only the marked stones are counted dead (give --dead to decide): {}",
                          join(partly, " ")));
    }
    out.dead_source = DeadSource::marked;
  } else {
    out.settlement = settle(r.board, r.to_move, options.settle);
    dead = out.settlement.dead;
    out.dead_source = DeadSource::automatic;
    std::vector<std::string> counted_dead;
    std::vector<std::string> counted_alive;
    for (Point p : out.settlement.uncertain) {
      const bool is_dead = std::binary_search(dead.begin(), dead.end(), p);
      (is_dead ? counted_dead : counted_alive).push_back(r.board.name(p));
    }
    if (!counted_dead.empty()) {
      findings.warning(
          {},
          fmt::format("uncertain stones, counted as dead: cut off in the other side's area (give "
                      "--dead to decide): {}",
                      join(counted_dead, " ")));
    }
    if (!counted_alive.empty()) {
      findings.warning({},
                       fmt::format("uncertain stones, counted as alive (give --dead to decide): {}",
                                   join(counted_alive, " ")));
    }
  }
  std::sort(dead.begin(), dead.end());
  dead.erase(std::unique(dead.begin(), dead.end()), dead.end());
  out.score = count_area(r.board, dead, settings);
  if (out.score.open_border()) {
    findings.warning(
        {},
        fmt::format("the game looks unfinished: a region of {} empty points ({} ...) reaches both "
                    "colours and is counted as shared",
                    out.score.largest_shared_region.size(),
                    r.board.name(out.score.largest_shared_region.front())));
  }
  if (out.score.territory_too_large()) {
    findings.warning({},
                     fmt::format("the game looks unfinished: {}", territory_reason(r, out.score)));
  }
  if (options.check_result) {
    if (auto why = result_disagreement(r.result, out.score)) findings.error({}, why->reason);
  }
  out.status = game_status(r, &out.score);
  if (out.status == GameStatus::unfinished && !out.score.open_border()) {
    out.reason = territory_reason(r, out.score);
  } else if (out.status == GameStatus::unfinished) {
    out.reason = fmt::format("a border left open: {} empty points ({} ...) reach both colours",
                             out.score.largest_shared_region.size(),
                             r.board.name(out.score.largest_shared_region.front()));
  }
  return out;
}

}  // namespace boardgames::go
