#include "tool.h"

#include <fcntl.h>
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
#include <filesystem>
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

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

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

// The regular file an output path names, following links: a FIFO or a device (/dev/null) is
// written in place and may well be named twice.
std::optional<FileId> regular_file_id(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return FileId{info.st_dev, info.st_ino};
}

// A standard stream that is redirected to (or from) a regular file: that file's identity.
std::optional<FileId> redirected_file(int fd) {
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return FileId{info.st_dev, info.st_ino};
}

// An option given an empty value (`--players ''`, `-o ''`, `--dead=`) is a usage error: it is
// what a script with an unset variable passes, and taking it for "not given" would quietly
// change what the run means. Flags take no value; positional files are opened (and an empty
// name fails there).
void refuse_empty_values(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_positional() || option->get_type_size_max() == 0) continue;
    for (const std::string& value : option->results()) {
      if (value.empty()) throw UsageError(option->get_name() + ": empty value");
    }
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    refuse_empty_values(*sub);
  }
}

// `--players=` (CLI11 finds no value in it and stops): the same usage error as `--players ''`.
void refuse_empty_assignment(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return;
    if (arg.size() <= 3 || arg.substr(0, 2) != "--" || arg.back() != '=') continue;
    const std::string name(arg.substr(0, arg.size() - 1));
    std::vector<const CLI::App*> apps{&app};
    for (std::size_t k = 0; k < apps.size(); ++k) {
      const CLI::Option* option = apps[k]->get_option_no_throw(name);
      if (option && option->get_type_size_max() != 0) {
        throw UsageError(option->get_name() + ": empty value");
      }
      for (const CLI::App* sub : apps[k]->get_subcommands([](const CLI::App*) { return true; }))
        apps.push_back(sub);
    }
  }
}

// Whether `text` is a number written in decimal: [+-]digits[.digits][e[+-]digits], with a
// digit before or after the point. strtod also reads hexadecimal ("0x10" = 16) and leading
// blanks, which no arbiter means.
bool decimal_number(std::string_view text) {
  std::size_t i = 0;
  auto digits = [&]() {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return i - start;
  };
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == text.size();
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
          return fmt::format("{} is outside {}..{}", excerpt(text), minimum, maximum);
        }
        if (!decimal_number(text))
          return fmt::format("'{}' is not a decimal number", excerpt(text));
        return {};
      },
      fmt::format("NUMBER in {}..{}", minimum, maximum));
}

CLI::Validator whole_number_in(long long minimum, long long maximum) {
  return CLI::Validator(
      [minimum, maximum](std::string& text) -> std::string {
        const bool negative = !text.empty() && text.front() == '-';
        const std::size_t first = negative ? 1 : 0;
        if (text.size() == first ||
            text.find_first_not_of("0123456789", first) != std::string::npos)
          return fmt::format("'{}' is not a whole number", excerpt(text));
        // CLI11 reads "010" as octal and "0x10" as hexadecimal: the value goes on without its
        // leading zeros, so that what it converts is the decimal number the arbiter wrote.
        const std::size_t digits = std::min(text.find_first_not_of('0', first), text.size() - 1);
        text = (negative ? "-" : "") + text.substr(digits);
        long long value = 0;
        const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || stop != text.data() + text.size() || value < minimum ||
            value > maximum) {
          return fmt::format("Value {} not in range {} to {}", excerpt(text), minimum, maximum);
        }
        return {};
      },
      fmt::format("INT in [{} - {}]", minimum, maximum));
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
        text = std::to_string(value);  // "010" is ten: CLI11 would read it as octal
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

std::optional<ByteSource> Tool::open_input(const std::string& path, std::string* reason) {
  try {
    if (stdin_closed_ && path == "-") {
      errno = EBADF;
      throw io_error_from_errno("<stdin>");
    }
    return ByteSource::open(path);
  } catch (const IoError& error) {
    const std::string why = input_failed(error, path);
    if (reason) *reason = why;
    return std::nullopt;
  }
}

std::string Tool::input_failed(const IoError& error, const std::string& path) {
  note(fmt::format("error: {}", error.what()));
  io_trouble_ = true;
  // The message is "PATH: why"; a verdict's row names the path already.
  const std::string shown = path == "-" ? "<stdin>" : path;
  const std::string_view what = error.what();
  return replace_invalid_utf8(what.starts_with(shown + ": ") ? what.substr(shown.size() + 2)
                                                             : what);
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

  // Outputs are compared with the inputs by identity (an input exists), and with each other
  // by identity when they exist and by the path they would be written at when they do not
  // yet: `-o new.txt --svg ./new.txt` is one file under two spellings.
  struct Output {
    std::string name;
    std::optional<FileId> id;
    std::string where;  // weakly canonical path of the file replaced; "" for standard output
  };
  std::vector<Output> outputs;
  auto add_output = [&](const std::string& option, const std::string& path) {
    const std::string target = output_target(path);
    std::error_code error;
    std::filesystem::path where =
        std::filesystem::weakly_canonical(std::filesystem::absolute(target, error), error);
    const std::optional<FileId> id = regular_file_id(path);
    // Something that exists but is not a regular file is written in place, not replaced.
    const bool replaced = id || !file_id(path);
    outputs.push_back({option + " " + path, id,
                       !replaced ? std::string()
                       : error   ? target
                                 : where.string()});
  };
  if (output_path_.empty() || output_path_ == "-") {
    if (auto id = redirected_file(STDOUT_FILENO)) outputs.push_back({"standard output", id, ""});
  } else {
    add_output("-o", output_path_);
  }
  for (const FileOutput& out : file_outputs_) {
    if (!out.path->empty() && *out.path != "-") add_output(out.option, *out.path);
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const Input& input : inputs) {
      if (outputs[i].id && *outputs[i].id == input.id) {
        throw UsageError(fmt::format(
            "{} is also an input ({}): refusing to write over it", excerpt(outputs[i].name, 200),
            input.name == "standard input" ? input.name : excerpt(input.name, 200)));
      }
    }
    for (std::size_t k = 0; k < i; ++k) {
      const bool same_file = outputs[i].id && outputs[k].id && *outputs[i].id == *outputs[k].id;
      const bool same_path = !outputs[i].where.empty() && outputs[i].where == outputs[k].where;
      if (same_file || same_path) {
        throw UsageError(fmt::format("{} and {} are the same file", excerpt(outputs[k].name, 200),
                                     excerpt(outputs[i].name, 200)));
      }
    }
  }
}

