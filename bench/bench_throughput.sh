#!/usr/bin/env bash
# Evaluation throughput of `akgen bench` on a task tree, cold and warm:
#   bench/bench_throughput.sh [TASKS] [JOBS]     (default: tasks/level1, 1 job)
# Cold: an empty cache (every kernel built, every golden generated). Warm: the same run again.
# Prints per run: wall seconds, sample evaluations per minute (all cases of each included) and
# the harness's overhead per case from summary.json (docs/results.md, "timing").
set -euo pipefail
cd "$(dirname "$0")/.."
tasks="${1:-tasks/level1}"
jobs="${2:-1}"
akgen="${AKGEN:-build/bin/akgen}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export AKGEN_CACHE_DIR="$scratch/cache"
for pass in cold warm; do
  start=$(date +%s.%N)
  "$akgen" bench --tasks "$tasks" --run "$scratch/$pass" -j "$jobs" -q > "$scratch/$pass.out"
  end=$(date +%s.%N)
  python3 - "$scratch/$pass/summary.json" "$pass" "$start" "$end" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
wall = float(sys.argv[4]) - float(sys.argv[3])
samples = len(s["tasks"])
cases = sum(t["cases"] for t in s["tasks"])
t = s["timing"]
print(f"{sys.argv[2]:5s} {samples} samples, {cases} cases: {wall:.1f} s wall, "
      f"{samples * 60 / wall:.1f} samples/min, {t['harness_overhead_ms_per_case']:.1f} ms harness overhead per case "
      f"(median {t['case_overhead_ms']['median']:.1f} ms, p90 {t['case_overhead_ms']['p90']:.1f} ms), "
      f"{sum(1 for x in s['tasks'] if x['class'] == 'pass')} passed")
PY
done
