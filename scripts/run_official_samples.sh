#!/bin/sh
# Runs official Ascend C direct-launch samples (hicann/asc-devkit examples/, fetched locally, never
# committed) through `akgen run`, the way each sample's README runs it: scripts/gen_data.py in the
# sample's directory, the program, then scripts/verify_result.py output/output.bin
# output/golden.bin. One line per sample: PASS, or FAIL and the stage. docs/compat.md records the
# results ("Official samples").
# Usage: run_official_samples.sh AKGEN EXAMPLES_ROOT WORK_DIR SAMPLE_DIR[@SCENARIO]...
#   (SAMPLE_DIR relative to EXAMPLES_ROOT, e.g. 01_simd_cpp_api/00_introduction/01_add/add; a
#   sample whose CMakeLists takes SCENARIO_NUM gets -D SCENARIO_NUM=N and gen_data.py
#   -scenarioNum=N, N = SCENARIO or 1)
set -u
akgen=$1 root=$2 work=$3
shift 3
py=/usr/bin/python3  # Debian's python3 with numpy (scripts/install-deps.sh)
mkdir -p "$work"
for spec in "$@"; do
    sample=${spec%@*}
    scenario=1
    [ "$spec" != "$sample" ] && scenario=${spec#*@}
    name=$(echo "$spec" | tr '/@' '__')
    defines=""
    genArgs=""
    if grep -q SCENARIO_NUM "$root/$sample/CMakeLists.txt" 2>/dev/null; then
        defines="-D SCENARIO_NUM=$scenario"
        # gen_data.py names the scenario -scenarioNum, --scenarioNum or -scenario_num.
        gen="$root/$sample/scripts/gen_data.py"
        genArgs="-scenarioNum=$scenario"
        grep -q -- "--scenarioNum" "$gen" 2>/dev/null && genArgs="--scenarioNum=$scenario"
        grep -q -- "-scenario_num" "$gen" 2>/dev/null && genArgs="-scenario_num=$scenario"
    fi
    dir="$work/$name"
    rm -rf "$dir"
    cp -r "$root/$sample" "$dir"
    log="$work/$name.log"
    : >"$log"
    if [ -f "$dir/scripts/gen_data.py" ] && ! (cd "$dir" && $py scripts/gen_data.py $genArgs) >>"$log" 2>&1; then
        echo "FAIL gen_data $spec"
        continue
    fi
    (cd "$dir" && mkdir -p output)
    "$akgen" run "$dir" $defines >>"$log" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL run(exit $rc) $spec"
        continue
    fi
    if [ -f "$dir/scripts/verify_result.py" ] &&
        ! (cd "$dir" && $py scripts/verify_result.py output/output.bin output/golden.bin) >>"$log" 2>&1; then
        echo "FAIL verify $spec"
        continue
    fi
    echo "PASS $spec"
done
