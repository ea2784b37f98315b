#include "boardgames/tournament/result.h"

#include <string>

#include "boardgames/core/strings.h"

namespace boardgames {

namespace {

GameResult first_wins(Colour first_column, bool forfeit) {
  if (first_column == Colour::white) {
    return forfeit ? GameResult::white_wins_by_forfeit : GameResult::white_wins;
  }
  return forfeit ? GameResult::black_wins_by_forfeit : GameResult::black_wins;
}

GameResult second_wins(Colour first_column, bool forfeit) {
  return first_wins(~first_column, forfeit);
}

// "B+..." / "W+...": SGF's RE syntax; the letter names the colour, not the column.
std::optional<GameResult> parse_sgf_result(std::string_view token) {
  if (token.size() < 2 || token[1] != '+') return std::nullopt;
  Colour winner;
  if (token[0] == 'b' || token[0] == 'B') {
    winner = Colour::black;
  } else if (token[0] == 'w' || token[0] == 'W') {
    winner = Colour::white;
  } else {
    return std::nullopt;
  }
  std::string_view how = token.substr(2);
  bool forfeit = iequals_ascii(how, "f") || iequals_ascii(how, "forfeit");
  bool ok = forfeit || how.empty() || iequals_ascii(how, "r") || iequals_ascii(how, "resign") ||
            iequals_ascii(how, "t") || iequals_ascii(how, "time");
  if (!ok) {
    // A margin: digits with an optional fraction.
    bool digits = false;
    bool dot = false;
    for (char c : how) {
      if (c >= '0' && c <= '9') {
        digits = true;
      } else if (c == '.' && !dot) {
        dot = true;
      } else {
        return std::nullopt;
      }
    }
    if (!digits) return std::nullopt;
  }
  return first_wins(winner, forfeit);
}

}  // namespace

std::optional<GameResult> parse_game_result(std::string_view token, Colour first_column,
                                            std::optional<Game> game) {
  token = trim(token);
  if (token.empty()) return GameResult::pending;
  if (auto sgf = parse_sgf_result(token)) return sgf;
  std::string t = to_lower_ascii(token);
  for (char& c : t) {
    if (c == ':') c = '-';
  }
  if (t == "1-0") return first_wins(first_column, false);
  if (t == "0-1") return second_wins(first_column, false);
  if (t == "0" && game && *game != Game::go) return std::nullopt;
  if (t == "\xC2\xBD-\xC2\xBD" || t == "1/2-1/2" || t == "0.5-0.5" || t == "=" || t == "0" ||
      t == "draw" || t == "jigo") {
    return GameResult::draw;
  }
  if (t == "+-") return first_wins(first_column, true);
  if (t == "-+") return second_wins(first_column, true);
  if (t == "--") return GameResult::double_forfeit;
  return std::nullopt;
}

std::optional<GameResult> parse_bye_result(std::string_view token) {
  token = trim(token);
  if (iequals_ascii(token, "bye") || iequals_ascii(token, "pab") || iequals_ascii(token, "u")) {
    return GameResult::pairing_bye;
  }
  if (iequals_ascii(token, "h")) return GameResult::half_point_bye;
  if (iequals_ascii(token, "z")) return GameResult::zero_point_bye;
  if (iequals_ascii(token, "f")) return GameResult::full_point_bye;
  return std::nullopt;
}

std::string_view result_token(GameResult result, Colour first_column) {
  const bool white_first = first_column == Colour::white;
  switch (result) {
    case GameResult::pending:
      return "";
    case GameResult::white_wins:
      return white_first ? "1-0" : "0-1";
    case GameResult::black_wins:
      return white_first ? "0-1" : "1-0";
    case GameResult::draw:
      return "\xC2\xBD-\xC2\xBD";
    case GameResult::white_wins_by_forfeit:
      return white_first ? "+-" : "-+";
    case GameResult::black_wins_by_forfeit:
      return white_first ? "-+" : "+-";
    case GameResult::double_forfeit:
      return "--";
    case GameResult::pairing_bye:
      return "bye";
    case GameResult::half_point_bye:
      return "H";
    case GameResult::zero_point_bye:
      return "Z";
    case GameResult::full_point_bye:
      return "F";
  }
  return "";
}

}  // namespace boardgames
