#include "boardgames/go/score.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace boardgames::go {

namespace {

std::string decimal(Eighths value, Eighths unit) {
  // value / unit with up to three decimals, trailing zeros dropped.
  const bool negative = value < 0;
  Eighths v = negative ? -value : value;
  const Eighths whole = v / unit;
  Eighths rest = v % unit;
  std::string out = (negative ? "-" : "") + std::to_string(whole);
  if (rest != 0) {
    std::string digits;
    for (int i = 0; i < 3 && rest != 0; ++i) {
      rest *= 10;
      digits += static_cast<char>('0' + rest / unit);
      rest %= unit;
    }
    out += "." + digits;
  }
  return out;
}

}  // namespace

std::optional<Eighths> komi_from_stones(double stones) {
  // Checked before scaling: NaN and infinities fail the comparison, and nothing beyond the
  // limit reaches the conversion to an integer.
  if (!(std::fabs(stones) <= static_cast<double>(kMaxKomi) / kStone)) return std::nullopt;
  const double eighths = stones * kStone;
  // Exact for every multiple of 1/8 in range; anything else would be rounded.
  if (eighths != std::nearbyint(eighths)) return std::nullopt;
  return static_cast<Eighths>(eighths);
}

std::optional<Eighths> komi_from_points(double points) {
  // A point of margin is half a stone of count: komi in points is komi in stones × 2.
  if (!(std::fabs(points) <= static_cast<double>(kMaxKomi) * 2 / kStone)) return std::nullopt;
  return komi_from_stones(points / 2);
}

Expected<Eighths> komi_option(const std::string& option, double value, bool in_points) {
  if (const auto komi = in_points ? komi_from_points(value) : komi_from_stones(value)) return *komi;
  Problem problem;
  problem.reason =
      in_points
          ? fmt::format("{} {}: a komi is a whole number of quarter points, at most {} either way",
                        option, value, kMaxKomi * 2 / kStone)
          : fmt::format(
                "{} {}: a komi is a whole number of eighths of a stone, at most {} either "
                "way",
                option, value, kMaxKomi / kStone);
  return problem;
}

std::string eighths_text(Eighths value) { return decimal(value, kStone); }

std::string stones_text(Eighths value) {
  const Eighths whole = value / kStone;
  const Eighths eighths = value % kStone;
  std::string fraction;
  switch (eighths) {
    case 0:
      break;
    case 2:
      fraction = "1/4";
      break;
    case 4:
      fraction = "1/2";
      break;
    case 6:
      fraction = "3/4";
      break;
    default:
      fraction = fmt::format("{}/8", eighths);
  }
  if (whole == 0) return fraction + " stone";
  if (fraction.empty()) return fmt::format("{} stone{}", whole, whole == 1 ? "" : "s");
  return fmt::format("{} {} stones", whole, fraction);
}

Stone Score::winner() const {
  if (lost_by_warnings) {
    return *lost_by_warnings == Stone::empty ? Stone::empty : opponent(*lost_by_warnings);
  }
  if (margin > 0) return Stone::black;
  if (margin < 0) return Stone::white;
  return Stone::empty;
}

std::string Score::sgf_result() const {
  const Stone w = winner();
  if (lost_by_warnings) return w == Stone::black ? "B+F" : w == Stone::white ? "W+F" : "--";
  if (w == Stone::empty) return "0";
  // A margin of x eighths of a stone is x quarters of a point.
  return fmt::format("{}+{}", w == Stone::black ? 'B' : 'W',
                     decimal(margin < 0 ? -margin : margin, 4));
}

std::string Score::text() const {
  std::string out = fmt::format("Black {}, White {}: ", eighths_text(black), eighths_text(white));
  if (lost_by_warnings == Stone::empty) return out + "both lose by two warnings (--)";
  if (lost_by_warnings) {
    return out + fmt::format("{} loses by two warnings ({})", stone_name(*lost_by_warnings),
                             sgf_result());
  }
  const Stone w = winner();
  if (w == Stone::empty) return out + "a draw (0)";
  return out + fmt::format("{} wins by {} ({})", stone_name(w),
                           stones_text(margin < 0 ? -margin : margin), sgf_result());
}

