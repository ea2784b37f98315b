#!/bin/sh
# Speed of shatar-validate against pgn-extract (Debian package pgn-extract, if installed) on the
# reference self-play games repeated to 4,000, 20,000 and 100,000 games: CPU time (user +
# system, start-up included) of shatar-validate -j 1 and -j 2 and of pgn-extract checking the
# same file as chess, both `-r -s` (report only: the comparable task) and `-s -o /dev/null`
# (which also writes the games out); the wall time of -j 1 and -j 2 and the speed-up of -j 2
# (wall -j 1 / wall -j 2); each the best of three, the programs run back to back so that a
# loaded machine slows them alike (the load average is printed: wall times mean little when it
# is above the 2 cores). Then perft speed.
# usage: bench/shatar-validate.sh [BIN_DIR] [GAMES...]
#        (defaults: build/release/tools, 4000 20000 100000; GAMES a multiple of 100)
set -eu
bin=${1:-$(dirname "$0")/../build/release/tools}
[ $# -gt 0 ] && shift
counts=${*:-4000 20000 100000}
data=$(dirname "$0")/../../shared/testdata/shatar/selfplay.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pe" ] || pe=
cpu() {  # the CPU seconds (user + system) of one run; its wall seconds in $tmp/wall
  /usr/bin/time -o "$tmp/t" -f '%U %S %e' "$@" > /dev/null 2>&1 || true
  awk '{printf "%.2f", $1 + $2}' "$tmp/t"
  awk '{print $3}' "$tmp/t" > "$tmp/wall"
}
best() {  # the least of the numbers given
  echo "$@" | tr ' ' '\n' | sort -n | head -1
}
ratio() { echo "$1 $2" | awk '{printf "%.1f", ($2 > 0) ? $1 / $2 : 0}'; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "games,MB,sv_j1_s,sv_j1_wall_s,sv_j2_cpu_s,sv_j2_wall_s,j2_speedup,pe_r_s,pe_o_s,pe_r/sv_j1,pe_o/sv_j1"
for games in $counts; do
  copies=$((games / 100))
  i=0
  while [ $i -lt "$copies" ]; do cat "$data"; i=$((i + 1)); done > "$tmp/big.pgn"
  mb=$(wc -c < "$tmp/big.pgn" | awk '{printf "%.1f", $1 / 1e6}')
  one="" wall1="" two="" wall="" r="" o=""
  for run in 1 2 3; do
    one="$one $(cpu "$bin/shatar-validate" -j 1 "$tmp/big.pgn")"
    wall1="$wall1 $(cat "$tmp/wall")"
    two="$two $(cpu "$bin/shatar-validate" -j 2 "$tmp/big.pgn")"
    wall="$wall $(cat "$tmp/wall")"
    if [ -n "$pe" ]; then
      r="$r $(cpu "$pe" -r -s "$tmp/big.pgn")"
      o="$o $(cpu "$pe" -s "$tmp/big.pgn" -o /dev/null)"
    fi
  done
  one=$(best $one) wall1=$(best $wall1) two=$(best $two) wall=$(best $wall)
  if [ -n "$pe" ]; then r=$(best $r) o=$(best $o); else r=- o=-; fi
  echo "$games,$mb,$one,$wall1,$two,$wall,$(ratio "$wall1" "$wall"),$r,$o,$(ratio "$r" "$one"),$(ratio "$o" "$one")"
done
fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1"
p=$(best "$(cpu "$bin/shatar-validate" --perft 5 --start "$fen")" \
  "$(cpu "$bin/shatar-validate" --perft 5 --start "$fen")")
echo "perft 5, position 3 (133,836,727 leaves): $p s CPU"
