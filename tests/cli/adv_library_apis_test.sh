#!/bin/sh
# akgen run on tests/run/programs/adv_library_apis.asc: the high-level APIs the official
# advanced-API samples need (CumSum, RmsNorm, ASCENDC_ASSERT / KERNEL_LOG) against the program's host
# loops, then its --misuse variant, whose broken constraints the checker must report at the
# calls' lines.
# Usage: adv_library_apis_test.sh AKGEN SOURCE_DIR
set -u
akgen=$1 src=$2
program="$src/tests/run/programs/adv_library_apis.asc"
fail() { echo "FAILED: $1"; exit 1; }

out=$("$akgen" run "$program" 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "exit code $rc"
echo "$out" | grep -q '^adv_library_apis passed$' || fail "results differ from the host loops"
echo "$out" | grep -q '1 kernel launches, 0 with diagnostics' || fail "diagnostics on correct calls"

out=$("$akgen" run "$program" -- --misuse 2>&1)
echo "$out"
echo "$out" | grep -q 'adv_library_apis.asc:[0-9]*: error: ADV_SHAPE_UNSUPPORTED \[api\] CumSum: CumSumInfo {outter 8, inner 20}' ||
    fail "CumSum with an 80-byte inner axis not reported"
echo "$out" | grep -q 'adv_library_apis.asc:[0-9]*: error: ADV_TMP_BUFFER_SMALL \[api\] CumSum<half>: sharedTmpBuffer holds 1024 bytes but the API needs at least 2048' ||
    fail "CumSum<half> with too little temporary space not reported"
echo "$out" | grep -q 'adv_library_apis.asc:[0-9]*: error: ADV_TMP_BUFFER_SMALL \[api\] RmsNorm<float>: sharedTmpBuffer holds 160 bytes but the API needs at least 288' ||
    fail "RmsNorm with half its minimum space not reported"
echo "adv library API tests passed"
