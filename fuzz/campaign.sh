#!/usr/bin/env bash
# A fuzzing campaign: every libFuzzer target run until it has had CPU_SECONDS of CPU time
# (not wall time: the machine may be busy), JOBS targets at a time, each from its seeds in
# fuzz/corpus/<target> plus what earlier runs found in WORK/<target>. Prints one line per target
# with the CPU seconds, executions, coverage and what libFuzzer found (crash, leak, timeout,
# out-of-memory), and exits 1 if anything was found.
#
# usage: fuzz/campaign.sh [CPU_SECONDS] [JOBS] [WORK] [TARGET...]
#        (defaults: 3600, 2, /tmp/boardgames-fuzz, every target built in build/fuzz/fuzz)
# Build the targets first: cmake --preset fuzz && cmake --build --preset fuzz
# TIMEOUT (default 10) is libFuzzer's per-input limit in wall seconds: raise it when the campaign
# runs at the lowest priority beside other work, where a starved input can wait seconds for a core.
# NICE (default 19) is the targets' niceness: 0 gives a campaign its share beside other work.
set -u
timeout=${TIMEOUT:-10}
niceness=${NICE:-19}
here=$(cd "$(dirname "$0")" && pwd)
bin=${BIN:-$here/../build/fuzz/fuzz}
cpu=${1:-3600}
jobs=${2:-2}
work=${3:-/tmp/boardgames-fuzz}
shift $(($# < 3 ? $# : 3))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for f in "$bin"/*_fuzz; do targets+=("$(basename "$f" _fuzz)"); done
fi
mkdir -p "$work"
ticks=$(getconf CLK_TCK)

# CPU seconds a process has used (user + system), from /proc.
cpu_of() { awk -v t="$ticks" '{ print int(($14 + $15) / t) }' "/proc/$1/stat" 2>/dev/null || echo 0; }

run_one() {
  local target=$1
  mkdir -p "$work/$target"
  local log="$work/$target.log"
  # -max_total_time is a backstop only; the CPU budget stops the run.
  nice -n "$niceness" "$bin/${target}_fuzz" "$work/$target" "$here/corpus/$target" \
    -timeout=$timeout -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -max_total_time=$((cpu * 20)) -artifact_prefix="$work/$target-" > "$log" 2>&1 &
  local pid=$! used=0 now
  while kill -0 "$pid" 2>/dev/null; do
    now=$(cpu_of "$pid")
    [ "$now" -gt "$used" ] && used=$now
    if [ "$used" -ge "$cpu" ]; then
      kill -INT "$pid"
      break
    fi
    sleep 5
  done
  wait "$pid"
  local status=$?
  local stats execs cov found
  stats=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  execs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  cov=$(echo "$stats" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  found=$(ls "$work" | grep -c "^$target-" || true)
  echo "$target cpu_seconds=$used execs=${execs:-?} cov=${cov:-?} found=$found exit=$status"
}

export -f run_one cpu_of
export bin cpu work here ticks timeout niceness
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}' | tee "$work/summary.txt"
! grep -qv ' found=0 ' "$work/summary.txt"
