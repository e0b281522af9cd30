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
# bundle <name> <source> <kernel> <grid> <args> <output> <rtol> <atol>
# [block-compile flags]: compiles the kernel into bundles/<name>, keeps the
# interpreter's output as the reference, and adds the GPU check to
# bundles/checks.txt.
bundle() {
  local name=$1 source=$2 kernel=$3 grid=$4 args=$5 out=$6 rtol=$7 atol=$8
  local flags=${9:-}
  local dir=bundles/$name
  # shellcheck disable=SC2086
  "$bin/block-compile" "$source" -o "$dir" $flags
  # shellcheck disable=SC2086
  "$bin/block-run" "$source" --kernel="$kernel" --grid="$grid" $args \
    --out="$out:$dir/reference.npy" > /dev/null
  echo "$name --kernel=$kernel --grid=$grid $args --ref=$out:$dir/reference.npy --rtol=$rtol --atol=$atol" \
    >> bundles/checks.txt
  echo "bundled $name"
}
grep -v '^#' bench/examples.txt | while IFS='|' read -r name grid args out rtol atol; do
  [ -z "$name" ] && continue
  bundle "$name" "examples/$name.mlir" "$name" "$grid" "$args" "$out" "$rtol" "$atol"
done
# The attention examples in f16: the same programs with f16 for bf16
# (bench/kernels.txt reads them from bundles/sources).
mkdir -p bundles/sources
for e in attention_fwd attention_fwd_d64; do
  sed 's/bf16/f16/g' "examples/$e.mlir" > "bundles/sources/${e}_f16.mlir"
done
# Test kernels: checked the same way, not benchmarked.
grep -v '^#' bench/kernels.txt | while IFS='|' read -r name source kernel grid args out rtol atol flags; do
  [ -z "$name" ] && continue
  bundle "$name" "$source" "$kernel" "$grid" "$args" "$out" "$rtol" "$atol" "$flags"
done
# Triton's tutorials ported to @block.jit: every specialization bench/tutorials.py
# launches on the GPU (which has no block-compile), compiled here.
py=/usr/bin/python3; [ -x "$py" ] || py=python3
"$py" bench/tutorials.py --prepare bundles/tutorials --compiler "$bin/block-compile"
# @block.jit's launch cost (bench/python_launch.py): its kernel compiled into
# a cache that the GPU machine reads without a compiler.
BLOCK_COMPILE="$bin/block-compile" "$py" bench/python_launch.py --prepare bundles/python-cache
# Attention's backward written in Python (bench/attention_bwd.py), into the
# same cache.
BLOCK_COMPILE="$bin/block-compile" "$py" bench/attention_bwd.py --prepare bundles/python-cache
# The PyTorch attention module (examples/pytorch/attention.py): every kernel
# its test and bench/attention_module.py launch, into the same cache.
BLOCK_COMPILE="$bin/block-compile" "$py" bench/attention_module.py --prepare bundles/python-cache
