#!/usr/bin/env bash
# Session 20's fourth GPU job: why Q by TMA (third job's bundles) is faster
# at fixed clocks (ncu) but slower in bench's event timings. Back-to-back
# launches of base and new for 3 s each (bundles/loop.py is
# src/2026-12-07-session20-loop.py) with nvidia-smi sampling SM clock
# and power every 100 ms (loop.py), then ncu at the clocks the GPU picks
# (--clock-control none) with the SM clock rate.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv -lms 100 > $res/smi.csv 2>&1 &
smi=$!
PYTHONUNBUFFERED=1 timeout 60 python3 bundles/loop.py 128 bundles/variants/base128 bundles/attention_fwd bundles/variants/base128 bundles/attention_fwd 2>&1 | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 60 python3 bundles/loop.py 64 bundles/variants/base64 bundles/attention_fwd_d64 2>&1 | tee -a $res/log.txt
kill $smi
save
for spec in base128:bundles/variants/base128:128 new128:bundles/attention_fwd:128; do
  IFS=: read -r label dir d <<< "$spec"
  echo "== $label" | tee -a $res/ncu.txt
  timeout 60 ncu --clock-control none --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg,sm__cycles_elapsed.avg.per_second,lts__t_sector_hit_rate.pct \
    -k regex:^attention_fwd python3 bundles/ncu_mask.py "$dir" "$d" 2>&1 | grep -E "attention_fwd|gpu__time|cycles_elapsed|hit_rate" | tee -a $res/ncu.txt
  save
done
