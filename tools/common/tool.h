// The helper every boardgames program is built on: one place for the command-line contract of
// conventions.md and boardgames-formats(5), so the tools themselves only parse their options,
// call the library and format output.
//
//   * `--help`, `--version`; CLI11 parse errors become exit status 2 with
//     "tool: error: message" (CLI11 2.1's own CLI11_PARSE would exit with 100+); an option
//     never takes more values than one argument holds, so `--withdrawn 5 results.csv` leaves
//     the file to the file list;
//   * input files: `FILE...`, none or `-` for standard input; a file that cannot be opened is
//     reported, the others are still processed, and the run ends with status 2;
//   * diagnostics: `tool: FILE:LINE:COL: error: message` on standard error, one line each;
//   * outputs (`-o FILE` and file options such as `--svg`): checked against every input
//     before anything is read — an output that is an input (same device and inode, through
//     links; standard input and output included when they are redirected files) is refused
//     with status 2, and so are two outputs naming one file (same inode, or the same weakly
//     canonical path after following links when the file does not exist yet). Each is written
//     as OutputFile says (through links; FIFOs and devices in place; regular files through a
//     temporary file renamed into place at the end, removed on failure and on SIGINT, SIGTERM,
//     SIGHUP and SIGQUIT; SIGPIPE is turned into a write error). Whether a run that rejected
//     input still writes `-o` is the tool's output kind: derived output (standings, pairings,
//     schedules) only on exit status 0; verdicts (one per record: validators, scorers)
//     whenever the run went through its inputs;
//   * an empty option value (`--players ''`, `-o ''`, `--points=`) is a usage error;
//   * exit status: 0 all good, 1 some input rejected, 2 usage or I/O trouble.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/io_error.h"
#include "boardgames/io/output.h"

namespace boardgames::cli {

enum ExitStatus : int { kSuccess = 0, kInputRejected = 1, kTrouble = 2 };

// A usage problem found after parsing (conflicting options, a value out of range): exit 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the tool's main output is, which decides whether a run that rejected some input still
// replaces `-o FILE` (see above).
enum class OutputKind { derived, verdicts };

// A numeric option's value must be a finite number within [minimum, maximum]: CLI::Range lets
// NaN through (every comparison with NaN is false).
CLI::Validator number_in(double minimum, double maximum);

// A whole-number option's value: decimal digits with an optional '-', within [minimum,
// maximum]. CLI::Range would let CLI11 read "010" as 8, "0x10" as 16 and " 4" as 4. Added with
// ->transform(), not ->check(): it takes the leading zeros off the value CLI11 then converts.
CLI::Validator whole_number_in(long long minimum, long long maximum);

// A seed: a whole number from 0 to 2^64 − 1, written in decimal (CLI11 would wrap "-1" and
// saturate a number too large without a word, and read "010" as octal). With ->transform().
CLI::Validator seed_number();
// A seed for a lot the user gave none for: from the clock (the tool says which, to repeat it).
std::uint64_t clock_seed();

class Tool {
 public:
  Tool(std::string name, std::string description, OutputKind kind = OutputKind::derived);

  CLI::App& app() { return app_; }
  const std::string& name() const { return name_; }

  // Changes the output kind after parsing (a subcommand may produce verdicts).
  void set_output_kind(OutputKind kind) { kind_ = kind; }

  // `-o FILE` (also after a subcommand: subcommands fall through to the tool's options).
  void add_output_option();
  // Positional `FILE...`; none means standard input (unless `reads_stdin` says otherwise).
  void add_input_files(std::vector<std::string>& files, const std::string& description,
                       CLI::App* where = nullptr);
  // An option naming one more input file (`--players FILE`).
  CLI::Option* add_input_option(const std::string& name, std::string& path,
                                const std::string& description, CLI::App* where = nullptr);
  // An option naming one more output file (`--svg FILE`), written like `-o`.
  CLI::Option* add_output_file_option(const std::string& name, std::string& path,
                                      const std::string& description, CLI::App* where = nullptr);
  // Whether an empty positional file list means standard input (true unless a tool says, for
  // example when `-n N` replaces the players file).
  void set_reads_stdin(std::function<bool()> reads_stdin) { reads_stdin_ = std::move(reads_stdin); }

  // Findings are printed as they come: `tool: FILE:LINE:COL: error: message`.
  Diagnostics& diagnostics() { return diagnostics_; }

  // Opens an input ("-" = standard input). On failure reports it, remembers that the run
  // had I/O trouble (exit 2) and returns nullopt so the caller goes on with the next file;
  // `reason`, when given, receives why ("No such file or directory"), for a verdict tool's row.
  std::optional<ByteSource> open_input(const std::string& path, std::string* reason = nullptr);
  // The same for an input opened that could not be read (a ReadError: a directory as standard
  // input, a disk error): reports it, remembers the I/O trouble and returns why, so that a
  // verdict tool writes the file's row and goes on with the next file.
  std::string input_failed(const IoError& error, const std::string& path);

  // The `-o` output (standard output without `-o`).
  OutputFile& output();
  // The file of an output option (`--svg`): only files asked for here are put in place.
  OutputFile& file_output(const std::string& path);

  // Prints "tool: message" to standard error (for notes that are not about a file position).
  void note(const std::string& message) const;

  bool stderr_is_terminal() const;

  // Parses the command line, checks the outputs against the inputs, opens the outputs, runs
  // `body` and returns the exit status (see above). `body` returns kSuccess or kInputRejected;
  // reported errors raise the status to 1 on their own.
  int run(int argc, char** argv, const std::function<int()>& body);

 private:
  struct FileOutput {
    std::string option;  // "-o", "--svg"
    std::string* path;
    std::unique_ptr<OutputFile> file;
    bool used = false;
  };

  void check_outputs_against_inputs() const;
  void open_outputs();
  void finish_outputs(int status);
  void refuse_extra_values(CLI::App& app);

  std::string name_;
  CLI::App app_;
  OutputKind kind_;
  std::string output_path_ = "-";
  std::unique_ptr<OutputFile> output_;
  std::vector<std::vector<std::string>*> input_lists_;
  std::vector<std::string*> input_paths_;
  std::vector<FileOutput> file_outputs_;
  std::function<bool()> reads_stdin_;
  Diagnostics diagnostics_;
  bool io_trouble_ = false;
  bool stdin_closed_ = false;  // the tool was started with standard input closed
};

}  // namespace boardgames::cli
