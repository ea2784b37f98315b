#include "boardgames/core/record_result.h"

namespace boardgames {

std::optional<RecordResult> parse_record_result(std::string_view token) {
  if (token == "1-0") return RecordResult::first_wins;
  if (token == "0-1") return RecordResult::second_wins;
  if (token == "1/2-1/2" || token == "\xC2\xBD-\xC2\xBD" || token == "=") return RecordResult::draw;
  if (token == "*") return RecordResult::unknown;
  return std::nullopt;
}

std::string_view record_result_token(RecordResult result) {
  switch (result) {
    case RecordResult::first_wins:
      return "1-0";
    case RecordResult::second_wins:
      return "0-1";
    case RecordResult::draw:
      return "1/2-1/2";
    case RecordResult::unknown:
      return "*";
  }
  return "*";
}

}  // namespace boardgames
