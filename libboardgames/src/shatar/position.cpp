#include "boardgames/shatar/position.h"

#include <fmt/format.h>

#include <array>
#include <limits>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames::shatar {

namespace {

// Zobrist keys, generated at compile time by SplitMix64 from a fixed seed.
struct Zobrist {
  std::array<std::array<std::array<std::uint64_t, 64>, kPieceTypes>, 2> piece{};
  std::uint64_t black_to_move = 0;
};

constexpr Zobrist make_zobrist() {
  Zobrist z{};
  std::uint64_t state = 0x5348415441520001ULL;  // "SHATAR"
  auto next = [&state]() {
    std::uint64_t x = (state += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  };
  for (auto& side : z.piece) {
    for (auto& type : side) {
      for (auto& key : type) key = next();
    }
  }
  z.black_to_move = next();
  return z;
}

constexpr Zobrist kZobrist = make_zobrist();

struct Lines {
  std::array<std::array<Bitboard, 64>, 64> between{};
  std::array<std::array<Bitboard, 64>, 64> line{};
};

constexpr Lines make_lines() {
  Lines l{};
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      if (a == b) continue;
      const auto sa = static_cast<Square>(a);
      const auto sb = static_cast<Square>(b);
      const int df = file_of(sb) - file_of(sa);
      const int dr = rank_of(sb) - rank_of(sa);
      if (df != 0 && dr != 0 && df != dr && df != -dr) continue;
      const int sf = (df > 0) - (df < 0);
      const int sr = (dr > 0) - (dr < 0);
      Bitboard between_bits = 0;
      for (int f = file_of(sa) + sf, r = rank_of(sa) + sr; f != file_of(sb) || r != rank_of(sb);
           f += sf, r += sr) {
        between_bits |= bit(make_square(f, r));
      }
      l.between[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = between_bits;
      Bitboard full = bit(sa);
      for (int f = file_of(sa) + sf, r = rank_of(sa) + sr; f >= 0 && f < 8 && r >= 0 && r < 8;
           f += sf, r += sr) {
        full |= bit(make_square(f, r));
      }
      for (int f = file_of(sa) - sf, r = rank_of(sa) - sr; f >= 0 && f < 8 && r >= 0 && r < 8;
           f -= sf, r -= sr) {
        full |= bit(make_square(f, r));
      }
      l.line[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = full;
    }
  }
  return l;
}

constexpr Lines kLines = make_lines();
const Lines& lines() { return kLines; }

constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = 0xFFULL << 56;
constexpr Bitboard last_rank(Side side) { return side == Side::white ? kRank8 : kRank1; }

constexpr std::string_view kInitialFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

}  // namespace

std::string square_name(Square s) {
  if (s >= 64) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return kNoSquare;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::string move_uci(Move m) {
  std::string out = square_name(m.from()) + square_name(m.to());
  if (m.promotion() != PieceType::none)
    out += static_cast<char>(piece_letter(m.promotion()) - 'A' + 'a');
  return out;
}

Bitboard attacks(PieceType type, Side side, Square s, Bitboard occupied) {
  switch (type) {
    case PieceType::pawn:
      return pawn_attacks(side, s);
    case PieceType::knight:
      return knight_attacks(s);
    case PieceType::bishop:
      return bishop_attacks(s, occupied);
    case PieceType::rook:
      return rook_attacks(s, occupied);
    case PieceType::bers:
      return bers_attacks(s, occupied);
    case PieceType::king:
      return king_attacks(s);
    default:
      return 0;
  }
}

Bitboard between(Square a, Square b) { return lines().between[a][b]; }
Bitboard line_through(Square a, Square b) { return lines().line[a][b]; }

std::string_view describe(Illegal reason) {
  switch (reason) {
    case Illegal::no_own_man:
      return "there is no man of the side to move on that square";
    case Illegal::own_man_on_target:
      return "the target square holds a man of the same side";
    case Illegal::first_move:
      return "White's first move must be d2-d4 or e2-e4";
    case Illegal::first_reply:
      return "Blue's first move must answer with the same pawn two squares (1.d4 d5 or 1.e4 e5)";
    case Illegal::pawn_double_step:
      return "after the first move pair a pawn moves one square only";
    case Illegal::no_en_passant:
      return "a pawn captures diagonally only a man standing there (Shatar has no en passant)";
    case Illegal::cannot_move_so:
      return "the man does not move that way";
    case Illegal::path_blocked:
      return "a man stands in the way";
    case Illegal::promotion_missing:
      return "a pawn reaching the last rank must promote (to Q, R, N or B)";
    case Illegal::promotion_not_allowed:
      return "only a pawn reaching the last rank promotes";
    case Illegal::promotion_to_king:
      return "a pawn cannot promote to a king";
    case Illegal::king_onto_attacked:
      return "the king would move onto an attacked square";
    case Illegal::king_left_in_check:
      return "it leaves the king in check";
  }
  return "illegal";
}

void Position::put(Square s, Piece piece) {
  board_[s] = piece;
  by_side_[index(piece.side)] |= bit(s);
  by_type_[index(piece.type)] |= bit(s);
  key_ ^= kZobrist.piece[static_cast<std::size_t>(index(piece.side))]
                        [static_cast<std::size_t>(index(piece.type))][s];
}

void Position::remove(Square s) {
  const Piece piece = board_[s];
  by_side_[index(piece.side)] &= ~bit(s);
  by_type_[index(piece.type)] &= ~bit(s);
  key_ ^= kZobrist.piece[static_cast<std::size_t>(index(piece.side))]
                        [static_cast<std::size_t>(index(piece.type))][s];
  board_[s] = Piece{};
}

Position Position::initial() {
  // Built once (immutable) and copied: reports and validators start from it constantly.
  static const Position start = [] { return *from_fen(kInitialFen); }();
  return start;
}

namespace {

// The bytes of the UTF-8 character that starts with `lead` (1 for a byte that starts none), so
// that a message quotes a whole character.
std::size_t character_length(char lead) {
  const auto c = static_cast<unsigned char>(lead);
  return c >= 0xF0 && c < 0xF8 ? 4 : c >= 0xE0 && c < 0xF0 ? 3 : c >= 0xC0 && c < 0xE0 ? 2 : 1;
}

}  // namespace

Expected<Position> Position::from_fen(std::string_view fen) {
  // The reason, with the offending text (a field or a character of the FEN, as written) and
  // its column in characters; column 0 and no token for the FEN as a whole.
  auto problem = [fen](std::string reason, std::string_view token = {}) {
    std::uint32_t column = 0;
    if (!token.empty()) {
      column = static_cast<std::uint32_t>(std::min<std::size_t>(
          utf8_length(fen.substr(0, static_cast<std::size_t>(token.data() - fen.data()))) + 1,
          std::numeric_limits<std::uint32_t>::max()));
    }
    return Problem{std::move(reason), {"", 0, column}, std::string(token), 0};
  };
  // At most six fields; a seventh is enough to refuse the text (which may be huge).
  std::string_view fields[7];
  std::size_t count = 0;
  for (std::size_t at = 0; at < fen.size() && count < 7;) {
    while (at < fen.size() && (fen[at] == ' ' || fen[at] == '\t')) ++at;
    const std::size_t end = std::min(fen.find_first_of(" \t", at), fen.size());
    if (end > at) fields[count++] = fen.substr(at, end - at);
    at = end;
  }
  if (count < 2 || count > 6) {
    return problem("a FEN has 2 to 6 fields separated by spaces");
  }
  Position p;
  int rank = 7;
  int file = 0;
  for (std::size_t i = 0; i < fields[0].size(); ++i) {
    const char c = fields[0][i];
    if (c == '/') {
      if (file != 8) {
        return problem(fmt::format("rank {} of the FEN does not have 8 squares", rank + 1),
                       fields[0].substr(i, 1));
      }
      --rank;
      file = 0;
      if (rank < 0) {
        return problem("the FEN has more than 8 ranks", fields[0].substr(i, 1));
      }
      continue;
    }
    if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      PieceType type = PieceType::none;
      switch (c | 0x20) {
        case 'p':
          type = PieceType::pawn;
          break;
        case 'n':
          type = PieceType::knight;
          break;
        case 'b':
          type = PieceType::bishop;
          break;
        case 'r':
          type = PieceType::rook;
          break;
        case 'q':
          type = PieceType::bers;
          break;
        case 'k':
          type = PieceType::king;
          break;
        default:
          return problem(fmt::format("'{}' is not a man in a FEN (KQRBNP, lower case for Blue)",
                                     excerpt(fields[0].substr(i, character_length(c)))),
                         fields[0].substr(i, character_length(c)));
      }
      if (file > 7) {
        return problem(fmt::format("rank {} of the FEN has more than 8 squares", rank + 1),
                       fields[0].substr(i, 1));
      }
      p.put(make_square(file, rank), Piece{(c & 0x20) ? Side::black : Side::white, type});
      ++file;
    }
    if (file > 8) {
      return problem(fmt::format("rank {} of the FEN has more than 8 squares", rank + 1),
                     fields[0].substr(i, 1));
    }
  }
  if (rank != 0 || file != 8) {
    return problem("the FEN board does not have 8 ranks of 8 squares", fields[0]);
  }
  if (fields[1] == "w") {
    p.side_ = Side::white;
  } else if (fields[1] == "b") {
    p.side_ = Side::black;
    p.key_ ^= kZobrist.black_to_move;
  } else {
    return problem(fmt::format("side to move '{}' is not w or b", excerpt(fields[1])), fields[1]);
  }
  if (count >= 5) {
    auto clock = parse_integer(fields[4]);
    if (!clock || *clock < 0 || *clock > 10000) {
      return problem(fmt::format("half-move clock '{}' is not a whole number from 0 to 10000",
                                 excerpt(fields[4])),
                     fields[4]);
    }
    p.halfmove_clock_ = static_cast<std::uint16_t>(*clock);
  }
  if (count >= 6) {
    auto move = parse_integer(fields[5]);
    if (!move || *move < 1 || *move > 10000) {
      return problem(
          fmt::format("move number '{}' is not a whole number from 1 to 10000", excerpt(fields[5])),
          fields[5]);
    }
    p.fullmove_ = static_cast<std::uint16_t>(*move);
  }
  for (Side side : {Side::white, Side::black}) {
    if (popcount(p.pieces(side, PieceType::king)) != 1) {
      return problem(
          fmt::format("{} must have exactly one king", side == Side::white ? "White" : "Blue"),
          fields[0]);
    }
  }
  if (p.pieces(PieceType::pawn) & (kRank1 | kRank8)) {
    return problem("a pawn stands on the first or last rank", fields[0]);
  }
  if (p.attackers(p.king(~p.side_), p.side_, p.occupied()) != 0) {
    return problem("the side not to move is in check", fields[0]);
  }
  // The first move pair is fixed only from the initial position itself.
  std::string start(kInitialFen.substr(0, kInitialFen.find(' ')));
  std::string placement(fields[0]);
  if (p.fullmove_ == 1) {
    if (placement == start && p.side_ == Side::white) {
      p.opening_ = Opening::white_first;
    } else if (p.side_ == Side::black &&
               placement == "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR") {
      p.opening_ = Opening::black_answers_d;
    } else if (p.side_ == Side::black &&
               placement == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR") {
      p.opening_ = Opening::black_answers_e;
    }
  }
  return p;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece piece = board_[make_square(file, rank)];
      if (piece.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) out += static_cast<char>('0' + empty);
      empty = 0;
      char letter = piece_letter(piece.type);
      out += piece.side == Side::white ? letter : static_cast<char>(letter | 0x20);
    }
    if (empty > 0) out += static_cast<char>('0' + empty);
    if (rank > 0) out += '/';
  }
  out += side_ == Side::white ? " w - - " : " b - - ";
  out += std::to_string(halfmove_clock_) + " " + std::to_string(fullmove_);
  return out;
}

