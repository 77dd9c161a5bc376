#!/usr/bin/env bash
# Installs the Debian packages AscendKernelGen builds and runs with. Safe to re-run: only what is
# missing is installed. Needs root (or sudo).
set -euo pipefail

packages=(
  cmake ninja-build g++ ccache binutils     # toolchain; akgen compiles operator projects with g++
  clang-16                                   # kernels g++ rejects (class-scope specialisations, as CATLASS writes)
  libgtest-dev libbenchmark-dev              # tests and benchmarks
  nlohmann-json3-dev libcli11-dev            # JSON and the akgen command line
  python3 python3-numpy python3-torch python3-scipy  # PyTorch references of the tasks (goldens)
  chromium                                   # the report test renders report.html headless
  libcurl4-openssl-dev                       # akgen gen/solve: the model-server client
  libcpp-httplib-dev pkgconf                 # akgen serve; tests/gen: the loopback OpenAI-compatible test server
  slurm-wlm munge                            # tests/slurm: a one-node Slurm cluster runs scripts/slurm/
  libffi-dev                                 # the harness calls an answer's aclnn functions with the glue's argument types
  python3-pandas python3-yaml                # tests/data: exports read as trainers read them, recipes parsed
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
