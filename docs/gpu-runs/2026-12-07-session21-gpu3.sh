#!/usr/bin/env bash
# Session 21's third GPU job: does reading the thread index again in loop
# nests pay, beside reading the shared base again alone? Fixed-clock cycles
# of the persistent matmuls (bundles/before: main before the pass;
# bundles/baseonly: the pass without the thread-index reads; bundles/: the
# pass as committed) at 4096 and 8192, and of the persistent D64 attention
# form (baseonly and as committed) beside the example. bundles/ as in the
# second job, plus bundles/baseonly (block-compile of examples/
# matmul_persistent.mlir with bench/kernels.txt's flags, and of
# src/2026-12-07-session21-snake.py's D64 form, by a build whose pass skips
# thread indices).
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
cp docs/gpu-runs/src/2026-12-07-session21-ncu_matmul.py bundles/ncu_matmul.py
for n in matmul_persistent matmul_persistent_pointers matmul_persistent_ws; do
  for v in before baseonly new; do
    d=bundles/$v/$n; [ $v = new ] && d=bundles/$n
    for size in 4096 8192; do
      echo "== $n $v $size" | tee -a $res/ncu.txt
      timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
        -k regex:^matmul python3 bundles/ncu_matmul.py $d $size 2>&1 | grep -E "cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
    done
    save
  done
done
for spec in main64:attention_fwd_d64: baseonly64:baseonly/snake64:persistent snake64:variants/snake64:persistent; do
  IFS=: read -r label dir extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" 64 $extra 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
args="--grid=3,1 $(grep "^64 1 " bundles/variants/refs.txt | cut -d' ' -f3-)"
eval "timeout 60 $rt --bundle=bundles/baseonly/snake64 $args" 2>&1 | tail -1 | cut -c1-150 | sed "s|^|baseonly snake64 causal: |" | tee -a $res/log.txt
for n in matmul_persistent matmul_persistent_pointers matmul_persistent_ws; do
  a=$(grep "^$n " bundles/checks.txt | cut -d' ' -f2-)
  eval "timeout 60 $rt --bundle=bundles/baseonly/$n $a" 2>&1 | tail -1 | cut -c1-150 | sed "s|^|baseonly $n: |" | tee -a $res/log.txt
done
