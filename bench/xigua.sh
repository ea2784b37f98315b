#!/bin/sh
# Xigua speeds: perft leaves per second from the start position, and engine nodes per second
# (analyse from the start at a fixed depth).
# usage: bench/xigua.sh [BIN_DIR]   (default: build/release/tools)
set -eu
bin=${1:-$(dirname "$0")/../build/release/tools}
for depth in 8 9 10; do
  /usr/bin/time -o /tmp/xigua-bench.$$ -f %e "$bin/xigua-play" --perft "$depth" > /tmp/xigua-bench-out.$$
  n=$(tail -1 /tmp/xigua-bench-out.$$)
  t=$(cat /tmp/xigua-bench.$$)
  echo "perft $depth: $n in $t s ($(echo "$n $t" | awk '{printf "%.1f", $1 / ($2 > 0 ? $2 : 0.001) / 1e6}') M/s)"
done
"$bin/xigua-play" analyse --level 14 | tail -4
rm -f /tmp/xigua-bench.$$ /tmp/xigua-bench-out.$$
