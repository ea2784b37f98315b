// OpenGotha's tournament file (the XML its File > Save and ExternalDocument write, 3.x): the
// players (name, first name, rank, rating, club, country, participation per round, McMahon
// start-score correction), the games (round, table, white, black, handicap, result with
// forfeits and jigo), the byes, and the parameters McMahon and OpenGotha's Swiss need (bar,
// floor, absent and bye values, handicap, komi, placement criteria, pairing weights), read
// into the one Event model and McMahonSettings.
//
// The XML is read by a small iterative scanner (no recursion on depth): elements, attributes,
// the five named entities and character references, comments, processing instructions,
// CDATA; a DOCTYPE with an internal subset is refused (no entity definitions are expanded).
// The text must be UTF-8. Problems are reported with line and column.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>

#include "boardgames/core/diagnostics.h"
#include "boardgames/tournament/event.h"
#include "boardgames/tournament/mcmahon.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct OpenGothaFile {
  // Participants in the file's order; id = OpenGotha's key (name and first name, spaces
  // removed, upper case), name = "Name FirstName", number = position from 1. Rounds 1..the
  // last with a game or bye; a round the player does not participate in is `absent`, one he
  // participates in without a game or bye `none`. planned_rounds = numberOfRounds.
  Event event;
  // The system is McMahon when the first placement criterion reads McMahon scores (MMS,
  // SOSM, …), else OpenGotha's Swiss.
  McMahonSettings settings;
};

// The text starts (after an optional byte order mark, white space, an XML declaration and
// comments) with a <Tournament> element.
bool looks_like_opengotha_xml(std::string_view text);

// Reads the file. Each problem is reported and the element it concerns left out (an unknown
// player in a game, a player in two games of a round, a rank outside 30k–9d, a handicap
// outside 0–9, an unknown result, a number out of range); nullopt when the text is not XML
// whose root is <Tournament> (the rest of a file cut short is still read up to the cut).
std::optional<OpenGothaFile> read_opengotha_xml(std::string_view text, const std::string& file,
                                                Diagnostics& diagnostics);

// OpenGotha's player key: name + first name, spaces removed, upper case (ASCII, Latin-1,
// Latin Extended-A, Greek and Cyrillic letters).
std::string opengotha_key(std::string_view name, std::string_view first_name);

}  // namespace boardgames

BOARDGAMES_API_END
