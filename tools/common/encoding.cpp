#include "common/encoding.h"

#include <fmt/format.h>

#include "boardgames/core/utf8.h"
#include "common/tool.h"

namespace boardgames::cli {

void check_encoding(const std::string& encoding) {
  if (!known_charset(encoding)) {
    throw UsageError(fmt::format("--encoding: no character set is called '{}'", excerpt(encoding)));
  }
}

std::string file_text(ByteSource& source, const std::string& encoding, const std::string& file,
                      Diagnostics& diagnostics) {
  if (encoding.empty()) return source.read_all();
  std::string warning;
  std::string text = file_text_to_utf8(source.read_all(), encoding, &warning);
  if (!warning.empty()) diagnostics.warning({file, 0, 0}, warning);
  return text;
}

std::string refuse_utf16(ByteSource& source, const std::string& encoding, const std::string& file,
                         Diagnostics& diagnostics) {
  if (!encoding.empty()) return {};
  const std::string_view charset = utf16_charset(source.peek_bytes(4));
  if (charset.empty()) return {};
  diagnostics.error({file, 1, 1}, utf16_file_message(charset, true));
  return fmt::format("{}, not UTF-8", charset);
}

}  // namespace boardgames::cli
