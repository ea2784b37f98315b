#include "boardgames/tournament/event.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <utility>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

#include "tournament/event_builder.h"

namespace boardgames {

PointSystem default_point_system(Game game, bool round_robin) {
  PointSystem points;
  if (game == Game::go || game == Game::xigua) {
    set_game_points(points, Points::whole(2), Points::whole(1), Points::whole(0), round_robin);
  } else {
    set_game_points(points, Points::whole(1), Points::from_halves(1), Points::whole(0),
                    round_robin);
  }
  return points;
}

void set_game_points(PointSystem& points, Points win, Points draw, Points loss, bool round_robin) {
  points.win = win;
  points.draw = draw;
  points.loss = loss;
  points.forfeit_win = win;
  points.forfeit_loss = loss;
  points.pairing_bye = round_robin ? Points() : win;
  points.full_bye = win;
  points.half_bye = draw;
  points.zero_bye = Points();
}

std::string_view round_kind_name(RoundKind kind) {
  switch (kind) {
    case RoundKind::none:
      return "no game";
    case RoundKind::played:
      return "played";
    case RoundKind::forfeit_win:
      return "forfeit win";
    case RoundKind::forfeit_loss:
      return "forfeit loss";
    case RoundKind::pairing_bye:
      return "pairing-allocated bye";
    case RoundKind::full_bye:
      return "full-point bye";
    case RoundKind::half_bye:
      return "half-point bye";
    case RoundKind::zero_bye:
      return "zero-point bye";
    case RoundKind::absent:
      return "absent (zero-point bye)";
  }
  return "?";
}

Points PointSystem::of(const RoundRecord& record) const {
  switch (record.kind) {
    case RoundKind::played:
      return record.outcome == Outcome::win ? win : record.outcome == Outcome::draw ? draw : loss;
    case RoundKind::forfeit_win:
      return forfeit_win;
    case RoundKind::forfeit_loss:
      return forfeit_loss;
    case RoundKind::pairing_bye:
      return pairing_bye;
    case RoundKind::full_bye:
      return full_bye;
    case RoundKind::half_bye:
      return half_bye;
    case RoundKind::zero_bye:
    case RoundKind::absent:
    case RoundKind::none:
      return zero_bye;
  }
  return zero_bye;
}

int Event::rounds_played() const {
  std::size_t most = 0;
  for (const Participant& p : participants) most = std::max(most, p.rounds.size());
  return static_cast<int>(most);
}

Points Event::points_scored(int participant) const {
  Points total;
  for (const RoundRecord& r : participants[static_cast<std::size_t>(participant)].rounds)
    total += points.of(r);
  return total;
}

Points Event::win_points() const {
  return format == EventFormat::individual ? points.win : points.match_win;
}

Points Event::draw_points() const {
  return format == EventFormat::individual ? points.draw : points.match_draw;
}

int credible_rounds(std::size_t participants, std::size_t filled_rounds) {
  if (participants == 0) return 16;
  // Twice the average, rounded up, plus 16; computed in 64 bits and capped before narrowing.
  const std::uint64_t twice_average =
      (2 * static_cast<std::uint64_t>(filled_rounds) + participants - 1) / participants;
  return static_cast<int>(std::min<std::uint64_t>(twice_average + 16, kMaxRound));
}

namespace {

// The `place` of a knockout placings file ("3" or "5-8") as participant.placing..placing_last;
// nothing for a file without `place` and `round_out` or a value that is not a place.
void placing_of(const PlayerList& players, std::size_t index, Participant& participant) {
  constexpr std::int64_t kMaxPlacing = 1'000'000;
  const auto place = players.extra_column("place");
  if (!place || !players.extra_column("round_out")) return;
  const std::string& text = players.players[index].extra[*place];
  const auto dash = text.find('-');
  const auto first = parse_integer(std::string_view(text).substr(0, dash));
  const auto last =
      dash == std::string::npos ? first : parse_integer(std::string_view(text).substr(dash + 1));
  if (!first || !last || *first < 1 || *last < *first || *last > kMaxPlacing) return;
  participant.placing = static_cast<int>(*first);
  participant.placing_last = static_cast<int>(*last);
}

std::uint64_t slot_key(int player, int round) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(player)) << 32) |
         static_cast<std::uint32_t>(round);
}

// Where a key starts its probe (the product's top bits) and the check bits its entry keeps
// (bits 16-47, never 0: 0 marks an empty entry), so that a probe rarely reads a slot that is
// not the one sought.
struct SlotHash {
  std::size_t start;
  std::uint32_t check;
};
SlotHash slot_hash(std::uint64_t key, int bits) {
  const std::uint64_t h = key * 0x9E3779B97F4A7C15ULL;
  return {static_cast<std::size_t>(h >> (64 - bits)), static_cast<std::uint32_t>(h >> 16) | 1U};
}

// "round 3", "rounds 3–5".
std::string rounds_text(int first, int last) {
  return first == last ? fmt::format("round {}", first) : fmt::format("rounds {}–{}", first, last);
}

// Calls `run(first, last)` for each run of consecutive rounds in 1..rounds where `missing(r)`.
template <typename Missing, typename Run>
void for_each_run(int rounds, Missing missing, Run run) {
  for (int r = 1; r <= rounds;) {
    if (!missing(r)) {
      ++r;
      continue;
    }
    int last = r;
    while (last < rounds && missing(last + 1)) ++last;
    run(r, last);
    r = last + 1;
  }
}

// Diagnostics that could repeat once per row or pair: the first few are reported, then one
// line counts the rest.
constexpr int kListed = 10;

}  // namespace

EventBuilder::EventBuilder(const PlayerList& players, EventOptions options,
                           Diagnostics& diagnostics)
    : players_(players), options_(std::move(options)), diagnostics_(diagnostics) {
  static_assert(sizeof(Slot) <= 32, "two million slots for a million rows");
  entries_.reserve(players.size());
  for (const Player& player : players.players) {
    PlayerEntry entry;
    entry.id = player.id;
    entry.name = player.name;
    entry.rating = player.rating;
    entry.team = player.team;
    entry.file_number = player.number;
    std::string withdrawn = to_lower_ascii(trim(player.withdrawn));
    entry.withdrawn = !withdrawn.empty() && withdrawn != "no" && withdrawn != "0" &&
                      withdrawn != "false" && withdrawn != "n";
    entry.line = player.line;
    entries_.push_back(std::move(entry));
  }
  // knockout's placings as the players file: an elimination, whose players stop having rows.
  if (players.extra_column("place") && players.extra_column("round_out"))
    options_.elimination = true;
}

EventBuilder::~EventBuilder() = default;

int EventBuilder::resolve(const std::string& token, const ResultRow& row, Colour side,
                          const std::string& file) {
  const std::uint32_t column = side == Colour::white ? row.white_column : row.black_column;
  if (players_.size() > 0) {
    auto found = players_.find(token);
    if (found.match == PlayerList::Match::found) return static_cast<int>(found.index);
    const auto& left_out = players_.left_out;
    const auto out = std::find_if(left_out.begin(), left_out.end(),
                                  [&](const auto& entry) { return entry.first == token; });
    if (found.match == PlayerList::Match::unknown && out != left_out.end()) {
      diagnostics_.error({file, row.line, column},
                         fmt::format("'{}' is left out of the players file (its line {} has an "
                                     "error): this row is left out too",
                                     excerpt(token), out->second));
      return -1;
    }
    diagnostics_.error(
        {file, row.line, column},
        found.match == PlayerList::Match::ambiguous
            ? fmt::format("'{}' is the name of several players: name them by id", excerpt(token))
            : fmt::format("unknown player '{}' (not an id or name in the players "
                          "file)",
                          excerpt(token)));
    return -1;
  }
  const auto index = static_cast<std::int32_t>(entries_.size());
  if (auto [found, inserted] = discovered_.insert(token, index); !inserted) return found;
  PlayerEntry entry;
  entry.id = token;
  entry.name = token;
  entries_.push_back(std::move(entry));
  return index;
}

