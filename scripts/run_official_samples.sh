#!/bin/sh
# Runs official Ascend C direct-launch samples (hicann/asc-devkit examples/, fetched locally, never
# committed) through `akgen run`, the way each sample's README runs it: scripts/gen_data.py in the
# sample's directory, the program, then scripts/verify_result.py output/output.bin
# output/golden.bin (and the scenario, where that script takes one). One line per sample: PASS,
# or FAIL and the stage. docs/compat.md records the results ("Official samples").
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
    verifyArgs=""
    if grep -q SCENARIO_NUM "$root/$sample/CMakeLists.txt" 2>/dev/null; then
        defines="-D SCENARIO_NUM=$scenario"
        # gen_data.py names the scenario -scenarioNum, --scenarioNum or -scenario_num.
        gen="$root/$sample/scripts/gen_data.py"
        genArgs="-scenarioNum=$scenario"
        grep -q -- "--scenarioNum" "$gen" 2>/dev/null && genArgs="--scenarioNum=$scenario"
        grep -q -- "-scenario_num" "$gen" 2>/dev/null && genArgs="-scenario_num=$scenario"
        grep -q -- "\"--scenario\"" "$gen" 2>/dev/null && genArgs="--scenario=$scenario"
        # verify_result.py takes it as an option, or (fixpipe_l0c2l1, gather, ...) as a third argument.
        verify="$root/$sample/scripts/verify_result.py"
        grep -q -- "-scenarioNum" "$verify" 2>/dev/null && verifyArgs="-scenarioNum=$scenario"
        grep -q -- "-scenario_num" "$verify" 2>/dev/null && verifyArgs="-scenario_num=$scenario"
        grep -q "sys.argv\[3\]" "$verify" 2>/dev/null && verifyArgs="$scenario"
    fi
    # The compile definitions the CMakeLists gives the program (CYCLENUMS, SCENARIO, ...).
    defines="$defines $(python3 "$(dirname "$0")/cmake_definitions.py" "$root/$sample/CMakeLists.txt" SCENARIO_NUM=$scenario | tr '\n' ' ')"
    # A CMakeLists that derives ASC_ARCHITECTURES from its default CMAKE_ASC_ARCHITECTURES
    # (dav-2201, Atlas A2) defines it as 2201 (fixpipe_l0c2l1 sizes its output file by it).
    grep -q 'DASC_ARCHITECTURES=${ARCH_NUM}' "$root/$sample/CMakeLists.txt" 2>/dev/null &&
        defines="$defines -D ASC_ARCHITECTURES=2201"
    # gen_data.py that takes the architecture as its CMake option (the quantisation samples).
    grep -q -- "-DCMAKE_ASC_ARCHITECTURES=" "$root/$sample/scripts/gen_data.py" 2>/dev/null &&
        genArgs="$genArgs -DCMAKE_ASC_ARCHITECTURES=dav-2201"
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
        ! (cd "$dir" && $py scripts/verify_result.py output/output.bin output/golden.bin $verifyArgs) >>"$log" 2>&1; then
        echo "FAIL verify $spec"
        continue
    fi
    echo "PASS $spec"
done
