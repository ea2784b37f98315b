#include "boardgames/io/trf.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/tournament/event.h"  // credible_rounds

namespace boardgames::swiss {

bool looks_like_trf(std::string_view text) {
  // Any line end: CR alone (the standard's, and old Mac files') as well as LF and CRLF.
  std::size_t start = 0;
  while (start < text.size()) {
    if (text.substr(start).starts_with("001 ")) return true;
    const std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

std::string tenths_text(Points points) {
  const std::int64_t tenths = points.tenths();
  const bool negative = tenths < 0;
  const std::int64_t value = negative ? -tenths : tenths;
  std::string text = fmt::format("{}{}.{}", negative ? "-" : "", value / 10, value % 10);
  return text;
}

std::string trf_points_field(Points points) {
  std::string text = tenths_text(points);
  if (text.size() > 4 && points.tenths() % 10 == 0) text.resize(text.size() - 2);
  if (text.size() > 4) text.clear();
  return fmt::format("{:>4}", text);
}

std::optional<Points> parse_tenths(std::string_view text) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  bool negative = false;
  if (text.front() == '-') {
    negative = true;
    text.remove_prefix(1);
  }
  const auto dot = text.find_first_of(".,");
  const std::string_view whole = text.substr(0, dot);
  std::string_view fraction =
      dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  // Whole points up to kMaxTenths / 10: checked digit by digit, so no input can overflow.
  std::int64_t value = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
    if (value * 10 > kMaxTenths) return std::nullopt;
  }
  value *= 10;
  while (fraction.size() > 1 && fraction.back() == '0') fraction.remove_suffix(1);
  if (fraction.size() > 1) return std::nullopt;
  if (!fraction.empty()) {
    if (fraction[0] < '0' || fraction[0] > '9') return std::nullopt;
    value += fraction[0] - '0';
  }
  if (value > kMaxTenths) return std::nullopt;
  return Points::from_tenths(negative ? -value : value);
}

namespace {

// One round's entry as written: opponent number (0 none), colour and result characters.
struct RawEntry {
  int opponent = 0;
  char colour = ' ';
  char result = ' ';
  std::uint32_t column = 0;
  bool blank = true;
};

struct RawPlayer {
  int number = 0;
  std::string name;
  int rating = 0;
  std::optional<Points> points;
  std::vector<RawEntry> entries;
  std::uint32_t line = 0;
  std::size_t line_index = 0;
};

std::string_view field(std::string_view line, std::size_t first_column, std::size_t last_column) {
  // 1-based inclusive columns, clipped to the line.
  if (first_column - 1 >= line.size()) return {};
  return line.substr(first_column - 1, last_column - first_column + 1);
}

// The kind of round and its outcome, as the event builder gives them (forfeits won as wins,
// byes by their points: set once the point system is known).
bool kind_for(const RawEntry& raw, RoundRecord& record) {
  const char r = static_cast<char>(std::toupper(static_cast<unsigned char>(raw.result)));
  auto set = [&](RoundKind kind, Outcome outcome) {
    record.kind = kind;
    record.outcome = outcome;
    return true;
  };
  if (raw.opponent != 0) {
    switch (r) {
      case '1':
      case 'W':
        return set(RoundKind::played, Outcome::win);
      case '0':
      case 'L':
        return set(RoundKind::played, Outcome::loss);
      case '=':
      case 'D':
        return set(RoundKind::played, Outcome::draw);
      case '+':
        return set(RoundKind::forfeit_win, Outcome::win);
      case '-':
        return set(RoundKind::forfeit_loss, Outcome::loss);
      default:
        return false;
    }
  }
  switch (r) {
    case 'U':
    case '+':
      return set(RoundKind::pairing_bye, Outcome::none);  // `0000 - +`: older PAB
    case 'F':
      return set(RoundKind::full_bye, Outcome::none);
    case 'H':
    case '=':
      return set(RoundKind::half_bye, Outcome::none);
    case 'Z':
    case '-':
    case ' ':
    case '0':
    case 'L':
      return set(RoundKind::zero_bye, Outcome::none);
    default:
      return false;
  }
}

// The two records of one game agree: the same game seen from either side.
bool mirrored(const RoundRecord& e, const RoundRecord& o) {
  if (e.kind == RoundKind::played) {
    return o.kind == RoundKind::played &&
           ((e.outcome == Outcome::win && o.outcome == Outcome::loss) ||
            (e.outcome == Outcome::loss && o.outcome == Outcome::win) ||
            (e.outcome == Outcome::draw && o.outcome == Outcome::draw));
  }
  return (e.kind == RoundKind::forfeit_win && o.kind == RoundKind::forfeit_loss) ||
         (e.kind == RoundKind::forfeit_loss && o.kind == RoundKind::forfeit_win) ||
         (e.kind == RoundKind::forfeit_loss && o.kind == RoundKind::forfeit_loss);
}

// A code the TRF formats give a line (three digits: 012, 132, 013, ...; JaVaFo's XX and BB
// lines), or none (a blank line): other lines are not read, and said to be passed over.
bool is_trf_record_code(std::string_view code) {
  if (trim(code).empty() || code.starts_with("XX") || code.starts_with("BB")) return true;
  return std::all_of(code.begin(), code.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Reads a TRF: one method per record type, then the checks and the event built from them.
class TrfReader {
 public:
  TrfReader(const std::string& file_name, Diagnostics& sink, TrfReading use)
      : file(file_name), diagnostics(sink), reading(use) {}

  std::optional<TrfFile> read(std::string_view text) {
    // A UTF-8 byte-order mark is no part of the first line (its code would not be read).
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    split_lines(text);
    std::string_view first_day, last_day;  // the 042 and 052 lines
    std::size_t days_line = 0;
    for (std::size_t li = 0; li < trf.lines.size(); ++li) {
      const std::string_view line = trf.lines[li];
      if (line.size() < 3) continue;
      const std::string_view code = line.substr(0, 3);
      if (code == "001") {
        read_player(li, line);
      } else if (code == "012") {
        trf.title = text_field(li, 5, trim(line.substr(3)));
      } else if (code == "022") {
        trf.details.place = text_field(li, 5, trim(line.substr(3)));
      } else if (code == "042") {
        first_day = trim(line.substr(3));
        days_line = li;
      } else if (code == "052") {
        last_day = trim(line.substr(3));
        if (first_day.empty()) days_line = li;
      } else if (code == "XXR" || code == "142") {
        read_total_rounds(li, line);
      } else if (code == "XXC" || code == "152") {
        read_initial_colour(li, line, code);
      } else if (code == "XXP") {
        read_forbidden_xxp(li, line);
      } else if (code == "260") {
        read_forbidden_260(li, line);
      } else if (code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" ||
                 code == "BBF" || code == "BBU") {
        read_points(li, line, code);
      } else if (code == "192") {
        read_tournament_type(li, line);
      } else if (code == "XXA") {
        read_acceleration_xxa(li, line);
      } else if (code == "250") {
        read_acceleration_250(li, line);
      } else if (code == "240") {
        read_byes_240(li, line);
      } else if (code == "XXZ") {
        ignored(li, code,
                "JaVaFo's absences are not read (nor by the reference engine): enter 0000 - Z "
                "for the round to pair, or a 240 line");
      } else if (code == "XXS") {
        ignored(li, code,
                "JaVaFo's point system is not read: give it as BBW, BBD, ... lines or --points");
      } else if (trim(line).starts_with("001")) {
        // A player passed over would be paired as if absent, and every other pairing moves.
        error(li, 1, "a player line's 001 starts at column 1: the line cannot be read");
      } else if (!is_trf_record_code(code) && line.size() >= 84 &&
                 parse_integer(trim(line.substr(4, 4)))) {
        // Laid out as a player line (a pairing number in columns 5-8, the points by column 84):
        // a player left out would change every pairing, so nothing is paired.
        error(li, 1,
              fmt::format("'{}' is laid out as a player line, but its code is not 001: the player "
                          "cannot be read",
                          excerpt(code)));
      } else if (!is_trf_record_code(code)) {
        ignored(li, code, "not a TRF record code (a typing slip for 001?): the line is not read");
      }
    }
    warn_ignored();
    read_days(first_day, last_day, days_line);
    if (!check_players() || !check_rounds()) return std::nullopt;
    check_entries_beyond();
    build_participants();
    apply_byes_240();
    apply_acceleration();
    check_opponents();
    set_points_and_check_scores();
    if (reading == TrfReading::standings) leave_out_rounds_not_played();
    resolve_forbidden_pairs();
    if (!ok) return std::nullopt;
    return std::move(trf);
  }

 private:
  void error(std::size_t line_index, std::size_t column, std::string message) {
    diagnostics.error(
        {file, static_cast<std::uint32_t>(line_index + 1), static_cast<std::uint32_t>(column)},
        std::move(message));
    ok = false;
  }

  // A name or title as UTF-8: a file in Windows-1252 (as Swiss-Manager writes) is read as such,
  // and a note says so once (and once that bytes valid in neither were replaced).
  // The 042 and 052 lines as EventDetails' days, when they are days (YYYY/MM/DD as FIDE's
  // programs write them, or YYYY-MM-DD). Other forms are left out, and where is kept: a TRF
  // written from them would lack them, which only the tool writing one can say.
  void read_days(std::string_view first, std::string_view last, std::size_t li) {
    if (first.empty() && last.empty()) return;
    std::string days(first);
    if (!last.empty()) days += "," + std::string(last);
    std::replace(days.begin(), days.end(), '/', '-');
    EventDetails read;
    if (!first.empty() && !parse_event_dates(days, read)) {
      trf.details.begin_date = read.begin_date;
      trf.details.end_date = read.end_date;
    } else {
      trf.undated_days = {file, static_cast<std::uint32_t>(li + 1), 1};
    }
  }

  std::string text_field(std::size_t li, std::size_t column, std::string_view bytes) {
    std::string note;
    std::string text = record_text_to_utf8(bytes, &note);
    if (!note.empty() && std::find(notes.begin(), notes.end(), note) == notes.end()) {
      diagnostics.note(
          {file, static_cast<std::uint32_t>(li + 1), static_cast<std::uint32_t>(column)}, note);
      notes.push_back(std::move(note));
    }
    return text;
  }

  // Lines: CR, LF or CRLF (written back the same way).
  void split_lines(std::string_view text) {
    std::size_t pos = 0;
    bool saw_crlf = false;
    bool saw_cr = false;
    while (pos < text.size()) {
      const std::size_t end = text.find_first_of("\r\n", pos);
      if (end == std::string_view::npos) {
        trf.lines.emplace_back(text.substr(pos));
        break;
      }
      trf.lines.emplace_back(text.substr(pos, end - pos));
      if (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') {
        saw_crlf = true;
        pos = end + 2;
      } else {
        saw_cr = saw_cr || text[end] == '\r';
        pos = end + 1;
      }
    }
    trf.line_end = saw_crlf ? "\r\n" : saw_cr ? "\r" : "\n";
  }

  // 001: a player line and its round-by-round entries.
  void read_player(std::size_t li, std::string_view line) {
    RawPlayer p;
    p.line = static_cast<std::uint32_t>(li + 1);
    p.line_index = li;
    auto number = parse_integer(trim(field(line, 5, 8)));
    if (!number || *number <= 0) {
      error(li, 5,
            fmt::format("'{}' is not a pairing number (columns 5-8)",
                        excerpt(trim(field(line, 5, 8)))));
      return;
    }
    p.number = static_cast<int>(*number);
    // Shown in the pairing table as UTF-8 (the line itself is written back as it was).
    p.name = text_field(li, 15, trim(field(line, 15, 47)));
    const std::string_view rating = trim(field(line, 49, 52));
    if (!rating.empty()) {
      auto r = parse_integer(rating);
      if (!r || *r < 0) {
        error(li, 49, fmt::format("'{}' is not a rating (columns 49-52)", excerpt(rating)));
      } else {
        p.rating = static_cast<int>(*r);
      }
    }
    const std::string_view score = trim(field(line, 81, 84));
    if (!score.empty()) {
      p.points = parse_tenths(score);
      if (!p.points)
        error(li, 81, fmt::format("'{}' is not a score (columns 81-84)", excerpt(score)));
    }
    for (std::size_t start = 92; start <= line.size(); start += 10) {
      RawEntry e;
      e.column = static_cast<std::uint32_t>(start);
      const std::string_view opponent = field(line, start, start + 3);
      const std::string_view t = trim(opponent);
      if (!t.empty()) {
        auto o = parse_integer(t);
        if (!o || *o < 0) {
          error(li, start, fmt::format("'{}' is not an opponent's number", excerpt(t)));
          break;
        }
        e.opponent = static_cast<int>(*o);
        e.blank = false;
      }
      const std::string_view colour = field(line, start + 5, start + 5);
      const std::string_view result = field(line, start + 7, start + 7);
      e.colour = colour.empty() ? ' ' : colour[0];
      e.result = result.empty() ? ' ' : result[0];
      if (e.colour != ' ' || e.result != ' ') e.blank = false;
      p.entries.push_back(e);
    }
    while (!p.entries.empty() && p.entries.back().blank) p.entries.pop_back();
    raw_players.push_back(std::move(p));
    trf.player_line.push_back(static_cast<int>(li));
  }

  // XXR n, or 142 n: the total rounds.
  void read_total_rounds(std::size_t li, std::string_view line) {
    auto n = parse_integer(trim(line.substr(3)));
    if (!n || *n <= 0 || *n > 1000) {
      error(li, 5,
            fmt::format("'{}' is not a number of rounds (1 to 1000)",
                        excerpt(trim(line.substr(3)), 20)));
    } else {
      trf.event.planned_rounds = static_cast<int>(*n);
      trf.rounds_given = true;
    }
  }

  // XXC rank|white1|black1 (JaVaFo's settings, in any combination: "XXC rank white1"), or
  // 152 W|B: the initial colour, and whether the order of the player lines is the pairing order
  // (`rank`: JaVaFo's positional ids, as the reference engine reads them).
  void read_initial_colour(std::size_t li, std::string_view line, std::string_view code) {
    std::string value = to_lower_ascii(trim(line.substr(3)));
    std::replace(value.begin(), value.end(), '\t', ' ');
    for (std::string_view token : split(value, ' ')) {
      if (token.empty()) continue;
      if (token == "rank" && code == "XXC") {
        trf.event.pair_by_position = true;
      } else if (token == "white1" || token == "white" || token == "w") {
        set_initial_colour(Seat::first);
      } else if (token == "black1" || token == "black" || token == "b") {
        set_initial_colour(Seat::second);
      } else {
        error(li, 5,
              fmt::format("'{}' is not {}", excerpt(token, 20),
                          code == "XXC" ? "a setting of XXC (rank, white1 or black1)"
                                        : "an initial colour (W or B)"));
      }
    }
  }

  void set_initial_colour(Seat seat) {
    trf.event.initial_seat = seat;
    trf.colour_given = true;
  }

  // 192: the tournament type. The Dutch system is what is paired; anything else is said.
  void read_tournament_type(std::size_t li, std::string_view line) {
    const std::string_view value = trim(line.substr(3));
    const std::string lower = to_lower_ascii(value);
    if (lower.starts_with("fide_dutch") && lower.ends_with("baku")) {
      baku_line = li;  // applied once the players are known, unless XXA or 250 lines give it
    } else if (lower.find("baku") != std::string::npos) {
      ignored(
          li, "192",
          fmt::format("'{}' asks for a Baku acceleration of another system: paired by the Dutch "
                      "system without acceleration",
                      excerpt(value)));
    } else if (!lower.empty() && !lower.starts_with("fide_dutch")) {
      ignored(li, "192",
              fmt::format("'{}' is not the Dutch system: paired by the Dutch system all the same",
                          excerpt(value)));
    }
  }

  // XXA NNNN pp.p pp.p ...: a player's virtual points, round by round (JaVaFo's TRF(x)): the
  // pairing number in columns 5-8, then 4 columns a round from column 10, 5 apart (blank: 0).
  void read_acceleration_xxa(std::size_t li, std::string_view line) {
    manual_acceleration = true;
    const std::string_view number_text = trim(field(line, 5, 8));
    auto number = parse_integer(number_text);
    if (!number || *number <= 0 || *number > kMaxPairingNumber) {
      error(li, 5,
            fmt::format("'{}' is not a pairing number (1 to {})", excerpt(number_text, 20),
                        kMaxPairingNumber));
      return;
    }
    std::vector<Points> points;
    for (std::size_t start = 10; start <= line.size(); start += 5) {
      if (!trim(field(line, start - 1, start - 1)).empty()) {
        error(li, start - 1, "XXA: the points of each round take columns 10-13, 15-18, ...");
        return;
      }
      const std::string_view text = trim(field(line, start, start + 3));
      auto value = text.empty() ? std::optional<Points>(Points()) : parse_tenths(text);
      if (!value || value->tenths() < 0 || value->tenths() > kMaxResultTenths) {
        error(li, start,
              fmt::format("'{}' is not a number of virtual points from 0 to {}", excerpt(text, 20),
                          tenths_text(Points::from_tenths(kMaxResultTenths))));
        return;
      }
      points.push_back(*value);
    }
    const int end = static_cast<int>(points.size());
    accelerations.push_back(
        {static_cast<int>(*number), static_cast<int>(*number), 0, end, std::move(points), li});
  }

  // 250 MMMM GGGG RRR RRR PPPP PPPP (TRF-2026): virtual game points GGGG (columns 10-13) in
  // rounds 15-17 to 19-21 for pairing numbers 23-26 to 28-31; match points (5-8) must be blank.
  void read_acceleration_250(std::size_t li, std::string_view line) {
    manual_acceleration = true;
    auto number_at = [&](std::size_t first, std::size_t last, int most) -> std::optional<int> {
      const std::string_view text = trim(field(line, first, last));
      auto n = parse_integer(text);
      if (!n || *n <= 0 || *n > most) {
        error(li, first,
              fmt::format("'{}' is not a number from 1 to {} (columns {}-{})", excerpt(text, 20),
                          most, first, last));
        return std::nullopt;
      }
      return static_cast<int>(*n);
    };
    const std::string_view match_points = trim(field(line, 5, 8));
    const auto game_points = parse_tenths(field(line, 10, 13));
    if (!match_points.empty() && parse_tenths(match_points) != Points()) {
      error(li, 5, "250: virtual match points (team events) are not supported");
      return;
    }
    if (!game_points || game_points->tenths() <= 0 || game_points->tenths() > kMaxResultTenths) {
      error(li, 10,
            fmt::format("'{}' is not a number of virtual points from 0.1 to {}",
                        excerpt(trim(field(line, 10, 13)), 20),
                        tenths_text(Points::from_tenths(kMaxResultTenths))));
      return;
    }
    const auto first_round = number_at(15, 17, 999);
    const auto last_round = number_at(19, 21, 999);
    const auto first_player = number_at(23, 26, kMaxPairingNumber);
    const auto last_player = number_at(28, 31, kMaxPairingNumber);
    if (!first_round || !last_round || !first_player || !last_player) return;
    if (*first_round > *last_round || *first_player > *last_player) {
      error(li, 15, "250: a range of rounds or players that runs backwards");
      return;
    }
    accelerations.push_back(
        {*first_player, *last_player, *first_round - 1, *last_round, {*game_points}, li});
  }

  // 240 T RRR PPPP PPPP ... (TRF-2026): byes of type T (H, F, Z; columns 5) in round RRR
  // (7-9) for the pairing numbers from column 11, 5 apart. Those of the round to pair make the
  // players absent from it, as the reference engine reads them; the others the player lines
  // already show.
  void read_byes_240(std::size_t li, std::string_view line) {
    const char type = static_cast<char>(std::toupper(
        static_cast<unsigned char>(field(line, 5, 5).empty() ? ' ' : field(line, 5, 5)[0])));
    const std::string_view round_text = trim(field(line, 7, 9));
    auto round = parse_integer(round_text);
    if (!round || *round <= 0 || *round > 999) {
      error(li, 7, fmt::format("'{}' is not a round (1 to 999)", excerpt(round_text, 20)));
      return;
    }
    if (type != 'H' && type != 'F' && type != 'Z') {
      error(li, 5,
            fmt::format("'{}' is not a bye (H, F or Z)", excerpt(std::string_view(&type, 1))));
      return;
    }
    for (std::size_t start = 11; start <= line.size(); start += 5) {
      const std::string_view t = trim(field(line, start, start + 3));
      if (t.empty()) continue;
      auto n = parse_integer(t);
      if (!n || *n <= 0 || *n > kMaxPairingNumber) {
        error(li, start,
              fmt::format("'{}' is not a pairing number (1 to {})", excerpt(t, 20),
                          kMaxPairingNumber));
        return;
      }
      byes_240.push_back({static_cast<int>(*round), static_cast<int>(*n), type, li, start});
    }
  }

  void apply_byes_240() {
    for (const Bye240& bye : byes_240) {
      auto it = by_number.find(bye.number);
      if (it == by_number.end()) {
        error(bye.line_index, bye.column,
              fmt::format("bye of player {}: no such player", bye.number));
        continue;
      }
      if (bye.round != played + 1) continue;
      Participant& p = trf.event.participants[static_cast<std::size_t>(it->second)];
      if (p.absent) continue;  // the player line's own entry for the round
      p.absent = true;
      p.absence = bye.type == 'H'   ? RoundKind::half_bye
                  : bye.type == 'F' ? RoundKind::full_bye
                                    : RoundKind::zero_bye;
    }
  }

  // The virtual points onto the players: XXA and 250 lines as given (a later line overwrites
  // the rounds it names), else the Baku acceleration a 192 line asks for, as bbpPairings
  // computes it: the first half of the players in pairing order (rounded up; C.04.7 says
  // 2 x ceil(N/4)) get a win's points in the first ceil(R/2) rounds' first half (rounded up),
  // a draw's in the rest of them.
  void apply_acceleration() {
    const int rounds = trf.event.planned_rounds;
    const std::size_t budget =
        64 * raw_players.size() * (static_cast<std::size_t>(played) + 1) + 1024;
    std::size_t written = 0;
    for (const Acceleration& a : accelerations) {
      if (a.number == a.last_number && !by_number.count(a.number)) {
        error(a.line_index, 5,
              fmt::format("virtual points of player {}: no such player", a.number));
        continue;
      }
      auto value = [&](int round) {  // 0-based
        return a.points.size() == 1 ? a.points.front()
                                    : a.points[static_cast<std::size_t>(round - a.first_round)];
      };
      int last_given = a.end_round;  // the last round with virtual points, 1-based
      while (last_given > a.first_round && value(last_given - 1) == Points()) --last_given;
      if (rounds > 0 && last_given > rounds) {
        error(a.line_index, 5,
              fmt::format("virtual points for round {}, but the event has {} rounds", last_given,
                          rounds));
        continue;
      }
      // Only the rounds paired and the round to pair matter; the work is bounded by what the
      // lines can mean (each (player, round) written a few times over at most).
      const int end = std::min(a.end_round, played + 1);
      if (a.first_round >= end) continue;
      for (auto it = by_number.lower_bound(a.number);
           it != by_number.end() && it->first <= a.last_number; ++it) {
        written += static_cast<std::size_t>(end - a.first_round);
        if (written > budget) {
          error(a.line_index, 1,
                "more XXA and 250 lines than the players and rounds can mean (each player's "
                "round set 64 times over)");
          return;
        }
        auto& target = trf.event.participants[static_cast<std::size_t>(it->second)].acceleration;
        if (target.size() < static_cast<std::size_t>(end))
          target.resize(static_cast<std::size_t>(end));
        for (int round = a.first_round; round < end; ++round)
          target[static_cast<std::size_t>(round)] = value(round);
      }
    }
    if (!baku_line || manual_acceleration) return;
    const PointSystem& points = trf.event.points;
    if (points.loss != Points() || points.draw + points.draw != points.win) {
      error(*baku_line, 5, "the Baku acceleration needs a loss worth 0 and a win worth two draws");
      return;
    }
    if (rounds == 0) {
      error(*baku_line, 5, "the Baku acceleration needs the total number of rounds (XXR)");
      return;
    }
    const std::size_t accelerated = static_cast<std::size_t>((rounds - 1) / 2 + 1);
    const std::size_t full = static_cast<std::size_t>((rounds - 1) / 2 / 2 + 1);
    const std::vector<int> order = pairing_order(trf.event);
    const std::size_t group = (order.size() + 1) / 2;
    for (std::size_t k = 0; k < group; ++k) {
      auto& target = trf.event.participants[static_cast<std::size_t>(order[k])].acceleration;
      target.assign(accelerated, points.draw);
      std::fill(target.begin(), target.begin() + static_cast<std::ptrdiff_t>(full), points.win);
    }
  }

  // A line read but not applied although it changes the pairing: one warning per code, at its
  // first line, with how many lines it has.
  void ignored(std::size_t li, std::string_view code, std::string what) {
    for (Ignored& seen : ignored_lines) {
      if (seen.code == code) {
        ++seen.count;
        return;
      }
    }
    ignored_lines.push_back({std::string(code), std::move(what), li, 1});
  }

  void warn_ignored() {
    for (const Ignored& seen : ignored_lines) {
      diagnostics.warning(
          {file, static_cast<std::uint32_t>(seen.line_index + 1), 1},
          fmt::format("{}{} line{}: {}", seen.count == 1 ? "" : fmt::format("{} ", seen.count),
                      excerpt(seen.code), seen.count == 1 ? "" : "s", seen.what));
    }
  }

  // XXP a b ...: players who must not meet.
  void read_forbidden_xxp(std::size_t li, std::string_view line) {
    std::vector<int> group;
    // Each number at its own column (1-based), so that an error points at it.
    for (std::size_t at = 3; at < line.size();) {
      if (line[at] == ' ' || line[at] == '\t' || line[at] == '\r') {
        ++at;
        continue;
      }
      std::size_t end = at;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
      const std::string_view part = line.substr(at, end - at);
      const std::size_t column = at + 1;
      at = end;
      auto n = parse_integer(part);
      if (!n || *n <= 0 || *n > kMaxPairingNumber) {
        error(li, column,
              fmt::format("'{}' is not a pairing number (1 to {})", excerpt(part, 20),
                          kMaxPairingNumber));
        group.clear();
        break;
      }
      if (std::find(group.begin(), group.end(), static_cast<int>(*n)) != group.end()) {
        error(li, column,
              fmt::format("player {} is named twice in one XXP line: it lists players who must "
                          "not meet each other",
                          *n));
        group.clear();
        break;
      }
      group.push_back(static_cast<int>(*n));
    }
    if (group.size() >= 2) forbidden_groups.emplace_back(std::move(group), li);
  }

  // 260: the same, in the TRF-16 columns.
  void read_forbidden_260(std::size_t li, std::string_view line) {
    std::vector<int> group;
    for (std::size_t start = 13; start <= line.size(); start += 5) {
      const std::string_view t = trim(field(line, start, start + 3));
      if (t.empty()) continue;
      auto n = parse_integer(t);
      if (!n || *n <= 0) {
        error(li, start, fmt::format("'{}' is not a pairing number", excerpt(t)));
        group.clear();
        break;
      }
      group.push_back(static_cast<int>(*n));
    }
    if (group.size() >= 2) forbidden_groups.emplace_back(std::move(group), li);
  }

  // BBW, BBD, BBL, BBZ, BBF, BBU: the point system.
  void read_points(std::size_t li, std::string_view line, std::string_view code) {
    PointSystem& points = trf.event.points;
    auto value = parse_tenths(line.substr(3));
    if (!value || value->tenths() < 0 || value->tenths() > kMaxResultTenths) {
      error(li, 5,
            fmt::format("'{}' is not a number of points from 0 to {}",
                        excerpt(trim(line.substr(3)), 20),
                        tenths_text(Points::from_tenths(kMaxResultTenths))));
      return;
    }
    switch (code[2]) {
      case 'W':
        set_result_points(points, *value, points.draw, points.loss);
        break;
      case 'D':
        set_result_points(points, points.win, *value, points.loss);
        break;
      case 'L':
        set_result_points(points, points.win, points.draw, *value);
        break;
      case 'Z':
        points.zero_bye = *value;
        break;
      case 'F':
        points.forfeit_loss = *value;
        break;
      case 'U':
        points.pairing_bye = *value;
        break;
    }
  }

  // At least one player line; pairing numbers used once.
  bool check_players() {
    if (raw_players.empty()) {
      diagnostics.error({file, 0, 0}, "no player lines (001)");
      return false;
    }
    // Players by pairing number.
    for (std::size_t i = 0; i < raw_players.size(); ++i) {
      const RawPlayer& p = raw_players[i];
      if (!by_number.emplace(p.number, static_cast<int>(i)).second) {
        error(p.line_index, 5, fmt::format("pairing number {} appears twice", p.number));
      }
    }
    return true;
  }

  // The rounds played: 1..played, someone paired in each, no more than the entries can mean.
  bool check_rounds() {
    // Rounds played: the last round anybody was paired in; one entry more is the absence for
    // the round to be paired.
    for (const RawPlayer& p : raw_players) {
      for (std::size_t r = 0; r < p.entries.size(); ++r) {
        const RawEntry& e = p.entries[r];
        const char res = static_cast<char>(std::toupper(static_cast<unsigned char>(e.result)));
        if (e.opponent != 0 || res == 'U' || (res == '+' && e.opponent == 0))
          played = std::max(played, static_cast<int>(r) + 1);
      }
    }
    // The rounds paired must be 1..played, each with someone paired in it, and no more than the
    // entries can mean (credible_rounds: twice the average number of entries a player has, plus
    // 16): a round far beyond the others is one error, and no player's history is padded to it.
    {
      std::size_t filled = 0;
      struct Paired {
        int round;
        std::size_t line_index;
        std::uint32_t column;
        bool operator<(const Paired& other) const {
          return round != other.round ? round < other.round : line_index < other.line_index;
        }
      };
      std::vector<Paired> paired_rounds;
      for (const RawPlayer& p : raw_players) {
        for (std::size_t r = 0; r < p.entries.size(); ++r) {
          const RawEntry& e = p.entries[r];
          if (!e.blank) ++filled;
          const char res = static_cast<char>(std::toupper(static_cast<unsigned char>(e.result)));
          if (e.opponent != 0 || res == 'U' || (res == '+' && e.opponent == 0)) {
            paired_rounds.push_back({static_cast<int>(r) + 1, p.line_index, e.column});
          }
        }
      }
      const int limit = credible_rounds(raw_players.size(), filled);
      std::sort(paired_rounds.begin(), paired_rounds.end());
      int previous = 0;
      for (const Paired& paired : paired_rounds) {
        const int round = paired.round;
        if (round == previous) continue;
        if (round > limit) {
          error(
              paired.line_index, paired.column,
              fmt::format("round {} is beyond the rounds this file can have (at most {}: twice the "
                          "average number of "
                          "entries a player has, plus 16)",
                          round, limit));
          return false;
        }
        if (round > previous + 1) {
          error(paired.line_index, paired.column,
                fmt::format("round {} follows round {}, but {} nobody paired", round, previous,
                            round == previous + 2
                                ? fmt::format("round {} has", previous + 1)
                                : fmt::format("rounds {}–{} have", previous + 1, round - 1)));
          return false;
        }
        previous = round;
      }
    }
    return true;
  }

  void check_entries_beyond() {
    for (const RawPlayer& p : raw_players) {
      if (static_cast<int>(p.entries.size()) > played + 1) {
        error(
            p.line_index, p.entries[static_cast<std::size_t>(played + 1)].column,
            fmt::format("player {} has an entry for round {}, but only {} rounds have been paired",
                        p.number, played + 2, played));
      }
    }
  }

  // The last round (1-based) with a game that has a result, from the raw entries; computed once.
  int last_round_with_result() {
    if (last_result_round < 0) {
      last_result_round = 0;
      for (const RawPlayer& rp : raw_players) {
        for (std::size_t r = 0; r < rp.entries.size(); ++r) {
          const RawEntry& raw = rp.entries[r];
          if (raw.opponent != 0 && raw.result != ' ')
            last_result_round = std::max(last_result_round, static_cast<int>(r) + 1);
        }
      }
    }
    return last_result_round;
  }

  // The participants and their records (RoundRecord), as the event builder gives them.
  void build_participants() {
    trf.event.participants.resize(raw_players.size());
    trf.event.rounds = played;
    trf.event.file = file;
    for (std::size_t i = 0; i < raw_players.size(); ++i) {
      const RawPlayer& rp = raw_players[i];
      Participant& p = trf.event.participants[i];
      p.id = std::to_string(rp.number);
      p.number = rp.number;
      p.name = rp.name;
      if (rp.rating != 0) p.rating = rp.rating;
      p.declared_score = rp.points;
      for (std::size_t r = 0; r < rp.entries.size(); ++r) {
        const RawEntry& raw = rp.entries[r];
        RoundRecord entry;
        entry.line = rp.line;
        if (!kind_for(raw, entry)) {
          if (raw.opponent != 0 && raw.result == ' ' && reading == TrfReading::standings &&
              static_cast<int>(r) < played) {
            // Not yet played: counted absent, as the results CSV's empty result is.
            entry.kind = RoundKind::absent;
            entry.pending = 1;
            // A round none of whose games has a result is left out (leave_out_rounds_not_played):
            // nothing to warn about there.
            if (rp.number < raw.opponent && static_cast<int>(r) < last_round_with_result()) {
              diagnostics.warning(
                  {file, static_cast<std::uint32_t>(rp.line_index + 1),
                   static_cast<std::uint32_t>(raw.column + 7)},
                  fmt::format("round {}: the game of {} against {} has no result: both are "
                              "counted absent (a zero-point bye) until it has one",
                              r + 1, rp.number, raw.opponent));
            }
            p.rounds.push_back(entry);
            continue;
          }
          if (raw.opponent != 0 && raw.result == ' ') {
            error(rp.line_index, raw.column + 7,
                  fmt::format("round {}: the game against {} has no result yet", r + 1,
                              raw.opponent));
          } else {
            error(rp.line_index, raw.column + 7,
                  fmt::format("'{}' is not a result{}", excerpt(std::string_view(&raw.result, 1)),
                              raw.opponent != 0 ? " of a game" : " of a round without opponent"));
          }
          continue;
        }
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(raw.colour)));
        if (raw.opponent != 0) {
          auto it = by_number.find(raw.opponent);
          if (it == by_number.end() || raw.opponent == rp.number) {
            error(rp.line_index, raw.column,
                  fmt::format("opponent {} in round {} is not a player of this file", raw.opponent,
                              r + 1));
            continue;
          }
          entry.opponent = it->second;
          if (c == 'w')
            entry.seat = Seat::first;  // TRF's white: the first mover
          else if (c == 'b')
            entry.seat = Seat::second;
          else if (entry.played()) {
            error(rp.line_index, raw.column + 5,
                  fmt::format("a game in round {} without a colour ('w' or 'b')", r + 1));
            continue;
          }
        } else if (c == 'w' || c == 'b') {
          error(rp.line_index, raw.column + 5,
                fmt::format("a colour in round {} without an opponent", r + 1));
          continue;
        }
        if (static_cast<int>(r) == played) {
          // The round about to be paired: an absence (a requested bye).
          if (entry.opponent >= 0 || entry.kind == RoundKind::pairing_bye) {
            error(
                rp.line_index, raw.column,
                fmt::format(
                    "round {} is the one to pair: only an absence (H, F, Z) may be entered for it",
                    r + 1));
            continue;
          }
          p.absent = true;
          p.absence = entry.kind;
          continue;
        }
        p.rounds.push_back(entry);
      }
      RoundRecord absent;
      absent.kind = RoundKind::zero_bye;
      absent.line = rp.line;
      while (static_cast<int>(p.rounds.size()) < played) p.rounds.push_back(absent);
    }
  }

  // Opponents must agree.
  void check_opponents() {
    for (std::size_t i = 0; i < trf.event.participants.size() && ok; ++i) {
      const Participant& p = trf.event.participants[i];
      for (std::size_t r = 0; r < p.rounds.size(); ++r) {
        const RoundRecord& e = p.rounds[r];
        if (e.opponent < 0) continue;
        const RoundRecord& o =
            trf.event.participants[static_cast<std::size_t>(e.opponent)].rounds[r];
        const bool colours_ok = !e.played() || (o.seat == opposite(e.seat));
        if (o.opponent != static_cast<int>(i) || !colours_ok || !mirrored(e, o)) {
          const RawPlayer& rp = raw_players[i];
          error(rp.line_index, rp.entries[r].column,
                fmt::format(
                    "round {}: player {} has opponent {}, whose line does not show the same game",
                    r + 1, p.number,
                    trf.event.participants[static_cast<std::size_t>(e.opponent)].number));
        }
      }
    }
  }

  // For standings: the rounds after the last with a game that has a result (a round paired,
  // none of its results entered) are left out, as the results CSV leaves them out.
  void leave_out_rounds_not_played() {
    int last = 0;
    for (const Participant& p : trf.event.participants) {
      for (std::size_t r = 0; r < p.rounds.size(); ++r) {
        const RoundKind kind = p.rounds[r].kind;
        if (kind == RoundKind::played || kind == RoundKind::forfeit_win ||
            kind == RoundKind::forfeit_loss)
          last = std::max(last, static_cast<int>(r) + 1);
      }
    }
    if (last >= trf.event.rounds) return;
    trf.event.rounds = last;
    // The records left out take their points with them (a pairing-allocated bye of the round
    // paired but not played counted in the points, not in the rounds).
    for (Participant& p : trf.event.participants) {
      while (static_cast<int>(p.rounds.size()) > last) {
        p.score -= p.rounds.back().points;
        p.rounds.pop_back();
      }
    }
  }

  void set_points_and_check_scores() {
    // Each record's points and outcome by the file's point system (a bye's outcome by its points,
    // as the event builder gives it).
    const PointSystem& system = trf.event.points;
    for (Participant& p : trf.event.participants) {
      for (RoundRecord& record : p.rounds) {
        record.points = record.game_points = system.of(record);
        if (record.outcome == Outcome::none) {
          record.outcome = record.points >= system.win    ? Outcome::win
                           : record.points >= system.draw ? Outcome::draw
                                                          : Outcome::loss;
        }
        p.score += record.points;
      }
    }
    // The points column against the results.
    for (std::size_t i = 0; i < trf.event.participants.size() && ok; ++i) {
      const Participant& p = trf.event.participants[i];
      if (!p.declared_score) continue;
      const Points computed = trf.event.points_scored(static_cast<int>(i));
      // Programs that accelerate count the virtual points of the round to pair in the points
      // column, or not: the reference engine accepts either.
      const Points virtual_points = static_cast<std::size_t>(played) < p.acceleration.size()
                                        ? p.acceleration[static_cast<std::size_t>(played)]
                                        : Points();
      if (*p.declared_score == computed || *p.declared_score == computed + virtual_points) continue;
      if (p.absence) {
        // Some programs (JaVaFo's manual's own sample event) count the bye entered for the round
        // to be paired already; the reference engine accepts that, and pairs on the results.
        RoundRecord bye;
        bye.kind = *p.absence;
        const Points bye_points = system.of(bye);
        if (bye_points != Points() &&
            (*p.declared_score == computed + bye_points ||
             *p.declared_score == computed + bye_points + virtual_points)) {
          diagnostics.warning(
              {file, static_cast<std::uint32_t>(raw_players[i].line_index + 1), 81},
              fmt::format("player {} has {} points in the file: the results give {}, and the "
                          "{} entered for round {} (the round to be paired) {} more; paired "
                          "on {}",
                          p.number, tenths_text(*p.declared_score), tenths_text(computed),
                          round_kind_name(*p.absence), played + 1, tenths_text(bye_points),
                          tenths_text(computed)));
          continue;
        }
      }
      error(raw_players[i].line_index, 81,
            fmt::format("player {} has {} points in the file, but the results give {}", p.number,
                        tenths_text(*p.declared_score), tenths_text(computed)));
    }
  }

  void resolve_forbidden_pairs() {
    for (const auto& [group, li] : forbidden_groups) {
      // Each number of the line once: an unknown one is one error, not one per pair it is in
      // (a long XXP line of wrong numbers gave millions of lines).
      std::vector<int> known;
      for (const int number : group) {
        const auto found = by_number.find(number);
        if (found == by_number.end()) {
          error(li, 5, fmt::format("forbidden pairs with player {}: no such player", number));
        } else {
          known.push_back(found->second);
        }
      }
      for (std::size_t a = 0; a < known.size(); ++a) {
        for (std::size_t b = a + 1; b < known.size(); ++b)
          trf.event.forbidden.emplace_back(known[a], known[b]);
      }
    }
  }

  const std::string& file;
  Diagnostics& diagnostics;
  TrfFile trf;
  bool ok = true;
  TrfReading reading;
  std::vector<std::string> notes;  // the notes on text not in UTF-8 given (each once)
  std::vector<RawPlayer> raw_players;
  std::vector<std::pair<std::vector<int>, std::size_t>> forbidden_groups;  // numbers, line
  struct Bye240 {
    int round;
    int number;
    char type;
    std::size_t line_index;
    std::size_t column;
  };
  std::vector<Bye240> byes_240;
  struct Acceleration {
    int number;                  // pairing number (250: the first of a range)
    int last_number;             // the last of the range (XXA: number)
    int first_round;             // 0-based: the rounds before it are left as they are
    int end_round;               // 0-based, one past the last round it sets
    std::vector<Points> points;  // per round from first_round (XXA), or one for every round (250)
    std::size_t line_index;
  };
  std::vector<Acceleration> accelerations;
  bool manual_acceleration = false;      // XXA or 250 lines
  std::optional<std::size_t> baku_line;  // a 192 line asking for the Baku acceleration
  struct Ignored {
    std::string code;
    std::string what;
    std::size_t line_index;
    int count;
  };
  std::vector<Ignored> ignored_lines;
  std::map<int, int> by_number;  // pairing number -> player
  int played = 0;                // rounds paired
  int last_result_round = -1;    // last_round_with_result(), once computed
};

}  // namespace

std::optional<TrfFile> read_trf(std::string_view text, const std::string& file,
                                Diagnostics& diagnostics, TrfReading reading) {
  return TrfReader(file, diagnostics, reading).read(text);
}

std::string write_trf_with_round(const TrfFile& trf, const Event& event, const Pairing& pairing) {
  const int round = event.rounds_played() + 1;
  std::vector<std::string> lines = trf.lines;
  const PointSystem& points = event.points;
  const PointSystem& read = trf.event.points;
  // Points other than the file's (--points, --bye-points): the file says which, in BB lines,
  // and every points column is counted again by them, so that it reads back as it was paired.
  const bool other_points = points.win != read.win || points.draw != read.draw ||
                            points.loss != read.loss || points.zero_bye != read.zero_bye ||
                            points.forfeit_loss != read.forfeit_loss ||
                            points.pairing_bye != read.pairing_bye;
  // What each player gets in the new round: the pairing, or the bye entered for it.
  std::vector<std::string> entry(event.participants.size());
  std::vector<Points> added(event.participants.size());
  for (const Board& b : pairing.boards) {
    if (b.second < 0) {
      entry[static_cast<std::size_t>(b.first)] = "0000 - U";
      added[static_cast<std::size_t>(b.first)] = points.pairing_bye;
      continue;
    }
    const int w = event.participants[static_cast<std::size_t>(b.first)].number;
    const int k = event.participants[static_cast<std::size_t>(b.second)].number;
    entry[static_cast<std::size_t>(b.first)] = fmt::format("{:>4} w  ", k);
    entry[static_cast<std::size_t>(b.second)] = fmt::format("{:>4} b  ", w);
  }
  for (std::size_t i = 0; i < event.participants.size(); ++i) {
    std::string& line = lines[static_cast<std::size_t>(trf.player_line[i])];
    const Participant& p = event.participants[i];
    std::string text = entry[i];
    if (text.empty()) {
      // Absent: keep the absence as written (its points counted, as a PAB's are: the file
      // read back gives the results of the round once its games are entered), or a zero-point
      // bye.
      const char code = !p.absence                          ? 'Z'
                        : *p.absence == RoundKind::half_bye ? 'H'
                        : *p.absence == RoundKind::full_bye ? 'F'
                                                            : 'Z';
      added[i] = code == 'H' ? points.half_bye : code == 'F' ? points.full_bye : points.zero_bye;
      text = fmt::format("0000 - {}", code);
    }
    const std::size_t start = 91 + 10 * static_cast<std::size_t>(round - 1);
    if (line.size() < start) line.resize(start, ' ');
    line = line.substr(0, start - 1);
    line += ' ';
    line += text;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if ((added[i] != Points() || other_points) && line.size() >= 84) {
      const Points now = event.points_scored(static_cast<int>(i)) + added[i];
      line.replace(80, 4, trf_points_field(now));
    }
  }
  // The total rounds paired under (--rounds over the file's XXR, or where it has none): the
  // file says it, so that the next round is paired under the same last-round rules.
  const bool other_rounds = event.planned_rounds > 0 &&
                            (!trf.rounds_given || event.planned_rounds != trf.event.planned_rounds);
  bool rounds_written = false;
  std::string out;
  bool points_written = false;
  for (const std::string& line : lines) {
    const std::string_view code = std::string_view(line).substr(0, 3);
    if (other_points && (code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" ||
                         code == "BBF" || code == "BBU"))
      continue;
    // In the file's XXR's place, or before the first player line when it has none.
    const bool total_line = code == "XXR" || code == "142";
    if (other_rounds && total_line && rounds_written) continue;
    if (other_rounds && !rounds_written && (total_line || code == "001")) {
      out += fmt::format("XXR {}", event.planned_rounds);
      out += trf.line_end;
      rounds_written = true;
      if (total_line) continue;
    }
    if (other_points && !points_written && code == "001") {
      for (const auto& [name, value] : {std::pair{"BBW", points.win},
                                        {"BBD", points.draw},
                                        {"BBL", points.loss},
                                        {"BBZ", points.zero_bye},
                                        {"BBF", points.forfeit_loss},
                                        {"BBU", points.pairing_bye}}) {
        out += fmt::format("{} {:>4}", name, tenths_text(value));
        out += trf.line_end;
      }
      points_written = true;
    }
    out += line;
    out += trf.line_end;
  }
  return out;
}

}  // namespace boardgames::swiss