std::size_t EventBuilder::dense_budget() const {
  return 4 * filled_ + 32 * entries_.size() + (std::size_t{1} << 20);
}

int EventBuilder::dense_column(int round) {
  if (round == last_round_) return last_column_;
  auto [it, inserted] = column_of_round_.emplace(round, static_cast<int>(round_of_column_.size()));
  if (inserted) round_of_column_.push_back(round);
  last_round_ = round;
  last_column_ = it->second;
  return it->second;
}

inline EventBuilder::Slot* EventBuilder::slot(int player, int round) {
  // The common case: a row of the same round as the last, in a grid that holds every player
  // known (so that the slot of a row's second player never moves the first's).
  if (mode_ == Mode::dense && round == last_round_ &&
      static_cast<std::size_t>(last_column_) < stride_ &&
      grid_.size() == entries_.size() * stride_) {
    Slot& s =
        grid_[static_cast<std::size_t>(player) * stride_ + static_cast<std::size_t>(last_column_)];
    s.round = round;
    return &s;
  }
  return slot_slow(player, round);
}

EventBuilder::Slot* EventBuilder::slot_slow(int player, int round) {
  if (mode_ == Mode::dense) {
    const int column = dense_column(round);
    std::size_t stride = stride_;
    if (static_cast<std::size_t>(column) >= stride) {
      stride =
          std::max<std::size_t>({static_cast<std::size_t>(column) + 1, stride + stride / 2, 8});
    }
    const std::size_t needed = entries_.size() * stride;
    if (needed > grid_.size()) {
      if (needed > dense_budget()) {
        // A grid of every player by every round would be mostly empty: from here on only the
        // slots that have rows are kept.
        to_sparse();
        return slot_slow(player, round);
      }
      if (stride != stride_) {
        // More rounds than the layout holds: lay the grid out again with room to spare.
        std::vector<Slot> wider(needed);
        const std::size_t laid_out = stride_ == 0 ? 0 : grid_.size() / stride_;
        for (std::size_t p = 0; p < laid_out; ++p) {
          std::copy_n(grid_.begin() + static_cast<std::ptrdiff_t>(p * stride_), stride_,
                      wider.begin() + static_cast<std::ptrdiff_t>(p * stride));
        }
        grid_ = std::move(wider);
        stride_ = stride;
      } else {
        grid_.resize(needed);
      }
    }
    Slot& s = grid_[static_cast<std::size_t>(player) * stride_ + static_cast<std::size_t>(column)];
    s.round = round;
    return &s;
  }
  if (table_.empty() || (slots_.size() + 1) * 2 > table_.size()) grow_table();
  const std::uint64_t key = slot_key(player, round);
  const std::size_t mask = table_.size() - 1;
  const auto [start, check] = slot_hash(key, table_bits_);
  for (std::size_t i = start;; i = (i + 1) & mask) {
    const std::uint64_t entry = table_[i];
    if (entry == 0) {
      const auto index = static_cast<std::uint32_t>(slots_.size());
      table_[i] = (static_cast<std::uint64_t>(check) << 32) | index;
      Slot& created = slots_.emplace_back();
      created.round = round;
      sparse_player_.push_back(player);
      return &created;
    }
    if (static_cast<std::uint32_t>(entry >> 32) == check) {
      const auto index = static_cast<std::uint32_t>(entry);
      if (slots_[index].round == round && sparse_player_[index] == player) return &slots_[index];
    }
  }
}

void EventBuilder::to_sparse() {
  mode_ = Mode::sparse;
  const std::size_t laid_out = stride_ == 0 ? 0 : grid_.size() / stride_;
  for (std::size_t p = 0; p < laid_out; ++p) {
    for (std::size_t c = 0; c < stride_; ++c) {
      const Slot& s = grid_[p * stride_ + c];
      if (!s.present()) continue;
      Slot* moved = slot(static_cast<int>(p), s.round);
      *moved = s;
    }
  }
  grid_ = {};
  stride_ = 0;
}

EventBuilder::Slot* EventBuilder::find(int player, int round) {
  return const_cast<Slot*>(std::as_const(*this).find(player, round));
}

const EventBuilder::Slot* EventBuilder::find(int player, int round) const {
  switch (mode_) {
    case Mode::frozen: {
      // The player's slots, by round: usually round r is the r-th.
      const std::span<const Slot> slots = slots_of(static_cast<std::size_t>(player));
      if (round >= 1 && static_cast<std::size_t>(round) <= slots.size() &&
          slots[static_cast<std::size_t>(round - 1)].round == round) {
        return &slots[static_cast<std::size_t>(round - 1)];
      }
      auto it = std::lower_bound(slots.begin(), slots.end(), round,
                                 [](const Slot& s, int r) { return s.round < r; });
      return it != slots.end() && it->round == round ? &*it : nullptr;
    }
    case Mode::dense: {
      auto it = column_of_round_.find(round);
      if (it == column_of_round_.end()) return nullptr;
      const std::size_t index =
          static_cast<std::size_t>(player) * stride_ + static_cast<std::size_t>(it->second);
      return index < grid_.size() ? &grid_[index] : nullptr;
    }
    case Mode::sparse:
      break;
  }
  if (table_.empty()) return nullptr;
  const std::uint64_t key = slot_key(player, round);
  const std::size_t mask = table_.size() - 1;
  const auto [start, check] = slot_hash(key, table_bits_);
  for (std::size_t i = start;; i = (i + 1) & mask) {
    const std::uint64_t entry = table_[i];
    if (entry == 0) return nullptr;
    if (static_cast<std::uint32_t>(entry >> 32) == check) {
      const auto index = static_cast<std::uint32_t>(entry);
      if (slots_[index].round == round && sparse_player_[index] == player) return &slots_[index];
    }
  }
}

void EventBuilder::grow_table() {
  table_bits_ = std::max(table_bits_ + 1, 12);
  table_.assign(std::size_t{1} << table_bits_, 0);
  const std::size_t mask = table_.size() - 1;
  for (std::uint32_t index = 0; index < slots_.size(); ++index) {
    const auto [start, check] =
        slot_hash(slot_key(sparse_player_[index], slots_[index].round), table_bits_);
    std::size_t i = start;
    while (table_[i] != 0) i = (i + 1) & mask;
    table_[i] = (static_cast<std::uint64_t>(check) << 32) | index;
  }
}

