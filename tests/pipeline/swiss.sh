#!/bin/sh
# The Swiss from registration to the rating report, through the pipeline: the players CSV
# (tests/pipeline/players.csv, nine players, two of one family kept apart) → round 1 by
# swiss-pair, seeded by rating → each round's results filled in by a fixed rule and appended →
# the next round from them (a half-point bye entered for round 3 before it is paired), five
# rounds → standings → the TRF report → the standings of the TRF read back, which must be the
# same (but for the clubs, which a TRF does not carry). Every file is compared with tests/pipeline/expected/.
# The arbiter's rule: the player whose id sorts first wins, except on board 2, a draw.
# usage: tests/pipeline/swiss.sh BIN_DIR OUT_DIR [--update]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
out=$2
mkdir -p "$out"
cd "$out"
cp "$here/players.csv" players.csv

fill() {
  awk -F, 'BEGIN { OFS = "," }
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; print; next }
    $col["result"] == "" && $col["white"] != "" && $col["black"] != "" {
      if ($col["board"] == 2) $col["result"] = "1/2-1/2"
      else $col["result"] = ($col["white"] < $col["black"]) ? "1-0" : "0-1"
    }
    { print }'
}

pair="$bin/swiss-pair --seed-by rating --apart family --rounds 5 --format csv"
$pair --seed 7 players.csv | fill > results.csv
for round in 2 3 4 5; do
  if [ "$round" = 3 ]; then echo "3,,P04,,H" >> results.csv; fi
  $pair --players players.csv results.csv | fill | tail -n +2 >> results.csv
done
tiebreaks="--tiebreaks BH-C1,BH,SB"
"$bin/standings" $tiebreaks --players players.csv --title "Pipeline Open" results.csv \
  > standings.txt
"$bin/standings" $tiebreaks --players players.csv --format trf --title "Pipeline Open" \
  results.csv > report.trf
# The same standings from the TRF: ranks, names, titles, ratings, federations, points and
# tie-breaks, line for line — as CSV without the columns a TRF does not carry (the ids, which
# it numbers, and the clubs).
same_columns() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) keep[i] = $i != "id" && $i != "club" }
    { line = ""; for (i = 1; i <= NF; i++) if (keep[i]) line = line (line == "" ? "" : ",") $i
      print line }'
}
"$bin/standings" $tiebreaks --players players.csv --format csv results.csv | same_columns \
  > standings.csv
"$bin/standings" $tiebreaks --format csv report.trf | same_columns > standings-from-trf.csv
diff -u standings.csv standings-from-trf.csv
# The text from the TRF too, its 012 line the title: only the club column differs.
"$bin/standings" $tiebreaks report.trf > standings-from-trf.txt
for file in results.csv standings.txt standings-from-trf.txt report.trf; do
  if [ "${3:-}" = --update ]; then cp "$file" "$here/expected/$file"; fi
  diff -u "$here/expected/$file" "$file"
done
echo "pipeline: 5 rounds paired, standings and the TRF report agree"
