#!/usr/bin/env bash
# Session 21's third GPU job, at cb89e54 (examples/attention_fwd_d64.mlir
# now persistent; its PTX that of the second job's checked variant).
# bundles/ from scripts/make-bundles.sh, src/2026-12-07-session21-variants.sh
# (references, ncu_mask.py), main's bundles from before the pass as
# bundles/before, and bundles/baseonly: examples/matmul_persistent.mlir
# (bench/kernels.txt's flags) and the persistent D64 form built by a build
# whose pass skips thread indices (reads the shared base again only).
# Every bundle against the interpreter; the issue's table; fixed-clock
# cycles of the D64 example before (not persistent) and now, and of the
# base-only build; the persistent matmuls at 8192 before, base-only and now.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
timeout 150 ctest --test-dir build-rt --timeout 60 -j4 -R '^block-compiled' 2>&1 | grep -E "tests passed|Failed|\*\*\*" | tee -a $res/log.txt
save
PYTHONUNBUFFERED=1 timeout 130 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
save
for spec in before64:before/attention_fwd_d64: baseonly64:baseonly/snake64:persistent now64:attention_fwd_d64:persistent; do
  IFS=: read -r label dir extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" 64 $extra 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
cp docs/gpu-runs/src/2026-12-07-session21-ncu_matmul.py bundles/ncu_matmul.py
for n in matmul_persistent matmul_persistent_ws matmul_persistent_pointers; do
  for v in before baseonly now; do
    d=bundles/$v/$n; [ $v = now ] && d=bundles/$n
    echo "== $n $v 8192" | tee -a $res/ncu.txt
    timeout 60 ncu --metrics sm__cycles_elapsed.avg,smsp__inst_executed.sum \
      -k regex:^matmul python3 bundles/ncu_matmul.py $d 8192 2>&1 | grep -E "cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  done
  save
done
