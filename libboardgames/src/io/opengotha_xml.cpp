// OpenGotha XML: an iterative XML scanner and the reader of players, games, byes and
// parameters into Event and McMahonSettings.
#include "boardgames/io/opengotha_xml.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include <locale.h>
#include <wctype.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"

namespace boardgames {

namespace {

// Bounds on what the file can mean: OpenGotha pairs at most 20 rounds, and a deeper nesting
// than this is no OpenGotha file (the scanner keeps one name per open element).
constexpr int kMaxGothaRounds = 100;
constexpr std::size_t kMaxDepth = 64;
constexpr std::size_t kMaxAttributes = 256;
constexpr int kMinRating = -2000;
constexpr int kMaxRating = 4000;

struct XmlAttribute {
  std::string name;
  std::string value;
  std::size_t offset = 0;  // of the value's first byte
};

struct XmlTag {
  std::string name;
  std::vector<XmlAttribute> attributes;
  std::size_t offset = 0;
  bool closing = false;
  bool empty = false;  // <name/>
  std::string parent;  // the enclosing element's name ("" for the root)

  const XmlAttribute* find(std::string_view key) const {
    for (const XmlAttribute& a : attributes)
      if (a.name == key) return &a;
    return nullptr;
  }
};

// Line and column (UTF-8 characters, from 1) of byte offsets.
class Locator {
 public:
  explicit Locator(std::string_view text) : text_(text) {
    line_start_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') line_start_.push_back(i + 1);
  }
  // Offsets asked in increasing order within a line (a file on one line, its tags in order)
  // are counted from the last one, so that locating every tag costs the text's length once.
  SourceLocation at(const std::string& file, std::size_t offset) const {
    offset = std::min(offset, text_.size());
    const auto it = std::upper_bound(line_start_.begin(), line_start_.end(), offset);
    const auto line = static_cast<std::size_t>(it - line_start_.begin());
    const std::size_t start = line_start_[line - 1];
    if (line != last_line_ || offset < last_offset_) {
      last_line_ = line;
      last_offset_ = start;
      last_column_ = 1;
    }
    last_column_ += utf8_length(text_.substr(last_offset_, offset - last_offset_));
    last_offset_ = offset;
    return {file, static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(last_column_)};
  }

 private:
  std::string_view text_;
  std::vector<std::size_t> line_start_;
  mutable std::size_t last_line_ = 0;
  mutable std::size_t last_offset_ = 0;
  mutable std::size_t last_column_ = 1;
};

bool name_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == ':' || c == '-' || c == '.' || u >= 0x80;
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// The tags of a document one at a time; text between tags is skipped. Stops at the first
// malformed construct (`problem` then says what and where).
class XmlScanner {
 public:
  explicit XmlScanner(std::string_view text) : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  }

  // The next start or end tag; false at the end of the text or at a problem.
  bool next(XmlTag& tag) {
    for (;;) {
      const std::size_t lt = text_.find('<', pos_);
      if (lt == std::string_view::npos) {
        pos_ = text_.size();
        if (!open_.empty())
          fail(pos_, fmt::format("element <{}> is not closed", excerpt(open_.back())));
        return false;
      }
      pos_ = lt;
      const std::string_view rest = text_.substr(lt);
      if (rest.starts_with("<?")) {
        if (!skip_past(lt, "?>", "processing instruction")) return false;
      } else if (rest.starts_with("<!--")) {
        if (!skip_past(lt, "-->", "comment")) return false;
      } else if (rest.starts_with("<![CDATA[")) {
        if (!skip_past(lt, "]]>", "CDATA section")) return false;
      } else if (rest.starts_with("<!")) {
        const std::size_t gt = text_.find('>', lt);
        if (gt == std::string_view::npos) return fail(lt, "the declaration is not closed");
        // Only up to its end, so that many declarations cost no more than their length.
        if (text_.substr(lt, gt - lt).find('[') != std::string_view::npos)
          return fail(lt, "a DOCTYPE with an internal subset is not accepted");
        pos_ = gt + 1;
      } else {
        return tag_at(lt, tag);
      }
    }
  }

  bool failed() const { return !problem_.empty(); }
  const std::string& problem() const { return problem_; }
  std::size_t problem_offset() const { return problem_offset_; }
  bool seen_root() const { return seen_root_; }

 private:
  bool fail(std::size_t offset, std::string reason) {
    if (problem_.empty()) {
      problem_ = std::move(reason);
      problem_offset_ = offset;
    }
    pos_ = text_.size();
    return false;
  }

