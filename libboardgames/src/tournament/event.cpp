#include "boardgames/tournament/event.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>
#include <unordered_set>

#include "boardgames/core/strings.h"

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
    case RoundKind::none: return "no game";
    case RoundKind::played: return "played";
    case RoundKind::forfeit_win: return "forfeit win";
    case RoundKind::forfeit_loss: return "forfeit loss";
    case RoundKind::pairing_bye: return "pairing-allocated bye";
    case RoundKind::full_bye: return "full-point bye";
    case RoundKind::half_bye: return "half-point bye";
    case RoundKind::zero_bye: return "zero-point bye";
    case RoundKind::absent: return "absent (zero-point bye)";
  }
  return "?";
}

Points Event::win_points() const {
  return format == EventFormat::individual ? points.win : points.match_win;
}

Points Event::draw_points() const {
  return format == EventFormat::individual ? points.draw : points.match_draw;
}

// One player's row (or rows, for a multi-game match) in one round.
struct EventBuilder::Slot {
  std::uint32_t line = 0;  // 0: no row
  std::int32_t opponent = -1;
  std::uint32_t games_seen = 0;  // bit g-1 for game number g
  bool bye = false;
  GameResult bye_result = GameResult::pending;
  // Counts of games (at most 32 a round).
  std::uint8_t pending = 0;
  std::uint8_t wins = 0;
  std::uint8_t draws = 0;
  std::uint8_t losses = 0;
  std::uint8_t forfeit_wins = 0;
  std::uint8_t forfeit_losses = 0;
  std::uint16_t warnings = 0;
  std::int8_t colour = -1;  // of the first game listed
  std::uint16_t board = 0;
  std::int32_t team = -1;  // the team the row names, in team events

  bool empty() const { return line == 0; }
  int over_the_board() const { return wins + draws + losses; }
  int decided() const { return over_the_board() + forfeit_wins + forfeit_losses; }
};

struct EventBuilder::PlayerEntry {
  std::string id;
  std::string name;
  std::optional<std::int32_t> rating;
  std::string team;
  bool withdrawn = false;
  bool removed = false;
  std::uint32_t line = 0;
};

EventBuilder::EventBuilder(const PlayerList& players, EventOptions options, Diagnostics& diagnostics)
    : players_(players), options_(std::move(options)), diagnostics_(diagnostics) {
  for (const Player& player : players.players) {
    PlayerEntry entry;
    entry.id = player.id;
    entry.name = player.name;
    entry.rating = player.rating;
    entry.team = player.team;
    std::string withdrawn = to_lower_ascii(trim(player.withdrawn));
    entry.withdrawn = !withdrawn.empty() && withdrawn != "no" && withdrawn != "0" &&
                      withdrawn != "false" && withdrawn != "n";
    entry.line = player.line;
    entries_.push_back(std::move(entry));
  }
}

EventBuilder::~EventBuilder() = default;

