#!/bin/sh
# Regenerates gacrux-modifiers.csv: the values FIDE's tie-break checker gives for the codes and
# modifiers that ../../../../../shared/testdata/standings/gacrux/ does not list (FB and its cuts,
# /P, /F, KS/L±n, ARO medians), on the same 150 Swiss events.
#
#   tests/unit/data/gacrux-modifiers/make.sh GACRUX_DIR > tests/unit/data/gacrux-modifiers/gacrux-modifiers.csv
#
# GACRUX_DIR: a checkout of the TieBreakServer repository (github.com/OttoMilvang/TieBreakServer,
# MIT), version 1.9.57 (commit 14a34a2, version.py 2026-07-21), run with Python 3.
# Input: each event's source TRF from ../shared/testdata/swiss/, cut to the rounds played (the
# MANIFEST's count: XXR set to it, the entries of the round still to pair dropped), so that
# the final round is the last round played, as in the reference data's CSV.
set -eu
gacrux=$1
here=$(cd "$(dirname "$0")" && pwd)
shared=$(cd "$here/../../../../../shared/testdata" && pwd)
# Two runs an event: Gacrux 1.9.57 keeps what FB changes of a participant's record (its last
# round not voluntarily unplayed) for the codes after it in the same run, so that BH/P after
# FB differs from BH/P alone; each run starts from the file.
fore="PTS FB FB/C1 FB/C2 FB/M1 FB/M2 AOB/F"
other="PTS BH/P BH/C1/P SB/P SB/C1/P KS/L-1 KS/L+1 ARO/M1 ARO/M2"
codes="$fore ${other#PTS }"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'corpus,event,id'
for code in $codes; do [ "$code" = PTS ] || printf ',%s' "$code"; done
printf '\n'
for corpus in mixed plain; do
  tail -n +2 "$shared/standings/gacrux/$corpus/MANIFEST.csv" | tr -d '\r' |
    while IFS=, read -r event rounds players; do
      keep=$((90 + 10 * rounds))
      awk -v n="$rounds" -v keep="$keep" '
        /^XXR/ { print "XXR " n; next }
        /^001/ { print substr($0, 1, keep); next }
        { print }' "$shared/swiss/$corpus/$event.trf" > "$tmp/event.trf"
      # Gacrux prints "-0" for an undefined value; two decimals for SB and AOB.
      for run in fore other; do
        eval "list=\$$run"
        (cd "$gacrux" && python3 tiebreakchecker.py -i "$tmp/event.trf" -s -n "$rounds" -d C \
          -t $list) | tail -n +2 | grep -v '^Check' > "$tmp/$run.csv"
      done
      cut -d, -f4- "$tmp/other.csv" | paste -d, "$tmp/fore.csv" - |
        awk -F, -v corpus="$corpus" -v event="$event" 'BEGIN { OFS = "," }
          { line = corpus "," event "," $1
            for (i = 4; i <= NF; ++i) line = line "," ($i == "-0" ? "" : $i)
            print line }'
    done
done
