#include "boardgames/shatar/notation.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "boardgames/core/utf8.h"

namespace boardgames::shatar {

namespace {

struct ChineseName {
  std::string_view text;
  char letter;
};

constexpr std::array kChinese = {
    ChineseName{"\xE7\x8E\x8B", 'K'},  // 王
    ChineseName{"\xE8\x99\x8E", 'Q'},  // 虎
    ChineseName{"\xE7\x8D\x85", 'Q'},  // 獅
    ChineseName{"\xE7\x8B\xAE", 'Q'},  // 狮
    ChineseName{"\xE8\xBB\x8A", 'R'},  // 車
    ChineseName{"\xE8\xBD\xA6", 'R'},  // 车
    ChineseName{"\xE9\xA6\xAC", 'N'},  // 馬
    ChineseName{"\xE9\xA9\xAC", 'N'},  // 马
    ChineseName{"\xE9\xA7\x9D", 'B'},  // 駝
    ChineseName{"\xE9\xA9\xBC", 'B'},  // 驼
    ChineseName{"\xE5\xA4\xAB", 'P'},  // 夫
};
constexpr std::string_view kBecomes[] = {"\xE8\xAE\x8A", "\xE5\x8F\x98"};  // 變 变

PieceType type_of_letter(char c) {
  switch (c) {
    case 'P':
      return PieceType::pawn;
    case 'N':
      return PieceType::knight;
    case 'B':
      return PieceType::bishop;
    case 'R':
      return PieceType::rook;
    case 'Q':
      return PieceType::bers;
    case 'K':
      return PieceType::king;
    default:
      return PieceType::none;
  }
}

std::string_view piece_word(PieceType t) {
  switch (t) {
    case PieceType::pawn:
      return "pawn";
    case PieceType::knight:
      return "knight";
    case PieceType::bishop:
      return "bishop (camel)";
    case PieceType::rook:
      return "rook";
    case PieceType::bers:
      return "bers (tiger/lion)";
    case PieceType::king:
      return "king";
    default:
      return "man";
  }
}

// Chinese piece names → Latin letters; "變虎" → "=Q". Most tokens are plain ASCII and are
// returned as they are.
std::string latinise(std::string_view token) {
  if (std::none_of(token.begin(), token.end(),
                   [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    return std::string(token);
  }
  std::string out;
  std::size_t i = 0;
  while (i < token.size()) {
    if (static_cast<unsigned char>(token[i]) < 0x80) {
      out += token[i++];
      continue;
    }
    bool replaced = false;
    for (std::string_view becomes : kBecomes) {
      if (token.substr(i).starts_with(becomes)) {
        out += '=';
        i += becomes.size();
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    for (const ChineseName& name : kChinese) {
      if (token.substr(i).starts_with(name.text)) {
        out += name.letter;
        i += name.text.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += token[i++];
  }
  return out;
}

// What a token asks for, before looking at the position.
struct Request {
  PieceType piece = PieceType::pawn;
  int from_file = -1;
  int from_rank = -1;
  int to_file = -1;  // the "cd" abbreviation gives only a file
  int to_rank = -1;
  PieceType promotion = PieceType::none;
  bool promotion_written = false;
  bool capture = false;
  bool check = false;
  bool mate = false;
};

std::optional<std::string> parse_request(std::string_view original, Request& r) {
  // A view of the token, cut from both ends as it is read; a copy only for Chinese names.
  std::string latin;
  std::string_view t = original;
  if (std::any_of(original.begin(), original.end(),
                  [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    latin = latinise(original);
    t = latin;
  }
  // Suffixes: annotation marks, then check and mate marks.
  while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
  if (t.ends_with("++")) {
    r.mate = true;
    t.remove_suffix(2);
  } else if (!t.empty() && t.back() == '#') {
    r.mate = true;
    t.remove_suffix(1);
  } else if (!t.empty() && t.back() == '+') {
    r.check = true;
    t.remove_suffix(1);
  }
  while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
  if (!t.empty() && t.back() == '.' && t.ends_with("e.p.")) t.remove_suffix(4);
  if (!t.empty() && (t[0] == 'O' || t[0] == '0' || t[0] == 'o') &&
      (t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0" || t == "o-o" || t == "o-o-o")) {
    return "castling does not exist in Shatar";
  }
  // Promotion at the end: "=Q", "(Q)", "/Q", or a bare letter after the destination.
  auto promotion_letter = [&](char c) -> bool {
    PieceType p = type_of_letter(c);
    if (p == PieceType::none) return false;
    r.promotion = p;
    r.promotion_written = true;
    return true;
  };
  if (t.size() >= 3 && t.back() == ')' && t[t.size() - 3] == '(' &&
      promotion_letter(t[t.size() - 2])) {
    t.remove_suffix(3);
  } else if (t.size() >= 2 && (t[t.size() - 2] == '=' || t[t.size() - 2] == '/') &&
             promotion_letter(t.back())) {
    t.remove_suffix(2);
  } else if (t.size() >= 3 && t.back() >= 'A' && t.back() <= 'Z' && t[t.size() - 2] >= '1' &&
             t[t.size() - 2] <= '8' && promotion_letter(t.back())) {
    t.remove_suffix(1);
  }
  std::size_t i = 0;
  if (i < t.size() && t[i] >= 'A' && t[i] <= 'Z') {
    r.piece = type_of_letter(t[i]);
    if (r.piece == PieceType::none) return fmt::format("'{}' is not a man (K Q R B N P)", t[i]);
    ++i;
  }
  // The rest: [file][rank][-|x|:][file][rank], the last square being the destination. The
  // shape is kept as letters: f (file), r (rank); at most one separator.
  int files[2] = {-1, -1};
  int ranks[2] = {-1, -1};
  int file_count = 0;
  int rank_count = 0;
  int separators = 0;
  char shape[8] = {};
  int shape_size = 0;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c >= 'a' && c <= 'h' && file_count < 2 && shape_size < 7) {
      files[file_count++] = c - 'a';
      shape[shape_size++] = 'f';
    } else if (c >= '1' && c <= '8' && rank_count < 2 && shape_size < 7) {
      ranks[rank_count++] = c - '1';
      shape[shape_size++] = 'r';
    } else if (c == 'x' || c == ':') {
      r.capture = true;
      ++separators;
    } else if (c == '-') {
      ++separators;
    } else {
      return fmt::format("'{}' cannot be read as a move", excerpt(original));
    }
  }
  if (separators > 1) return fmt::format("'{}' cannot be read as a move", excerpt(original));
  // The shape as a small number: f = 1, r = 2, most significant first ("frfr" = 1212).
  int code = 0;
  for (int k = 0; k < shape_size; ++k) code = code * 10 + (shape[k] == 'f' ? 1 : 2);
  if (code == 12) {
    r.to_file = files[0];
    r.to_rank = ranks[0];
  } else if (code == 112) {
    r.from_file = files[0];
    r.to_file = files[1];
    r.to_rank = ranks[0];
  } else if (code == 212) {
    r.from_rank = ranks[0];
    r.to_file = files[0];
    r.to_rank = ranks[1];
  } else if (code == 1212) {
    r.from_file = files[0];
    r.from_rank = ranks[0];
    r.to_file = files[1];
    r.to_rank = ranks[1];
  } else if (code == 11 && r.piece == PieceType::pawn) {
    r.from_file = files[0];  // "cd": the c-pawn takes on the d-file
    r.to_file = files[1];
    r.capture = true;
  } else {
    return fmt::format("'{}' cannot be read as a move", excerpt(original));
  }
  return std::nullopt;
}

std::string square_text(int file, int rank) {
  std::string out;
  if (file >= 0) out += static_cast<char>('a' + file);
  if (rank >= 0) out += static_cast<char>('1' + rank);
  return out;
}

// How much a reason explains: the most specific first.
int specificity(Illegal reason) {
  switch (reason) {
    case Illegal::first_move:
    case Illegal::first_reply:
      return 10;
    case Illegal::king_left_in_check:
    case Illegal::king_onto_attacked:
      return 9;
    case Illegal::pawn_double_step:
      return 8;
    case Illegal::promotion_missing:
    case Illegal::promotion_to_king:
    case Illegal::promotion_not_allowed:
      return 7;
    case Illegal::no_en_passant:
      return 6;
    case Illegal::path_blocked:
      return 5;
    case Illegal::own_man_on_target:
      return 4;
    default:
      return 0;
  }
}

std::string side_name(Side side) { return side == Side::white ? "White" : "Blue"; }

}  // namespace

Expected<ReadMove> read_move(const Position& position, std::string_view token) {
  auto refused = [token](std::string reason) {
    Problem problem;
    problem.reason = std::move(reason);
    problem.token = std::string(token);
    return problem;
  };
  auto breaks = [&refused](Illegal rule) { return refused(std::string(describe(rule))); };
  Request r;
  if (auto spelling = parse_request(token, r)) return refused(std::move(*spelling));
  if (r.promotion == PieceType::king) return breaks(Illegal::promotion_to_king);
  const Side us = position.side_to_move();
  // Fast path: only the men that could make this move are tried, each with check_move (the
  // same rules as legal_moves), so a move costs a few bit operations, not a move generation.
  if (r.to_rank >= 0) {
    const Square to = make_square(r.to_file, r.to_rank);
    Bitboard origins = 0;
    const Bitboard ours = position.pieces(us, r.piece);
    if (r.piece == PieceType::pawn) {
      origins = pawn_attacks(~us, to) & ours;  // captures
      const int back = us == Side::white ? -8 : 8;
      for (int steps = 1; steps <= 2; ++steps) {
        const int from = to + back * steps;
        if (from >= 0 && from < 64 && (ours & bit(static_cast<Square>(from))))
          origins |= bit(static_cast<Square>(from));
      }
    } else {
      origins = attacks(r.piece, ~us, to, position.occupied()) & ours;
    }
    if (r.from_file >= 0) origins &= detail::kFileA << r.from_file;
    if (r.from_rank >= 0) origins &= Bitboard{0xFF} << (8 * r.from_rank);
    // Only whether exactly one man can make it matters here: no list (a move read is not worth
    // an allocation).
    std::size_t found = 0;
    Move first_found;
    bool promotion_needed = false;
    while (origins) {
      const Square from = pop_lowest(origins);
      const Move plain(from, to, r.promotion_written ? r.promotion : PieceType::none);
      auto reason = position.check_move(plain);
      if (!reason) {
        if (found++ == 0) first_found = plain;
      } else if (*reason == Illegal::promotion_missing &&
                 !position.check_move(Move(from, to, PieceType::bers))) {
        promotion_needed = true;
      }
    }
    if (found == 1) return ReadMove{first_found, r.check, r.mate, r.capture};
    if (found == 0 && promotion_needed) return breaks(Illegal::promotion_missing);
    // Several candidates, or none: the full search below says which and why.
  }
  MoveList legal;
  position.legal_moves(legal);
  std::vector<Move> matches;
  for (Move m : legal) {
    const Piece piece = position.at(m.from());
    if (piece.type != r.piece) continue;
    if (file_of(m.to()) != r.to_file) continue;
    if (r.to_rank >= 0 && rank_of(m.to()) != r.to_rank) continue;
    if (r.from_file >= 0 && file_of(m.from()) != r.from_file) continue;
    if (r.from_rank >= 0 && rank_of(m.from()) != r.from_rank) continue;
    if (r.to_rank < 0 && !position.is_capture(m)) continue;  // "cd" is a capture
    if (m.promotion() != PieceType::none && r.promotion_written && m.promotion() != r.promotion)
      continue;
    matches.push_back(m);
  }
  // A promotion written where none happens, or missing where one does.
  const bool promotes = !matches.empty() && matches.front().promotion() != PieceType::none;
  if (!matches.empty() && r.promotion_written && !promotes) {
    return breaks(Illegal::promotion_not_allowed);
  }
  if (promotes && !r.promotion_written) return breaks(Illegal::promotion_missing);
  if (promotes) {
    // All four promotions matched the squares; keep the one written.
    std::erase_if(matches, [&](Move m) { return m.promotion() != r.promotion; });
  }
  if (matches.size() == 1) return ReadMove{matches.front(), r.check, r.mate, r.capture};
  const std::string target = square_text(r.to_file, r.to_rank);
  if (matches.size() > 1) {
    std::vector<std::string> names;
    for (Move m : matches) names.push_back(to_long(position, m));
    return refused(fmt::format("ambiguous: {} can each go to {} ({})", piece_word(r.piece), target,
                               fmt::join(names, ", ")));
  }
  // No legal move: find the most telling reason among the men that could be meant.
  std::optional<Illegal> best;
  Square best_from = kNoSquare;
  Bitboard men = position.pieces(us, r.piece == PieceType::none ? PieceType::pawn : r.piece);
  if (r.from_file >= 0 && r.from_rank >= 0) {
    const Square from = make_square(r.from_file, r.from_rank);
    const Piece there = position.at(from);
    if (there.empty() || there.side != us || there.type != r.piece) {
      if (position.opening() == Opening::white_first ||
          position.opening() == Opening::black_answers_d ||
          position.opening() == Opening::black_answers_e) {
        const Illegal reason =
            position.opening() == Opening::white_first ? Illegal::first_move : Illegal::first_reply;
        return breaks(reason);
      }
      return refused(there.empty() ? fmt::format("there is no man on {}", square_name(from))
                                   : fmt::format("the man on {} is not {}'s {}", square_name(from),
                                                 side_name(us), piece_word(r.piece)));
    }
    men = bit(from);
  }
  while (men) {
    const Square from = pop_lowest(men);
    if (r.from_file >= 0 && file_of(from) != r.from_file) continue;
    if (r.from_rank >= 0 && rank_of(from) != r.from_rank) continue;
    for (int file = 0; file < 8; ++file) {
      if (file != r.to_file) continue;
      for (int rank = 0; rank < 8; ++rank) {
        if (r.to_rank >= 0 && rank != r.to_rank) continue;
        const Square to = make_square(file, rank);
        if (to == from) continue;
        const bool last = (us == Side::white && rank == 7) || (us == Side::black && rank == 0);
        const PieceType promotion = r.piece == PieceType::pawn && last
                                        ? (r.promotion_written ? r.promotion : PieceType::none)
                                        : (r.promotion_written ? r.promotion : PieceType::none);
        auto reason = position.check_move(Move(from, to, promotion));
        if (!reason) continue;
        if (*reason == Illegal::cannot_move_so || *reason == Illegal::no_own_man) {
          if (!best) best_from = from;
          continue;
        }
        if (!best || specificity(*reason) > specificity(*best)) {
          best = reason;
          best_from = from;
        }
      }
    }
  }
  if (position.opening() != Opening::none && (!best || specificity(*best) < 10)) {
    best = position.opening() == Opening::white_first ? Illegal::first_move : Illegal::first_reply;
  }
  if (best) {
    std::string message(describe(*best));
    if (*best == Illegal::king_left_in_check || *best == Illegal::king_onto_attacked ||
        *best == Illegal::path_blocked || *best == Illegal::pawn_double_step) {
      message = fmt::format("{} from {} to {}: {}", piece_word(r.piece), square_name(best_from),
                            target, message);
    }
    return refused(std::move(message));
  }
  return refused(
      fmt::format("no {} of {} can reach {}", piece_word(r.piece), side_name(us), target));
}

std::string to_short(const Position& position, Move move) {
  const Piece piece = position.at(move.from());
  const bool capture = position.is_capture(move);
  std::string out;
  if (piece.type == PieceType::pawn) {
    if (capture) {
      out += static_cast<char>('a' + file_of(move.from()));
      out += 'x';
    }
    out += square_name(move.to());
    if (move.promotion() != PieceType::none) {
      out += '=';
      out += piece_letter(move.promotion());
    }
  } else {
    out += piece_letter(piece.type);
    // Disambiguation: by file if that is enough, else by rank, else both.
    MoveList legal;
    position.legal_moves(legal);
    bool others = false;
    bool same_file = false;
    bool same_rank = false;
    for (Move m : legal) {
      if (m == move || m.to() != move.to() || position.at(m.from()).type != piece.type) continue;
      others = true;
      same_file = same_file || file_of(m.from()) == file_of(move.from());
      same_rank = same_rank || rank_of(m.from()) == rank_of(move.from());
    }
    if (others) {
      if (!same_file) {
        out += static_cast<char>('a' + file_of(move.from()));
      } else if (!same_rank) {
        out += static_cast<char>('1' + rank_of(move.from()));
      } else {
        out += square_name(move.from());
      }
    }
    if (capture) out += 'x';
    out += square_name(move.to());
  }
  const Position next = position.after(move);
  if (next.in_check()) out += next.is_checkmate() ? '#' : '+';
  return out;
}

std::string to_long(const Position& position, Move move) {
  const Piece piece = position.at(move.from());
  std::string out;
  if (piece.type != PieceType::pawn) out += piece_letter(piece.type);
  out += square_name(move.from());
  out += position.is_capture(move) ? ':' : '-';
  out += square_name(move.to());
  if (move.promotion() != PieceType::none) out += piece_letter(move.promotion());
  const Position next = position.after(move);
  if (next.in_check()) out += next.is_checkmate() ? '#' : '+';
  return out;
}

}  // namespace boardgames::shatar
