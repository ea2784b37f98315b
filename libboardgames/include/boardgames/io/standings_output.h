// Writing standings: a ranked table for people, CSV and JSON for programs, a crosstable (text,
// CSV, or a standalone HTML page: a round robin's grid, a Swiss's round by round), and the
// explanation of one participant's tie-breaks, opponent by opponent.
//
// Every table shows, beside rank, number, name and points, what the players file (or the TRF's
// player lines, swiss::trf_players) tells of the participants — title, rating, federation,
// club, and whether they withdrew — each column only where some participant has a value. A
// team event's text, JSON and HTML add the individual board results (Participant::
// board_results): each member's games and game points on each board, board by board, the best
// first.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "boardgames/core/problem.h"
#include "boardgames/io/event_details.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/player.h"
#include "boardgames/tournament/ranking.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct StandingsHeading {
  std::string system;       // preset name, or "custom"
  std::string description;  // the preset's source article, or the custom order
  // The event's name (--title, a TRF's 012 line), place and dates (--place, --dates: written
  // in the TRF and the Go federations' files); each empty when not given.
  EventDetails details = {};
};

// Rank, number, name (with the details above), points, each tie-break; the title first when
// there is one.
void write_standings_text(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, const PlayerList& players,
                          std::string& out);
// Header `rank,id,name,points`, the detail columns after the name (`title`, `rating`,
// `federation`, `club`), then one column per tie-break code, then `withdrawn` (`yes` or empty);
// shared ranks as "3-4". One row a participant: no board results.
void write_standings_csv(const Event& event, const Standings& standings, const PlayerList& players,
                         std::string& out);
void write_standings_json(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, const PlayerList& players,
                          std::string& out);
// A round robin's crosstable is the grid: the participants by draw number (rows and columns
// headed by it, as the rule books' tables are) with the rank last. A Swiss's is the table
// arbiters publish, whatever the field's size (never an n x n grid): in rank order, each round
// a cell with the opponent's starting (pairing) number, the colour played (w or b, by the
// game's first mover; a team's by its member on the first board) and the result — `12w1`, `7b½`,
// `3w0`; forfeits `5b+`, `5w-`; byes as a TRF marks them: `U` the pairing-allocated bye, `F` a
// full-point bye, `H` a half-point bye, `Z` a zero-point bye or an absence; empty when the round
// has no record.
void write_crosstable_text(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, const PlayerList& players,
                           std::string& out);
// The round-by-round crosstable of any event as CSV: `rank,number,id,name`, the detail
// columns, one column a round (`r1`, `r2`, ...; cells as above), `points`, the tie-breaks,
// `withdrawn`.
void write_crosstable_csv(const Event& event, const Standings& standings, const PlayerList& players,
                          std::string& out);
// The crosstable (the grid or the rounds, as in text) as a standalone HTML page, escaped,
// headed by the title when there is one.
void write_crosstable_html(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, const PlayerList& players,
                           std::string& out);
void write_crosstable_html(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, std::string& out);

// The tie-break order of the standings, set in `ranking`, and their heading: the custom codes
// when given (heading "custom"), else the preset (or the default preset for the event's game
// and shape) with its order for this event. A code not understood (parse_tiebreaks) and a
// team preset for an event without teams are Problems.
Expected<StandingsHeading> choose_tiebreak_order(const Event& event, const SystemPreset* preset,
                                                 std::string_view custom_codes,
                                                 RankingOptions& ranking);

enum class StandingsFormat : std::uint8_t { text, csv, json, crosstable, crosstable_csv, html };
// "text", "csv", "json", "crosstable", "crosstable-csv", "html"; nullopt for anything else.
std::optional<StandingsFormat> parse_standings_format(std::string_view name);
// The standings in `format`, by the writers above.
void write_standings(StandingsFormat format, const Event& event, const Standings& standings,
                     const StandingsHeading& heading, const PlayerList& players, std::string& out);

// How each tie-break value of one participant came about. False if `who` (id or name) is not
// a participant.
bool write_explanation(const Event& event, const Standings& standings,
                       const TiebreakSettings& settings, std::string_view who, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
