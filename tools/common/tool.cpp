#include "tool.h"

#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <climits>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "boardgames/io/io_error.h"
#include "boardgames/version.h"

namespace boardgames::cli {

namespace {

constexpr std::size_t kMaxDiagnosticCharacters = 2000;
// finish_outputs() after a run that stopped early (usage error, exception): nothing is kept.
constexpr int kUnfinished = -1;

// The temporary files this process is writing, for the signal handler and the exit hook. A
// handler may only call async-signal-safe functions and can reach nothing but globals, so the
// paths are kept here as fixed C strings; only Tool::open_outputs and Tool::finish_outputs
// change them, with the signals blocked.
constexpr int kMaxTemporaries = 8;
char g_temporary[kMaxTemporaries][PATH_MAX];
volatile std::sig_atomic_t g_temporary_set[kMaxTemporaries];

void remove_temporaries() {
  for (int i = 0; i < kMaxTemporaries; ++i) {
    if (g_temporary_set[i]) {
      ::unlink(g_temporary[i]);
      g_temporary_set[i] = 0;
    }
  }
}

extern "C" void on_fatal_signal(int signal) {
  remove_temporaries();
  // Die of the signal, as the caller expects (a shell reports 128 + the signal's number).
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Blocks the cleanup signals while the registry changes.
class SignalsBlocked {
 public:
  SignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int s : kCleanupSignals) sigaddset(&set, s);
    ::pthread_sigmask(SIG_BLOCK, &set, &previous_);
  }
  ~SignalsBlocked() { ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t previous_;
};

void register_temporary(const std::string& path) {
  if (path.empty() || path.size() >= PATH_MAX) return;
  for (int i = 0; i < kMaxTemporaries; ++i) {
    if (!g_temporary_set[i]) {
      std::memcpy(g_temporary[i], path.c_str(), path.size() + 1);
      g_temporary_set[i] = 1;
      return;
    }
  }
}

void forget_temporary(const std::string& path) {
  for (int i = 0; i < kMaxTemporaries; ++i) {
    if (g_temporary_set[i] && path == g_temporary[i]) g_temporary_set[i] = 0;
  }
}

void install_cleanup() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  for (int s : kCleanupSignals) {
    struct sigaction action {};
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    // A signal the caller ignores (nohup, a background job of a non-interactive shell) stays
    // ignored.
    struct sigaction old {};
    ::sigaction(s, nullptr, &old);
    if (old.sa_handler != SIG_IGN) ::sigaction(s, &action, nullptr);
  }
  std::atexit(remove_temporaries);  // an exit() that skips the destructors
}

struct FileId {
  dev_t device;
  ino_t inode;
  bool operator==(const FileId&) const = default;
};

// The file a path names, following links; nullopt when it does not exist (yet).
std::optional<FileId> file_id(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return FileId{info.st_dev, info.st_ino};
}

// A standard stream that is redirected to (or from) a regular file: that file's identity.
std::optional<FileId> redirected_file(int fd) {
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return FileId{info.st_dev, info.st_ino};
}

}  // namespace

CLI::Validator number_in(double minimum, double maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& text) -> std::string {
        char* end = nullptr;
        errno = 0;
        const double value = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0') return fmt::format("'{}' is not a number", text);
        if (!std::isfinite(value) || value < minimum || value > maximum) {
          return fmt::format("{} is outside {}..{}", text, minimum, maximum);
        }
        return {};
      },
      fmt::format("NUMBER in {}..{}", minimum, maximum));
}

std::uint64_t clock_seed() {
  return static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
}

CLI::Validator seed_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        if (text.empty() || error != std::errc() || stop != end) {
          return fmt::format("'{}' is not a seed (a whole number from 0 to {})", excerpt(text),
                             UINT64_MAX);
        }
        return {};
      },
      "SEED");
}

