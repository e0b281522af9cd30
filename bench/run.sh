#!/usr/bin/env bash
# The GPU job, in one call on the device machine (CUDA, PyTorch and Triton,
# no MLIR): build runtime/, run its tests on the GPU, check every example
# bundle (compiled on the CPU machine into bundles/ and carried) against the
# interpreter's outputs, run compute-sanitizer on them, measure launch
# overhead, run the Python package's tests and the PyTorch example
# (bench/python.sh), and benchmark ours vs PyTorch vs Triton. Prints the
# table last.
#   bash bench/run.sh [out-dir]
# Narrower runs (same steps, fewer cases): SANITIZE_ONLY=<regex> checks only
# the bundles whose name matches, SKIP_PYTHON=1 skips bench/python.sh,
# BENCH_ARGS is passed to bench.py (e.g. "--only matmul"; "--before
# bundles/before" times each kernel next to its build from another commit,
# made by scripts/make-before-bundles.sh).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-${OUT:-bench-out}}
mkdir -p "$out"
log="$out/log.txt"
: > "$log"
step() { echo "== $*" | tee -a "$log"; }

step "device"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv | tee -a "$log"

step "build runtime/"
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
echo "CUDA toolkit: $cuda_root" | tee -a "$log"
# The bundles block-compile wrote (carried) become tests of their own.
bundle_tests=()
[ -f bundles/checks.txt ] && bundle_tests=(-DBLOCK_RUNTIME_TEST_BUNDLES="$PWD/bundles")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release \
  -DCUDAToolkit_ROOT="$cuda_root" "${bundle_tests[@]}" >> "$log" 2>&1 &&
  ninja -C build-rt >> "$log" 2>&1 || { echo "runtime build failed"; tail -30 "$log"; exit 1; }
rt=build-rt/bin/block-run-gpu

step "runtime tests on the GPU (block-compiled-*: the bundles against the interpreter)"
# An mbarrier protocol that hangs must not take the whole call: every GPU
# run below has a time limit.
ctest --test-dir build-rt --timeout 60 --output-on-failure > build-rt/ctest-gpu.txt 2>&1
grep -E "tests passed|\((Failed|Timeout|SEGFAULT|Subprocess aborted)\)" build-rt/ctest-gpu.txt | tee -a "$log"
grep -q "100% tests passed" build-rt/ctest-gpu.txt || tail -60 build-rt/ctest-gpu.txt | tee -a "$log"

step "launch overhead"
# A one-instance kernel, so that the GPU keeps up and host time is what is measured.
$rt --bundle=runtime/test/bundle --kernel=vector_add --grid=1 \
  --arg=ptr:f32:1024:rand --arg=ptr:f32:1024:rand --arg=ptr:f32:1024:zeros \
  --arg=i32:128 --measure-launch-overhead 2>&1 | tee -a "$log"
# The floor under it: the driver's cuLaunchKernel alone, same kernel.
g++ -O2 -I"$cuda_root/include" bench/launch_floor.cpp -L"$cuda_root/lib64" -lcuda \
  -o build-rt/launch_floor >> "$log" 2>&1 &&
  build-rt/launch_floor runtime/test/bundle/smoke.ptx 2>&1 | tee -a "$log"

if [ -f bundles/checks.txt ]; then
  step "examples against the interpreter's outputs (small sizes, tails)"
  ctest --test-dir build-rt --timeout 60 -R '^block-compiled-' 2>&1 | grep -E "Test +#|tests passed" | tee -a "$log"

  # API errors are left out: the runtime probes cuFuncGetParamInfo one index
  # past the last parameter on purpose, to check the kernel has no more.
  # Shared memory and its barriers can be wrong where results still match:
  # racecheck and synccheck too.
  for tool in memcheck racecheck synccheck; do
    step "compute-sanitizer $tool"
    while read -r name args; do
      [ -z "$name" ] && continue
      [[ -n "${SANITIZE_ONLY:-}" && ! "$name" =~ $SANITIZE_ONLY ]] && continue
      # Reports stay out of $out (few files come back from the GPU machine);
      # a dirty one's tail goes into the log.
      report="build-rt/sanitizer/$tool-$name.txt"
      mkdir -p build-rt/sanitizer
      if eval "timeout 120 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$name $args" > "$report" 2>&1; then
        echo "clean $name" | tee -a "$log"
      else
        echo "DIRTY $name (exit $?)" | tee -a "$log"; tail -12 "$report" | tee -a "$log"
      fi
    done < bundles/checks.txt
  done
fi

# The Python package's tests and the PyTorch example (bias + GELU).
[ -n "${SKIP_PYTHON:-}" ] || bash bench/python.sh "$out" || echo "FAILED: bench/python.sh (see above)"

step "Triton's tutorials: Block's ports vs Triton (bench/tutorials.py)"
# Block's kernels were compiled on the CPU machine into bundles/tutorials
# (scripts/make-bundles.sh): this machine has no block-compile.
if [ -d bundles/tutorials ]; then
  BLOCK_RUNTIME_LIBRARY=$PWD/build-rt/libBlockRuntimeC.so PYTHONUNBUFFERED=1 \
    timeout "${TUTORIALS_TIMEOUT:-420}" python3 bench/tutorials.py --precompiled bundles/tutorials \
    --out "$out" ${TUTORIALS_ARGS:-} 2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || echo "FAILED: bench/tutorials.py (exit $rc; 124: timeout)" | tee -a "$log"
else
  echo "FAILED: no bundles/tutorials (run scripts/make-bundles.sh on the CPU machine and carry bundles/)" | tee -a "$log"
fi

step "@block.jit launch cost against Triton's JIT (bench/python_launch.py)"
# The kernel comes from the cache scripts/make-bundles.sh compiled into
# bundles/python-cache: this machine has no block-compile.
BLOCK_RUNTIME_LIBRARY=$PWD/build-rt/libBlockRuntimeC.so BLOCK_CACHE_DIR=$PWD/bundles/python-cache \
  timeout 120 python3 bench/python_launch.py --out "$out" 2>&1 | tee -a "$log" ||
  echo "FAILED: bench/python_launch.py" | tee -a "$log"

step "attention backward (examples/python/attention_bwd.py) against SDPA's"
BLOCK_RUNTIME_LIBRARY=$PWD/build-rt/libBlockRuntimeC.so BLOCK_CACHE_DIR=$PWD/bundles/python-cache \
  PYTHONUNBUFFERED=1 timeout 300 python3 bench/attention_bwd.py --out "$out" 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || echo "FAILED: bench/attention_bwd.py" | tee -a "$log"

step "attention for training in PyTorch (examples/pytorch/attention.py): its tests, and the layer against SDPA's"
for cmd in "python/tests/run.py test_attention_module" "bench/attention_module.py --out $out"; do
  BLOCK_RUNTIME_LIBRARY=$PWD/build-rt/libBlockRuntimeC.so BLOCK_CACHE_DIR=$PWD/bundles/python-cache \
    PYTHONUNBUFFERED=1 timeout 300 python3 $cmd 2>&1 | tee -a "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || echo "FAILED: $cmd" | tee -a "$log"
done

step "benchmark"
PYTHONUNBUFFERED=1 timeout "${BENCH_TIMEOUT:-480}" python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so \
  --out "$out" ${BENCH_ARGS:-} 2>&1 | tee -a "$log"
