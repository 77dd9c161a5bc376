#!/bin/sh
# akgen run on direct-launch programs of our own (tests/run/programs): a single-source .asc file
# and a host main + kernel pair, built by the real builder and run on simulated cores; the mixed
# pair runs 3 AICs and 6 AIVs from its __mix__(1, 2) qualifier, and its --deadlock variant fails
# with a DEADLOCK located at the AIVs' wait.
# Usage: direct_launch_test.sh AKGEN SOURCE_DIR
set -u
akgen=$1 src=$2
programs="$src/tests/run/programs"
fail() { echo "FAILED: $1"; exit 1; }

out=$("$akgen" run "$programs/vector_scale.asc" 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "vector_scale.asc exit code $rc"
echo "$out" | grep -q '^vector_scale passed$' || fail "vector_scale did not pass"
echo "$out" | grep -q 'scale_add<<<8>>> KERNEL_TYPE_AIV_ONLY (its qualifier), 8 cores: ok, simulated [0-9.]* us' ||
    fail "no launch line for scale_add"
# The vector kernel's pipe times: V and MTE2 busy (the bench of the matmul sample reads these).
echo "$out" | grep 'scale_add<<<8>>>' | grep -Eq 'pipe busy us: S [0-9.]+ V [1-9][0-9.]*|pipe busy us: S [0-9.]+ V 0\.[0-9]*[1-9]' ||
    fail "no V busy time on the launch line"
echo "$out" | grep 'scale_add<<<8>>>' | grep -Eq 'MTE2 ([1-9][0-9.]*|0\.[0-9]*[1-9])' || fail "no MTE2 busy time"
echo "$out" | grep -q 'akgen: aclrtMemcpy: .*(error 100000)' || fail "aclrtMemcpy misuse not explained"
echo "$out" | grep -q 'exit code 0, 1 kernel launches, 0 with diagnostics' || fail "summary"

out=$("$akgen" run "$programs/mixed_tiles" 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "mixed_tiles exit code $rc"
echo "$out" | grep -q '^mixed_tiles: 0 wrong elements$' || fail "mixed_tiles results"
echo "$out" | grep -q 'produce_consume<<<3>>> KERNEL_TYPE_MIX_AIC_1_2 (its qualifier), 9 cores: ok' ||
    fail "mixed_tiles did not run 3 AICs + 6 AIVs"

out=$("$akgen" run "$programs/mixed_tiles" -- --deadlock 2>&1); rc=$?
echo "$out"
[ $rc -eq 1 ] || fail "mixed_tiles --deadlock exit code $rc, want 1"
echo "$out" | grep -q 'tiles_kernel.cpp:[0-9]*: error: DEADLOCK \[multicore\] .*AIV 0 waits in CrossCoreWaitFlag(3)' ||
    fail "no located DEADLOCK"
echo "$out" | grep -q '1 kernel launches, 1 with diagnostics' || fail "deadlock summary"
# A sample directory holding its data and the build cache itself (as a user running a sample
# with AKGEN_CACHE_DIR inside it would): the build copies and hashes only the compiler's inputs,
# so the cache never holds itself and new data is no new build.
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sample/input"
cp "$programs/vector_scale.asc" "$work/sample/"
head -c 1048576 /dev/zero > "$work/sample/input/x.bin"
for round in 1 2; do
    out=$(AKGEN_CACHE_DIR="$work/sample/cache" "$akgen" run "$work/sample" 2>&1); rc=$?
    [ $rc -eq 0 ] || { echo "$out"; fail "sample with its cache inside, round $round: exit code $rc"; }
    echo "x" >> "$work/sample/input/x.bin"
done
entries=$(ls "$work/sample/cache/program" | wc -l)
[ "$entries" -eq 1 ] || fail "changed data made $entries program builds, want 1"
copied=$(find "$work/sample/cache/program" -type f -path '*/src/*' | sed 's#.*/src/##' | sort | tr '\n' ' ')
[ "$copied" = "vector_scale.asc " ] || fail "the program cache copied more than the sources: $copied"
echo "direct launch tests passed"
