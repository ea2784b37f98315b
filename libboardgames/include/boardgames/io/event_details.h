// What the files an event is reported in say of it beyond its games: its name, where and when
// it was held (standings' --title, --place and --dates). The rating officers want them: FIDE's
// TRF (012, 022, 042, 052), the EGF's results table (EV, PC, DT), the AGA's (TOURNEY, start,
// finish) and OpenGotha's file (name, location, beginDate, endDate).
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>

#include "boardgames/core/problem.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct EventDetails {
  std::string title = {};       // the event's name; empty: none given
  std::string place = {};       // where it was held, as given ("Paris, FR"); empty: none given
  std::string begin_date = {};  // its first day, YYYY-MM-DD; empty: none given
  std::string end_date = {};    // its last day, YYYY-MM-DD, not before the first; empty with a
                                // first day: the event was held on that one day
};

// `--dates`: "YYYY-MM-DD" (a one-day event) or "YYYY-MM-DD,YYYY-MM-DD" (the first and the last
// day), each a day of the Gregorian calendar from year 1000 to 9999, the last not before the
// first; blanks around either are ignored. Sets `details`' dates, or gives the Problem (no place:
// a usage matter) saying which part is wrong.
std::optional<Problem> parse_event_dates(std::string_view text, EventDetails& details);

// A date of parse_event_dates written as a TRF writes it: "2026-04-03" as "2026/04/03".
std::string trf_date(std::string_view date);

}  // namespace boardgames

BOARDGAMES_API_END
