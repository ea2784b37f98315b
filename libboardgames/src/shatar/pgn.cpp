#include "boardgames/shatar/pgn.h"

#include <fmt/format.h>

#include <array>

namespace boardgames::shatar {

std::string_view PgnGame::tag(std::string_view name) const {
  for (const PgnTag& t : tags) {
    if (t.name == name) return t.value;
  }
  return {};
}

namespace {

bool is_result(std::string_view token) {
  if (token.empty() || (token[0] != '0' && token[0] != '1' && token[0] != '*' && token[0] != '\xC2')) {
    return false;
  }
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "\xC2\xBD-\xC2\xBD" ||
         token == "*";
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

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
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
  void error(std::uint32_t line, std::uint32_t column, std::string message) {
    diagnostics_.error({file_, line, column}, std::move(message));
  }
  void skip_to_line_end() {
    while (!at_end() && peek() != '\n') get();
  }
  void finish_game();
  void read_tag();
  void skip_comment();
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
  bool in_game_ = false;
  bool in_movetext_ = false;
  // The line being filled and the variations opened above it.
  std::vector<PgnLine*> stack_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> open_parens_;
};

void PgnReader::Scanner::finish_game() {
  if (!in_game_) return;
  for (auto [l, c] : open_parens_) error(l, c, "this '(' is never closed");
  open_parens_.clear();
  game_.index = ++games_done_;
  ready_.push_back(std::move(game_));
  game_ = PgnGame{};
  stack_.clear();
  in_game_ = false;
  in_movetext_ = false;
}

void PgnReader::Scanner::read_tag() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  get();  // '['
  std::string name;
  while (!at_end() && (peek() == ' ' || peek() == '\t')) get();
  while (!at_end() && peek() != ' ' && peek() != '\t' && peek() != '"' && peek() != ']' && peek() != '\n') name += get();
  while (!at_end() && (peek() == ' ' || peek() == '\t')) get();
  std::string value;
  if (peek() == '"') {
    get();
    while (!at_end() && peek() != '"' && peek() != '\n') {
      char c = get();
      if (c == '\\' && (peek() == '"' || peek() == '\\')) c = get();
      value += c;
    }
    if (peek() != '"') {
      error(line, column, fmt::format("tag [{} is not closed: its value lacks the closing quote", name));
      return;
    }
    get();
  }
  while (!at_end() && (peek() == ' ' || peek() == '\t')) get();
  if (peek() != ']') {
    error(line, column, fmt::format("tag [{} is not closed with ']'", name));
    skip_to_line_end();
    return;
  }
  get();
  if (name.empty()) {
    error(line, column, "a tag without a name");
    return;
  }
  game_.tags.push_back({name, value, line});
}

void PgnReader::Scanner::skip_comment() {
  const std::uint32_t line = line_;
  const std::uint32_t column = column_;
  get();  // '{'
  while (!at_end() && peek() != '}') get();
  if (at_end()) {
    error(line, column, "this '{' comment is never closed");
    return;
  }
  get();
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
  while (end < text_.size()) {
    const auto c = static_cast<unsigned char>(text_[end]);
    if (kEndsToken[c]) break;
    if ((c & 0xC0) != 0x80) ++characters;
    ++end;
  }
  const std::string_view token = text_.substr(pos_, end - pos_);
  pos_ = end;
  column_ += characters;
  if (!token.empty()) at_line_start_ = false;
  if (token.empty()) {
    get();  // a stray '}' or ']'
    error(line, column, "unexpected character");
    return;
  }
  if (is_result(token)) {
    if (stack_.size() > 1) {
      error(line, column, fmt::format("result '{}' inside a variation", token));
      return;
    }
    game_.result = std::string(token);
    game_.result_line = line;
    game_.result_column = column;
    finish_game();
    return;
  }
  if (token[0] == '$') return;  // NAG
  // A move number: digits, then dots ("12.", "12...", or a bare "12"); a move may follow the
  // dots without a space ("12.Nf3").
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
  PgnMove move;
  move.text = std::string(token.substr(rest));
  move.line = line;
  move.column = column + static_cast<std::uint32_t>(rest);
  if (move.text.empty()) return;
  if (!in_game_) {
    in_game_ = true;
    game_.line = line;
  }
  in_movetext_ = true;
  if (stack_.empty()) {
    stack_.push_back(&game_.moves);
    game_.moves.moves.reserve(128);  // a typical game, grown once or not at all
  }
  stack_.back()->moves.push_back(std::move(move));
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
    if (c == '[') {
      // A tag always starts a game, even inside an unclosed variation (reported when the game
      // is finished): so slices cut before tag lines read the same as the whole file.
      if (in_movetext_) finish_game();  // a new game without a result token before it
      if (!in_game_) {
        in_game_ = true;
        game_.line = line_;
      }
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
      const std::uint32_t line = line_;
      const std::uint32_t column = column_;
      get();
      if (stack_.empty() || stack_.back()->moves.empty()) {
        error(line, column, "a variation '(' before any move");
        open_parens_.emplace_back(line, column);
        stack_.push_back(stack_.empty() ? &game_.moves : stack_.back());
        continue;
      }
      PgnMove& last = stack_.back()->moves.back();
      last.variations.emplace_back();
      stack_.push_back(&last.variations.back());
      open_parens_.emplace_back(line, column);
      continue;
    }
    if (c == ')') {
      const std::uint32_t line = line_;
      const std::uint32_t column = column_;
      get();
      if (open_parens_.empty()) {
        error(line, column, "')' without a matching '('");
        continue;
      }
      open_parens_.pop_back();
      stack_.pop_back();
      continue;
    }
    read_token();
  }
  if (ready_.empty()) finish_game();
  if (ready_.empty()) return false;
  game = std::move(ready_.front());
  ready_.erase(ready_.begin());
  return true;
}

