// Writing a knock-out (tournament/knockout.h): the rows to fill in as the results CSV, the
// final placings as CSV (a players CSV with `rank`, so `standings --players` reads it), and
// the whole bracket as a table to print or as JSON.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/tournament/event.h"
#include "boardgames/tournament/game.h"
#include "boardgames/tournament/knockout.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class KnockoutFormat : std::uint8_t { csv, text, json, svg, html };

// "csv", "text", "json", "svg", "html"; nullopt for anything else.
std::optional<KnockoutFormat> parse_knockout_format(std::string_view name);

// A participant of the progress (by its index there).
struct KnockoutEntrant {
  std::string label;  // how the results CSV names them (their id)
  std::string name;
  std::optional<std::int32_t> rating;
  int seed = 0;  // rank among the seeds; 0: unseeded or not known
};

// The entrants of a draw: the players in seeding order, the first `seeds` of them seeded.
std::vector<KnockoutEntrant> knockout_entrants(const PlayerList& players,
                                               const std::vector<std::size_t>& order, int seeds);
// The entrants of an event, by participant, with the seeds the results give (Participant::seed).
std::vector<KnockoutEntrant> knockout_entrants(const Event& event);

struct KnockoutLayout {
  Game game = Game::shatar;  // the order of the colour columns
  bool game_column = false;  // matches of more than one game, or playoffs
};

// The rows to write (progress.to_write) as the results CSV with empty results; each row
// carries the players' slots as `white_number,black_number`, which is how the next run finds
// the bracket again, and, when any entrant is seeded, their seeds as `white_seed,black_seed`
// (empty for the unseeded). Byes are rows of one player with result `bye`.
void write_knockout_rows(const knockout::Progress& progress,
                         const std::vector<KnockoutEntrant>& entrants, KnockoutLayout layout,
                         std::string& out);

// The final placings: `rank,place,id,name,rating,round_out` — rank the first place of the
// band, place as printed (`3-4` when shared), round_out the round of the last match lost — then,
// given the players file, its other columns passed through (write_player_columns), so that the
// placings are a players file with everything the arbiter's had.
void write_knockout_placings(const knockout::Progress& progress,
                             const std::vector<KnockoutEntrant>& entrants,
                             const PlayerList* players, std::string& out);

// The bracket, round by round, as far as it goes: each match with its slots (or, in a double
// elimination, its part: W2 winners' round 2, L3 losers' round 3, the final, the reset),
// players, score and who went through (and how: bye, lot); a double elimination's drop-in
// arrangement; then the placings when finished.
void write_knockout_text(const knockout::Progress& progress,
                         const std::vector<KnockoutEntrant>& entrants, std::string& out);
void write_knockout_json(const knockout::Progress& progress,
                         const std::vector<KnockoutEntrant>& entrants, std::string& out);

// The bracket as SVG to print: a column per round (slots on the left, the champion on the
// right), each entry with its name and seed, byes in grey, each match's score and how it was
// decided beside the line to the next round, the line of every match's winner drawn bold and
// red (the path of each winner), the third-place match under the bracket. A double elimination
// as a box per match, a column per round of each part (winners' bracket above, losers' bracket
// under it, final and reset on the right) with a line from each match to the one its winner
// plays next; a multi-loss elimination as a box per match, a column per round, no lines.
void write_knockout_svg(const knockout::Progress& progress,
                        const std::vector<KnockoutEntrant>& entrants, std::string& out);
// A web page of the event: the same SVG and, when over, the placings as a table.
void write_knockout_html(const knockout::Progress& progress,
                         const std::vector<KnockoutEntrant>& entrants, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
