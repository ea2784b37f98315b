// The TRF for the rating report, written from any individual event (trf.h).
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/trf.h"
#include "boardgames/tournament/swiss.h"

namespace boardgames::swiss {

namespace {

constexpr int kListedCuts = 10;  // warnings of cut fields, then one that counts the rest

// `text` cut to at most `width` bytes at a character boundary, then padded with spaces: a TRF's
// columns are counted in bytes.
std::string fixed_width(std::string_view text, std::size_t width) {
  std::size_t end = std::min(text.size(), width);
  // Back to the start of a character: never cut a UTF-8 sequence.
  while (end > 0 && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
    --end;
  // A line break or tab in a name (a quoted CSV field may hold one) would break the line.
  std::string cell = one_line(text.substr(0, end));
  cell.resize(width, ' ');
  return cell;
}

// One round of a player line: opponent, colour, result, as columns 92-99 of round 1.
std::string round_entry(const Event& event, const RoundRecord& r) {
  auto opponent = [&]() {
    return r.opponent >= 0 ? event.participants[static_cast<std::size_t>(r.opponent)].number : 0;
  };
  const char colour = r.seat == Seat::first ? 'w' : r.seat == Seat::second ? 'b' : '-';
  switch (r.kind) {
    case RoundKind::played: {
      const char result = r.outcome == Outcome::win ? '1' : r.outcome == Outcome::draw ? '=' : '0';
      return fmt::format("{:4} {} {}", opponent(), colour, result);
    }
    case RoundKind::forfeit_win:
      return fmt::format("{:4} {} +", opponent(), colour);
    case RoundKind::forfeit_loss:
      return fmt::format("{:4} {} -", opponent(), colour);
    case RoundKind::pairing_bye:
      return "0000 - U";
    case RoundKind::full_bye:
      return "0000 - F";
    case RoundKind::half_bye:
      return "0000 - H";
    default:
      return "0000 - Z";
  }
}

// Columns `first`..`last` (1-based) of a line, trimmed, as UTF-8.
std::string columns(std::string_view line, std::size_t first, std::size_t last) {
  if (first > line.size()) return {};
  std::string_view text = line.substr(first - 1, last - first + 1);
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return replace_invalid_utf8(text);
}

}  // namespace

PlayerList trf_players(const TrfFile& trf) {
  PlayerList list;
  const auto& participants = trf.event.participants;
  for (std::size_t i = 0; i < participants.size(); ++i) {
    Player player;
    player.id = participants[i].id;
    player.name = participants[i].name;
    player.rating = participants[i].rating;
    if (i < trf.player_line.size()) {
      const auto index = static_cast<std::size_t>(trf.player_line[i]);
      if (index < trf.lines.size()) {
        const std::string_view line = trf.lines[index];
        player.title = columns(line, 11, 13);
        player.federation = columns(line, 54, 56);
      }
    }
    list.players.push_back(std::move(player));
  }
  list.build_index();
  return list;
}

std::optional<Problem> write_trf_report(const Event& event, const std::vector<int>& ranks,
                                        const PlayerList& players, const EventDetails& details,
                                        Diagnostics& diagnostics, std::string& out) {
  if (event.format != EventFormat::individual)
    return Problem{"a TRF reports games between individual players, not matches or teams", {}, {}};
  // A rating past the four columns TRF gives it would shift every later column: the file
  // written would not read back.
  for (const Participant& who : event.participants) {
    if (who.rating && (*who.rating < 0 || *who.rating > 9999)) {
      return Problem{fmt::format("'{}' has rating {}, which the TRF's four rating columns cannot "
                                 "hold (0 to 9999): no TRF written",
                                 excerpt(who.name), *who.rating),
                     {players.source.empty() ? event.file : players.source, 0, 0},
                     {}};
    }
  }
  const std::string_view untitled = event.round_robin ? "Round robin" : "Swiss event";
  out += fmt::format("012 {}\n", details.title.empty() ? untitled : details.title);
  if (!details.place.empty()) out += fmt::format("022 {}\n", details.place);
  if (!details.begin_date.empty()) {
    out += fmt::format("042 {}\n", trf_date(details.begin_date));
    out += fmt::format("052 {}\n",
                       trf_date(details.end_date.empty() ? details.begin_date : details.end_date));
  }
  out += fmt::format("062 {}\n", event.participants.size());
  out += fmt::format("XXR {}\n", std::max(event.rounds, event.planned_rounds));
  if (const auto seat = infer_initial_colour(event))
    out += *seat == Seat::first ? "XXC white1\n" : "XXC black1\n";
  const PointSystem& p = event.points;
  const PointSystem fide = default_point_system(Game::chess, /*round_robin=*/false);
  if (p.win != fide.win || p.draw != fide.draw || p.loss != fide.loss || p.pairing_bye != p.win ||
      p.zero_bye != fide.zero_bye) {
    out += fmt::format("BBW {:>4}\nBBD {:>4}\nBBL {:>4}\nBBZ {:>4}\nBBF {:>4}\nBBU {:>4}\n",
                       tenths_text(p.win), tenths_text(p.draw), tenths_text(p.loss),
                       tenths_text(p.zero_bye), tenths_text(p.forfeit_loss),
                       tenths_text(p.pairing_bye));
  }
  // In pairing-number order.
  std::vector<std::size_t> order(event.participants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return event.participants[a].number < event.participants[b].number;
  });
  int cut = 0;  // participants with a field cut to its columns
  const std::string& source = players.source.empty() ? event.file : players.source;
  for (const std::size_t i : order) {
    const Participant& who = event.participants[i];
    const Player* player = nullptr;
    if (const auto found = players.find(who.id); found.match == PlayerList::Match::found)
      player = &players.players[found.index];
    // What does not fit its columns is cut (the file must read back), and said.
    std::vector<std::string> cuts;
    auto check_width = [&](std::string_view field, std::string_view value, std::size_t width) {
      if (value.size() > width)
        cuts.push_back(
            fmt::format("{} '{}' to '{}'", field, excerpt(value), trim(fixed_width(value, width))));
    };
    check_width("name", who.name, 33);
    if (player != nullptr) {
      check_width("title", player->title, 3);
      check_width("federation", player->federation, 3);
    }
    if (!cuts.empty() && cut++ < kListedCuts) {
      diagnostics.warning({source, player != nullptr ? player->line : 0, 0},
                          fmt::format("the TRF's columns cut {}", fmt::join(cuts, ", ")));
    }
    const std::string rating = who.rating ? std::to_string(*who.rating) : std::string();
    std::string line =
        fmt::format("001 {:4}  {:>3} {} {:>4} {} {:>11} {:10} {} {:4}", who.number,
                    fixed_width(player ? player->title : "", 3), fixed_width(who.name, 33), rating,
                    fixed_width(player ? player->federation : "", 3), "", "",
                    trf_points_field(event.points_scored(static_cast<int>(i))),
                    i < ranks.size() ? ranks[i] : 0);
    // The last round with a record: later rounds are left out, not written as absences.
    std::size_t last = who.rounds.size();
    while (last > 0 && who.rounds[last - 1].kind == RoundKind::none) --last;
    for (std::size_t r = 0; r < last; ++r) line += "  " + round_entry(event, who.rounds[r]);
    out += line;
    out += '\n';
  }
  if (cut > kListedCuts) {
    diagnostics.warning({source, 0, 0},
                        fmt::format("and {} more participants with a field cut to the TRF's "
                                    "columns",
                                    cut - kListedCuts));
  }
  return std::nullopt;
}

}  // namespace boardgames::swiss