Bitboard Position::attackers(Square s, Side by, Bitboard occupied) const {
  const Bitboard them = pieces(by);
  const Bitboard diagonal = pieces(PieceType::bishop) | pieces(PieceType::bers);
  const Bitboard straight = pieces(PieceType::rook) | pieces(PieceType::bers);
  return them & ((pawn_attacks(~by, s) & pieces(PieceType::pawn)) |
                 (knight_attacks(s) & pieces(PieceType::knight)) |
                 (king_attacks(s) & pieces(PieceType::king)) |
                 (bishop_attacks(s, occupied) & diagonal) | (rook_attacks(s, occupied) & straight));
}

Bitboard Position::pinned(Side side) const {
  const Square k = king(side);
  const Bitboard them = pieces(~side);
  const Bitboard snipers =
      ((rook_attacks(k, 0) & (pieces(PieceType::rook) | pieces(PieceType::bers))) |
       (bishop_attacks(k, 0) & (pieces(PieceType::bishop) | pieces(PieceType::bers)))) &
      them;
  Bitboard result = 0;
  Bitboard s = snipers;
  while (s) {
    const Square sniper = pop_lowest(s);
    const Bitboard blockers = between(k, sniper) & occupied();
    if (popcount(blockers) == 1 && (blockers & pieces(side))) result |= blockers;
  }
  return result;
}

