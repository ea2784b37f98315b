#!/bin/sh
# A complete simulated knock-out through the pipeline:
#   knockout players.csv | fill results | knockout players.csv results.csv | … | standings
# Twelve players (examples/knockout-players.csv, ids in rating order), 2 first-class and 2
# second-class seeds by the serpentine rule, so four byes; two games a match (the books'
# default, colours swapped) with one playoff game, and a third-place match. The "arbiter" fills
# each empty result by a rule: the player with the smaller id (the higher rating) wins, except
# the two games of round 1's second board, both drawn, which send it to the playoff. Then the
# same event as a double elimination.
# Writes into OUT_DIR (default examples/out/knockout/) and checks the outcome the rule must give.
# usage: examples/knockout.sh [BIN_DIR [OUT_DIR]]   (default: build/release/tools)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/release/tools}
out=${2:-$here/out/knockout}
mkdir -p "$out"
players=$here/knockout-players.csv

# Empty results filled by the rule above; the header and every filled row kept as they are.
fill() {
  awk -F, 'BEGIN { OFS = "," }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
    $col["result"] == "" && $col["white"] != "" && $col["black"] != "" {
      if ($col["round"] == 1 && $col["board"] == 2 && $col["game"] <= 2) $col["result"] = "1/2-1/2"
      else $col["result"] = ($col["white"] + 0 < $col["black"] + 0) ? "1-0" : "0-1"
    }
    { print }'
}

# Plays the event to its end: the draw (with the seeds), then each run's rows filled and
# appended, until the placings come.
play() {
  results=$1
  shift
  "$bin/knockout" "$players" --seeds 2,2 --placement serpentine "$@" | fill > "$results"
  runs=1
  while :; do
    "$bin/knockout" "$players" "$results" "$@" > "$out/next.csv"
    if head -n 1 "$out/next.csv" | grep -q '^rank,'; then break; fi
    fill < "$out/next.csv" | tail -n +2 >> "$results"
    runs=$((runs + 1))
    if [ "$runs" -gt 20 ]; then echo "knockout.sh: the event does not end" >&2; exit 1; fi
  done
  echo "$runs runs of knockout"
}

options="--seed 16 --playoff 1"
echo "== The draw: 12 players in 16 slots, byes to the four seeds"
# shellcheck disable=SC2086
"$bin/knockout" "$players" --seeds 2,2 --placement serpentine $options --third-place --format text

echo
echo "== Played to the end: $out/single.csv"
# shellcheck disable=SC2086
play "$out/single.csv" $options --third-place
# shellcheck disable=SC2086
"$bin/knockout" "$players" "$out/single.csv" $options --third-place --format text
# shellcheck disable=SC2086
"$bin/knockout" "$players" "$out/single.csv" $options --third-place -o "$out/placings.csv"
# shellcheck disable=SC2086
"$bin/knockout" "$players" "$out/single.csv" $options --third-place --format svg \
  -o "$out/bracket.svg"
# shellcheck disable=SC2086
"$bin/knockout" "$players" "$out/single.csv" $options --third-place --format html \
  -o "$out/bracket.html"
cat "$out/placings.csv"

echo
echo "== The placings as the players file of standings"
"$bin/standings" --players "$out/placings.csv" "$out/single.csv" 2> /dev/null

echo
echo "== The same players, double elimination: $out/double.csv"
# shellcheck disable=SC2086
play "$out/double.csv" $options --double
# shellcheck disable=SC2086
"$bin/knockout" "$players" "$out/double.csv" $options --double -o "$out/double-placings.csv"
cat "$out/double-placings.csv"

# The rule makes the higher rating win every decided game: the placings follow the ids.
expect() {
  if ! grep -q "^$2" "$1"; then
    echo "knockout.sh: expected a line '$2' in $1" >&2
    exit 1
  fi
}
expect "$out/placings.csv" "1,1,1,Batbayar,"
expect "$out/placings.csv" "2,2,2,Sarangerel,"
expect "$out/placings.csv" "3,3,3,Wang Wei,"
expect "$out/placings.csv" "4,4,4,Li Na,"
expect "$out/double-placings.csv" "1,1,1,Batbayar,"
expect "$out/double-placings.csv" "2,2,2,Sarangerel,"
grep -q '^1,2,3,' "$out/single.csv" || { echo "knockout.sh: no playoff game" >&2; exit 1; }
echo
echo "knockout.sh: the simulated events ended as the rule says"
