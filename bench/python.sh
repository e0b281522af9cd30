#!/usr/bin/env bash
# The Python package on the GPU machine: its tests (packing, the runtime's
# refusals, the cache with a stand-in compiler, pip, and launches with torch,
# CuPy and DLPack on torch's streams), then the PyTorch example, bias + GELU,
# checked against PyTorch (forward, backward, gradcheck) and timed against
# eager and torch.compile. bench/run.sh runs it; alone it builds the
# runtime library in build-rt/ if needed. The example's bundle comes from
# scripts/make-bundles.sh (bundles/bias_gelu, carried over).
#   bash bench/python.sh [out-dir]
# Exit status: 0 when everything passed, else 1.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-${OUT:-bench-out}}
mkdir -p "$out"
log="$out/log.txt"
touch "$log"
step() { echo "== $*" | tee -a "$log"; }
status=0

if [ ! -f build-rt/libBlockRuntimeC.so ]; then
  step "build runtime/ (the C API library)"
  cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
  { cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release \
      -DCUDAToolkit_ROOT="$cuda_root" && ninja -C build-rt BlockRuntimeC; } >> "$log" 2>&1 ||
    { echo "runtime build failed"; tail -30 "$log"; exit 1; }
fi
export BLOCK_RUNTIME_LIBRARY=$PWD/build-rt/libBlockRuntimeC.so
[ -d bundles ] && export BLOCK_TEST_BUNDLES=$PWD/bundles

step "Python package tests (python/tests, GPU included)"
python3 python/tests/run.py test_args test_runtime test_compile test_install test_gpu \
  > "$out/python-tests.txt" 2>&1
rc=$?
grep -E "^(test_.* \.\.\. |Ran |OK|FAILED|skipped: )" "$out/python-tests.txt" | tee -a "$log"
if [ "$rc" -ne 0 ]; then
  echo "FAILED: the Python package's tests (exit $rc; 77: all skipped), see $out/python-tests.txt" | tee -a "$log"
  grep -A30 -E "^(ERROR|FAIL):" "$out/python-tests.txt" | head -80
  status=1
fi

step "PyTorch example: bias + GELU against PyTorch"
if [ -d bundles/bias_gelu ]; then
  if ! python3 examples/pytorch/bias_gelu.py --bundle bundles/bias_gelu 2>&1 | tee -a "$log"; then
    echo "FAILED: examples/pytorch/bias_gelu.py" | tee -a "$log"
    status=1
  fi
  step "PyTorch example: bias + GELU vs eager and torch.compile"
  if ! PYTHONUNBUFFERED=1 python3 examples/pytorch/bench_bias_gelu.py --bundle bundles/bias_gelu \
      2>&1 | tee -a "$log"; then
    echo "FAILED: examples/pytorch/bench_bias_gelu.py" | tee -a "$log"
    status=1
  fi
else
  echo "FAILED: no bundles/bias_gelu (run scripts/make-bundles.sh on the CPU machine and carry bundles/)" | tee -a "$log"
  status=1
fi
exit $status
