// Attack tables for the Shatar men, all computed at compile time (no init() call).
//
// Knights, kings and pawns use per-square tables. Sliders use hyperbola quintessence for files
// and diagonals (the masked occupancy minus the slider's bit, once forward and once on the
// byte-reversed board: the borrow runs up to the first blocker) and an 8 × 256 first-rank table
// for ranks: no magic numbers, a few kilobytes of tables.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <bit>

#include "boardgames/shatar/types.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

namespace detail {

constexpr Bitboard kFileA = 0x0101010101010101ULL;

template <std::size_t N>
constexpr Bitboard step_attacks(Square s, const std::array<std::pair<int, int>, N>& steps) {
  Bitboard b = 0;
  for (auto [df, dr] : steps) {
    int f = file_of(s) + df;
    int r = rank_of(s) + dr;
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= bit(make_square(f, r));
  }
  return b;
}

template <std::size_t N>
constexpr std::array<Bitboard, 64> table(const std::array<std::pair<int, int>, N>& steps) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s)
    t[static_cast<std::size_t>(s)] = step_attacks(static_cast<Square>(s), steps);
  return t;
}

constexpr std::array<std::pair<int, int>, 8> kKnightSteps = {
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
constexpr std::array<std::pair<int, int>, 8> kKingSteps = {
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};

struct Masks {
  std::array<Bitboard, 64> file{}, diagonal{}, anti_diagonal{};
};

constexpr Masks make_masks() {
  Masks m{};
  for (int s = 0; s < 64; ++s) {
    const int f = s & 7;
    const int r = s >> 3;
    for (int t = 0; t < 64; ++t) {
      if (t == s) continue;
      const int tf = t & 7;
      const int tr = t >> 3;
      if (tf == f) m.file[static_cast<std::size_t>(s)] |= Bitboard{1} << t;
      if (tf - f == tr - r) m.diagonal[static_cast<std::size_t>(s)] |= Bitboard{1} << t;
      if (tf - f == r - tr) m.anti_diagonal[static_cast<std::size_t>(s)] |= Bitboard{1} << t;
    }
  }
  return m;
}

// first_rank[file][occupancy of the rank (8 bits)]: the squares a rook on `file` of rank 1
// attacks along the rank.
constexpr std::array<std::array<std::uint8_t, 256>, 8> make_first_rank() {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int f = 0; f < 8; ++f) {
    for (int occ = 0; occ < 256; ++occ) {
      int a = 0;
      for (int x = f + 1; x < 8; ++x) {
        a |= 1 << x;
        if (occ & (1 << x)) break;
      }
      for (int x = f - 1; x >= 0; --x) {
        a |= 1 << x;
        if (occ & (1 << x)) break;
      }
      t[static_cast<std::size_t>(f)][static_cast<std::size_t>(occ)] = static_cast<std::uint8_t>(a);
    }
  }
  return t;
}

inline constexpr std::array<Bitboard, 64> kKnight = table(kKnightSteps);
inline constexpr std::array<Bitboard, 64> kKing = table(kKingSteps);
inline constexpr Masks kMasks = make_masks();
inline constexpr auto kFirstRank = make_first_rank();

constexpr std::array<std::pair<int, int>, 2> kWhitePawnSteps = {{{1, 1}, {-1, 1}}};
constexpr std::array<std::pair<int, int>, 2> kBlackPawnSteps = {{{1, -1}, {-1, -1}}};
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {table(kWhitePawnSteps),
                                                                         table(kBlackPawnSteps)};

constexpr Bitboard line_attacks(Bitboard occupied, Bitboard mask, Square s) {
  const Bitboard o = occupied & mask;
  const Bitboard r = __builtin_bswap64(o);
  const Bitboard b = bit(s);
  const Bitboard forward = o - b;
  const Bitboard reverse = r - __builtin_bswap64(b);
  return (forward ^ __builtin_bswap64(reverse)) & mask;
}

}  // namespace detail

constexpr Bitboard knight_attacks(Square s) { return detail::kKnight[s]; }
constexpr Bitboard king_attacks(Square s) { return detail::kKing[s]; }
constexpr Bitboard pawn_attacks(Side side, Square s) {
  return detail::kPawnAttacks[static_cast<std::size_t>(index(side))][s];
}

constexpr Bitboard rank_attacks(Square s, Bitboard occupied) {
  const int shift = rank_of(s) * 8;
  const auto occ = static_cast<std::size_t>((occupied >> shift) & 0xFF);
  return Bitboard{detail::kFirstRank[static_cast<std::size_t>(file_of(s))][occ]} << shift;
}
constexpr Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::line_attacks(occupied, detail::kMasks.diagonal[s], s) |
         detail::line_attacks(occupied, detail::kMasks.anti_diagonal[s], s);
}
constexpr Bitboard rook_attacks(Square s, Bitboard occupied) {
  return detail::line_attacks(occupied, detail::kMasks.file[s], s) | rank_attacks(s, occupied);
}
constexpr Bitboard bers_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
Bitboard attacks(PieceType type, Side side, Square s, Bitboard occupied);

// Squares strictly between a and b on a line (empty if not on one line), and the whole line
// through a and b (empty if none).
Bitboard between(Square a, Square b);
Bitboard line_through(Square a, Square b);

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lowest(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
constexpr Square pop_lowest(Bitboard& b) {
  const Square s = lowest(b);
  b &= b - 1;
  return s;
}

}  // namespace boardgames::shatar

BOARDGAMES_API_END
