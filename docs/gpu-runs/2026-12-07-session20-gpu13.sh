#!/usr/bin/env bash
# Session 20's thirteenth GPU job: the issue's table again (asked for an
# H200), bundles/ from scripts/make-bundles.sh at 0c93a5f (c3d36f0 and later
# leave the attention PTX as it is): the attention bundles against the
# interpreter, then bench.py's attention rows (4 rounds).
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
timeout 120 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-attention' 2>&1 | grep -E "tests passed" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 200 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 4 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
