#!/usr/bin/env bash
# Session 14, second call (the third attempt's job, trimmed): key blocks walked from the last (masked first,
# FA3's order; *_rev) at D128, and D64 with key blocks of 256 (*_n256),
# each against the example at fixed clocks (ncu), checked at S = 150
# against the interpreter's references, as is persistent_tiles_stored (new
# this session); bench.py on the examples as
# they now are (attention only: little device time was left).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
res=/tmp/res; rm -rf $res; mkdir -p $res
# What has come back so far, even when the time limit stops the job.
trap 'gzip -f $res/*.csv 2> /dev/null; tar czf "$out/res.tgz" -C $res .' EXIT
trap 'exit 1' TERM
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
check() { # bundle, checks.txt entry whose arguments and reference it takes
  args=$(grep "^$2 " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 60 $rt --bundle=bundles/$1 $args" 2>&1 | tail -1 | sed "s/^/$1 ($2): /" | tee -a $res/log.txt
}
check persistent_tiles_stored persistent_tiles_stored
check attention_fwd attention_fwd
check attention_fwd attention_causal_lse
check attention_fwd_d64 attention_fwd_d64
check attention_fwd_rev attention_fwd
check attention_fwd_rev attention_causal_lse
check attention_fwd_d64_n256 attention_fwd_d64
for spec in ex128:bundles/attention_fwd:128 rev128:bundles/attention_fwd_rev:128 ex64:bundles/attention_fwd_d64:64 n256:bundles/attention_fwd_d64_n256:64; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 100 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
done
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 150 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
tail -40 $res/bench-log.txt
for tool in racecheck synccheck; do
  for spec in attention_fwd_rev:attention_causal_lse attention_fwd_d64_n256:attention_fwd_d64 persistent_tiles_stored:persistent_tiles_stored; do
    IFS=: read -r b c <<< "$spec"
    args=$(grep "^$c " bundles/checks.txt | cut -d' ' -f2-)
    eval "timeout 150 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/$b $args" > $res/san-$tool-$b.txt 2>&1
    echo "$tool $b rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool-$b.txt | head -1)" | tee -a $res/log.txt
  done
done
ls -la $res
