#!/usr/bin/env bash
# go-score scores and writes its games a batch at a time (256): across batches, within one file
# and across many files, every game has its row once, in input order, numbered within its
# file, the same with -j 2 as with -j 1; the JSON array stays one array; a collection is read a
# game at a time, each reading error with its game.
# usage: go-score-batches.sh GO_SCORE CASES_DIR
set -u
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cases=$(cd "$2" && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

game=$cases/go-score/show/game.sgf
for _ in $(seq 600); do cat "$game"; done > many.sgf
for i in $(seq 300); do cp "$game" "g$i.sgf"; done
files=$(for i in $(seq 300); do echo "g$i.sgf"; done)
# shellcheck disable=SC2086
"$tool" --dead none --format csv many.sgf $files > one.csv 2>/dev/null
# shellcheck disable=SC2086
"$tool" --dead none --format csv -j 2 many.sgf $files > two.csv 2>/dev/null
[ "$(grep -c '^many.sgf,' one.csv)" -eq 600 ] || fail "many.sgf: $(grep -c '^many.sgf,' one.csv) rows, expected 600"
[ "$(grep -c '^g[0-9]*.sgf,1,' one.csv)" -eq 300 ] || fail "300 files: $(grep -c '^g[0-9]*.sgf,1,' one.csv) rows"
awk -F, 'NR > 1 && $1 == "many.sgf" && $2 != ++n { bad = 1 } END { exit bad }' one.csv \
  || fail "many.sgf: games out of order"
[ "$(sed -n '602p' one.csv | cut -d, -f1)" = g1.sgf ] || fail "the files' rows do not follow many.sgf's in order"
[ "$(tail -n 1 one.csv | cut -d, -f1)" = g300.sgf ] || fail "the last row is not g300.sgf's"
cmp -s one.csv two.csv || fail "-j 2 differs from -j 1"
# shellcheck disable=SC2086
"$tool" --dead none --format json many.sgf $files > all.json 2>/dev/null
# One array: a '[' first, and "}]" (an array of objects closing) once, at the end.
[ "$(head -c 1 all.json)" = "[" ] && [ "$(tr -d '\n' < all.json | grep -o '}]' | wc -l)" -eq 1 ] \
  || fail "the JSON is not one array"
[ "$(grep -o '"game":' all.json | wc -l)" -eq 900 ] || fail "the JSON does not hold 900 games"

# A collection read a game at a time: each reading error goes with its own game, in order,
# across batches.
for _ in $(seq 300); do printf '(;SZ[9];B[ee]x;W[cc])\n'; done > stray.sgf
for jobs in 1 2; do
  "$tool" --dead none --format csv -j "$jobs" stray.sgf > stray.csv 2> stray.err
  errors=$(grep -c "property x has no value" stray.err)
  [ "$errors" -eq 300 ] || fail "-j $jobs: $errors reading errors, expected 300"
  sed -n "s/.*error: game \([0-9]*\): property x has no value.*/\1/p" stray.err \
    | awk '$1 != ++n { bad = 1 } END { exit bad }' \
    || fail "-j $jobs: reading errors out of the games' order"
  awk -F, 'NR > 1 && $2 != ++n { bad = 1 } END { exit bad || n != 300 }' stray.csv \
    || fail "-j $jobs: stray.sgf's rows are not its 300 games in order"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "go-score batches: all checks passed"
