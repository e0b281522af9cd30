# Sourced by the GPU jobs (docs/gpu-runs/*-gpuN.sh) from the repository's
# root on the GPU machine: results go to /tmp/res, packed into $OUT/res.tgz
# by save() and on exit (CSV and SASS files gzipped); builds runtime/ into
# build-rt against bundles/ and sets rt to block-run-gpu; check BUNDLE ENTRY
# runs a bundle on the arguments and reference of the checks.txt entry.
out=${OUT:-/tmp/out}
res=/tmp/res; rm -rf $res; mkdir -p $res
trap 'gzip -f $res/*.csv $res/*.sass 2> /dev/null; tar czf "$out/res.tgz" -C $res .' EXIT
trap 'exit 1' TERM
save() { tar czf "$out/res.tgz" -C $res . 2> /dev/null; }
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv | tee -a $res/log.txt
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" \
  -DBLOCK_RUNTIME_TEST_BUNDLES="$PWD/bundles" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
check() {
  local args
  args=$(grep "^$2 " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 60 $rt --bundle=bundles/$1 $args" 2>&1 | tail -1 | sed "s|^|$1 ($2): |" | tee -a $res/log.txt
}
