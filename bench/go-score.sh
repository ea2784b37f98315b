#!/bin/sh
# go-score over the reference records in ../shared/testdata/go: games scored per second, and how
# often the count agrees with the result the record gives.
#   selfplay/ — GNU Go's finished self-play games, once with the dead stones the record marks and
#               once settled automatically (--dead auto); compared with the engine's own score.
#   counted/  — real games that ended by counting, settled automatically with the komi the index
#               says to assume; winner and exact-margin agreement with RE, for all of them and
#               apart for those go-score warns look unfinished (a border left open);
#               then, for seeds 1-3, against the dead stones of the Go engines
#               (counted/engines/engines.csv, compared by bench/go_engines.cpp: identical dead
#               sets on the consensus games, stone precision and recall, winner against the
#               records and against the consensus count, games more than 10 points off), with
#               the CPU time a game (user time / games, one thread).
# usage: bench/go-score.sh [BIN_DIR] [TESTDATA_DIR] [BENCH_BIN_DIR]
#        (defaults: build/release/tools, ../shared/testdata/go from the project root,
#        BIN_DIR/../bench)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/release/tools}
data=${2:-$here/../shared/testdata/go}
bench_bin=${3:-$bin/../bench}
[ -d "$data/selfplay" ] || { echo "go-score bench: no reference data at $data" >&2; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# seconds SECONDS_FILE CMD...: runs CMD, standard output to $tmp/out, wall time to SECONDS_FILE.
timed() {
  file=$1
  shift
  /usr/bin/time -o "$file" -f %e "$@" > "$tmp/out" 2> "$tmp/err" || true
}

# simplify: go-score's CSV ($tmp/out) cut to "file,result" for the games it counted (status ok or
# unfinished; its reason and warnings columns hold quoted commas, which awk -F, cannot split).
simplify() {
  awk '
    function parse(line,   i, c, field, quoted, n) {
      n = 0; field = ""; quoted = 0
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
          if (c == "\"") { if (substr(line, i + 1, 1) == "\"") { field = field c; i++ } else quoted = 0 }
          else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { f[++n] = field; field = "" }
        else field = field c
      }
      f[++n] = field
      return n
    }
    NR == 1 { n = parse($0); for (i = 1; i <= n; i++) column[f[i]] = i; print "file,result"; next }
    { parse($0); r = f[column["result"]]; if (r != "") print f[column["file"]] "," r }
  ' "$tmp/out" > "$tmp/simple"
  mv "$tmp/simple" "$tmp/out"
}

# compare INDEX_FILE KEY_COLUMN RESULT_COLUMN: joins go-score's CSV ($tmp/out) with the index on
# the file name and prints "games winner exact".
compare() {
  awk -F, -v key="$2" -v want="$3" '
    function winner(r) { r = toupper(substr(r, 1, 1)); return (r == "0" || r == "D" || r == "J") ? "0" : r }
    function margin(r) { return (length(r) > 2) ? substr(r, 3) + 0 : -1 }
    FNR == 1 { next }
    NR == FNR { n = split($1, parts, "/"); ours[parts[n]] = $NF; next }
    {
      n = split($key, parts, "/"); name = parts[n]
      if (!(name in ours)) next
      games++
      if (winner(ours[name]) == winner($want)) {
        won++
        if (margin(ours[name]) == margin($want)) exact++
      }
    }
    END { printf "%d %d %d\n", games, won, exact }
  ' "$tmp/out" "$1"
}

report() {
  label=$1 seconds=$2 counts=$3
  echo "$counts $seconds" | awk -v label="$label" '{
    printf "%-34s %4d games  winner %4d (%5.1f%%)  exact %4d (%5.1f%%)  %6.2f s  %7.1f games/s\n",
      label, $1, $2, 100 * $2 / $1, $3, 100 * $3 / $1, $4, $1 / ($4 > 0 ? $4 : 0.001) }'
}

# split_by_border: the comparison of $tmp/out again, for the games go-score did not warn look
# unfinished (listed in $tmp/unfinished) and for those it did.
split_by_border() {
  cp "$tmp/out" "$tmp/whole"
  for part in "no open border" "open border, warned"; do
    awk -F, -v keep="$part" 'NR == FNR { open[$1] = 1; next }
      FNR == 1 || (($1 in open) == (keep != "no open border"))' "$tmp/unfinished" "$tmp/whole" > "$tmp/out"
    compare "$1" 1 8 | awk -v label="  of which $part" '{
      printf "%-34s %4d games  winner %4d (%5.1f%%)  exact %4d (%5.1f%%)\n", label, $1, $2, 100 * $2 / $1, $3, 100 * $3 / $1 }'
  done
  cp "$tmp/whole" "$tmp/out"
}

