#!/bin/sh
# Speed and memory of rr-schedule on large numbered events: wall time and peak resident
# memory (GNU time) for each size; the memory column shows that rows are streamed.
# usage: bench/rr-schedule.sh [BIN_DIR]   (default: build/release/tools)
set -eu
bin=${1:-$(dirname "$0")/../build/release/tools}
printf '%8s %10s %10s %10s\n' players rows seconds max_rss_kb
for n in 500 1000 2000; do
  /usr/bin/time -f "%e %M" -o /tmp/rr-bench.$$ "$bin/rr-schedule" -n "$n" > /tmp/rr-bench-out.$$
  rows=$(($(wc -l < /tmp/rr-bench-out.$$) - 1))
  read -r seconds rss < /tmp/rr-bench.$$
  printf '%8s %10s %10s %10s\n' "$n" "$rows" "$seconds" "$rss"
done
rm -f /tmp/rr-bench.$$ /tmp/rr-bench-out.$$