void Position::legal_moves(MoveList& moves) const {
  moves.clear();
  const Side us = side_;
  if (opening_ != Opening::none) {
    // The fixed first move pair.
    auto add_if_possible = [&](Square from, Square to) {
      if (board_[from] == Piece{us, PieceType::pawn} && board_[to].empty() &&
          board_[(from + to) / 2].empty()) {
        moves.push(Move(from, to));
      }
    };
    if (opening_ == Opening::white_first) {
      add_if_possible(make_square(3, 1), make_square(3, 3));
      add_if_possible(make_square(4, 1), make_square(4, 3));
    } else if (opening_ == Opening::black_answers_d) {
      add_if_possible(make_square(3, 6), make_square(3, 4));
    } else {
      add_if_possible(make_square(4, 6), make_square(4, 4));
    }
    return;
  }
  const Bitboard own = pieces(us);
  const Bitboard them = pieces(~us);
  const Bitboard occ = occupied();
  const Square k = king(us);
  const Bitboard checking = attackers(k, ~us, occ);

  // King moves: never onto an attacked square (the king itself does not block the attack).
  Bitboard king_targets = king_attacks(k) & ~own;
  while (king_targets) {
    const Square to = pop_lowest(king_targets);
    if (!attackers(to, ~us, occ ^ bit(k))) moves.push(Move(k, to));
  }
  if (popcount(checking) > 1) return;  // double check: only the king moves

  const Bitboard target_mask = checking ? (between(k, lowest(checking)) | checking) : ~Bitboard{0};
  const Bitboard pins = pinned(us);
  auto allowed = [&](Square from) {
    return (pins & bit(from)) ? line_through(k, from) : ~Bitboard{0};
  };
  auto add = [&](Square from, Bitboard targets) {
    targets &= target_mask & allowed(from);
    while (targets) moves.push(Move(from, pop_lowest(targets)));
  };
  for (PieceType type : {PieceType::knight, PieceType::bishop, PieceType::rook, PieceType::bers}) {
    Bitboard men = pieces(us, type);
    while (men) {
      const Square from = pop_lowest(men);
      add(from, attacks(type, us, from, occ) & ~own);
    }
  }
  Bitboard pawns = pieces(us, PieceType::pawn);
  const int forward = us == Side::white ? 8 : -8;
  while (pawns) {
    const Square from = pop_lowest(pawns);
    Bitboard targets = pawn_attacks(us, from) & them;
    const int ahead = from + forward;
    if (ahead >= 0 && ahead < 64 && board_[ahead].empty())
      targets |= bit(static_cast<Square>(ahead));
    targets &= target_mask & allowed(from);
    while (targets) {
      const Square to = pop_lowest(targets);
      if (bit(to) & last_rank(us)) {
        for (PieceType promotion :
             {PieceType::bers, PieceType::rook, PieceType::bishop, PieceType::knight}) {
          moves.push(Move(from, to, promotion));
        }
      } else {
        moves.push(Move(from, to));
      }
    }
  }
}

