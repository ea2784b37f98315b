// --encoding NAME, as the record validators (shatar-validate, xigua-play validate) take it.
#pragma once

#include <string>

#include "boardgames/core/diagnostics.h"
#include "boardgames/io/byte_source.h"

namespace boardgames::cli {

// A usage error (exit 2) when iconv knows no character set called `encoding` ("" is the default).
void check_encoding(const std::string& encoding);

// A file's text: as it is (the readers take UTF-8, and tag text that is not UTF-8 as
// Windows-1252), or converted from the set `encoding` names (a warning says what could not be).
std::string file_text(ByteSource& source, const std::string& encoding, const std::string& file,
                      Diagnostics& diagnostics);

// A file in UTF-16 that `encoding` does not name: its error at line 1 (a reader would report
// only garbage, line after line, and find no game), and the reason for its unreadable row; ""
// for any other file. Reads nothing from the source, only looks at its first bytes.
std::string refuse_utf16(ByteSource& source, const std::string& encoding, const std::string& file,
                         Diagnostics& diagnostics);

}  // namespace boardgames::cli
