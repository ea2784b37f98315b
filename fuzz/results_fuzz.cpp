// The results CSV (standings' input): any bytes make an event without a crash, the event is
// ranked under every kind of tie-break order, no participant is ranked twice, and every
// writer's output is UTF-8; read as a group stage, every group it names is built and ranked.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boardgames/io/byte_source.h"
#include "boardgames/io/group_stage.h"
#include "boardgames/io/results_csv.h"
#include "boardgames/io/standings_output.h"
#include "boardgames/tournament/ranking.h"
#include "fuzz_support.h"

namespace bg = boardgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t lines = fuzz::count_lines(input);
  for (bool round_robin : {false, true}) {
    bg::Diagnostics diagnostics = fuzz::checked(lines);
    bg::ByteSource source = bg::ByteSource::from_string(input, "results.csv");
    bg::ResultsCsvReader reader(source, diagnostics);
    bg::PlayerList no_players;
    bg::EventOptions options;
    if (round_robin) options.round_robin = true;
    bg::EventBuilder builder(no_players, options, diagnostics);
    if (reader.read_header()) {
      bg::ResultRow row;
      while (reader.next(row)) {
        fuzz::require(row.round >= 1 && row.round <= bg::kMaxRound);
        fuzz::require(!(row.white.empty() && row.black.empty()));
        builder.add(row, "results.csv");
      }
    }
    const bg::Event event = builder.finish();
    for (const char* order :
         {"BH-C1,BH,SB,DE,WIN,WON,BPG,PS,REP,KS,AOB", "TS,GP,BP,BB,WARN", "ARO,TPR,PTP,RTNG"}) {
      bg::RankingOptions ranking;
      ranking.order = *bg::parse_tiebreaks(order);
      ranking.lots = true;
      const bg::Standings standings = bg::rank_event(event, ranking);
      std::vector<int> seen(event.participants.size(), 0);
      for (const bg::StandingRow& r : standings.rows) {
        fuzz::require(r.participant >= 0 && static_cast<std::size_t>(r.participant) < seen.size());
        ++seen[static_cast<std::size_t>(r.participant)];
        fuzz::require(1 <= r.rank_first && r.rank_first <= r.rank_last);
      }
      for (int count : seen) fuzz::require(count <= 1);
      std::string out;
      const bg::StandingsHeading heading{"custom", order, {"<Open> & \"Cup\""}};
      bg::write_standings_text(event, standings, heading, no_players, out);
      bg::write_standings_csv(event, standings, no_players, out);
      bg::write_standings_json(event, standings, heading, no_players, out);
      bg::write_crosstable_text(event, standings, heading, no_players, out);
      bg::write_crosstable_csv(event, standings, no_players, out);
      bg::write_crosstable_html(event, standings, heading, no_players, out);
      fuzz::require_utf8(out);
    }
  }
  // As a group stage (a `group` column): every group built, each ranked, no player twice in
  // a group.
  {
    bg::Diagnostics diagnostics = fuzz::checked(lines);
    const std::vector<bg::ResultsText> inputs{{"results.csv", input}};
    const bg::GroupsNamed named = bg::groups_named(inputs, bg::Game::shatar);
    fuzz::require(named.players.size() == named.groups.size());
    bg::PlayerList no_players;
    const auto events =
        bg::build_group_stage(inputs, named, no_players, bg::EventOptions{}, "", diagnostics);
    fuzz::require(events.size() == named.groups.size());
    for (const bg::GroupEvent& group : events) {
      bg::RankingOptions ranking;
      ranking.order = *bg::parse_tiebreaks("SB,DE,WIN");
      const bg::Standings standings = bg::rank_event(group.event, ranking);
      fuzz::require(standings.rows.size() <= group.event.participants.size());
    }
  }
  return 0;
}