Tool::Tool(std::string name, std::string description, OutputKind kind)
    : name_(std::move(name)),
      app_(std::move(description), name_),
      kind_(kind),
      diagnostics_([this](const Diagnostic& d) {
        // One line each, valid UTF-8, and never a whole input line echoed (the parsers quote
        // excerpts already; this is the net under them).
        std::string line =
            name_ + ": " + excerpt(format_diagnostic(d), kMaxDiagnosticCharacters) + "\n";
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
                  "renamed into place; never onto an input)")
      ->option_text("FILE");
}

void Tool::add_input_files(std::vector<std::string>& files, const std::string& description,
                           CLI::App* where) {
  (where ? *where : app_).add_option("files", files, description)->option_text("FILE...");
  input_lists_.push_back(&files);
}

CLI::Option* Tool::add_input_option(const std::string& name, std::string& path,
                                    const std::string& description, CLI::App* where) {
  input_paths_.push_back(&path);
  return (where ? *where : app_).add_option(name, path, description)->option_text("FILE");
}

CLI::Option* Tool::add_output_file_option(const std::string& name, std::string& path,
                                          const std::string& description, CLI::App* where) {
  // Subcommands may share one variable (`play --svg`, `analyse --svg`): one output.
  const bool known = std::any_of(file_outputs_.begin(), file_outputs_.end(),
                                 [&](const FileOutput& out) { return out.path == &path; });
  if (!known) file_outputs_.push_back({name.substr(0, name.find(',')), &path, nullptr, false});
  return (where ? *where : app_).add_option(name, path, description)->option_text("FILE");
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
  // Opened by run() before the body; a body called without run() (never in the tools) still
  // gets standard output.
  if (!output_) output_ = std::make_unique<OutputFile>(output_path_);
  return *output_;
}

OutputFile& Tool::file_output(const std::string& path) {
  for (FileOutput& out : file_outputs_) {
    if (out.file && *out.path == path) {
      out.used = true;
      return *out.file;
    }
  }
  throw std::logic_error("file_output: '" + path + "' was not given to an output option");
}

void Tool::note(const std::string& message) const {
  // Paths and other text from the command line may hold any bytes; standard error stays UTF-8.
  std::string line = name_ + ": " + replace_invalid_utf8(message) + "\n";
  std::fputs(line.c_str(), stderr);
}

bool Tool::stderr_is_terminal() const { return ::isatty(STDERR_FILENO) == 1; }

void Tool::refuse_extra_values(CLI::App& app) {
  // A vector option (`--withdrawn 5,6`) would otherwise take every following argument that is
  // not an option, the files included; several values go in one argument, or the option is
  // repeated.
  for (CLI::Option* option : app.get_options()) {
    if (!option->get_positional()) option->allow_extra_args(false);
  }
  for (CLI::App* sub : app.get_subcommands({})) {
    sub->fallthrough();
    refuse_extra_values(*sub);
  }
}

