#include "boardgames/go/board.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "boardgames/core/strings.h"

namespace boardgames::go {

namespace {

constexpr int kMaxPoints = (Board::kMaxSize + 2) * (Board::kMaxSize + 2);

struct Keys {
  std::uint64_t black[kMaxPoints]{};
  std::uint64_t white[kMaxPoints]{};
};

constexpr Keys make_keys() {
  Keys k{};
  std::uint64_t state = 0x474F00000000001ULL;
  auto next = [&state]() {
    std::uint64_t x = (state += 0x9E3779B97F4A7C15ULL);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
  };
  for (auto& key : k.black) key = next();
  for (auto& key : k.white) key = next();
  return k;
}

constexpr Keys kKeys = make_keys();

// A1-style column letters skip I.
constexpr std::string_view kColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

}  // namespace

std::uint64_t zobrist(Stone c, Point p) {
  return c == Stone::black ? kKeys.black[p] : kKeys.white[p];
}

std::string_view stone_name(Stone s) {
  switch (s) {
    case Stone::black:
      return "Black";
    case Stone::white:
      return "White";
    default:
      return "empty";
  }
}

namespace {

// The arrays' places in a board's storage, each on an 8-byte boundary.
struct Layout {
  std::size_t liberty_square_sum, liberty_sum, head, next, size_of, pseudo, playable, points, bytes;
};

constexpr std::size_t aligned(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

Layout layout(std::size_t count, std::size_t playable) {
  Layout l{};
  std::size_t at = 0;
  auto take = [&at](std::size_t bytes) {
    const std::size_t here = at;
    at += aligned(bytes);
    return here;
  };
  l.liberty_square_sum = take(count * sizeof(std::uint64_t));
  l.liberty_sum = take(count * sizeof(std::uint32_t));
  l.head = take(count * sizeof(Point));
  l.next = take(count * sizeof(Point));
  l.size_of = take(count * sizeof(std::uint16_t));
  l.pseudo = take(count * sizeof(std::uint16_t));
  l.playable = take(playable * sizeof(Point));
  l.points = take(count * sizeof(Stone));
  l.bytes = at;
  return l;
}

}  // namespace

Board::Board(int size) : size_(size) {
  // The Zobrist keys, the column letters and the 16-bit points stop at kMaxSize.
  if (size < kMinSize || size > kMaxSize) {
    throw std::invalid_argument(
        fmt::format("a {}×{} board: sizes {} to {} are possible", size, size, kMinSize, kMaxSize));
  }
  count_ = static_cast<std::size_t>((size + 2) * (size + 2));
  playable_count_ = static_cast<std::size_t>(size * size);
  bytes_ = layout(count_, playable_count_).bytes;
  storage_ = std::make_unique<std::byte[]>(bytes_);  // zeroed: no stone, no chain
  bind();
  std::fill(points_, points_ + count_, Stone::wall);
  std::size_t i = 0;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) {
      const Point p = point(x, y);
      points_[p] = Stone::empty;
      playable_[i++] = p;
    }
  }
}

Board::Board(const Board& other)
    : size_(other.size_),
      count_(other.count_),
      playable_count_(other.playable_count_),
      bytes_(other.bytes_),
      storage_(std::make_unique_for_overwrite<std::byte[]>(other.bytes_)),
      hash_(other.hash_) {
  if (bytes_ > 0) std::memcpy(storage_.get(), other.storage_.get(), bytes_);
  bind();
}

Board::Board(Board&& other) noexcept
    : size_(other.size_),
      count_(std::exchange(other.count_, 0)),
      playable_count_(std::exchange(other.playable_count_, 0)),
      bytes_(std::exchange(other.bytes_, 0)),
      storage_(std::move(other.storage_)),
      hash_(other.hash_) {
  bind();
  other.bind();
}

Board& Board::operator=(Board&& other) noexcept {
  if (this == &other) return *this;
  size_ = other.size_;
  count_ = std::exchange(other.count_, 0);
  playable_count_ = std::exchange(other.playable_count_, 0);
  bytes_ = std::exchange(other.bytes_, 0);
  storage_ = std::move(other.storage_);
  hash_ = other.hash_;
  bind();
  other.bind();
  return *this;
}

Board& Board::operator=(const Board& other) {
  if (this == &other) return *this;
  // A board of the same size keeps its storage: no allocation.
  if (bytes_ != other.bytes_ || !storage_) {
    storage_ = std::make_unique_for_overwrite<std::byte[]>(other.bytes_);
    bytes_ = other.bytes_;
  }
  size_ = other.size_;
  count_ = other.count_;
  playable_count_ = other.playable_count_;
  hash_ = other.hash_;
  if (bytes_ > 0) std::memcpy(storage_.get(), other.storage_.get(), bytes_);
  bind();
  return *this;
}

