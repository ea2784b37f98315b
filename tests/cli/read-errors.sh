#!/usr/bin/env bash
# An input opened that cannot be read (a directory as standard input) costs that input alone:
# the verdict tools write the other files' verdicts and the failed one's unreadable row, exit 2
# (the whole output was thrown away before); xigua-play play stops with an error instead of
# taking the failed read for the end of the game.
# usage: read-errors.sh TOOLS_DIR CASES_DIR
set -u
tools=$(cd "$1" && pwd)
cases=$(cd "$2" && pwd)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# tool, the good file's first CSV field as its rows show it, then the arguments before '-'.
check() {
  local tool=$1 good=$2
  shift 2
  "$tools/$tool" "$@" - < "$cases" > "$work/stdout" 2> "$work/stderr"
  local status=$?
  [ "$status" -eq 2 ] || fail "$tool: status $status, expected 2"
  grep -q "^$good," "$work/stdout" || fail "$tool: the readable file's rows are missing"
  grep -q '^<stdin>,.*unreadable.*cannot read: Is a directory' "$work/stdout" \
    || fail "$tool: no unreadable row for standard input: $(tail -1 "$work/stdout")"
  grep -qx "$tool: error: <stdin>: Is a directory" "$work/stderr" \
    || fail "$tool: message: $(cat "$work/stderr")"
}

cp "$cases/go-score/show/game.sgf" "$work/game.sgf"
cp "$cases/shatar-validate/csv/games.pgn" "$work/games.pgn"
cp "$cases/xigua-play/unfinished/games.xg" "$work/games.xg"
cd "$work" || exit 1
check go-score game.sgf --format csv game.sgf
check shatar-validate games.pgn --format csv games.pgn
check xigua-play games.xg validate --format csv games.xg

# A write that fails while a file is checked (its rows past the output's buffer, onto a full
# disk) ends the run as before: not taken for that file's read error, file after file.
if [ -w /dev/full ]; then
  for _ in $(seq 400); do cat games.pgn; echo; done > many.pgn
  "$tools/shatar-validate" --format csv many.pgn many.pgn > /dev/full 2> stderr
  status=$?
  [ "$status" -eq 2 ] || fail "shatar-validate onto /dev/full: status $status, expected 2"
  [ "$(grep -c 'error: writing standard output' stderr)" -eq 1 ] \
    || fail "shatar-validate onto /dev/full: $(grep -c 'writing standard output' stderr) write errors"
  grep -q 'cannot read' stderr && fail "shatar-validate onto /dev/full: a write error taken for a read error"
fi

"$tools/xigua-play" play --level 1 --ascii < "$cases" > stdout 2> stderr
status=$?
[ "$status" -eq 2 ] || fail "xigua-play play: status $status, expected 2"
grep -qx "xigua-play: error: reading standard input: Is a directory" stderr \
  || fail "xigua-play play: message: $(cat stderr)"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "read errors: all checks passed"
