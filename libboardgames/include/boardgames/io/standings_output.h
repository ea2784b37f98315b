// Writing standings: a ranked table for people, CSV and JSON for programs, a round-robin
// crosstable (text, or a standalone HTML page), and the explanation of one participant's
// tie-breaks, opponent by opponent.
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "boardgames/core/problem.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/ranking.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct StandingsHeading {
  std::string system;       // preset name, or "custom"
  std::string description;  // the preset's source article, or the custom order
  std::string title = {};   // the event's name (--title, a TRF's 012 line); empty: none
};

void write_standings_text(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, std::string& out);
// Header `rank,id,name,points` then one column per tie-break code; shared ranks as "3-4".
void write_standings_csv(const Event& event, const Standings& standings, std::string& out);
void write_standings_json(const Event& event, const Standings& standings,
                          const StandingsHeading& heading, std::string& out);
// A round robin's crosstable lists the participants by draw number (rows and columns headed by
// it, as the rule books' tables are) with the rank last; a Swiss's lists them in rank order.
void write_crosstable_text(const Event& event, const Standings& standings, std::string& out);
void write_crosstable_html(const Event& event, const Standings& standings,
                           const StandingsHeading& heading, std::string& out);

// The tie-break order of the standings, set in `ranking`, and their heading: the custom codes
// when given (heading "custom"), else the preset (or the default preset for the event's game
// and shape) with its order for this event. A code not understood (parse_tiebreaks) and a
// team preset for an event without teams are Problems.
Expected<StandingsHeading> choose_tiebreak_order(const Event& event, const SystemPreset* preset,
                                                 std::string_view custom_codes,
                                                 RankingOptions& ranking);

enum class StandingsFormat : std::uint8_t { text, csv, json, crosstable, html };
// "text", "csv", "json", "crosstable", "html"; nullopt for anything else.
std::optional<StandingsFormat> parse_standings_format(std::string_view name);
// The standings in `format`, by the writers above.
void write_standings(StandingsFormat format, const Event& event, const Standings& standings,
                     const StandingsHeading& heading, std::string& out);

// How each tie-break value of one participant came about. False if `who` (id or name) is not
// a participant.
bool write_explanation(const Event& event, const Standings& standings,
                       const TiebreakSettings& settings, std::string_view who, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
