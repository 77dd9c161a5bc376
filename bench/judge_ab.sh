#!/usr/bin/env bash
# The C++ judge against the Python one in one run (docs/judge.md): warm `akgen bench` on the same
# tasks, alternating AKGEN_NATIVE_JUDGE=off and on, ROUNDS times each; prints wall seconds and the
# harness overhead per case (summary.json) of every run, and checks that the verdicts agree.
#   bench/judge_ab.sh TASKS [ROUNDS] [extra akgen bench options...]
# The cache ($AKGEN_CACHE_DIR) should be warm (every kernel built, every golden made): run once
# before. Results: docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
tasks="$1"
rounds="${2:-3}"
shift $(( $# >= 2 ? 2 : 1 ))
akgen="${AKGEN:-build/bin/akgen}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for round in $(seq "$rounds"); do
  for judge in off on; do
    run="$scratch/$judge-$round"
    start=$(date +%s.%N)
    AKGEN_NATIVE_JUDGE=$judge "$akgen" bench --tasks "$tasks" --run "$run" -j 2 -q "$@" > /dev/null
    end=$(date +%s.%N)
    python3 - "$run" "$judge" "$start" "$end" <<'PY'
import json, sys
s = json.load(open(sys.argv[1] + "/summary.json"))
wall = float(sys.argv[4]) - float(sys.argv[3])
cases = sum(t["cases"] for t in s["tasks"])
t = s["timing"]
print(f"native judge {sys.argv[2]:3s}: {len(s['tasks'])} samples, {cases} cases, {wall:.2f} s wall, "
      f"{len(s['tasks']) * 60 / wall:.1f} samples/min, overhead {t['harness_overhead_ms_per_case']:.1f} ms/case "
      f"(median {t['case_overhead_ms']['median']:.1f})")
PY
  done
  # Same records apart from timings: the two judges' verdicts agree.
  python3 - "$scratch/off-$round" "$scratch/on-$round" <<'PY'
import json, sys
def verdicts(run):
    out = {}
    for line in open(run + "/records/all.jsonl"):
        r = json.loads(line)
        if r["kind"] == "case":
            out[(r["task"], r["sample"], r["case"], r.get("trial", 0))] = (r["class"], r["passed"],
                [(o.get("mismatches"), o.get("max_abs_error"), o.get("max_rel_error")) for o in r.get("outputs", [])])
    return out
a, b = verdicts(sys.argv[1]), verdicts(sys.argv[2])
bad = [k for k in a if a[k] != b.get(k)]
print(f"verdicts: {len(a)} cases, {len(bad)} differ" + (f": {bad[:5]}" if bad else ""))
sys.exit(1 if bad or len(a) != len(b) else 0)
PY
done
