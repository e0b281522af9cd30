#!/usr/bin/env bash
# Session 20's fifth GPU job: which part of the third job's change costs
# D64 2-3% at fixed clocks: base (main's bundles), new (Q by TMA, into
# registers; bar.warp.sync before each mbarrier arrival), nosync (new
# without the bar.warp.sync), ptrq (the compiler of new on main's example:
# Q by pointers). One launch each at fixed clocks; SASS of base64 and new64.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
for spec in base64:variants/base64:64 new64:attention_fwd_d64:64 nosync64:variants/nosync64:64 ptrq64:variants/ptrq64:64 \
    base128:variants/base128:128 new128:attention_fwd:128 nosync128:variants/nosync128:128 ptrq128:variants/ptrq128:128; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__cycles_elapsed.avg \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "bundles/$dir" "$d" 2>&1 | grep -E "attention_fwd|cycles_elapsed|inst_executed" | tee -a $res/ncu.txt
  save
done
for d in variants/base64 attention_fwd_d64; do
  cuobjdump -sass bundles/$d/*.cubin > $res/$(basename $d).sass 2>&1
done
