#!/bin/sh
# One complete simulated event for each competition system of competitions.md, through the
# pipeline an arbiter runs:
#   tool players.csv | fill results | tool players.csv results.csv | ... | standings
#   1. single elimination;  2. double elimination with a reset;  3. multi-loss, --losses 3;
#   4. Swiss with elimination;  5. groups, then a knock-out final of the group leaders.
# The "arbiter" fills every empty result by a fixed rule on the twelve players of
# examples/knockout-players.csv (ids in rating order): the smaller id (the higher rating) wins,
# except in the round given as `upset`, where the larger id wins, and on the board given as
# `draw`, drawn. Each event's final placings are then checked: every entrant placed once, the
# winner with fewer losses than put anyone else out, everyone else out at exactly that many.
# Deterministic (every lot takes --seed). Writes into OUT_DIR (default examples/out/systems/).
# usage: examples/systems.sh [BIN_DIR [OUT_DIR]]   (default: build/release/tools)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/release/tools}
out=${2:-$here/out/systems}
mkdir -p "$out"
players=$here/knockout-players.csv

fail() {
  echo "systems.sh: $*" >&2
  exit 1
}

# fill [upset [draw]]: empty results filled by the rule above; every other line kept.
fill() {
  awk -F, -v upset="${1:-0}" -v draw="${2:-0}" 'BEGIN { OFS = "," }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
    $col["result"] == "" && $col["white"] != "" && $col["black"] != "" {
      w = $col["white"] + 0; b = $col["black"] + 0
      if ($col["board"] == draw) $col["result"] = "1/2-1/2"
      else if ($col["round"] == upset) $col["result"] = (w > b) ? "1-0" : "0-1"
      else $col["result"] = (w < b) ? "1-0" : "0-1"
    }
    { print }'
}

# play RESULTS UPSET PLAYERS OPTIONS...: the draw, then each run's rows filled and appended
# until knockout writes the placings (RESULTS.placings).
play() {
  results=$1
  upset=$2
  entrants=$3
  shift 3
  runs=1
  while :; do
    "$bin/knockout" "$entrants" "$results" "$@" > "$out/next.csv"
    if head -n 1 "$out/next.csv" | grep -q '^rank,'; then break; fi
    fill "$upset" < "$out/next.csv" | tail -n +2 >> "$results"
    runs=$((runs + 1))
    [ "$runs" -le 40 ] || fail "$results: the event does not end"
  done
  mv "$out/next.csv" "$results.placings"
  echo "$runs runs of knockout: $results.placings"
}

# check_placings PLACINGS RESULTS ENTRANTS OUT_AT: every entrant of ENTRANTS placed once in
# PLACINGS; from the games of RESULTS, the winner (rank 1) has fewer than OUT_AT losses and
# everyone else exactly OUT_AT.
check_placings() {
  awk -F, -v out_at="$4" -v placings="$1" '
    FILENAME == ARGV[1] && FNR == 1 { for (i = 1; i <= NF; i++) e[$i] = i; next }
    FILENAME == ARGV[1] { entrant[$e["id"]] = 1; entrants++; next }
    FILENAME == ARGV[2] && FNR == 1 { for (i = 1; i <= NF; i++) r[$i] = i; next }
    FILENAME == ARGV[2] {
      if ($r["white"] == "" || $r["black"] == "") next
      if ($r["result"] == "1-0") lost[$r["black"]]++
      else if ($r["result"] == "0-1") lost[$r["white"]]++
      else { print "a game not won: " $0; bad = 1 }
      next
    }
    FNR == 1 { for (i = 1; i <= NF; i++) p[$i] = i; next }
    {
      id = $p["id"]
      if (!(id in entrant)) { print "placed but not an entrant: " id; bad = 1 }
      if (placed[id]++) { print "placed twice: " id; bad = 1 }
      placed_count++
      if ($p["rank"] == 1) {
        winners++
        if (lost[id] + 0 >= out_at) { print "the winner " id " has " lost[id] " losses"; bad = 1 }
      } else if (lost[id] + 0 != out_at) {
        print id " is out with " lost[id] + 0 " losses, not " out_at; bad = 1
      }
    }
    END {
      if (placed_count != entrants) { print placed_count " placed of " entrants; bad = 1 }
      if (winners != 1) { print winners " winners"; bad = 1 }
      exit bad
    }' "$3" "$2" "$1" || fail "$1: the placings do not hold"
}

# check_standings STANDINGS ENTRANTS: standings' CSV ranks every entrant once.
check_standings() {
  awk -F, '
    FILENAME == ARGV[1] && FNR == 1 { for (i = 1; i <= NF; i++) e[$i] = i; next }
    FILENAME == ARGV[1] { entrant[$e["id"]] = 1; entrants++; next }
    FNR == 1 { for (i = 1; i <= NF; i++) s[$i] = i; next }
    { if (!($s["id"] in entrant) || seen[$s["id"]]++) bad = 1; ranked++ }
    END { exit bad || ranked != entrants }' "$2" "$1" || fail "$1: not every entrant ranked once"
}