void EventBuilder::freeze() {
  // Lays the present slots out by player, then round, and drops everything else: every later
  // pass reads a player's rounds one after the other.
  const std::size_t n = entries_.size();
  if (mode_ == Mode::dense) {
    // The grid is by player already: moved down in place, empty slots left out.
    player_begin_.assign(n + 1, 0);
    std::size_t out = 0;
    const std::size_t laid_out = stride_ == 0 ? 0 : grid_.size() / stride_;
    for (std::size_t p = 0; p < n; ++p) {
      player_begin_[p] = static_cast<std::uint32_t>(out);
      if (p >= laid_out) continue;
      for (std::size_t c = 0; c < stride_; ++c) {
        const Slot& s = grid_[p * stride_ + c];
        if (s.present()) grid_[out++] = s;
      }
    }
    player_begin_[n] = static_cast<std::uint32_t>(out);
    grid_.resize(out);
    grid_.shrink_to_fit();
    slots_ = std::move(grid_);
    grid_ = {};
    stride_ = 0;
    column_of_round_ = {};
    round_of_column_ = {};
  } else if (mode_ == Mode::sparse) {
    // A counting sort by player, in place.
    table_ = {};
    table_bits_ = 0;
    player_begin_.assign(n + 2, 0);
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      const std::size_t bucket =
          slots_[i].present() ? static_cast<std::size_t>(sparse_player_[i]) : n;
      ++player_begin_[bucket + 1];
    }
    for (std::size_t p = 0; p <= n; ++p) player_begin_[p + 1] += player_begin_[p];
    std::vector<std::uint32_t> order(slots_.size());  // order[new position] = old position
    {
      std::vector<std::uint32_t> next(player_begin_.begin(), player_begin_.end() - 1);
      for (std::uint32_t index = 0; index < slots_.size(); ++index) {
        const std::size_t bucket =
            slots_[index].present() ? static_cast<std::size_t>(sparse_player_[index]) : n;
        order[next[bucket]++] = index;
      }
    }
    sparse_player_ = {};
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (order[i] == i) continue;
      const Slot moved = slots_[i];
      std::size_t j = i;
      while (order[j] != i) {
        const std::size_t k = order[j];
        slots_[j] = slots_[k];
        order[j] = static_cast<std::uint32_t>(j);
        j = k;
      }
      slots_[j] = moved;
      order[j] = static_cast<std::uint32_t>(j);
    }
    slots_.resize(player_begin_[n]);
    player_begin_.pop_back();
  } else {
    // Frozen already (slots left empty since): moved down in place.
    std::size_t out = 0;
    for (std::size_t p = 0; p < n; ++p) {
      const std::size_t first = player_begin_[p];
      const std::size_t last = player_begin_[p + 1];
      player_begin_[p] = static_cast<std::uint32_t>(out);
      for (std::size_t i = first; i < last; ++i) {
        if (slots_[i].present()) slots_[out++] = slots_[i];
      }
    }
    player_begin_[n] = static_cast<std::uint32_t>(out);
    slots_.resize(out);
  }
  mode_ = Mode::frozen;
  auto by_round = [](const Slot& a, const Slot& b) { return a.round < b.round; };
  for (std::size_t p = 0; p < n; ++p) {
    auto first = slots_.begin() + player_begin_[p];
    auto last = slots_.begin() + player_begin_[p + 1];
    if (!std::is_sorted(first, last, by_round)) std::sort(first, last, by_round);
  }
}

std::span<EventBuilder::Slot> EventBuilder::slots_of(std::size_t player) {
  if (mode_ != Mode::frozen || player + 1 >= player_begin_.size()) return {};
  return {slots_.data() + player_begin_[player], slots_.data() + player_begin_[player + 1]};
}

std::span<const EventBuilder::Slot> EventBuilder::slots_of(std::size_t player) const {
  if (mode_ != Mode::frozen || player + 1 >= player_begin_.size()) return {};
  return {slots_.data() + player_begin_[player], slots_.data() + player_begin_[player + 1]};
}

