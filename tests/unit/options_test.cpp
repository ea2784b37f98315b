// The tools' shared option declarations (tools/common/options.h): the help text of a choice, and
// that each helper refuses what the option it replaced refused.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/options.h"

namespace cli = boardgames::cli;

namespace {

// Parses `args` (after the program name) into `app`; the CLI11 error text, or "" when accepted.
std::string parse(CLI::App& app, std::vector<std::string> args) {
  std::vector<char*> argv{const_cast<char*>("tool")};
  for (std::string& arg : args) argv.push_back(arg.data());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("choice options: shown as a|b|c, one of the choices or refused") {
  CHECK(cli::choice_text({"text", "csv", "json"}) == "text|csv|json");
  CLI::App app;
  std::string format = "text";
  cli::add_choice(app, "--format", format, "Output format", {"text", "csv"});
  CHECK(app.get_option("--format")->get_option_text() == "text|csv");
  CHECK(parse(app, {"--format", "csv"}).empty());
  CHECK(format == "csv");
  CHECK(parse(app, {"--format", "xml"}).find("xml not in {text,csv}") != std::string::npos);
}

TEST_CASE("whole-number, jobs and seed options refuse what is out of range") {
  CLI::App app;
  int jobs = 1;
  std::optional<int> rounds;
  std::uint64_t seed = 1;
  cli::add_jobs_option(app, jobs, "Threads");
  cli::add_whole_number(app, "--rounds", rounds, "Rounds", 1, 9, "R");
  cli::add_seed_option(app, seed, "Seed");
  CHECK(app.get_option("--rounds")->get_option_text() == "R");
  CHECK(parse(app, {"-j", "256", "--rounds", "9", "--seed", "18446744073709551615"}).empty());
  CHECK(jobs == 256);
  CHECK(rounds == 9);
  CHECK(seed == UINT64_MAX);
  CHECK_FALSE(parse(app, {"-j", "257"}).empty());
  CHECK_FALSE(parse(app, {"--rounds", "0"}).empty());
  CHECK_FALSE(parse(app, {"--seed", "-1"}).empty());
}

TEST_CASE("points options: nothing when not given, else the points or a usage error") {
  CHECK_FALSE(cli::points_option("", "--bye-points", 1000, boardgames::PointsNotation::halves));
  CHECK_FALSE(cli::game_points_option("", "--points", boardgames::PointsNotation::tenths));
  const auto points =
      cli::game_points_option("3,1,0", "--points", boardgames::PointsNotation::tenths);
  REQUIRE(points);
  CHECK((*points)[0] == boardgames::Points::whole(3));
  CHECK_THROWS_AS(cli::game_points_option("0,1,3", "--points", boardgames::PointsNotation::tenths),
                  cli::UsageError);
  CHECK(cli::points_option("2.5", "--bye-points", 1000, boardgames::PointsNotation::halves) ==
        boardgames::Points::parse("2.5").value());
  CHECK_THROWS_AS(
      cli::points_option("1001", "--bye-points", 1000, boardgames::PointsNotation::halves),
      cli::UsageError);
}
