// Compares go-score's dead stones with the Go engines' on the counted games
// (../shared/testdata/go/counted/engines/engines.csv: GNU Go 3.8 and Pachi 12.90 with three
// seeds; `consensus` where all four dead lists are equal). Every count here is go-score's area
// count (count_area) of the final position with the dead stones named, with the komi the index
// assumes, so go-score and the engines are compared on their dead stones alone.
//
//   go_engines COUNTED_DIR               the engines' own figures (their dead lists counted)
//   go_engines COUNTED_DIR RUN.json...   one go-score run (--format json, every counted game,
//                                        in as many files as it took, e.g. one per komi)
//   go_engines --list COUNTED_DIR RUN.json...
//                                        one line per game, to diff two runs game by game
//
// Figures of a run:
//   identical   consensus games where go-score's dead stones are exactly the consensus set
//   precision   of the stones go-score calls dead on consensus games, the share the engines do
//   recall      of the consensus dead stones, the share go-score calls dead
//   winner      the count's winner against the record's RE (all games)
//   vs count    the winner against the consensus count, on the consensus games whose count
//               gives the record's winner
//   > 10 off    games whose count is more than 10 points from the consensus count (consensus
//               games), or from every engine's count (the games where the engines disagree)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "boardgames/core/strings.h"
#include "boardgames/go/record.h"

namespace bg = boardgames;
namespace go = boardgames::go;

namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "go_engines: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string base_name(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// One counted game: its final position, the record's result, the engines' dead stones.
struct Game {
  std::string file;  // as index.csv names it (sgf/0001_master.sgf)
  go::Replay replay;
  go::Eighths komi = 0;
  char recorded = '0';         // 'B', 'W' or '0'
  double recorded_margin = 0;  // points, Black positive
  std::vector<go::Point> gnugo;
  std::vector<go::Point> pachi[3];  // seeds 1, 2, 3
  char gnugo_own = '0';             // the winner of GNU Go's own final_score
  char pachi_own = '?';             // the winner of Pachi's own final_score (seed 1); '?' refused
  bool consensus = false;
};

char winner_of(std::string_view result) {
  if (result.empty()) return '?';
  const char c = static_cast<char>(result[0] & ~0x20);
  return (c == 'B' || c == 'W') ? c : '0';
}

// Points of a board from SGF letters ("ao cf ef"), sorted.
std::vector<go::Point> sgf_points(const go::Board& board, std::string_view text,
                                  const std::string& file) {
  std::vector<go::Point> points;
  for (std::string_view word : bg::split(text, ' ')) {
    if (word.empty()) continue;
    const auto p = board.parse_sgf(word);
    if (!p) {
      std::fprintf(stderr, "go_engines: %s: '%.*s' is not a point\n", file.c_str(),
                   static_cast<int>(word.size()), word.data());
      std::exit(1);
    }
    points.push_back(*p);
  }
  std::sort(points.begin(), points.end());
  return points;
}

