#!/usr/bin/env bash
# Where the outputs of every tool go (tools/common and OutputFile), exercised through
# rr-schedule's -o and --write-players: written through symbolic links, in place for what is
# not a regular file, with the replaced file's permissions, refused when not writable, and two
# outputs under two spellings of one file refused before any work; and, through standings,
# that derived output on status 1 goes to standard output only, never to a file -o names, even
# one written in place.
# usage: outputs.sh RR_SCHEDULE STANDINGS
set -u
tool=$1
standings=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
no_temporaries() { [ "$(find "$work" -name '*.tmp*' | wc -l)" -eq 0 ] || fail "$1: temporary file left behind"; }

"$tool" -n 4 > expected.csv || fail "reference run failed"

# A symbolic link is written through: its target gets the output, the link stays a link.
echo old > round5.txt
ln -s round5.txt current.txt
"$tool" -n 4 -o current.txt || fail "symlink: run failed"
[ -L current.txt ] || fail "symlink: current.txt is no longer a link"
[ "$(readlink current.txt)" = round5.txt ] || fail "symlink: the link changed"
cmp -s round5.txt expected.csv || fail "symlink: the target did not get the output"
no_temporaries symlink

# A chain of links to a file that does not exist yet, in another directory: created there.
mkdir sub
ln -s sub/link2 link1
ln -s new.csv sub/link2
"$tool" -n 4 -o link1 || fail "dangling link: run failed"
[ -L link1 ] && [ -L sub/link2 ] || fail "dangling link: a link was replaced"
cmp -s sub/new.csv expected.csv || fail "dangling link: sub/new.csv did not get the output"

# A FIFO is written in place (its reader gets the output), and stays a FIFO.
mkfifo pipe
timeout 10 cat pipe > from-pipe &
reader=$!
"$tool" -n 4 -o pipe || fail "fifo: run failed"
wait "$reader"
[ -p pipe ] || fail "fifo: pipe is no longer a FIFO"
cmp -s from-pipe expected.csv || fail "fifo: the reader did not get the output"
no_temporaries fifo

# Derived output on status 1 (standings over a results file with a malformed row): on standard
# output without -o; with -o, nowhere — a regular file keeps its old text, a FIFO's reader gets
# nothing, and so does the file standard output writes to.
printf 'round,white,black,result\n1,A,B,1-0\n1,C,D,x\n' > bad-results.csv
"$standings" bad-results.csv > rejected-stdout 2> /dev/null; status=$?
[ "$status" -eq 1 ] || fail "status 1 run: status $status, expected 1"
grep -q 'Rank' rejected-stdout || fail "status 1 run: no standings on standard output"
echo old > kept.txt
"$standings" bad-results.csv -o kept.txt 2> /dev/null; status=$?
[ "$status" -eq 1 ] && [ "$(cat kept.txt)" = old ] || fail "status 1, -o file: status $status, file: $(head -c 80 kept.txt)"
timeout 10 cat pipe > from-pipe-1 &
reader=$!
"$standings" bad-results.csv -o pipe 2> /dev/null; status=$?
wait "$reader"
[ "$status" -eq 1 ] || fail "status 1, -o FIFO: status $status, expected 1"
[ ! -s from-pipe-1 ] || fail "status 1, -o FIFO: the reader got derived output"
if [ -e /proc/self/fd/1 ]; then
  ln -s /proc/self/fd/1 stdout-link-1
  "$standings" bad-results.csv -o stdout-link-1 > via-link 2> /dev/null; status=$?
  [ "$status" -eq 1 ] && [ ! -s via-link ] || fail "status 1, -o standard output's file: status $status, wrote $(wc -c < via-link) bytes"
fi
no_temporaries rejected

# A character device (through a link in this directory: never the system's own names) is
# written in place.
ln -s /dev/null null-link
"$tool" -n 4 -o null-link || fail "device: run failed"
[ -L null-link ] || fail "device: the link was replaced"
[ -c /dev/null ] || fail "device: /dev/null is no longer a character device"
no_temporaries device

# The file standard output is appended to, named through a link to /proc/self/fd/1 (never
# /dev/stdout itself): written through standard output, so the append stays an append.
if [ -e /proc/self/fd/1 ]; then
  ln -s /proc/self/fd/1 stdout-link
  echo first > log.csv
  "$tool" -n 4 -o stdout-link >> log.csv || fail "stdout link: run failed"
  [ "$(cat log.csv)" = "$(echo first; cat expected.csv)" ] || fail "stdout link: the log was not appended to"
  [ -L stdout-link ] || fail "stdout link: the link was replaced"
  no_temporaries stdout-link
fi

# A replaced file keeps its permission bits.
echo old > private.csv
chmod 600 private.csv
"$tool" -n 4 -o private.csv || fail "mode 600: run failed"
[ "$(stat -c %a private.csv)" = 600 ] || fail "mode 600 became $(stat -c %a private.csv)"
echo old > script.csv
chmod 751 script.csv
"$tool" -n 4 --write-players script.csv > /dev/null || fail "mode 751: run failed"
[ "$(stat -c %a script.csv)" = 751 ] || fail "mode 751 became $(stat -c %a script.csv)"

# ... and, where we may set it (as root), its owner and group.
if [ "$(id -u)" -eq 0 ]; then
  echo old > owned.csv
  chown nobody:nogroup owned.csv
  "$tool" -n 4 -o owned.csv || fail "owner: run failed"
  [ "$(stat -c %U:%G owned.csv)" = nobody:nogroup ] || fail "owner: became $(stat -c %U:%G owned.csv)"
