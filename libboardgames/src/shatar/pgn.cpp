#include "boardgames/shatar/pgn.h"

#include "boardgames/core/record_result.h"
#include "boardgames/core/tag_pair.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>

#include "boardgames/core/utf8.h"

namespace boardgames::shatar {

std::string_view PgnGame::tag(std::string_view name) const {
  const PgnTag* found = find_tag(name);
  return found != nullptr ? std::string_view(found->value) : std::string_view();
}

const PgnTag* PgnGame::find_tag(std::string_view name) const {
  for (const PgnTag& t : tags) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool is_result(std::string_view token) {
  if (token.empty() ||
      (token[0] != '0' && token[0] != '1' && token[0] != '*' && token[0] != '\xC2')) {
    return false;
  }
  return parse_record_result(token).has_value();
}

bool is_tag_name_character(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether a new game starts at `p`: the line there begins with a tag pair (`[Name "`) and the
// line before it is blank. Every PGN file as exported has this between games, and nowhere
// else outside comments. Reads no further than the end of that line.
bool game_starts_at(std::string_view text, std::size_t p) {
  if (p == 0 || p >= text.size() || text[p] != '[' || text[p - 1] != '\n') return false;
  std::size_t q = p + 1;
  while (q < text.size() && is_tag_name_character(text[q])) ++q;
  if (q == p + 1) return false;
  while (q < text.size() && (text[q] == ' ' || text[q] == '\t')) ++q;
  if (q >= text.size() || text[q] != '"') return false;
  // The line before: nothing but spaces, tabs and carriage returns.
  for (std::size_t b = p - 1; b > 0; --b) {
    const char c = text[b - 1];
    if (c == '\n') return true;
    if (c != ' ' && c != '\t' && c != '\r') return false;
  }
  return true;
}

// game_starts_at(), and the line does not go on to close a comment: after its tag pairs, no
// '}' before a '{' ("[Event \"X\"] was where this was played. }" is a comment's text, and a
// closed comment holding it is not cut there). Where the reader ends a comment left open and
// where the slicer cuts: a game starts there whatever the reader was in.
bool game_surely_starts_at(std::string_view text, std::size_t p) {
  if (!game_starts_at(text, p)) return false;
  for (std::size_t q = p; q < text.size() && text[q] != '\n';) {
    if (text[q] == '[') {
      q += std::max<std::size_t>(scan_tag_pair(text.substr(q)).length, 1);
    } else if (text[q] == '{' || text[q] == '}') {
      return text[q] == '{';
    } else {
      ++q;
    }
  }
  return true;
}

// A NAG is `$` and a number from 0 to 255.
bool is_nag(std::string_view token) {
  if (token.size() < 2 || token.size() > 4) return false;
  int value = 0;
  for (char c : token.substr(1)) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  return value <= 255;
}

}  // namespace

// Reads the text byte by byte, keeping line and column (columns count characters).
class PgnReader::Scanner {
 public:
  Scanner(std::string_view text, const std::string& file, Diagnostics& diagnostics,
          std::uint32_t first_line = 1)
      : text_(text), file_(file), diagnostics_(diagnostics), line_(first_line) {}

  // Scans until a game is complete; false at the end of the text.
  bool next(PgnGame& game);
  std::uint32_t line() const { return line_; }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  char get() {
    const char c = text_[pos_++];
    if (c == '\n') {
      ++line_;
      column_ = 1;
      at_line_start_ = true;
    } else {
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++column_;
      if (c != ' ' && c != '\t' && c != '\r') at_line_start_ = false;
    }
    return c;
  }
  void skip_to_line_end() {
    while (!at_end() && peek() != '\n') get();
  }
  // A reading problem: into the game being read, or, outside any game, reported at once.
  void problem(Severity severity, std::uint32_t line, std::uint32_t column, std::string message);
  void start_game(std::uint32_t line) {
    if (in_game_) return;
    end_outside(line);
    in_game_ = true;
    game_.line = line;
    game_.tags.reserve(16);  // the seven-tag roster and a few more, grown once or not at all
  }
  void finish_game();
  // The end of a stretch of text outside the games (where a game starts, or the text ends):
  // says how many of its problems were not listed. Problems outside the games are listed up to
  // kMaxProblemsPerGame a stretch, not a text, so a slice cut where a game starts lists what
  // the whole text would.
  void end_outside(std::uint32_t line);
  void read_tag();
  // Tag text as UTF-8: as it is when it is valid UTF-8, else read as Windows-1252 (noted once).
  std::string tag_text(std::string_view bytes, std::uint32_t line, std::uint32_t column);
  void skip_comment();
  void open_variation();
  void close_variation();
  void read_token();

  std::string_view text_;
  const std::string& file_;
  Diagnostics& diagnostics_;
  std::size_t pos_ = 0;
  std::uint32_t line_;
  std::uint32_t column_ = 1;
  bool at_line_start_ = true;

  std::vector<PgnGame> ready_;  // games completed by the last scan
  int games_done_ = 0;
  PgnGame game_;
  std::unordered_map<std::string, std::size_t> first_tag_;  // a tag name's first in game_.tags
  bool in_game_ = false;
  bool in_movetext_ = false;
  // The line being filled and the variations opened above it; null for a variation that is
  // skipped (too deep, or opened before any move) and everything inside it.
  std::vector<PgnLine*> stack_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> open_parens_;
  // Problems beyond kMaxProblemsPerGame: how many, whether any is an error, the last position.
  std::size_t left_out_ = 0;
  bool left_out_error_ = false;
  SourceLocation left_out_where_;
  std::size_t outside_problems_ = 0;
  std::vector<std::string> notes_;  // the encoding notes given
};

void PgnReader::Scanner::problem(Severity severity, std::uint32_t line, std::uint32_t column,
                                 std::string message) {
  Diagnostic d{severity, {file_, line, column}, std::move(message)};
  if (in_game_) {
    if (game_.problems.size() < kMaxProblemsPerGame) {
      game_.problems.push_back(std::move(d));
    } else {
      ++left_out_;
      left_out_error_ = left_out_error_ || severity == Severity::error;
      left_out_where_ = d.where;
    }
    return;
  }
  if (outside_problems_++ < kMaxProblemsPerGame) diagnostics_.report(std::move(d));
}

void PgnReader::Scanner::end_outside(std::uint32_t line) {
  if (outside_problems_ > kMaxProblemsPerGame) {
    diagnostics_.error({file_, line, 0},
                       fmt::format("{} more reading problems outside the games are not listed",
                                   outside_problems_ - kMaxProblemsPerGame));
  }
  outside_problems_ = 0;
}

void PgnReader::Scanner::finish_game() {
  if (!in_game_) return;
  if (!open_parens_.empty()) {
    const auto [line, column] = open_parens_.front();
    problem(Severity::error, line, column,
            open_parens_.size() == 1 ? std::string("this '(' is never closed")
            : open_parens_.size() == 2
                ? std::string("this '(' is never closed, nor is the one opened inside it")
                : fmt::format("this '(' is never closed, nor are the {} opened inside it",
                              open_parens_.size() - 1));
  }
  if (left_out_ > 0) {
    game_.problems.push_back(
        {left_out_error_ ? Severity::error : Severity::warning, left_out_where_,
         fmt::format("{} more reading problems in this game are not listed", left_out_)});
  }
  game_.index = ++games_done_;
  ready_.push_back(std::move(game_));
  game_ = PgnGame{};
  first_tag_.clear();
  stack_.clear();
  open_parens_.clear();
  left_out_ = 0;
  left_out_error_ = false;
  in_game_ = false;
  in_movetext_ = false;
}

std::string PgnReader::Scanner::tag_text(std::string_view bytes, std::uint32_t line,
                                         std::uint32_t column) {
  std::string note;
  std::string text = record_text_to_utf8(bytes, &note);
  if (!note.empty() && std::find(notes_.begin(), notes_.end(), note) == notes_.end()) {
    diagnostics_.note({file_, line, column}, note);
    notes_.push_back(std::move(note));
  }
  return text;
}

void PgnReader::Scanner::read_tag() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  TagPairScan scan = scan_tag_pair(text_.substr(pos_));
  for (std::size_t i = 0; i < scan.length; ++i) get();  // keeps line and column
  switch (scan.error) {
    case TagPairError::none:
      break;
    case TagPairError::value_not_closed:
      problem(Severity::error, line, column,
              fmt::format("tag [{} is not closed: its value lacks the closing quote",
                          excerpt(scan.name)));
      return;
    case TagPairError::not_closed:
      problem(Severity::error, line, column,
              fmt::format("tag [{} is not closed with ']'", excerpt(scan.name)));
      skip_to_line_end();
      return;
    case TagPairError::no_name:
      problem(Severity::error, line, column, "a tag without a name");
      return;
  }
  std::string& name = scan.name;
  std::string& value = scan.value;
  // A tag given twice: the first is the one read (PgnGame::tag), so a second with another
  // value is said, not dropped unseen (PGN gives a tag name once a game). Found through an
  // index, not a scan of the game's tags: a file of thousands of tag lines stays linear. The
  // message names no line: a slice read apart (-j) numbers its lines from 1 until placed, and
  // only the finding's own place is moved then (the pgn_slices fuzz target found this).
  const auto [first, new_name] = first_tag_.try_emplace(name, game_.tags.size());
  if (!new_name && game_.tags[first->second].value != value) {
    const PgnTag& earlier = game_.tags[first->second];
    problem(Severity::warning, line, column,
            fmt::format("tag [{}] is given again, \"{}\": the first, \"{}\", is used",
                        excerpt(name), excerpt(value), excerpt(earlier.value)));
  }
  const auto ascii = [](const std::string& text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  };
  if (ascii(name) && ascii(value)) {
    game_.tags.push_back({std::move(name), std::move(value), line, column});
  } else {
    game_.tags.push_back(
        {tag_text(name, line, column), tag_text(value, line, column), line, column});
  }
}

void PgnReader::Scanner::skip_comment() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  get();  // '{'
  while (!at_end()) {
    const char c = peek();
    if (c == '}') {
      get();
      return;
    }
    get();
    if (c == '\n' && game_surely_starts_at(text_, pos_)) {
      // Left open: the comment ends where the next game starts, and so does this game.
      problem(Severity::error, line, column, "this '{' comment is never closed");
      finish_game();
      return;
    }
  }
  problem(Severity::error, line, column, "this '{' comment is never closed");
}