// The counted games of index.csv, with the engines' dead stones of engines.csv.
std::vector<Game> read_games(const std::filesystem::path& dir) {
  std::vector<Game> games;
  std::map<std::string, std::size_t> by_file;
  {
    std::istringstream index(read_file(dir / "index.csv"));
    std::string line;
    std::getline(index, line);
    while (std::getline(index, line)) {
      const auto cells = bg::split(line, ',');
      if (cells.size() < 20) continue;
      Game game;
      game.file = std::string(cells[0]);
      const std::string recorded(cells[7]);
      game.recorded = winner_of(recorded);
      if (game.recorded != '0' && recorded.size() > 2) {
        game.recorded_margin =
            std::strtod(recorded.c_str() + 2, nullptr) * (game.recorded == 'B' ? 1 : -1);
      }
      game.komi = *go::komi_from_points(std::strtod(std::string(cells[19]).c_str(), nullptr));
      bg::Diagnostics quiet;
      const auto sgf = go::read_sgf(read_file(dir / game.file), game.file, quiet);
      if (sgf.size() != 1) {
        std::fprintf(stderr, "go_engines: %s: not one game\n", game.file.c_str());
        std::exit(1);
      }
      game.replay = go::replay_sgf(sgf[0], go::Rules{});
      by_file[base_name(game.file)] = games.size();
      games.push_back(std::move(game));
    }
  }
  std::istringstream engines(read_file(dir / "engines" / "engines.csv"));
  std::string line;
  std::getline(engines, line);
  std::size_t rows = 0;
  while (std::getline(engines, line)) {
    const auto cells = bg::split(line, ',');
    if (cells.size() < 11) continue;
    const auto found = by_file.find(base_name(cells[0]));
    if (found == by_file.end()) continue;
    Game& game = games[found->second];
    const go::Board& board = game.replay.board;
    game.gnugo = sgf_points(board, cells[2], game.file);
    game.gnugo_own = winner_of(cells[3]);
    game.pachi[0] = sgf_points(board, cells[4], game.file);
    game.pachi_own = winner_of(cells[5]);
    game.consensus = cells[6] == "1";
    game.pachi[1] = sgf_points(board, cells[9], game.file);
    game.pachi[2] = sgf_points(board, cells[10], game.file);
    ++rows;
  }
  if (rows != games.size()) {
    std::fprintf(stderr, "go_engines: engines.csv has %zu of the %zu games\n", rows, games.size());
    std::exit(1);
  }
  return games;
}

// The area count with those dead stones: Black's margin in points (quarter points exact).
double margin_with(const Game& game, const std::vector<go::Point>& dead) {
  go::ScoreSettings settings;
  settings.komi = game.komi;
  return static_cast<double>(go::count_area(game.replay.board, dead, settings).margin) / 4;
}

char winner_of(double margin) { return margin > 0 ? 'B' : margin < 0 ? 'W' : '0'; }

std::string result_text(double margin) {
  if (margin == 0) return "0";
  return fmt::format("{}+{}", margin > 0 ? 'B' : 'W', std::abs(margin));
}

// A minimal reader for go-score's JSON: per object, the "file" string and the "dead" array of
// strings (A1 names). Iterative; it knows only what go-score writes.
std::map<std::string, std::vector<std::string>> read_run(const std::string& text) {
  std::map<std::string, std::vector<std::string>> dead_by_file;
  std::size_t i = 0;
  auto string_at = [&](std::size_t& k) {
    std::string out;
    for (++k; k < text.size() && text[k] != '"'; ++k) {
      if (text[k] == '\\' && k + 1 < text.size()) ++k;
      out += text[k];
    }
    ++k;
    return out;
  };
  int depth = 0;
  std::string key;
  std::string file;
  std::vector<std::string> dead;
  bool in_dead = false;
  bool expect_key = false;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '"') {
      std::string s = string_at(i);
      if (depth == 2 && expect_key) {
        key = std::move(s);
        expect_key = false;
      } else if (depth == 2 && key == "file") {
        file = std::move(s);
      } else if (depth == 3 && in_dead) {
        dead.push_back(std::move(s));
      }
      continue;
    }
    if (c == '{' || c == '[') {
      ++depth;
      if (depth == 2) {
        file.clear();
        dead.clear();
        expect_key = true;
      }
      if (depth == 3) in_dead = key == "dead";
    } else if (c == '}' || c == ']') {
      if (depth == 2) dead_by_file[base_name(file)] = dead;
      if (depth == 3) in_dead = false;
      --depth;
    } else if (c == ',' && depth == 2) {
      expect_key = true;
    }
    ++i;
  }
  return dead_by_file;
}

// How often each engine gives the record's winner: its dead stones counted by go-score's area
// count, and its own final_score (Pachi refuses to score what it judges unfinished).
struct EngineWinners {
  int gnugo_counted = 0;
  int gnugo_own = 0;
  int pachi_counted[3] = {0, 0, 0};
  int pachi_own = 0;
  int pachi_scored = 0;  // games Pachi gave a score for
};

