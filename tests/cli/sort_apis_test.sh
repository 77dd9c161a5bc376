#!/bin/sh
# akgen run on tests/run/programs/sort_apis.asc: the Atlas A2 sort instructions (the full
# Sort<T, true>, Sort32, MrgSort with repeatTimes, each followed by Extract) for float and half
# scores of 32, 128, 200 (padded) and 4096 elements against a stable descending host sort.
# Usage: sort_apis_test.sh AKGEN SOURCE_DIR
set -u
akgen=$1 src=$2
fail() { echo "FAILED: $1"; exit 1; }

out=$("$akgen" run "$src/tests/run/programs/sort_apis.asc" 2>&1); rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "exit code $rc"
echo "$out" | grep -q '^sort_apis passed$' || fail "results differ from the host sort"
[ "$(echo "$out" | grep -c '^ok: ')" -eq 20 ] || fail "not every size and form was checked"
echo "$out" | grep -q '8 kernel launches, 0 with diagnostics' || fail "diagnostics on correct calls"
echo "sort API tests passed"