void PgnReader::Scanner::open_variation() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  get();  // '('
  if (!in_game_) {
    problem(Severity::error, line, column, "a variation '(' outside any game");
    return;
  }
  in_movetext_ = true;
  open_parens_.emplace_back(line, column);
  PgnLine* parent = stack_.empty() ? nullptr : stack_.back();
  if (stack_.empty() || (parent != nullptr && parent->moves.empty())) {
    problem(Severity::error, line, column, "a variation '(' before any move");
    stack_.push_back(nullptr);
    return;
  }
  if (parent == nullptr) {  // inside a variation that is skipped
    stack_.push_back(nullptr);
    return;
  }
  if (open_parens_.size() > kMaxVariationDepth) {
    problem(Severity::error, line, column,
            fmt::format("variations nested more than {} deep: this one is not read",
                        kMaxVariationDepth));
    stack_.push_back(nullptr);
    return;
  }
  PgnMove& last = parent->moves.back();
  last.variations.emplace_back();
  stack_.push_back(&last.variations.back());
}

void PgnReader::Scanner::close_variation() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  get();  // ')'
  if (open_parens_.empty()) {
    problem(Severity::error, line, column, "')' without a matching '('");
    return;
  }
  open_parens_.pop_back();
  stack_.pop_back();
}

void PgnReader::Scanner::read_token() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  // A token runs to the next space or PGN punctuation; it never spans lines.
  std::size_t end = pos_;
  std::uint32_t characters = 0;
  static constexpr auto kEndsToken = [] {
    std::array<bool, 256> t{};
    for (char c : std::string_view(" \t\r\n{}()[];")) t[static_cast<unsigned char>(c)] = true;
    return t;
  }();
  // "(Q)" glued to a move is its promotion (a8(Q)), not a variation: no move is a lone letter.
  const auto glued_promotion = [&](std::size_t at) {
    const auto is_letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    return at > pos_ && at + 2 < text_.size() && text_[at] == '(' && is_letter(text_[at + 1]) &&
           text_[at + 2] == ')';
  };
  while (end < text_.size()) {
    const auto c = static_cast<unsigned char>(text_[end]);
    if (glued_promotion(end)) {
      end += 3;
      characters += 3;
      continue;
    }
    if (kEndsToken[c]) break;
    if ((c & 0xC0) != 0x80) ++characters;
    ++end;
  }
  const std::string_view token = text_.substr(pos_, end - pos_);
  pos_ = end;
  column_ += characters;
  if (!token.empty()) at_line_start_ = false;
  if (token.empty()) {
    const char c = get();  // a stray '}' or ']'
    problem(Severity::error, line, column, fmt::format("unexpected '{}'", c));
    return;
  }
  if (is_result(token)) {
    if (!open_parens_.empty()) {
      problem(Severity::error, line, column, fmt::format("result '{}' inside a variation", token));
      return;
    }
    // Outside a game, a result is a game of its own with no tags and no moves, as PGN's
    // grammar reads it (not the result of the next game, which a slice cut between them
    // would not see).
    start_game(line);
    game_.result = parse_record_result(token);
    game_.raw_result = std::string(token);
    game_.result_line = line;
    game_.result_column = column;
    finish_game();
    return;
  }
  if (token[0] == '$') {
    if (!is_nag(token)) {
      problem(Severity::warning, line, column,
              fmt::format("NAG '{}' is not $0 to $255", excerpt(token)));
    }
    return;
  }
  // A move number: digits, then dots ("12.", "12...", or a bare "12"); a move may follow the
  // dots without a space ("12.Nf3"). The number is not used, so it is never converted.
  std::size_t digits = 0;
  while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
  std::size_t rest = digits;
  if (digits > 0) {
    while (rest < token.size() && token[rest] == '.') ++rest;
    if (rest == token.size()) return;  // just the number
    if (rest == digits) {
      // Digits followed by something else: "0-0" castling and the like are moves.
      rest = 0;
    }
  }
  if (rest == token.size()) return;
  start_game(line);
  in_movetext_ = true;
  if (stack_.empty()) {
    stack_.push_back(&game_.moves);
    game_.moves.moves.reserve(256);  // nearly every game, grown once or not at all
  }
  PgnLine* target = stack_.back();
  if (target == nullptr) return;  // inside a variation that is skipped
  // Built in place: moving a short string copies its bytes again.
  PgnMove& move = target->moves.emplace_back();
  move.text.assign(token.substr(rest));
  move.line = line;
  move.column = column + static_cast<std::uint32_t>(rest);
}

