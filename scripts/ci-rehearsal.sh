#!/usr/bin/env bash
# ci-rehearsal.sh: CI's run on this machine. Clones the repository's HEAD into a
# fresh directory (no venv, no cargo target, no model cache) and runs
# `CI=true make test` there, each output line stamped with the seconds since the
# start; the log, the total and the clone's disk use (CI machines may have little
# disk) go to DIR/rehearsal.log. A passing run's clone (about 4 GB with its build)
# is removed after, unless KEEP_CLONE=1; a failing run's stays for a look.
#   scripts/ci-rehearsal.sh [DIR]     (default: a new directory under /tmp)
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
dir=${1:-$(mktemp -d /tmp/samgen-ci.XXXXXX)}
if [ -e "$dir/clone" ]; then
  echo "ci-rehearsal: $dir/clone exists; give a new directory" >&2
  exit 1
fi
git clone -q "$repo" "$dir/clone"
log=$dir/rehearsal.log
start=$(date +%s)
set +e
(cd "$dir/clone" && CI=true make test 2>&1) |
  while IFS= read -r line; do echo "$(($(date +%s) - start)) $line"; done > "$log"
status=${PIPESTATUS[0]}
set -e
for d in "" /target/debug /target/samgen-models; do
  du -sh "$dir/clone$d" | sed 's/^/disk: /'
done | tee -a "$log"
echo "rc=$status total=$(($(date +%s) - start))s" | tee -a "$log"
if [ "$status" -eq 0 ] && [ "${KEEP_CLONE:-0}" != 1 ]; then
  rm -rf "$dir/clone"
fi
exit "$status"
