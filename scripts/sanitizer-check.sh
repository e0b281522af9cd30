#!/usr/bin/env bash
# The whole project built with AddressSanitizer + UndefinedBehaviorSanitizer
# (BLOCK_SANITIZE, cmake/BlockSanitizers.cmake) and its test suites run with
# it: check-block (the lit suite: every tool run instrumented, every
# regression input replayed) and the runtime's unit and tool tests. Any
# sanitizer report fails the run (UBSan is fatal, -fno-sanitize-recover).
#   bash scripts/sanitizer-check.sh [build-dir]        (default build-asan)
# Environment: JOBS (parallel jobs, default 2); CC / CXX (default clang-22 /
# clang++-22 where installed, else the system compiler: GCC works too).
# Prints how long each step took; docs/fuzzing.md has the numbers for CI.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-asan}
jobs=${JOBS:-2}

if [ -z "${CC:-}" ] && [ -z "${CXX:-}" ] && command -v clang++-22 > /dev/null; then
  export CC=clang-22 CXX=clang++-22
  # clang-22 finds LLVM's lld next to itself; GNU ld works too, only slower.
  linker=(-DLLVM_USE_LINKER=lld)
else
  linker=()
fi

step() { echo "== $*"; }
t0=$(date +%s)
step "configure $build (${CXX:-c++}, BLOCK_SANITIZE=address;undefined)"
cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
  "-DBLOCK_SANITIZE=address;undefined" "${linker[@]}" > "$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
t1=$(date +%s)
step "build (-j$jobs)"
ninja -C "$build" -j"$jobs"
t2=$(date +%s)
step "check-block"
ninja -C "$build" -j"$jobs" check-block
t3=$(date +%s)
step "runtime tests (ctest, without the installed-package test)"
ctest --test-dir "$build" --output-on-failure -j"$jobs" -E 'embed|^lit$'
t4=$(date +%s)
echo "== sanitizer check passed: configure $((t1 - t0)) s, build $((t2 - t1)) s," \
     "check-block $((t3 - t2)) s, runtime tests $((t4 - t3)) s, total $((t4 - t0)) s"
