// Go federations' files: OpenGotha XML, EGF results table, AGA results.
#include "boardgames/io/go_formats.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/io/opengotha_xml.h"

namespace boardgames {

namespace {

// An attribute value: valid UTF-8, markup characters escaped, control characters as spaces.
std::string attribute(std::string_view text) {
  std::string plain = replace_invalid_utf8(text);
  for (char& c : plain) {
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  }
  std::string out;
  append_markup_escaped(plain, out);
  return out;
}

// A field of a plain-text report: one line, no control characters, no `;` (EGF's comment).
std::string field(std::string_view text, bool egf) {
  std::string out;
  for (char c : replace_invalid_utf8(text)) {
    if (static_cast<unsigned char>(c) < 0x20 || (egf && (c == ';' || c == '[' || c == ']'))) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// A field of the EGF table read as one blank-separated token: inner blanks as '_' (as
// OpenGotha's export does), `fallback` when empty.
std::string egf_token(std::string_view text, std::string_view fallback) {
  std::string out = field(trim(text), true);
  for (char& c : out)
    if (c == ' ') c = '_';
  return out.empty() ? std::string(fallback) : out;
}

// The EGF table's name: two tokens, surname and given name, which the EGD's parser reads as
// two columns. Without a separate first name, the name's first word is taken as the surname.
std::string egf_name(const Participant& p, std::string_view family, std::string_view first) {
  if (first.empty()) {
    const std::string_view whole = trim(p.name);
    const std::size_t blank = whole.find(' ');
    if (blank == std::string_view::npos) return egf_token(whole, "-") + " -";
    family = whole.substr(0, blank);
    first = whole.substr(blank + 1);
  }
  return egf_token(family, "-") + " " + egf_token(first, "-");
}

std::string family_name(const Participant& p) {
  return p.go.family_name.empty() && p.go.first_name.empty() ? p.name : p.go.family_name;
}

std::string key_of(const Participant& p) { return opengotha_key(family_name(p), p.go.first_name); }

std::string rank_text(const Participant& p) {
  return go_rank_text(p.go.rank.value_or(kLowestGoRank));
}

const RoundRecord* record_of(const Participant& p, int round) {
  const auto r = static_cast<std::size_t>(round - 1);
  return round >= 1 && r < p.rounds.size() ? &p.rounds[r] : nullptr;
}

std::string_view result_name(const RoundRecord& white, const RoundRecord& black) {
  const bool forfeit =
      white.kind == RoundKind::forfeit_win || white.kind == RoundKind::forfeit_loss ||
      black.kind == RoundKind::forfeit_win || black.kind == RoundKind::forfeit_loss;
  const Outcome w = white.outcome;
  const Outcome b = black.outcome;
  if (w == Outcome::none || b == Outcome::none) return "RESULT_UNKNOWN";
  if (w == Outcome::draw) return forfeit ? "RESULT_EQUAL_BYDEF" : "RESULT_EQUAL";
  if (w == Outcome::win && b == Outcome::win)
    return forfeit ? "RESULT_BOTHWIN_BYDEF" : "RESULT_BOTHWIN";
  if (w == Outcome::loss && b == Outcome::loss)
    return forfeit ? "RESULT_BOTHLOSE_BYDEF" : "RESULT_BOTHLOSE";
  if (w == Outcome::win) return forfeit ? "RESULT_WHITEWINS_BYDEF" : "RESULT_WHITEWINS";
  return forfeit ? "RESULT_BLACKWINS_BYDEF" : "RESULT_BLACKWINS";
}

std::string seeding_name(GoSeeding s) {
  return s == GoSeeding::split_and_fold ? "SPLITANDFOLD" : "SPLITANDSLIP";
}

}  // namespace

std::optional<Problem> opengotha_keys_clash(const Event& event) {
  std::unordered_map<std::string, const Participant*> holder;
  for (const Participant& p : event.participants) {
    const auto [it, inserted] = holder.emplace(key_of(p), &p);
    if (inserted) continue;
    return Problem{
        fmt::format("'{}' and '{}' have one OpenGotha key, {} (name and first name "
                    "without spaces): the file would read back as one player; write "
                    "their names apart",
                    excerpt(it->second->name, 60), excerpt(p.name, 60), excerpt(it->first, 60)),
        {event.file, 0, 0},
        "opengotha"};
  }
  return std::nullopt;
}

std::optional<Problem> aga_ids_problem(const Event& event) {
  std::unordered_map<std::string_view, const Participant*> holder;
  for (const Participant& p : event.participants) {
    const std::string_view id = trim(p.go.aga_id);
    if (id.empty()) continue;
    const auto problem = [&](std::string reason) {
      return Problem{std::move(reason), {event.file, 0, 0}, std::string(id)};
    };
    if (id.find_first_not_of("0123456789") != std::string_view::npos) {
      return problem(fmt::format("'{}': AGA number '{}' is not a whole number", excerpt(p.name, 60),
                                 excerpt(id, 20)));
    }
    const auto [it, inserted] = holder.emplace(id, &p);
    if (!inserted) {
      return problem(fmt::format("'{}' and '{}' have one AGA number, {}",
                                 excerpt(it->second->name, 60), excerpt(p.name, 60),
                                 excerpt(id, 20)));
    }
  }
  return std::nullopt;
}

void write_opengotha_xml(const Event& event, const McMahonSettings& settings, std::string& out) {
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
  out += "<Tournament dataVersion=\"201\" externalIPAddress=\"\" runningMode=\"UNDEFINED\">\n";
  out += "    <Players>\n";
  const int rounds = std::max({event.rounds, event.planned_rounds, 20});
  for (const Participant& p : event.participants) {
    std::string participating;
    for (int r = 1; r <= rounds; ++r) participating += p.go.participates(r) ? '1' : '0';
    const std::string rank = rank_text(p);
    out += fmt::format(
        "        <Player agaExpirationDate=\"\" agaId=\"{}\" club=\"{}\" country=\"{}\" "
        "egfPin=\"{}\" ffgLicence=\"\" ffgLicenceStatus=\"\" firstName=\"{}\" grade=\"{}\" "
        "name=\"{}\" participating=\"{}\" rank=\"{}\" rating=\"{}\" ratingOrigin=\"\" "
        "registeringStatus=\"FIN\" smmsCorrection=\"{}\"/>\n",
        attribute(p.go.aga_id), attribute(p.go.club), attribute(p.go.country),
        attribute(p.go.egf_pin), attribute(p.go.first_name), rank, attribute(family_name(p)),
        participating, rank, p.rating.value_or(0), p.go.mms_correction);
  }
  out += "    </Players>\n    <Games>\n";
  std::vector<std::pair<int, int>> byes;
  for (int round = 1; round <= event.rounds; ++round) {
    int table = 0;
    for (const Participant& p : event.participants) {
      const RoundRecord* r = record_of(p, round);
      if (r == nullptr) continue;
      if (r->kind == RoundKind::pairing_bye)
        byes.emplace_back(round, static_cast<int>(&p - event.participants.data()));
      if (r->opponent < 0 || r->seat != Seat::second) continue;
      const Participant& black = event.participants[static_cast<std::size_t>(r->opponent)];
      const RoundRecord* b = record_of(black, round);
      if (b == nullptr) continue;
      out += fmt::format(
          "        <Game blackPlayer=\"{}\" handicap=\"{}\" knownColor=\"true\" result=\"{}\" "
          "roundNumber=\"{}\" tableNumber=\"{}\" whitePlayer=\"{}\"/>\n",
          attribute(key_of(black)), r->handicap, result_name(*r, *b), round, ++table,
          attribute(key_of(p)));
    }
  }
  out += "    </Games>\n";
  if (!byes.empty()) {
    out += "    <ByePlayers>\n";
    for (const auto& [round, p] : byes) {
      out += fmt::format("        <ByePlayer player=\"{}\" roundNumber=\"{}\"/>\n",
                         attribute(key_of(event.participants[static_cast<std::size_t>(p)])), round);
    }
    out += "    </ByePlayers>\n";
  }
  out += "    <TournamentParameterSet>\n";
  out += fmt::format(
      "        <GeneralParameterSet basicTime=\"{}\" beginDate=\"{}\" endDate=\"{}\" "
      "genCountNotPlayedGamesAsHalfPoint=\"false\" genMMBar=\"{}\" genMMFloor=\"{}\" "
      "genMMS2ValueAbsent=\"{}\" genMMS2ValueBye=\"{}\" genMMZero=\"30K\" "
      "genNBW2ValueAbsent=\"{}\" genNBW2ValueBye=\"{}\" genRoundDownNBWMMS=\"{}\" komi=\"{}\" "
      "location=\"{}\" name=\"{}\" numberOfCategories=\"1\" numberOfRounds=\"{}\" "
      "shortName=\"{}\" size=\"19\"/>\n",
      settings.basic_time, attribute(settings.begin_date), attribute(settings.end_date),
      go_rank_text(settings.bar), go_rank_text(settings.floor), settings.mms2_absent,
      settings.mms2_bye, settings.nbw2_absent, settings.nbw2_bye,
      settings.round_down ? "true" : "false", attribute(settings.komi),
      attribute(settings.location), attribute(settings.name),
      std::max(event.planned_rounds, event.rounds), attribute(settings.short_name));
  const GoHandicapSettings& h = settings.handicap;
  out += fmt::format(
      "        <HandicapParameterSet hdBasedOnMMS=\"{}\" hdCeiling=\"{}\" hdCorrection=\"{}\" "
      "hdNoHdRankThreshold=\"{}\"/>\n",
      h.based_on_mms ? "true" : "false", h.ceiling, h.correction,
      go_rank_text(h.no_handicap_threshold));
  out += "        <PlacementParameterSet>\n            <PlacementCriteria>\n";
  const auto criteria = placement_criteria(settings);
  for (std::size_t i = 0; i < criteria.size(); ++i) {
    out += fmt::format("                <PlacementCriterion name=\"{}\" number=\"{}\"/>\n",
                       criteria[i].code(), i + 1);
  }
  out += "            </PlacementCriteria>\n        </PlacementParameterSet>\n";
  const GoPairingWeights& w = settings.pairing;
  out += fmt::format(
      "        <PairingParameterSet paiBaAvoidDuplGame=\"{}\" paiBaBalanceWB=\"{}\" "
      "paiBaDeterministic=\"true\" paiBaRandom=\"0\" paiMaAdditionalPlacementCritSystem1=\"{}\" "
      "paiMaAdditionalPlacementCritSystem2=\"{}\" paiMaAvoidMixingCategories=\"{}\" "
      "paiMaCompensateDUDD=\"{}\" paiMaDUDDLowerMode=\"MID\" paiMaDUDDUpperMode=\"MID\" "
      "paiMaDUDDWeight=\"{}\" paiMaLastRoundForSeedSystem1=\"{}\" paiMaMaximizeSeeding=\"{}\" "
      "paiMaMinimizeScoreDifference=\"{}\" paiMaSeedSystem1=\"{}\" paiMaSeedSystem2=\"{}\" "
      "paiSeAvoidSameGeo=\"{}\" paiSeBarThresholdActive=\"{}\" paiSeDefSecCrit=\"{}\" "
      "paiSeMinimizeHandicap=\"{}\" paiSeNbWinsThresholdActive=\"{}\" "
      "paiSePreferMMSDiffRatherThanSameClub=\"{}\" "
      "paiSePreferMMSDiffRatherThanSameCountry=\"{}\" paiSeRankThreshold=\"{}\" "
      "paiStandardNX1Factor=\"{}\"/>\n",
      w.avoid_duplicate_game, w.balance_white_black,
      w.additional_rating_system1 ? "Rating" : "NULL",
      w.additional_rating_system2 ? "Rating" : "NULL", w.avoid_mixing_categories,
      w.compensate_dudd ? "true" : "false", w.dudd, w.last_round_for_seed_system1,
      w.maximize_seeding, w.minimize_score_difference, seeding_name(w.seed_system1),
      seeding_name(w.seed_system2), w.avoid_same_geography,
      w.secondary_bar_threshold ? "true" : "false", w.secondary_default, w.minimize_handicap,
      w.secondary_nbw_threshold ? "true" : "false", w.prefer_score_difference_to_same_club,
      w.prefer_score_difference_to_same_country, go_rank_text(w.secondary_rank_threshold),
      w.concavity);
  out += "    </TournamentParameterSet>\n</Tournament>\n";
}

void write_egf_results(const Event& event, const McMahonSettings& settings,
                       const std::string& egf_class, std::string& out,
                       const EgfPlacement* placement) {
  const GoScoreTable table(event, settings, event.rounds);
  std::vector<GoCriterion> criteria;
  std::vector<GoStandingRow> rows;
  if (placement == nullptr) {
    criteria = placement_criteria(settings);
    rows = go_standings(event, table, criteria, event.rounds);
  } else {
    for (int p : placement->order) rows.push_back({p, static_cast<int>(rows.size()) + 1});
  }
  std::vector<int> place_of(event.participants.size(), 0);
  for (std::size_t i = 0; i < rows.size(); ++i)
    place_of[static_cast<std::size_t>(rows[i].participant)] = static_cast<int>(i) + 1;
  // Header fields the event does not know are left out.
  const auto header_field = [&](std::string_view key, const std::string& value) {
    if (!value.empty()) out += fmt::format("; {}[{}]\n", key, field(value, true));
  };
  header_field("CL", egf_class);
  header_field("EV", settings.name);
  header_field("PC", settings.location);
  if (!settings.begin_date.empty())
    header_field("DT", settings.begin_date + "," +
                           (settings.end_date.empty() ? settings.begin_date : settings.end_date));
  // HA[hN]: handicaps from the grade difference less N (EGF's table format; OpenGotha writes its
  // correction). Every game below carries its own handicap, so this only says what the event
  // set; none for an event without handicaps.
  if (settings.handicap.ceiling > 0 && settings.handicap.correction > 0)
    header_field("HA", "h" + std::to_string(settings.handicap.correction));
  header_field("KM", settings.komi);
  if (settings.basic_time > 0) header_field("TM", std::to_string(settings.basic_time));
  std::string header = "; Pl Name                           Rk Co Club";
  for (const GoCriterion& c : criteria) header += fmt::format(" {:>6}", c.code());
  if (placement != nullptr) {
    for (const std::string& code : placement->columns) header += fmt::format(" {:>6}", code);
  }
  out += header + "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const int p = rows[i].participant;
    const Participant& participant = event.participants[static_cast<std::size_t>(p)];
    const std::string name =
        egf_name(participant, family_name(participant), participant.go.first_name);
    // Country and club are one token each (XX and xxxx when unknown, as OpenGotha writes them).
    const std::string country = egf_token(participant.go.country, "XX");
    std::string line = fmt::format(
        "{:>4} {} {:>3} {:<2} {:<5}", i + 1, pad_right(name, 30), rank_text(participant),
        country.size() < 2 ? std::string("XX") : country, egf_token(participant.go.club, "xxxx"));
    for (const GoCriterion& c : criteria)
      line += fmt::format(
          " {:>6}", go_value_text(go_standing_value(table, rows[i], c, event.rounds), scale(c)));
    if (placement != nullptr) {
      for (const std::string& value : placement->values[i]) line += fmt::format(" {:>6}", value);
    }
    for (int round = 1; round <= event.rounds; ++round) {
      const RoundRecord* r = record_of(participant, round);
      std::string entry;
      const bool forfeit =
          r != nullptr && (r->kind == RoundKind::forfeit_win || r->kind == RoundKind::forfeit_loss);
      if (forfeit) {
        // Not played, so not rated: a free win or a free round (the table's 0+ and 0-).
        entry = r->kind == RoundKind::forfeit_win ? "0+" : "0-";
      } else if (r != nullptr && r->opponent >= 0 && r->outcome != Outcome::none) {
        const char symbol = r->outcome == Outcome::win    ? '+'
                            : r->outcome == Outcome::draw ? '='
                                                          : '-';
        entry = fmt::format("{}{}/{}{}", place_of[static_cast<std::size_t>(r->opponent)], symbol,
                            r->seat == Seat::second ? 'w' : 'b',
                            r->handicap > 0 ? std::to_string(r->handicap) : "");
      } else if (r != nullptr && r->kind == RoundKind::pairing_bye) {
        entry = "0+";
      } else if (table.status(p, round) == GoRoundStatus::absent && settings.mms2_absent == 1 &&
                 !settings.round_down) {
        entry = "0=";
      } else {
        entry = "0-";
      }
      line += fmt::format(" {:>7}", entry);
    }
    if (!participant.go.egf_pin.empty()) line += " |" + field(participant.go.egf_pin, true);
    out += line + "\n";
  }
}

void write_aga_results(const Event& event, const McMahonSettings& settings, std::string& out) {
  // Name, place and first day, those known (no empty part between commas).
  std::string tourney;
  for (const std::string& part : {settings.name.empty() ? settings.short_name : settings.name,
                                  settings.location, settings.begin_date}) {
    const std::string text = field(part, false);
    if (trim(text).empty()) continue;
    tourney += (tourney.empty() ? "" : ", ") + text;
  }
  out += "TOURNEY " + tourney + "\n";
  // Indented under TOURNEY, as in the AGA's example.
  if (!settings.begin_date.empty()) out += "\tstart=" + field(settings.begin_date, false) + "\n";
  if (!settings.end_date.empty()) out += "\tfinish=" + field(settings.end_date, false) + "\n";
  out += "PLAYERS\n";
  // Each player by AGA member number; one without gets a dummy from 99999 down, as OpenGotha's
  // export gives (never a number another player holds): the AGA rates games by these numbers.
  std::vector<std::string> ids;
  {
    std::set<std::string, std::less<>> held;
    for (const Participant& p : event.participants)
      if (!trim(p.go.aga_id).empty()) held.emplace(trim(p.go.aga_id));
    int dummy = 99999;
    for (const Participant& p : event.participants) {
      if (!trim(p.go.aga_id).empty()) {
        ids.push_back(field(std::string(trim(p.go.aga_id)), false));
        continue;
      }
      while (held.contains(std::to_string(dummy))) --dummy;
      ids.push_back(std::to_string(dummy--));
    }
  }
  for (const Participant& p : event.participants) {
    const std::string name = p.go.first_name.empty() ? field(p.name, false)
                                                     : field(family_name(p), false) + ", " +
                                                           field(p.go.first_name, false);
    const int rank = p.go.rank.value_or(kLowestGoRank);
    const std::string aga_rank =
        rank < 0 ? std::to_string(-rank) + "k" : std::to_string(rank + 1) + "d";
    out += fmt::format("{} {} {}\n", ids[static_cast<std::size_t>(&p - event.participants.data())],
                       name, aga_rank);
  }
  // One GAMES section, round after round (the AGA's format has no comment lines).
  out += "GAMES\n";
  for (int round = 1; round <= event.rounds; ++round) {
    for (const Participant& p : event.participants) {
      const RoundRecord* r = record_of(p, round);
      if (r == nullptr || r->opponent < 0 || r->seat != Seat::second) continue;
      // Only games played to a result: AGA rates no forfeit, no jigo and no unknown result.
      if (r->kind != RoundKind::played || r->outcome == Outcome::draw ||
          r->outcome == Outcome::none)
        continue;
      // A one-stone game is handicap 0 without komi for the AGA (OpenGotha's export does so).
      const int stones = r->handicap == 1 ? 0 : r->handicap;
      const std::string komi = r->handicap > 0 ? "0" : settings.komi;
      out += fmt::format("{} {} {} {} {}\n",
                         ids[static_cast<std::size_t>(&p - event.participants.data())],
                         ids[static_cast<std::size_t>(r->opponent)],
                         r->outcome == Outcome::win ? 'w' : 'b', stones, field(komi, false));
    }
  }
}

}  // namespace boardgames