int EventBuilder::resolve(const std::string& token, const ResultRow& row, Colour side,
                          const std::string& file) {
  const std::uint32_t column = side == Colour::white ? row.white_column : row.black_column;
  if (players_.size() > 0) {
    auto found = players_.find(token);
    if (found.match == PlayerList::Match::found) return static_cast<int>(found.index);
    diagnostics_.error({file, row.line, column},
                       found.match == PlayerList::Match::ambiguous
                           ? fmt::format("'{}' is the name of several players: name them by id",
                                         token)
                           : fmt::format("unknown player '{}' (not an id or name in the players "
                                         "file)",
                                         token));
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

EventBuilder::Slot* EventBuilder::slot(int player, int round) {
  if (static_cast<std::size_t>(round) > stride_) {
    // More rounds than the layout holds: lay the slots out again with room to spare.
    const std::size_t stride = std::max<std::size_t>({static_cast<std::size_t>(round), stride_ + stride_ / 2, 8});
    std::vector<Slot> wider(entries_.size() * stride);
    const std::size_t laid_out = stride_ == 0 ? 0 : slots_.size() / stride_;
    for (std::size_t p = 0; p < laid_out; ++p) {
      std::copy_n(slots_.begin() + static_cast<std::ptrdiff_t>(p * stride_), stride_,
                  wider.begin() + static_cast<std::ptrdiff_t>(p * stride));
    }
    slots_ = std::move(wider);
    stride_ = stride;
  }
  if (slots_.size() < entries_.size() * stride_) slots_.resize(entries_.size() * stride_);
  return &slots_[static_cast<std::size_t>(player) * stride_ + static_cast<std::size_t>(round - 1)];
}

std::span<EventBuilder::Slot> EventBuilder::rounds_of(std::size_t player) {
  if (slots_.size() < (player + 1) * stride_) slots_.resize(entries_.size() * stride_);
  return {slots_.data() + player * stride_, stride_};
}

std::span<const EventBuilder::Slot> EventBuilder::rounds_of(std::size_t player) const {
  if (slots_.size() < (player + 1) * stride_) return {};
  return {slots_.data() + player * stride_, stride_};
}

void EventBuilder::add(const ResultRow& row, const std::string& file) {
  if (file_.empty()) file_ = file;
  if (!row.white_team.empty() || !row.black_team.empty()) any_team_column_ = true;
  const SourceLocation where{file, row.line, 0};
  auto describe = [&](int player) { return entries_[static_cast<std::size_t>(player)].name; };

  if (row.is_bye()) {
    const Colour side = row.white.empty() ? Colour::black : Colour::white;
    int p = resolve(row.player(side), row, side, file);
    if (p < 0) return;
    Slot* s = slot(p, row.round);
    if (!s->empty()) {
      diagnostics_.error(where, fmt::format("'{}' already has a row in round {} (line {})",
                                            describe(p), row.round, s->line));
      return;
    }
    s->line = row.line;
    s->bye = true;
    s->bye_result = row.result;
    s->warnings = static_cast<std::uint16_t>(row.warnings(side));
    s->team = remember_team(row.team(side));
    return;
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
  if (w < 0 || b < 0) return;
  if (w == b) {
    diagnostics_.error({file, row.line, row.black_column},
                       fmt::format("'{}' is paired against themselves", describe(w)));
    return;
  }
  if (row.game < 1 || row.game > 32) {
    diagnostics_.error(where, fmt::format("game number {} is outside 1..32", row.game));
    return;
  }
  if (row.game > 1) any_game_number_ = true;
  const std::uint32_t bit = std::uint32_t{1} << (row.game - 1);
  Slot* sw = slot(w, row.round);
  Slot* sb = slot(b, row.round);
  for (auto [s, me, other] : {std::tuple{sw, w, b}, std::tuple{sb, b, w}}) {
    if (s->empty()) continue;
    if (s->bye || s->opponent != other) {
      diagnostics_.error(where, fmt::format("'{}' is in two games of round {} (the other is on "
                                            "line {})",
                                            describe(me), row.round, s->line));
      return;
    }
    if ((s->games_seen & bit) != 0) {
      diagnostics_.error(where, fmt::format("game listed twice: {} v {} in round {}{} is also on "
                                            "line {}",
                                            describe(w), describe(b), row.round,
                                            row.game > 1 ? fmt::format(", game {}", row.game) : "",
                                            s->line));
      return;
    }
  }
  const Colour first = first_mover(options_.game);
  // In column order, so that teams are numbered in order of appearance too.
  std::array sides = {std::tuple{sw, w, b, Colour::white}, std::tuple{sb, b, w, Colour::black}};
  if (row.black_column < row.white_column) std::swap(sides[0], sides[1]);
  for (auto [s, me, other, colour] : sides) {
    if (s->empty()) {
      s->line = row.line;
      s->opponent = other;
      s->colour = static_cast<std::int8_t>(colour == first ? 0 : 1);
      s->board = static_cast<std::uint16_t>(row.board);
      s->team = remember_team(row.team(colour));
    }
    s->games_seen |= bit;
    s->warnings = static_cast<std::uint16_t>(s->warnings + row.warnings(colour));
    const bool white = colour == Colour::white;
    switch (row.result) {
      case GameResult::pending: ++s->pending; break;
      case GameResult::white_wins: white ? ++s->wins : ++s->losses; break;
      case GameResult::black_wins: white ? ++s->losses : ++s->wins; break;
      case GameResult::draw: ++s->draws; break;
      case GameResult::white_wins_by_forfeit: white ? ++s->forfeit_wins : ++s->forfeit_losses; break;
      case GameResult::black_wins_by_forfeit: white ? ++s->forfeit_losses : ++s->forfeit_wins; break;
      case GameResult::double_forfeit: ++s->forfeit_losses; break;
      default: break;
    }
  }
  if (row.result != GameResult::pending) max_decided_round_ = std::max(max_decided_round_, row.round);
}

std::int32_t EventBuilder::remember_team(const std::string& name) {
  if (name.empty()) return -1;
  auto [it, inserted] = team_index_.emplace(name, static_cast<std::int32_t>(team_names_.size()));
  if (inserted) team_names_.push_back(name);
  return it->second;
}

bool EventBuilder::detect_round_robin(int& cycles) const {
  std::vector<std::size_t> active;
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    if (entries_[p].removed) continue;
    bool has_game = std::any_of(rounds_of(p).begin(), rounds_of(p).end(),
                                [](const Slot& s) { return !s.empty() && !s.bye; });
    if (has_game) active.push_back(p);
  }
  const std::size_t n = active.size();
  if (n < 2) return false;
  std::size_t games_each = 0;
  for (std::size_t p : active) {
    std::vector<std::int32_t> opponents;
    for (const Slot& s : rounds_of(p)) {
      if (!s.empty() && !s.bye && !entries_[static_cast<std::size_t>(s.opponent)].removed) {
        opponents.push_back(s.opponent);
      }
    }
    const std::size_t games = opponents.size();
    std::sort(opponents.begin(), opponents.end());
    opponents.erase(std::unique(opponents.begin(), opponents.end()), opponents.end());
    if (opponents.size() != n - 1) return false;
    if (games_each == 0) games_each = games;
    if (games != games_each || games % (n - 1) != 0) return false;
  }
  cycles = static_cast<int>(games_each / (n - 1));
  return true;
}

void EventBuilder::apply_round_robin_withdrawals(int rounds) {
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    PlayerEntry& entry = entries_[p];
    if (!entry.withdrawn) continue;
    int scheduled = 0;
    int played = 0;
    for (const Slot& s : rounds_of(p)) {
      if (s.empty() || s.bye) continue;
      ++scheduled;
      if (s.over_the_board() > 0) ++played;
    }
    const SourceLocation where{players_.source.empty() ? file_ : players_.source, entry.line, 0};
    if (played * 2 < scheduled) {
      entry.removed = true;
      diagnostics_.note(where, fmt::format("'{}' withdrew after {} of {} games, fewer than half: "
                                           "all their results are annulled and they leave the "
                                           "standings",
                                           entry.name, played, scheduled));
      continue;
    }
    int converted = 0;
    for (std::size_t r = 0; r < stride_ && static_cast<int>(r) < rounds; ++r) {
      Slot& mine = rounds_of(p)[r];
      if (mine.empty() || mine.bye || mine.decided() > 0 || mine.pending == 0) continue;
      Slot& theirs = rounds_of(static_cast<std::size_t>(mine.opponent))[r];
      theirs.forfeit_wins = static_cast<std::uint8_t>(theirs.forfeit_wins + theirs.pending);
      mine.forfeit_losses = static_cast<std::uint8_t>(mine.forfeit_losses + mine.pending);
      theirs.pending = 0;
      mine.pending = 0;
      ++converted;
    }
    diagnostics_.note(where, fmt::format("'{}' withdrew after {} of {} games, half or more: the "
                                         "results stand and {} unplayed game{} count{} as won by "
                                         "the opponent",
                                         entry.name, played, scheduled, converted,
                                         converted == 1 ? "" : "s", converted == 1 ? "s" : ""));
  }
}

namespace {

Points slot_game_points(const PointSystem& points, int wins, int draws, int losses,
                        int forfeit_wins, int forfeit_losses) {
  return static_cast<std::int64_t>(wins) * points.win +
         static_cast<std::int64_t>(draws) * points.draw +
         static_cast<std::int64_t>(losses) * points.loss +
         static_cast<std::int64_t>(forfeit_wins) * points.forfeit_win +
         static_cast<std::int64_t>(forfeit_losses) * points.forfeit_loss;
}

struct ByeValue {
  RoundKind kind;
  Points points;
};

ByeValue bye_value(const PointSystem& points, GameResult result) {
  switch (result) {
    case GameResult::pairing_bye: return {RoundKind::pairing_bye, points.pairing_bye};
    case GameResult::full_point_bye: return {RoundKind::full_bye, points.full_bye};
    case GameResult::half_point_bye: return {RoundKind::half_bye, points.half_bye};
    default: return {RoundKind::zero_bye, points.zero_bye};
  }
}

Outcome outcome_of(Points mine, Points theirs) {
  if (mine > theirs) return Outcome::win;
  if (mine < theirs) return Outcome::loss;
  return Outcome::draw;
}

// An unplayed round's outcome, by the points it gave.
Outcome outcome_by_points(Points points, Points win, Points draw) {
  if (points >= win) return Outcome::win;
  if (points >= draw && points > Points()) return Outcome::draw;
  return Outcome::loss;
}

}  // namespace

RoundRecord EventBuilder::individual_record(const Event& event, int player, int round) const {
  RoundRecord record;
  record.kind = event.round_robin ? RoundKind::none : RoundKind::absent;
  if (static_cast<std::size_t>(round) > stride_) return record;
  const Slot& s = rounds_of(static_cast<std::size_t>(player))[static_cast<std::size_t>(round - 1)];
  if (s.empty()) return record;
  record.line = s.line;
  record.warnings = s.warnings;
  const PointSystem& pts = event.points;
  if (s.bye) {
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
      record.points = o == Outcome::win ? pts.match_win : o == Outcome::draw ? pts.match_draw : Points();
      if (value.points == Points()) record.points = Points();
    }
    record.outcome = outcome_by_points(record.points, event.win_points(), event.draw_points());
    return record;
  }
  if (entries_[static_cast<std::size_t>(s.opponent)].removed) {
    record.kind = RoundKind::none;
    return record;
  }
  if (s.decided() == 0) {
    record.kind = event.round_robin ? RoundKind::none : RoundKind::absent;
    return record;  // not yet played
  }
  record.opponent = s.opponent;
  record.colour = s.colour;
  record.game_points = slot_game_points(pts, s.wins, s.draws, s.losses, s.forfeit_wins, s.forfeit_losses);
  if (s.over_the_board() > 0) {
    record.kind = RoundKind::played;
  } else {
    record.kind = s.forfeit_wins > s.forfeit_losses ? RoundKind::forfeit_win : RoundKind::forfeit_loss;
  }
  if (event.format == EventFormat::individual) {
    record.points = record.game_points;
    record.outcome = s.wins + s.forfeit_wins > 0 ? Outcome::win
                     : s.draws > 0                ? Outcome::draw
                                                  : Outcome::loss;
  } else {
    const Slot& o = rounds_of(static_cast<std::size_t>(s.opponent))[static_cast<std::size_t>(round - 1)];
    Points theirs = slot_game_points(pts, o.wins, o.draws, o.losses, o.forfeit_wins, o.forfeit_losses);
    record.outcome = outcome_of(record.game_points, theirs);
    record.points = record.outcome == Outcome::win    ? pts.match_win
                    : record.outcome == Outcome::draw ? pts.match_draw
                                                      : pts.match_loss;
  }
  return record;
}

