#!/usr/bin/env bash
# Submits `akgen bench` as a Slurm job array of N shards and one merge job that runs after all
# of them succeeded (docs/serve.md, "Scale-out on Slurm"). Prints the two job ids.
#
#   scripts/slurm/bench.sh --run RUN --shards N [--akgen PATH] [--sbatch "extra sbatch options"] -- BENCH-ARGS...
#
# Shard i writes RUN/shards/i (`akgen bench --shard slurm` takes i and N from Slurm); the merge
# job concatenates their records into RUN/records, writes RUN/summary.json from them (bench
# --resume: nothing is evaluated again) and the report. RUN must be on storage every node sees.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
akgen="$(command -v akgen || true)"
run="" shards="" extra=""
while [ $# -gt 0 ]; do
  case "$1" in
    --run) run="$2"; shift 2 ;;
    --shards) shards="$2"; shift 2 ;;
    --akgen) akgen="$2"; shift 2 ;;
    --sbatch) extra="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "bench.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$run" ] && [ -n "$shards" ] && [ -n "$akgen" ] || {
  echo "usage: bench.sh --run RUN --shards N [--akgen PATH] -- BENCH-ARGS..." >&2; exit 2; }
mkdir -p "$run/shards" "$run/slurm"
run="$(cd "$run" && pwd)"
# The bench arguments travel NUL-separated in a file: any quoting survives.
printf '%s\0' "$@" > "$run/slurm/bench-args"
export AKGEN_BIN="$akgen" AKGEN_RUN="$run"
# shellcheck disable=SC2086
array=$(sbatch --parsable --export=ALL --array=0-$((shards - 1)) --output="$run/slurm/shard-%a.out" $extra \
          "$here/bench_shard.sbatch")
array="${array%%;*}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable --export=ALL --dependency=afterok:"$array" --output="$run/slurm/merge.out" $extra \
          "$here/bench_merge.sbatch")
echo "array $array merge ${merge%%;*}"
