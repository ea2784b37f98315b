// McMahon and OpenGotha's Swiss: the OpenGotha XML reader, scores and tie-breaks, against the
// reference events made by OpenGotha 3.51 (../shared/testdata/mcmahon) and small typed files.
#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <doctest/doctest.h>

#include "boardgames/core/strings.h"
#include "boardgames/io/go_event_csv.h"
#include "boardgames/io/go_formats.h"
#include "boardgames/io/opengotha_xml.h"
#include "boardgames/io/players_csv.h"
#include "boardgames/tournament/mcmahon.h"
#include "test_support.h"

using namespace boardgames;

namespace {

// The reference CSV files hold no quoted fields: a row is its commas.
std::vector<std::vector<std::string>> read_rows(const std::filesystem::path& path) {
  std::vector<std::vector<std::string>> rows;
  const std::string text = test::read_file(path);
  for (std::string_view line : split(text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) continue;
    std::vector<std::string> row;
    for (std::string_view field : split(line, ',')) row.emplace_back(field);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::map<std::string, std::size_t> columns(const std::vector<std::string>& header) {
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < header.size(); ++i) index[header[i]] = i;
  return index;
}

struct ReferenceEvent {
  std::filesystem::path dir;
  OpenGothaFile file;
  std::vector<std::string> errors;
  std::map<std::string, int> participant_of_id;  // players.csv id -> participant index
  std::map<int, std::string> id_of_participant;
};

std::vector<std::filesystem::path> reference_dirs() {
  const auto root = test::shared_file("mcmahon/MANIFEST.csv");
  std::vector<std::filesystem::path> dirs;
  const auto rows = read_rows(root);
  const auto col = columns(rows.front());
  for (std::size_t i = 1; i < rows.size(); ++i)
    dirs.push_back(root.parent_path() / rows[i][col.at("dir")]);
  return dirs;
}

ReferenceEvent load(const std::filesystem::path& dir) {
  ReferenceEvent e;
  e.dir = dir;
  test::Collected collected;
  auto file = read_opengotha_xml(test::read_file(dir / "tournament.xml"), "tournament.xml",
                                 collected.diagnostics);
  REQUIRE(file.has_value());
  e.file = std::move(*file);
  e.errors = collected.messages();
  std::map<std::string, int> by_key;
  for (std::size_t i = 0; i < e.file.event.participants.size(); ++i)
    by_key[e.file.event.participants[i].id] = static_cast<int>(i);
  const auto players = read_rows(dir / "players.csv");
  const auto col = columns(players.front());
  for (std::size_t i = 1; i < players.size(); ++i) {
    const auto it = by_key.find(players[i][col.at("og_key")]);
    if (it == by_key.end()) continue;
    e.participant_of_id[players[i][col.at("id")]] = it->second;
    e.id_of_participant[it->second] = players[i][col.at("id")];
  }
  return e;
}

// The criteria columns of scores_by_round.csv and standings.csv.
std::vector<std::string> criteria_columns(GoSystem system) {
  if (system == GoSystem::mcmahon)
    return {"NBW", "MMS", "SOSM", "SOSM-1", "SOSM-2", "SOSOSM", "SODOSM", "CUSSM"};
  return {"NBW", "SOSW", "SOSW-1", "SOSW-2", "SOSOSW", "SODOSW", "CUSSW"};
}

}  // namespace

TEST_CASE("go ranks: 30k..1k, 1d..9d, OpenGotha's integers") {
  CHECK(parse_go_rank("30K") == -30);
  CHECK(parse_go_rank("1k") == -1);
  CHECK(parse_go_rank("1D") == 0);
  CHECK(parse_go_rank("9d") == 8);
  CHECK_FALSE(parse_go_rank("10d"));
  CHECK_FALSE(parse_go_rank("31k"));
  CHECK_FALSE(parse_go_rank("0k"));
  CHECK_FALSE(parse_go_rank("5p"));
  CHECK(go_rank_text(-17) == "17K");
  CHECK(go_rank_text(3) == "4D");
}

TEST_CASE("opengotha xml: keys, names by UTF-16 order") {
  CHECK(opengotha_key("Dvořák", "Ji-ho") == "DVOŘÁKJI-HO");
  CHECK(opengotha_key("van der Berg", "Anne") == "VANDERBERGANNE");
  CHECK(opengotha_key("Strauß", "Ivan") == "STRAUSSIVAN");
  // Java's upper case beyond Latin-1, as OpenGotha writes the keys of its games.
  CHECK(opengotha_key("Popescu", "Ionuț") == "POPESCUIONUȚ");
  CHECK(opengotha_key("Yıldız", "Şule") == "YILDIZŞULE");
  CHECK(opengotha_key("Nguyễn", "Thị Phương") == "NGUYỄNTHỊPHƯƠNG");
  CHECK(opengotha_key("Παπαδόπουλος", "Νίκος") == "ΠΑΠΑΔΌΠΟΥΛΟΣΝΊΚΟΣ");
  CHECK(compare_utf16("Zhao", "Ábel") < 0);  // 'Z' (U+005A) before 'Á' (U+00C1)
  CHECK(compare_utf16("a\xEF\xBC\xA1", "a\xF0\x9F\x98\x80") > 0);  // U+FF21 after a surrogate
  CHECK(compare_utf16("Li", "Li") == 0);
  CHECK(compare_utf16("Li", "Lin") < 0);
}

TEST_CASE("opengotha xml: malformed files are reported with line and column") {
  const auto errors = [](const std::string& text) {
    test::Collected c;
    (void)read_opengotha_xml(text, "t.xml", c.diagnostics);
    return c.messages();
  };
  const std::string head = "<?xml version=\"1.0\"?>\n<Tournament dataVersion=\"201\">\n<Players>\n";
  CHECK(
      errors(head + "<Player name=\"A\" firstName=\"B\" rank=\"40K\"/>\n</Players></Tournament>") ==
      std::vector<std::string>{"4:38: error: rank '40K' is not a rank from 30K to 9D"});
  CHECK(errors(head + "<Player name=\"A&bogus;\"/>\n") ==
        std::vector<std::string>{"4:16: error: unknown entity '&bogus;'"});
  CHECK(errors(head + "</Games>") ==
        std::vector<std::string>{"4:1: error: </Games> closes no open element"});
  CHECK(errors("<!DOCTYPE x [<!ENTITY a \"b\">]><Tournament/>") ==
        std::vector<std::string>{"1:1: error: a DOCTYPE with an internal subset is not accepted"});
  CHECK(errors("<Gotha/>") ==
        std::vector<std::string>{
            "1:1: error: the root element is <Gotha>, not OpenGotha's <Tournament>"});
  // A file cut short: what was read is kept, the cut reported.
  test::Collected c;
  const auto cut = read_opengotha_xml(
      head + "<Player name=\"A\" firstName=\"B\" rank=\"2d\" rating=\"2150\"/>\n<Player name=\"C",
      "t.xml", c.diagnostics);
  REQUIRE(cut.has_value());
  CHECK(cut->event.participants.size() == 1);
  CHECK(c.messages() == std::vector<std::string>{"5:14: error: the attribute value is not closed"});
  // Entities and character references decode; a game naming nobody is left out.
  test::Collected d;
  const auto read = read_opengotha_xml(
      head +
          "<Player name=\"O&apos;Neil &amp; Co\" firstName=\"&#x4E01;&#20013;\" rank=\"3k\"/>\n"
          "</Players><Games><Game whitePlayer=\"X\" blackPlayer=\"Y\" result=\"RESULT_EQUAL\" "
          "roundNumber=\"1\" handicap=\"0\"/></Games></Tournament>",
      "t.xml", d.diagnostics);
  REQUIRE(read.has_value());
  CHECK(read->event.participants[0].name == "O'Neil & Co 丁中");
  // Control characters in names (character references can write them) become spaces.
  test::Collected e;
  const auto escaped = read_opengotha_xml(
      head +
          "<Player name=\"A&#27;[31m\" firstName=\"B&#10;C\" rank=\"3k\"/>\n</Players>"
          "</Tournament>",
      "t.xml", e.diagnostics);
  REQUIRE(escaped.has_value());
  CHECK(escaped->event.participants[0].name == "A [31m B C");
  CHECK(d.messages() ==
        std::vector<std::string>{"5:37: error: no player 'X'", "5:53: error: no player 'Y'"});
}

TEST_CASE("opengotha xml: every reference event reads, its games equal results.csv") {
  int events = 0;
  int games = 0;
  int byes = 0;
  for (const auto& dir : reference_dirs()) {
    CAPTURE(dir.string());
    const ReferenceEvent e = load(dir);
    CHECK(e.errors.empty());
    const Event& event = e.file.event;
    const auto players = read_rows(dir / "players.csv");
    CHECK(event.participants.size() + 1 == players.size());
    CHECK(e.participant_of_id.size() + 1 == players.size());
    const auto pc = columns(players.front());
    for (std::size_t i = 1; i < players.size(); ++i) {
      const Participant& p = event.participants[static_cast<std::size_t>(
          e.participant_of_id.at(players[i][pc.at("id")]))];
      CHECK(p.go.rank == parse_go_rank(players[i][pc.at("rank")]));
      CHECK(p.rating == std::stoi(players[i][pc.at("rating")]));
      CHECK(p.go.club == players[i][pc.at("club")]);
      CHECK(p.go.country == players[i][pc.at("country")]);
      const std::string& participation = players[i][pc.at("participation")];
      for (std::size_t r = 0; r < participation.size(); ++r)
        CHECK(p.go.participates(static_cast<int>(r) + 1) == (participation[r] == '1'));
      if (e.file.settings.system == GoSystem::mcmahon)
        CHECK(start_mms2(p, e.file.settings) == 2 * std::stoi(players[i][pc.at("mm_start_score")]));
    }
    const auto results = read_rows(dir / "results.csv");
    const auto rc = columns(results.front());
    int rows = 0;
    for (std::size_t i = 1; i < results.size(); ++i) {
      const auto& row = results[i];
      const int round = std::stoi(row[rc.at("round")]);
      const int white = e.participant_of_id.at(row[rc.at("white")]);
      const RoundRecord& w = event.participants[static_cast<std::size_t>(white)].rounds.at(
          static_cast<std::size_t>(round - 1));
      ++rows;
      if (row[rc.at("result")] == "bye") {
        CHECK(w.kind == RoundKind::pairing_bye);
        ++byes;
        continue;
      }
      ++games;
      CHECK(w.opponent == e.participant_of_id.at(row[rc.at("black")]));
      CHECK(w.seat == Seat::second);
      CHECK(w.handicap == std::stoi(row[rc.at("handicap")]));
      const std::string& result = row[rc.at("result")];
      const Outcome expected = result == "jigo"                      ? Outcome::draw
                               : result == "1-0" || result == "1-0F" ? Outcome::win
                                                                     : Outcome::loss;
      CHECK(w.outcome == expected);
      CHECK((w.kind == RoundKind::played) == (result.back() != 'F'));
    }
    // Nothing more: every record with an opponent or a bye is a row.
    int records = 0;
    for (const Participant& p : event.participants)
      for (const RoundRecord& r : p.rounds)
        records += r.kind == RoundKind::pairing_bye ? 2 : r.opponent >= 0 ? 1 : 0;
    CHECK(records == 2 * rows);
    ++events;
  }
  MESSAGE(events << " events, " << games << " games, " << byes << " byes read");
  CHECK(events == 135);
}

TEST_CASE("go scores: every value of scores_by_round.csv, the order of standings.csv") {
  int values = 0;
  int equal = 0;
  int orders = 0;
  int events = 0;
  std::vector<std::string> different;
  for (const auto& dir : reference_dirs()) {
    CAPTURE(dir.string());
    const ReferenceEvent e = load(dir);
    const Event& event = e.file.event;
    const McMahonSettings& settings = e.file.settings;
    const GoScoreTable table(event, settings, event.rounds);
    const auto rows = read_rows(dir / "scores_by_round.csv");
    const auto col = columns(rows.front());
    for (std::size_t i = 1; i < rows.size(); ++i) {
      const int round = std::stoi(rows[i][col.at("round")]);
      const int p = e.participant_of_id.at(rows[i][col.at("id")]);
      const std::string& status = rows[i][col.at("status")];
      const GoRoundStatus ours = table.status(p, round);
      CHECK(status == (ours == GoRoundStatus::paired   ? "PAIRED"
                       : ours == GoRoundStatus::bye    ? "BYE"
                       : ours == GoRoundStatus::absent ? "ABSENT"
                                                       : "NOT_ASSIGNED"));
      for (const std::string& name : criteria_columns(settings.system)) {
        const GoCriterion c = *parse_go_criterion(name);
        ++values;
        const std::string value = go_value_text(table.value(c, p, round), scale(c));
        if (value == rows[i][col.at(name)]) {
          ++equal;
        } else if (different.size() < 20) {
          different.push_back(dir.filename().string() + " r" + std::to_string(round) + " id " +
                              rows[i][col.at("id")] + " " + name + ": " + value + " vs " +
                              rows[i][col.at(name)]);
        }
      }
    }
    const auto standings = read_rows(dir / "standings.csv");
    const auto sc = columns(standings.front());
    const auto ours = go_standings(event, table, placement_criteria(settings), event.rounds);
    bool same = ours.size() + 1 == standings.size();
    for (std::size_t i = 0; same && i < ours.size(); ++i) {
      same = e.id_of_participant.at(ours[i].participant) == standings[i + 1][sc.at("id")] &&
             std::to_string(ours[i].place) == standings[i + 1][sc.at("place")];
    }
    if (same) {
      ++orders;
    } else if (different.size() < 40) {
      different.push_back(dir.filename().string() + ": standings order differs");
    }
    ++events;
  }
  MESSAGE(equal << " of " << values << " values equal, " << orders << " of " << events
                << " standings in the same order");
  CHECK(different == std::vector<std::string>{});
  CHECK(equal == values);
  CHECK(orders == events);
}

TEST_CASE("go pairing: OpenGotha's pairings of every reference round") {
  int rounds = 0;
  int reproducible = 0;
  int identical = 0;
  int tie_rounds = 0;
  int tie_rounds_ok = 0;
  int cost_equal = 0;
  std::vector<std::string> different;
  for (const auto& dir : reference_dirs()) {
    const ReferenceEvent e = load(dir);
    const Event& event = e.file.event;
    const auto info = read_rows(dir / "rounds.csv");
    const auto ic = columns(info.front());
    const auto pairings = read_rows(dir / "pairings.csv");
    const auto pc = columns(pairings.front());
    for (std::size_t i = 1; i < info.size(); ++i) {
      const int round = std::stoi(info[i][ic.at("round")]);
      const std::string label = dir.parent_path().filename().string() + "/" +
                                dir.filename().string() + " r" + std::to_string(round);
      std::vector<GoGame> theirs;
      std::vector<GoGame> forced;
      int their_bye = -1;
      for (std::size_t k = 1; k < pairings.size(); ++k) {
        const auto& row = pairings[k];
        if (std::stoi(row[pc.at("round")]) != round) continue;
        const int white = e.participant_of_id.at(row[pc.at("white")]);
        if (row[pc.at("black")].empty()) {
          their_bye = white;
          continue;
        }
        const GoGame g{white, e.participant_of_id.at(row[pc.at("black")]),
                       std::stoi(row[pc.at("handicap")])};
        theirs.push_back(g);
        if (row[pc.at("forced")] == "1") forced.push_back(g);
      }
      const GoRoundPairer pairer(event, e.file.settings, round);
      const auto ours = pairer.pair();
      ++rounds;
      if (!ours) {
        different.push_back(label + ": " + ours.problem().reason);
        continue;
      }
      const std::int64_t og_cost = std::stoll(info[i][ic.at("og_total_cost")]);
      if (pairer.total_cost(theirs) == og_cost) ++cost_equal;
      const auto same_pair = [](const GoGame& a, const GoGame& b) {
        return (a.white == b.white && a.black == b.black) ||
               (a.white == b.black && a.black == b.white);
      };
      if (info[i][ic.at("reproducible")] == "1") {
        ++reproducible;
        auto a = ours->games;
        auto b = theirs;
        const auto order = [](const GoGame& x, const GoGame& y) {
          return std::tie(x.white, x.black) < std::tie(y.white, y.black);
        };
        std::sort(a.begin(), a.end(), order);
        std::sort(b.begin(), b.end(), order);
        if (a == b && ours->bye == their_bye) {
          ++identical;
        } else if (different.size() < 30) {
          different.push_back(label + ": not identical (cost " + std::to_string(ours->total_cost) +
                              " vs " + std::to_string(og_cost) + ")");
        }
      } else {
        ++tie_rounds;
        bool ok = ours->total_cost == og_cost && ours->bye == their_bye;
        for (const GoGame& f : forced) {
          ok = ok && std::any_of(ours->games.begin(), ours->games.end(),
                                 [&](const GoGame& g) { return same_pair(g, f); });
        }
        if (ok) {
          ++tie_rounds_ok;
        } else if (different.size() < 30) {
          different.push_back(label + ": tie round, cost " + std::to_string(ours->total_cost) +
                              " vs " + std::to_string(og_cost));
        }
      }
    }
  }
  MESSAGE(rounds << " rounds: " << identical << " of " << reproducible
                 << " reproducible rounds identical, " << tie_rounds_ok << " of " << tie_rounds
                 << " tie rounds with every forced pair and the optimal cost; OpenGotha's own "
                    "pairing costs og_total_cost by our cost in "
                 << cost_equal << " rounds");
  CHECK(different == std::vector<std::string>{});
  CHECK(cost_equal == rounds);
}

TEST_CASE("opengotha xml: written and read back, every reference event has the same standings") {
  int events = 0;
  for (const auto& dir : reference_dirs()) {
    CAPTURE(dir.string());
    const ReferenceEvent e = load(dir);
    std::string xml;
    write_opengotha_xml(e.file.event, e.file.settings, xml);
    test::Collected collected;
    const auto again = read_opengotha_xml(xml, "again.xml", collected.diagnostics);
    REQUIRE(again.has_value());
    CHECK(collected.messages() == std::vector<std::string>{});
    const Event& a = e.file.event;
    const Event& b = again->event;
    REQUIRE(a.participants.size() == b.participants.size());
    CHECK(a.rounds == b.rounds);
    CHECK(again->settings.system == e.file.settings.system);
    CHECK(placement_criteria(again->settings) == placement_criteria(e.file.settings));
    const GoScoreTable ta(a, e.file.settings, a.rounds);
    const GoScoreTable tb(b, again->settings, b.rounds);
    const auto criteria = placement_criteria(e.file.settings);
    const auto ra = go_standings(a, ta, criteria, a.rounds);
    const auto rb = go_standings(b, tb, criteria, b.rounds);
    bool same = ra.size() == rb.size();
    for (std::size_t i = 0; same && i < ra.size(); ++i) {
      same = ra[i].participant == rb[i].participant && ra[i].place == rb[i].place;
      for (const GoCriterion& c : criteria)
        same = same &&
               ta.value(c, ra[i].participant, a.rounds) == tb.value(c, rb[i].participant, b.rounds);
    }
    CHECK(same);
    // The next round pairs the same from both.
    const auto pa = pair_go_round(a, e.file.settings);
    const auto pb = pair_go_round(b, again->settings);
    REQUIRE(pa.has_value());
    REQUIRE(pb.has_value());
    CHECK(pa->total_cost == pb->total_cost);
    ++events;
  }
  CHECK(events == 135);
}

TEST_CASE("go event csv: read for standings, a round paired but not played is left out") {
  test::Collected c;
  ByteSource players_text =
      ByteSource::from_string("id,name,rank\n1,Ann,1k\n2,Bob,1k\n3,Cid,2k\n4,Dan,2k\n", "p.csv");
  const PlayerList players = read_players_csv(players_text, c.diagnostics);
  const std::string results =
      "round,board,black,white,result\n1,1,1,2,1-0\n1,2,3,4,1-0\n2,1,1,3,1-0\n2,2,2,4,\n";
  // To pair, an unfinished round is an error: the next round cannot be paired.
  test::Collected to_pair;
  CHECK_FALSE(read_go_event_csv(players, results, "r.csv", GoSystem::mcmahon, to_pair.diagnostics));
  CHECK(to_pair.diagnostics.error_count() == 1);
  // To rank, round 2 has a result and counts; its game without one counts for neither player.
  swiss::ResultsReading reading;
  reading.for_standings = true;
  const auto ranked =
      read_go_event_csv(players, results, "r.csv", GoSystem::mcmahon, c.diagnostics, reading);
  REQUIRE(ranked);
  CHECK(c.diagnostics.error_count() == 0);
  CHECK(ranked->event.rounds == 2);
  const GoScoreTable table(ranked->event, ranked->settings, ranked->event.rounds);
  CHECK(table.at(0, 2).nbw2 == 2 * 2);  // Ann won both (NBW in halves)
  CHECK(table.at(1, 2).nbw2 == 0);      // Bob lost round 1; round 2 has no result yet
  CHECK(table.at(3, 2).nbw2 == 0);
  // Round 2 not played at all: ranked after round 1.
  test::Collected paired;
  const auto first = read_go_event_csv(
      players, "round,board,black,white,result\n1,1,1,2,1-0\n1,2,3,4,1-0\n2,1,1,3,\n2,2,2,4,\n",
      "r.csv", GoSystem::mcmahon, paired.diagnostics, reading);
  REQUIRE(first);
  CHECK(first->event.rounds == 1);
  CHECK(paired.diagnostics.error_count() == 0);
}

TEST_CASE("go standings: DC and SDC in a cycle of wins, and the criteria list") {
  test::Collected c;
  ByteSource players_text =
      ByteSource::from_string("id,name,rank\n1,Ann,1k\n2,Bob,1k\n3,Cid,1k\n4,Dan,1k\n", "p.csv");
  const PlayerList players = read_players_csv(players_text, c.diagnostics);
  // Ann beat Bob, Bob beat Cid, Cid beat Ann; all three beat Dan: three tied on two wins.
  const auto file = read_go_event_csv(players,
                                      "round,board,black,white,result\n"
                                      "1,1,1,2,1-0\n1,2,3,4,1-0\n"
                                      "2,1,2,3,1-0\n2,2,1,4,1-0\n"
                                      "3,1,3,1,1-0\n3,2,2,4,1-0\n",
                                      "r.csv", GoSystem::swiss, c.diagnostics);
  REQUIRE(file);
  CHECK(c.messages().empty());
  const Event& event = file->event;
  const GoScoreTable table(event, file->settings, event.rounds);
  for (const char* list : {"NBW,DC", "NBW,SDC"}) {
    const auto criteria = parse_go_criteria(list);
    REQUIRE(criteria);
    const auto rows = go_standings(event, table, *criteria, event.rounds);
    REQUIRE(rows.size() == 4);
    for (const GoStandingRow& row : rows) {
      const std::string& name = event.participants[static_cast<std::size_t>(row.participant)].name;
      const bool dan = name == "Dan";
      // The cycle is one block: DC decides nothing; SDC: every two met, each is ahead of one.
      CHECK_MESSAGE(row.dc == 0, name);
      CHECK_MESSAGE(row.sdc == (dan ? 0 : 1), name);
      CHECK_MESSAGE(row.place == (dan ? 4 : 1), name);
    }
  }
  CHECK_FALSE(parse_go_criteria("MMS,DC,SDC"));
  CHECK_FALSE(parse_go_criteria("MMS,BH"));
  const auto codes = parse_go_criteria("mms,sosm,dc");
  REQUIRE(codes);
  CHECK(codes->back().code() == "DC");
}

namespace {

// The EGF's tournament table format, as its rating pages describe it
// (http://gemma.ujf.cas.cz/~cieply/GO/format.html): one line a player, everything after ';'
// ignored, results as `<place><symbol>[/<colour>[<h>]]` (`0+` free win, `0-` free round, `0=`
// free round worth half), the same number of results on every line; the EGD PIN after '|'.
// Returns, for each place, its result entries as (opponent place, symbol, colour, handicap).
using EgfEntry = std::tuple<int, char, char, int>;
std::map<int, std::vector<EgfEntry>> parse_egf_table(const std::string& text, int rounds) {
  std::map<int, std::vector<EgfEntry>> table;
  for (const std::string_view raw : split(text, '\n')) {
    std::string_view line = raw.substr(0, raw.find(';'));
    line = line.substr(0, line.find('|'));
    std::vector<std::string> tokens;
    for (const std::string_view t : split(line, ' '))
      if (!trim(t).empty()) tokens.emplace_back(trim(t));
    if (tokens.empty()) continue;
    REQUIRE(tokens.size() > static_cast<std::size_t>(rounds) + 1);
    std::vector<EgfEntry> entries;
    for (std::size_t i = tokens.size() - static_cast<std::size_t>(rounds); i < tokens.size(); ++i) {
      const std::string& t = tokens[i];
      const std::size_t symbol = t.find_first_of("+-=");
      REQUIRE_MESSAGE(symbol != std::string::npos, t);
      EgfEntry e{std::stoi(t.substr(0, symbol)), t[symbol], '?', 0};
      if (symbol + 1 < t.size()) {
        REQUIRE_MESSAGE(t[symbol + 1] == '/', t);
        REQUIRE_MESSAGE(symbol + 2 < t.size(), t);
        std::get<2>(e) = t[symbol + 2];
        if (symbol + 3 < t.size()) std::get<3>(e) = std::stoi(t.substr(symbol + 3));
      }
      entries.push_back(e);
    }
    table[std::stoi(tokens[0])] = entries;
  }
  return table;
}

}  // namespace

TEST_CASE("go formats: EGF table and AGA results read back by the formats' own rules") {
  test::Collected c;
  ByteSource players_text = ByteSource::from_string(
      "id,name,rank,club,country,aga_id\n1,Tanaka Yuki,3d,Par,FR,12345\n2,Müller Anna,1d,,DE,\n"
      "3,Novák Petr,2k,Pra,,20001\n4,Silva,5k,Lisboa Go,PT,\n5,Kim Min,8k,Par,FR,\n",
      "p.csv");
  const PlayerList players = read_players_csv(players_text, c.diagnostics);
  // A handicap game, a one-stone game, a jigo, a forfeit and a bye.
  const auto file = read_go_event_csv(players,
                                      "round,board,black,white,handicap,result\n"
                                      "1,1,2,1,0,0-1\n1,2,4,3,3,1-0\n1,,5,,,bye\n"
                                      "2,1,3,1,1,1-0\n2,2,5,2,0,jigo\n2,,4,,,bye\n"
                                      "3,1,5,1,0,-+\n3,2,4,2,4,0-1\n3,,3,,,bye\n",
                                      "r.csv", GoSystem::swiss, c.diagnostics);
  REQUIRE(file);
  REQUIRE(c.messages().empty());
  const Event& event = file->event;
  std::string egf;
  write_egf_results(event, file->settings, "B", egf);
  const auto table = parse_egf_table(egf, event.rounds);
  REQUIRE(table.size() == event.participants.size());
  CHECK(egf.find("HA[") == std::string::npos);  // no handicap rule set: every game says its own
  // Each place's entries are its games: opponent, result, colour, stones (forfeits and byes
  // as free rounds), and every game appears the same on both sides.
  const GoScoreTable scores(event, file->settings, event.rounds);
  const auto rows = go_standings(event, scores, placement_criteria(file->settings), event.rounds);
  std::map<int, int> place_of;
  for (std::size_t i = 0; i < rows.size(); ++i)
    place_of[rows[i].participant] = static_cast<int>(i) + 1;
  for (const auto& [participant, place] : place_of) {
    const Participant& p = event.participants[static_cast<std::size_t>(participant)];
    const auto& entries = table.at(place);
    for (int r = 0; r < event.rounds; ++r) {
      const RoundRecord& rec = p.rounds[static_cast<std::size_t>(r)];
      const EgfEntry& e = entries[static_cast<std::size_t>(r)];
      if (rec.kind == RoundKind::played) {
        const char symbol = rec.outcome == Outcome::win    ? '+'
                            : rec.outcome == Outcome::draw ? '='
                                                           : '-';
        const char colour = rec.seat == Seat::second ? 'w' : 'b';
        CHECK_MESSAGE((e == EgfEntry{place_of.at(rec.opponent), symbol, colour, rec.handicap}),
                      p.name);
        const auto& back = table.at(place_of.at(rec.opponent))[static_cast<std::size_t>(r)];
        CHECK(std::get<0>(back) == place);
        CHECK(std::get<3>(back) == rec.handicap);
      } else {
        const char symbol = rec.kind == RoundKind::forfeit_loss ? '-' : '+';
        CHECK_MESSAGE((e == EgfEntry{0, symbol, '?', 0}), p.name);
      }
    }
  }
  // Names, country and club are single tokens (the EGD reads columns by blanks).
  CHECK(egf.find(" Silva - ") != std::string::npos);
  CHECK(egf.find(" Lisboa_Go ") != std::string::npos);
  CHECK(egf.find(" 2K XX Pra ") != std::string::npos);
  CHECK(egf.find(" 1D DE xxxx ") != std::string::npos);

  // The AGA's results format (its ratings page's example, usgo.org/ratings/RatingQuals.asp):
  // TOURNEY, PLAYERS as `id name rank`, GAMES as `white black winner handicap komi`.
  std::string aga;
  write_aga_results(event, file->settings, aga);
  std::string section;
  std::map<std::string, std::string> rank_of;
  std::vector<std::string> games;
  for (const std::string_view line : split(aga, '\n')) {
    if (trim(line).empty()) continue;
    if (line == "PLAYERS" || line == "GAMES" || line.substr(0, 8) == "TOURNEY ") {
      section = std::string(line.substr(0, line.find(' ')));
      continue;
    }
    std::vector<std::string> tokens;
    for (const std::string_view t : split(trim(line), ' '))
      if (!t.empty()) tokens.emplace_back(t);
    if (section == "PLAYERS") {
      REQUIRE(tokens.size() >= 3);
      rank_of[tokens.front()] = tokens.back();
    } else if (section == "GAMES") {
      REQUIRE(tokens.size() == 5);
      CHECK(rank_of.count(tokens[0]) == 1);
      CHECK(rank_of.count(tokens[1]) == 1);
      games.push_back(tokens[0] + " " + tokens[1] + " " + tokens[2] + " " + tokens[3] + " " +
                      tokens[4]);
    } else {
      CHECK_MESSAGE(section == "TOURNEY", line);
      CHECK_MESSAGE((line[0] == '\t' && line.find('=') != std::string_view::npos), line);
    }
  }
  // Players by AGA number; those without one by dummies from 99999 down, as OpenGotha does.
  CHECK(rank_of.at("12345") == "3d");
  CHECK(rank_of.at("20001") == "2k");
  CHECK(rank_of.at("99999") == "1d");
  CHECK(rank_of.at("99998") == "5k");
  CHECK(rank_of.at("99997") == "8k");
  // Rated: the games played to a result; the one-stone game as handicap 0 without komi.
  CHECK(games == std::vector<std::string>{"12345 99999 w 0 7.5", "20001 99998 b 3 0",
                                          "12345 20001 b 0 0", "99999 99998 w 4 0"});
}
