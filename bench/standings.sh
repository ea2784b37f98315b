#!/bin/sh
# Speed and memory of `standings` over generated results CSVs of about a million rows:
# wall time and peak resident memory for events of different shapes (players × rounds).
# usage: bench/standings.sh [BUILD_DIR]   (default: build/release)
set -eu
build=${1:-$(dirname "$0")/../build/release}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%9s %7s %10s %9s %12s\n' players rounds rows seconds max_rss_kb
for shape in "200000 10" "100000 20" "20000 100"; do
  set -- $shape
  "$build/bench/make_results" "$1" "$2" 2026 > "$tmp/results.csv"
  rows=$(($(wc -l < "$tmp/results.csv") - 1))
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$build/tools/standings" --system shatar-swiss \
    --format csv "$tmp/results.csv" > /dev/null
  read -r seconds rss < "$tmp/time"
  printf '%9s %7s %10s %9s %12s\n' "$1" "$2" "$rows" "$seconds" "$rss"
done
