// Fuzz target for the game-record readers: the same bytes go to the Shatar PGN reader and
// validator, the Xigua record reader and validator, the SGF reader with the Go replay and
// count and the automatic dead-stone settling, and the typed-in Go diagram reader. Any bytes must be taken without a crash, and what
// the readers report must hold together (positions inside the file, a valid game has no error).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "boardgames/core/utf8.h"
#include "boardgames/go/reading.h"
#include "boardgames/go/record.h"
#include "boardgames/io/trf.h"
#include "boardgames/go/score.h"
#include "boardgames/go/status.h"
#include "boardgames/shatar/pgn.h"
#include "boardgames/shatar/validate.h"
#include "boardgames/xigua/record.h"

namespace bg = boardgames;

namespace {

// Diagnostics whose every position must lie inside the input.
bg::Diagnostics checked(std::size_t lines) {
  return bg::Diagnostics([lines](const bg::Diagnostic& d) {
    if (d.where.line > lines) std::abort();
    if (bg::utf8_error_offset(d.message) != std::string_view::npos) std::abort();
  });
}

void check_where(const std::vector<bg::Diagnostic>& findings, std::size_t lines) {
  for (const bg::Diagnostic& d : findings) {
    if (d.where.line > lines) std::abort();
  }
}

// What a tool writes from a record is UTF-8, whatever the bytes were.
void check_utf8(std::string_view text) {
  if (bg::utf8_error_offset(text) != std::string_view::npos) std::abort();
}
void check_utf8(const std::vector<bg::Diagnostic>& findings) {
  for (const bg::Diagnostic& d : findings) check_utf8(d.message);
}

// Settles a final position with a few playouts: dead stones are stones, a chain is dead or not
// as a whole, uncertain stones are stones, the closed fights hold what they say, and the count
// adds up.
void check_settlement(const bg::go::Board& board, bg::go::Stone to_move) {
  bg::go::SettleOptions options;
  options.playouts = 2;  // the fuzzer's time goes to the readers; two playouts reach every path
  options.attack_playouts = 2;
  options.read_budget = 200;
  const bg::go::Settlement s = bg::go::settle(board, to_move, options);
  std::vector<char> dead(static_cast<std::size_t>(board.stride() * board.stride()), 0);
  for (bg::go::Point p : s.dead) {
    if (!board.on_board(p) || board.at(p) == bg::go::Stone::empty) std::abort();
    dead[p] = 1;
  }
  for (bg::go::Point p : s.dead) {
    for (bg::go::Point q : board.chain_stones(p)) {
      if (!dead[q]) std::abort();
    }
  }
  for (bg::go::Point p : s.uncertain) {
    if (!board.on_board(p) || board.at(p) == bg::go::Stone::empty) std::abort();
  }
  // A closed fight holds every liberty of every chain in it, and no chain in it is a wall.
  for (const bg::go::ClosedFight& fight : bg::go::closed_fights(board, 8)) {
    std::vector<char> in_area(dead.size(), 0);
    for (bg::go::Point p : fight.area) in_area[p] = 1;
    for (bg::go::Point head : fight.chains) {
      for (bg::go::Point stone : board.chain_stones(head)) {
        if (!in_area[stone]) std::abort();
        for (bg::go::Point q : board.neighbours(stone)) {
          if (board.at(q) == bg::go::Stone::empty && !in_area[q]) std::abort();
        }
      }
    }
    for (bg::go::Point wall : fight.walls) {
      if (in_area[wall]) std::abort();
    }
  }
  const bg::go::Score score = bg::go::count_area(board, s.dead, bg::go::ScoreSettings{});
  if (score.black + score.white != static_cast<long>(board.all_points().size()) * bg::go::kStone) std::abort();
  // The largest shared region is made of shared points.
  if (score.largest_shared_region.size() > static_cast<std::size_t>(score.shared_points)) std::abort();
  for (bg::go::Point p : score.largest_shared_region) {
    if (score.owner[p] != bg::go::Owner::shared) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::size_t lines = 1;
  for (char c : input) lines += c == '\n';
  {
    bg::Diagnostics diagnostics = checked(lines);
    for (const bg::shatar::PgnGame& game : bg::shatar::read_pgn(input, "fuzz.pgn", diagnostics)) {
      const bg::shatar::GameReport report = bg::shatar::validate_game(game, "fuzz.pgn");
      if (report.valid && report.error_ply != 0) std::abort();
      check_where(report.diagnostics, lines);
      check_utf8(report.diagnostics);
      for (const auto& s : {report.white, report.black, report.result, report.reason}) check_utf8(s);
      for (const bg::shatar::PgnTag& tag : game.tags) check_utf8(tag.name + tag.value);
    }
  }
  {
    bg::Diagnostics diagnostics = checked(lines);
    for (const bg::xigua::Record& record : bg::xigua::read_records(input, "fuzz.xg", diagnostics)) {
      for (bool manual : {false, true}) {
        bg::xigua::ValidateOptions options;
        options.manual_capture = manual;
        const bg::xigua::RecordReport report = bg::xigua::validate_record(record, "fuzz.xg", options);
        if (report.valid && report.error_ply != 0) std::abort();
        if (report.plies < 0 || static_cast<std::size_t>(report.plies) > record.moves.size()) std::abort();
        if (report.unfinished && (!report.valid || report.result != "*")) std::abort();
        check_where(report.diagnostics, lines);
        check_utf8(report.diagnostics);
        for (const auto& s : {report.black, report.white, report.result, report.reason}) check_utf8(s);
      }
    }
  }
  {
    bg::Diagnostics diagnostics = checked(lines);
    for (const bg::go::SgfGame& game : bg::go::read_sgf(input, "fuzz.sgf", diagnostics)) {
      if (game.main_line.empty()) std::abort();
      const bg::go::Replay replay = bg::go::replay_sgf(game, bg::go::Rules{}, "fuzz.sgf", diagnostics);
      if (!replay.board.consistent()) std::abort();
      // A game with a syntax error is never replayed; an ok replay has no problem; a status is
      // one of three before counting.
      if (!game.readable() && replay.status != bg::go::GameStatus::unreadable) std::abort();
      if (replay.legal != (replay.status == bg::go::GameStatus::ok) || replay.legal != replay.problem.empty()) std::abort();
      if (replay.size < bg::go::Board::kMinSize || replay.size > bg::go::Board::kMaxSize) std::abort();
      if (!replay.legal) continue;
      bg::go::ScoreSettings settings;
      settings.komi = replay.komi.value_or(30);
      const bg::go::Score score = bg::go::count_area(replay.board, replay.marked_dead, settings);
      const long points = static_cast<long>(replay.board.all_points().size()) * bg::go::kStone;
      if (score.black + score.white != points) std::abort();
      check_settlement(replay.board, replay.to_move);
    }
  }
  {
    // A TRF: whatever is read, a small event pairs without crashing, and a pairing uses every
    // player to be paired exactly once. The TRF reader also ends lines at a lone CR (old Mac
    // files), so its line numbers count those too; and the same event must pair the same with
    // and without the reduced bracket matchings.
    std::size_t trf_lines = lines;
    for (std::size_t i = 0; i < input.size(); ++i) {
      if (input[i] == '\r' && (i + 1 == input.size() || input[i + 1] != '\n')) ++trf_lines;
    }
    bg::Diagnostics diagnostics = checked(trf_lines);
    if (auto trf = bg::swiss::read_trf(input, "fuzz.trf", diagnostics)) {
      bg::swiss::Event& event = trf->event;
      if (event.players.size() <= 24) {
        if (event.initial_colour == bg::swiss::Colour::none) event.initial_colour = bg::swiss::Colour::white;
        const bg::swiss::PairingResult result = bg::swiss::pair_dutch(event);
        if (result.ok) {
          std::vector<int> seen(event.players.size(), 0);
          for (const bg::swiss::Board& b : result.boards) {
            ++seen[static_cast<std::size_t>(b.white)];
            if (b.black >= 0) ++seen[static_cast<std::size_t>(b.black)];
          }
          for (std::size_t i = 0; i < seen.size(); ++i) {
            if (seen[i] != (event.players[i].absent ? 0 : 1)) std::abort();
          }
          const bg::swiss::PairingResult full = bg::swiss::pair_dutch(event, bg::swiss::DutchOptions{.reduced_matchings = false});
          if (!full.ok || full.boards.size() != result.boards.size()) std::abort();
          for (std::size_t i = 0; i < full.boards.size(); ++i) {
            if (full.boards[i].white != result.boards[i].white || full.boards[i].black != result.boards[i].black) std::abort();
          }
        }
      }
    }
  }
  {
    bg::go::DiagramError error;
    auto diagram = bg::go::read_diagram(input, error);
    if (!diagram && error.line > lines) std::abort();
    if (diagram) check_settlement(diagram->board, diagram->to_move);
  }
  return 0;
}