Score count_area(const Board& board, const std::vector<Point>& dead,
                 const ScoreSettings& settings) {
  if (settings.komi < -kMaxKomi || settings.komi > kMaxKomi) {
    throw std::invalid_argument(fmt::format("komi of {} stones: at most {} either way",
                                            eighths_text(settings.komi), kMaxKomi / kStone));
  }
  for (int warnings : {settings.black_warnings, settings.white_warnings}) {
    if (warnings < 0 || warnings > kMaxWarnings) {
      throw std::invalid_argument(
          fmt::format("{} warnings: 0 to {} are possible", warnings, kMaxWarnings));
    }
  }
  Score score;
  score.dead = dead;
  std::vector<Stone> stones(
      board.all_points().empty() ? 0 : static_cast<std::size_t>(board.stride() * board.stride()),
      Stone::wall);
  for (Point p : board.all_points()) stones[p] = board.at(p);
  for (Point p : dead) {
    if (board.on_board(p)) stones[p] = Stone::empty;
  }
  score.owner.assign(stones.size(), Owner::none);
  Eighths black = 0;
  Eighths white = 0;
  std::vector<bool> seen(stones.size(), false);
  score.board_points =
      static_cast<std::size_t>(board.size()) * static_cast<std::size_t>(board.size());
  std::vector<Point> region;
  for (Point p : board.all_points()) {
    if (stones[p] == Stone::black) {
      black += kStone;
      score.owner[p] = Owner::black;
      continue;
    }
    if (stones[p] == Stone::white) {
      white += kStone;
      score.owner[p] = Owner::white;
      continue;
    }
    if (seen[p]) continue;
    // An empty region: which colours does it reach?
    region.clear();
    region.push_back(p);
    seen[p] = true;
    bool reaches_black = false;
    bool reaches_white = false;
    for (std::size_t i = 0; i < region.size(); ++i) {
      for (Point n : board.neighbours(region[i])) {
        const Stone s = stones[n];
        if (s == Stone::black) reaches_black = true;
        if (s == Stone::white) reaches_white = true;
        if (s == Stone::empty && !seen[n]) {
          seen[n] = true;
          region.push_back(n);
        }
      }
    }
    const Owner owner = reaches_black && reaches_white ? Owner::shared
                        : reaches_black                ? Owner::black
                        : reaches_white                ? Owner::white
                                                       : Owner::shared;  // an empty board
    if (owner != Owner::shared && region.size() > score.largest_territory.size()) {
      score.largest_territory = region;
      std::sort(score.largest_territory.begin(), score.largest_territory.end());
    }
    if (owner == Owner::shared && region.size() > score.largest_shared_region.size()) {
      score.largest_shared_region = region;
      std::sort(score.largest_shared_region.begin(), score.largest_shared_region.end());
    }
    for (Point q : region) {
      score.owner[q] = owner;
      if (owner == Owner::black) black += kStone;
      if (owner == Owner::white) white += kStone;
      if (owner == Owner::shared) {
        black += kStone / 2;
        white += kStone / 2;
        ++score.shared_points;
      }
    }
  }
  // One stone off per warning; two in one game lose it.
  black -= settings.black_warnings * kStone;
  white -= settings.white_warnings * kStone;
  if (settings.black_warnings >= 2 && settings.white_warnings >= 2)
    score.lost_by_warnings = Stone::empty;
  else if (settings.black_warnings >= 2)
    score.lost_by_warnings = Stone::black;
  else if (settings.white_warnings >= 2)
    score.lost_by_warnings = Stone::white;
  score.black = black;
  score.white = white;
  score.komi = settings.komi;
  score.par = static_cast<Eighths>(board.all_points().size()) * kStone / 2;
  // Counted from Black's side as arbiters count: Black's warnings come off Black's count,
  // White's are a stone more for Black.
  score.margin = black + settings.white_warnings * kStone - score.par - settings.komi;
  return score;
}

}  // namespace boardgames::go
