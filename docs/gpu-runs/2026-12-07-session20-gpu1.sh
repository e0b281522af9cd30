#!/usr/bin/env bash
# Session 20's first GPU job: the issue 20 table on whatever card comes
# (asked for an H200). bundles/ from scripts/make-bundles.sh at 4550481.
cd "$(dirname "$0")/../.."
source docs/gpu-runs/job-common.sh
echo "== checks" | tee -a $res/log.txt
timeout 120 ctest --test-dir build-rt --timeout 60 -R '^block-compiled-attention' 2>&1 | grep -E "Test +#|tests passed" > $res/ctest.txt
grep -vE "Passed" $res/ctest.txt | tee -a $res/log.txt
save
echo "== bench" | tee -a $res/log.txt
PYTHONUNBUFFERED=1 timeout 200 python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $res/bench \
  --reps 20 --rounds 3 --only '^attention' > $res/bench-log.txt 2>&1
grep -iE "attention" $res/bench/bench.md | tee -a $res/log.txt
