#include "common/parallel.h"

#include <cstdio>

#include "common/tool.h"

namespace boardgames::cli {

Progress::Progress(const Tool& tool) : name_(tool.name()), active_(tool.stderr_is_terminal()) {}

Progress::~Progress() {
  if (shown_) std::fprintf(stderr, "\r%40s\r", "");
}

void Progress::show(const std::function<std::string()>& text) {
  if (!active_) return;
  const std::lock_guard<std::mutex> lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  const std::string line = "\r" + name_ + ": " + text();
  std::fputs(line.c_str(), stderr);
}

}  // namespace boardgames::cli
