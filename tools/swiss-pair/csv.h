// swiss-pair's CSV input for the Dutch system: the players CSV (alone for round 1, or with the
// results CSV), seeded by rating, with forbidden pairs from a column, players named by id or
// name in the CSV written (--seed-by, --apart, --label).
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "boardgames/io/trf.h"
#include "boardgames/tournament/event.h"
#include "common/tool.h"

struct CsvPairOptions {
  // Registers --seed-by, --apart and --label on `app` (the options live as long as this object).
  explicit CsvPairOptions(CLI::App& app);
  // A usage error when an option of the CSV input is given with a TRF.
  void refuse_with_trf() const;
  // Whether the TRF was read (`trf` set) and, with --label name (not under --check), its players
  // read back as themselves by name (check_names_as_labels: errors into `diagnostics`).
  bool usable_trf(const std::optional<boardgames::swiss::TrfFile>& trf, bool check,
                  boardgames::Diagnostics& diagnostics) const;
  bool by_name() const { return label == "name"; }
  // The CSV written carries the pairing numbers when they are not the players file's order.
  bool numbered() const { return seed_by == "rating"; }

  std::string seed_by = "row";
  std::string apart;
  std::string label = "id";
};

// The event of the CSV input: the results CSV `text` (file `file`) with the players CSV at
// `players_path`, or, without --players, `text` itself when it is a players CSV (round 1; an
// empty `text` is no results either). Seeded and with forbidden pairs as the options say;
// the exit status: kSuccess with `event` set, else kInputRejected (reported, and noted as by
// input_rejected(tool, check)) or kTrouble.
int read_csv_event(boardgames::cli::Tool& tool, const CsvPairOptions& options,
                   const std::string& text, const std::string& file,
                   const std::string& players_path, boardgames::Game game, bool check,
                   boardgames::Event& event);

// The input has errors (reported): a row or line left out would change every pairing, so
// nothing is paired (or, under --check, checked). Says so; returns kInputRejected.
int input_rejected(boardgames::cli::Tool& tool, bool check);
