#!/usr/bin/env bash
# The command-line contract every tool shares (tools/common), exercised through rr-schedule:
# atomic -o, write errors, closed pipes, unreadable inputs and the exit statuses.
# usage: contract.sh RR_SCHEDULE
set -u
tool=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# -o writes the file; a later run that rejects its input leaves it as it was, with no
# temporary files beside it.
"$tool" -n 4 -o "$work/out.csv" || fail "-o run failed"
grep -q '^round,board,white,black,result,white_number,black_number$' "$work/out.csv" || fail "-o did not write the schedule"
cp "$work/out.csv" "$work/before.csv"
printf 'id,name\n1,Ann\n1,Bob\n' > "$work/dup.csv"
"$tool" "$work/dup.csv" -o "$work/out.csv" 2>"$work/err"; status=$?
[ "$status" -eq 1 ] || fail "duplicate ids: status $status, expected 1"
cmp -s "$work/out.csv" "$work/before.csv" || fail "a rejected run changed the -o file"
[ "$(ls "$work" | grep -c 'out.csv.tmp')" -eq 0 ] || fail "temporary file left behind"
grep -q "^rr-schedule: $work/dup.csv:3:1: error: duplicate id '1' (first used on line 2)$" "$work/err" \
  || fail "diagnostic format: $(cat "$work/err")"

# An interrupted run removes its temporary file and leaves the old output as it was. The
# input is a FIFO nobody writes to, so the tool waits with its temporary file open. (Job
# control on, so that the background job does not start with SIGINT ignored.)
set -m
mkfifo "$work/fifo"
for signal in INT TERM HUP QUIT; do
  cp "$work/before.csv" "$work/out.csv"
  "$tool" "$work/fifo" -o "$work/out.csv" 2>/dev/null &
  pid=$!
  for _ in $(seq 100); do
    ls "$work" | grep -q 'out.csv.tmp' && break
    sleep 0.05
  done
  ls "$work" | grep -q 'out.csv.tmp' || fail "SIG$signal: no temporary file while the tool waits"
  kill -s "$signal" "$pid"
  wait "$pid"; status=$?
  expected=$((128 + $(kill -l "$signal")))
  [ "$status" -eq "$expected" ] || fail "SIG$signal: status $status, expected $expected"
  [ "$(ls "$work" | grep -c 'out.csv.tmp')" -eq 0 ] || fail "SIG$signal: temporary file left behind"
  cmp -s "$work/out.csv" "$work/before.csv" || fail "SIG$signal: the old -o file changed"
done
set +m

# A directory that cannot hold the output: exit 2.
"$tool" -n 4 -o "$work/no/such/dir/out.csv" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] || fail "unwritable -o: status $status, expected 2"

# A full disk: exit 2 and a message.
if [ -w /dev/full ]; then
  "$tool" -n 40 > /dev/full 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] || fail "/dev/full: status $status, expected 2"
  grep -q "error: writing standard output: No space left on device" "$work/err" || fail "/dev/full message: $(cat "$work/err")"
fi

# --help onto a full disk: exit 2 and the same message.
if [ -w /dev/full ]; then
  "$tool" --help > /dev/full 2>"$work/err"; status=$?
  [ "$status" -eq 2 ] || fail "--help onto /dev/full: status $status, expected 2"
  grep -q "error: writing standard output: No space left on device" "$work/err" || fail "--help /dev/full message: $(cat "$work/err")"
fi

# Started with a standard descriptor closed: no file the tool opens takes its number. With
# standard error closed, the lot's note went into -o's temporary file, so into the schedule;
# with standard input closed, the tool read its own temporary file as the players file.
"$tool" --draw-lots -n 4 -o "$work/lots.csv" 2>&-; status=$?
[ "$status" -eq 0 ] || fail "stderr closed: status $status, expected 0"
grep -q 'drawing lots' "$work/lots.csv" && fail "stderr closed: a diagnostic went into the -o file"
"$tool" -o "$work/closed.csv" <&- 2>"$work/err"; status=$?
[ "$status" -eq 2 ] || fail "stdin closed: status $status, expected 2"
grep -q "error: <stdin>: Bad file descriptor" "$work/err" || fail "stdin closed message: $(cat "$work/err")"
[ ! -e "$work/closed.csv" ] || fail "stdin closed: -o written"
# ... also opened again by name: /dev/stdout with standard output closed is no /dev/null.
"$tool" -n 4 -o /dev/stdout >&- 2>"$work/err"; status=$?
[ "$status" -eq 2 ] || fail "stdout closed, -o /dev/stdout: status $status, expected 2"

# A seed is decimal too: 010 is ten (CLI11 read it as octal: the draw of --seed 8).
"$tool" --draw-lots -n 6 --seed 010 > "$work/s010" || fail "--seed 010 refused"
"$tool" --draw-lots -n 6 --seed 10 > "$work/s10"
"$tool" --draw-lots -n 6 --seed 8 > "$work/s8"
cmp -s "$work/s010" "$work/s10" || fail "--seed 010 is not --seed 10"
cmp -s "$work/s10" "$work/s8" && fail "--seed 10 and --seed 8 draw alike: the check above cannot fail"

# A reader that goes away: exit 2, not death by SIGPIPE.
"$tool" -n 600 2>/dev/null | head -c 10 > /dev/null
status=${PIPESTATUS[0]}
[ "$status" -eq 2 ] || fail "closed pipe: status $status, expected 2"

# A file that cannot be read: exit 2, named in the message.
"$tool" "$work/missing.csv" 2>"$work/err"; status=$?
[ "$status" -eq 2 ] || fail "missing file: status $status, expected 2"
grep -q "^rr-schedule: error: $work/missing.csv: No such file or directory$" "$work/err" || fail "missing file message: $(cat "$work/err")"

# '-' and no file both read standard input.
printf 'name\nAnn\nBob\n' | "$tool" - > "$work/a" || fail "'-' run failed"
printf 'name\nAnn\nBob\n' | "$tool" > "$work/b" || fail "stdin run failed"
cmp -s "$work/a" "$work/b" || fail "'-' and no file differ"
[ "$(cat "$work/a")" = "$(printf 'round,board,white,black,result,white_number,black_number\n1,1,1,2,,1,2')" ] || fail "stdin schedule: $(cat "$work/a")"

# Usage errors: exit 2.
"$tool" -n 1 2>/dev/null; status=$?
[ "$status" -eq 2 ] || fail "-n 1: status $status, expected 2"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "contract: all checks passed"
