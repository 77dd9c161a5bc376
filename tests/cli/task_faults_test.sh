#!/bin/sh
# Faults of the task are the task's: a task without validation/pybind.cpp, or whose case table has
# a row that does not parse, is skipped as malformed (named in summary.json, in no candidate's
# record), the other tasks run; a --tasks holding no task, or no directory, is a usage error (4).
# Usage: task_faults_test.sh AKGEN SOURCE_DIR WORK_DIR
set -eu
akgen=$1 src=$2 work=$3
rm -rf "$work"
tree="$work/tasks/level1/Activation"
mkdir -p "$tree"
for t in Relu NoGlue BadRow; do cp -r "$src/tasks/level1/Activation/Relu" "$tree/$t"; done
rm "$tree/NoGlue/validation/pybind.cpp"
echo '99;[8, 8];float16;1.0;0;extra' >> "$tree/BadRow/validation/test_cases.csv"
"$akgen" bench --tasks "$work/tasks" --split public --run "$work/run" > "$work/bench.log" 2>&1 ||
    { cat "$work/bench.log"; exit 1; }
grep -q 'skipped .*NoGlue: missing validation/pybind.cpp' "$work/bench.log"
grep -q 'skipped .*BadRow: validation/test_cases.csv does not parse: row 14 has 6 cells, the header 5' "$work/bench.log"
grep -q '"reason": "missing validation/pybind.cpp"' "$work/run/summary.json"
grep -q '"reason": "validation/test_cases.csv does not parse' "$work/run/summary.json"
# Only Relu was judged: no record blames a candidate for the two tasks' faults.
test "$(grep -o '"op":"[A-Za-z]*"' "$work"/run/records/*.jsonl | sed 's/.*:"\(.*\)"/\1/' | sort -u)" = Relu
# No task at all: a usage error, not an empty successful run.
mkdir -p "$work/empty"
set +e
"$akgen" bench --tasks "$work/empty" --run "$work/run-empty" > "$work/empty.log" 2>&1
rc=$?
"$akgen" bench --tasks "$work/missing" --run "$work/run-missing" > "$work/missing.log" 2>&1
rc2=$?
set -e
test "$rc" -eq 4
grep -q 'holds no task' "$work/empty.log"
test "$rc2" -eq 4
grep -q 'is not a directory' "$work/missing.log"
