#!/usr/bin/env bash
# Prepare the GPU job on this (CPU) machine: compile every example into a
# kernel bundle under bundles/<name>/, run each on the interpreter at the
# small sizes of bench/examples.txt to get reference outputs, and write
# bundles/checks.txt, the block-run-gpu command lines bench/run.sh replays on
# the GPU against those references. bundles/ is ignored by git; carry it.
#   bash scripts/make-bundles.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
bin=$build/bin
rm -rf bundles
mkdir -p bundles
: > bundles/checks.txt
grep -v '^#' bench/examples.txt | while IFS='|' read -r name grid args out rtol atol; do
  [ -z "$name" ] && continue
  dir=bundles/$name
  "$bin/block-compile" "examples/$name.mlir" -o "$dir"
  # shellcheck disable=SC2086
  "$bin/block-run" "examples/$name.mlir" --kernel="$name" --grid="$grid" $args \
    --out="$out:$dir/reference.npy" > /dev/null
  echo "$name --kernel=$name --grid=$grid $args --ref=$out:$dir/reference.npy --rtol=$rtol --atol=$atol" \
    >> bundles/checks.txt
  echo "bundled $name"
done