void Board::bind() {
  const Layout l = layout(count_, playable_count_);
  std::byte* const base = storage_.get();
  liberty_square_sum_ = reinterpret_cast<std::uint64_t*>(base + l.liberty_square_sum);
  liberty_sum_ = reinterpret_cast<std::uint32_t*>(base + l.liberty_sum);
  head_ = reinterpret_cast<Point*>(base + l.head);
  next_ = reinterpret_cast<Point*>(base + l.next);
  size_of_ = reinterpret_cast<std::uint16_t*>(base + l.size_of);
  pseudo_ = reinterpret_cast<std::uint16_t*>(base + l.pseudo);
  playable_ = reinterpret_cast<Point*>(base + l.playable);
  points_ = reinterpret_cast<Stone*>(base + l.points);
}

std::vector<Point> Board::chain_stones(Point p) const {
  std::vector<Point> stones;
  Point q = p;
  do {
    stones.push_back(q);
    q = next_[q];
  } while (q != p);
  return stones;
}

int Board::liberties(Point p) const {
  // On the stack: a chain has fewer liberties than the board has points.
  std::array<Point, kMaxPoints> seen;
  std::size_t count = 0;
  Point q = p;
  do {
    for (Point n : neighbours(q)) {
      const auto end = seen.begin() + static_cast<std::ptrdiff_t>(count);
      if (points_[n] == Stone::empty && std::find(seen.begin(), end, n) == end) seen[count++] = n;
    }
    q = next_[q];
  } while (q != p);
  return static_cast<int>(count);
}

bool Board::in_atari(Point p) const {
  const Point h = head_[p];
  const std::uint64_t pseudo = pseudo_[h];
  if (pseudo == 0) return false;
  const std::uint64_t sum = liberty_sum_[h];
  return sum * sum == pseudo * liberty_square_sum_[h];
}

Point Board::atari_liberty(Point p) const {
  const Point h = head_[p];
  return static_cast<Point>(liberty_sum_[h] / pseudo_[h]);
}

void Board::add_liberty(Point head, Point liberty) {
  ++pseudo_[head];
  liberty_sum_[head] += liberty;
  liberty_square_sum_[head] += static_cast<std::uint64_t>(liberty) * liberty;
}

void Board::remove_liberty(Point head, Point liberty) {
  --pseudo_[head];
  liberty_sum_[head] -= liberty;
  liberty_square_sum_[head] -= static_cast<std::uint64_t>(liberty) * liberty;
}

std::optional<Board::Problem> Board::check(Point p, Stone c) const {
  if (points_[p] != Stone::empty) return Problem::occupied;
  const Stone them = opponent(c);
  for (Point n : neighbours(p)) {
    const Stone s = points_[n];
    if (s == Stone::empty) return std::nullopt;
    if (s == c && !(in_atari(n) && atari_liberty(n) == p))
      return std::nullopt;                              // joins a chain with another liberty
    if (s == them && in_atari(n)) return std::nullopt;  // captures
  }
  return Problem::suicide;
}

void Board::place(Point p, Stone c) {
  points_[p] = c;
  head_[p] = p;
  next_[p] = p;
  size_of_[p] = 1;
  pseudo_[p] = 0;
  liberty_sum_[p] = 0;
  liberty_square_sum_[p] = 0;
  hash_ ^= zobrist(c, p);
  for (Point n : neighbours(p)) {
    const Stone s = points_[n];
    if (s == Stone::empty) {
      add_liberty(p, n);
    } else if (s == Stone::black || s == Stone::white) {
      remove_liberty(head_[n], p);
    }
  }
}

void Board::merge(Point a, Point b) {
  Point ha = head_[a];
  Point hb = head_[b];
  if (ha == hb) return;
  if (size_of_[ha] < size_of_[hb]) std::swap(ha, hb);
  // Relabel the smaller chain and splice the two circular lists.
  Point q = hb;
  do {
    head_[q] = ha;
    q = next_[q];
  } while (q != hb);
  std::swap(next_[ha], next_[hb]);
  size_of_[ha] = static_cast<std::uint16_t>(size_of_[ha] + size_of_[hb]);
  pseudo_[ha] = static_cast<std::uint16_t>(pseudo_[ha] + pseudo_[hb]);
  liberty_sum_[ha] += liberty_sum_[hb];
  liberty_square_sum_[ha] += liberty_square_sum_[hb];
}

void Board::remove_chain(Point head) {
  const Point start = head;
  Point q = start;
  // First clear the stones, then give the neighbours their liberties back (the chain's list
  // is still there to walk a second time).
  do {
    hash_ ^= zobrist(points_[q], q);
    points_[q] = Stone::empty;
    q = next_[q];
  } while (q != start);
  do {
    for (Point n : neighbours(q)) {
      const Stone c = points_[n];
      if (c == Stone::black || c == Stone::white) add_liberty(head_[n], q);
    }
    q = next_[q];
  } while (q != start);
}

int Board::play(Point p, Stone c, Point* single_capture) {
  place(p, c);
  for (Point n : neighbours(p)) {
    if (points_[n] == c) merge(p, n);
  }
  int captured = 0;
  Point last = kPass;
  const Stone them = opponent(c);
  for (Point n : neighbours(p)) {
    if (points_[n] == them && pseudo_[head_[n]] == 0) {
      captured += size_of_[head_[n]];
      last = n;
      remove_chain(head_[n]);
    }
  }
  if (single_capture) *single_capture = captured == 1 ? last : kPass;
  // Only rules that allow suicide let a move leave its own chain without liberties.
  if (pseudo_[head_[p]] == 0) remove_chain(head_[p]);
  return captured;
}

