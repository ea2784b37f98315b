#include "boardgames/io/results_csv.h"

#include <fmt/format.h>

#include <memory>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/tournament/groups.h"

namespace boardgames {

ResultsCsvReader::ResultsCsvReader(ByteSource& source, Diagnostics& diagnostics,
                                   std::optional<Game> game)
    : reader_(source, diagnostics), diagnostics_(diagnostics), event_game_(game) {}

bool ResultsCsvReader::read_header() {
  if (!reader_.read_header()) return false;
  round_ = reader_.column("round");
  board_ = reader_.column("board");
  game_ = reader_.column("game");
  match_ = reader_.column("match");
  white_ = reader_.column("white");
  black_ = reader_.column("black");
  result_ = reader_.column("result");
  white_warnings_ = reader_.column("white_warnings");
  black_warnings_ = reader_.column("black_warnings");
  white_team_ = reader_.column("white_team");
  black_team_ = reader_.column("black_team");
  white_number_ = reader_.column("white_number");
  black_number_ = reader_.column("black_number");
  white_team_number_ = reader_.column("white_team_number");
  black_team_number_ = reader_.column("black_team_number");
  white_seed_ = reader_.column("white_seed");
  black_seed_ = reader_.column("black_seed");
  group_ = reader_.column("group");
  handicap_ = reader_.column("handicap");
  std::vector<std::string> missing;
  if (!round_) missing.emplace_back("round");
  if (!white_) missing.emplace_back("white");
  if (!black_) missing.emplace_back("black");
  if (!result_) missing.emplace_back("result");
  if (!missing.empty()) {
    diagnostics_.error(
        reader_.location(reader_.header_line(), 1),
        fmt::format("the results file needs the column{} {}; its header has: {}",
                    missing.size() > 1 ? "s" : "", join(missing, ", "), reader_.header_echo()));
    return false;
  }
  first_column_ = *white_ < *black_ ? Colour::white : Colour::black;
  return true;
}

std::optional<int> ResultsCsvReader::number(const CsvRecord& record,
                                            std::optional<std::size_t> column,
                                            std::string_view what, int minimum, int maximum,
                                            int fallback, bool& good) {
  if (!column) return fallback;
  std::string_view text = trim(record[*column]);
  if (text.empty()) return fallback;
  auto value = parse_integer(text);
  if (!value || *value < minimum || *value > maximum) {
    diagnostics_.error(reader_.location(record, *column),
                       fmt::format("{} '{}' is not a whole number from {} to {}", what,
                                   excerpt(text, 40), minimum, maximum));
    good = false;
    return std::nullopt;
  }
  return static_cast<int>(*value);
}

bool ResultsCsvReader::parse(const CsvRecord& record, ResultRow& row) {
  bool good = true;
  row = ResultRow{};
  row.line = record.line();
  if (trim(record[*round_]).empty()) {
    diagnostics_.error(reader_.location(record, *round_), "missing round number");
    good = false;
  } else {
    row.round = number(record, round_, "round", 1, kMaxRound, 0, good).value_or(0);
  }
  row.board = number(record, board_, "board", 1, kMaxBoard, 0, good).value_or(0);
  row.game = number(record, game_, "game", 1, kMaxGame, 1, good).value_or(1);
  row.match = number(record, match_, "match", 1, kMaxBoard, 0, good).value_or(0);
  row.white_warnings =
      number(record, white_warnings_, "white_warnings", 0, kMaxWarnings, 0, good).value_or(0);
  row.black_warnings =
      number(record, black_warnings_, "black_warnings", 0, kMaxWarnings, 0, good).value_or(0);
  if (white_number_ || black_number_) {
    row.white_number =
        number(record, white_number_, "white_number", 1, kMaxNumber, 0, good).value_or(0);
    row.black_number =
        number(record, black_number_, "black_number", 1, kMaxNumber, 0, good).value_or(0);
  }
  if (white_team_number_ || black_team_number_) {
    row.white_team_number =
        number(record, white_team_number_, "white_team_number", 1, kMaxNumber, 0, good).value_or(0);
    row.black_team_number =
        number(record, black_team_number_, "black_team_number", 1, kMaxNumber, 0, good).value_or(0);
  }
  row.white_seed = number(record, white_seed_, "white_seed", 1, kMaxSeed, 0, good).value_or(0);
  row.black_seed = number(record, black_seed_, "black_seed", 1, kMaxSeed, 0, good).value_or(0);
  row.white_seed_column = white_seed_ ? record.column_of(*white_seed_) : 0;
  row.black_seed_column = black_seed_ ? record.column_of(*black_seed_) : 0;
  row.handicap = number(record, handicap_, "handicap", 0, kMaxHandicap, 0, good).value_or(0);
  row.white = std::string(trim(record[*white_]));
  row.black = std::string(trim(record[*black_]));
  row.white_column = record.column_of(*white_);
  row.black_column = record.column_of(*black_);
  row.result_column = record.column_of(*result_);
  if (white_team_) row.white_team = std::string(trim(record[*white_team_]));
  if (black_team_) row.black_team = std::string(trim(record[*black_team_]));
  if (group_) row.group = std::string(trim(record[*group_]));

  std::string_view token = trim(record[*result_]);
  const SourceLocation result_at = reader_.location(record, *result_);
  if (row.white.empty() && row.black.empty()) {
    diagnostics_.error(reader_.location(record, *white_), "the row names no player");
    return false;
  }
  if (row.is_bye()) {
    auto bye = parse_bye_result(token);
    if (!bye) {
      diagnostics_.error(result_at,
                         token.empty()
                             ? std::string("a bye row (one player) needs its result: bye "
                                           "(pairing-allocated), H (half point), Z (zero) or F "
                                           "(full point)")
                             : fmt::format("'{}' is not a bye result (bye, H, Z or F)", token));
      return false;
    }
    row.result = *bye;
    return good;
  }
  if (row.white == row.black) {
    diagnostics_.error(reader_.location(record, *black_),
                       fmt::format("'{}' is paired against themselves", row.white));
    return false;
  }
  auto result = parse_game_result(token, first_column_, event_game_);
  if (!result && trim(token) == "0") {
    diagnostics_.error(result_at, fmt::format("result '0' is a draw only in Go (SGF's RE[0]): in a "
                                              "{} file write ½-½ for a draw, or 0-1 for a loss",
                                              game_name(*event_game_)));
    return false;
  }
  if (!result) {
    diagnostics_.error(result_at,
                       fmt::format("malformed result '{}' (expected 1-0, 0-1, ½-½, +-, -+, --, "
                                   "B+R, W+3.5, ... or empty for not yet played)",
                                   echo(token)));
    return false;
  }
  row.result = *result;
  return good;
}

bool ResultsCsvReader::next(ResultRow& row) {
  while (reader_.next(record_)) {
    if (parse(record_, row)) return true;
    if (row.round > 0 && (!row.white.empty() || !row.black.empty())) rejected_.push_back(row);
  }
  return false;
}

ResultsCsvWriter::ResultsCsvWriter(ResultsCsvLayout layout, std::string& out)
    : layout_(layout), csv_(out) {}

void ResultsCsvWriter::header() {
  const Colour first = first_mover(layout_.game);
  csv_.field("round");
  if (layout_.match) csv_.field("match");
  csv_.field("board");
  if (layout_.game_number) csv_.field("game");
  csv_.field(colour_name(first)).field(colour_name(~first)).field("result");
  if (layout_.warnings) {
    csv_.field(fmt::format("{}_warnings", colour_name(first)));
    csv_.field(fmt::format("{}_warnings", colour_name(~first)));
  }
  if (layout_.teams) {
    csv_.field(fmt::format("{}_team", colour_name(first)));
    csv_.field(fmt::format("{}_team", colour_name(~first)));
  }
  if (layout_.numbers) {
    const std::string_view suffix = layout_.teams ? "_team_number" : "_number";
    csv_.field(fmt::format("{}{}", colour_name(first), suffix));
    csv_.field(fmt::format("{}{}", colour_name(~first), suffix));
  }
  if (layout_.seeds) {
    csv_.field(fmt::format("{}_seed", colour_name(first)));
    csv_.field(fmt::format("{}_seed", colour_name(~first)));
  }
  if (layout_.group) csv_.field("group");
  if (layout_.handicap) csv_.field("handicap");
  csv_.end_row();
}

void ResultsCsvWriter::row(const ResultRow& row) {
  const Colour first = first_mover(layout_.game);
  csv_.field(row.round);
  if (layout_.match) {
    if (row.match > 0) {
      csv_.field(row.match);
    } else {
      csv_.field("");
    }
  }
  if (row.board > 0) {
    csv_.field(row.board);
  } else {
    csv_.field("");
  }
  if (layout_.game_number) csv_.field(row.game);
  csv_.field(row.player(first)).field(row.player(~first));
  csv_.field(result_token(row.result, first));
  if (layout_.warnings) {
    csv_.field(row.warnings(first)).field(row.warnings(~first));
  }
  if (layout_.teams) csv_.field(row.team(first)).field(row.team(~first));
  if (layout_.numbers) {
    for (Colour c : {first, ~first}) {
      const int number = layout_.teams ? row.team_number(c) : row.number(c);
      if (number > 0) {
        csv_.field(number);
      } else {
        csv_.field("");
      }
    }
  }
  if (layout_.seeds) {
    for (Colour c : {first, ~first}) {
      if (row.seed(c) > 0) {
        csv_.field(row.seed(c));
      } else {
        csv_.field("");
      }
    }
  }
  if (layout_.group) csv_.field(row.group);
  if (layout_.handicap) {
    if (row.is_bye()) {
      csv_.field("");
    } else {
      csv_.field(row.handicap);
    }
  }
  csv_.end_row();
}

bool add_results(ByteSource& source, EventBuilder& builder, Diagnostics& diagnostics) {
  ResultsCsvReader reader(source, diagnostics, builder.game());
  if (!reader.read_header()) return false;
  ResultRow row;
  while (reader.next(row)) builder.add(row, reader.file());
  for (const ResultRow& rejected : reader.rejected_rows()) builder.add_rejected(rejected);
  return true;
}

std::vector<Event> read_group_results(ByteSource& source, const std::vector<PlayerList>& groups,
                                      Game game, Diagnostics& diagnostics) {
  std::vector<Event> events;
  ResultsCsvReader reader(source, diagnostics, game);
  if (!reader.read_header()) return events;
  EventOptions options;
  options.game = game;
  options.round_robin = true;
  std::vector<std::unique_ptr<EventBuilder>> builders;
  for (const PlayerList& group : groups) {
    builders.push_back(std::make_unique<EventBuilder>(group, options, diagnostics));
  }
  std::vector<int> unfinished(groups.size(), 0);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> first_unfinished(groups.size());
  auto group_of = [&](const std::string& player) -> int {
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (groups[g].find(player).match == PlayerList::Match::found) return static_cast<int>(g);
    }
    return -1;
  };
  ResultRow row;
  while (reader.next(row)) {
    const int white = row.white.empty() ? -2 : group_of(row.white);
    const int black = row.black.empty() ? -2 : group_of(row.black);
    const int group = white == -2 ? black : white;
    if (white == -1 || black == -1) {
      const bool white_unknown = white == -1;
      diagnostics.error(
          reader.location(row.line, white_unknown ? row.white_column : row.black_column),
          fmt::format("'{}' is in no group of the players file",
                      excerpt(white_unknown ? row.white : row.black, 60)));
      continue;
    }
    if (white >= 0 && black >= 0 && white != black) {
      diagnostics.error(reader.location(row.line, row.white_column),
                        fmt::format("'{}' (group {}) and '{}' (group {}) are in different groups",
                                    excerpt(row.white, 60), groups::group_name(white),
                                    excerpt(row.black, 60), groups::group_name(black)));
      continue;
    }
    const auto g = static_cast<std::size_t>(group);
    if (row.result == GameResult::pending) {
      if (unfinished[g]++ == 0) first_unfinished[g] = {row.line, row.result_column};
    }
    builders[g]->add(row, reader.file());
  }
  for (const ResultRow& rejected : reader.rejected_rows()) {
    const int white = rejected.white.empty() ? -1 : group_of(rejected.white);
    const int group = white >= 0 ? white : group_of(rejected.black);
    if (group >= 0) builders[static_cast<std::size_t>(group)]->add_rejected(rejected);
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (unfinished[g] > 0) {
      diagnostics.error(reader.location(first_unfinished[g].first, first_unfinished[g].second),
                        fmt::format("group {} has {} game{} without a result (the first on this "
                                    "line): the finals need the groups' final standings",
                                    groups::group_name(static_cast<int>(g)), unfinished[g],
                                    unfinished[g] == 1 ? "" : "s"));
    }
    events.push_back(builders[g]->finish());
  }
  return events;
}

}  // namespace boardgames
