// Writers for Go events run by McMahon or OpenGotha's Swiss: the standings with OpenGotha's
// criteria.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/core/problem.h"
#include "boardgames/io/event_details.h"
#include "boardgames/io/opengotha_xml.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/tournament/player.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

// The settings `standings --system NAME` asks for on an OpenGotha file: "" keeps the file's
// system and criteria; "mcmahon" and "go-swiss" (also "opengotha-swiss") choose the system,
// with the file's criteria when they belong to it, else the system's defaults (MMS, SOSM,
// SOSOSM / NBW, SOSW, SOSOSW). A Problem for any other name.
Expected<McMahonSettings> choose_go_system(const McMahonSettings& file, std::string_view name);

// The standings after the last round: place (shared by players equal on every criterion), id,
// name, rank, rating, club, country, then NBW (McMahon: and MMS) and each criterion, as
// OpenGotha writes the values ("12.5", SODOS "3.25"). `format` is "text" or "csv", or one of
// the federations' files (io/go_formats.h): "egf", "aga", "opengotha"; a Problem for anything
// else.
std::optional<Problem> write_go_standings(const Event& event, const McMahonSettings& settings,
                                          std::string_view format, std::string& out);

// `standings --format` on an event from a results CSV: the rule books' formats
// (write_standings), or a Go federation's file (egf, aga, opengotha) of the event in the order
// of `standings`, with each player's rank (and first name, country, …) from the players CSV
// (add_go_registrations; criteria columns NBW, SOSW, SOSOSW; each game's handicap from the
// results CSV's `handicap` column, even where it has none), the event's name, place and dates
// from `heading.details`. A Problem for a format that is none
// of these, or a player without a rank. Warnings (a field cut to a TRF's columns) go to
// `diagnostics`.
std::optional<Problem> write_event_report(std::string_view format, const Event& event,
                                          const Standings& standings,
                                          const StandingsHeading& heading,
                                          const PlayerList& players, Diagnostics& diagnostics,
                                          std::string& out);

// `standings` on the text of an OpenGotha file: read it (problems reported), choose the
// system by `system_name` (choose_go_system), the placement criteria `criteria` when not empty
// (`--tiebreaks`), and write the standings in `format` after round `rounds` (`--rounds`; by
// default the file's last round). `details` (--title, --place, --dates) replace the file's name,
// location and dates where given, and the title heads the text. False when the file cannot be
// read; a Problem for a system, format or round that does not apply.
Expected<bool> write_opengotha_standings(std::string_view text, const std::string& file,
                                         std::string_view system_name,
                                         const std::vector<GoCriterion>& criteria,
                                         std::string_view format, std::optional<int> rounds,
                                         const EventDetails& details, Diagnostics& diagnostics,
                                         std::string& out);

// The same for an event held in CSV files, as swiss-pair pairs one: the players CSV (with
// ranks) and the results CSV, read by read_go_event_csv for the system `system_name`
// ("mcmahon" or "opengotha-swiss"), with its defaults but the McMahon `bar` and `floor` when
// given (go ranks, parse_go_rank). The rounds ranked are those up to the last with a result,
// or `rounds` (`--rounds`), as for any results CSV: a game of those rounds still without a
// result counts for neither player, with a warning. `details` as above (a CSV event has no name
// but this title). False when the results cannot be built into an event.
Expected<bool> write_go_csv_standings(const PlayerList& players, std::string_view text,
                                      const std::string& file, std::string_view system_name,
                                      std::optional<int> bar, std::optional<int> floor,
                                      const std::vector<GoCriterion>& criteria,
                                      std::string_view format, std::optional<int> rounds,
                                      const EventDetails& details, Diagnostics& diagnostics,
                                      std::string& out);

// A round's pairing: `text` (board, White, Black with ranks and McMahon scores, handicap,
// komi), `csv` (the results CSV to fill in, Go's column order: round,board,black,white,
// handicap,komi,result; the bye a row with one player and `bye`) or `pairs` (white and black
// ids a line, `bye` after the bye's id). A Problem for another format.
std::optional<Problem> write_go_pairing(const Event& event, const McMahonSettings& settings,
                                        const GoPairing& pairing, std::string_view format,
                                        std::string& out);

// `--check`: a line a round — `round N: identical (K boards)`, `round N: equal cost (K boards,
// another optimum of OpenGotha's cost …)` or the differences — then the count.
void write_go_check(const std::vector<GoRoundCheck>& checks, std::string& out);

// `--explain`: the cost of the pair (a, b) in the round the pairer pairs, term by term, and
// the game OpenGotha would make of it.
void write_go_explanation(const Event& event, const GoRoundPairer& pairer, int round, int a, int b,
                          std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