void EventBuilder::award_forfeits(const std::vector<std::array<int, 3>>& awards) {
  // Each award: winner, loser, round. Merged into the frozen layout player by player.
  std::vector<std::pair<std::size_t, Slot>> added;
  for (const auto& [winner, loser, round] : awards) {
    Slot win;
    win.round = round;
    win.opponent = loser;
    win.games_seen = 1;
    win.forfeit_wins = 1;
    Slot loss = win;
    loss.opponent = winner;
    loss.forfeit_wins = 0;
    loss.forfeit_losses = 1;
    added.emplace_back(static_cast<std::size_t>(winner), win);
    added.emplace_back(static_cast<std::size_t>(loser), loss);
  }
  std::stable_sort(added.begin(), added.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  const std::size_t n = entries_.size();
  std::vector<Slot> merged;
  merged.reserve(slots_.size() + added.size());
  std::vector<std::uint32_t> begin(n + 1, 0);
  std::size_t next = 0;
  for (std::size_t p = 0; p < n; ++p) {
    begin[p] = static_cast<std::uint32_t>(merged.size());
    merged.insert(merged.end(), slots_.begin() + player_begin_[p],
                  slots_.begin() + player_begin_[p + 1]);
    for (; next < added.size() && added[next].first == p; ++next)
      merged.push_back(added[next].second);
  }
  begin[n] = static_cast<std::uint32_t>(merged.size());
  slots_ = std::move(merged);
  player_begin_ = std::move(begin);
  freeze();  // sorts the runs that gained a round
}

bool EventBuilder::check_row(const ResultRow& row, const std::string& file) {
  const SourceLocation where{file, row.line, 0};
  auto outside = [](int value, int low, int high) { return value < low || value > high; };
  std::string_view what;
  if (outside(row.round, 1, kMaxRound)) {
    diagnostics_.error(where, fmt::format("round {} is outside 1..{}", row.round, kMaxRound));
    return false;
  }
  if (outside(row.game, 1, kMaxGame)) {
    diagnostics_.error(where, fmt::format("game number {} is outside 1..{}", row.game, kMaxGame));
    return false;
  }
  if (outside(row.board, 0, kMaxBoard)) what = "board number is";
  if (outside(row.match, 0, kMaxBoard)) what = "match number is";
  if (outside(row.handicap, 0, kMaxHandicap)) what = "handicap is";
  if (outside(row.white_warnings, 0, kMaxWarnings) ||
      outside(row.black_warnings, 0, kMaxWarnings)) {
    what = "warnings are";
  }
  for (int number :
       {row.white_number, row.black_number, row.white_team_number, row.black_team_number}) {
    if (outside(number, 0, kMaxNumber)) what = "draw number is";
  }
  if (outside(row.white_seed, 0, kMaxSeed) || outside(row.black_seed, 0, kMaxSeed))
    what = "seed is";
  if (!what.empty()) {
    diagnostics_.error(where, fmt::format("the row's {} out of range", what));
    return false;
  }
  if (row.is_bye() != is_bye(row.result)) {
    diagnostics_.error(where,
                       "a bye row needs a bye result (bye, H, Z or F), a game row a game result");
    return false;
  }
  return true;
}

void EventBuilder::record_number(int player, int number, const ResultRow& row, Colour side) {
  if (number <= 0) return;
  PlayerEntry& entry = entries_[static_cast<std::size_t>(player)];
  const std::uint32_t column = side == Colour::white ? row.white_column : row.black_column;
  const SourceLocation where{file_, row.line, column};
  if (entry.file_number && *entry.file_number != number) {
    diagnostics_.error(where, fmt::format("this row gives '{}' number {}, the players file {}",
                                          entry.name, number, *entry.file_number));
    return;
  }
  if (entry.row_number == 0) {
    entry.row_number = number;
    entry.row_number_line = row_line_;
  } else if (entry.row_number != number) {
    diagnostics_.error(
        where, fmt::format("this row gives '{}' number {}, {} number {}", entry.name, number,
                           lines_.line_text(entry.row_number_line, file_), entry.row_number));
  }
}

void EventBuilder::record_seed(int player, const ResultRow& row, Colour side) {
  const int seed = row.seed(side);
  if (seed <= 0) return;
  PlayerEntry& entry = entries_[static_cast<std::size_t>(player)];
  if (entry.seed == 0) {
    entry.seed = seed;
    entry.seed_line = row_line_;
    entry.seed_column = row.seed_column(side);
  } else if (entry.seed != seed) {
    diagnostics_.error({file_, row.line, row.seed_column(side)},
                       fmt::format("this row gives '{}' seed {}, {} seed {}", entry.name, seed,
                                   lines_.line_text(entry.seed_line, file_), entry.seed));
  }
}

bool EventBuilder::check_team(int player, const ResultRow& row, Colour side,
                              const std::string& file) {
  const std::string& named = row.team(side);
  PlayerEntry& entry = entries_[static_cast<std::size_t>(player)];
  if (named.empty()) return true;
  if (!entry.team.empty() && entry.team != named) {
    diagnostics_.error({file, row.line, 0},
                       fmt::format("'{}' plays for team '{}' (players file, line {}) but this row "
                                   "names team '{}': the row is left out",
                                   entry.name, excerpt(entry.team), entry.line, excerpt(named)));
    return false;
  }
  return true;
}

void EventBuilder::add(const ResultRow& row, const std::string& file) {
  // A row refused here (reported) still shows that its players had a row in its round.
  if (!add_row(row, file)) add_rejected(row);
}

bool EventBuilder::add_row(const ResultRow& row, const std::string& file) {
  file_ = file;
  row_line_ = lines_.number(file, row.line);
  if (!check_row(row, file)) return false;
  const SourceLocation where{file, row.line, 0};
  auto describe = [&](int player) { return entries_[static_cast<std::size_t>(player)].name; };

  if (row.is_bye()) {
    const Colour side = row.white.empty() ? Colour::black : Colour::white;
    int p = resolve(row.player(side), row, side, file);
    if (p < 0 || !check_team(p, row, side, file)) return false;
    if (!row.team(side).empty()) any_team_column_ = true;
    Slot& s = *slot(p, row.round);
    if (!s.empty()) {
      diagnostics_.error(where, fmt::format("'{}' already has a row in round {} ({})", describe(p),
                                            row.round, lines_.line_text(s.line, file)));
      return false;
    }
    s.line = row_line_;
    s.bye_result = row.result;
    ++filled_;
    s.warnings = static_cast<std::uint16_t>(row.warnings(side));
    s.team = remember_team(row.team(side));
    record_number(p, row.number(side), row, side);
    record_seed(p, row, side);
    if (s.team >= 0) {
      auto& [number, line] = team_numbers_[static_cast<std::size_t>(s.team)];
      if (row.team_number(side) > 0 && line == 0) {
        number = row.team_number(side);
        line = row_line_;
      }
    }
    return true;
  }
  // Players are numbered in order of appearance, so look up the first column first.
  int w = -1;
  int b = -1;
  if (row.black_column < row.white_column) {
    b = resolve(row.black, row, Colour::black, file);
    w = resolve(row.white, row, Colour::white, file);
  } else {
    w = resolve(row.white, row, Colour::white, file);
    b = resolve(row.black, row, Colour::black, file);
  }
  if (w < 0 || b < 0) return false;
  if (w == b) {
    diagnostics_.error({file, row.line, row.black_column},
                       fmt::format("'{}' is paired against themselves", describe(w)));
    return false;
  }
  const bool team_columns = !row.white_team.empty() || !row.black_team.empty();
  if (team_columns) {
    if (!check_team(w, row, Colour::white, file) || !check_team(b, row, Colour::black, file))
      return false;
    any_team_column_ = true;
  }
  if (row.game > 1) any_game_number_ = true;
  const std::uint32_t bit = std::uint32_t{1} << (row.game - 1);
  Slot* sw = slot(w, row.round);
  Slot* sb = slot(b, row.round);
  // In the sparse store the second call may have moved the first slot; the grid, laid out for
  // every player known by the first call, does not grow for the second.
  if (mode_ == Mode::sparse) sw = slot(w, row.round);
  for (auto [s, me, other, colour] :
       {std::tuple{sw, w, b, Colour::white}, std::tuple{sb, b, w, Colour::black}}) {
    if (s->empty()) continue;
    if (s->bye() || s->opponent != other) {
      diagnostics_.error(where,
                         fmt::format("'{}' is in two games of round {} (the other is on "
                                     "{})",
                                     describe(me), row.round, lines_.line_text(s->line, file)));
      return false;
    }
    if ((s->games_seen & bit) != 0) {
      diagnostics_.error(
          where, fmt::format("game listed twice: {} v {} in round {}{} is also on {}", describe(w),
                             describe(b), row.round,
                             row.game > 1 ? fmt::format(", game {}", row.game) : "",
                             lines_.line_text(s->line, file)));
      return false;
    }
    const std::string& named = row.team(colour);
    if (!named.empty() && s->team >= 0 && team_names_[static_cast<std::size_t>(s->team)] != named) {
      diagnostics_.error(where,
                         fmt::format("'{}' plays for team '{}' in this match ({}) but "
                                     "for '{}' in this row: the row is left out",
                                     describe(me), team_names_[static_cast<std::size_t>(s->team)],
                                     lines_.line_text(s->line, file), excerpt(named)));
      return false;
    }
  }
  const Colour first = first_mover(options_.game);
  // In column order, so that teams are numbered in order of appearance too.
  std::array sides = {std::tuple{sw, w, b, Colour::white}, std::tuple{sb, b, w, Colour::black}};
  if (row.black_column < row.white_column) std::swap(sides[0], sides[1]);
  for (auto [s, me, other, colour] : sides) {
    if (s->empty()) {
      ++filled_;
      s->line = row_line_;
      s->opponent = other;
      s->seat = colour == first ? Seat::first : Seat::second;
      s->board = static_cast<std::uint16_t>(std::min(row.board, 4095) & 0xFFF);
      s->handicap = static_cast<std::uint16_t>(row.handicap & 0xF);
      s->team = remember_team(row.team(colour));
    }
    s->games_seen |= bit;
    s->warnings = static_cast<std::uint16_t>(s->warnings + row.warnings(colour));
    const bool white = colour == Colour::white;
    switch (row.result) {
      case GameResult::pending:
        ++s->pending;
        break;
      case GameResult::white_wins:
        white ? ++s->wins : ++s->losses;
        break;
      case GameResult::black_wins:
        white ? ++s->losses : ++s->wins;
        break;
      case GameResult::draw:
        ++s->draws;
        break;
      case GameResult::white_wins_by_forfeit:
        white ? ++s->forfeit_wins : ++s->forfeit_losses;
        break;
      case GameResult::black_wins_by_forfeit:
        white ? ++s->forfeit_losses : ++s->forfeit_wins;
        break;
      case GameResult::double_forfeit:
        ++s->forfeit_losses;
        break;
      default:
        break;
    }
    if (row.number(colour) > 0) record_number(me, row.number(colour), row, colour);
    record_seed(me, row, colour);
    if (s->team >= 0 && row.team_number(colour) > 0) {
      auto& [number, line] = team_numbers_[static_cast<std::size_t>(s->team)];
      if (line == 0) {
        number = row.team_number(colour);
        line = row_line_;
      } else if (number != row.team_number(colour)) {
        diagnostics_.error(
            {file, row.line, 0},
            fmt::format("this row gives team '{}' number {}, {} number {}",
                        team_names_[static_cast<std::size_t>(s->team)], row.team_number(colour),
                        lines_.line_text(line, file), number));
      }
    }
  }
  return true;
}

std::int32_t EventBuilder::remember_team(const std::string& name) {
  if (name.empty()) return -1;
  auto [it, inserted] = team_index_.emplace(name, static_cast<std::int32_t>(team_names_.size()));
  if (inserted) {
    team_names_.push_back(name);
    team_numbers_.emplace_back(0, 0);
  }
  return it->second;
}

int EventBuilder::limit_rounds(Event& event) {
  // The slots are frozen: every one is present.
  const std::size_t filled = slots_.size();
  const int limit = credible_rounds(entries_.size(), filled);
  int last = 0;
  int detected = 0;
  // A knock-out's round is there once its games are listed: the draw fed back unfilled is a
  // round 1 still in play, not an event without rounds.
  for (const Slot& s : slots_) {
    last = std::max(last, s.round);
    if (s.game() && (s.decided() > 0 || options_.elimination))
      detected = std::max(detected, s.round);
  }
  // Rows beyond the limit: one error at the first of them (in the file), counting the rest.
  const Slot* first_far = nullptr;
  std::vector<std::uint32_t> far_lines;
  if (last > limit) {
    for (Slot& s : slots_) {
      if (s.round <= limit) continue;
      if (first_far == nullptr || s.line < first_far->line) first_far = &s;
      far_lines.push_back(s.line);
    }
  }
  if (first_far != nullptr) {
    std::sort(far_lines.begin(), far_lines.end());
    const auto rows = std::unique(far_lines.begin(), far_lines.end()) - far_lines.begin();
    diagnostics_.error(
        lines_.where(first_far->line),
        fmt::format(
            "round {} is beyond the rounds this event can have (at most {}: twice the "
            "average number of rounds a participant has a row in, plus 16): {} left out",
            first_far->round, limit,
            rows == 1 ? std::string("the row is")
                      : fmt::format("this row and {} more beyond round {} are", rows - 1, limit)));
    for (Slot& s : slots_) {
      if (s.round > limit) s = Slot{};
    }
    freeze();
    detected = 0;
    for (const Slot& s : slots_) {
      if (s.game() && s.decided() > 0) detected = std::max(detected, s.round);
    }
  }
  int rounds = detected;
  if (options_.rounds) {
    const int asked = *options_.rounds;
    if (asked < 0 || asked > limit) {
      diagnostics_.error(lines_.where(0),
                         fmt::format("{} rounds asked for, but this event can have 0 to {} (twice "
                                     "the average number of rounds a participant has a row in, "
                                     "plus 16): ranking the {} round{} with results",
                                     asked, limit, detected, detected == 1 ? "" : "s"));
    } else {
      rounds = asked;
      if (asked < detected) {
        // The rows with a result that the asked rounds leave out: games counted once.
        std::size_t games = 0;
        std::size_t byes = 0;
        for (const Slot& s : slots_) {
          if (!s.present() || s.round <= asked) continue;
          if (s.bye()) {
            ++byes;
          } else {
            games += static_cast<std::size_t>(s.decided());
          }
        }
        const std::size_t rows = (games + 1) / 2 + byes;
        diagnostics_.warning(
            lines_.where(0),
            fmt::format("ranking {} round{} of the {} with results: the {} "
                        "row{} with a result in {} {} left out",
                        asked, asked == 1 ? "" : "s", detected, rows, rows == 1 ? "" : "s",
                        rounds_text(asked + 1, detected), rows == 1 ? "is" : "are"));
      }
    }
  }
  event.rounds = rounds;
  return detected;
}

void EventBuilder::add_rejected(const ResultRow& row) {
  if (row.round >= 1 && (!row.white.empty() || !row.black.empty()))
    rejected_.push_back({row.white, row.black, row.round});
}

int EventBuilder::known_player(const std::string& token) const {
  if (token.empty()) return -1;
  if (players_.size() > 0) {
    const auto found = players_.find(token);
    return found.match == PlayerList::Match::found ? static_cast<int>(found.index) : -1;
  }
  return discovered_.find(token);
}

std::vector<std::array<int, 3>> EventBuilder::rejected_games() const {
  std::vector<std::array<int, 3>> games;
  for (const RejectedRow& row : rejected_) {
    const int white = known_player(row.white);
    const int black = known_player(row.black);
    if (white >= 0 && black >= 0)
      games.push_back({std::min(white, black), std::max(white, black), row.round});
  }
  std::sort(games.begin(), games.end());
  return games;
}

std::vector<std::pair<int, int>> EventBuilder::rejected_slots() const {
  std::vector<std::pair<int, int>> slots;
  for (const RejectedRow& row : rejected_) {
    for (const std::string* token : {&row.white, &row.black}) {
      if (const int player = known_player(*token); player >= 0)
        slots.emplace_back(player, row.round);
    }
  }
  std::sort(slots.begin(), slots.end());
  return slots;
}

void EventBuilder::report_empty_rounds(const Event& event) {
  has_row_.assign(static_cast<std::size_t>(event.rounds) + 1, false);
  for (const Slot& s : slots_) {
    if (s.round <= event.rounds) has_row_[static_cast<std::size_t>(s.round)] = true;
  }
  for (const RejectedRow& row : rejected_) {
    if (row.round <= event.rounds) has_row_[static_cast<std::size_t>(row.round)] = true;
  }
  const auto& has_row = has_row_;
  for_each_run(
      event.rounds, [&](int r) { return !has_row[static_cast<std::size_t>(r)]; },
      [&](int first, int last) {
        diagnostics_.warning(lines_.where(0),
                             fmt::format("{} {} no row at all{}", rounds_text(first, last),
                                         first == last ? "has" : "have",
                                         event.round_robin ? ""
                                                           : ": every participant counted absent "
                                                             "(a zero-point bye)"));
      });
}

void EventBuilder::assign_numbers(Event& event) const {
  // Given numbers first (the players file's, else the rows'), then the rest in order after the
  // largest given. A number given twice (by the rows) goes to the first holder.
  const std::size_t n = event.participants.size();
  std::vector<std::int32_t> given(n, 0);
  if (event.format == EventFormat::team) {
    for (std::size_t t = 0; t < n && t < team_numbers_.size(); ++t)
      given[t] = team_numbers_[t].first;
  } else {
    for (std::size_t p = 0; p < n; ++p) {
      given[p] = entries_[p].file_number.value_or(entries_[p].row_number);
    }
  }
  std::unordered_map<std::int32_t, std::size_t> holder;
  std::int32_t largest = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (given[i] <= 0) continue;
    auto [it, inserted] = holder.emplace(given[i], i);
    if (!inserted) {
      const bool team = event.format == EventFormat::team;
      diagnostics_.error(
          lines_.where(team ? 0 : entries_[i].row_number_line),
          fmt::format("'{}' and '{}' both have number {}: '{}' is numbered after the others",
                      event.participants[it->second].name, event.participants[i].name, given[i],
                      event.participants[i].name));
      given[i] = 0;
      continue;
    }
    largest = std::max(largest, given[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    event.participants[i].number = given[i] > 0 ? given[i] : ++largest;
  }
}

bool EventBuilder::detect_round_robin(int rounds, int& cycles) const {
  // Every player with a game who did not withdraw has the same number of games, a multiple of
  // the players less one; a withdrawn player has no more. Whether each pair met once a cycle
  // is checked afterwards (check_round_robin), so that a pair written twice is reported rather
  // than turning the event into a Swiss.
  std::size_t n = 0;
  std::size_t games_each = 0;
  std::size_t most_withdrawn = 0;
  bool equal = true;
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    std::size_t games = 0;
    for (const Slot& s : slots_of(p)) games += s.game() ? 1 : 0;
    if (games == 0) continue;
    ++n;
    if (entries_[p].withdrawn) {
      most_withdrawn = std::max(most_withdrawn, games);
      continue;
    }
    if (games_each == 0) games_each = games;
    equal = equal && games == games_each;
  }
  if (n >= 2 && equal && games_each > 0 && games_each % (n - 1) == 0 &&
      most_withdrawn <= games_each) {
    cycles = static_cast<int>(games_each / (n - 1));
    return true;
  }
  return detect_round_robin_with_rows_missing(rounds, cycles);
}

bool EventBuilder::detect_round_robin_with_rows_missing(int rounds, int& cycles) const {
  // Rows left out (a withdrawn player's unplayed games, a game not yet written) make the games
  // per player unequal. Still a round robin: no pair met more than c times, the rounds are c
  // cycles of the schedule, among the players who did not withdraw at most a round's games
  // (one per two players) are missing, and no row is a bye but the odd round robin's own;
  // check_round_robin then names the missing games. A bye row is a Swiss pairing's, unless
  // it is the odd round robin's own (rr-schedule writes them): the pairing-allocated kind, one
  // a round at most, an odd number of players, and every player who did not withdraw with one
  // a cycle, neither more nor less (a Swiss whose absent players have no rows gives fewer).
  std::vector<std::size_t> in;                 // the players with a game
  std::unordered_map<std::uint64_t, int> met;  // (lower, higher index) -> games
  std::unordered_map<int, int> byes_in_round;
  std::vector<int> byes(entries_.size(), 0);
  int most = 0;
  bool any_bye = false;
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    bool any = false;
    for (const Slot& s : slots_of(p)) {
      if (s.bye()) {
        if (s.bye_result != GameResult::pairing_bye || ++byes_in_round[s.round] > 1) return false;
        ++byes[p];
        any_bye = true;
        continue;
      }
      if (!s.game()) continue;
      any = true;
      const auto q = static_cast<std::size_t>(s.opponent);
      if (q <= p) continue;
      most = std::max(most, ++met[(static_cast<std::uint64_t>(p) << 32) | q]);
    }
    if (any) in.push_back(p);
  }
  const std::size_t n = in.size();
  if (n < 2 || most == 0 || (any_bye && n % 2 == 0)) return false;
  if (any_bye) {
    for (std::size_t p : in) {
      if (byes[p] > most || (!entries_[p].withdrawn && byes[p] != most)) return false;
    }
  }
  const auto per_cycle = static_cast<long long>(n + n % 2 - 1);
  if (static_cast<long long>(rounds) != most * per_cycle) return false;
  std::size_t core = 0;
  std::size_t missing = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (entries_[in[i]].withdrawn) continue;
    ++core;
    for (std::size_t j = i + 1; j < n && missing <= n; ++j) {
      if (entries_[in[j]].withdrawn) continue;
      auto it = met.find((static_cast<std::uint64_t>(in[i]) << 32) | in[j]);
      missing += static_cast<std::size_t>(most - (it == met.end() ? 0 : it->second));
    }
  }
  if (core < 2 || missing > core / 2) return false;
  cycles = most;
  return true;
}