  bool skip_past(std::size_t start, std::string_view end, std::string_view what) {
    const std::size_t found = text_.find(end, start + 2);
    if (found == std::string_view::npos)
      return fail(start, fmt::format("the {} is not closed", what));
    pos_ = found + end.size();
    return true;
  }

  std::string read_name() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && name_char(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }

  void skip_space() {
    while (pos_ < text_.size() && space(text_[pos_])) ++pos_;
  }

  // An attribute value between quotes, entities decoded.
  bool read_value(std::string& value) {
    const char quote = text_[pos_];
    const std::size_t start = pos_++;
    for (;;) {
      if (pos_ >= text_.size()) return fail(start, "the attribute value is not closed");
      const char c = text_[pos_];
      if (c == quote) {
        ++pos_;
        return true;
      }
      if (c == '<') return fail(pos_, "'<' inside an attribute value");
      if (c != '&') {
        value += c;
        ++pos_;
        continue;
      }
      // An entity is at most 12 characters long: look no further (no rescan of the text).
      const std::size_t semicolon = text_.substr(pos_, 13).find(';');
      if (semicolon == std::string_view::npos) return fail(pos_, "'&' that starts no entity");
      const std::string_view entity = text_.substr(pos_ + 1, semicolon - 1);
      if (!decode_entity(entity, value))
        return fail(pos_, fmt::format("unknown entity '&{};'", excerpt(entity)));
      pos_ += semicolon + 1;
    }
  }

