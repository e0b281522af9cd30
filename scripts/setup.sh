#!/usr/bin/env bash
# Set up Block on a fresh Debian 12 machine: install the packages, configure,
# build everything, and run the main job (an example compiled to PTX and run
# on the interpreter). Run as root (or with sudo available).
#   bash scripts/setup.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
packages=(cmake ninja-build g++ python3 python3-numpy python3-pip python3-setuptools mypy libgtest-dev
          llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
ninja -C "$build"

bash scripts/main-job.sh "$build"
