// Xigua moves as `xigua-play play` reads them: a line at a time (longer than 1,000 bytes not
// read), its first word parsed by parse_move, a legal move played in a Game under the repetition
// rule and a move limit, "undo" taking two plies back. No input crashes; a parsed move's text
// parses back to the same move; a refusal names the text it refused; the game ends only as the
// rules say, and its end is described in UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardgames/core/strings.h"
#include "boardgames/xigua/game.h"
#include "fuzz_support.h"

namespace xg = boardgames::xigua;

namespace {

constexpr std::size_t kMaxCommand = 1000;  // as xigua-play play
constexpr int kMaxPlies = 60;

void command(xg::Game& game, std::string_view line) {
  const std::string_view trimmed = boardgames::trim(line);
  if (trimmed.empty()) return;
  if (boardgames::iequals_ascii(trimmed, "undo")) {
    const std::size_t before = game.moves().size();
    game.take_back(2);
    fuzz::require(game.moves().size() == (before >= 2 ? before - 2 : 0) && !game.over());
    return;
  }
  const std::string_view word = boardgames::split(trimmed, ' ').front();
  const boardgames::Expected<xg::Move> move = xg::parse_move(word);
  if (!move) {
    fuzz::require(move.problem().token == word);
    fuzz::require_utf8(move.problem().reason);
    return;
  }
  const boardgames::Expected<xg::Move> again = xg::parse_move(xg::move_text(*move));
  fuzz::require(again.has_value() && *again == *move);
  if (game.over() || game.position().check_move(*move)) return;
  game.play(*move);
  fuzz::require(game.moves().size() <= static_cast<std::size_t>(kMaxPlies));
  if (game.over()) {
    fuzz::require_utf8(xg::describe(*game.end()));
    const bool by_rules = game.position().game_over() ||
                          game.moves().size() == static_cast<std::size_t>(kMaxPlies) ||
                          game.end()->reason == xg::EndReason::repetition;
    fuzz::require(by_rules);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  xg::Game game(xg::Side::black, {kMaxPlies, true});
  std::size_t start = 0;
  while (start < input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    std::string_view line = input.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxCommand) continue;
    command(game, line);
  }
  return 0;
}
