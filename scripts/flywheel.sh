#!/usr/bin/env bash
# The data flywheel: gen -> bench (public + hidden cases) -> akgen data build -> export, for N
# rounds (docs/data.md, "The flywheel"). Resumable: rerun the same command after an interruption;
# gen skips written samples, bench --resume skips recorded evaluations, and a finished round is
# skipped whole. Records of round r are built from the evaluations of rounds 1..r and of the
# tasks' expert answers.
#
# usage: scripts/flywheel.sh --tasks DIR --out DIR [--rounds N] [--samples K] [--jobs J]
#            [--between CMD] [--exclude-tasks DIR]... -- [akgen gen model options]
#   --between CMD   run after each round with the round's export directory as $1 (train a model and
#                   serve it at the same --base-url, say); without it every round asks the same model
set -euo pipefail

akgen=${AKGEN:-akgen}
tasks="" out="" rounds=1 samples=8 jobs=2 between="" exclude=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tasks) tasks=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --samples) samples=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --between) between=$2; shift 2 ;;
    --exclude-tasks) exclude+=(--exclude-tasks "$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "flywheel: unknown option $1" >&2; exit 4 ;;
  esac
done
[ -n "$tasks" ] && [ -n "$out" ] || { echo "flywheel: --tasks and --out are required" >&2; exit 4; }
model_args=("$@")
mkdir -p "$out"

# The expert answers, judged once: verified answers are SFT responses too.
if [ ! -e "$out/answers/.done" ]; then
  "$akgen" bench --tasks "$tasks" --run "$out/answers" --split all -j "$jobs" --resume --quiet
  touch "$out/answers/.done"
fi

runs=(--run "$out/answers")
for ((r = 1; r <= rounds; r++)); do
  round="$out/round$r"
  runs+=(--run "$round/eval")
  if [ -e "$round/.done" ]; then continue; fi
  # A different seed per round, so that a round asks new questions of the same model.
  "$akgen" gen --tasks "$tasks" --out "$round/samples" -n "$samples" --seed $((r * 100000)) --quiet "${model_args[@]}" ||
    { echo "flywheel: round $r: some requests failed; rerun to fill the gaps" >&2; exit 1; }
  "$akgen" bench --tasks "$tasks" --samples "$round/samples" --run "$round/eval" --split all -j "$jobs" --resume --quiet
  "$akgen" data build "${runs[@]}" "${exclude[@]}" --out "$round/data"
  "$akgen" data export "$round/data" --format all --out "$round/export" >/dev/null
  "$akgen" data stats "$round/data"
  if [ -n "$between" ]; then $between "$round/export"; fi
  touch "$round/.done"
done
echo "flywheel: $rounds round(s) in $out; latest export: $out/round$rounds/export"
