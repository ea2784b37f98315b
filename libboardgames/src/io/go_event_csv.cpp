// A Go event from the players and results CSV.
#include "boardgames/io/go_event_csv.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/byte_source.h"
#include "boardgames/io/csv.h"
#include "boardgames/io/swiss_io.h"

namespace boardgames {

namespace {

// The value of an extra column of the players CSV ("" when the file has no such column).
std::string extra(const PlayerList& players, const Player& player, std::string_view column) {
  const auto c = players.extra_column(column);
  return c && *c < player.extra.size() ? player.extra[*c] : std::string();
}

}  // namespace

void add_go_registrations(const PlayerList& players, Event& event, const std::string& file,
                          Diagnostics& diagnostics) {
  for (Participant& p : event.participants) {
    const auto found = players.find(p.id);
    GoRegistration& go = p.go;
    go.family_name = p.name;
    if (found.match != PlayerList::Match::found) {
      diagnostics.error({file, 0, 0},
                        fmt::format("'{}' is not in the players file: no rank", excerpt(p.name)));
      continue;
    }
    const Player& player = players.players[found.index];
    const auto where = [&](std::string_view column) { return players.location(player, column); };
    const std::string rank = extra(players, player, "rank");
    if (auto r = parse_go_rank(rank)) {
      go.rank = *r;
    } else {
      diagnostics.error(where("rank"), fmt::format("{}: rank '{}' is not a rank from 30k to 9d",
                                                   excerpt(p.name), excerpt(rank)));
    }
    go.first_name = extra(players, player, "first_name");
    if (!go.first_name.empty()) {
      go.family_name = player.name;
      p.name = player.name + " " + go.first_name;
    }
    go.club = player.club;
    go.aga_id = extra(players, player, "aga_id");
    go.egf_pin = extra(players, player, "egf_pin");
    go.country = extra(players, player, "country");
    if (go.country.empty()) go.country = player.federation;
    if (const std::string c = extra(players, player, "mms_correction"); !c.empty()) {
      const auto value = parse_integer(trim(c));
      if (!value || *value < -1 || *value > 2) {
        diagnostics.error(where("mms_correction"),
                          fmt::format("{}: mms_correction '{}' is not -1, 0, 1 or 2",
                                      excerpt(p.name), excerpt(c)));
      } else {
        go.mms_correction = static_cast<int>(*value);
      }
    }
    const std::string participation = extra(players, player, "participation");
    if (participation.size() > 100 || participation.find_first_not_of("01") != std::string::npos) {
      diagnostics.error(where("participation"),
                        fmt::format("{}: participation '{}' is not a string of 0 and 1",
                                    excerpt(p.name), excerpt(participation)));
    } else {
      for (char c : participation) go.participating.push_back(c == '1');
      // A game or a bye entered in a round the participation leaves out: the row says what
      // happened and counts; the participation only says whom to pair, so the clash is said.
      std::vector<int> clashes;
      for (int r = 1; r <= event.rounds && r <= static_cast<int>(p.rounds.size()); ++r) {
        const RoundKind kind = p.rounds[static_cast<std::size_t>(r - 1)].kind;
        if (!go.participates(r) && kind != RoundKind::none && kind != RoundKind::absent)
          clashes.push_back(r);
      }
      if (!clashes.empty()) {
        diagnostics.warning(where("participation"),
                            fmt::format("{}: participation '{}' leaves out round{} {}, "
                                        "but the results have a row there: it counts",
                                        excerpt(p.name), participation,
                                        clashes.size() > 1 ? "s" : "", fmt::join(clashes, ", ")));
      }
    }
  }
}

void warn_short_participation(const PlayerList& players, const Event& event, int round,
                              Diagnostics& diagnostics) {
  for (const Participant& p : event.participants) {
    const std::size_t covered = p.go.participating.size();
    if (covered == 0 || static_cast<int>(covered) >= round) continue;
    const auto found = players.find(p.id);
    if (found.match != PlayerList::Match::found) continue;
    const Player& player = players.players[found.index];
    std::string written;
    for (bool in : p.go.participating) written += in ? '1' : '0';
    diagnostics.warning(
        players.location(player, "participation"),
        fmt::format("{}: participation '{}' covers {} only: round {} is paired as participating",
                    excerpt(p.name), written,
                    covered == 1 ? std::string("round 1") : fmt::format("rounds 1 to {}", covered),
                    round));
  }
}

std::optional<OpenGothaFile> read_go_event_csv(const PlayerList& players,
                                               std::string_view results_text,
                                               const std::string& results_file, GoSystem system,
                                               Diagnostics& diagnostics,
                                               swiss::ResultsReading reading) {
  reading.missing_round_absent = true;
  auto event = swiss::read_results_event(results_text, results_file, players, Game::go, diagnostics,
                                         reading);
  if (!event) return std::nullopt;
  OpenGothaFile result{std::move(*event), default_mcmahon_settings(system)};
  Event& e = result.event;
  if (!reading.for_standings) e.rounds = e.rounds_played();
  for (Participant& p : e.participants) p.rounds.resize(static_cast<std::size_t>(e.rounds));
  add_go_registrations(players, e, results_file, diagnostics);
  return result;
}

}  // namespace boardgames
