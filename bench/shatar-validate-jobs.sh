#!/bin/sh
# What -j 2 gives against what the machine's two cores can give: for each size, ROUNDS rounds of
# three measurements back to back, each the mean wall time of 10 runs —
#   j1    shatar-validate -j 1 FILE
#   j2    shatar-validate -j 2 FILE
#   pair  two shatar-validate -j 1 FILE side by side (two independent processes: the most two
#         cores give this program on this machine, with nothing shared between them)
# and the speed-up j1/j2 beside the ceiling 2*j1/pair. On a shared or virtual machine the cores
# are not always ours (j1 alone varies from round to round), so compare within a round.
# usage: bench/shatar-validate-jobs.sh [BIN_DIR] [ROUNDS] [GAMES...]
#        (defaults: build/release/tools, 5, 4000 20000 100000; GAMES a multiple of 100)
set -eu
bin=${1:-$(dirname "$0")/../build/release/tools}
rounds=${2:-5}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
counts=${*:-4000 20000 100000}
data=$(dirname "$0")/../../shared/testdata/shatar/selfplay.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sv="$bin/shatar-validate"
now_ns() { date +%s%N; }
ten() {  # mean wall milliseconds of 10 runs of mode $1 on file $2
  t0=$(now_ns)
  for run in 1 2 3 4 5 6 7 8 9 10; do
    case $1 in
      j1) "$sv" -j 1 "$2" > /dev/null 2>&1 || true ;;
      j2) "$sv" -j 2 "$2" > /dev/null 2>&1 || true ;;
      pair)
        "$sv" -j 1 "$2" > /dev/null 2>&1 &
        "$sv" -j 1 "$2" > /dev/null 2>&1 || true
        wait || true
        ;;
    esac
  done
  t1=$(now_ns)
  echo "$t0 $t1" | awk '{printf "%.1f", ($2 - $1) / 1e7}'
}
for games in $counts; do
  copies=$((games / 100))
  i=0
  while [ $i -lt "$copies" ]; do cat "$data"; i=$((i + 1)); done > "$tmp/g$games.pgn"
done
echo "round,games,j1_ms,j2_ms,pair_ms,speedup,ceiling,load"
round=1
while [ $round -le "$rounds" ]; do
  for games in $counts; do
    f="$tmp/g$games.pgn"
    a=$(ten j1 "$f")
    b=$(ten j2 "$f")
    c=$(ten pair "$f")
    echo "$round $games $a $b $c $(cut -d' ' -f1 /proc/loadavg)" |
      awk '{printf "%s,%s,%s,%s,%s,%.2f,%.2f,%s\n", $1, $2, $3, $4, $5, $3 / $4, 2 * $3 / $5, $6}'
  done
  round=$((round + 1))
done