std::optional<Illegal> Position::check_move(Move move) const {
  const Square from = move.from();
  const Square to = move.to();
  const Side us = side_;
  const Piece piece = board_[from];
  if (piece.empty() || piece.side != us) return Illegal::no_own_man;
  if (opening_ == Opening::white_first || opening_ == Opening::black_answers_d ||
      opening_ == Opening::black_answers_e) {
    MoveList allowed;
    legal_moves(allowed);
    for (Move m : allowed) {
      if (m == move) return std::nullopt;
    }
    return opening_ == Opening::white_first ? Illegal::first_move : Illegal::first_reply;
  }
  if (!board_[to].empty() && board_[to].side == us) return Illegal::own_man_on_target;
  const Bitboard occ = occupied();
  const PieceType promotion = move.promotion();
  if (piece.type == PieceType::pawn) {
    const int forward = us == Side::white ? 1 : -1;
    const int df = file_of(to) - file_of(from);
    const int dr = rank_of(to) - rank_of(from);
    if (df == 0 && dr == forward) {
      if (!board_[to].empty()) return Illegal::path_blocked;
    } else if (df == 0 && dr == 2 * forward) {
      return Illegal::pawn_double_step;
    } else if ((df == 1 || df == -1) && dr == forward) {
      if (board_[to].empty()) return Illegal::no_en_passant;
    } else {
      return Illegal::cannot_move_so;
    }
    const bool reaches_last = (bit(to) & last_rank(us)) != 0;
    if (reaches_last && promotion == PieceType::none) return Illegal::promotion_missing;
    if (!reaches_last && promotion != PieceType::none) return Illegal::promotion_not_allowed;
    if (promotion == PieceType::king) return Illegal::promotion_to_king;
    if (promotion == PieceType::pawn) return Illegal::promotion_not_allowed;
  } else {
    if (promotion != PieceType::none) return Illegal::promotion_not_allowed;
    if (piece.type == PieceType::knight || piece.type == PieceType::king) {
      if (!(attacks(piece.type, us, from, occ) & bit(to))) return Illegal::cannot_move_so;
    } else {
      const Bitboard reach = attacks(piece.type, us, from, 0);
      if (!(reach & bit(to))) return Illegal::cannot_move_so;
      if (between(from, to) & occ) return Illegal::path_blocked;
    }
    if (piece.type == PieceType::king) {
      if (attackers(to, ~us, occ ^ bit(from))) return Illegal::king_onto_attacked;
      return std::nullopt;
    }
  }
  // Would the king be attacked after the move?
  const Bitboard after_occ = (occ ^ bit(from)) | bit(to);
  const Square k = king(us);
  const Bitboard enemies = pieces(~us) & ~bit(to);
  const Bitboard diagonal = (pieces(PieceType::bishop) | pieces(PieceType::bers)) & enemies;
  const Bitboard straight = (pieces(PieceType::rook) | pieces(PieceType::bers)) & enemies;
  const Bitboard hit = (pawn_attacks(us, k) & pieces(PieceType::pawn) & enemies) |
                       (knight_attacks(k) & pieces(PieceType::knight) & enemies) |
                       (bishop_attacks(k, after_occ) & diagonal) |
                       (rook_attacks(k, after_occ) & straight);
  if (hit) return Illegal::king_left_in_check;
  return std::nullopt;
}