void EventBuilder::build_individual(Event& event) {
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    const PlayerEntry& entry = entries_[p];
    Participant participant;
    participant.id = entry.id;
    participant.name = entry.name;
    participant.rating = entry.rating;
    participant.number = static_cast<std::int32_t>(p + 1);
    participant.withdrawn = entry.withdrawn;
    participant.removed = entry.removed;
    participant.rounds.resize(static_cast<std::size_t>(event.rounds));
    if (!entry.removed) {
      int last_row = 0;
      const auto slots = rounds_of(p);
      for (std::size_t r = 0; r < slots.size(); ++r) {
        if (!slots[r].empty()) last_row = static_cast<int>(r + 1);
      }
      for (int r = 1; r <= event.rounds; ++r) {
        RoundRecord record = individual_record(event, static_cast<int>(p), r);
        const bool missing = static_cast<std::size_t>(r) > slots.size() ||
                             slots[static_cast<std::size_t>(r - 1)].empty();
        if (!event.round_robin && missing && !(entry.withdrawn && r > last_row) &&
            (last_row > 0 || players_.size() > 0)) {
          diagnostics_.warning({event.file, 0, 0},
                               fmt::format("no row for '{}' in round {}: counted as a zero-point "
                                           "bye",
                                           entry.name, r));
        }
        participant.score += record.points;
        participant.game_points += record.game_points;
        participant.warnings += record.warnings;
        participant.rounds[static_cast<std::size_t>(r - 1)] = record;
      }
    }
    event.participants.push_back(std::move(participant));
  }
}