bool PgnReader::Scanner::next(PgnGame& game) {
  while (ready_.empty() && !at_end()) {
    const char c = peek();
    if (c == '%' && at_line_start_) {
      skip_to_line_end();
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      get();
      continue;
    }
    if (c == '\xEF' && at_line_start_ && text_.substr(pos_).starts_with(kByteOrderMark)) {
      pos_ += kByteOrderMark.size();  // zero width: the column stays
      continue;
    }
    if (c == '[') {
      // A tag always starts a game after movetext, even inside an unclosed variation
      // (reported when the game is finished), and so does a tag line after a blank line: so
      // slices cut before such lines read the same as the whole file.
      if (in_movetext_ || (in_game_ && game_starts_at(text_, pos_))) finish_game();
      start_game(line_);
      read_tag();
      continue;
    }
    if (c == '{') {
      skip_comment();
      continue;
    }
    if (c == ';') {
      skip_to_line_end();
      continue;
    }
    if (c == '(') {
      open_variation();
      continue;
    }
    if (c == ')') {
      close_variation();
      continue;
    }
    read_token();
  }
  if (ready_.empty()) finish_game();
  if (ready_.empty()) {
    end_outside(line_);
    return false;
  }
  game = std::move(ready_.front());
  ready_.erase(ready_.begin());
  return true;
}