EventBuilder::RoundRobinShape EventBuilder::round_robin_shape(int detected_cycles) const {
  RoundRobinShape shape;
  std::size_t most_games = 0;
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    std::size_t games = 0;
    bool any = false;
    for (const Slot& s : slots_of(p)) {
      any = true;
      games += s.game() ? 1 : 0;
    }
    if (any || entries_[p].withdrawn) shape.players.push_back(p);
    most_games = std::max(most_games, games);
  }
  const std::size_t n = shape.players.size();
  shape.per_cycle = static_cast<int>(std::max<std::size_t>(n + n % 2, 2) - 1);
  shape.cycles = detected_cycles;
  if (n >= 2) {
    shape.cycles = std::max<int>(detected_cycles, static_cast<int>((most_games + n - 2) / (n - 1)));
  }
  shape.cycles = std::max(shape.cycles, 1);
  return shape;
}

void EventBuilder::report_players_without_rows(const RoundRobinShape& shape) {
  // A player of the players file with no row at all (and not withdrawn) is not in the round
  // robin, whose schedule is that of the players with rows: said, not ranked silently with
  // nothing. Still listed (a TRF or crosstable keeps every registered player). Only once the
  // players with rows have all met: until then the player may be one who had the bye (an odd
  // round robin after its first round).
  std::vector<char> in(entries_.size(), 0);
  for (std::size_t p : shape.players) in[p] = 1;
  if (shape.players.size() < 2) return;
  for (std::size_t p : shape.players) {
    std::vector<std::int32_t> met;
    for (const Slot& s : slots_of(p)) {
      if (s.game()) met.push_back(s.opponent);
    }
    std::sort(met.begin(), met.end());
    met.erase(std::unique(met.begin(), met.end()), met.end());
    if (met.size() + 1 < shape.players.size()) return;
  }
  for (const auto& [player, round] : rejected_slots()) in[static_cast<std::size_t>(player)] = 1;
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    if (in[p] != 0 || entries_[p].removed) continue;
    // At the player's line of the players file; without that file's name (a group's list), at
    // the results file.
    const SourceLocation where = players_.source.empty()
                                     ? SourceLocation{lines_.first_file(), 0, 0}
                                     : SourceLocation{players_.source, entries_[p].line, 0};
    diagnostics_.warning(where,
                         fmt::format("'{}' has no row: not in the round robin of the players "
                                     "with rows, and listed without games (a player who "
                                     "withdrew is named by --withdrawn or the withdrawn column)",
                                     entries_[p].name));
  }
}

