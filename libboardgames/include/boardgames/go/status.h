// Which stones are dead at the end of a game, decided without a neural network:
//
//  1. Benson's algorithm finds the chains that are alive unconditionally (no sequence of
//     opponent moves can capture them): those are never called dead.
//  2. Groups — the chains of a colour that share an eye space, regions of at most eight points
//     without their stones, bounded by them and the edge — are read out in their eye space,
//     the opponent moving first and holding every liberty the group has outside it (reading.h;
//     the group takes no ko): a chain that lives so lives whatever the opponent does outside,
//     and is alive like those of step 1 (a straight or bent four, two eyes made of a shape with
//     a vital point, a false eye mended, a seki inside the eye space).
//  3. Areas walled in by one colour where the other cannot live (no stone of it alive
//     unconditionally, no room for two eyes, walls that win any race) are that colour's: the
//     playouts never invade them (invaders already there only answer ataris).
//  4. Many fast random playouts from the final position (moves that neither fill a player's
//     own eye nor put a group of two or more stones into atari, so sekis stay sekis; a chain
//     left in atari is taken, one put in atari is saved when it can be) give each point's
//     final owner; a chain is dead when the opponent owns its points in at least `dead_share`
//     of the playouts (or in most of them when it is walled in).
//  5. Chains in small closed fights (reading.h: a few empty points, every chain in it with all
//     its liberties there) are read out to the end instead: alive when the opponent moving
//     first cannot take them, dead when he takes them whatever the defence — either only when
//     the walls around of the side the verdict favours are kept in the playouts (the search
//     cannot take walls); a fight where whoever moves first wins, or one too big for the
//     search, is left to the playouts. A chain read alive here is not killed by step 7.
//     Then (5b) a race the playouts lost for a group is read: a chain step 4 found dead, in the
//     race around its group (reading.h race_fight: the opponent's chains short of liberties
//     join it, its own colour's only in atari), against each opponent's chain there next to
//     its colour's stones that the playouts keep; when that chain dies whoever moves first and
//     the dead chain, read again with it taken off, lives with the opponent moving first, the
//     race is the group's: that chain is dead, the group's chain alive, and the fight's other
//     chains are read again on that board (the opponent's that die whoever moves first dead, the
//     group colour's that live with the opponent first alive) — the walls of the group's colour
//     kept by the playouts, as above.
//  6. A chain its owner keeps in fewer than `attack_below` of them is tested with the opponent
//     to move first next to it: the game is over, so what falls to that move — and to it
//     whatever the owner answers next to it or on the chain's liberties — is dead (weakest
//     chains first, at most ten times `playouts` attack playouts a position). The rest is
//     alive, or uncertain when its owner keeps it in fewer than `dead_share` of the playouts —
//     uncertain chains are reported, and counted as alive unless they are cut off (8).
//  7. A group that step 2 did not find alive, enclosed by the opponent's living stones (the
//     region around it, through empty points and dead stones, meets no stone of its colour but
//     eyeless chains not found alive, which join the group, and no uncertain stone but the
//     opponent's chains that race it, next to its stones or on its liberties, and the playouts
//     give it no empty point of that region but in small empty regions touching the opponent's
//     living stones, where no eye is made against the opponent moving first; an opponent's
//     chain in atari that its owner saves by filling the last liberty, joining a living chain,
//     is a wall there even if counted dead: the opponent moves first), is dead
//     when it cannot live there: room for one eye at most (a small region next to a chain of
//     the group in atari, whose last liberty is outside it, is no eye: the opponent moving first
//     takes that chain and opens the region) and no opponent chain next to it
//     that could lose a race to it, or else its largest chain taken when read out — the
//     opponent moving first and filling its outside liberties one by one, the opponent's
//     chains it races read with it (a race it wins, a seki, is life), the liberties of its
//     colour's other stones beside the area his to fill too (joining a dead stone frees
//     nothing), the chains of its colour in atari beside a chain it races his to take (his
//     chain then has their points), a ko going to whoever takes
//     it first (no threats are left at the end). A group with one eye in the opponent's area, a
//     nakade, a false eye, a race lost to a group with more liberties. A group that lives as a
//     whole is judged again in parts: its chains joined only through a region that holds the
//     opponent's living stones (room for an eye only once a race takes them) are apart, each part
//     with the regions free of such stones as its eye space — an eyeless chain whose group held the
//     opponent's corner chain it races.
//     Then (7b) a group alone in the opponent's sphere is read with its border closed: a group
//     none of whose chains is alive, dead or read yet, whose region (as above, through empty
//     points and dead stones) meets the opponent's living stones, none uncertain, and none of
//     its colour (but eyeless chains, which join it), however often the playouts keep it. Its
//     room is its liberties and the empty points reached from them through points the opponent
//     owns in fewer than half the playouts (at most twice `read_empty`); the region must hold
//     more empty points beyond the room than in it (the opponent's sphere, not the group's own
//     area), and the room open onto it at one or two points. Those get the opponent's stones,
//     and the race around the group on that board (reading.h race_fight) is read out: the group
//     is dead when its largest chain dies whoever moves first, the opponent's walls kept by the
//     playouts.
//  8. Uncertain stones with no way to a settled living stone of their own colour (through empty
//     points, dead stones and other uncertain stones of their colour), in an area bordered
//     only by the opponent's settled stones, are counted dead (`count_cut_off_dead`): the
//     game is over and they stand in the opponent's area; counted alive, they would turn all
//     of it into shared points. Where the border is itself uncertain (a race, a seki) nothing
//     is decided that way, nor where the area holds the opponent's stones counted dead (taken
//     by the stones in doubt: a fight, not his area).
//  9. Dead stones that the position says are standing are alive after all
//     (`spare_standing_stones`): a chain whose points, once every dead stone is off, lie in its
//     own side's area (what surrounded it is dead itself: stones inside the eye of a dead
//     group), and a chain in atari whose owner saves it by filling the neutral point left at
//     the end (its last liberty, which joins it to a living chain of its own with two
//     liberties or more) — the engines' finished positions count both as standing.
// 10. Living chains (not alive unconditionally) next to an empty point that touches the
//     opponent's living stones and that, in most playouts, stays empty and owned by neither
//     are alive in seki (`Settlement::seki`).
//
// The count itself (score.h) takes the position as it stands once the dead stones are off:
// an unfinished border is neutral, shared like any dame.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <vector>