PgnReader::PgnReader(std::string_view text, std::string file, Diagnostics& diagnostics,
                     std::uint32_t first_line)
    : file_(std::move(file)),
      scanner_(std::make_unique<Scanner>(text, file_, diagnostics, first_line)) {}

PgnReader::~PgnReader() = default;

bool PgnReader::next(PgnGame& game) { return scanner_->next(game); }

std::uint32_t PgnReader::line() const { return scanner_->line(); }

bool PgnSlicer::next(PgnSlice& slice) {
  starved_ = false;
  if (pos_ >= text_.size()) {
    starved_ = !complete_;
    return false;
  }
  // Cut before the first tag line after a blank line (game_surely_starts_at) that lies
  // `target_` bytes or more past the start. A comment left open ends there in the reader, so
  // brace comments need no tracking. The bytes skipped are not even read: this runs while other
  // threads wait for their next slice.
  const std::size_t start = pos_;
  std::size_t end = text_.size();
  const char* const data = text_.data();
  std::size_t i = start + std::min(target_, text_.size() - start);
  while (i < text_.size()) {
    const void* found = std::memchr(data + i, '\n', text_.size() - i);
    if (found == nullptr) break;
    i = static_cast<std::size_t>(static_cast<const char*>(found) - data);
    // game_surely_starts_at looks no further than the end of the line after the newline: a cut is
    // decided once that line is read whole (or the text is complete).
    if (!complete_ && i - start >= target_ &&
        (i + 1 == text_.size() ||
         (data[i + 1] == '[' &&
          std::memchr(data + i + 1, '\n', text_.size() - i - 1) == nullptr))) {
      starved_ = true;
      return false;
    }
    if (i - start >= target_ && game_surely_starts_at(text_, i + 1)) {
      end = i + 1;
      break;
    }
    ++i;
  }
  if (!complete_ && end == text_.size()) {  // no cut in the bytes read: the slice goes on
    starved_ = true;
    return false;
  }
  pos_ = end;
  slice = {text_.substr(start, end - start)};
  return true;
}

