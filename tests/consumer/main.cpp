// Uses a little of the installed library: prints "3½ 2 ok" (Shatar opens with one of two
// first moves).
#include <cstdio>

#include "boardgames/core/points.h"
#include "boardgames/shatar/position.h"
#include "boardgames/version.h"

int main() {
  const auto points = boardgames::Points::parse("3.5");
  const auto nodes = boardgames::shatar::perft(boardgames::shatar::Position::initial(), 1);
  std::printf("%s %llu %s\n", points ? points->text().c_str() : "?",
              static_cast<unsigned long long>(nodes), boardgames::kVersion[0] != '\0' ? "ok" : "?");
  return 0;
}
