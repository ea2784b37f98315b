#!/bin/sh
# The bundled examples as a pipeline: schedules for an individual and a team round robin,
# then the final standings of the individual event once its results are filled in
# (examples/results.csv is that schedule with results). Writes into examples/out/.
# usage: examples/run.sh [BIN_DIR]   (default: build/release/tools)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/release/tools}
out=$here/out
mkdir -p "$out"

echo "== Eight Shatar players, numbers drawn by rating: the schedule to print"
"$bin/rr-schedule" "$here/players.csv" --seed-by rating --format text

echo
echo "== The same schedule as the results CSV the arbiter fills in: $out/schedule.csv"
"$bin/rr-schedule" "$here/players.csv" --seed-by rating --label name -o "$out/schedule.csv"
head -n 5 "$out/schedule.csv"

echo
echo "== Four teams, two boards, double round robin with FIDE's swap: $out/team-schedule.csv"
"$bin/rr-schedule" --teams --boards 2 --double --swap-last-two "$here/team-players.csv" \
  --label name -o "$out/team-schedule.csv"
"$bin/rr-schedule" --teams --boards 2 --double --swap-last-two "$here/team-players.csv" \
  --format text --round 1

echo
echo "== The results filled in: final standings by the Shatar round-robin order"
"$bin/standings" --players "$here/players.csv" "$here/results.csv"

echo
echo "== The crosstable, and as a web page: $out/crosstable.html"
"$bin/standings" --players "$here/players.csv" "$here/results.csv" --format crosstable
"$bin/standings" --players "$here/players.csv" "$here/results.csv" --format html \
  -o "$out/crosstable.html"

echo
echo "== Why Zhao Lei is second: his tie-breaks, opponent by opponent"
"$bin/standings" --players "$here/players.csv" "$here/results.csv" --explain "Zhao Lei"

echo
echo "== A Swiss after three rounds (examples/club.trf): round 4 by the FIDE Dutch system"
"$bin/swiss-pair" "$here/club.trf"

echo
echo "== The same pairing as the results CSV to fill in, and the TRF with round 4 added: $out/"
"$bin/swiss-pair" --format csv "$here/club.trf" -o "$out/round4.csv"
"$bin/swiss-pair" --format trf "$here/club.trf" -o "$out/club-round4.trf"
cat "$out/round4.csv"

echo
echo "== Were rounds 1 to 3 paired as the Dutch system pairs them?"
"$bin/swiss-pair" --check "$here/club.trf"

echo
echo "== 2,000 players: $(
  "$bin/rr-schedule" -n 2000 | wc -l) rows written"
