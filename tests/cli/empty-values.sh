#!/usr/bin/env bash
# An empty option value (`--players ''`, what a script with an unset variable passes) is a
# usage error in every tool (tools/common), never "not given": exit 2, one message, nothing
# written.
# usage: empty-values.sh TOOLS_DIR CASES_DIR
set -u
tools=$1
cases=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# tool, the option, then the rest of the arguments (inputs from the golden cases).
check() {
  local tool=$1 option=$2
  shift 2
  "$tools/$tool" "$@" "$option" '' > "$work/stdout" 2> "$work/stderr"
  local status=$?
  [ "$status" -eq 2 ] || fail "$tool $option '': status $status, expected 2"
  [ ! -s "$work/stdout" ] || fail "$tool $option '': wrote to standard output"
  grep -qx "$tool: error: $option: empty value" "$work/stderr" \
    || fail "$tool $option '': $(head -1 "$work/stderr")"
}

results=$cases/standings/o-onto-input/results.csv
check standings --players "$results"
check standings --tiebreaks "$results"
check standings --points "$results"
check standings --withdrawn "$results"
check standings --output "$results"
check rr-schedule --write-players -n 4
check rr-schedule --seed -n 4
check swiss-pair --points --format csv "$cases/swiss-pair/csv/club.trf"
check swiss-pair --players --format csv "$cases/swiss-pair/csv/club.trf"
check knockout --seeds "$cases/knockout/draw-5/players.csv"
check go-score --dead "$cases/go-score/o-onto-input/game.sgf"
check go-score --svg "$cases/go-score/o-onto-input/game.sgf"
check go-score --komi "$cases/go-score/o-onto-input/game.sgf"
check shatar-validate --output "$cases/shatar-validate/csv/games.pgn"
check xigua-play --svg analyse "$cases/xigua-play/analyse/games.xg"

# `--option=` with nothing after '=' is the same usage error, and never takes the next argument
# as its value (`--output= results.csv` wrote the standings over results.csv).
cp "$results" "$work/victim.csv"
"$tools/standings" --output= "$work/victim.csv" < "$results" > "$work/stdout" 2> "$work/stderr"
status=$?
[ "$status" -eq 2 ] || fail "standings --output= FILE: status $status, expected 2"
cmp -s "$results" "$work/victim.csv" || fail "standings --output= FILE: FILE was written over"
grep -qx "standings: error: --output: empty value" "$work/stderr" \
  || fail "standings --output= FILE: $(head -1 "$work/stderr")"
"$tools/standings" --players= "$results" < "$results" > "$work/stdout" 2> "$work/stderr"
[ $? -eq 2 ] || fail "standings --players= FILE: status not 2"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "empty values: all checks passed"