void Position::play(Move move) {
  const Square from = move.from();
  const Square to = move.to();
  const Piece piece = board_[from];
  const bool capture = !board_[to].empty();
  const Side mover = side_;
  const Opening opening = opening_;
  if (capture) remove(to);
  remove(from);
  put(to, move.promotion() != PieceType::none ? Piece{piece.side, move.promotion()} : piece);
  // Both counters stop at their largest value (a record of 130,000 plies is possible, if
  // hostile) rather than wrap round.
  halfmove_clock_ =
      (capture || piece.type == PieceType::pawn)
          ? 0
          : static_cast<std::uint16_t>(halfmove_clock_ + (halfmove_clock_ < UINT16_MAX));
  if (mover == Side::black && fullmove_ < UINT16_MAX) ++fullmove_;
  side_ = ~mover;
  key_ ^= kZobrist.black_to_move;
  switch (opening) {
    case Opening::white_first:
      opening_ = file_of(from) == 3 ? Opening::black_answers_d : Opening::black_answers_e;
      break;
    default:
      opening_ = Opening::none;
  }
}

Position Position::after(Move move) const {
  Position next = *this;
  next.play(move);
  return next;
}

bool Position::is_checkmate() const {
  MoveList moves;
  legal_moves(moves);
  return moves.empty() && in_check();
}

