// Exact reading of small closed fights: life and death decided by search, not by sampling.
//
// A fight starts from the stones of one colour and the empty points next to them, flooded
// without crossing the other colour's stones, plus the other colour's chains with every
// liberty in that flood (stones inside an eye). When the flood is small, the races around it
// close it: any chain sharing a liberty with the area with few liberties outside it (four at
// most), or touching its stones with one, joins with those liberties (either colour's) and the
// empty points reached from them through empty points, until no such chain is left. Then every
// chain in the area has all its liberties in it, and the chains around it (the walls) can only
// be taken by moves outside, more of them than the fight lasts. So it is read to the
// end: both sides play any legal move on the area's empty points (and on points emptied by
// captures), or pass; no local position may repeat (positional superko, which also keeps the
// game finite); two passes in a row end it. The attacker wins by capturing the chain read. A
// position reached by two orders of the same moves is read once, and once solved its result is
// taken as its own whatever the line that led to it — exact where no position repeats (no ko is
// fought), where the line changes nothing.
// Random playouts get such shapes wrong both ways — a straight four or five on the edge lives
// though random defence misses the answer, a bulky five dies to its vital point, a seki gets
// filled — and the rule book's count depends on them.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "boardgames/go/board.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

struct ClosedFight {
  std::vector<Point> area;    // stones and empty points
  std::vector<Point> chains;  // a stone of each chain in the area (either colour's), largest first
  std::vector<Point> walls;   // a stone of each chain next to the area
  // Points of the area where only the attacker (the opponent of the chain read) may play: the
  // liberties a group has outside its eye space, which the opponent fills one move at a time and
  // the group cannot use (it is enclosed).
  std::vector<Point> attacker_only;
};

// The closed fights on the board: floods of at most `most_empty` empty points, closed by races
// within twice that. A chain may be in more than one.
std::vector<ClosedFight> closed_fights(const Board& board, int most_empty);

// The race around the group of the stone at `seed`: a fight grown as closed_fights grows one
// from that stone, but where the races take in only the opponent's chains (and the seed
// colour's chains in atari); the seed colour's other chains stay walls, so that a race along a
// thin wall is not lost in a fight over the wall itself (0206's top, where Black's group races
// White's eyeless chain whose liberties run along the edge, beside Black's fifteen stones with
// two liberties below). nullopt when it passes the same limits.
std::optional<ClosedFight> race_fight(const Board& board, Point seed, int most_empty);

enum class Reading : std::uint8_t {
  lives,      // the chain cannot be taken
  dies,       // the attacker takes it, whatever the defence
  undecided,  // the search stopped at `node_budget` positions
};

// The fight for the chain of `target` (either side's: its owner defends it), read twice: the
// opponent moving first, and its owner moving first (each search stopped after `node_budget`
// positions; a chain that lives with the opponent first is not read again).
struct ChainReading {
  Reading attacker_first;
  Reading defender_first;
  long positions;  // searched, both readings together
};
ChainReading read_chain(const Board& board, const ClosedFight& fight, Point target,
                        long node_budget);

// Who may take a ko in a reading — a capture of one stone that leaves the capturing stone alone
// in atari, which the other side could take back given a threat elsewhere. `both`: either side,
// and as no position may repeat, a ko goes to whoever takes it first (no side has a threat left,
// as at the end of a game); `attacker`: the defender never takes one (it may have no threat).
enum class KoTaking : std::uint8_t { both, attacker };

// One reading of the fight for the chain of `target`, the opponent (the attacker) moving first,
// with kos taken as `kos` allows: with the attacker alone taking kos, `lives` is life whatever
// the threats. Adds the positions searched to `positions`.
Reading read_attack(const Board& board, const ClosedFight& fight, Point target, long node_budget,
                    KoTaking kos, long& positions);

}  // namespace boardgames::go

BOARDGAMES_API_END
