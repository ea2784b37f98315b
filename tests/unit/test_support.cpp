#include "test_support.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace test {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::filesystem::path shared_file(const std::string& relative) {
  const std::filesystem::path path = shared_testdata() / relative;
  if (!std::filesystem::exists(path)) {
    if (BOARDGAMES_REQUIRE_SHARED_DATA) {
      std::fprintf(
          stderr,
          "FAILED: %s is absent, and BOARDGAMES_REQUIRE_SHARED_DATA says it must be there\n",
          path.string().c_str());
      std::exit(1);
    }
    std::fprintf(stderr, "SKIPPED: %s is absent (the reference data of ../shared/testdata)\n",
                 path.string().c_str());
    std::exit(77);
  }
  return path;
}

}  // namespace test
