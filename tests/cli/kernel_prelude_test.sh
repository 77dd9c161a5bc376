#!/bin/bash
# The precompiled kernel_operator.h changes nothing a user sees: a kernel whose error lies inside
# the API headers (wrong GetBlockIdx call) gives byte-for-byte the compiler output of the
# text-only build (AKGEN_KERNEL_PRELUDE=off), and a correct one builds with the prelude in use.
# Usage: kernel_prelude_test.sh AKGEN SOURCE_DIR WORK_DIR
set -eu
akgen=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work/bad"
cp -r "$src/tasks/level1/Elementwise/SquaredDifference/answer/0/op_host" "$work/bad/"
cp -r "$src/tests/harness/hostile/compile_api_signature/op_kernel" "$work/bad/"
export AKGEN_CACHE_DIR=$work/cache
normalized() { grep -v "host built\|host cached" "$1" | sed 's/\.tmp[0-9]*/.tmp/g; s|kernel/[0-9a-f]\{64\}|kernel/H|g'; }
! "$akgen" build "$work/bad" > "$work/with.txt" 2>&1
! AKGEN_KERNEL_PRELUDE=off "$akgen" build "$work/bad" > "$work/without.txt" 2>&1
ls "$work"/cache/pch/*/prelude.h.gch > /dev/null
grep -q 'from .*/op_kernel/squared_difference.cpp:2:' "$work/without.txt"
diff <(normalized "$work/with.txt") <(normalized "$work/without.txt")
"$akgen" build "$src/tasks/level1/Elementwise/SquaredDifference/answer/0" | grep -q 'kernel float32,float32 -> float32: built'
echo "kernel prelude: ok"
