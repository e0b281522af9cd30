#!/usr/bin/env bash
# Session 21's variants (run after scripts/make-bundles.sh, from the
# repository's root): the persistent snake forms of both attention examples
# (bundles/variants/snake{64,128}), references from the examples on the
# interpreter at S = 150, two heads (bundles/variants/refs.txt: "head dim,
# causal, arguments"), ncu_mask.py, and main's bundles before this session
# (argument 1, a make-bundles folder) as bundles/before.
set -euo pipefail
src=docs/gpu-runs/src
mkdir -p bundles/variants
for d in 64 128; do
  suffix=""; [ $d = 64 ] && suffix=_d64
  e=examples/attention_fwd$suffix.mlir
  # (skipped for an example that is persistent already)
  if python3 $src/2026-12-07-session21-snake.py $e /tmp/snake$d.mlir; then
    build/bin/block-compile /tmp/snake$d.mlir -o bundles/variants/snake$d > /dev/null
  fi
  n=$((2 * 150 * d))
  for causal in 0 1; do
    args="--kernel=$(basename $e .mlir) --arg=ptr:bf16:$n:randn=23 --arg=ptr:bf16:$n:randn=24 --arg=ptr:bf16:$n:randn=25 --arg=ptr:bf16:$n:zeros --arg=ptr:f32:300:zeros --arg=i32:300 --arg=i32:150 --arg=f32:0.125 --arg=i32:$causal"
    o=bundles/variants/ref$d-$causal
    build/bin/block-run $e --grid=2,2 $args --out=3:$o-o.npy --out=4:$o-lse.npy > /dev/null
    echo "$d $causal $args --ref=3:$o-o.npy --ref=4:$o-lse.npy --rtol=1e-2 --atol=1e-2" >> bundles/variants/refs.txt
  done
done
cp docs/gpu-runs/2026-12-06-session16-ncu_mask.py bundles/ncu_mask.py
if [ -n "${1:-}" ]; then cp -r "$1" bundles/before; fi
echo "variants ready"