void EventBuilder::build_team(Event& event) {
  // Each player's team: the players file's team column, checked against the rows' team columns.
  std::vector<std::int32_t> team_of(entries_.size(), -1);
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    if (!entries_[p].team.empty()) team_of[p] = remember_team(entries_[p].team);
  }
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    for (const Slot& s : rounds_of(p)) {
      if (s.empty() || s.team < 0) continue;
      if (team_of[p] < 0) {
        team_of[p] = s.team;
      } else if (team_of[p] != s.team) {
        diagnostics_.error({file_, s.line, 0},
                           fmt::format("'{}' plays for team '{}' in this row but for '{}' "
                                       "elsewhere",
                                       entries_[p].name, team_names_[static_cast<std::size_t>(s.team)],
                                       team_names_[static_cast<std::size_t>(team_of[p])]));
      }
    }
    std::uint32_t first_line = 0;
    for (const Slot& s : rounds_of(p)) {
      if (!s.empty()) {
        first_line = s.line;
        break;
      }
    }
    if (team_of[p] < 0 && first_line > 0) {
      diagnostics_.error({file_, first_line, 0},
                         fmt::format("'{}' has no team (give white_team/black_team columns or a "
                                     "team column in the players file)",
                                     entries_[p].name));
    }
  }
  const std::size_t team_count = team_names_.size();
  bool two_game = any_game_number_;
  const PointSystem& pts = event.points;
  for (std::size_t t = 0; t < team_count; ++t) {
    Participant team;
    team.id = team_names_[t];
    team.name = team_names_[t];
    team.number = static_cast<std::int32_t>(t + 1);
    for (std::size_t p = 0; p < entries_.size(); ++p) {
      if (team_of[p] == static_cast<std::int32_t>(t)) team.members.push_back(entries_[p].name);
    }
    team.rounds.resize(static_cast<std::size_t>(event.rounds));
    event.participants.push_back(std::move(team));
  }
  for (int r = 1; r <= event.rounds; ++r) {
    struct Match {
      std::int32_t opponent = -1;
      Points game_points;
      Points board_points;
      int over_the_board = 0;
      int forfeit_wins = 0;
      int forfeit_losses = 0;
      int games = 0;
      int warnings = 0;
      std::uint32_t line = 0;
      std::optional<GameResult> bye;
      std::vector<std::pair<int, Points>> boards;
    };
    std::vector<Match> matches(team_count);
    for (std::size_t p = 0; p < entries_.size(); ++p) {
      if (team_of[p] < 0 || static_cast<std::size_t>(r) > stride_) continue;
      const Slot& s = rounds_of(p)[static_cast<std::size_t>(r - 1)];
      if (s.empty()) continue;
      Match& m = matches[static_cast<std::size_t>(team_of[p])];
      if (m.line == 0 || s.line < m.line) m.line = s.line;
      m.warnings += s.warnings;
      if (s.bye) {
        m.bye = s.bye_result;
        continue;
      }
      if (s.decided() == 0) continue;
      const std::int32_t other_team = team_of[static_cast<std::size_t>(s.opponent)];
      if (other_team == team_of[p]) {
        if (static_cast<std::int32_t>(p) > s.opponent) continue;  // reported from the other side
        diagnostics_.error({file_, s.line, 0},
                           fmt::format("'{}' and '{}' are both of team '{}' but play each other",
                                       entries_[p].name,
                                       entries_[static_cast<std::size_t>(s.opponent)].name,
                                       team_names_[static_cast<std::size_t>(other_team)]));
        continue;
      }
      if (other_team < 0) continue;
      if (m.opponent >= 0 && m.opponent != other_team) {
        diagnostics_.error({file_, s.line, 0},
                           fmt::format("team '{}' meets both '{}' and '{}' in round {}",
                                       team_names_[static_cast<std::size_t>(team_of[p])],
                                       team_names_[static_cast<std::size_t>(m.opponent)],
                                       team_names_[static_cast<std::size_t>(other_team)], r));
        continue;
      }
      m.opponent = other_team;
      const Points mine = slot_game_points(pts, s.wins, s.draws, s.losses, s.forfeit_wins, s.forfeit_losses);
      const Slot& o = rounds_of(static_cast<std::size_t>(s.opponent))[static_cast<std::size_t>(r - 1)];
      const Points theirs = slot_game_points(pts, o.wins, o.draws, o.losses, o.forfeit_wins, o.forfeit_losses);
      m.game_points += mine;
      // Board points (two-game matches): per board, the game points decide 1 / ½ / 0.
      m.board_points += mine > theirs ? Points::whole(1) : mine == theirs ? Points::from_halves(1) : Points();
      m.over_the_board += s.over_the_board();
      m.forfeit_wins += s.forfeit_wins;
      m.forfeit_losses += s.forfeit_losses;
      ++m.games;
      int board = s.board > 0 ? s.board : 0;
      if (board == 0) {
        // Without board numbers, a player's place in their team gives the board.
        int index = 0;
        for (std::size_t q = 0; q < p; ++q) index += team_of[q] == team_of[p] ? 1 : 0;
        board = index + 1;
      }
      m.boards.emplace_back(board, mine);
    }
    for (std::size_t t = 0; t < team_count; ++t) {
      Match& m = matches[t];
      Participant& team = event.participants[t];
      RoundRecord record;
      record.kind = event.round_robin ? RoundKind::none : RoundKind::absent;
      record.line = m.line;
      record.warnings = static_cast<std::uint16_t>(m.warnings);
      if (m.opponent >= 0) {
        const Match& o = matches[static_cast<std::size_t>(m.opponent)];
        record.opponent = m.opponent;
        record.game_points = m.game_points;
        record.board_points = m.board_points;
        Outcome outcome = two_game ? outcome_of(m.board_points, o.board_points) : Outcome::draw;
        if (outcome == Outcome::draw) outcome = outcome_of(m.game_points, o.game_points);
        record.outcome = outcome;
        record.points = outcome == Outcome::win    ? pts.match_win
                        : outcome == Outcome::draw ? pts.match_draw
                                                   : pts.match_loss;
        record.kind = m.over_the_board > 0 ? RoundKind::played
                      : m.forfeit_wins > m.forfeit_losses ? RoundKind::forfeit_win
                                                          : RoundKind::forfeit_loss;
        if (team.board_game_points.size() < 64) {
          for (auto [board, points] : m.boards) {
            if (board > 64) continue;
            if (team.board_game_points.size() < static_cast<std::size_t>(board)) {
              team.board_game_points.resize(static_cast<std::size_t>(board));
            }
            team.board_game_points[static_cast<std::size_t>(board - 1)] += points;
          }
        }
      } else if (m.bye) {
        ByeValue value = bye_value(pts, *m.bye);
        record.kind = value.kind;
        Outcome o = outcome_by_points(value.points, pts.win, pts.draw);
        record.points = value.points == Points() ? Points()
                        : o == Outcome::win      ? pts.match_win
                        : o == Outcome::draw     ? pts.match_draw
                                                 : Points();
        if (event.round_robin && value.kind == RoundKind::pairing_bye && record.points == Points()) {
          record.kind = RoundKind::none;
        }
        record.outcome = outcome_by_points(record.points, event.win_points(), event.draw_points());
      }
      team.score += record.points;
      team.game_points += record.game_points;
      team.board_points += record.board_points;
      team.warnings += record.warnings;
      team.rounds[static_cast<std::size_t>(r - 1)] = record;
    }
  }
}

