// Position: a Shatar position, copied on every move (about 130 bytes), with its Zobrist key.
//
// The rules are those of spec/shatar.md: the chess men's moves with no castling and no en
// passant; the first move pair fixed (1.d4 d5 or 1.e4 e5); every pawn move afterwards one
// square; promotion to Bers (Q), Rook, Knight or Bishop; a king never moves onto an attacked
// square and no move may leave the mover's king attacked.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgames/core/problem.h"
#include "boardgames/shatar/bitboard.h"
#include "boardgames/shatar/types.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

// Where a position stands in the fixed first move pair.
enum class Opening : std::uint8_t {
  none,             // the pair is behind us (or the game started from a set-up position)
  white_first,      // the initial position, White to play d2-d4 or e2-e4
  black_answers_d,  // after 1.d4: Blue must play d7-d5
  black_answers_e,  // after 1.e4: Blue must play e7-e5
};

// Why a move is illegal, most specific reason first.
enum class Illegal : std::uint8_t {
  no_own_man,             // no man of the side to move on the from-square
  own_man_on_target,      // the target holds a man of the same side
  first_move,             // White's first move must be d2-d4 or e2-e4
  first_reply,            // Blue's first move must answer with the same pawn, two squares
  pawn_double_step,       // after the first move pair pawns move one square
  no_en_passant,          // a pawn captures diagonally only a man standing there
  cannot_move_so,         // the man does not move that way
  path_blocked,           // a man stands between from and to
  promotion_missing,      // a pawn reaching the last rank must promote
  promotion_not_allowed,  // promotion named for a move that is not a pawn reaching the last rank
  promotion_to_king,
  king_onto_attacked,  // the king may not move onto an attacked square
  king_left_in_check,  // the move leaves (or puts) the mover's king under attack
};
std::string_view describe(Illegal reason);

class Position {
 public:
  // The initial position, White to move, the first move pair ahead.
  static Position initial();
  // FEN: placement, side (w/b), castling and en-passant fields (read and ignored: Shatar has
  // neither), half-move clock, move number. The initial placement with White to move at move 1
  // (or Blue to move after 1.d4 / 1.e4) starts the fixed first move pair. Else the Problem: its
  // reason in words, the offending field or character as written (token; empty for the FEN as
  // a whole) and its column in characters in `fen` (where.column; 0 with no token).
  static Expected<Position> from_fen(std::string_view fen);
  // FEN with "-" for castling and en passant.
  std::string fen() const;

  // -- Representation
  Side side_to_move() const { return side_; }
  Piece at(Square s) const { return board_[s]; }
  Bitboard pieces(Side side) const { return by_side_[index(side)]; }
  Bitboard pieces(PieceType type) const { return by_type_[index(type)]; }
  Bitboard pieces(Side side, PieceType type) const {
    return by_side_[index(side)] & by_type_[index(type)];
  }
  Bitboard occupied() const { return by_side_[0] | by_side_[1]; }
  Square king(Side side) const { return lowest(pieces(side, PieceType::king)); }
  // Both counters stop at 65535 instead of wrapping round.
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_; }
  Opening opening() const { return opening_; }
  // Zobrist key of men, squares and side to move (what "the same position" means for
  // repetition).
  std::uint64_t key() const { return key_; }

  // -- Checking
  Bitboard attackers(Square s, Side by, Bitboard occupied) const;
  Bitboard checkers() const { return attackers(king(side_), ~side_, occupied()); }
  bool in_check() const { return checkers() != 0; }

  // -- Moves
  void legal_moves(MoveList& moves) const;
  // nullopt if legal, else the reason.
  std::optional<Illegal> check_move(Move move) const;
  bool is_capture(Move move) const { return !board_[move.to()].empty(); }
  // The position after a legal move.
  Position after(Move move) const;
  // Plays a legal move in place (what after() does, without the copy).
  void play(Move move);

  // -- End of game
  bool is_checkmate() const;
  bool is_stalemate() const;
  // The dead positions of the rules: K v K, K v K+B, K v K+N, K+B v K+B with the bishops on
  // squares of one colour.
  bool dead_material() const;

  // A self-check of the redundant representation (debug builds, tests).
  bool consistent() const;

 private:
  void put(Square s, Piece piece);
  void remove(Square s);
  Bitboard pinned(Side side) const;

  Piece board_[64]{};
  Bitboard by_side_[2]{};
  Bitboard by_type_[kPieceTypes]{};
  std::uint64_t key_ = 0;
  Side side_ = Side::white;
  Opening opening_ = Opening::none;
  std::uint16_t halfmove_clock_ = 0;
  std::uint16_t fullmove_ = 1;
};

// Leaf nodes of the move tree to `depth` plies.
std::uint64_t perft(const Position& position, int depth);
// perft divided: each legal move of `position` with the leaves under it at `depth` (>= 1), in
// the move generator's order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& position, int depth);

}  // namespace boardgames::shatar

BOARDGAMES_API_END
