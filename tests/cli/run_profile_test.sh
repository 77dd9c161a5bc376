#!/bin/sh
# akgen run --profile / --trace on a task answer: the per-pipe table names a bound pipe and the
# trace is valid Chrome Trace JSON with per-core pipe tracks and source lines.
# Usage: run_profile_test.sh AKGEN SOURCE_DIR WORK_DIR
set -eu
akgen=$1 src=$2 work=$3
mkdir -p "$work"
out=$("$akgen" run "$src/tasks/level1/Elementwise/SquaredDifference/answer/0" \
      --case 'shape=[48,128,512];dtype=float16' --profile --trace "$work/trace.json")
echo "$out"
echo "$out" | grep -q 'simulated kernel time [0-9.]* us'
echo "$out" | grep -q '<- bound'
echo "$out" | grep -q 'hardware lower bound T_hw [0-9.]* us (inputs read and outputs written once)$'
/usr/bin/python3 - "$work/trace.json" <<'PY'
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
threads = {(e["pid"], e["args"]["name"]) for e in events if e.get("name") == "thread_name"}
assert (47, "MTE2") in threads, "no MTE2 track for core 47"
slices = [e for e in events if e.get("ph") == "X"]
assert any(e["name"] == "DataCopy" and "squared_difference.cpp:" in e["args"]["at"] for e in slices), "no located DataCopy"
print(len(slices), "slices")
PY
