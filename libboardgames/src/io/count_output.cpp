#include "boardgames/io/count_output.h"

#include <fmt/format.h>

#include <iterator>

#include "boardgames/core/strings.h"
#include "boardgames/core/utf8.h"
#include "boardgames/go/drawing.h"
#include "boardgames/io/round_tag.h"
#include "boardgames/tournament/event.h"  // kMaxHandicap

namespace boardgames {

using namespace go;

namespace {

// A recorded result the count does not decide: resignation, time, forfeit (B+R, W+Resign,
// B+T, W+Time, B+F, W+Forfeit).
bool ended_off_the_count(std::string_view recorded) {
  const std::size_t plus = recorded.find('+');
  if (plus == std::string_view::npos) return false;
  const std::string how = to_lower_ascii(trim(recorded.substr(plus + 1)));
  return how == "r" || how == "resign" || how == "t" || how == "time" || how == "f" ||
         how == "forfeit";
}

}  // namespace

CountWriter::CountWriter(CountFormat format, bool show_board, std::string& out,
                         Diagnostics* diagnostics)
    : format_(format),
      show_board_(show_board),
      out_(out),
      csv_(out),
      json_(out),
      diagnostics_(diagnostics) {
  if (format_ == CountFormat::results) {
    // The columns of swiss-pair's McMahon rounds: the handicap is read back (standings' SOS
    // correction and federation files); the komi, like theirs, is for the reader's eye.
    csv_.fields({"round", "board", "black", "white", "handicap", "komi", "result"});
    csv_.end_row();
  }
  if (format_ == CountFormat::csv) {
    csv_.fields({"file", "game", "status", "reason", "black", "white", "komi", "black_count",
                 "white_count", "result", "warnings"});
    csv_.end_row();
  }
  if (format_ == CountFormat::json) json_.begin_array();
}

void CountWriter::write(const GameInput& job, const GameOutcome& outcome) {
  // The warnings, for the batch outputs, without the "game N: " every message starts with.
  std::vector<std::string> warnings;
  const std::string prefix = job.game > 0 ? fmt::format("game {}: ", job.game) : "";
  for (const Diagnostic& d : outcome.findings) {
    if (d.severity != Severity::warning) continue;
    warnings.push_back(d.message.starts_with(prefix) ? d.message.substr(prefix.size()) : d.message);
  }
  const std::string where = job.game > 0 ? fmt::format("{} game {}", job.file, job.game) : job.file;
  const Replay& r = outcome.replay;
  const std::string_view status = status_name(outcome.status);
  const Score* score = outcome.score ? &*outcome.score : nullptr;
  const std::string komi = score ? eighths_text(score->komi * 2) : "";  // points
  if (format_ == CountFormat::results) {
    // A result only for a game played out: counted to its end (ok), or legal to where it
    // ended off the count (resignation, time, forfeit: RE as written). Any other game gives no
    // row, and an error says so (the run's exit status 1): an unfinished game's count, an
    // illegal record's RE, are no results.
    // A void game (RE[Void]: annulled) has no result at all, whatever its count.
    if (iequals_ascii(trim(r.result), "Void")) {
      if (diagnostics_) {
        diagnostics_->warning({job.file, job.sgf.line, 0},
                              fmt::format("{}no results row: the record says the game is void "
                                          "(RE[Void])",
                                          prefix));
      }
      return;
    }
    const bool legal = outcome.status == GameStatus::ok || outcome.status == GameStatus::unfinished;
    const bool off_the_count = legal && ended_off_the_count(r.result);
    if (!off_the_count && outcome.status != GameStatus::ok) {
      if (diagnostics_ && outcome.status == GameStatus::unfinished) {
        diagnostics_->error({job.file, job.sgf.line, 0},
                            fmt::format("{}no results row: the game is unfinished ({}) and its "
                                        "record gives no resignation, time or forfeit",
                                        prefix, outcome.reason));
      }
      return;
    }
    const SgfProperty* round =
        job.sgf.main_line.empty() ? nullptr : job.sgf.main_line[0].find("RO");
    const std::string_view tag =
        round != nullptr && !round->values.empty() ? std::string_view(round->values[0]) : "";
    const auto place = parse_round_tag(tag);
    if (!place && diagnostics_) {
      // At the RO property when there is one; the message, like every one, names the game, the
      // place its file.
      const SourceLocation at =
          round != nullptr ? SourceLocation{job.file, round->where.line, round->where.column}
                           : SourceLocation{job.file, job.sgf.line, 0};
      diagnostics_->warning(at, fmt::format("{}RO[{}] gives no round (\"3\" or \"3.2\", round and "
                                            "board): its row has an empty round to fill in",
                                            prefix, excerpt(tag, 20)));
    }
    csv_.field(place ? place->round : "").field(place ? place->board : "");
    // The results CSV holds a tournament's handicaps, 0 to 9; a larger HA (a teaching game)
    // leaves the cell empty, said, rather than a row every reader refuses.
    const bool handicap_fits = r.handicap <= kMaxHandicap;
    if (!handicap_fits && diagnostics_) {
      diagnostics_->warning({job.file, job.sgf.line, 0},
                            fmt::format("{}HA[{}] is beyond the results CSV's handicaps (0 to {}): "
                                        "its handicap cell is left empty",
                                        prefix, r.handicap, kMaxHandicap));
    }
    csv_.field(r.black).field(r.white);
    if (handicap_fits) {
      csv_.field(r.handicap);
    } else {
      csv_.field("");
    }
    csv_.field(komi);
    csv_.field(score && !off_the_count ? score->sgf_result() : r.result);
    csv_.end_row();
  } else if (format_ == CountFormat::csv) {
    csv_.field(job.file)
        .field(job.game)
        .field(status)
        .field(outcome.reason)
        .field(r.black)
        .field(r.white)
        .field(komi);
    if (score) {
      csv_.field(eighths_text(score->black))
          .field(eighths_text(score->white))
          .field(score->sgf_result());
    } else {
      csv_.field("").field("").field("");
    }
    csv_.field(join(warnings, "; "));
    csv_.end_row();
  } else if (format_ == CountFormat::json) {
    json_.begin_object();
    json_.key("file").value(job.file);
    json_.key("game").value(job.game);
    json_.key("status").value(status);
    json_.key("reason").value(outcome.reason);
    json_.key("warnings").begin_array();
    for (const std::string& w : warnings) json_.value(w);
    json_.end_array();
    json_.key("black").value(r.black);
    json_.key("white").value(r.white);
    json_.key("recorded").value(r.result);
    if (score) {
      json_.key("komi_points").raw_number(komi);
      json_.key("black_count").raw_number(eighths_text(score->black));
      json_.key("white_count").raw_number(eighths_text(score->white));
      json_.key("result").value(score->sgf_result());
      json_.key("dead_stones").value(outcome.dead_source);
    } else {
      for (const char* name :
           {"komi_points", "black_count", "white_count", "result", "dead_stones"})
        json_.key(name).null();
    }
    json_.key("dead").begin_array();
    if (score) {
      for (Point p : score->dead) json_.value(r.board.name(p));
    }
    json_.end_array();
    json_.key("uncertain").begin_array();
    for (Point p : outcome.settlement.uncertain) json_.value(r.board.name(p));
    json_.end_array();
    if (score) {
      json_.key("shared_points").value(score->shared_points);
      json_.key("open_border")
          .value(score->open_border() ? static_cast<int>(score->largest_shared_region.size()) : 0);
    } else {
      json_.key("shared_points").null();
      json_.key("open_border").null();
    }
    json_.end_object();
  } else if (!score) {
    fmt::format_to(std::back_inserter(out_), "{}: not counted ({}): {}\n", where, status,
                   outcome.reason);
  } else if (outcome.status == GameStatus::unfinished) {
    fmt::format_to(std::back_inserter(out_), "{}: {}; unfinished ({}), counted as it stands\n",
                   where, score->text(),
                   score->open_border() ? "a border left open" : "a territory too large");
  } else {
    fmt::format_to(std::back_inserter(out_), "{}: {}\n", where, score->text());
  }
  if (score && show_board_) out_ += board_diagram(r.board, *score);
}

void CountWriter::finish() {
  if (format_ != CountFormat::json) return;
  json_.end_array();
  json_.finish();
}

}  // namespace boardgames
