#!/bin/sh
# swiss-pair on generated events (bench/make_swiss): round 1, round 2 (one round played: score
# groups of a third of the field each, often odd) and a middle round (round 5 of 9, four rounds
# played), for 100, 1,000 and 5,000 players. Seconds and peak memory per pairing.
# usage: bench/swiss-pair.sh [BIN_DIR] [SIZES]   (default: build/release, "100 1000 5000")
#        LIMIT=SECONDS (default 600) stops a pairing that runs longer.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/release}
sizes=${2:-100 1000 5000}
limit=${LIMIT:-600}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %-7s %10s %12s  %s\n' players round seconds "max RSS KB" result
for n in $sizes; do
  for played in 0 1 4; do
    "$bin/bench/make_swiss" "$n" "$played" 9 1 > "$tmp/event.trf"
    status=0
    timeout "$limit" /usr/bin/time -o "$tmp/time" -f '%e %M' "$bin/tools/swiss-pair" --format pairs "$tmp/event.trf" \
      > "$tmp/pairs" 2> "$tmp/err" || status=$?
    if [ "$status" -eq 0 ]; then
      result="$(head -1 "$tmp/pairs") boards"
    elif [ "$status" -eq 124 ]; then
      result="stopped after $limit s"
      echo "$limit -" > "$tmp/time"
    else
      result="exit $status: $(grep -v '^Command' "$tmp/err" | head -1)"
    fi
    read -r seconds rss < "$tmp/time" || true
    printf '%-8s %-7s %10s %12s  %s\n' "$n" "$((played + 1))" "$seconds" "$rss" "$result"
  done
done
