// The mutation test: real files from the reference data, truncated at random points, with
// bytes flipped, dropped or repeated, go through every tool that reads their format. Whatever
// the bytes, a tool must end with exit status 0, 1 or 2 — never a signal, never a sanitizer
// report — within a few seconds, and write only valid UTF-8 to standard output and standard
// error.
//
//   mutate --tools DIR --shared DIR --project DIR [--seed S] [--per-format N] [--timeout-ms T]
//          [--format NAME] [--keep DIR] [--require-shared 0|1]
//
// The mutants are made from a seeded generator, so a failure names the seed and the mutant's
// number and can be repeated (`--keep DIR` leaves the failing mutants there). Without the
// reference data the test is skipped (exit 77), or fails with `--require-shared 1`.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "boardgames/core/utf8.h"

extern char** environ;

namespace fs = std::filesystem;

namespace {

struct Options {
  fs::path tools;
  fs::path shared;
  fs::path project;
  std::uint64_t seed = 1;
  int per_format = 200;
  int timeout_ms = 10'000;
  std::string only;
  std::optional<fs::path> keep;
  bool require_shared = false;
};

// One format: where its files are, and the command lines that read a file of it ("{}" is the
// mutant's path).
struct Format {
  std::string name;
  std::vector<fs::path> files;
  std::vector<std::vector<std::string>> commands;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<fs::path> glob(const fs::path& directory, std::string_view extension,
                           std::uintmax_t max_size, std::string_view name_contains = {}) {
  std::vector<fs::path> found;
  std::error_code error;
  if (!fs::is_directory(directory, error)) return found;
  for (const auto& entry : fs::recursive_directory_iterator(directory, error)) {
    if (!entry.is_regular_file()) continue;
    const fs::path& path = entry.path();
    if (path.extension() != extension) continue;
    if (!name_contains.empty() && path.filename().string().find(name_contains) == std::string::npos)
      continue;
    if (entry.file_size() > max_size) continue;
    found.push_back(path);
  }
  std::sort(found.begin(), found.end());
  return found;
}

// The bytes of `original`, damaged one of several ways.
std::string mutate(const std::string& original, std::mt19937_64& random) {
  std::string text = original;
  auto below = [&](std::size_t n) {
    return n == 0 ? std::size_t{0} : static_cast<std::size_t>(random() % n);
  };
  const int kind = static_cast<int>(random() % 6);
  switch (kind) {
    case 0:  // truncated
      text.resize(below(text.size() + 1));
      break;
    case 1:  // bytes flipped
    case 2: {
      const std::size_t flips = 1 + below(8);
      for (std::size_t i = 0; i < flips && !text.empty(); ++i) {
        text[below(text.size())] ^= static_cast<char>(1u << below(8));
      }
      break;
    }
    case 3: {  // random bytes overwritten
      const std::size_t count = 1 + below(16);
      for (std::size_t i = 0; i < count && !text.empty(); ++i)
        text[below(text.size())] = static_cast<char>(random());
      break;
    }
    case 4: {  // a piece repeated (nesting, long lines, duplicate rows)
      if (text.empty()) break;
      const std::size_t from = below(text.size());
      const std::size_t length = 1 + below(std::min<std::size_t>(64, text.size() - from));
      const std::string piece = text.substr(from, length);
      const std::size_t times = 1 + below(2000);
      std::string repeated;
      repeated.reserve(piece.size() * times);
      for (std::size_t i = 0; i < times; ++i) repeated += piece;
      text.insert(from, repeated);
      break;
    }
    default: {  // a piece dropped, and the file cut
      if (text.empty()) break;
      const std::size_t from = below(text.size());
      text.erase(from, 1 + below(std::min<std::size_t>(256, text.size() - from)));
      text.resize(below(text.size() + 1) / 2 + text.size() / 2);
      break;
    }
  }
  return text;
}

struct RunResult {
  int status = -1;  // exit status, or -1
  int signal = 0;
  bool timed_out = false;
  std::string out;
  std::string err;
  double seconds = 0;
};

// Runs a command with standard input from /dev/null, collecting both outputs, killing it at
// the time limit.
RunResult run(const std::vector<std::string>& command, int timeout_ms) {
  RunResult result;
  int out_pipe[2];
  int err_pipe[2];
  if (::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0) {
    std::perror("pipe");
    std::exit(2);
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);
  posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
  posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
  std::vector<char*> argv;
  for (const std::string& part : command) argv.push_back(const_cast<char*>(part.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const auto start = std::chrono::steady_clock::now();
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
    std::perror(argv[0]);
    std::exit(2);
  }
  posix_spawn_file_actions_destroy(&actions);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  int open_pipes = 2;
  char buffer[65536];
  while (open_pipes > 0) {
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - start)
                             .count();
    const int left = timeout_ms - static_cast<int>(elapsed);
    if (left <= 0) {
      result.timed_out = true;
      ::kill(pid, SIGKILL);
      break;
    }
    if (::poll(fds, 2, left) < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open_pipes;
      } else {
        (i == 0 ? result.out : result.err).append(buffer, static_cast<std::size_t>(n));
      }
    }
  }
  for (pollfd& fd : fds) {
    if (fd.fd >= 0) ::close(fd.fd);
  }
  int wait_status = 0;
  ::waitpid(pid, &wait_status, 0);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (WIFEXITED(wait_status)) result.status = WEXITSTATUS(wait_status);
  if (WIFSIGNALED(wait_status)) result.signal = WTERMSIG(wait_status);
  return result;
}

// What is wrong with a run, or "".
std::string judge(const RunResult& r) {
  if (r.timed_out) return "no end within the time limit";
  if (r.signal != 0) return "killed by signal " + std::to_string(r.signal);
  if (r.status < 0 || r.status > 2) return "exit status " + std::to_string(r.status);
  if (r.err.find("Sanitizer") != std::string::npos ||
      r.err.find("runtime error:") != std::string::npos) {
    return "sanitizer report";
  }
  if (boardgames::utf8_error_offset(r.out) != std::string::npos)
    return "standard output is not UTF-8";
  if (boardgames::utf8_error_offset(r.err) != std::string::npos)
    return "standard error is not UTF-8";
  return {};
}

std::vector<Format> formats(const Options& o) {
  const fs::path data = o.shared / "testdata";
  auto tool = [&](const char* name) { return (o.tools / name).string(); };
  std::vector<Format> all;
  all.push_back({"pgn",
                 glob(data / "shatar", ".pgn", 1 << 20),
                 {{tool("shatar-validate"), "--format", "csv", "{}"},
                  {tool("shatar-validate"), "--normalize", "-j", "2", "{}"}}});
  auto sgf = glob(data / "go" / "counted", ".sgf", 1 << 20);
  auto selfplay = glob(data / "go" / "selfplay", ".sgf", 1 << 20);
  sgf.insert(sgf.end(), selfplay.begin(), selfplay.end());
  all.push_back({"sgf",
                 sgf,
                 {{tool("go-score"), "--format", "csv", "--playouts", "40", "{}"},
                  {tool("go-score"), "--format", "json", "--dead", "none", "{}"}}});
  auto trf = glob(data / "swiss" / "plain", ".trf", 24 << 10);
  auto mixed = glob(data / "swiss" / "mixed", ".trf", 24 << 10);
  trf.insert(trf.end(), mixed.begin(), mixed.end());
  all.push_back({"trf", trf, {{tool("swiss-pair"), "{}"}, {tool("swiss-pair"), "--check", "{}"}}});
  const auto results = glob(data / "standings", ".csv", 1 << 20, "results");
  all.push_back({"results-csv",
                 results,
                 {{tool("standings"), "{}"},
                  {tool("standings"), "--format", "crosstable", "--tiebreaks",
                   "BH-C1,SB,DE,WIN,PS,AOB", "{}"},
                  {tool("swiss-pair"), "--rounds", "12", "--seed", "1", "{}"}}});
  all.push_back({"opengotha-xml",
                 glob(data / "mcmahon", ".xml", 40 << 10),
                 {{tool("standings"), "{}"},
                  {tool("standings"), "--format", "egf", "{}"},
                  {tool("swiss-pair"), "{}"},
                  {tool("swiss-pair"), "--check", "{}"}}});
  const auto players = glob(data / "standings", ".csv", 1 << 20, "players");
  all.push_back({"players-csv",
                 players,
                 {{tool("rr-schedule"), "--format", "text", "{}"},
                  {tool("rr-schedule"), "--seed-by", "rating", "{}"},
                  {tool("knockout"), "--seeds", "2,2", "--seed", "1", "--format", "text", "{}"}}});
  // A knock-out's results read against the players of its draw: the golden cases' events.
  const fs::path knockout_cases = o.project / "tests" / "cli" / "knockout";
  const std::string knockout_players = (knockout_cases / "bracket-text" / "players.csv").string();
  all.push_back({"knockout-results",
                 glob(knockout_cases, ".csv", 1 << 20, "results"),
                 {{tool("knockout"), "--seed", "1", "--playoff", "1", "--third-place",
                   knockout_players, "{}"},
                  {tool("knockout"), "--games", "2", "--format", "json", knockout_players, "{}"}}});
  all.push_back({"xigua",
                 glob(o.project / "tests" / "cli" / "xigua-play", ".xg", 1 << 20),
                 {{tool("xigua-play"), "validate", "--format", "csv", "{}"},
                  {tool("xigua-play"), "analyse", "--level", "3", "{}"}}});
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view key = argv[i];
    const std::string value = argv[i + 1];
    if (key == "--tools")
      o.tools = value;
    else if (key == "--shared")
      o.shared = value;
    else if (key == "--project")
      o.project = value;
    else if (key == "--seed")
      o.seed = std::stoull(value);
    else if (key == "--per-format")
      o.per_format = std::stoi(value);
    else if (key == "--timeout-ms")
      o.timeout_ms = std::stoi(value);
    else if (key == "--format")
      o.only = value;
    else if (key == "--keep")
      o.keep = value;
    else if (key == "--require-shared")
      o.require_shared = value == "1";
    else {
      std::fprintf(stderr, "mutate: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  if (!fs::is_directory(o.shared / "testdata")) {
    std::printf("mutate: %s/testdata is absent: skipped\n", o.shared.c_str());
    return o.require_shared ? 1 : 77;
  }
  const fs::path scratch =
      fs::temp_directory_path() / ("boardgames-mutate-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  int failures = 0;
  long runs = 0;
  double slowest = 0;
  for (const Format& format : formats(o)) {
    if (!o.only.empty() && format.name != o.only) continue;
    if (format.files.empty()) {
      std::printf("%s: no files\n", format.name.c_str());
      ++failures;
      continue;
    }
    std::mt19937_64 random(o.seed * 1'000'003 + std::hash<std::string>{}(format.name));
    for (int m = 0; m < o.per_format; ++m) {
      const fs::path& source =
          format.files[static_cast<std::size_t>(random() % format.files.size())];
      const std::string mutant = mutate(read_file(source), random);
      const fs::path path =
          scratch / (format.name + "-" + std::to_string(m) + source.extension().string());
      std::ofstream(path, std::ios::binary) << mutant;
      bool kept = false;
      for (const auto& pattern : format.commands) {
        std::vector<std::string> command = pattern;
        for (std::string& part : command) {
          if (part == "{}") part = path.string();
        }
        const RunResult result = run(command, o.timeout_ms);
        ++runs;
        slowest = std::max(slowest, result.seconds);
        const std::string problem = judge(result);
        if (problem.empty()) continue;
        ++failures;
        std::printf("FAIL %s mutant %d (seed %llu, from %s): %s: %s\n", format.name.c_str(), m,
                    static_cast<unsigned long long>(o.seed), source.c_str(),
                    command.front().c_str(), problem.c_str());
        std::printf("%s\n", boardgames::replace_invalid_utf8(result.err.substr(0, 2000)).c_str());
        if (o.keep && !kept) {
          fs::create_directories(*o.keep);
          fs::copy_file(path, *o.keep / path.filename(), fs::copy_options::overwrite_existing);
          kept = true;
        }
      }
      fs::remove(path);
    }
    std::printf("%s: %d mutants of %zu files\n", format.name.c_str(), o.per_format,
                format.files.size());
  }
  fs::remove_all(scratch);
  std::printf("%ld runs, slowest %.2f s, %d failure(s)\n", runs, slowest, failures);
  return failures == 0 ? 0 : 1;
}