fi

# A file we may not write (mode 444) is refused with exit 2 and left as it was, as a shell
# redirect would. Root may write anything: then the check runs as nobody.
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
  chmod 755 "$work"
  # nobody must be able to run the build tree's tool (a checkout under a private home is not).
  if ! "${as_user[@]}" "$tool" --version > /dev/null 2>&1; then
    echo "outputs.sh: note: the mode 444 check is not run: user nobody cannot run $tool" >&2
    as_user=(skip)
  fi
fi
mkdir ro
echo old > ro/locked.csv
chmod 444 ro/locked.csv
chmod 777 ro
if [ "${as_user[0]:-}" != skip ]; then
  "${as_user[@]}" "$tool" -n 4 -o ro/locked.csv 2> err; status=$?
  [ "$status" -eq 2 ] || fail "mode 444: status $status, expected 2"
  [ "$(cat ro/locked.csv)" = old ] || fail "mode 444: the file changed"
  grep -qx "rr-schedule: error: ro/locked.csv: Permission denied" err \
    || fail "mode 444 message: $(cat err)"
  [ "$(find ro -name '*.tmp*' | wc -l)" -eq 0 ] || fail "mode 444: temporary file left behind"
fi

# Two outputs naming one file under two spellings: refused before any work, nothing written.
"$tool" -n 4 -o n1.csv --write-players ./n1.csv 2> err; status=$?
[ "$status" -eq 2 ] || fail "two spellings: status $status, expected 2"
[ ! -e n1.csv ] || fail "two spellings: n1.csv was written"
grep -qx "rr-schedule: error: -o n1.csv and --write-players ./n1.csv are the same file" err \
  || fail "two spellings message: $(cat err)"
"$tool" -n 4 -o sub/../n2.csv --write-players "$work/n2.csv" 2> err; status=$?
[ "$status" -eq 2 ] || fail "absolute and relative spellings: status $status, expected 2"
# ... and through a link to a file that does not exist yet.
ln -s n3.csv n3-link
"$tool" -n 4 -o n3-link --write-players n3.csv 2> err; status=$?
[ "$status" -eq 2 ] || fail "link and target: status $status, expected 2"
[ ! -e n3.csv ] || fail "link and target: n3.csv was written"
# Two names of one existing file (a hard link).
cp expected.csv h1.csv
ln h1.csv h2.csv
"$tool" -n 4 -o h1.csv --write-players h2.csv 2> err; status=$?
[ "$status" -eq 2 ] || fail "hard links: status $status, expected 2"
# -o onto a hard link of an input: refused, the input left as it was.
printf 'name\nAnn\nBob\n' > players.csv
ln players.csv players-link.csv
"$tool" players.csv -o players-link.csv 2> err; status=$?
[ "$status" -eq 2 ] || fail "-o onto a hard link of the input: status $status, expected 2"
[ "$(cat players.csv)" = "$(printf 'name\nAnn\nBob')" ] || fail "hard link: the input changed"
grep -qx "rr-schedule: error: -o players-link.csv is also an input (players.csv): refusing to write over it" err \
  || fail "hard link message: $(cat err)"
# Two outputs to one device are fine: nothing is replaced.
"$tool" -n 4 -o null-link --write-players null-link || fail "two outputs to /dev/null refused"

# One output of two fails (a full disk): neither file is replaced, exit 2. -o was committed
# first, so the schedule replaced the old one while the grouped players file never came.
if [ -w /dev/full ]; then
  printf 'name\nAnn\nBob\nCem\nDon\n' > four.csv
  echo old > sched.csv
  "$tool" four.csv --groups 2 --seed 1 -o sched.csv --write-players /dev/full 2> err; status=$?
  [ "$status" -eq 2 ] || fail "second output on /dev/full: status $status, expected 2"
  [ "$(cat sched.csv)" = old ] || fail "second output on /dev/full: -o was replaced"
  no_temporaries "second output on /dev/full"
fi

# A loop of symbolic links: "Too many levels of symbolic links" (exit 2), as `> l1` says; the
# link was replaced by a regular file.
ln -s loop1 loop2
ln -s loop2 loop1
"$tool" -n 4 -o loop1 2> err; status=$?
[ "$status" -eq 2 ] || fail "-o onto a loop of links: status $status, expected 2"
[ -L loop1 ] || fail "-o onto a loop of links: the link was replaced"
grep -q "loop1: Too many levels of symbolic links" err || fail "loop message: $(cat err)"

# A name as long as a file name may be (255 bytes): written, as `>` would (the temporary
# file's name, the name and a suffix, went over the limit).
long=$(printf 'a%.0s' $(seq 251)).csv
"$tool" -n 4 -o "$long" || fail "-o with a 255-byte name: run failed"
cmp -s "$long" expected.csv || fail "-o with a 255-byte name: not written"
no_temporaries "255-byte name"

# An empty -o is a usage error, not standard output.
"$tool" -n 4 -o '' > stdout 2> err; status=$?
[ "$status" -eq 2 ] || fail "-o '': status $status, expected 2"
[ ! -s stdout ] || fail "-o '': wrote to standard output"
grep -qx "rr-schedule: error: --output: empty value" err || fail "-o '' message: $(cat err)"
"$tool" -n 4 --write-players '' > stdout 2> err; status=$?
[ "$status" -eq 2 ] || fail "--write-players '': status $status, expected 2"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "outputs: all checks passed"