  static bool decode_entity(std::string_view entity, std::string& out) {
    static constexpr std::pair<std::string_view, char> kNamed[] = {
        {"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}};
    for (const auto& [name, c] : kNamed) {
      if (entity == name) {
        out += c;
        return true;
      }
    }
    if (entity.size() < 2 || entity[0] != '#') return false;
    const bool hex = entity[1] == 'x' || entity[1] == 'X';
    const std::string_view digits = entity.substr(hex ? 2 : 1);
    std::uint32_t code = 0;
    const auto [end, error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10);
    if (error != std::errc() || end != digits.data() + digits.size() || digits.empty())
      return false;
    if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    append_utf8(out, code);
    return true;
  }

  bool tag_at(std::size_t lt, XmlTag& tag) {
    tag = XmlTag{};
    tag.offset = lt;
    pos_ = lt + 1;
    if (pos_ < text_.size() && text_[pos_] == '/') {
      tag.closing = true;
      ++pos_;
    }
    tag.name = read_name();
    if (tag.name.empty()) return fail(lt, "'<' that starts no element");
    for (;;) {
      skip_space();
      if (pos_ >= text_.size())
        return fail(lt, fmt::format("the tag <{}> is not closed", excerpt(tag.name)));
      const char c = text_[pos_];
      if (c == '>') {
        ++pos_;
        break;
      }
      if (c == '/' && !tag.closing && pos_ + 1 < text_.size() && text_[pos_ + 1] == '>') {
        pos_ += 2;
        tag.empty = true;
        break;
      }
      if (tag.closing) return fail(pos_, "an end tag holds nothing but its name");
      XmlAttribute attribute;
      const std::size_t at = pos_;
      attribute.name = read_name();
      if (attribute.name.empty())
        return fail(at, fmt::format("unexpected '{}' in a tag", excerpt(text_.substr(at, 1))));
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '=')
        return fail(pos_, fmt::format("the attribute '{}' has no value", excerpt(attribute.name)));
      ++pos_;
      skip_space();
      if (pos_ >= text_.size() || (text_[pos_] != '"' && text_[pos_] != '\''))
        return fail(pos_, "an attribute value must be quoted");
      attribute.offset = pos_ + 1;
      if (!read_value(attribute.value)) return false;
      // No OpenGotha element has more; the check of repeats below is quadratic in them.
      if (tag.attributes.size() >= kMaxAttributes)
        return fail(
            at, fmt::format("more than {} attributes in <{}>", kMaxAttributes, excerpt(tag.name)));
      if (tag.find(attribute.name) != nullptr)
        return fail(at, fmt::format("the attribute '{}' is repeated", excerpt(attribute.name)));
      tag.attributes.push_back(std::move(attribute));
    }
    if (tag.closing) {
      if (open_.empty() || open_.back() != tag.name)
        return fail(lt, fmt::format("</{}> closes no open element", excerpt(tag.name)));
      open_.pop_back();
      tag.parent = open_.empty() ? "" : open_.back();
      return true;
    }
    if (open_.empty() && seen_root_) return fail(lt, "a second root element");
    seen_root_ = true;
    tag.parent = open_.empty() ? "" : open_.back();
    if (!tag.empty) {
      if (open_.size() >= kMaxDepth) return fail(lt, "elements nested too deep");
      open_.push_back(tag.name);
    }
    return true;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<std::string> open_;
  bool seen_root_ = false;
  std::string problem_;
  std::size_t problem_offset_ = 0;
};

// Upper case as OpenGotha's keys hold it (Java's toUpperCase): Unicode's simple mapping, from
// the C library's built-in C.UTF-8 locale (every script: ı to I, ș to Ș, Vietnamese ơ to Ơ, ς
// to Σ); where that locale is missing, a table of the Latin, Greek and Cyrillic letters.
char32_t upper(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 0x20 : c;
  // Made once, never changed: no state shared beyond the first call's initialisation.
  static const locale_t unicode = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
  if (unicode != locale_t{})
    return static_cast<char32_t>(::towupper_l(static_cast<wint_t>(c), unicode));
  if (c >= 'a' && c <= 'z') return c - 0x20;
  if (c == 0x131) return 'I';  // dotless i
  if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 0x20;
  if (c == 0xFF) return 0x178;
  if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) return c & ~char32_t{1};
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return (c % 2 == 0) ? c - 1 : c;
  if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) return c - 0x20;
  if (c >= 0x430 && c <= 0x44F) return c - 0x20;
  if (c >= 0x450 && c <= 0x45F) return c - 0x50;
  return c;
}

struct GameEntry {
  int round = 0;
  int white = -1;
  int black = -1;
  int handicap = 0;
  std::string_view result;
  std::size_t offset = 0;
};

struct ResultMeaning {
  std::string_view name;
  Outcome white;
  Outcome black;
  bool forfeit;
};

constexpr ResultMeaning kResults[] = {
    {"RESULT_UNKNOWN", Outcome::none, Outcome::none, false},
    {"RESULT_WHITEWINS", Outcome::win, Outcome::loss, false},
    {"RESULT_BLACKWINS", Outcome::loss, Outcome::win, false},
    {"RESULT_EQUAL", Outcome::draw, Outcome::draw, false},
    {"RESULT_BOTHWIN", Outcome::win, Outcome::win, false},
    {"RESULT_BOTHLOSE", Outcome::loss, Outcome::loss, false},
    {"RESULT_WHITEWINS_BYDEF", Outcome::win, Outcome::loss, true},
    {"RESULT_BLACKWINS_BYDEF", Outcome::loss, Outcome::win, true},
    {"RESULT_EQUAL_BYDEF", Outcome::draw, Outcome::draw, true},
    {"RESULT_BOTHWIN_BYDEF", Outcome::win, Outcome::win, true},
    {"RESULT_BOTHLOSE_BYDEF", Outcome::loss, Outcome::loss, true},
};

class Reader {
 public:
  Reader(std::string_view text, const std::string& file, Diagnostics& diagnostics)
      : locator_(text), file_(file), diagnostics_(diagnostics) {}

  void error(std::size_t offset, std::string message) {
    diagnostics_.error(locator_.at(file_, offset), std::move(message));
  }
  void warning(std::size_t offset, std::string message) {
    diagnostics_.warning(locator_.at(file_, offset), std::move(message));
  }

  // An integer attribute in [low, high]; `fallback` when absent or wrong (wrong: reported).
  std::int64_t integer(const XmlTag& tag, std::string_view key, std::int64_t low, std::int64_t high,
                       std::int64_t fallback) {
    const XmlAttribute* a = tag.find(key);
    if (a == nullptr) return fallback;
    const auto value = parse_integer(trim(a->value));
    if (!value || *value < low || *value > high) {
      error(a->offset, fmt::format("{} '{}' is not a whole number from {} to {}", key,
                                   excerpt(a->value), low, high));
      return fallback;
    }
    return *value;
  }
  bool boolean(const XmlTag& tag, std::string_view key, bool fallback) {
    const XmlAttribute* a = tag.find(key);
    if (a == nullptr) return fallback;
    if (a->value == "true") return true;
    if (a->value == "false") return false;
    error(a->offset, fmt::format("{} '{}' is neither true nor false", key, excerpt(a->value)));
    return fallback;
  }
  int rank(const XmlTag& tag, std::string_view key, int fallback) {
    const XmlAttribute* a = tag.find(key);
    if (a == nullptr) return fallback;
    if (auto r = parse_go_rank(a->value)) return *r;
    error(a->offset, fmt::format("{} '{}' is not a rank from 30K to 9D", key, excerpt(a->value)));
    return fallback;
  }
  // A text attribute; control characters (a character reference can write any) become spaces,
  // so that names never carry terminal escapes into reports.
  std::string text(const XmlTag& tag, std::string_view key) {
    const XmlAttribute* a = tag.find(key);
    if (a == nullptr) return {};
    std::string value = a->value;
    for (char& c : value)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
    return value;
  }

