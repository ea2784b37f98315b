#!/bin/sh
# standings --format html is valid HTML (xmllint --html --noout reports nothing) for a Swiss
# (round-by-round crosstable) and a round robin (the grid), with a title that needs escaping.
# usage: tests/pipeline/html.sh BIN_DIR OUT_DIR XMLLINT
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
out=$2
xmllint=$3
mkdir -p "$out"
swiss=$here/../cli/standings/swiss-crosstable
"$bin/standings" --players "$swiss/players.csv" --tiebreaks BH-C1,BH,SB --format html \
  --title 'Ölgii <Spring> Open & "Cup"' "$swiss/results.csv" > "$out/swiss.html"
"$bin/standings" --players "$here/../../examples/players.csv" --format html --title 'R&R <1>' \
  "$here/../../examples/results.csv" > "$out/round-robin.html"
for page in swiss round-robin; do
  "$xmllint" --html --noout "$out/$page.html" > "$out/$page.lint" 2>&1
  if [ -s "$out/$page.lint" ]; then
    cat "$out/$page.lint" >&2
    exit 1
  fi
done
echo "html: both pages valid"
