// The players CSV (rr-schedule's and standings' input): any bytes are read without a crash;
// every player has a name and a unique id; written back and read again, the list is the same;
// draw numbers (row order, rating, lot, the number column) are a permutation; teams group.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/io/byte_source.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/schedule.h"
#include "boardgames/tournament/seeding.h"
#include "fuzz_support.h"

namespace bg = boardgames;

namespace {

void require_permutation(std::vector<std::size_t> order, std::size_t size) {
  fuzz::require(order.size() == size);
  std::sort(order.begin(), order.end());
  for (std::size_t i = 0; i < order.size(); ++i) fuzz::require(order[i] == i);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t lines = fuzz::count_lines(input);
  bg::Diagnostics diagnostics = fuzz::checked(lines);
  bg::ByteSource source = bg::ByteSource::from_string(input, "players.csv");
  const bg::PlayerList players = bg::read_players_csv(source, diagnostics);
  for (const bg::Player& player : players.players) {
    fuzz::require(!player.name.empty());
    fuzz::require_utf8(player.name);
    fuzz::require(players.find(player.id).match == bg::PlayerList::Match::found);
  }
  // Written back and read again: the same players.
  std::string written;
  bg::write_players_csv(players, written);
  fuzz::require_utf8(written);
  bg::Diagnostics again_diagnostics;
  bg::ByteSource again_source = bg::ByteSource::from_string(written, "again.csv");
  const bg::PlayerList again = bg::read_players_csv(again_source, again_diagnostics);
  fuzz::require(again.size() == players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    fuzz::require(again.players[i].id == players.players[i].id &&
                  again.players[i].name == players.players[i].name);
    fuzz::require(again.players[i].rating == players.players[i].rating);
  }
  for (bg::DrawMethod method :
       {bg::DrawMethod::row_order, bg::DrawMethod::rating, bg::DrawMethod::lots}) {
    require_permutation(bg::draw_numbers(players, method, 7), players.size());
  }
  bg::Diagnostics quiet;
  const std::vector<std::size_t> numbered = bg::numbers_from_file(players, quiet);
  if (quiet.error_count() == 0 && !numbered.empty()) require_permutation(numbered, players.size());
  if (players.has_column("team")) {
    const bg::TeamGrouping grouping = bg::group_teams(players, nullptr, 0, quiet);
    fuzz::require(grouping.members.size() == grouping.teams.size());
  }
  return 0;
}