namespace {

// A standard descriptor the tool was started without (`2>&-`, `<&-`) is held by the root
// directory, opened read-only, so that no file the tool opens takes its number (a temporary
// output file as descriptor 2 received the diagnostics). Writing it fails (EBADF), and so does
// opening it again through /dev/stdout or /proc/self/fd (EISDIR); reading standard input
// is refused by open_input(). Returns whether standard input was closed.
bool hold_closed_standard_descriptors() {
  bool stdin_closed = false;
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    stdin_closed = stdin_closed || fd == STDIN_FILENO;
    const int opened = ::open("/", O_RDONLY | O_DIRECTORY);
    if (opened >= 0 && opened != fd) {
      ::dup2(opened, fd);
      ::close(opened);
    }
  }
  return stdin_closed;
}

// An output, its temporary file registered for the signal handler. The signals are blocked
// from the temporary file's creation to its registration, so that no interrupt leaves it
// behind; but not while a FIFO waits for its reader, so that Ctrl-C still ends that wait.
std::unique_ptr<OutputFile> open_output(const std::string& path) {
  struct stat info {};
  const bool in_place =
      path.empty() || path == "-" || (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode));
  if (in_place) return std::make_unique<OutputFile>(path);
  SignalsBlocked blocked;
  auto file = std::make_unique<OutputFile>(path);
  register_temporary(file->temporary_path());
  return file;
}

}  // namespace

void Tool::open_outputs() {
  install_cleanup();
  for (FileOutput& out : file_outputs_) {
    if (!out.path->empty() && *out.path == "-")
      throw UsageError(fmt::format("{} needs a file name, not standard output", out.option));
  }
  output_ = open_output(output_path_);
  for (FileOutput& out : file_outputs_) {
    if (!out.path->empty()) out.file = open_output(*out.path);
  }
}

void Tool::finish_outputs(int status) {
  // Standard output replaces nothing: what the tool found goes there whenever it got through
  // its inputs. A file is replaced by derived output only when all was good; by verdicts
  // whenever the run got through its inputs (status 1, or 2 for an input it could not open).
  // A file named by an option follows the file rule even where it is written in place (a
  // FIFO, a device, the file standard output writes to): its reader asked for that file.
  const bool finished = status != kUnfinished;
  const bool verdicts = kind_ == OutputKind::verdicts;
  const bool keep_stdout = status == kSuccess || status == kInputRejected || (finished && verdicts);
  const bool keep_files = status == kSuccess || (finished && verdicts);
  struct Finishing {
    std::unique_ptr<OutputFile>* file;
    bool keep;
  };
  std::vector<Finishing> files{{&output_, output_path_ == "-" ? keep_stdout : keep_files}};
  for (FileOutput& out : file_outputs_) files.push_back({&out.file, out.used && keep_files});
  // Every output kept is written and synced before any file is put in place: when one fails
  // (a full disk), no other replaces its file (`-o` with a schedule whose --write-players never
  // came). What goes straight to its destination (standard output, a device) is written out.
  std::optional<IoError> failure;
  for (const Finishing& f : files) {
    try {
      if (*f.file && f.keep) (*f.file)->prepare();
    } catch (const IoError& error) {
      if (!failure) failure = error;
    }
  }
  for (const Finishing& f : files) {
    std::unique_ptr<OutputFile>& file = *f.file;
    if (!file) continue;
    {
      // Committed or removed, every temporary file leaves the registry first.
      SignalsBlocked blocked;
      forget_temporary(file->temporary_path());
    }
    try {
      if (f.keep && (!failure || file->writes_directly())) file->commit();
    } catch (const IoError& error) {
      if (!failure) failure = error;
    }
    file.reset();  // an uncommitted temporary file is removed
  }
  if (failure) throw *failure;
}

int Tool::run(int argc, char** argv, const std::function<int()>& body) {
  // A closed pipe must be an error we report (exit 2), not a silent death by SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  stdin_closed_ = hold_closed_standard_descriptors();
  refuse_extra_values(app_);
  try {
    app_.parse(argc, argv);
    refuse_empty_values(app_);
    // `--output= FILE`: CLI11 takes FILE as the value (it wrote the standings over FILE).
    refuse_empty_assignment(app_, argc, argv);
  } catch (const UsageError& error) {
    note(fmt::format("error: {}", error.what()));
    note(fmt::format("run '{} --help' for the options", name_));
    return kTrouble;
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) {  // --help, --version
      app_.exit(error);
      if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        note(fmt::format("error: writing standard output: {}", std::strerror(errno)));
        return kTrouble;
      }
      return kSuccess;
    }
    // An empty value may be what made a check fail ("'' is not a number", or CLI11's "1
    // required TEXT missing" for `--players=`): say that instead.
    std::string message = error.what();
    try {
      refuse_empty_values(app_);
      refuse_empty_assignment(app_, argc, argv);
    } catch (const UsageError& empty) {
      message = empty.what();
    }
    note(fmt::format("error: {}", message));
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
