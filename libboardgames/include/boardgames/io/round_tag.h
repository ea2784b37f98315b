// Round and board of a game record's round tag (PGN Round, SGF RO), for the results CSV rows
// the validators write (--format results) for standings.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>

BOARDGAMES_API_BEGIN

namespace boardgames {

struct RoundTag {
  std::string round;
  std::string board;  // empty when the tag gives none
};

// "3.2" is round 3, board 2; "3" round 3, no board; text after the number and a space ("3
// (final)") is left aside. nullopt when the tag gives no round: empty, "?", "-", not a whole
// number in 1..100000, or a board outside 1..1000000 (the results CSV's ranges).
std::optional<RoundTag> parse_round_tag(std::string_view tag);

}  // namespace boardgames

BOARDGAMES_API_END
