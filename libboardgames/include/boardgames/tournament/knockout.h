// Knock-out (single elimination) brackets of competitions.md: the bracket's size, where seeds
// and byes go, and the draw of a bracket by lot or by the serpentine rule. No I/O.
//
// Slots are numbered 1..size top to bottom; round 1 pairs slots 1–2, 3–4, …, each later round
// the winners of adjacent matches, so that match k of round r (its "board") covers the slots
// (k − 1)·2^r + 1 .. k·2^r.
//
// Seed classes. The first class holds the top slot of each half (1, size/2 + 1), the second the
// bottom slot of each half (size/2, size); every further pair of classes the same one level
// down: the top slot of the lower part and the bottom slot of the upper part of each part of
// the level above (with 32 slots: 9, 25 and 24, 8; then 5, 21, 13, 29 and 28, 12, 20, 4).
// Within a class the slots are listed in the order of the serpentine rule (upper half first for
// odd classes, lower half first for even ones; over quarters and eighths in the bit-reversed
// order that keeps every prefix balanced): ranked seeds take them in that order, and byes go
// to the slots in the order of the classes, then within a class in that order. A bracket holds
// at most size/2 seeds (2 in a bracket of 2), so that no two seeds meet in round 1.
#pragma once

#include "boardgames/export.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/points.h"
#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames::knockout {

inline constexpr int kMaxEntrants = 1024;

enum class Placement : std::uint8_t {
  lot,         // the seeds of a class drawn over its slots; unseeded entrants drawn too
  serpentine,  // the seeds ranked 1..K take the classes' slots in order (1 U, 2 L, 3 L, 4 U, …)
};

// The smallest power of two ≥ entrants (at least 2).
int bracket_size(int entrants);
// Rounds of a bracket of `size` slots (log2 size).
int bracket_rounds(int size);
// The most seeds a bracket of `size` holds: size/2, and 2 in a bracket of 2.
int max_seeds(int size);
// The slots of each seed class, first class first, each in its serpentine order (see above);
// together max_seeds(size) slots.
std::vector<std::vector<int>> seed_class_slots(int size);
// Every slot of the bracket in the order byes go to its opponent: the seed classes' slots,
// then the slots one level further down by the same pattern (size slots in all).
std::vector<int> bye_order(int size);
// `seeds` seeds split into full classes, first class first (2, 2, 2, 2, 4, 4, …); the last one
// may be partial. Empty for 0.
std::vector<int> default_seed_classes(int seeds, int size);

struct DrawOptions {
  std::vector<int> seed_classes;  // seeds per class, first class first; may be empty
  Placement placement = Placement::lot;
  std::uint64_t seed = 0;  // every lot of the draw
};

struct Bracket {
  int size = 0;
  // slots[s - 1]: the entrant in slot s, −1 for a bye. Entrants are numbered 0..n − 1 in
  // seeding order: the seeds first, by rank, then the unseeded entrants.
  std::vector<int> slots;
  int seeds = 0;  // entrants 0..seeds − 1 are seeded
  int rounds() const { return bracket_rounds(size); }
};

// The draw of `entrants` entrants (2..kMaxEntrants). The seeds of class k take the first
// seed_classes[k] slots of seed_class_slots(size)[k] (in rank order with serpentine placement,
// by lot among those slots otherwise); the opponents of the first size − entrants slots of
// bye_order(size) are byes; the unseeded entrants are drawn over the remaining slots. A
// Problem (the reason in words, the token the offending count) when the entrants are out of
// range, a class has more seeds than slots, or there are more seeds than entrants.
Expected<Bracket> draw_bracket(int entrants, const DrawOptions& options);

// The players in seeding order (indices into `players`): with a `seed` column, the players
// it ranks (whole numbers 1..K, each once; an empty cell is unseeded) by that rank, else the
// `seeds` highest-rated players (equal ratings in file order); then every other player in file
// order. A Problem (at the player's line) for a bad `seed` value, fewer ranked or rated players
// than `seeds`.
Expected<std::vector<std::size_t>> seeding_order(const PlayerList& players, int seeds);

// The seeds an event's rows give (Participant::seed: `white_seed`/`black_seed` as knockout
// writes them) checked against the players file: K seeds must be the ranks 1..K, each held by
// one participant, and the players seeding_order(players, K) puts first, in that order (the
// players file's seed column, else the highest ratings). Each contradiction is an error at the
// results cell that first gave the seed; nothing is reported when no row gives a seed.
void check_seeds(const PlayerList& players, const Event& event, Diagnostics& diagnostics);

// The draw of a players list: seeding_order() for the seeds the classes ask for, then
// draw_bracket() over the players (the bracket's entrant e is players[order[e]]).
struct PlayerDraw {
  Bracket bracket;
  std::vector<std::size_t> order;
};
// A Problem located in the players file (its source) is the input's fault: a bad seed column,
// too few rated players, fewer than 2 or more than `max_entrants` players; one without a
// location is the options' (a class with more seeds than slots, more seeds than players).
Expected<PlayerDraw> draw_players(const PlayerList& players, const DrawOptions& options,
                                  int max_entrants);

// Progression: a match is `games` games (1, 2 with colours swapped, or best of N: decided as
// soon as one side cannot be caught), then, drawn, `playoff` games, then the lot. Two games is
// the rule books' default for a knock-out match (competitions.md).
struct MatchRules {
  int games = 2;
  int playoff = 0;
  bool third_place = false;         // a match for third place beside the final (its board 2)
  std::uint64_t seed = 0;           // lots: first mover of each match, the playoff's winner
  bool double_elimination = false;  // see follow()
  bool reset = true;  // double elimination: a second final when the losers' champion wins
  int losses = 0;     // multi-loss elimination: out at this many losses (2..kMaxLosses); 0 off
};