void Tool::check_outputs_against_inputs() const {
  struct Input {
    std::string name;
    FileId id;
  };
  std::vector<Input> inputs;
  bool reads_stdin = false;
  for (const std::vector<std::string>* list : input_lists_) {
    if (list->empty() && (!reads_stdin_ || reads_stdin_())) reads_stdin = true;
    for (const std::string& path : *list) {
      if (path == "-") {
        reads_stdin = true;
      } else if (auto id = file_id(path)) {
        inputs.push_back({path, *id});
      }
    }
  }
  for (const std::string* path : input_paths_) {
    if (path->empty()) continue;
    if (*path == "-") {
      reads_stdin = true;
    } else if (auto id = file_id(*path)) {
      inputs.push_back({*path, *id});
    }
  }
  if (reads_stdin) {
    if (auto id = redirected_file(STDIN_FILENO)) inputs.push_back({"standard input", *id});
  }

  std::vector<Input> outputs;
  if (output_path_.empty() || output_path_ == "-") {
    if (auto id = redirected_file(STDOUT_FILENO)) outputs.push_back({"standard output", *id});
  } else if (auto id = file_id(output_path_)) {
    outputs.push_back({"-o " + output_path_, *id});
  }
  for (const FileOutput& out : file_outputs_) {
    if (out.path->empty()) continue;
    if (auto id = file_id(*out.path)) outputs.push_back({out.option + " " + *out.path, *id});
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const Input& input : inputs) {
      if (outputs[i].id == input.id) {
        throw UsageError(
            fmt::format("{} is also an input ({}): refusing to write over it", outputs[i].name,
                        input.name == "standard input" ? input.name : excerpt(input.name, 200)));
      }
    }
    for (std::size_t k = 0; k < i; ++k) {
      if (outputs[i].id == outputs[k].id) {
        throw UsageError(
            fmt::format("{} and {} are the same file", outputs[k].name, outputs[i].name));
      }
    }
  }
  // Two outputs that do not exist yet but are the same path.
  for (std::size_t i = 0; i < file_outputs_.size(); ++i) {
    const std::string& path = *file_outputs_[i].path;
    if (!path.empty() && path != "-" && path == output_path_) {
      throw UsageError(
          fmt::format("-o and {} name the same file {}", file_outputs_[i].option, path));
    }
  }
}

void Tool::open_outputs() {
  install_cleanup();
  SignalsBlocked blocked;
  output_ = std::make_unique<OutputFile>(output_path_);
  register_temporary(output_->temporary_path());
  for (FileOutput& out : file_outputs_) {
    if (out.path->empty()) continue;
    if (*out.path == "-")
      throw UsageError(fmt::format("{} needs a file name, not standard output", out.option));
    out.file = std::make_unique<OutputFile>(*out.path);
    register_temporary(out.file->temporary_path());
  }
}

void Tool::finish_outputs(int status) {
  // Standard output replaces nothing: what the tool found goes there whenever it got through
  // its inputs. A file is replaced by derived output only when all was good; by verdicts
  // whenever the run got through its inputs (status 1, or 2 for an input it could not open).
  const bool finished = status != kUnfinished;
  const bool verdicts = kind_ == OutputKind::verdicts;
  const bool keep_stdout = status == kSuccess || status == kInputRejected || (finished && verdicts);
  const bool keep_files = status == kSuccess || (finished && verdicts);
  // Committed or removed, every temporary file leaves the registry first.
  auto finish = [&](std::unique_ptr<OutputFile>& file, bool keep) {
    if (!file) return;
    {
      SignalsBlocked blocked;
      forget_temporary(file->temporary_path());
    }
    const bool is_stdout = file->temporary_path().empty();
    if (keep && (is_stdout ? keep_stdout : keep_files)) file->commit();
    file.reset();  // an uncommitted temporary file is removed
  };
  std::optional<IoError> failure;
  try {
    finish(output_, true);
  } catch (const IoError& error) {
    failure = error;
  }
  for (FileOutput& out : file_outputs_) {
    try {
      finish(out.file, out.used && !failure);
    } catch (const IoError& error) {
      if (!failure) failure = error;
    }
  }
  if (failure) throw *failure;
}

int Tool::run(int argc, char** argv, const std::function<int()>& body) {
  // A closed pipe must be an error we report (exit 2), not a silent death by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  refuse_extra_values(app_);
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
  bool finished = false;
  try {
    check_outputs_against_inputs();
    open_outputs();
    status = body();
    finished = true;
    if (diagnostics_.error_count() > 0 && status == kSuccess) status = kInputRejected;
    if (io_trouble_) status = kTrouble;
    finish_outputs(status);
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
  if (!finished) {
    try {
      finish_outputs(kUnfinished);
    } catch (const IoError&) {
      // Removing temporary files cannot fail in a way worth a second message.
    }
  }
  return status;
}

}  // namespace boardgames::cli
