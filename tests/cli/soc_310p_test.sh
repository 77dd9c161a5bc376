#!/bin/sh
# akgen run --soc Ascend310P3 end to end: a vector task of ours runs on the 8 coupled AI cores with
# 310P's timing, and a kernel using what 310P lacks (DataCopyPad) stops with SOC_UNSUPPORTED.
# Usage: soc_310p_test.sh AKGEN SOURCE_DIR WORK_DIR
set -eu
akgen=$1 src=$2 work=$3
mkdir -p "$work"
out=$("$akgen" run "$src/tasks/level1/Math/Add/answer/0" --soc Ascend310P3 \
      --case 'shape=[1000003];dtype=float32' --out "$work/add" --profile)
echo "$out"
echo "$out" | grep -q '^Add: blockDim 8,'
echo "$out" | grep -q 'simulated kernel time [0-9.]* us (slowest core [0-9.]* us + launch [0-9.]* us), 8 cores'
echo "$out" | grep -q 'MTE2 .* <- bound'
test -s "$work/add/y.npy"
if out=$("$akgen" run "$src/tasks/level1/Math/Mul/answer/0" --soc Ascend310P3 \
         --case 'shape=[1000003];dtype=float32' --out "$work/mul" 2>&1); then
    echo "Mul ran on Ascend310P3 although it uses DataCopyPad"; exit 1
fi
echo "$out" | grep -q 'error: SOC_UNSUPPORTED \[api\] DataCopyPad is not supported on Ascend310P3'
# Direct-launch programs do not take the platform yet: refused rather than run on the default.
set +e
"$akgen" run "$src/tests/run/programs/vector_scale.asc" --soc Ascend310P3 > "$work/program.log" 2>&1
rc=$?
set -e
test "$rc" -eq 4
grep -q -- '--soc is not applied to direct-launch programs' "$work/program.log"
