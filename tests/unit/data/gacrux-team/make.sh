#!/bin/sh
# Regenerates the small team events of this directory and FIDE's tie-break checker's values of
# every team code on them (gacrux-team.csv), for the test "gacrux conformance: team codes ...".
#
#   tests/unit/data/gacrux-team/make.sh GACRUX_DIR
#
# GACRUX_DIR: a checkout of the TieBreakServer repository (github.com/OttoMilvang/TieBreakServer,
# MIT), version 1.9.57 (commit 14a34a2, version.py 2026-07-21), run with Python 3.
# Each EVENT.event (teams, boards, each round's matches board by board, byes) is written by
# make_event.py as EVENT.csv (the results CSV standings reads) and EVENT.trf (TRF-16 player
# lines, 013 team lines, a 362 line: match points 2/1/0, a pairing-allocated bye a match won).
#   c07      4 teams, 2 boards, 2 rounds (the event of tests/cli/standings/team-swiss-c07)
#   ede      4 teams, 4 boards, a round robin: two pairs tied after EDE (team-ede-* cases)
#   bye      5 teams, 2 boards, 3 rounds: a team bye (PAB) each round
#   forfeit  4 teams, 3 boards, 3 rounds: a forfeited match (D absent in round 1) and
#            forfeited boards in played matches
# gacrux-team.csv: event,team,code,value. The value codes (MPTS ... BC) as Gacrux prints them;
# for TBR, BBE and EDE with its variants, whose columns are places within a tie, the rank
# Gacrux gives with match points then that code alone ("rank:CODE").
set -eu
gacrux=$1
here=$(cd "$(dirname "$0")" && pwd)
values="MPTS GPTS MPVGP EMMSB EMGSB ESB EGMSB EGGSB EMMSB/C1 EMGSB/C1 EGMSB/C1 EGGSB/C1 SSSC BC"
groups="TBR BBE EDE EDEC EDET EDEB EDEBT EDEBB"
echo "event,team,code,value" > "$here/gacrux-team.csv"
for event in c07 ede bye forfeit; do
  python3 "$here/make_event.py" "$here/$event.event" "$here/$event.csv" "$here/$event.trf"
  rounds=$(sed -n 's/^XXR //p' "$here/$event.trf")
  swiss=-s
  [ "$event" = ede ] && swiss=
  teams=$(sed -n 's/^013 \(.\{31\}\).*/\1/p' "$here/$event.trf" | tr -d ' ' | tr '\n' ' ')
  (cd "$gacrux" && python3 tiebreakchecker.py -i "$here/$event.trf" $swiss -n "$rounds" -d C \
    -t $values) | tail -n +2 |
    awk -F, -v event="$event" -v teams="$teams" -v codes="$values" '
      BEGIN { split(teams, name, " "); split(codes, code, " ") }
      { for (i = 3; i <= NF; ++i) print event "," name[$1] "," code[i - 2] "," $i }' \
    >> "$here/gacrux-team.csv"
  for code in $groups; do
    (cd "$gacrux" && python3 tiebreakchecker.py -i "$here/$event.trf" $swiss -n "$rounds" -d C \
      -t MPTS "$code") | tail -n +2 |
      awk -F, -v event="$event" -v teams="$teams" -v code="$code" '
        BEGIN { split(teams, name, " ") }
        { print event "," name[$1] ",rank:" code "," $2 }' >> "$here/gacrux-team.csv"
  done
done
