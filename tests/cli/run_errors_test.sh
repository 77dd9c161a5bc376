#!/bin/bash
# The run's own failures (docs/evaluation-loop.md): a disk that fills during `akgen bench` ends
# it with a "disk full" error (exit 5) and `--resume` then completes it; SIGTERM ends the unit
# processes and Python workers with the parent (exit 143) and `--resume` continues.
# In both, records written before the failure stay as they were and nothing is evaluated twice.
# The disk-full part needs a user and mount namespace (unshare -rm) for its small tmpfs.
# Usage: run_errors_test.sh AKGEN SOURCE_DIR WORK_DIR   (AKGEN_CACHE_DIR: the shared cache)
set -eu
akgen=$1 src=$2 work=$3
task=$src/tasks/level1/Elementwise/SquaredDifference
rm -rf "$work"
mkdir -p "$work"

# Every record of RUN appears once, and the records of BEFORE are RUN's first lines.
check_records() {  # RUN BEFORE EXPECTED_CASES
    local records=$1/records/all.jsonl
    test "$(grep -c '"kind":"case"' "$records")" -eq "$3"
    test -z "$(grep '"kind":"case"' "$records" | grep -o '"case":"[^"]*"' | sort | uniq -d)"
    head -n "$(wc -l < "$2")" "$records" | cmp - "$2"
}
cases=$(($(wc -l < "$task/validation/test_cases.csv") - 1))
hidden=$task/validation/hidden_cases.csv
if [ -f "$hidden" ]; then cases=$((cases + $(wc -l < "$hidden") - 1)); fi

# --- disk full: the goldens' directory is a 24 MiB tmpfs (the builds stay in the shared cache).
if unshare -rm true 2>/dev/null; then
    mkdir -p "$AKGEN_CACHE_DIR/goldens"
    unshare -rm bash -eu -c '
        akgen=$1 task=$2 work=$3
        mount -t tmpfs -o size=24m tmpfs "$AKGEN_CACHE_DIR/goldens"
        set +e
        "$akgen" bench --tasks "$task" --run "$work/full" --quiet 2> "$work/full.err"
        rc=$?
        set -e
        cat "$work/full.err"
        test "$rc" -eq 5
        grep -q "^akgen: disk full: .*No space left on device" "$work/full.err"
        cp "$work/full/records/all.jsonl" "$work/full.before"
        mount -o remount,size=400m "$AKGEN_CACHE_DIR/goldens"
        "$akgen" bench --tasks "$task" --run "$work/full" --quiet --resume --expect-pass > /dev/null' \
        _ "$akgen" "$task" "$work"
    check_records "$work/full" "$work/full.before" "$cases"
    test "$(grep -c '"kind":"case"' "$work/full.before")" -lt "$cases"
else
    echo "no user namespaces: the disk-full part is skipped"
fi

# --- SIGTERM once the candidate's build is recorded (its cases then take seconds even warm).
descendants() { for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do echo "$c"; descendants "$c"; done; }
"$akgen" bench --tasks "$task" --run "$work/term" --quiet &
pid=$!
for _ in $(seq 600); do
    grep -q '"kind":"sample"' "$work/term/records/all.jsonl" 2>/dev/null && break
    sleep 0.1
done
kids=$(descendants "$pid")
test -n "$kids"
kill -TERM "$pid"
set +e
wait "$pid"
rc=$?
set -e
test "$rc" -eq 143
sleep 0.5
for k in $kids; do  # dead: gone, or a zombie waiting for init
    if [ -e /proc/"$k" ] && ! grep -q '^State:.*Z' /proc/"$k"/status 2>/dev/null; then
        echo "process $k ($(cat /proc/"$k"/comm)) outlived akgen bench"; exit 1
    fi
done
cp "$work/term/records/all.jsonl" "$work/term.before"
test "$(grep -c '"kind":"case"' "$work/term.before")" -lt "$cases"
"$akgen" bench --tasks "$task" --run "$work/term" --quiet --resume --expect-pass > /dev/null
check_records "$work/term" "$work/term.before" "$cases"
echo "run errors: ok"