self="$data/selfplay"
timed "$tmp/t" "$bin/go-score" --format csv "$self"/*.sgf
simplify
report "selfplay, marked dead stones" "$(cat "$tmp/t")" "$(compare "$self/index.csv" 1 8)"
timed "$tmp/t" "$bin/go-score" --format csv --dead auto "$self"/*.sgf
simplify
report "selfplay, --dead auto" "$(cat "$tmp/t")" "$(compare "$self/index.csv" 1 8)"

counted="$data/counted"
if [ -f "$counted/index.csv" ]; then
  # One run per komi the index assumes (column komi_assumed_for_check).
  total_seconds=0
  : > "$tmp/all"
  : > "$tmp/unfinished"
  for komi in $(awk -F, 'NR > 1 { print $20 }' "$counted/index.csv" | sort -u); do
    awk -F, -v k="$komi" -v dir="$counted" 'NR > 1 && $20 == k { print dir "/" $1 }' "$counted/index.csv" > "$tmp/files"
    # shellcheck disable=SC2046
    timed "$tmp/t" "$bin/go-score" --format csv --komi-points "$komi" $(cat "$tmp/files")
    simplify
    tail -n +2 "$tmp/out" >> "$tmp/all"
    # The games go-score warns look unfinished (a border left open).
    sed -n 's/^go-score: \([^:]*\): warning: game [0-9]*: the game looks unfinished.*/\1/p' "$tmp/err" >> "$tmp/unfinished"
    total_seconds=$(echo "$total_seconds $(cat "$tmp/t")" | awk '{ print $1 + $2 }')
  done
  { echo "file,result"; cat "$tmp/all"; } > "$tmp/out"
  report "counted, --dead auto" "$total_seconds" "$(compare "$counted/index.csv" 1 8)"
  split_by_border "$counted/index.csv"
  # The same counts read as territory counting (the records say RU[Japanese]): the margin less
  # (Black's moves - White's moves), one point when the move count is odd, and 6.5 komi for the
  # KM[0] records instead of 7.5. (Approximate for the one handicap game and the three that
  # end with passes.)
  awk -F, -v OFS=, '
    NR == FNR { if (FNR > 1) { moves[$1] = $11; km[$1] = $5 } next }
    FNR == 1 { print; next }
    {
      n = split($1, parts, "/"); name = "sgf/" parts[n]
      r = $NF; m = (r == "0") ? 0 : substr(r, 3) * (substr(r, 1, 1) == "B" ? 1 : -1)
      m -= moves[name] % 2
      if (km[name] == "0") m += 1
      $NF = (m > 0) ? "B+" m : (m < 0) ? "W+" (-m) : "0"
      print
    }' "$counted/index.csv" "$tmp/out" > "$tmp/territory"
  mv "$tmp/territory" "$tmp/out"
  report "counted, read as territory count" "$total_seconds" "$(compare "$counted/index.csv" 1 8)"
  split_by_border "$counted/index.csv"
fi

# Against the engines' dead stones, seeds 1-3: one JSON run per komi the index assumes.
if [ -f "$counted/engines/engines.csv" ] && [ -x "$bench_bin/go_engines" ]; then
  "$bench_bin/go_engines" "$counted"
  for seed in 1 2 3; do
    user=0
    runs=""
    for komi in $(awk -F, 'NR > 1 { print $20 }' "$counted/index.csv" | sort -u); do
      awk -F, -v k="$komi" -v dir="$counted" 'NR > 1 && $20 == k { print dir "/" $1 }' "$counted/index.csv" > "$tmp/files"
      # shellcheck disable=SC2046
      /usr/bin/time -o "$tmp/t" -f %U "$bin/go-score" -j 1 --format json --seed "$seed" --komi-points "$komi" \
        $(cat "$tmp/files") > "$tmp/run-$seed-$komi.json" 2> /dev/null || true
      user=$(echo "$user $(tail -n 1 "$tmp/t")" | awk '{ print $1 + $2 }')
      runs="$runs $tmp/run-$seed-$komi.json"
    done
    games=$(awk -F, 'NR > 1' "$counted/index.csv" | wc -l)
    # shellcheck disable=SC2086
    "$bench_bin/go_engines" --label "seed $seed" "$counted" $runs
    awk -v u="$user" -v g="$games" 'BEGIN { printf "  CPU %.2f s user, %.1f ms a game\n", u, 1000 * u / g }'
  done
fi

# Replaying and counting alone (no settling): the counted records ten times over.
if [ -f "$counted/index.csv" ]; then
  awk -F, -v dir="$counted" 'NR > 1 { for (i = 0; i < 10; i++) print dir "/" $1 }' "$counted/index.csv" > "$tmp/files"
  # shellcheck disable=SC2046
  timed "$tmp/t" "$bin/go-score" --format csv --dead none $(cat "$tmp/files")
  simplify
  games=$(tail -n +2 "$tmp/out" | wc -l)
  awk -v g="$games" -v s="$(cat "$tmp/t")" 'BEGIN {
    printf "%-34s %4d games  %6.2f s  %7.0f games/s\n", "replay and count only (--dead none)", g, s, g / (s > 0 ? s : 0.001) }'
fi