Event EventBuilder::finish() {
  Event event;
  event.game = options_.game;
  event.file = file_;
  event.withdrawal_valuation = options_.withdrawal_valuation;
  const bool teams = options_.teams || any_team_column_;
  event.format = teams ? EventFormat::team
                 : any_game_number_ ? EventFormat::multi_game
                                    : EventFormat::individual;
  event.rounds = options_.rounds.value_or(max_decided_round_);

  for (const std::string& token : options_.withdrawn) {
    bool found = false;
    for (PlayerEntry& entry : entries_) {
      if (entry.id == token || entry.name == token) {
        entry.withdrawn = true;
        found = true;
        break;
      }
    }
    if (!found) diagnostics_.error({}, fmt::format("--withdrawn: unknown player '{}'", token));
  }

  int cycles = 1;
  const bool detected = detect_round_robin(cycles);
  event.round_robin = options_.round_robin.value_or(detected);
  event.cycles = cycles;
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
  if (event.format != EventFormat::team) {
    if (event.round_robin) apply_round_robin_withdrawals(event.rounds);
    build_individual(event);
  } else {
    build_team(event);
    if (!options_.round_robin) {
      // A team round robin: every team meets every other team equally often.
      const std::size_t n = event.participants.size();
      bool all = n >= 2;
      for (const Participant& team : event.participants) {
        std::set<std::int32_t> met;
        for (const RoundRecord& record : team.rounds) {
          if (record.opponent >= 0) met.insert(record.opponent);
        }
        all = all && met.size() == n - 1;
      }
      event.round_robin = all;
    }
  }
  slots_ = {};  // the per-round slots are no longer needed
  entries_.clear();
  return event;
}

}  // namespace boardgames
