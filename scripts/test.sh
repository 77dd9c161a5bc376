#!/usr/bin/env bash
# Quick start, step 2: build everything setup.sh did not (test binaries, benchmarks) and run the
# whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
