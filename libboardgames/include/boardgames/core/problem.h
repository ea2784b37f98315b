// Problem: why the library refused something — a line of a file, a move of a record, a FEN, a
// tie-break code, a round that cannot be paired. One idiom for every failure the library
// returns as a value (as Stockfish's Position::set returns a PositionSetError):
//
//   * a check that only says yes or no returns std::optional<Problem> (empty: all good);
//   * a reader or builder that makes a value returns Expected<T>: the value, or the Problem;
//   * a reader that goes on after a problem (a file of many records) reports Diagnostics
//     instead, and says in each record's report which Problem stopped it.
//
// A Problem holds the facts and no formatting: tools and writers choose how to show it
// (to_diagnostic() gives the compiler-style `FILE:LINE:COL: error: reason` form).
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "boardgames/core/diagnostics.h"

BOARDGAMES_API_BEGIN

namespace boardgames {

struct Problem {
  std::string reason;    // what is wrong, in words ("the king would move onto an attacked square")
  SourceLocation where;  // where in the input (file, line, column); empty parts unknown
  std::string token;     // the offending text as written (quote it through excerpt())
  int ply = 0;           // in a game record: the 1-based ply it concerns; 0 when none

  friend bool operator==(const Problem&, const Problem&) = default;
};

// The problem as a diagnostic at its own place.
Diagnostic to_diagnostic(const Problem& problem, Severity severity = Severity::error);

// A value, or the Problem that prevented it (std::expected is C++23; this is the part of it
// the library needs).
template <typename T>
class Expected {
  static_assert(!std::is_same_v<T, Problem>);

 public:
  Expected(T value)
      : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit on purpose
  Expected(Problem problem) : state_(std::in_place_index<1>, std::move(problem)) {}  // NOLINT

  bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // Only when !has_value().
  const Problem& problem() const { return std::get<1>(state_); }

 private:
  std::variant<T, Problem> state_;
};

}  // namespace boardgames

BOARDGAMES_API_END
