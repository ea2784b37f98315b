// shatar-validate's batch: the games of its inputs checked on N threads, written in order.
#pragma once

#include <string>
#include <vector>

#include "boardgames/io/pgn_validation_output.h"
#include "common/tool.h"

namespace boardgames::cli {

// Checks every game of the inputs `paths` ("-" standard input; one that cannot be opened is
// reported and skipped) on `jobs` threads and hands them to `writer` in file order: the same
// output and diagnostics, byte for byte, whatever `jobs`. `show`: the board at each game's first
// illegal move, as a note. `encoding`: the inputs' character set ("" UTF-8, see encoding.h).
void check_files(Tool& tool, const std::vector<std::string>& paths, PgnValidationWriter& writer,
                 int jobs, bool show, const std::string& encoding);

}  // namespace boardgames::cli