EngineWinners engine_winners(const std::vector<Game>& games) {
  EngineWinners w;
  for (const Game& game : games) {
    w.gnugo_counted += winner_of(margin_with(game, game.gnugo)) == game.recorded;
    w.gnugo_own += game.gnugo_own == game.recorded;
    for (int s = 0; s < 3; ++s)
      w.pachi_counted[s] += winner_of(margin_with(game, game.pachi[s])) == game.recorded;
    if (game.pachi_own != '?') {
      ++w.pachi_scored;
      w.pachi_own += game.pachi_own == game.recorded;
    }
  }
  return w;
}

void engines_figures(const std::vector<Game>& games) {
  int consensus = 0;
  int consensus_winner = 0;
  int gnugo_pachi_same = 0;
  for (const Game& game : games) {
    gnugo_pachi_same += game.gnugo == game.pachi[0];
    if (game.consensus) {
      ++consensus;
      consensus_winner += winner_of(margin_with(game, game.gnugo)) == game.recorded;
    }
  }
  const EngineWinners w = engine_winners(games);
  const auto n = games.size();
  fmt::print("engines ({} games, {} consensus; GNU Go and Pachi seed 1 agree on {}):\n", n,
             consensus, gnugo_pachi_same);
  fmt::print("  GNU Go's dead stones counted: winner {} of {}; GNU Go's own score: winner {}\n",
             w.gnugo_counted, n, w.gnugo_own);
  fmt::print(
      "  Pachi's dead stones counted, seeds 1-3: winner {}, {}, {}; Pachi's own score: "
      "winner {} of the {} it scored ({} refused as unfinished)\n",
      w.pachi_counted[0], w.pachi_counted[1], w.pachi_counted[2], w.pachi_own, w.pachi_scored,
      static_cast<int>(n) - w.pachi_scored);
  fmt::print("  consensus count: winner {} of {} consensus games\n", consensus_winner, consensus);
}

// "+2" or "-5": go-score's winners less the engine's.
std::string versus(int ours, int theirs) {
  return fmt::format("{}{}", ours >= theirs ? "+" : "-", std::abs(ours - theirs));
}