#include "boardgames/go/board.h"
#include "boardgames/go/score.h"

BOARDGAMES_API_BEGIN

namespace boardgames::go {

// Points of chains of `colour` that are alive unconditionally (Benson 1976).
std::vector<bool> benson_alive(const Board& board, Stone colour);

struct SettleOptions {
  int playouts = 200;
  std::uint64_t seed = 1;
  double dead_share = 0.7;
  // Chains kept by their owner in fewer than `attack_below` of the playouts are tested once
  // more: the opponent plays first on each of their liberties (at most eight), followed by
  // `attack_playouts` playouts; kept in fewer than `attack_survival` of them after one of
  // those moves, and after each answer of the owner to it (a point next to the move or a
  // liberty of the chain), the chain is dead.
  double attack_below = 0.8;
  int attack_playouts = 24;
  double attack_survival = 0.5;
  // Closed fights whose flood has at most `read_empty` empty points are read out (reading.h),
  // each of a chain's two searches (the opponent first, its owner first) stopped after five
  // times `read_budget` positions, and no chain read once a board has used ten times it; 0 turns
  // reading off. The races of step 5b and the group readings of steps 2 and 7 scale their
  // budgets with `read_budget` (a search of step 5b gets sixteen times it and a board forty
  // times, a chain of step 2 2/5 of it, a group of step 7 thirty times it, each search of step
  // 7b thirty times it and no group read once a board has used as many); a budget of 0 reads
  // nothing there either.
  int read_empty = 8;
  long read_budget = 5000;
};

struct Settlement {
  std::vector<Point> dead;          // stones counted dead: judged dead, and uncertain ones cut off
                                    // (sorted)
  std::vector<Point> uncertain;     // stones of chains the evidence does not settle (in `dead` too
                                    // when they are cut off in the opponent's area)
  std::vector<Point> seki;          // stones alive in seki (sharing liberties with the opponent)
  std::vector<double> black_share;  // per point: the share of playouts Black owned it
  std::vector<double> white_share;
};

Settlement settle(const Board& board, Stone to_move, const SettleOptions& options);

// Step 8 of settle(), on its own: adds to `settlement.dead` the uncertain stones that are cut
// off in the opponent's area — for each uncertain chain not yet dead, weakest first (by its
// owner's share of the playouts, when the settlement has them), the region reached from it
// through empty points, dead stones and uncertain stones of its colour; when that region
// touches no other stone of its colour and only the opponent's stones that are not
// uncertain (at least one), and holds none of the opponent's dead stones, its uncertain
// stones are dead. Keeps `dead` sorted.
void count_cut_off_dead(const Board& board, Settlement& settlement);

// Step 9 of settle(), on its own: takes out of `settlement.dead` every chain that stands —
// (a) the region reached from it through empty points and dead stones meets living stones
// of its own colour and none of the other's; (b) it is in atari, and its owner filling that
// liberty joins it to a living chain of its own (not in `dead`) with at least two liberties.
// Repeated until no chain changes (a chain spared can spare others). Keeps `dead` sorted.
void spare_standing_stones(const Board& board, Settlement& settlement);

}  // namespace boardgames::go

BOARDGAMES_API_END
