#!/usr/bin/env bash
# Time to build one operator project with `akgen build` (host half + every kernel dtype variant):
# cold (an empty build cache: everything compiled) and warm (the same sources again: every
# artefact found by content hash). Prints min / median / max wall seconds over RUNS runs each.
# "cold" keeps the precompiled kernel_operator.h (the cache's pch/, built once per toolchain and
# flags, as on any machine that has built a kernel before); "cold, no pch" is the same with the
# prelude off (AKGEN_KERNEL_PRELUDE=off), i.e. every header parsed as text.
#
#   bench/build_time.sh [PROJECT_DIR] [RUNS]
#
# PROJECT_DIR defaults to a built-in task's answer; any CANN-layout project works, e.g. an
# NPUKernelBench Level-1 answer (tasks/level1/<Category>/<Op>/answer/0). Results:
# docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
project="${1:-tasks/level1/Elementwise/SquaredDifference/answer/0}"
runs="${2:-5}"
akgen="${AKGEN:-build/bin/akgen}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

time_one() {  # prints wall seconds of one `akgen build` with the given cache dir
  local cache="$1" start end
  start=$(date +%s.%N)
  AKGEN_CACHE_DIR="$cache" "$akgen" build "$project" >"$scratch/out.txt" 2>&1 || { cat "$scratch/out.txt" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }'
}

summary() {  # min median max of the numbers on stdin
  sort -g | awk '{ v[NR] = $1 } END { printf "min %.3f  median %.3f  max %.3f  (n=%d)\n", v[1], v[int((NR + 1) / 2)], v[NR], NR }'
}

echo "project: $project"
# One untimed build first, so that the compiler itself and the headers are in the page cache.
time_one "$scratch/warmup" >/dev/null
for i in $(seq "$runs"); do
  mkdir -p "$scratch/cold$i" && cp -r "$scratch/warmup/pch" "$scratch/cold$i/" 2>/dev/null || true
  time_one "$scratch/cold$i"
done | summary | sed 's/^/cold: /'
for i in $(seq "$runs"); do AKGEN_KERNEL_PRELUDE=off time_one "$scratch/nopch$i"; done | summary | sed 's/^/cold, no pch: /'
for i in $(seq "$runs"); do time_one "$scratch/warmup"; done | summary | sed 's/^/warm: /'
