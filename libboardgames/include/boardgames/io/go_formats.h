// The files Go federations and programs take, written from any Go event: OpenGotha's XML (read
// back by read_opengotha_xml), the EGF results table (.h9) and the AGA results file.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <vector>

#include "boardgames/core/problem.h"

#include "boardgames/tournament/event.h"
#include "boardgames/tournament/mcmahon.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// OpenGotha XML (dataVersion 201): players, games (boards numbered per round in the order
// of the event's participants), byes and the parameters of `settings`. Reading it back gives
// the same event and standings. Players without a Go registration (an event from a results
// CSV) are written under their name, unranked ones as 30K.
void write_opengotha_xml(const Event& event, const McMahonSettings& settings, std::string& out);
// Two players with one OpenGotha key (name and first name, spaces removed, upper case: "Li Na"
// and "Lin A") would read back as one player and lose the other's games: the Problem naming
// them, placed in the event's file (the input's fault), to refuse the file; nullopt when every
// key is its player's own.
std::optional<Problem> opengotha_keys_clash(const Event& event);
// An AGA member number that is not a whole number, or one two players hold, would have the AGA
// rate games against the wrong member (its file is split at blanks): the Problem naming it, placed
// in the event's file; nullopt when every number given is a player's own.
std::optional<Problem> aga_ids_problem(const Event& event);

// The EGF tournament results table, as the EGF's rating pages describe it
// (gemma.ujf.cas.cz/~cieply/GO/format.html) and OpenGotha 3.51 exports it: header lines
// `; CL[…]` (when `egf_class` is given), EV, PC, DT, HA (`h` and the handicap correction, only
// for an event with handicaps and a correction), KM, TM, then one line a player in standings
// order: place, surname and given name (one token each, inner blanks as `_`; a name without a
// separate first name split at its first blank, `-` for a missing one), rank, country (`XX`
// unknown), club (`xxxx` unknown), the criteria values, one result a round (`12+/w`, `7-/b3`,
// `3=/w`; `0+` a bye or a forfeit win, `0-` a forfeit loss or a round without a game, `0=` one
// worth half a point) and the EGD PIN (`|12345678`) when known. `placement`: another system's
// ranking (a results CSV's standings), whose order and columns replace OpenGotha's order by the
// settings' criteria and those criteria's columns, so that the columns say what placed the lines.
struct EgfPlacement {
  std::vector<int> order;                        // participants in standings order
  std::vector<std::string> columns;              // the header's codes (no blank inside)
  std::vector<std::vector<std::string>> values;  // a line of `order`'s: one value a column
};
void write_egf_results(const Event& event, const McMahonSettings& settings,
                       const std::string& egf_class, std::string& out,
                       const EgfPlacement* placement = nullptr);

// The AGA results file, as the AGA's ratings page shows it (usgo.org/ratings/RatingQuals.asp):
// TOURNEY (name, location, dates) with `start=` and `finish=` indented below, PLAYERS
// (`id name rank`), and one GAMES section (`white black winner handicap komi`, `w`/`b` the
// winner), round after round; only games played to a win (no forfeit, no jigo); a one-stone game
// as handicap 0 and komi 0 (as OpenGotha's export).
void write_aga_results(const Event& event, const McMahonSettings& settings, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