SliceGames read_slice(const PgnSlice& slice, const std::string& file, std::uint32_t first_line) {
  SliceGames read;
  Diagnostics collect([&read](const Diagnostic& d) { read.findings.push_back(d); });
  PgnReader reader(slice.text, file, collect, first_line);
  PgnGame game;
  while (reader.next(game)) read.games.push_back(std::move(game));
  read.lines = reader.line() - first_line;  // at the end of the text: its newlines
  return read;
}

namespace {

void place_line(std::uint32_t& line, std::uint32_t lines_before) {
  if (line != 0) line += lines_before;
}

// Variations nest at most kMaxVariationDepth deep (the reader skips deeper ones), so the
// recursion is bounded.
void place_moves(PgnLine& moves, std::uint32_t lines_before) {
  for (PgnMove& move : moves.moves) {
    place_line(move.line, lines_before);
    for (PgnLine& variation : move.variations) place_moves(variation, lines_before);
  }
}

}  // namespace

void place_lines(PgnGame& game, std::uint32_t lines_before) {
  if (lines_before == 0) return;
  place_line(game.line, lines_before);
  for (PgnTag& tag : game.tags) place_line(tag.line, lines_before);
  place_moves(game.moves, lines_before);
  place_line(game.result_line, lines_before);
  for (Diagnostic& problem : game.problems) place_line(problem.where.line, lines_before);
}

void place_lines(std::vector<Diagnostic>& findings, std::uint32_t lines_before) {
  for (Diagnostic& finding : findings) place_line(finding.where.line, lines_before);
}

std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file,
                              Diagnostics& diagnostics) {
  PgnReader reader(text, file, diagnostics);
  std::vector<PgnGame> games;
  PgnGame game;
  while (reader.next(game)) games.push_back(std::move(game));
  return games;
}

}  // namespace boardgames::shatar
