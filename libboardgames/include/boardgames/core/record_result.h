// RecordResult: a game's result as a Shatar (PGN) or Xigua record writes it. The library keeps
// this value; the tokens are read and written only here, at the edge.
//
// The result token names the two sides in a fixed order: "1-0" is a win of the side named first
// — White in Shatar and chess, Black in Xigua (as Go's SGF "B+" is Black's) — the side that
// moves first by the rule book, whatever a record's First tag says. (The results CSV's
// GameResult, tournament/result.h, is kept by colour and also knows forfeits and byes.)
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

enum class RecordResult : std::uint8_t {
  unknown,      // "*": not finished, or not known
  first_wins,   // "1-0"
  second_wins,  // "0-1"
  draw,         // "1/2-1/2"
};

constexpr bool is_decisive(RecordResult r) {
  return r == RecordResult::first_wins || r == RecordResult::second_wins;
}

// "1-0", "0-1", "1/2-1/2", "½-½", "=" (a draw), "*" (unknown); nullopt for anything else.
std::optional<RecordResult> parse_record_result(std::string_view token);

// The token records write: "1-0", "0-1", "1/2-1/2", "*".
std::string_view record_result_token(RecordResult result);

}  // namespace boardgames

BOARDGAMES_API_END
