#!/bin/sh
# examples/run.sh, the README's first command, runs to its end (every step exits as it says)
# and is deterministic: two runs into two directories print the same and write the same files.
# usage: tests/pipeline/examples.sh BIN_DIR OUT_DIR
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
out=$2
rm -rf "$out"
mkdir -p "$out"
for run in a b; do
  sh "$here/../../examples/run.sh" "$bin" "$out/$run" > "$out/$run.txt"
  sed "s|$out/$run|OUT|g" "$out/$run.txt" > "$out/$run.out"
done
cmp "$out/a.out" "$out/b.out"
for file in "$out"/a/*; do cmp "$file" "$out/b/$(basename "$file")"; done
# Every tool took part.
for tool in shatar-validate go-score xigua-play rr-schedule swiss-pair standings knockout; do
  grep -q "\"\$bin/$tool\"" "$here/../../examples/run.sh" || { echo "no $tool" >&2; exit 1; }
done
echo "examples/run.sh: $(wc -l < "$out/a.txt") lines, the same twice"