bool Position::is_stalemate() const {
  MoveList moves;
  legal_moves(moves);
  return moves.empty() && !in_check();
}

bool Position::dead_material() const {
  const Bitboard heavy =
      pieces(PieceType::pawn) | pieces(PieceType::rook) | pieces(PieceType::bers);
  if (heavy) return false;
  const Bitboard minors = pieces(PieceType::knight) | pieces(PieceType::bishop);
  const int count = popcount(minors);
  if (count <= 1) return true;  // K v K, K v K+B, K v K+N
  if (count == 2 && !pieces(PieceType::knight)) {
    const Bitboard bishops = pieces(PieceType::bishop);
    if (popcount(pieces(Side::white, PieceType::bishop)) != 1) return false;  // one each
    constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
    return (bishops & kDark) == bishops || (bishops & kDark) == 0;
  }
  return false;
}

bool Position::consistent() const {
  std::uint64_t key = side_ == Side::black ? kZobrist.black_to_move : 0;
  for (int s = 0; s < 64; ++s) {
    const Piece piece = board_[s];
    const auto sq = static_cast<Square>(s);
    if (piece.empty()) {
      if (occupied() & bit(sq)) return false;
      continue;
    }
    if (!(pieces(piece.side, piece.type) & bit(sq))) return false;
    key ^= kZobrist.piece[static_cast<std::size_t>(index(piece.side))]
                         [static_cast<std::size_t>(index(piece.type))][sq];
  }
  return key == key_ && (by_side_[0] & by_side_[1]) == 0;
}

std::uint64_t perft(const Position& position, int depth) {
  MoveList moves;
  position.legal_moves(moves);
  if (depth <= 1) return depth == 1 ? moves.size() : 1;
  std::uint64_t nodes = 0;
  for (Move move : moves) nodes += perft(position.after(move), depth - 1);
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const Position& position, int depth) {
  MoveList moves;
  position.legal_moves(moves);
  std::vector<std::pair<Move, std::uint64_t>> counts;
  for (Move move : moves)
    counts.emplace_back(move, depth > 1 ? perft(position.after(move), depth - 1) : 1);
  return counts;
}

}  // namespace boardgames::shatar