void EventBuilder::check_round_robin(const Event& event, const RoundRobinShape& shape) {
  const int per_cycle = shape.per_cycle;
  auto cycle_of = [&](int round) { return (round - 1) / per_cycle; };
  const bool finished = event.rounds >= shape.cycles * per_cycle;
  auto name = [&](std::size_t p) { return entries_[p].name; };
  auto cycle_text = [&](int cycle) {
    return shape.cycles == 1
               ? std::string()
               : fmt::format(" in cycle {} ({})", cycle + 1,
                             rounds_text(cycle * per_cycle + 1, (cycle + 1) * per_cycle));
  };
  // A pair twice in a cycle, a pair missing from a finished cycle: among the players who did
  // not withdraw (a withdrawn player's games are settled by the withdrawal rule).
  std::vector<char> core(entries_.size(), 0);
  for (std::size_t p : shape.players) core[p] = entries_[p].withdrawn ? 0 : 1;
  int twice = 0;
  std::size_t missing = 0;
  std::vector<std::string> missing_listed;
  std::unordered_map<std::uint64_t, std::uint32_t> met;  // (opponent, cycle) -> line
  // A game whose row was refused (its error given) is not said again as having no row, in the
  // cycle of the row's round.
  const std::vector<std::array<int, 3>> rejected = rejected_games();
  auto refused = [&](std::size_t p, std::size_t q, int cycle) {
    const std::array<int, 3> first{static_cast<int>(p), static_cast<int>(q), 0};
    for (auto it = std::lower_bound(rejected.begin(), rejected.end(), first);
         it != rejected.end() && (*it)[0] == first[0] && (*it)[1] == first[1]; ++it)
      if (cycle_of((*it)[2]) == cycle) return true;
    return false;
  };
  for (std::size_t p : shape.players) {
    if (core[p] == 0) continue;
    met.clear();
    for (const Slot& s : slots_of(p)) {
      const auto q = static_cast<std::size_t>(s.opponent);
      if (!s.game() || core[q] == 0) continue;
      const int cycle = cycle_of(s.round);
      auto [it, inserted] = met.emplace(
          (static_cast<std::uint64_t>(q) << 32) | static_cast<std::uint32_t>(cycle), s.line);
      if (inserted || q < p) continue;  // each pair reported once, from its lower index
      if (twice++ < kListed) {
        diagnostics_.error(lines_.where(std::max(s.line, it->second)),
                           fmt::format("'{}' and '{}' meet twice{} ({}): in a round "
                                       "robin each pair plays once a cycle",
                                       name(p), name(q), cycle_text(cycle),
                                       lines_.lines_text(std::min(s.line, it->second),
                                                         std::max(s.line, it->second))));
      }
    }
    if (!finished) continue;
    for (std::size_t q : shape.players) {
      if (q <= p || core[q] == 0) continue;
      for (int cycle = 0; cycle < shape.cycles; ++cycle) {
        if (met.count((static_cast<std::uint64_t>(q) << 32) | static_cast<std::uint32_t>(cycle)) !=
                0 ||
            refused(p, q, cycle))
          continue;
        if (missing++ < kListed) {
          missing_listed.push_back(
              fmt::format("'{}' v '{}'{}", name(p), name(q), cycle_text(cycle)));
        }
      }
    }
  }
  if (twice > kListed) {
    diagnostics_.error(lines_.where(0), fmt::format("and {} more pairs that meet twice in a cycle",
                                                    twice - kListed));
  }
  if (missing > 0) {
    // "rounds 1–5 of 5"; rows in rounds beyond the schedule (a player who is not in the round
    // robin makes it smaller) are said as such, not "rounds 1–2 of 1".
    const int scheduled = shape.cycles * per_cycle;
    const std::string schedule_text =
        event.rounds <= scheduled ? fmt::format("{} of {}", rounds_text(1, event.rounds), scheduled)
                                  : fmt::format("{}, more than the {} its schedule has",
                                                rounds_text(1, event.rounds), scheduled);
    diagnostics_.error(
        lines_.where(0),
        fmt::format("the round robin is finished ({}), but {} of its games {} no row: {}{}",
                    schedule_text, missing, missing == 1 ? "has" : "have",
                    join(missing_listed, ", "),
                    missing > missing_listed.size()
                        ? fmt::format(" and {} more", missing - missing_listed.size())
                        : std::string()));
  }
  // Games without a result in the rounds already played (a withdrawn player's are settled by
  // the withdrawal rule).
  int pending = 0;
  for (std::size_t p : shape.players) {
    if (core[p] == 0) continue;
    for (const Slot& s : slots_of(p)) {
      const auto q = static_cast<std::size_t>(s.opponent);
      if (!s.game() || s.round > event.rounds || s.pending == 0 || core[q] == 0 || q < p) continue;
      if (pending++ >= kListed) continue;
      // The players as the row lists them (the first mover first).
      const bool first = s.seat == Seat::first;
      const std::string message = fmt::format(
          "'{}' v '{}' in round {} has no result, but the round robin has results up "
          "to round {}: {}",
          name(first ? p : q), name(first ? q : p), s.round, event.rounds,
          finished ? "enter it (-- if neither played)" : "the game is left out until it has one");
      if (finished) {
        diagnostics_.error(lines_.where(s.line), message);
      } else {
        diagnostics_.warning(lines_.where(s.line), message);
      }
    }
  }
  if (pending > kListed) {
    const std::string message = fmt::format("and {} more games without a result in rounds up to {}",
                                            pending - kListed, event.rounds);
    if (finished) {
      diagnostics_.error(lines_.where(0), message);
    } else {
      diagnostics_.warning(lines_.where(0), message);
    }
  }
}