void run_figures(const std::vector<Game>& games,
                 const std::map<std::string, std::vector<std::string>>& run, bool list,
                 const std::string& label) {
  int counted = 0;
  int consensus = 0;
  int identical = 0;
  int ours_stones = 0;
  int reference_stones = 0;
  int common_stones = 0;
  int winner = 0;
  int exact = 0;
  int count_games = 0;  // consensus games whose count gives the record's winner
  int count_winner = 0;
  int far_consensus = 0;
  int disputed = 0;
  int far_disputed = 0;
  std::vector<std::string> far_names;
  for (const Game& game : games) {
    const auto found = run.find(base_name(game.file));
    if (found == run.end()) {
      std::fprintf(stderr, "go_engines: %s: not in the run\n", game.file.c_str());
      continue;
    }
    ++counted;
    const go::Board& board = game.replay.board;
    std::vector<go::Point> ours;
    for (const std::string& name : found->second) {
      const auto p = board.parse(name);
      if (p) ours.push_back(*p);
    }
    std::sort(ours.begin(), ours.end());
    const double margin = margin_with(game, ours);
    winner += winner_of(margin) == game.recorded;
    exact += margin == game.recorded_margin;
    const double gnugo_margin = margin_with(game, game.gnugo);
    std::vector<go::Point> common;
    std::set_intersection(ours.begin(), ours.end(), game.gnugo.begin(), game.gnugo.end(),
                          std::back_inserter(common));
    bool far = false;
    if (game.consensus) {
      ++consensus;
      identical += ours == game.gnugo;
      ours_stones += static_cast<int>(ours.size());
      reference_stones += static_cast<int>(game.gnugo.size());
      common_stones += static_cast<int>(common.size());
      if (winner_of(gnugo_margin) == game.recorded) {
        ++count_games;
        count_winner += winner_of(margin) == winner_of(gnugo_margin);
      }
      far = std::abs(margin - gnugo_margin) > 10;
      far_consensus += far;
    } else {
      ++disputed;
      double nearest = std::abs(margin - gnugo_margin);
      for (const auto& pachi : game.pachi)
        nearest = std::min(nearest, std::abs(margin - margin_with(game, pachi)));
      far = nearest > 10;
      far_disputed += far;
    }
    if (far) far_names.push_back(base_name(game.file).substr(0, 4) + (game.consensus ? "" : "*"));
    if (list) {
      std::vector<std::string> missing;
      std::vector<std::string> extra;
      for (go::Point p : game.gnugo) {
        if (!std::binary_search(ours.begin(), ours.end(), p)) missing.push_back(board.name(p));
      }
      for (go::Point p : ours) {
        if (!std::binary_search(game.gnugo.begin(), game.gnugo.end(), p))
          extra.push_back(board.name(p));
      }
      fmt::print("{} {} {} ours {} gnugo {} record {} | not dead: {} | dead too: {}\n",
                 base_name(game.file), game.consensus ? "consensus" : "disputed ",
                 ours == game.gnugo ? "same" : "DIFF", result_text(margin),
                 result_text(gnugo_margin), result_text(game.recorded_margin),
                 bg::join(missing, " "), bg::join(extra, " "));
    }
  }
  if (list) return;
  fmt::print("{}: {} games\n", label, counted);
  fmt::print(
      "  dead stones identical to the consensus: {} of {} ({:.1f}%); stones: precision {:.1f}% ({} "
      "of {}), "
      "recall {:.1f}% ({} of {})\n",
      identical, consensus, 100.0 * identical / std::max(1, consensus),
      100.0 * common_stones / std::max(1, ours_stones), common_stones, ours_stones,
      100.0 * common_stones / std::max(1, reference_stones), common_stones, reference_stones);
  fmt::print(
      "  winner vs records {} of {} ({:.1f}%), exact margin {}; vs the consensus count where it "
      "gives the "
      "record's winner {} of {}\n",
      winner, counted, 100.0 * winner / std::max(1, counted), exact, count_winner, count_games);
  // Issue 17's goal: winners at or above every engine's. Pachi's own score counts the games it
  // refused as not agreeing.
  const EngineWinners w = engine_winners(games);
  const int pachi_best = std::max({w.pachi_counted[0], w.pachi_counted[1], w.pachi_counted[2]});
  fmt::print(
      "  winner vs each engine's: GNU Go's own score {} ({}), its dead stones counted {} ({}); "
      "Pachi's own score {} ({}), its dead stones counted {} ({}); at or above every engine's: "
      "{}\n",
      w.gnugo_own, versus(winner, w.gnugo_own), w.gnugo_counted, versus(winner, w.gnugo_counted),
      w.pachi_own, versus(winner, w.pachi_own), pachi_best, versus(winner, pachi_best),
      winner >= std::max({w.gnugo_own, w.gnugo_counted, w.pachi_own, pachi_best}) ? "yes" : "no");
  fmt::print(
      "  more than 10 points off: {} of {} consensus games, {} of {} where the engines disagree "
      "(from every "
      "engine's count){}{}\n",
      far_consensus, consensus, far_disputed, disputed, far_names.empty() ? "" : ": ",
      bg::join(far_names, " "));
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool list = false;
  if (!args.empty() && args[0] == "--list") {
    list = true;
    args.erase(args.begin());
  }
  std::string label = "go-score";
  if (args.size() >= 2 && args[0] == "--label") {
    label = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) {
    std::fprintf(stderr, "usage: go_engines [--list] [--label TEXT] COUNTED_DIR [RUN.json...]\n");
    return 2;
  }
  const std::vector<Game> games = read_games(args[0]);
  if (args.size() == 1) {
    engines_figures(games);
    return 0;
  }
  std::map<std::string, std::vector<std::string>> run;
  for (std::size_t k = 1; k < args.size(); ++k) {
    for (auto& [file, dead] : read_run(read_file(args[k]))) run[file] = std::move(dead);
  }
  run_figures(games, run, list, label);
  return 0;
}
