// JsonWriter: streaming JSON output (objects and arrays written as they are produced, so a
// two-million-game schedule never sits in memory). Commas and nesting are handled here;
// strings are escaped per RFC 8259 (UTF-8 passes through).
#pragma once

#include "boardgames/export.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

BOARDGAMES_API_BEGIN

namespace boardgames {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // The key of the next member of the current object.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(std::int64_t number);
  JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
  JsonWriter& value(bool flag);
  // A number written as given (e.g. "3.5"); the caller guarantees it is valid JSON.
  JsonWriter& raw_number(std::string_view number);
  JsonWriter& null();

  // Ends the document with a newline; depth must be zero.
  void finish() { out_ += '\n'; }

 private:
  void before_value();
  void open(char bracket);
  void close(char bracket);

  std::string& out_;
  std::vector<bool> first_in_level_;
  bool after_key_ = false;
};

// `text` as a JSON string literal, quotes included.
void append_json_string(std::string_view text, std::string& out);

}  // namespace boardgames

BOARDGAMES_API_END
