// The option patterns the tools share, declared once so that the same option reads, checks and
// shows the same way in every tool (the help texts stay each tool's own words).
#pragma once

#include <CLI/CLI.hpp>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardgames/core/points.h"
#include "boardgames/core/problem.h"
#include "boardgames/io/point_options.h"
#include "tool.h"

namespace boardgames::cli {

// "a|b|c": how the help shows an option that takes one of `choices`.
std::string choice_text(const std::vector<std::string>& choices);

// An option whose value is one of `choices` (in the order the help and the error list them).
template <typename T>
CLI::Option* add_choice(CLI::App& app, const std::string& name, T& value,
                        const std::string& description, const std::vector<std::string>& choices) {
  return app.add_option(name, value, description)
      ->check(CLI::IsMember(choices))
      ->option_text(choice_text(choices));
}

// A whole-number option within [minimum, maximum], shown as `text` ("N", "MS") in the help.
template <typename T>
CLI::Option* add_whole_number(CLI::App& app, const std::string& name, T& value,
                              const std::string& description, int minimum, int maximum,
                              const std::string& text = "N") {
  return app.add_option(name, value, description)
      ->transform(whole_number_in(minimum, maximum))
      ->option_text(text);
}

// `--seed S` (seed_number(): 0 to 2^64 − 1).
template <typename T>
CLI::Option* add_seed_option(CLI::App& app, T& seed, const std::string& description) {
  return app.add_option("--seed", seed, description)->transform(seed_number())->option_text("S");
}

// `-j,--jobs N`: threads, 1 to 256.
CLI::Option* add_jobs_option(CLI::App& app, int& jobs, const std::string& description);

// `--encoding NAME` of the record validators (see encoding.h for what it does).
CLI::Option* add_encoding_option(CLI::App& app, std::string& encoding);

// Refuses the first of `options` given on the command line with the usage error "<option>
// <why>": for a mode that would otherwise ignore them without a word.
void refuse_options(const CLI::App& app, std::initializer_list<const char*> options,
                    std::string_view why);

// An option's value, or the usage error (exit 2) that says why it is refused.
template <typename T>
T or_usage_error(Expected<T> value) {
  if (!value) throw UsageError(value.problem().reason);
  return std::move(*value);
}

// A points option (`--bye-points`, `--max-score`): nullopt when not given (empty), else from 0
// to `maximum` points, or a usage error.
std::optional<Points> points_option(const std::string& text, const std::string& option,
                                    std::int64_t maximum, PointsNotation notation);
// `--points W,D,L` (parse_game_points): nullopt when not given (empty), or a usage error.
std::optional<std::array<Points, 3>> game_points_option(const std::string& text,
                                                        const std::string& option,
                                                        PointsNotation notation);

}  // namespace boardgames::cli