  void player(const XmlTag& tag);
  void game(const XmlTag& tag);
  void bye(const XmlTag& tag);
  void general(const XmlTag& tag);
  void handicap(const XmlTag& tag);
  void criterion(const XmlTag& tag);
  void pairing(const XmlTag& tag);
  int find_player(const XmlTag& tag, std::string_view key);
  OpenGothaFile finish();

  Locator locator_;
  const std::string& file_;
  Diagnostics& diagnostics_;
  OpenGothaFile result_;
  std::unordered_map<std::string, int> by_key_;
  std::vector<GameEntry> games_;
  std::vector<std::array<int, 3>> byes_;  // round, player, line
  std::vector<std::pair<int, GoCriterion>> criteria_;
  int planned_rounds_ = 0;
  bool in_team_ = false;  // inside TeamTournamentParameterSet
};

void Reader::player(const XmlTag& tag) {
  Participant p;
  GoRegistration& go = p.go;
  go.family_name = text(tag, "name");
  go.first_name = text(tag, "firstName");
  const std::string key = opengotha_key(go.family_name, go.first_name);
  if (key.empty()) {
    error(tag.offset, "a player without a name (left out)");
    return;
  }
  if (by_key_.contains(key)) {
    error(tag.offset, fmt::format("a second player '{}' (left out)", excerpt(key)));
    return;
  }
  const XmlAttribute* rank = tag.find("rank");
  if (rank == nullptr) {
    error(tag.offset, fmt::format("the player '{}' has no rank", excerpt(key)));
  } else if (auto r = parse_go_rank(rank->value)) {
    go.rank = *r;
  } else {
    error(rank->offset,
          fmt::format("rank '{}' is not a rank from 30K to 9D", excerpt(rank->value)));
  }
  if (tag.find("rating") != nullptr)
    p.rating = static_cast<std::int32_t>(integer(tag, "rating", kMinRating, kMaxRating, 0));
  go.mms_correction = static_cast<int>(integer(tag, "smmsCorrection", -30, 30, 0));
  go.club = text(tag, "club");
  go.country = text(tag, "country");
  go.egf_pin = text(tag, "egfPin");
  go.aga_id = text(tag, "agaId");
  if (const XmlAttribute* a = tag.find("participating")) {
    if (a->value.size() > static_cast<std::size_t>(kMaxGothaRounds) ||
        a->value.find_first_not_of("01") != std::string::npos) {
      error(a->offset, fmt::format("participating '{}' is not a string of 0 and 1 (one a round)",
                                   excerpt(a->value)));
    } else {
      for (char c : a->value) go.participating.push_back(c == '1');
    }
  }
  const std::string status = text(tag, "registeringStatus");
  if (!status.empty() && status != "FIN") {
    warning(tag.offset, fmt::format("the player '{}' is registered '{}', not FIN: not paired",
                                    excerpt(key), excerpt(status)));
    go.participating.assign(static_cast<std::size_t>(kMaxGothaRounds), false);
  }
  p.id = key;
  p.name = go.first_name.empty() ? go.family_name : go.family_name + " " + go.first_name;
  const auto index = static_cast<int>(result_.event.participants.size());
  p.number = index + 1;
  by_key_.emplace(key, index);
  result_.event.participants.push_back(std::move(p));
}

int Reader::find_player(const XmlTag& tag, std::string_view attribute) {
  const XmlAttribute* a = tag.find(attribute);
  if (a == nullptr) {
    error(tag.offset, fmt::format("<{}> without {}", tag.name, attribute));
    return -1;
  }
  // Keys as OpenGotha wrote them, or as another program spelled them (case, spaces).
  std::string key;
  for (char c : a->value)
    if (c != ' ') key += c;
  auto it = by_key_.find(key);
  if (it == by_key_.end()) it = by_key_.find(opengotha_key(key, ""));
  if (it == by_key_.end()) {
    error(a->offset, fmt::format("no player '{}'", excerpt(a->value)));
    return -1;
  }
  return it->second;
}

void Reader::game(const XmlTag& tag) {
  GameEntry g;
  g.offset = tag.offset;
  g.round = static_cast<int>(integer(tag, "roundNumber", 1, kMaxGothaRounds, 0));
  g.white = find_player(tag, "whitePlayer");
  g.black = find_player(tag, "blackPlayer");
  const std::int64_t handicap = integer(tag, "handicap", 0, kMaxHandicap, -1);
  const XmlAttribute* result = tag.find("result");
  if (result == nullptr) {
    error(tag.offset, "<Game> without result");
    return;
  }
  const bool known = std::any_of(std::begin(kResults), std::end(kResults),
                                 [&](const ResultMeaning& m) { return m.name == result->value; });
  if (!known) {
    error(result->offset, fmt::format("unknown result '{}'", excerpt(result->value)));
    return;
  }
  if (g.round == 0 || g.white < 0 || g.black < 0 || handicap < 0) return;
  if (g.white == g.black) {
    error(tag.offset, "a player plays himself (left out)");
    return;
  }
  g.handicap = static_cast<int>(handicap);
  // The canonical name (static), not the tag's text, which does not outlive this call.
  for (const ResultMeaning& m : kResults)
    if (m.name == result->value) g.result = m.name;
  games_.push_back(g);
}

void Reader::bye(const XmlTag& tag) {
  const int round = static_cast<int>(integer(tag, "roundNumber", 1, kMaxGothaRounds, 0));
  const int player = find_player(tag, "player");
  if (round > 0 && player >= 0) byes_.push_back({round, player, static_cast<int>(tag.offset)});
}

void Reader::general(const XmlTag& tag) {
  McMahonSettings& s = result_.settings;
  planned_rounds_ = static_cast<int>(integer(tag, "numberOfRounds", 1, kMaxGothaRounds, 0));
  s.bar = rank(tag, "genMMBar", s.bar);
  s.floor = rank(tag, "genMMFloor", s.floor);
  if (s.floor > s.bar) error(tag.offset, "the McMahon floor is above the bar");
  s.nbw2_absent = static_cast<int>(integer(tag, "genNBW2ValueAbsent", 0, 2, s.nbw2_absent));
  s.nbw2_bye = static_cast<int>(integer(tag, "genNBW2ValueBye", 0, 2, s.nbw2_bye));
  s.mms2_absent = static_cast<int>(integer(tag, "genMMS2ValueAbsent", 0, 2, s.mms2_absent));
  s.mms2_bye = static_cast<int>(integer(tag, "genMMS2ValueBye", 0, 2, s.mms2_bye));
  s.round_down = boolean(tag, "genRoundDownNBWMMS", s.round_down);
  if (boolean(tag, "genCountNotPlayedGamesAsHalfPoint", false))
    warning(tag.offset, "genCountNotPlayedGamesAsHalfPoint is not supported: ignored");
  if (const XmlAttribute* komi = tag.find("komi")) {
    // A number of points, whole or with decimals (7, 6.5, -3, 0.5).
    const std::string_view k = trim(komi->value);
    const std::size_t digits = k.find_first_not_of("0123456789", k.starts_with('-') ? 1 : 0);
    const bool number = k.size() <= 8 && !k.empty() && k != "-" &&
                        (digits == std::string_view::npos ||
                         (k[digits] == '.' && digits > 0 && digits + 1 < k.size() &&
                          k.find_first_not_of("0123456789", digits + 1) == std::string_view::npos));
    if (number) {
      s.komi = std::string(k);
    } else {
      error(komi->offset, fmt::format("komi '{}' is not a number of points", excerpt(komi->value)));
    }
  }
  s.name = text(tag, "name");
  s.short_name = text(tag, "shortName");
  s.location = text(tag, "location");
  s.begin_date = text(tag, "beginDate");
  s.end_date = text(tag, "endDate");
  s.basic_time = static_cast<int>(integer(tag, "basicTime", 0, 100'000, 0));
}

void Reader::handicap(const XmlTag& tag) {
  GoHandicapSettings& h = result_.settings.handicap;
  h.based_on_mms = boolean(tag, "hdBasedOnMMS", h.based_on_mms);
  h.no_handicap_threshold = rank(tag, "hdNoHdRankThreshold", h.no_handicap_threshold);
  h.correction = static_cast<int>(integer(tag, "hdCorrection", -9, 9, h.correction));
  h.ceiling = static_cast<int>(integer(tag, "hdCeiling", 0, kMaxHandicap, h.ceiling));
}

void Reader::criterion(const XmlTag& tag) {
  const XmlAttribute* name = tag.find("name");
  const int number = static_cast<int>(integer(tag, "number", 1, 100, 0));
  if (name == nullptr || name->value == "NULL" || number == 0) return;
  if (auto c = parse_go_criterion(name->value)) {
    criteria_.emplace_back(number, *c);
  } else {
    error(name->offset, fmt::format("placement criterion '{}' is not supported (left out)",
                                    excerpt(name->value)));
  }
}

void Reader::pairing(const XmlTag& tag) {
  GoPairingWeights& w = result_.settings.pairing;
  constexpr std::int64_t kBig = std::numeric_limits<std::int64_t>::max() / 1024;
  if (const XmlAttribute* a = tag.find("paiStandardNX1Factor")) {
    const std::string value(trim(a->value));
    double k = -1;
    const auto [end, failure] = std::from_chars(value.data(), value.data() + value.size(), k);
    if (failure != std::errc() || end != value.data() + value.size() || k < 0 || k > 1) {
      error(a->offset,
            fmt::format("paiStandardNX1Factor '{}' is not a number from 0 to 1", excerpt(value)));
    } else {
      w.concavity = k;
    }
  }
  if (const XmlAttribute* a = tag.find("paiBaRandom"); a != nullptr && trim(a->value) != "0")
    warning(a->offset, "paiBaRandom is not supported: the pairing is made without randomness");
  w.avoid_duplicate_game = integer(tag, "paiBaAvoidDuplGame", 0, kBig, w.avoid_duplicate_game);
  w.balance_white_black = integer(tag, "paiBaBalanceWB", 0, kBig, w.balance_white_black);
  w.avoid_mixing_categories =
      integer(tag, "paiMaAvoidMixingCategories", 0, kBig, w.avoid_mixing_categories);
  w.minimize_score_difference =
      integer(tag, "paiMaMinimizeScoreDifference", 0, kBig, w.minimize_score_difference);
  w.dudd = integer(tag, "paiMaDUDDWeight", 0, kBig, w.dudd);
  w.compensate_dudd = boolean(tag, "paiMaCompensateDUDD", w.compensate_dudd);
  w.maximize_seeding = integer(tag, "paiMaMaximizeSeeding", 0, kBig, w.maximize_seeding);
  w.last_round_for_seed_system1 = static_cast<int>(integer(
      tag, "paiMaLastRoundForSeedSystem1", 0, kMaxGothaRounds, w.last_round_for_seed_system1));
  const auto seeding = [&](std::string_view key, GoSeeding fallback) {
    const XmlAttribute* a = tag.find(key);
    if (a == nullptr) return fallback;
    if (a->value == "SPLITANDFOLD") return GoSeeding::split_and_fold;
    if (a->value == "SPLITANDSLIP") return GoSeeding::split_and_slip;
    error(a->offset, fmt::format("{} '{}' is not supported (SPLITANDFOLD or SPLITANDSLIP)", key,
                                 excerpt(a->value)));
    return fallback;
  };
  for (std::string_view key : {"paiMaDUDDUpperMode", "paiMaDUDDLowerMode"}) {
    if (const XmlAttribute* a = tag.find(key); a != nullptr && a->value != "MID")
      error(a->offset, fmt::format("{} '{}' is not supported (only MID)", key, excerpt(a->value)));
  }
  w.seed_system1 = seeding("paiMaSeedSystem1", w.seed_system1);
  w.seed_system2 = seeding("paiMaSeedSystem2", w.seed_system2);
  if (const XmlAttribute* a = tag.find("paiMaAdditionalPlacementCritSystem1"))
    w.additional_rating_system1 = iequals_ascii(a->value, "Rating");
  if (const XmlAttribute* a = tag.find("paiMaAdditionalPlacementCritSystem2"))
    w.additional_rating_system2 = iequals_ascii(a->value, "Rating");
  w.secondary_rank_threshold = rank(tag, "paiSeRankThreshold", w.secondary_rank_threshold);
  w.secondary_nbw_threshold = boolean(tag, "paiSeNbWinsThresholdActive", w.secondary_nbw_threshold);
  w.secondary_bar_threshold = boolean(tag, "paiSeBarThresholdActive", w.secondary_bar_threshold);
  w.secondary_default = integer(tag, "paiSeDefSecCrit", 0, kBig, w.secondary_default);
  w.minimize_handicap = integer(tag, "paiSeMinimizeHandicap", 0, kBig, w.minimize_handicap);
  w.avoid_same_geography = integer(tag, "paiSeAvoidSameGeo", 0, kBig, w.avoid_same_geography);
  w.prefer_score_difference_to_same_country =
      static_cast<int>(integer(tag, "paiSePreferMMSDiffRatherThanSameCountry", 0, 1000,
                               w.prefer_score_difference_to_same_country));
  w.prefer_score_difference_to_same_club =
      static_cast<int>(integer(tag, "paiSePreferMMSDiffRatherThanSameClub", 0, 1000,
                               w.prefer_score_difference_to_same_club));
}

OpenGothaFile Reader::finish() {
  Event& event = result_.event;
  McMahonSettings& settings = result_.settings;
  std::stable_sort(criteria_.begin(), criteria_.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [number, c] : criteria_) settings.placement.push_back(c);
  // The system: McMahon when the first criterion reads McMahon scores.
  const bool mcmahon = settings.placement.empty() || settings.placement.front().mcmahon ||
                       settings.placement.front().kind == GoCriterionKind::rating ||
                       settings.placement.front().kind == GoCriterionKind::rank;
  settings.system = mcmahon ? GoSystem::mcmahon : GoSystem::swiss;
  event.game = Game::go;
  event.points = default_point_system(Game::go, false);
  event.planned_rounds = planned_rounds_;
  int last = 0;
  for (const GameEntry& g : games_) last = std::max(last, g.round);
  for (const auto& b : byes_) last = std::max(last, b[0]);
  if (planned_rounds_ > 0 && last > planned_rounds_) {
    diagnostics_.warning(
        {file_, 0, 0}, fmt::format("round {} is beyond numberOfRounds {}", last, planned_rounds_));
  }
  event.rounds = last;
  for (Participant& p : event.participants)
    p.rounds.assign(static_cast<std::size_t>(last), RoundRecord{});
  const auto taken = [&](int player, int round) {
    const RoundRecord& r = event.participants[static_cast<std::size_t>(player)]
                               .rounds[static_cast<std::size_t>(round - 1)];
    return r.opponent >= 0 || r.kind == RoundKind::pairing_bye;
  };
  for (const GameEntry& g : games_) {
    if (taken(g.white, g.round) || taken(g.black, g.round)) {
      error(g.offset, fmt::format("a player has two games in round {} (left out)", g.round));
      continue;
    }
    const ResultMeaning* meaning = nullptr;
    for (const ResultMeaning& m : kResults)
      if (m.name == g.result) meaning = &m;
    const auto fill = [&](int player, int opponent, Outcome outcome, Seat seat) {
      Participant& p = event.participants[static_cast<std::size_t>(player)];
      RoundRecord& r = p.rounds[static_cast<std::size_t>(g.round - 1)];
      r.opponent = opponent;
      r.outcome = outcome;
      r.seat = seat;
      r.handicap = static_cast<std::uint8_t>(g.handicap);
      r.line = locator_.at(file_, g.offset).line;
      if (outcome == Outcome::none) {
        r.kind = RoundKind::none;
      } else if (meaning->forfeit) {
        r.kind = outcome == Outcome::win ? RoundKind::forfeit_win : RoundKind::forfeit_loss;
      } else {
        r.kind = RoundKind::played;
      }
      r.points = outcome == Outcome::none ? Points() : event.points.of(r);
      if (meaning->forfeit && outcome == Outcome::draw) r.points = event.points.draw;
      r.game_points = r.points;
    };
    fill(g.white, g.black, meaning->white, Seat::second);
    fill(g.black, g.white, meaning->black, Seat::first);
  }
  for (const auto& [round, player, offset] : byes_) {
    if (taken(player, round)) {
      error(static_cast<std::size_t>(offset),
            fmt::format("the bye player has a game or another bye in round {} (left out)", round));
      continue;
    }
    RoundRecord& r = event.participants[static_cast<std::size_t>(player)]
                         .rounds[static_cast<std::size_t>(round - 1)];
    r.kind = RoundKind::pairing_bye;
    r.points = event.points.pairing_bye;
    r.game_points = r.points;
  }
  for (Participant& p : event.participants) {
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      RoundRecord& record = p.rounds[r];
      // Not participating: absent. Participating without a game or the bye (OpenGotha's
      // NOT_ASSIGNED): nothing.
      if (record.opponent < 0 && record.kind == RoundKind::none &&
          !p.go.participates(static_cast<int>(r) + 1))
        record.kind = RoundKind::absent;
      p.score += record.points;
    }
  }
  return std::move(result_);
}

}  // namespace

std::string opengotha_key(std::string_view name, std::string_view first_name) {
  std::string key;
  for (std::string_view part : {name, first_name}) {
    std::size_t i = 0;
    while (i < part.size()) {
      const std::size_t start = i;
      const auto lead = static_cast<unsigned char>(part[i]);
      const std::size_t length = lead < 0x80    ? 1
                                 : lead >= 0xF0 ? 4
                                 : lead >= 0xE0 ? 3
                                 : lead >= 0xC0 ? 2
                                                : 1;
      if (i + length > part.size()) break;
      char32_t c = length == 1   ? lead
                   : length == 2 ? lead & 0x1F
                   : length == 3 ? lead & 0x0F
                                 : lead & 7;
      for (std::size_t k = 1; k < length; ++k)
        c = (c << 6) | (static_cast<unsigned char>(part[i + k]) & 0x3F);
      i += length;
      if (c == ' ') continue;
      if (c == 0xDF) {  // ß: Java writes SS
        key += "SS";
        continue;
      }
      if (length == 1 && lead >= 0x80) {
        key += part.substr(start, 1);
        continue;
      }
      append_utf8(key, upper(c));
    }
  }
  return key;
}

bool looks_like_opengotha_xml(std::string_view text) {
  XmlScanner scanner(text);
  XmlTag tag;
  return scanner.next(tag) && !tag.closing && tag.name == "Tournament";
}

std::optional<OpenGothaFile> read_opengotha_xml(std::string_view raw, const std::string& file,
                                                Diagnostics& diagnostics) {
  std::string repaired;
  std::string_view text = raw;
  if (const std::size_t bad = utf8_error_offset(raw); bad != std::string_view::npos) {
    diagnostics.error(Locator(raw).at(file, bad),
                      "the file is not valid UTF-8 (bad bytes replaced by U+FFFD)");
    repaired = replace_invalid_utf8(raw);
    text = repaired;
  }
  Reader reader(text, file, diagnostics);
  XmlScanner scanner(text);
  XmlTag tag;
  bool root = true;
  while (scanner.next(tag)) {
    if (root) {
      if (tag.name != "Tournament") {
        reader.error(tag.offset,
                     fmt::format("the root element is <{}>, not OpenGotha's <Tournament>",
                                 excerpt(tag.name)));
        return std::nullopt;
      }
      root = false;
      if (tag.find("dataVersion") == nullptr)
        reader.warning(tag.offset,
                       "no dataVersion: OpenGotha would read the ratings of this file shifted by "
                       "2050; they are read as written");
    }
    if (tag.closing) {
      if (tag.name == "TeamTournamentParameterSet") reader.in_team_ = false;
      continue;
    }
    if (tag.name == "Player" && tag.parent == "Players") {
      reader.player(tag);
    } else if (tag.name == "Game" && tag.parent == "Games") {
      reader.game(tag);
    } else if (tag.name == "ByePlayer") {
      reader.bye(tag);
    } else if (tag.name == "GeneralParameterSet") {
      reader.general(tag);
    } else if (tag.name == "HandicapParameterSet") {
      reader.handicap(tag);
    } else if (tag.name == "PlacementCriterion" && tag.parent == "PlacementCriteria") {
      // Team placement criteria sit under TeamPlacementParameterSet, whose criteria are not
      // this one's: the parent of the list tells them apart.
      if (!reader.in_team_) reader.criterion(tag);
    } else if (tag.name == "TeamTournamentParameterSet") {
      reader.in_team_ = !tag.empty;
    } else if (tag.name == "PairingParameterSet") {
      reader.pairing(tag);
    }
  }
  if (scanner.failed()) {
    reader.error(scanner.problem_offset(), scanner.problem());
    if (root) return std::nullopt;
  }
  if (root) {
    diagnostics.error({file, 1, 1}, "no <Tournament> element: not an OpenGotha file");
    return std::nullopt;
  }
  return reader.finish();
}

}  // namespace boardgames