# One game a match, so that a game lost is a match lost (the losses counted below).
ko_options="--seed 16 --games 1"
echo "== 1. Single elimination: 12 players, 2,2 seeds, serpentine"
# shellcheck disable=SC2086
"$bin/knockout" "$players" --seeds 2,2 --placement serpentine $ko_options > "$out/next.csv"
fill < "$out/next.csv" > "$out/single.csv"
# shellcheck disable=SC2086
play "$out/single.csv" 0 "$players" $ko_options
check_placings "$out/single.csv.placings" "$out/single.csv" "$players" 1
"$bin/standings" --players "$out/single.csv.placings" --format csv "$out/single.csv" \
  > "$out/single-standings.csv"
check_standings "$out/single-standings.csv" "$players"
head -n 3 "$out/single-standings.csv"

echo
echo "== 2. Double elimination with a reset: the losers' champion wins the final (round 8)"
# shellcheck disable=SC2086
"$bin/knockout" "$players" --seeds 2,2 --double $ko_options > "$out/next.csv"
fill < "$out/next.csv" > "$out/double.csv"
# shellcheck disable=SC2086
play "$out/double.csv" 8 "$players" --double $ko_options
check_placings "$out/double.csv.placings" "$out/double.csv" "$players" 2
grep -q '^9,' "$out/double.csv" || fail "double.csv: no reset (round 9)"
"$bin/standings" --players "$out/double.csv.placings" --format csv "$out/double.csv" \
  > "$out/double-standings.csv"
check_standings "$out/double-standings.csv" "$players"
head -n 3 "$out/double-standings.csv"

echo
echo "== 3. Multi-loss elimination: out at 3 losses, an upset in round 2"
# shellcheck disable=SC2086
"$bin/knockout" "$players" --losses 3 $ko_options > "$out/next.csv"
fill 2 < "$out/next.csv" > "$out/multi.csv"
# shellcheck disable=SC2086
play "$out/multi.csv" 2 "$players" --losses 3 $ko_options
check_placings "$out/multi.csv.placings" "$out/multi.csv" "$players" 3
"$bin/standings" --players "$out/multi.csv.placings" --format csv "$out/multi.csv" \
  > "$out/multi-standings.csv"
check_standings "$out/multi-standings.csv" "$players"
head -n 3 "$out/multi-standings.csv"

echo
echo "== 4. Swiss with elimination: 5 rounds, the lowest 2 leave before rounds 3, 4 and 5"
swiss="$bin/swiss-pair --seed-by rating --rounds 5 --eliminate-from 3 --eliminate 2 --seed 5"
$swiss --format csv "$players" > "$out/next.csv" 2> /dev/null
fill 0 2 < "$out/next.csv" > "$out/swiss.csv"
# Each run names every player eliminated so far: the last run's list is the whole one.
for _ in 2 3 4 5; do
  $swiss --players "$players" --format csv "$out/swiss.csv" 2> "$out/swiss-eliminated.txt" \
    > "$out/next.csv"
  fill 0 2 < "$out/next.csv" | tail -n +2 >> "$out/swiss.csv"
done
cat "$out/swiss-eliminated.txt"
[ "$(grep -c 'eliminated before round' "$out/swiss-eliminated.txt")" -eq 6 ] ||
  fail "swiss: not 6 players eliminated"
"$bin/standings" --players "$players" --format csv "$out/swiss.csv" > "$out/swiss-standings.csv"
check_standings "$out/swiss-standings.csv" "$players"
# Nobody eliminated wins.
winner=$(awk -F, 'NR == 2 { print $3 }' "$out/swiss-standings.csv")
! grep -q "before round [0-9]*: $winner (" "$out/swiss-eliminated.txt" ||
  fail "swiss: the winner $winner was eliminated"
head -n 3 "$out/swiss-standings.csv"

echo
echo "== 5. Groups and finals: 3 groups of 4, the top 2 of each to a knock-out"
"$bin/rr-schedule" "$players" --groups 3 > "$out/next.csv"
fill < "$out/next.csv" > "$out/groups.csv"
"$bin/rr-schedule" "$players" --groups 3 --finals 2 --finals-system knockout --finals-games 1 \
  --seed 5 --results "$out/groups.csv" --write-players "$out/finalists.csv" > "$out/next.csv"
fill < "$out/next.csv" > "$out/finals.csv"
cat "$out/finalists.csv"
# The group standings: one table a group; each group's leader is a finalist.
"$bin/standings" --players "$players" "$out/groups.csv" > "$out/group-standings.txt"
head -n 9 "$out/group-standings.txt"
for group in A B C; do
  "$bin/standings" --players "$players" --group "$group" --format csv "$out/groups.csv" \
    > "$out/group-$group.csv"
  leader=$(awk -F, 'NR == 2 { print $2 }' "$out/group-$group.csv")
  grep -q "^$leader," "$out/finalists.csv" || fail "groups: group $group's leader $leader is no finalist"
done
# shellcheck disable=SC2086
play "$out/finals.csv" 0 "$out/finalists.csv" $ko_options
check_placings "$out/finals.csv.placings" "$out/finals.csv" "$out/finalists.csv" 1
"$bin/standings" --players "$out/finals.csv.placings" --format csv "$out/finals.csv" \
  > "$out/finals-standings.csv"
check_standings "$out/finals-standings.csv" "$out/finalists.csv"
head -n 3 "$out/finals-standings.csv"

echo
echo "systems.sh: every event ran to its end and its placings hold"