inline constexpr int kMaxLosses = 9;

// Double elimination holds at most this many entrants (the rule books).
inline constexpr int kMaxDoubleEntrants = 32;

// Which part of the event a match belongs to.
enum class Part : std::uint8_t { winners, losers, final, reset };

// The losers' bracket's drop-in arrangement for a bracket of `size` slots (rounds R): entry
// j − 1 is losers' round 2j (j = 1..R − 1), where the losers of winners' round j + 1 come in;
// its k-th value is the winners' match (0-based from the top) whose loser meets the survivor
// of the k-th losers' match. Reversed order when j is odd, the two halves swapped when j is
// even, so that early on nobody meets again a player of their own part of the bracket.
std::vector<std::vector<int>> drop_in_order(int size);

// One match of the bracket as far as the event goes. Sides are participant indices of the
// event (upper side first), −1 for a bye.
struct Match {
  int round = 0;
  int board = 0;  // k-th match from the top of its round; the third-place match is board 2
  bool third_place = false;
  std::array<int, 2> sides{-1, -1};
  int first = 0;  // the side that moves first in game 1
  std::array<Points, 2> score{};
  int games = 0;         // games with a result
  int pending = 0;       // games listed without one
  bool written = false;  // the file has its rows
  int winner = -1;       // the side through (0 or 1); −1 while undecided
  bool by_lot = false;
  std::uint32_t line = 0;
  Part part = Part::winners;
  int part_round = 0;  // the round within its part (winners' round 2, losers' round 3, …)
  bool bye() const { return sides[0] < 0 || sides[1] < 0; }
};

// A row to write: game `game` of a match (the first mover first), or a bye (second = −1).
struct GameRow {
  int round = 0;
  int board = 0;
  int game = 1;
  int first = -1;  // participant indices
  int second = -1;
};

struct Placing {
  int participant = 0;
  int rank = 0;       // first place of its band: 1, 2, 3 (3–4 shared), 5 (5–8), …
  int last_rank = 0;  // last place of the band (equal to rank when alone)
  int round_out = 0;  // the round of its last match (its loss); 0 for the winner
};

struct Progress {
  int size = 0;            // bracket slots
  std::vector<int> slots;  // slots[s − 1]: the participant in slot s, −1 for a bye
  std::vector<std::vector<Match>> rounds;  // rounds[r − 1]: that round's matches, top first
  std::vector<GameRow> to_write;  // the rows the arbiter needs next: games missing, playoff
                                  // games, or the next round
  int round_to_write = 0;         // their round; 0 when nothing is to write
  bool finished = false;
  std::vector<Placing> placings;  // when finished, best first
  bool double_elimination = false;
  int losses = 0;  // multi-loss elimination's L; 0 otherwise
};

// Single elimination: round r + 1's pairs, from the draw's slots (the participants' numbers): a
// participant's number is its slot. The event must come from an EventBuilder with
// EventOptions::elimination. Everything in the rows that does not fit the bracket — a number that
// is not a slot, a round-1 pair that is not two adjacent slots, a later pair the winners do not
// make, a match still without a result while the next round has rows, more games than a match has,
// a double forfeit — is reported into `diagnostics` at its row, and the progress stops before it.
//
// Double elimination (rules.double_elimination, at most kMaxDoubleEntrants): the winners'
// bracket as above, and a losers' bracket of 2(R − 1) rounds: losers' round 1 pairs the losers
// of adjacent winners' round-1 matches; losers' round 2j brings in the losers of winners' round
// j + 1 (drop_in_order()); losers' round 2j + 1 pairs adjacent survivors. The rounds of the
// results CSV: 1 winners' round 1; 2j winners' round j + 1 with losers' round 2j − 1; 2j + 1
// losers' round 2j; 2R the final (winners' champion against losers' champion), 2R + 1 the
// reset when the losers' champion won the final (rules.reset). Boards: the winners' matches
// first, then the losers'. A match with one player has a bye row; one with none has no row.
// Placings: 1, 2, then the losers of each losers' round, the last round first (3, 4, 5-6, …).
//
// Multi-loss elimination (rules.losses = L): round 1 is the draw's; after each round the
// players with fewer than L losses go on, paired as a Swiss among equal losses: a rematch only
// where no pairing of the round avoids it and then as few as it allows; with an odd number the
// last player in order of losses (fewest first) and slot without a bye so far has the bye (then
// the fewest byes), unless another's bye avoids a rematch; then the fewest losses between
// partners (a player floats to another group only where its own cannot pair it); then, in
// that order, each with the next player allowed; a bye
// counts as a win. Over when one player is left; placings by the round a player went out, the
// latest first, players out in the same round sharing a band.
//
// A match whose games all have rows but not all a result is an error ("fill it in": the next
// rows cannot be made) with PendingGames::error; with PendingGames::shown it is a match still
// being played, left undecided, as a picture of the bracket so far shows it.
enum class PendingGames { error, shown };
Progress follow(const Event& event, const MatchRules& rules, Diagnostics& diagnostics,
                PendingGames pending = PendingGames::error);

// The draw as a progress: round 1's matches (byes through), its rows to write.
Progress start(const Bracket& bracket, const MatchRules& rules);

// "2,2" (seeds per class, first class first; "" none): whole numbers 0..kMaxEntrants, at most
// 16 classes; a Problem (token the text) otherwise.
Expected<std::vector<int>> parse_seed_classes(std::string_view text);

// The rows of round 1 of a draw (byes as rows of one player, after the games), the first mover
// of each match by lot from `rules.seed`; entrants are the draw's entrant numbers.
std::vector<GameRow> first_round(const Bracket& bracket, const MatchRules& rules);

}  // namespace boardgames::knockout

BOARDGAMES_API_END