void EventBuilder::report_unplayed_swiss_games(const Event& event) {
  // A Swiss game without a result in a round up to the last with results counts as an absence
  // for both players: said, not done silently.
  int count = 0;
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    for (const Slot& s : slots_of(p)) {
      const auto q = static_cast<std::size_t>(s.opponent);
      if (!s.game() || s.round > event.rounds || s.pending == 0 || s.decided() > 0 || q < p)
        continue;
      if (entries_[p].withdrawn || entries_[q].withdrawn) continue;
      if (count++ >= kListed) continue;
      const bool first = s.seat == Seat::first;
      diagnostics_.warning(
          lines_.where(s.line),
          fmt::format("'{}' v '{}' in round {} has no result: {} until it has one",
                      entries_[first ? p : q].name, entries_[first ? q : p].name, s.round,
                      options_.pending_unknown
                          ? "counted as played by neither (OpenGotha's RESULT_UNKNOWN)"
                          : "both are counted absent (a zero-point bye)"));
    }
  }
  if (count > kListed) {
    diagnostics_.warning(lines_.where(0),
                         fmt::format("and {} more games without a result in rounds up to {}",
                                     count - kListed, event.rounds));
  }
}

void EventBuilder::apply_round_robin_withdrawals(const Event& event, const RoundRobinShape& shape) {
  const int per_cycle = shape.per_cycle;
  const int scheduled = shape.cycles * static_cast<int>(shape.players.size() - 1);
  std::vector<std::array<int, 3>> awards;  // winner, loser, round
  // The rounds in which each player has a row or has been given a forfeit here, a bit a round,
  // built when a withdrawal first keeps its results: a game without a row then finds its round
  // in a few word operations. Looking the slots up one at a time cost seconds in a round robin
  // of 2,000 with 200 withdrawals.
  const std::size_t words = static_cast<std::size_t>(event.rounds) / 64 + 1;
  std::vector<std::uint64_t> busy;
  auto mark_busy = [&](std::size_t player, int round) {
    busy[player * words + static_cast<std::size_t>(round) / 64] |= std::uint64_t{1} << (round % 64);
  };
  // The first round of lo..hi in which neither a nor b is busy; 0 if there is none.
  auto first_free = [&](std::size_t a, std::size_t b, int lo, int hi) {
    for (auto w = static_cast<std::size_t>(lo) / 64; w * 64 <= static_cast<std::size_t>(hi); ++w) {
      std::uint64_t free = ~(busy[a * words + w] | busy[b * words + w]);
      if (w == static_cast<std::size_t>(lo) / 64) free &= ~std::uint64_t{0} << (lo % 64);
      if (free == 0) continue;
      const int round = static_cast<int>(w * 64) + std::countr_zero(free);
      return round <= hi ? round : 0;
    }
    return 0;
  };
  std::vector<std::uint8_t> met;  // (opponent, cycle): the withdrawn player has a row with them
  for (std::size_t p : shape.players) {
    PlayerEntry& entry = entries_[p];
    if (!entry.withdrawn) continue;
    int played = 0;
    for (const Slot& s : slots_of(p)) {
      if (s.game() && s.over_the_board() > 0) ++played;
    }
    const SourceLocation where{players_.source.empty() ? lines_.first_file() : players_.source,
                               entry.line, 0};
    if (played * 2 < scheduled) {
      entry.removed = true;
      diagnostics_.note(where, fmt::format("'{}' withdrew after {} of {} games, fewer than half: "
                                           "all their results are annulled and they leave the "
                                           "standings",
                                           entry.name, played, scheduled));
      continue;
    }
    // The results stand; every game of the schedule not played, up to the last round with
    // results, counts as won by the opponent: a game without a result, or one without a row
    // (placed in the first round of its cycle where neither has a row).
    int converted = 0;
    for (Slot& mine : slots_of(p)) {
      if (!mine.game() || mine.round > event.rounds || mine.decided() > 0 || mine.pending == 0)
        continue;
      Slot* theirs = find(mine.opponent, mine.round);
      if (theirs == nullptr) continue;
      theirs->forfeit_wins = static_cast<std::uint8_t>(theirs->forfeit_wins + theirs->pending);
      mine.forfeit_losses = static_cast<std::uint8_t>(mine.forfeit_losses + mine.pending);
      theirs->pending = 0;
      mine.pending = 0;
      ++converted;
    }
    const auto cycles = static_cast<std::size_t>(shape.cycles);
    met.assign(entries_.size() * cycles, 0);
    for (const Slot& s : slots_of(p)) {
      const int cycle = (s.round - 1) / per_cycle;
      if (s.game() && s.opponent >= 0 && cycle < shape.cycles)
        met[static_cast<std::size_t>(s.opponent) * cycles + static_cast<std::size_t>(cycle)] = 1;
    }
    if (busy.empty()) {
      busy.assign(entries_.size() * words, 0);
      for (std::size_t q : shape.players) {
        for (const Slot& s : slots_of(q)) {
          if (s.present() && s.round >= 1 && s.round <= event.rounds) mark_busy(q, s.round);
        }
      }
    }
    for (std::size_t q : shape.players) {
      if (q == p || entries_[q].removed) continue;
      for (int cycle = 0; cycle < shape.cycles; ++cycle) {
        if (met[q * cycles + static_cast<std::size_t>(cycle)] != 0) continue;
        const int first = cycle * per_cycle + 1;
        const int last = std::min((cycle + 1) * per_cycle, event.rounds);
        const int r = first <= last ? first_free(p, q, first, last) : 0;
        if (r == 0) continue;
        awards.push_back({static_cast<int>(q), static_cast<int>(p), r});
        mark_busy(p, r);
        mark_busy(q, r);
        ++converted;
      }
    }
    diagnostics_.note(where, fmt::format("'{}' withdrew after {} of {} games, half or more: the "
                                         "results stand and {} unplayed game{} count{} as won by "
                                         "the opponent",
                                         entry.name, played, scheduled, converted,
                                         converted == 1 ? "" : "s", converted == 1 ? "s" : ""));
  }
  if (!awards.empty()) award_forfeits(awards);
}

using namespace event_detail;

