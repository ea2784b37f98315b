#include "options.h"

namespace boardgames::cli {

std::string choice_text(const std::vector<std::string>& choices) {
  std::string text;
  for (const std::string& choice : choices) {
    if (!text.empty()) text += '|';
    text += choice;
  }
  return text;
}

CLI::Option* add_jobs_option(CLI::App& app, int& jobs, const std::string& description) {
  return add_whole_number(app, "-j,--jobs", jobs, description, 1, 256);
}

CLI::Option* add_encoding_option(CLI::App& app, std::string& encoding) {
  return app
      .add_option("--encoding", encoding,
                  "Read the files in this character set (iconv name, e.g. GB18030); by default "
                  "UTF-8, and tag text that is not UTF-8 as Windows-1252")
      ->option_text("NAME");
}

void refuse_options(const CLI::App& app, std::initializer_list<const char*> options,
                    std::string_view why) {
  for (const char* option : options) {
    if (app.count(option) > 0) throw UsageError(std::string(option) + " " + std::string(why));
  }
}

std::optional<Points> points_option(const std::string& text, const std::string& option,
                                    std::int64_t maximum, PointsNotation notation) {
  if (text.empty()) return std::nullopt;
  return or_usage_error(parse_points_value(text, option, maximum, notation));
}

std::optional<std::array<Points, 3>> game_points_option(const std::string& text,
                                                        const std::string& option,
                                                        PointsNotation notation) {
  if (text.empty()) return std::nullopt;
  return or_usage_error(parse_game_points(text, option, notation));
}

}  // namespace boardgames::cli
