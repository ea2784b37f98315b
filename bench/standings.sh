#!/bin/sh
# Speed and memory of `standings` over generated results CSVs of about a million rows:
# wall time and peak resident memory for events of different shapes (players × rounds), then
# a Swiss of 40,000 × 9 ranked by direct encounter (DE: tied groups of thousands), and a round
# robin of 2,000 with 200 withdrawals (their games without a row placed as forfeits).
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
"$build/bench/make_results" 40000 9 2026 > "$tmp/results.csv"
/usr/bin/time -f "%e %M" -o "$tmp/time" "$build/tools/standings" --tiebreaks DE --format csv \
  "$tmp/results.csv" > /dev/null
read -r seconds rss < "$tmp/time"
printf '%9s %7s %10s %9s %12s  (--tiebreaks DE)\n' 40000 9 "$(($(wc -l < "$tmp/results.csv") - 1))" \
  "$seconds" "$rss"
"$build/bench/make_round_robin" 2000 200 2026 "$tmp"
/usr/bin/time -f "%e %M" -o "$tmp/time" "$build/tools/standings" --players "$tmp/players.csv" \
  --format csv "$tmp/results.csv" > /dev/null 2>&1
read -r seconds rss < "$tmp/time"
printf '%9s %7s %10s %9s %12s  (round robin, 200 withdrawn)\n' 2000 1999 \
  "$(($(wc -l < "$tmp/results.csv") - 1))" "$seconds" "$rss"
