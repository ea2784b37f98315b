// Move notation: reading every spelling spec/shatar.md lists, writing short (SAN) and full
// (long) notation.
//
// Short: `Nf3`, `Ndf3`, `R1d3`, `Bxf7` / `B:f7` / `Bf7`, `e4`, `cxd5` / `c:d5` / `cd5` / `cd`,
// promotion `a8Q`, `a8=Q`, `a8(Q)`, `a8/Q`, `a8變虎`. Full: `Ng1-f3`, `e2-e4`, `Nf3:d4`,
// `Nf3xd4`, `a7-a8Q`. Piece letters K Q R B N (P), or 王 虎 獅 狮 車 车 馬 马 駝 驼 夫.
// Suffixes `+`, `#`, `++`, and `!`, `?`, `!!`, `??`, `!?`, `?!`.
#pragma once

#include "boardgames/export.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/problem.h"
#include "boardgames/shatar/position.h"

BOARDGAMES_API_BEGIN

namespace boardgames::shatar {

struct ReadMove {
  Move move;
  bool check_mark = false;  // written with '+'
  bool mate_mark = false;   // written with '#' or '++'
  bool capture_mark = false;
};

// Reads a move token in a position: the move (legal), or the Problem saying why not — a
// spelling that is no move, an ambiguity, or the rule it breaks (describe(Illegal)'s words,
// with the man and squares where they help) — with the token as written. The location and
// ply are the caller's to fill in.
Expected<ReadMove> read_move(const Position& position, std::string_view token);

// Short notation with Latin letters: "Nf3", "exd5", "a8=Q", "Qxf7#".
std::string to_short(const Position& position, Move move);
// Full notation: "Ng1-f3", "e2-e4", "Nf3:d4", "a7-a8Q", with the check suffix.
std::string to_long(const Position& position, Move move);

}  // namespace boardgames::shatar

BOARDGAMES_API_END
