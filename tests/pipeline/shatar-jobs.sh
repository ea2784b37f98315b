#!/bin/sh
# shatar-validate gives the same bytes whatever -j: a file of 2,454 games (the reference
# self-play games, the corrupted ones, an illegal move, a comment left open, Latin-1 tag text in
# games far apart), 2.3 MB or 35 slices of 64 KiB, given twice, spans several windows of the
# pipeline (4 slices a thread) on 2 and 3 threads, and is read into huge pages (from 2 MB on);
# its standard output, standard error and exit status in every output format, and with --show,
# must be those of -j 1 (which reads each slice at its own lines, not placed after reading).
# usage: tests/pipeline/shatar-jobs.sh BIN_DIR SHARED_TESTDATA OUT_DIR [REQUIRE_SHARED]
# Exit 77 (skipped) when the reference games are absent, 1 if REQUIRE_SHARED is 1.
set -eu
bin=$1
data=$2/shatar
out=$3
if ! [ -r "$data/selfplay.pgn" ] || ! [ -r "$data/corrupt.pgn" ]; then
  echo "$data: no reference games"
  [ "${4:-0}" = 1 ] && exit 1
  exit 77
fi
mkdir -p "$out"
cd "$out"
latin1() {  # a game whose tag text is Windows-1252, with a bad Round tag and a NAG out of range
  printf '[Event "Caf\351 %s"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n' "$1"
  printf '1. e4 $300 e5 2. Nf3 *\n\n'
}
six() { for i in 1 2 3 4 5 6; do cat "$data/selfplay.pgn"; done; }  # 6 x 94 KB
{
  six
  latin1 1
  cat "$data/corrupt.pgn"
  printf '\n[Event "bad"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke2 Ke7 3. Qxf7 *\n\n'
  six
  latin1 2
  # A comment left open: the reader ends it at the next game, and so must the slicer.
  printf '[Event "open"]\n\n1. d4 { never closed d5\n\n'
  six
  cat "$data/corrupt.pgn"
  six
} > games.pgn
status=0
for options in "" "--format csv" "--format results" "--normalize" "--normalize --long" "--fen" \
  "--show"; do
  for jobs in 1 2 3; do
    # shellcheck disable=SC2086
    "$bin/shatar-validate" -j $jobs $options games.pgn games.pgn > "out.$jobs" 2> "err.$jobs" &&
      echo 0 > "status.$jobs" || echo $? > "status.$jobs"
  done
  [ -s out.1 ] || [ -s err.1 ] || { echo "$options: no output at all"; status=1; }
  for jobs in 2 3; do
    for what in out err status; do
      if ! cmp -s "$what.1" "$what.$jobs"; then
        echo "shatar-validate $options: -j $jobs's $what differs from -j 1's"
        diff "$what.1" "$what.$jobs" | head -5
        status=1
      fi
    done
  done
done
# A regular file is read a chunk at a time while its first slices are checked, a pipe whole
# before it is cut: the same slices, so the same bytes (but for the file's name) on both ways.
"$bin/shatar-validate" games.pgn > file.out 2> file.err && echo 0 > file.status ||
  echo $? > file.status
for jobs in 1 2; do
  cat games.pgn | "$bin/shatar-validate" -j $jobs - > pipe.out 2> pipe.err &&
    echo 0 > pipe.status || echo $? > pipe.status
  sed -i 's/<stdin>/games.pgn/' pipe.out pipe.err
  for what in out err status; do
    if ! cmp -s "file.$what" "pipe.$what"; then
      echo "shatar-validate -j $jobs: a pipe's $what differs from a file's"
      diff "file.$what" "pipe.$what" | head -5
      status=1
    fi
  done
done
# Old Mac line ends (a lone CR) and CR LF: the same lines and columns, so the same bytes but for
# the file's name, whether the file is read a chunk at a time (a CR at a chunk's end waits for
# the next byte) or whole from a pipe. Before, a lone CR ended no line: every game after a
# comment left open was lost without a word.
tr '\n' '\r' < games.pgn > cr.pgn
sed 's/$/\r/' games.pgn > crlf.pgn
for ends in cr crlf; do
  for jobs in 1 2; do
    "$bin/shatar-validate" -j $jobs --format csv $ends.pgn > ends.out 2> ends.err &&
      echo 0 > ends.status || echo $? > ends.status
    "$bin/shatar-validate" -j $jobs --format csv - < $ends.pgn > ends-pipe.out 2> ends-pipe.err &&
      echo 0 > ends-pipe.status || echo $? > ends-pipe.status
    "$bin/shatar-validate" -j $jobs --format csv games.pgn > lf.out 2> lf.err &&
      echo 0 > lf.status || echo $? > lf.status
    sed -i "s/^$ends\.pgn,/games.pgn,/; s/: $ends\.pgn:/: games.pgn:/" ends.out ends.err
    sed -i 's/^<stdin>,/games.pgn,/; s/: <stdin>:/: games.pgn:/' ends-pipe.out ends-pipe.err
    for what in out err status; do
      for read in ends ends-pipe; do
        if ! cmp -s "lf.$what" "$read.$what"; then
          echo "shatar-validate -j $jobs ($ends, $read): $what differs from the LF file's"
          diff "lf.$what" "$read.$what" | head -5
          status=1
        fi
      done
    done
  done
done
exit $status
