#include "boardgames/shatar/diagram.h"

namespace boardgames::shatar {

std::string board_diagram(const Position& position, bool unicode) {
  static constexpr const char* kWhite[] = {"",       "\u2659", "\u2658", "\u2657",
                                           "\u2656", "\u2655", "\u2654"};
  static constexpr const char* kBlue[] = {"",       "\u265F", "\u265E", "\u265D",
                                          "\u265C", "\u265B", "\u265A"};
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += static_cast<char>('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      const Piece piece = position.at(make_square(file, rank));
      out += ' ';
      if (piece.empty()) {
        out += ((file + rank) % 2 == 0) ? (unicode ? "\u00B7" : ".") : (unicode ? " " : " ");
        if (!unicode && (file + rank) % 2 != 0) out.back() = ' ';
      } else if (unicode) {
        out += piece.side == Side::white ? kWhite[index(piece.type)] : kBlue[index(piece.type)];
      } else {
        const char letter = piece_letter(piece.type);
        out += piece.side == Side::white ? letter : static_cast<char>(letter | 0x20);
      }
    }
    out += '\n';
  }
  out += "   a b c d e f g h\n";
  out += position.side_to_move() == Side::white ? "White to move\n" : "Blue to move\n";
  return out;
}

}  // namespace boardgames::shatar
