#!/bin/sh
# akgen run on tests/run/programs/topk_api.asc: the TopK high-level API (Normal mode float with the
# caller's indices, a finished row and a NaN; Normal mode half, the smallest, framework space;
# Small mode float) against a stable host sort, with TopKTilingFunc / GetTopKMaxMinTmpSize; then
# its --misuse variant, whose broken constraints the checker must report at the calls' lines.
# Usage: topk_api_test.sh AKGEN SOURCE_DIR
set -u
akgen=$1 src=$2
program="$src/tests/run/programs/topk_api.asc"
fail() { echo "FAILED: $1"; exit 1; }

out=$("$akgen" run "$program" 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "exit code $rc"
echo "$out" | grep -q '^topk_api passed$' || fail "results differ from the host reference"
[ "$(echo "$out" | grep -c '^ok: [ABC]: ')" -eq 3 ] || fail "not every case ran"
echo "$out" | grep -q '3 kernel launches, 0 with diagnostics' || fail "diagnostics on correct calls"

out=$("$akgen" run "$program" -- --misuse 2>&1)
echo "$out"
echo "$out" | grep -q 'topk_api.asc:[0-9]*: error: ADV_SHAPE_UNSUPPORTED \[api\] TopK: .* k 0 (Normal mode): k must be in 1..n' ||
    fail "k = 0 not reported"
echo "$out" | grep -q 'topk_api.asc:[0-9]*: error: ADV_TMP_BUFFER_SMALL \[api\] TopK<float>: sharedTmpBuffer holds 512 bytes but the API needs at least 1024' ||
    fail "half the minimum temporary space not reported"
echo "$out" | grep -q "topk_api.asc:[0-9]*: error: ADV_SHAPE_UNSUPPORTED \[api\] TopK: TopKInfo {outter 2, inner 128, n 50}, k 5 (Normal mode): the tiling's sortRepeat is 2" ||
    fail "a tiling of another inner not reported"
echo "topk API tests passed"
