#!/bin/sh
# The README's selection form `akgen bench --tasks ... --level 1 'Name*'`: --level takes one value
# per occurrence (or a comma list), so the op names after it stay op names (CLI11 let the list
# option swallow them: "Could not convert: --level = 1,Relu*"). Only the selected task runs.
# Usage: level_and_ops_test.sh AKGEN SOURCE_DIR WORK_DIR
set -eu
akgen=$1 src=$2 work=$3
rm -rf "$work"
"$akgen" bench --tasks "$src/tasks" --level 1 'Relu*' --split public --run "$work/a" --quiet > "$work.a.log" 2>&1 ||
    { cat "$work.a.log"; exit 1; }
# One task, Relu, of level 1, and nothing else was evaluated.
grep -q '"Relu"' "$work/a/summary.json"
test "$(grep -o '"op":"[A-Za-z]*"' "$work"/a/records/*.jsonl | sed 's/.*:"\(.*\)"/\1/' | sort -u)" = Relu
# A comma list and a repeated option read the same way.
"$akgen" bench --tasks "$src/tasks" --level 2,1 --level 3 Relu --split public --run "$work/b" --quiet > "$work.b.log" 2>&1 ||
    { cat "$work.b.log"; exit 1; }
test "$(grep -o '"op":"[A-Za-z]*"' "$work"/b/records/*.jsonl | sed 's/.*:"\(.*\)"/\1/' | sort -u)" = Relu
