// Ranking: the final order of an event by score and a list of tie-breaks, with the rule books'
// presets (`--system`).
//
// Tied participants are separated criterion by criterion, each criterion applied only within a
// group still tied on everything before it (C.07 4.2). Direct encounter works on the group as a
// whole (C.07 6): a mini-table of the games among the tied participants, applied again to any
// subgroup still tied. The Go/Xigua total score, when it is the first criterion, replaces the
// score (it contains it). Ties that survive every criterion share the rank ("3-4"), unless a
// reproducible lot is asked for: each tied group, taken in rank order and sorted by id, is
// shuffled by one generator seeded with `seed`, so the lot depends on the seed and the
// standings (who is tied with whom), never on the order of the rows.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/fraction.h"
#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/tiebreak.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// A named tie-break order from the rule books.
struct SystemPreset {
  std::string_view name;
  Game game;
  EventFormat format;  // individual, multi_game or team
  bool round_robin;
  std::string_view order;           // tie-break codes
  std::string_view two_game_order;  // team presets: the order for two-game matches
  std::string_view source;          // the article it comes from
};

const std::vector<SystemPreset>& system_presets();
const SystemPreset* find_preset(std::string_view name);
// The preset an arbiter names (`what`: the option, for the Problem's reason); nullptr for ""
// (none named); a Problem listing the presets for a name that is none of them.
Expected<const SystemPreset*> choose_preset(std::string_view name, std::string_view what);
// Every preset's name, in the order of system_presets(), joined by `separator`.
std::string preset_names(std::string_view separator);
// The preset that fits an event of this game and shape.
const SystemPreset& default_preset(Game game, EventFormat format, bool round_robin);
// The preset's order for this event (two-game team matches use their own order).
std::string_view preset_order(const SystemPreset& preset, const Event& event);

// FIDE C.07, note to Art. 8: Buchholz-type tie-breaks (BH, FB, AOB and their cuts) must not
// be used in a round robin, where every participant meets the same opponents. The first such
// tie-break of `order` in a round robin, as a Problem (its reason in words, its token the
// code); likewise a team tie-break (MPvGP, ESB, SSSC, BC, BBE) in an event that is not a team
// event; nothing when the order may rank this event.
std::optional<Problem> check_tiebreak_order(const Event& event, const std::vector<Tiebreak>& order);

struct RankingOptions {
  std::vector<Tiebreak> order;
  bool lots = false;  // break remaining ties by a reproducible lot
  std::uint64_t seed = 0;
  TiebreakSettings settings;
};

struct StandingRow {
  int participant = 0;
  int rank_first = 0;  // shared ranks: rank_first < rank_last
  int rank_last = 0;
  // One per column; nothing where DE did not apply or a value is undefined (ARO, TPR, PTP,
  // AOB without an opponent met over the board), which ranks below every defined value.
  std::vector<std::optional<Fraction>> values;

  std::string rank_text() const {
    return rank_first == rank_last ? std::to_string(rank_first)
                                   : std::to_string(rank_first) + "-" + std::to_string(rank_last);
  }
};

struct Standings {
  std::vector<Tiebreak> columns;  // the order, with BB expanded to BB1, BB2, ...
  std::vector<StandingRow> rows;  // in rank order
};

Standings rank_event(const Event& event, const RankingOptions& options);

// The mini-table of direct encounters among `group`: each member's points against the others
// (repeated meetings averaged); `complete` tells whether every pair has met. Forfeits count as
// meetings in a round robin, and with `forfeits_played` (DE/P) in a Swiss too.
struct MiniTable {
  std::vector<Fraction> points;
  bool complete = true;
  std::vector<Fraction> max_possible;  // points + a win for every pair that has not met
};
// With `game_points`, the table counts game points (EDE's secondary score), a pair that has not
// met able to win every board.
MiniTable direct_encounter_table(const Event& event, const std::vector<int>& group,
                                 bool forfeits_played = false, bool game_points = false);

}  // namespace boardgames

BOARDGAMES_API_END
