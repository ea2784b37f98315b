#!/bin/sh
# The seven tools on the bundled examples, as an arbiter uses them:
#   1. shatar-validate: a round robin's Shatar records checked in batch, then ranked from them;
#   2. go-score: Go games replayed and counted under the Chinese rules;
#   3. xigua-play validate: a Xigua referee run over a round's records;
#   4. rr-schedule, standings: a round robin's schedule, and its standings once filled in;
#   5. swiss-pair, standings: a Swiss from registration to the rating report — the players CSV,
#      four rounds paired and "played" (each empty result filled by a fixed rule: the player
#      whose id sorts first wins, except a draw on board 2), the standings, the Swiss
#      crosstable, the web page and the FIDE TRF, read back;
#   6. knockout: a knock-out draw and, its first round filled in, the next round.
# Deterministic (every draw by lot takes a seed) and quick (about a second).
# usage: examples/run.sh [BIN_DIR [OUT_DIR]]
#   BIN_DIR: the tools (default build/release/tools); OUT_DIR: where the files it makes go
#   (default examples/out).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/release/tools}
out=${2:-$here/out}
mkdir -p "$out"
echo "Writing into $out"

echo
echo "== 1. Shatar: the records of a four-player round robin checked in batch"
"$bin/shatar-validate" "$here"/shatar/round*.pgn

echo
echo "== ... a disputed record: 2. d4 is a chess move, not a Shatar one (exit status 1)"
status=0
"$bin/shatar-validate" "$here/shatar/disputed.pgn" || status=$?
echo "exit status $status"

echo
echo "== ... the records as results rows, ranked by the Shatar round-robin order"
"$bin/shatar-validate" --format results "$here"/shatar/round*.pgn -o "$out/shatar-results.csv"
"$bin/standings" "$out/shatar-results.csv"

echo
echo "== 2. Go: two games replayed and counted (Chinese rules, komi 7.5)"
"$bin/go-score" "$here/go/round1.sgf"
"$bin/go-score" --format results "$here/go/round1.sgf"

echo
echo "== 3. Xigua: the referee's check of round 1"
"$bin/xigua-play" validate "$here/xigua/round1.xg"

echo
echo "== 4. Eight Shatar players, numbers drawn by rating: the round-robin schedule"
"$bin/rr-schedule" "$here/players.csv" --seed-by rating --format text --round 1
"$bin/rr-schedule" "$here/players.csv" --seed-by rating --label name -o "$out/schedule.csv"
echo "(the results CSV to fill in: $out/schedule.csv; examples/results.csv is it filled in)"
echo
"$bin/standings" --players "$here/players.csv" "$here/results.csv"
echo
"$bin/standings" --players "$here/players.csv" "$here/results.csv" --format crosstable
"$bin/standings" --players "$here/players.csv" "$here/results.csv" --format html \
  --title "Club Round Robin" -o "$out/round-robin.html"
echo
echo "== ... why Zhao Lei is second: his tie-breaks, opponent by opponent"
"$bin/standings" --players "$here/players.csv" "$here/results.csv" --explain "Zhao Lei"

echo
echo "== 5. A Swiss from registration: ten players, four rounds by the FIDE Dutch system"
players=$here/swiss-players.csv
fill() {
  awk -F, 'BEGIN { OFS = "," }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
    $col["result"] == "" && $col["white"] != "" && $col["black"] != "" {
      if ($col["board"] == 2) $col["result"] = "1/2-1/2"
      else $col["result"] = ($col["white"] < $col["black"]) ? "1-0" : "0-1"
    }
    { print }'
}
pair="$bin/swiss-pair --seed-by rating --rounds 4"
$pair --seed 7 "$players"
$pair --seed 7 --format csv "$players" | fill > "$out/swiss-results.csv"
for round in 2 3 4; do
  $pair --players "$players" --format csv "$out/swiss-results.csv" | fill | tail -n +2 \
    >> "$out/swiss-results.csv"
done
echo "(four rounds paired and filled in: $out/swiss-results.csv)"
tiebreaks="--tiebreaks BH-C1,BH,SB"
echo
# shellcheck disable=SC2086
"$bin/standings" $tiebreaks --players "$players" --title "Club Swiss" "$out/swiss-results.csv"
echo
# shellcheck disable=SC2086
"$bin/standings" $tiebreaks --players "$players" --title "Club Swiss" --format crosstable \
  "$out/swiss-results.csv"
# shellcheck disable=SC2086
"$bin/standings" $tiebreaks --players "$players" --title "Club Swiss" --format html \
  -o "$out/swiss.html" "$out/swiss-results.csv"
# shellcheck disable=SC2086
"$bin/standings" $tiebreaks --players "$players" --title "Club Swiss" --format trf \
  -o "$out/swiss-report.trf" "$out/swiss-results.csv"
echo
echo "== ... the rating report (FIDE TRF): $out/swiss-report.trf"
cat "$out/swiss-report.trf"
echo
echo "== ... read back: the standings from the TRF; were its rounds paired by the Dutch system?"
# shellcheck disable=SC2086
"$bin/standings" $tiebreaks "$out/swiss-report.trf"
"$bin/swiss-pair" --check "$out/swiss-report.trf"

echo
echo "== 6. A knock-out of twelve: the draw (byes to the four seeds), then the next round"
ko_players=$here/knockout-players.csv
"$bin/knockout" "$ko_players" --seeds 2,2 --seed 16 -o "$out/knockout.csv"
cat "$out/knockout.csv"
echo "(round 1 filled in by a rule: the player with the smaller id wins)"
awk -F, 'BEGIN { OFS = "," }
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
  $col["result"] == "" && $col["white"] != "" && $col["black"] != "" {
    $col["result"] = ($col["white"] + 0 < $col["black"] + 0) ? "1-0" : "0-1"
  }
  { print }' "$out/knockout.csv" > "$out/knockout-round1.csv"
"$bin/knockout" "$ko_players" "$out/knockout-round1.csv" --seed 16
echo
"$bin/knockout" "$ko_players" "$out/knockout-round1.csv" --seed 16 --format text
