#!/usr/bin/env bash
# Session 10, fourth call: attention with its query blocks in reverse order
# (the last, with the most keys to see when causal, first), checked against
# the interpreter's outputs at seq 150, then timed beside the examples.
set -uo pipefail
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null &&
  ninja -C build-rt > /dev/null || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
for check in attention_fwd attention_causal_lse attention_fwd_d64; do
  v=rev_attention_fwd; [ $check = attention_fwd_d64 ] && v=rev_attention_fwd_d64
  args=$(grep "^$check " bundles/checks.txt | cut -d' ' -f2- | sed "s/--kernel=attention_fwd\(_d64\)\?/--kernel=$v/")
  echo "$v as $check: $(eval "timeout 60 $rt --bundle=bundles/variants/$v $args" 2>&1 | tail -1 | cut -c1-110)"
done
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  now=bundles/attention_fwd:128 reversed=bundles/variants/rev_attention_fwd:128 > "$out/variants-d128.txt" 2>&1
cat "$out/variants-d128.txt"
timeout 200 python3 bench/attention_variants.py --head-dim 64 --runtime build-rt/libBlockRuntimeC.so \
  now=bundles/attention_fwd_d64:128 reversed=bundles/variants/rev_attention_fwd_d64:128 > "$out/variants-d64.txt" 2>&1
cat "$out/variants-d64.txt"
