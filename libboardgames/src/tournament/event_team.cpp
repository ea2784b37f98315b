// EventBuilder::build_team: team events — each player's team, the team matches round by
// round (game points, match points, board points), and the teams as the event's participants.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "boardgames/core/utf8.h"

#include "tournament/event_builder.h"

namespace boardgames {

using namespace event_detail;

namespace {

// Adds a round's games of `player` on `board` to the team's board results.
void add_board_result(Participant& team, const std::string& player, int board, int games,
                      Points points) {
  for (BoardResult& result : team.board_results) {
    if (result.board == board && result.player == player) {
      result.games += games;
      result.points += points;
      return;
    }
  }
  team.board_results.push_back({player, board, games, points});
}

}  // namespace

void EventBuilder::build_team(Event& event) {
  // Each player's team: the players file's team column (rows naming another were left out when
  // read), else the team most of the player's rows name (the first named on a tie). A row
  // naming another team is reported and left out, for both players of its game.
  std::vector<std::int32_t> team_of(entries_.size(), -1);
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    if (!entries_[p].team.empty()) team_of[p] = remember_team(entries_[p].team);
  }
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    if (team_of[p] >= 0) continue;
    std::vector<std::array<std::uint32_t, 3>> votes;  // team, rows, first line
    for (const Slot& s : slots_of(p)) {
      if (s.team < 0) continue;
      auto it = std::find_if(votes.begin(), votes.end(), [&](const auto& v) {
        return v[0] == static_cast<std::uint32_t>(s.team);
      });
      if (it == votes.end()) {
        votes.push_back({static_cast<std::uint32_t>(s.team), 1, s.line});
      } else {
        ++(*it)[1];
        (*it)[2] = std::min((*it)[2], s.line);
      }
    }
    const auto best = std::max_element(
        votes.begin(), votes.end(),
        [](const auto& a, const auto& b) { return a[1] != b[1] ? a[1] < b[1] : a[2] > b[2]; });
    if (best != votes.end()) team_of[p] = static_cast<std::int32_t>((*best)[0]);
  }
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    for (Slot& s : slots_of(p)) {
      if (s.empty() || s.team < 0 || s.team == team_of[p]) continue;
      diagnostics_.error(
          lines_.where(s.line),
          fmt::format("'{}' plays for team '{}' in this row but for '{}' "
                      "elsewhere: the row is left out",
                      entries_[p].name, team_names_[static_cast<std::size_t>(s.team)],
                      team_names_[static_cast<std::size_t>(team_of[p])]));
      if (!s.bye()) {
        if (Slot* o = find(s.opponent, s.round);
            o != nullptr && o->opponent == static_cast<std::int32_t>(p)) {
          *o = Slot{};
        }
      }
      s = Slot{};
    }
  }
  freeze();
  for (std::size_t p = 0; p < entries_.size(); ++p) {
    const std::span<const Slot> slots = slots_of(p);
    std::uint32_t first_line = 0;
    for (const Slot& s : slots) {
      if (s.present()) {
        first_line = s.line;
        break;
      }
    }
    if (team_of[p] < 0 && first_line > 0) {
      diagnostics_.error(lines_.where(first_line),
                         fmt::format("'{}' has no team (give white_team/black_team columns or a "
                                     "team column in the players file)",
                                     entries_[p].name));
    }
  }
  const std::size_t team_count = team_names_.size();
  const bool two_game = any_game_number_;
  event.two_game_matches = two_game;
  // Board points decide a two-game match in the Shatar book (tournaments.md); the Go and Xigua
  // books score every team match on game points and have no board points.
  const bool board_points_decide =
      two_game && (options_.game == Game::shatar || options_.game == Game::chess);
  if (!options_.round_robin) {
    // A team round robin: every team meets every other team. Known before the matches are
    // valued, because a team's bye is worth nothing there (the points differ), and a match
    // is known by its games, as below.
    std::vector<std::set<std::int32_t>> met(team_count);
    for (std::size_t p = 0; p < entries_.size(); ++p) {
      if (team_of[p] < 0) continue;
      for (const Slot& s : slots_of(p)) {
        if (!s.game() || s.decided() == 0 || s.round > event.rounds) continue;
        const std::int32_t other = team_of[static_cast<std::size_t>(s.opponent)];
        if (other >= 0 && other != team_of[p])
          met[static_cast<std::size_t>(team_of[p])].insert(other);
      }
    }
    event.round_robin = team_count >= 2 && std::all_of(met.begin(), met.end(), [&](const auto& m) {
                          return m.size() == team_count - 1;
                        });
    set_point_system(event);
  }
  const PointSystem& pts = event.points;
  for (std::size_t t = 0; t < team_count; ++t) {
    Participant team;
    team.id = team_names_[t];
    team.name = team_names_[t];
    for (std::size_t p = 0; p < entries_.size(); ++p) {
      if (team_of[p] == static_cast<std::int32_t>(t)) team.members.push_back(entries_[p].name);
    }
    team.rounds.resize(static_cast<std::size_t>(event.rounds));
    team.match_board_points.resize(static_cast<std::size_t>(event.rounds));
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
      // The team's colour: its member's on the match's first board (FIDE's team Swiss rules
      // give a team the colour of its first board), for the crosstable's letter.
      int first_board = 0;
      Seat seat = Seat::none;
      std::optional<GameResult> bye;
      std::vector<std::pair<int, Points>> boards;
      std::vector<std::pair<int, Points>> bye_boards;  // a team bye: each member's bye, by board
      struct Vacant {  // a member's bye row (not Z), for a round the team may have a match in
        std::size_t player;
        GameResult result;
        int board;
        Points points;
        std::uint32_t line;
      };
      std::vector<Vacant> vacant;
    };
    std::vector<Match> matches(team_count);
    for (std::size_t p = 0; p < entries_.size(); ++p) {
      if (team_of[p] < 0) continue;
      const Slot* found = find(static_cast<int>(p), r);
      if (found == nullptr || found->empty()) continue;
      const Slot& s = *found;
      Match& m = matches[static_cast<std::size_t>(team_of[p])];
      if (m.line == 0 || s.line < m.line) m.line = s.line;
      m.warnings += s.warnings;
      // The member's board: the row's, else the member's place in the team.
      const auto board_of = [&](const Slot& slot) {
        if (slot.board != 0) return static_cast<int>(slot.board);
        int index = 0;
        for (std::size_t q = 0; q < p; ++q) index += team_of[q] == team_of[p] ? 1 : 0;
        return index + 1;
      };
      if (s.bye()) {
        if (s.bye_result != GameResult::zero_point_bye)
          m.vacant.push_back(
              {p, s.bye_result, board_of(s), bye_value(pts, s.bye_result).points, s.line});
        m.bye = s.bye_result;
        // A team's bye gives each member with a bye row what that bye is worth to a player,
        // on the member's board: a pairing-allocated bye a win on every board (C.07 12), as
        // FIDE's program counts it.
        m.bye_boards.emplace_back(board_of(s), bye_value(pts, s.bye_result).points);
        continue;
      }
      if (s.decided() == 0) continue;
      const std::int32_t other_team = team_of[static_cast<std::size_t>(s.opponent)];
      if (other_team == team_of[p]) {
        if (static_cast<std::int32_t>(p) > s.opponent) continue;  // reported from the other side
        diagnostics_.error(
            lines_.where(s.line),
            fmt::format("'{}' and '{}' are both of team '{}' but play each other", entries_[p].name,
                        entries_[static_cast<std::size_t>(s.opponent)].name,
                        team_names_[static_cast<std::size_t>(other_team)]));
        continue;
      }
      if (other_team < 0) continue;
      if (m.opponent >= 0 && m.opponent != other_team) {
        diagnostics_.error(lines_.where(s.line),
                           fmt::format("team '{}' meets both '{}' and '{}' in round {}",
                                       team_names_[static_cast<std::size_t>(team_of[p])],
                                       team_names_[static_cast<std::size_t>(m.opponent)],
                                       team_names_[static_cast<std::size_t>(other_team)], r));
        continue;
      }
      m.opponent = other_team;
      const Points mine =
          slot_game_points(pts, s.wins, s.draws, s.losses, s.forfeit_wins, s.forfeit_losses);
      const Slot* o = find(s.opponent, r);
      const Points theirs = o == nullptr ? Points()
                                         : slot_game_points(pts, o->wins, o->draws, o->losses,
                                                            o->forfeit_wins, o->forfeit_losses);
      m.game_points += mine;
      // Board points (two-game matches): per board, the game points decide 1 / ½ / 0.
      m.board_points += mine > theirs    ? Points::whole(1)
                        : mine == theirs ? Points::from_halves(1)
                                         : Points();
      m.over_the_board += s.over_the_board();
      m.forfeit_wins += s.forfeit_wins;
      m.forfeit_losses += s.forfeit_losses;
      ++m.games;
      const int board = board_of(s);
      m.boards.emplace_back(board, mine);
      if (m.first_board == 0 || board < m.first_board) {
        m.first_board = board;
        m.seat = s.seat;
      }
      if (board <= 64) {
        add_board_result(event.participants[static_cast<std::size_t>(team_of[p])], entries_[p].name,
                         board, s.decided(), mine);
      }
    }
    // A member's full-point bye in a round its team has a match: the board the other team left
    // vacant, won by forfeit (the row names no opponent): a board of the match, which the match
    // result must count. A half-point or pairing bye has no place in a match and is said to
    // count nothing; a zero-point bye (a member who did not play) counts nothing.
    for (std::size_t t = 0; t < team_count; ++t) {
      Match& m = matches[t];
      if (m.opponent < 0 || !m.bye) continue;
      for (const Match::Vacant& v : m.vacant) {
        if (v.result != GameResult::full_point_bye) {
          diagnostics_.warning(
              lines_.where(v.line),
              fmt::format(
                  "'{}' has a {} in round {}, when team '{}' has a match: it counts "
                  "nothing (a board the other team left vacant is an F row)",
                  entries_[v.player].name,
                  v.result == GameResult::half_point_bye ? "half-point bye (H)" : "pairing bye", r,
                  team_names_[t]));
          continue;
        }
        // In two-game matches the vacant board is both its games, won by forfeit.
        const int games = two_game ? 2 : 1;
        const Points won = two_game ? v.points + v.points : v.points;
        m.game_points += won;
        m.board_points += Points::whole(1);
        m.forfeit_wins += games;
        m.games += games;
        m.boards.emplace_back(v.board, won);
        if (v.board <= 64)
          add_board_result(event.participants[t], entries_[v.player].name, v.board, games, won);
      }
      m.bye.reset();
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
        record.seat = m.seat;
        record.game_points = m.game_points;
        record.board_points = m.board_points;
        Outcome outcome =
            board_points_decide ? outcome_of(m.board_points, o.board_points) : Outcome::draw;
        if (outcome == Outcome::draw) outcome = outcome_of(m.game_points, o.game_points);
        record.outcome = outcome;
        record.points = outcome == Outcome::win    ? pts.match_win
                        : outcome == Outcome::draw ? pts.match_draw
                                                   : pts.match_loss;
        record.kind = m.over_the_board > 0                ? RoundKind::played
                      : m.forfeit_wins > m.forfeit_losses ? RoundKind::forfeit_win
                                                          : RoundKind::forfeit_loss;
        std::vector<Points>& boards = team.match_board_points[static_cast<std::size_t>(r - 1)];
        for (auto [board, points] : m.boards) {
          if (board > 64) continue;
          if (boards.size() < static_cast<std::size_t>(board)) {
            boards.resize(static_cast<std::size_t>(board));
          }
          boards[static_cast<std::size_t>(board - 1)] += points;
        }
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
        if (event.round_robin && value.kind == RoundKind::pairing_bye &&
            record.points == Points()) {
          record.kind = RoundKind::none;
        }
        record.outcome = outcome_by_points(record.points, event.win_points(), event.draw_points());
        for (auto [board, points] : m.bye_boards) {
          if (board < 1 || board > 64 || points == Points()) continue;
          record.game_points += points;
          if (team.board_game_points.size() < static_cast<std::size_t>(board)) {
            team.board_game_points.resize(static_cast<std::size_t>(board));
          }
          team.board_game_points[static_cast<std::size_t>(board - 1)] += points;
        }
      }
      team.score += record.points;
      team.game_points += record.game_points;
      team.board_points += record.board_points;
      team.warnings += record.warnings;
      team.rounds[static_cast<std::size_t>(r - 1)] = record;
    }
  }
}

}  // namespace boardgames
