#include "tool.h"

#include <csignal>
#include <cstdio>
#include <new>
#include <unistd.h>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/io_error.h"
#include "boardgames/version.h"

namespace boardgames::cli {

namespace {
constexpr std::size_t kMaxDiagnosticCharacters = 2000;
}  // namespace

Tool::Tool(std::string name, std::string description)
    : name_(std::move(name)),
      app_(std::move(description), name_),
      diagnostics_([this](const Diagnostic& d) {
        // One line each, valid UTF-8, and never a whole input line echoed (the parsers quote
        // excerpts already; this is the net under them).
        std::string line = name_ + ": " + excerpt(format_diagnostic(d), kMaxDiagnosticCharacters) + "\n";
        std::fputs(line.c_str(), stderr);
      }) {
  app_.set_version_flag("--version", fmt::format("{} (boardgames) {}", name_, kVersion),
                        "Print the version and exit");
  app_.set_help_flag("-h,--help", "Print this help and exit");
  app_.footer(fmt::format(
      "Exit status: 0 all good, 1 input rejected, 2 usage or I/O trouble.\nSee {}(1).", name_));
}

void Tool::add_output_option() {
  app_.add_option("-o,--output", output_path_,
                  "Write to FILE instead of standard output (atomically: a temporary file "
                  "renamed into place)")
      ->option_text("FILE");
}

void Tool::add_input_files(std::vector<std::string>& files, const std::string& description) {
  app_.add_option("files", files, description)->option_text("FILE...");
}

std::optional<ByteSource> Tool::open_input(const std::string& path) {
  try {
    return ByteSource::open(path);
  } catch (const IoError& error) {
    note(fmt::format("error: {}", error.what()));
    io_trouble_ = true;
    return std::nullopt;
  }
}

OutputFile& Tool::output() {
  if (!output_) output_ = std::make_unique<OutputFile>(output_path_);
  return *output_;
}

void Tool::note(const std::string& message) const {
  std::string line = name_ + ": " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

bool Tool::stderr_is_terminal() const { return ::isatty(STDERR_FILENO) == 1; }

int Tool::run(int argc, char** argv, const std::function<int()>& body) {
  // A closed pipe must be an error we report (exit 2), not a silent death by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  try {
    app_.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) {  // --help, --version
      app_.exit(error);
      std::fflush(stdout);
      return std::ferror(stdout) ? kTrouble : kSuccess;
    }
    note(fmt::format("error: {}", error.what()));
    note(fmt::format("run '{} --help' for the options", name_));
    return kTrouble;
  }
  int status = kSuccess;
  try {
    status = body();
    if (diagnostics_.error_count() > 0 && status == kSuccess) status = kInputRejected;
    if (io_trouble_) status = kTrouble;
    if (output_ && status != kTrouble) output_->commit();
  } catch (const UsageError& error) {
    note(fmt::format("error: {}", error.what()));
    status = kTrouble;
  } catch (const IoError& error) {
    note(fmt::format("error: {}", error.what()));
    status = kTrouble;
  } catch (const std::bad_alloc&) {
    note("error: out of memory");
    status = kTrouble;
  } catch (const std::exception& error) {
    note(fmt::format("internal error: {}", error.what()));
    status = kTrouble;
  }
  output_.reset();  // removes an uncommitted temporary file
  return status;
}

}  // namespace boardgames::cli