PgnReader::PgnReader(std::string_view text, std::string file, Diagnostics& diagnostics,
                     std::uint32_t first_line)
    : file_(std::move(file)), scanner_(std::make_unique<Scanner>(text, file_, diagnostics, first_line)) {}

PgnReader::~PgnReader() = default;

bool PgnReader::next(PgnGame& game) { return scanner_->next(game); }

bool PgnSlicer::next(PgnSlice& slice) {
  if (pos_ >= text_.size()) return false;
  // Cut before a '[' that starts a line after a blank line, outside brace comments, once the
  // slice holds some games' worth of text.
  const std::size_t start = pos_;
  const std::uint32_t first_line = line_;
  int braces = 0;
  std::size_t i = pos_;
  while (i < text_.size()) {
    const char c = text_[i];
    if (c == '{') {
      ++braces;
    } else if (c == '}') {
      if (braces > 0) --braces;
    } else if (c == '\n') {
      ++line_;
      if (braces == 0 && i - start >= target_ && i + 1 < text_.size()) {
        // Is the next line a tag after a blank line?
        std::size_t j = i + 1;
        if (j < text_.size() && text_[j] == '\r') ++j;
        if (j < text_.size() && text_[j] == '[' && i >= 1 &&
            (text_[i - 1] == '\n' || (text_[i - 1] == '\r' && i >= 2 && text_[i - 2] == '\n'))) {
          pos_ = i + 1;
          slice = {text_.substr(start, pos_ - start), first_line};
          return true;
        }
      }
    }
    ++i;
  }
  pos_ = text_.size();
  slice = {text_.substr(start), first_line};
  return true;
}

std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file, Diagnostics& diagnostics) {
  PgnReader reader(text, file, diagnostics);
  std::vector<PgnGame> games;
  PgnGame game;
  while (reader.next(game)) games.push_back(std::move(game));
  return games;
}

}  // namespace boardgames::shatar
