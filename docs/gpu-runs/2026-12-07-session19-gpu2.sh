#!/usr/bin/env bash
# Session 19's second GPU job: attention persistent, query blocks in a snake
# order, Q and O described per head (right at ragged S), as
# src/2026-12-07-session19-snake.py makes them from the
# examples: bundles/variants/snake_attention_fwd{,_d64} and snake_d64n128
# (D64 with 128-key blocks, P V in flight: src/2026-12-07-session19-attention_fwd_d64_n128.mlir,
# session 18's with one masked block, not two, on the diagonal); bundles/variants/d64n128 the
# same blocks, one program a tile; bundles/variants/qsmem128: the D128
# example with Q K^T reading Q from shared memory (kHalfThreadRegisters 64
# in readsOperandAFromRegisters). ncu_mask.py is
# 2026-12-06-session16-ncu_mask.py, persist.py 2026-12-07-session17-persist.py.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks (S = 150; grids of 3 and 200 programs)" | tee -a $res/log.txt
# bundles/variants/checks.txt: bundle, causal, block-run-gpu arguments
# (references: the examples on the interpreter).
while read -r b causal args; do
  for g in 3 200; do
    eval "timeout 60 $rt --bundle=bundles/variants/$b --grid=$g,1 $args" < /dev/null 2>&1 | tail -2 | cut -c1-120 | sed "s|^|$b grid $g causal $causal: |" | tee -a $res/log.txt
  done
done < bundles/variants/checks.txt
check variants/qsmem128 attention_fwd
check variants/qsmem128 attention_causal_lse
save
args="--grid=3,1 $(grep "^snake_d64n128 1 " bundles/variants/checks.txt | cut -d' ' -f3-)"
for tool in memcheck racecheck synccheck; do
  eval "timeout 90 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/snake_d64n128 $args" > $res/san-$tool.txt 2>&1
  echo "$tool snake_d64n128 causal rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $res/san-$tool.txt | head -1)" | tee -a $res/log.txt
done
save
echo "== ncu" | tee -a $res/log.txt
for spec in new64:bundles/attention_fwd_d64:64: d64n128:bundles/variants/d64n128:64: snake64:bundles/variants/snake_attention_fwd_d64:64:persistent \
    snake64n128:bundles/variants/snake_d64n128:64:persistent new128:bundles/attention_fwd:128: qsmem128:bundles/variants/qsmem128:128: snake128:bundles/variants/snake_attention_fwd:128:persistent; do
  IFS=: read -r label dir d extra <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" $extra 2>&1 | grep -E "attention_fwd|gpu__time|inst_executed|cycles_elapsed" | tee -a $res/ncu.txt
  save
done
echo "== event timings" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 100 python3 bundles/persist.py 64 bundles/attention_fwd_d64 bundles/variants/snake_d64n128 2>&1 | tee -a $res/persist.txt | tail -12
save
PYTHONUNBUFFERED=1 timeout 100 python3 bundles/persist.py 128 bundles/attention_fwd bundles/variants/snake_attention_fwd 2>&1 | tee -a $res/persist.txt | tail -12
