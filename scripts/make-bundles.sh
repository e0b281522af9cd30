#!/usr/bin/env bash
# Prepare the GPU job on this (CPU) machine: compile every example, and the
# test kernels of bench/kernels.txt, into a kernel bundle under
# bundles/<name>/, run each on the interpreter at the small sizes of
# bench/examples.txt (kernels.txt) to get reference outputs, and write
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
# Test kernels: checked the same way, not benchmarked.
grep -v '^#' bench/kernels.txt | while IFS='|' read -r name source kernel grid args out rtol atol; do
  [ -z "$name" ] && continue
  dir=bundles/$name
  "$bin/block-compile" "$source" -o "$dir"
  # shellcheck disable=SC2086
  "$bin/block-run" "$source" --kernel="$kernel" --grid="$grid" $args \
    --out="$out:$dir/reference.npy" > /dev/null
  echo "$name --kernel=$kernel --grid=$grid $args --ref=$out:$dir/reference.npy --rtol=$rtol --atol=$atol" \
    >> bundles/checks.txt
  echo "bundled $name"
done
