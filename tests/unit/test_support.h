// Helpers shared by the unit tests.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "boardgames/core/diagnostics.h"

// Readable failure messages for lists of strings.
namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& items) {
    std::string text = "{";
    for (std::size_t i = 0; i < items.size(); ++i) {
      text += (i > 0 ? ", \"" : "\"") + items[i] + "\"";
    }
    text += "}";
    return String(text.c_str());
  }
};
}  // namespace doctest

namespace test {

// Collects diagnostics as "LINE:COL: error: message" strings (file name left out).
struct Collected {
  std::vector<boardgames::Diagnostic> all;
  boardgames::Diagnostics diagnostics{
      [this](const boardgames::Diagnostic& d) { all.push_back(d); }};

  std::vector<std::string> messages() const {
    std::vector<std::string> out;
    for (const auto& d : all) {
      boardgames::Diagnostic copy = d;
      copy.where.file.clear();
      std::string prefix =
          std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": ";
      out.push_back(prefix + boardgames::format_diagnostic(copy));
    }
    return out;
  }
};

// This project's own test data (tests/unit/data).
inline std::filesystem::path data_dir() { return BOARDGAMES_TEST_DATA; }

// ../shared/testdata, made by independent programs; absent on some machines.
inline std::filesystem::path shared_testdata() { return BOARDGAMES_SHARED_TESTDATA; }

std::string read_file(const std::filesystem::path& path);

// The path of a file under ../shared/testdata. When it is absent (a machine without the shared
// data) the test stops with a visible message and exit status 77, which CTest reports as
// skipped — or, where the data must be there (BOARDGAMES_REQUIRE_SHARED_DATA, on when the
// environment has CI set), with status 1: a failure.
std::filesystem::path shared_file(const std::string& relative);

}  // namespace test