void Board::set(Point p, Stone c) {
  if (points_[p] == c) return;
  if (points_[p] == Stone::black || points_[p] == Stone::white) {
    // Rebuild: removing a stone from the middle of a chain may split it.
    std::vector<std::pair<Point, Stone>> stones;
    for (Point q : all_points()) {
      if (q != p && (points_[q] == Stone::black || points_[q] == Stone::white))
        stones.emplace_back(q, points_[q]);
    }
    Board fresh(size_);
    for (auto [q, s] : stones) {
      fresh.place(q, s);
      for (Point n : fresh.neighbours(q)) {
        if (fresh.points_[n] == s) fresh.merge(q, n);
      }
    }
    *this = std::move(fresh);
  }
  if (c == Stone::black || c == Stone::white) {
    place(p, c);
    for (Point n : neighbours(p)) {
      if (points_[n] == c) merge(p, n);
    }
  }
}

void Board::setup(const std::vector<Point>& points, Stone c) {
  // The stones to take off (another colour, or any for AE), and the chains they belong to.
  std::vector<char> taken(count_, 0);
  std::vector<Point> heads;
  for (Point p : points) {
    if (!on_board(p) || taken[p]) continue;
    const Stone s = points_[p];
    if ((s == Stone::black || s == Stone::white) && s != c) {
      taken[p] = 1;
      heads.push_back(head_[p]);
    }
  }
  if (!heads.empty()) {
    std::sort(heads.begin(), heads.end());
    heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
    // Those chains come off whole (their neighbours get the liberties back); the stones of
    // theirs that stay are put back, which splits a chain where it must.
    std::vector<std::pair<Point, Stone>> staying;
    for (Point h : heads) {
      for (Point q : chain_stones(h)) {
        if (!taken[q]) staying.emplace_back(q, points_[q]);
      }
    }
    for (Point h : heads) remove_chain(h);
    for (auto [q, s] : staying) {
      place(q, s);
      for (Point n : neighbours(q)) {
        if (points_[n] == s) merge(q, n);
      }
    }
  }
  if (c != Stone::black && c != Stone::white) return;
  for (Point p : points) {
    if (!on_board(p) || points_[p] == c) continue;
    place(p, c);
    for (Point n : neighbours(p)) {
      if (points_[n] == c) merge(p, n);
    }
  }
}

std::string Board::name(Point p) const {
  if (p == kPass) return "pass";
  return std::string(1, kColumns[static_cast<std::size_t>(x_of(p))]) +
         std::to_string(size_ - y_of(p));
}

std::optional<Point> Board::parse(std::string_view text) const {
  text = trim(text);
  if (text.size() < 2) return std::nullopt;
  const char letter = static_cast<char>(text[0] & ~0x20);
  const auto column = kColumns.find(letter);
  if (column == std::string_view::npos || static_cast<int>(column) >= size_) return std::nullopt;
  // The row: digits only (no sign, no space), 1 to the size.
  const std::string_view digits = text.substr(1);
  const bool all_digits =
      std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (digits.size() > 2 || !all_digits) return std::nullopt;
  auto row = parse_integer(digits);
  if (!row || *row < 1 || *row > size_) return std::nullopt;
  return point(static_cast<int>(column), size_ - static_cast<int>(*row));
}

std::optional<Point> Board::parse_sgf(std::string_view letters) const {
  if (letters.size() != 2) return std::nullopt;
  auto coordinate = [](char c) -> int {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
  };
  const int x = coordinate(letters[0]);
  const int y = coordinate(letters[1]);
  if (x < 0 || y < 0 || x >= size_ || y >= size_) return std::nullopt;
  return point(x, y);
}

bool Board::consistent() const {
  std::uint64_t hash = 0;
  for (Point p : all_points()) {
    const Stone s = points_[p];
    if (s != Stone::black && s != Stone::white) continue;
    hash ^= zobrist(s, p);
    const Point h = head_[p];
    if (points_[h] != s) return false;
    if (h == p) {
      // Recount this chain.
      std::uint32_t pseudo = 0;
      std::uint64_t sum = 0;
      std::uint64_t squares = 0;
      int count = 0;
      Point q = p;
      do {
        if (head_[q] != p) return false;
        ++count;
        for (Point n : neighbours(q)) {
          if (points_[n] == Stone::empty) {
            ++pseudo;
            sum += n;
            squares += static_cast<std::uint64_t>(n) * n;
          }
        }
        q = next_[q];
      } while (q != p && count <= static_cast<int>(playable_count_));
      if (count != size_of_[p] || pseudo != pseudo_[p] || sum != liberty_sum_[p] ||
          squares != liberty_square_sum_[p])
        return false;
      // (A chain may have no liberty: SGF setup stones can make any position.)
    }
  }
  return hash == hash_;
}

}  // namespace boardgames::go
