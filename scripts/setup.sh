#!/usr/bin/env bash
# Quick start, step 1: install what is missing, build, and run the main job — every task of the
# built-in suite (tasks/) built, run on simulated Ascend 910B cores on all its cases, and judged
# against its PyTorch reference. Builds only what that needs (akgen and the runtime libraries it
# links kernels against); scripts/test.sh builds the test binaries and benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh akgen
export AKGEN_CACHE_DIR="${AKGEN_CACHE_DIR:-$PWD/build/akgcache}"
build/bin/akgen bench --tasks tasks --run build/runs/builtin -j 2 --expect-pass
