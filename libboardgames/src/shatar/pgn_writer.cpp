#include "boardgames/shatar/pgn_writer.h"

#include <fmt/format.h>

#include "boardgames/core/tag_pair.h"
#include "boardgames/shatar/notation.h"

namespace boardgames::shatar {

void write_pgn_game(const std::vector<PgnTag>& tags, const Position& start,
                    const std::vector<Move>& moves, std::string_view result, Notation notation,
                    std::string& out) {
  for (const PgnTag& tag : tags) write_tag_pair(tag.name, tag.value, out);
  if (!tags.empty()) out += '\n';
  constexpr std::size_t kWidth = 80;
  Position position = start;
  std::string line;
  auto emit = [&](std::string_view word) {
    if (!line.empty() && line.size() + 1 + word.size() > kWidth) {
      out += line;
      out += '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
  };
  bool first = true;
  for (const Move move : moves) {
    if (position.side_to_move() == Side::white) {
      emit(fmt::format("{}.", position.fullmove_number()));
    } else if (first) {
      emit(fmt::format("{}...", position.fullmove_number()));
    }
    first = false;
    emit(notation == Notation::long_algebraic ? to_long(position, move) : to_short(position, move));
    position = position.after(move);
  }
  emit(result.empty() ? std::string_view("*") : result);
  out += line;
  out += "\n\n";
}

}  // namespace boardgames::shatar
