// The helper every boardgames program is built on: one place for the command-line contract of
// conventions.md, so the tools themselves only parse their options, call the library and
// format output.
//
//   * `--help`, `--version`; CLI11 parse errors become exit status 2 with
//     "tool: error: message" (CLI11 2.1's own CLI11_PARSE would exit with 100+);
//   * input files: `FILE...`, none or `-` for standard input; a file that cannot be opened is
//     reported, the others are still processed, and the run ends with status 2;
//   * diagnostics: `tool: FILE:LINE:COL: error: message` on standard error;
//   * output: standard output or `-o FILE`, written atomically; a failed write (closed pipe,
//     full disk) is exit status 2;
//   * exit status: 0 all good, 1 some input rejected, 2 usage or I/O trouble.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/output.h"

namespace boardgames::cli {

enum ExitStatus : int { kSuccess = 0, kInputRejected = 1, kTrouble = 2 };

// A usage problem found after parsing (conflicting options, a value out of range): exit 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Tool {
 public:
  Tool(std::string name, std::string description);

  CLI::App& app() { return app_; }
  const std::string& name() const { return name_; }

  // `-o FILE`.
  void add_output_option();
  // Positional `FILE...`; none means standard input.
  void add_input_files(std::vector<std::string>& files, const std::string& description);

  // Findings are printed as they come: `tool: FILE:LINE:COL: error: message`.
  Diagnostics& diagnostics() { return diagnostics_; }

  // Opens an input ("-" = standard input). On failure reports it, remembers that the run
  // had I/O trouble (exit 2) and returns nullopt so the caller goes on with the next file.
  std::optional<ByteSource> open_input(const std::string& path);

  // The output, opened on first use (so a run that fails before writing leaves an existing
  // `-o FILE` untouched).
  OutputFile& output();

  // Prints "tool: message" to standard error (for notes that are not about a file position).
  void note(const std::string& message) const;

  bool stderr_is_terminal() const;

  // Parses the command line, runs `body` and returns the exit status (see above). `body`
  // returns kSuccess or kInputRejected; reported errors raise the status to 1 on their own.
  int run(int argc, char** argv, const std::function<int()>& body);

 private:
  std::string name_;
  CLI::App app_;
  std::string output_path_ = "-";
  std::unique_ptr<OutputFile> output_;
  Diagnostics diagnostics_;
  bool io_trouble_ = false;
};

}  // namespace boardgames::cli
