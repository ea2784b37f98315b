// The vocabulary of the Shatar engine: sides, men, squares, bitboards and the move.
//
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63; a bitboard has bit s set for square s.
// Shatar's second player is Blue; PGN and this code call that side `black`.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardgames/core/fixed_list.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

using Bitboard = std::uint64_t;

enum class Side : std::uint8_t { white = 0, black = 1 };  // black = Blue
constexpr Side operator~(Side s) { return s == Side::white ? Side::black : Side::white; }
constexpr int index(Side s) { return static_cast<int>(s); }

// Bers is the tiger/lion: it moves like a chess queen and is written Q.
enum class PieceType : std::uint8_t { none = 0, pawn, knight, bishop, rook, bers, king };
constexpr int kPieceTypes = 7;
constexpr int index(PieceType t) { return static_cast<int>(t); }

struct Piece {
  Side side = Side::white;
  PieceType type = PieceType::none;
  constexpr bool empty() const { return type == PieceType::none; }
  friend constexpr bool operator==(Piece, Piece) = default;
};

// 'P','N','B','R','Q','K' (upper case), or ' ' for none.
constexpr char piece_letter(PieceType t) {
  constexpr std::string_view letters = " PNBRQK";
  return letters[static_cast<std::size_t>(t)];
}

using Square = std::uint8_t;
constexpr Square kNoSquare = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
std::string square_name(Square s);
// "e4" → 28; kNoSquare for anything else.
Square parse_square(std::string_view text);

// A move fits in 16 bits:
//   bits  0-5   from square
//   bits  6-11  to square
//   bits 12-14  promotion man (PieceType: knight 2 .. bers 5), 0 if none
// The null move (all zero) is never a legal move (a1 to a1).
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, PieceType promotion = PieceType::none)
      : bits_(static_cast<std::uint16_t>(from | (to << 6) | (index(promotion) << 12))) {}

  constexpr Square from() const { return static_cast<Square>(bits_ & 63); }
  constexpr Square to() const { return static_cast<Square>((bits_ >> 6) & 63); }
  constexpr PieceType promotion() const { return static_cast<PieceType>((bits_ >> 12) & 7); }
  constexpr bool is_null() const { return bits_ == 0; }
  constexpr std::uint16_t raw() const { return bits_; }
  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t bits_ = 0;
};

// Long algebraic for logs and perft: "e2e4", "a7a8q".
std::string move_uci(Move m);

// The legal moves of a position (no position has more than 218).
using MoveList = FixedList<Move, 256>;

}  // namespace boardgames::shatar

BOARDGAMES_API_END
