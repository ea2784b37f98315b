#!/bin/sh
# Speed of shatar-validate: plies validated per second over a large file (the reference
# self-play games repeated), on one core and on two, side by side with pgn-extract checking the
# same file as chess (Debian package pgn-extract, if installed); and perft speed.
# usage: bench/shatar-validate.sh [BIN_DIR] [COPIES]   (defaults: build/release/tools, 500)
set -eu
bin=${1:-$(dirname "$0")/../build/release/tools}
copies=${2:-500}
data=$(dirname "$0")/../../shared/testdata/shatar/selfplay.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$copies" ]; do cat "$data"; i=$((i + 1)); done > "$tmp/big.pgn"
games=$(grep -c '^\[Event' "$tmp/big.pgn")
plies=$("$bin/shatar-validate" --format csv "$tmp/big.pgn" 2>/dev/null | awk -F, 'NR > 1 {s += $6} END {print s}')
echo "file: $games games, $plies plies, $(wc -c < "$tmp/big.pgn") bytes"
best() {  # the fastest of three runs, in seconds
  b=999
  for r in 1 2 3; do
    /usr/bin/time -o "$tmp/t" -f %e "$@" > /dev/null 2>&1 || true
    t=$(cat "$tmp/t")
    b=$(echo "$t $b" | awk '{print ($1 < $2) ? $1 : $2}')
  done
  echo "$b"
}
one=$(best taskset -c 0 "$bin/shatar-validate" -j 1 "$tmp/big.pgn")
two=$(best "$bin/shatar-validate" -j 2 "$tmp/big.pgn")
echo "shatar-validate, one core (taskset -c 0, -j 1): $one s, $(echo "$plies $one" | awk '{printf "%.2f", $1 / $2 / 1e6}') M plies/s"
echo "shatar-validate, -j 2:                        $two s, $(echo "$plies $two" | awk '{printf "%.2f", $1 / $2 / 1e6}') M plies/s"
if command -v pgn-extract > /dev/null 2>&1 || [ -x /usr/games/pgn-extract ]; then
  pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
  ext=$(best taskset -c 0 "$pe" -s "$tmp/big.pgn" -o /dev/null)
  echo "pgn-extract -s, one core:                     $ext s ($(echo "$ext $one" | awk '{printf "%.1f", $1 / $2}')x slower than shatar-validate on one core)"
fi
fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1"
p=$(best "$bin/shatar-validate" --perft 5 --start "$fen")
echo "perft 5, position 3 (133,836,727 leaves): $p s, $(echo "$p" | awk '{printf "%.0f", 133836727 / $1 / 1e6}') M leaves/s"
