// PGN cut into slices, as shatar-validate reads a file: any bytes, cut at any target size, whole
// or as they come in chunks of any size, give the same slices, one after the other with no gap,
// each but the last ending where a game starts; and read slice by slice (at their own first
// lines, as on one thread, or from line 1 and then placed, as on several) the games and what the
// readers say outside them are those of one reader over the whole text, line for line.
// The first byte sets the target (0 to 1,020 bytes), the second the chunk (1 to 256 bytes, or
// a 64th of the text if that is more: each chunk rescans the slice so far, which costs nothing
// with shatar-validate's 128 KiB chunks but would make 1-byte chunks of 64 KiB quadratic).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/shatar/pgn.h"
#include "fuzz_support.h"

namespace bg = boardgames;
namespace sh = boardgames::shatar;

namespace {

void require_same(const bg::Diagnostic& a, const bg::Diagnostic& b) {
  fuzz::require(a.severity == b.severity && a.message == b.message);
  fuzz::require(a.where.line == b.where.line && a.where.column == b.where.column);
}

// Moves nest at most kMaxVariationDepth deep, so the recursion is bounded.
void require_same(const sh::PgnLine& a, const sh::PgnLine& b) {
  fuzz::require(a.moves.size() == b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const sh::PgnMove& x = a.moves[i];
    const sh::PgnMove& y = b.moves[i];
    fuzz::require(x.text == y.text && x.line == y.line && x.column == y.column);
    fuzz::require(x.variations.size() == y.variations.size());
    for (std::size_t v = 0; v < x.variations.size(); ++v) {
      require_same(x.variations[v], y.variations[v]);
    }
  }
}

void require_same(const sh::PgnGame& a, const sh::PgnGame& b) {
  fuzz::require(a.line == b.line && a.tags.size() == b.tags.size());
  for (std::size_t i = 0; i < a.tags.size(); ++i) {
    fuzz::require(a.tags[i].name == b.tags[i].name && a.tags[i].value == b.tags[i].value &&
                  a.tags[i].line == b.tags[i].line);
  }
  require_same(a.moves, b.moves);
  fuzz::require(a.result == b.result && a.raw_result == b.raw_result);
  fuzz::require(a.result_line == b.result_line && a.result_column == b.result_column);
  fuzz::require(a.problems.size() == b.problems.size());
  for (std::size_t i = 0; i < a.problems.size(); ++i) require_same(a.problems[i], b.problems[i]);
}

// The notes a reader gives once (the character-set note): once per slice here, once per file
// in shatar-validate, which gives each only once.
bool is_note(const bg::Diagnostic& d) { return d.severity == bg::Severity::note; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t target = static_cast<std::size_t>(data[0]) * 4;
  const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);
  const std::size_t chunk = std::max(static_cast<std::size_t>(data[1]) + 1, text.size() / 64);
  const std::string_view all(text);

  std::vector<std::string_view> slices;
  sh::PgnSlicer whole(all, target);
  sh::PgnSlice slice;
  std::size_t at = 0;
  while (whole.next(slice)) {
    fuzz::require(!slice.text.empty() && slice.text.data() == text.data() + at);
    at += slice.text.size();
    slices.push_back(slice.text);
  }
  fuzz::require(!whole.starved() && at == text.size());

  // The same text coming in a chunk at a time.
  std::size_t have = std::min(chunk, text.size());
  sh::PgnSlicer growing(all.substr(0, have), target, have == text.size());
  std::size_t k = 0;
  while (true) {
    if (growing.next(slice)) {
      fuzz::require(k < slices.size() && slice.text.data() == slices[k].data() &&
                    slice.text.size() == slices[k].size());
      ++k;
      continue;
    }
    if (!growing.starved()) break;
    fuzz::require(have < text.size());  // starved only while more is to come
    have = std::min(have + chunk, text.size());
    growing.extend(all.substr(0, have), have == text.size());
  }
  fuzz::require(k == slices.size());

  std::vector<bg::Diagnostic> outside;
  bg::Diagnostics collect([&outside](const bg::Diagnostic& d) {
    if (!is_note(d)) outside.push_back(d);
  });
  const std::vector<sh::PgnGame> games = sh::read_pgn(all, "fuzz.pgn", collect);
  std::size_t game = 0;
  std::size_t finding = 0;
  std::uint32_t lines_before = 0;
  for (std::string_view piece : slices) {
    sh::SliceGames placed = sh::read_slice({piece}, "fuzz.pgn");
    const sh::SliceGames in_place = sh::read_slice({piece}, "fuzz.pgn", lines_before + 1);
    const auto newlines = static_cast<std::uint32_t>(std::count(piece.begin(), piece.end(), '\n'));
    fuzz::require(placed.lines == newlines && in_place.lines == newlines);
    fuzz::require(placed.games.size() == in_place.games.size());
    fuzz::require(placed.findings.size() == in_place.findings.size());
    sh::place_lines(placed.findings, lines_before);
    for (std::size_t i = 0; i < placed.findings.size(); ++i) {
      require_same(placed.findings[i], in_place.findings[i]);
      if (is_note(in_place.findings[i])) continue;
      fuzz::require(finding < outside.size());
      require_same(in_place.findings[i], outside[finding++]);
    }
    for (std::size_t i = 0; i < placed.games.size(); ++i) {
      sh::place_lines(placed.games[i], lines_before);
      require_same(placed.games[i], in_place.games[i]);
      fuzz::require(game < games.size());
      require_same(in_place.games[i], games[game++]);
    }
    lines_before += newlines;
  }
  fuzz::require(game == games.size() && finding == outside.size());
  return 0;
}