RoundRecord EventBuilder::individual_record(const Event& event, const Slot* slot, int round) const {
  RoundRecord record;
  record.kind = event.round_robin ? RoundKind::none : RoundKind::absent;
  if (slot == nullptr || slot->empty()) return record;
  const Slot& s = *slot;
  record.line = s.line;
  record.warnings = s.warnings;
  const PointSystem& pts = event.points;
  if (s.bye()) {
    ByeValue value = bye_value(pts, s.bye_result);
    record.kind = value.kind;
    record.game_points = value.points;
    if (event.round_robin && value.kind == RoundKind::pairing_bye && value.points == Points()) {
      record.kind = RoundKind::none;  // the round against the phantom number
    }
    if (event.format == EventFormat::individual) {
      record.points = value.points;
    } else {
      Outcome o = outcome_by_points(value.points, pts.win, pts.draw);
      record.points = o == Outcome::win    ? pts.match_win
                      : o == Outcome::draw ? pts.match_draw
                                           : Points();
      if (value.points == Points()) record.points = Points();
    }
    record.outcome = outcome_by_points(record.points, event.win_points(), event.draw_points());
    return record;
  }
  if (entries_[static_cast<std::size_t>(s.opponent)].removed) {
    record.kind = RoundKind::none;
    return record;
  }
  record.games = static_cast<std::uint8_t>(s.decided());
  record.pending = s.pending;
  if (s.decided() == 0 && s.pending > 0 && options_.pending_unknown && !event.round_robin) {
    record.kind = RoundKind::none;  // OpenGotha's RESULT_UNKNOWN
    record.opponent = s.opponent;
    record.seat = s.seat;
    record.handicap = static_cast<std::uint8_t>(s.handicap);
    return record;
  }
  if (s.decided() == 0) {
    record.kind = event.round_robin ? RoundKind::none : RoundKind::absent;
    if (options_.elimination) {
      record.opponent = s.opponent;
      record.seat = s.seat;
    }
    return record;  // not yet played
  }
  record.opponent = s.opponent;
  record.seat = s.seat;
  record.handicap = static_cast<std::uint8_t>(s.handicap);
  record.game_points =
      slot_game_points(pts, s.wins, s.draws, s.losses, s.forfeit_wins, s.forfeit_losses);
  if (s.over_the_board() > 0) {
    record.kind = RoundKind::played;
  } else {
    record.kind =
        s.forfeit_wins > s.forfeit_losses ? RoundKind::forfeit_win : RoundKind::forfeit_loss;
  }
  if (event.format == EventFormat::individual) {
    record.points = record.game_points;
    record.outcome = s.wins + s.forfeit_wins > 0 ? Outcome::win
                     : s.draws > 0               ? Outcome::draw
                                                 : Outcome::loss;
  } else {
    const Slot* o = find(s.opponent, round);
    Points theirs = o == nullptr ? Points()
                                 : slot_game_points(pts, o->wins, o->draws, o->losses,
                                                    o->forfeit_wins, o->forfeit_losses);
    record.outcome = outcome_of(record.game_points, theirs);
    record.points = record.outcome == Outcome::win    ? pts.match_win
                    : record.outcome == Outcome::draw ? pts.match_draw
                                                      : pts.match_loss;
  }
  return record;
}

void EventBuilder::build_individual(Event& event) {
  // Rounds nobody has a row in are reported once (report_empty_rounds), not per participant.
  const auto& has_row = has_row_;
  const std::vector<std::pair<int, int>> rejected = rejected_slots();
  event.participants.reserve(entries_.size());
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    const PlayerEntry& entry = entries_[p];
    Participant participant;
    participant.id = entry.id;
    participant.name = entry.name;
    participant.rating = entry.rating;
    participant.seed = entry.seed;
    participant.seed_line = entry.seed_line;
    participant.seed_column = entry.seed_column;
    if (p < players_.size()) placing_of(players_, p, participant);
    participant.withdrawn = entry.withdrawn;
    participant.removed = entry.removed;
    participant.rounds.resize(static_cast<std::size_t>(event.rounds));
    if (!entry.removed) {
      const std::span<const Slot> slots = slots_of(p);
      const int last_row = slots.empty() ? 0 : slots.back().round;
      std::size_t next = 0;
      for (int r = 1; r <= event.rounds; ++r) {
        while (next < slots.size() && slots[next].round < r) ++next;
        const Slot* s = next < slots.size() && slots[next].round == r ? &slots[next] : nullptr;
        RoundRecord record = individual_record(event, s, r);
        participant.score += record.points;
        participant.game_points += record.game_points;
        participant.warnings += record.warnings;
        participant.rounds[static_cast<std::size_t>(r - 1)] = record;
      }
      // A Swiss round without a row is a zero-point bye (an absence in McMahon): reported, one
      // warning per run of rounds (not for rounds after a withdrawal, nor for rounds nobody has a
      // row in).
      if (!event.round_robin && !options_.elimination && (last_row > 0 || players_.size() > 0)) {
        auto missing = [&](int r) {
          if (!has_row[static_cast<std::size_t>(r)]) return false;
          if (entry.withdrawn && r > last_row) return false;
          const Slot* s = find(static_cast<int>(p), r);
          return (s == nullptr || s->empty()) &&
                 !std::binary_search(rejected.begin(), rejected.end(),
                                     std::pair<int, int>(static_cast<int>(p), r));
        };
        for_each_run(event.rounds, missing, [&](int first, int last) {
          diagnostics_.warning({event.file, 0, 0},
                               fmt::format("no row for '{}' in {}: counted as {}", entry.name,
                                           rounds_text(first, last),
                                           options_.missing_round_absent
                                               ? "absent (the event's points for an absent round)"
                                           : first == last ? "a zero-point bye"
                                                           : "zero-point byes"));
        });
      }
    }
    event.participants.push_back(std::move(participant));
  }
}

void EventBuilder::set_point_system(Event& event) const {
  event.points = default_point_system(options_.game, event.round_robin);
  if (options_.game_points) {
    const auto& [win, draw, loss] = *options_.game_points;
    set_game_points(event.points, win, draw, loss, event.round_robin);
  }
  if (options_.pairing_bye) event.points.pairing_bye = *options_.pairing_bye;
  if (event.format == EventFormat::team) {
    event.points.match_win = Points::whole(2);
    event.points.match_draw = Points::whole(1);
    event.points.match_loss = Points();
  }
}

Event EventBuilder::finish() {
  Event event;
  event.game = options_.game;
  event.file = lines_.first_file();
  event.withdrawal_valuation = options_.withdrawal_valuation;
  const bool teams = options_.teams || any_team_column_;
  event.format = teams              ? EventFormat::team
                 : any_game_number_ ? EventFormat::multi_game
                                    : EventFormat::individual;

  for (const std::string& token : options_.withdrawn) {
    bool found = false;
    for (PlayerEntry& entry : entries_) {
      if (entry.id == token || entry.name == token) {
        entry.withdrawn = true;
        found = true;
        break;
      }
    }
    if (!found)
      diagnostics_.error({}, fmt::format("--withdrawn: unknown player '{}'", excerpt(token)));
  }

  freeze();
  const int rounds_with_results = limit_rounds(event);

  // The shape is the whole file's: --rounds below the last round with a result ranks a round
  // robin as it stood then, and does not make it a Swiss.
  int cycles = 1;
  const bool detected = event.format != EventFormat::team &&
                        detect_round_robin(std::max(event.rounds, rounds_with_results), cycles);
  event.round_robin = options_.round_robin.value_or(detected);
  event.cycles = cycles;
  set_point_system(event);
  if (event.format != EventFormat::team) {
    report_empty_rounds(event);
    if (event.round_robin) {
      const RoundRobinShape shape = round_robin_shape(detected ? cycles : 1);
      report_players_without_rows(shape);
      event.cycles = shape.cycles;
      event.rounds_per_cycle = shape.per_cycle;
      check_round_robin(event, shape);
      apply_round_robin_withdrawals(event, shape);
    } else if (!options_.elimination) {
      report_unplayed_swiss_games(event);
    }
    build_individual(event);
  } else {
    build_team(event);  // tells a team round robin from a Swiss, unless the options did
    report_empty_rounds(event);
    if (event.round_robin) {
      const std::size_t n = event.participants.size();
      event.rounds_per_cycle = static_cast<int>(std::max<std::size_t>(n + n % 2, 2) - 1);
      // Cycles: the most matches a team played against one opponent (not the rounds, which a
      // gap or --rounds can stretch).
      for (const Participant& team : event.participants) {
        std::map<std::int32_t, int> meetings;
        for (const RoundRecord& record : team.rounds) {
          if (record.opponent >= 0)
            event.cycles = std::max(event.cycles, ++meetings[record.opponent]);
        }
      }
    }
  }
  assign_numbers(event);
  slots_ = {};  // the per-round slots are no longer needed
  player_begin_ = {};
  entries_.clear();
  return event;
}

}  // namespace boardgames
