#!/usr/bin/env bash
# Session 14, first call: turns kept across the split loops (joined) and the
# D128 epilogue's reciprocal per row, against the example as it was (base),
# at fixed clocks (ncu); the attention bundles (built with joined turns)
# against the interpreter and under the sanitizers; a per-instruction
# profile of D64 non-causal.
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" \
  -DBLOCK_RUNTIME_TEST_BUNDLES="$PWD/bundles" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
echo "== checks" | tee -a "$out/log.txt"
timeout 200 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-attention' 2>&1 | grep -E "Test +#|tests passed" | tee -a "$out/log.txt"
grep '^attention_fwd ' bundles/checks.txt | sed 's/^attention_fwd /attention_fwd_rcp /;s#bundles/attention_fwd/#bundles/attention_fwd_rcp/#' > /tmp/rcp.txt
while read -r name args; do
  eval "timeout 60 $rt --bundle=bundles/$name $args" 2>&1 | tail -1 | sed "s/^/$name: /" | tee -a "$out/log.txt"
done < /tmp/rcp.txt
for tool in racecheck synccheck memcheck; do
  for name in attention_fwd attention_causal_lse attention_fwd_d64; do
    args=$(grep "^$name " bundles/checks.txt | cut -d' ' -f2-)
    eval "timeout 150 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$name $args" > "$out/san-$tool-$name.txt" 2>&1
    echo "$tool $name rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san-$tool-$name.txt" | head -1)" | tee -a "$out/log.txt"
  done
done
echo "== ncu A/B" | tee -a "$out/log.txt"
for spec in base128:bundles/base/attention_fwd:128 joined128:bundles/attention_fwd:128 rcp128:bundles/attention_fwd_rcp:128 \
            base64:bundles/base/attention_fwd_d64:64 joined64:bundles/attention_fwd_d64:64; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a "$out/ncu.txt"
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a "$out/ncu.txt"
done
echo "== timing" | tee -a "$out/log.txt"
timeout 120 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 128 --rounds 2 \
  base=bundles/base/attention_fwd:128 joined=bundles/attention_fwd:128 rcp=bundles/attention_fwd_rcp:128 2>&1 | tee -a "$out/variants.txt"
timeout 100 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so --head-dim 64 --rounds 2 \
  base=bundles/base/attention_fwd_d64:128 joined=bundles/attention_fwd_d64:128 2>&1 | tee -a "$out/variants.txt"
echo "== D64 profile" | tee -a "$out/log.txt"
timeout 200 ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv \
  -k regex:^attention_fwd --launch-count 1 python3 bundles/ncu_mask.py bundles/attention_fwd_d64 64 > "$out/sass-d64.csv" 2> "$out/ncu-err.txt" || echo "ncu failed"
gzip "$out/sass-d64.csv"; ls -la "$out"
