#!/usr/bin/env bash
# fuzz.sh: run every cargo-fuzz target of fuzz/ for TIME seconds, one after
# another, and print one line per target and a total (docs/fuzzing.md).
#
#   scripts/fuzz.sh [TIME] [TARGET...]     (make fuzz TIME=600 TARGETS="expr mtx")
#
# Installs cargo-fuzz from crates.io when it is missing. Builds on stable Rust
# with `--sanitizer none` (no nightly flag is needed then) and with debug
# assertions, so an integer overflow is a crash. Each target reads its
# committed seeds (fuzz/corpus/<target>, fuzz/regressions/<target>) and grows
# its corpus under build/fuzz/corpus/<target>, outside git. Exits non-zero when
# any target crashes, naming the input that did it.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[fuzz] %s\n' "$*"; }
TIME=${1:-60}
shift || true
BUILD=${BUILD:-build}/fuzz
TARGET_DIR=target/fuzz

if ! cargo fuzz --version >/dev/null 2>&1; then
  say "installing cargo-fuzz (cargo install cargo-fuzz --locked)"
  cargo install cargo-fuzz --locked
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cd fuzz && cargo fuzz list)
fi

say "building the targets (cargo fuzz build --sanitizer none -a)"
(cd fuzz && nice -n 19 cargo fuzz build --sanitizer none -a --target-dir "../$TARGET_DIR") \
  || { say "error: cargo fuzz build failed"; exit 1; }
bin_dir=$(find "$TARGET_DIR" -path '*/release/expr' -type f -printf '%h\n' | head -1)

total_runs=0 crashed=0
failures=()
printf '%-9s %12s %10s %8s %8s  %s\n' target runs exec/s corpus crashes note
for t in "${targets[@]}"; do
  corpus="$BUILD/corpus/$t" art="$BUILD/artifacts/$t" log="$BUILD/logs/$t.log"
  mkdir -p "$corpus" "$art" "$(dirname "$log")"
  seeds=(fuzz/corpus/"$t")
  [ -d fuzz/regressions/"$t" ] && seeds+=(fuzz/regressions/"$t")
  # One process (no -jobs/-fork): the machine is shared, so it runs niced.
  status=0
  nice -n 19 "$bin_dir/$t" "$corpus" "${seeds[@]}" \
    -max_total_time="$TIME" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$art/" >"$log" 2>&1 || status=$?
  runs=$(awk -F: '/^stat::number_of_executed_units/ { gsub(/ /, "", $NF); print $NF }' "$log" | tail -1)
  rate=$(awk -F: '/^stat::average_exec_per_sec/ { gsub(/ /, "", $NF); print $NF }' "$log" | tail -1)
  size=$(find "$corpus" "${seeds[@]}" -type f | wc -l)
  note=""
  if [ "$status" -ne 0 ]; then
    crashed=$((crashed + 1))
    input=$(grep -o 'Test unit written to [^ ]*' "$log" | tail -1 | sed 's/Test unit written to //')
    note="crash: ${input:-see $log} (log $log)"
    failures+=("$t: ${input:-no input written} ($log)")
  fi
  printf '%-9s %12s %10s %8s %8s  %s\n' "$t" "${runs:-?}" "${rate:-?}" "$size" \
    "$([ "$status" -ne 0 ] && echo 1 || echo 0)" "$note"
  total_runs=$((total_runs + ${runs:-0}))
done
say "total: ${#targets[@]} targets, ${TIME} s each, $total_runs runs, $crashed crashed"
if [ "$crashed" -ne 0 ]; then
  for f in "${failures[@]}"; do say "crash in $f"; done
  say "reproduce: $bin_dir/<target> <input>"
  exit 1
fi
