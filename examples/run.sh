#!/bin/sh
# The bundled examples as a pipeline: schedules for an individual and a team round robin.
# Reads examples/*.csv, writes into examples/out/ and prints the tables.
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
echo "== 2,000 players: $(
  "$bin/rr-schedule" -n 2000 | wc -l) rows written"
