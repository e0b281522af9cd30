#!/usr/bin/env bash
# Session 10, fifth call: the fp8 product written with tensor descriptors on
# a persistent grid (bundles/variants/fp8p*: TMA ring, 4 and 3 stages, and
# with a producer warpgroup at 3 stages) against the pointer example
# (bundles/matmul_fp8) and torch._scaled_mm, Triton, at 4096^3 and 8192^3,
# plus the ragged check against the interpreter at 150 x 144 x 80.
set -uo pipefail
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null &&
  ninja -C build-rt > /dev/null || { echo "runtime build failed"; exit 1; }
rt=build-rt/bin/block-run-gpu
args=$(grep "^matmul_fp8 " bundles/checks.txt | cut -d' ' -f2- | sed 's/--grid=[0-9,]*/--grid=1/')
for v in fp8p_wsfalse fp8p3_wsfalse fp8p3_wstrue; do
  echo "$v ragged: $(eval "timeout 60 $rt --bundle=bundles/variants/$v $args" 2>&1 | tail -1 | cut -c1-120)"
  for tool in memcheck racecheck synccheck; do
    eval "timeout 120 compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 9 $rt --bundle=bundles/variants/$v $args" > /tmp/san.txt 2>&1 && echo "  $tool clean" || tail -4 /tmp/san.txt
  done
done
cat > /tmp/fp8.py <<'PY'
import sys, os, statistics, torch
sys.path.insert(0, "bench"); sys.path.insert(0, "python")
import block, bench
rt = block.Runtime("build-rt/libBlockRuntimeC.so")
sms = torch.cuda.get_device_properties(0).multi_processor_count
def kern(root):
    return rt.load(os.path.join(root, "matmul_fp8.json")).kernel("matmul_fp8")
for size in (4096, 8192):
    base = bench.tensor_core_case(kern("bundles/matmul_fp8"), "matmul_fp8", torch.float8_e4m3fn, size, (128, 256))
    impls = {"scaled_mm": base["torch"], "triton": base["triton"], "pointers": base["ours"]}
    errors = {"pointers": base["check"]()}
    for v in ("fp8p_wsfalse", "fp8p3_wsfalse", "fp8p3_wstrue"):
        case = bench.tensor_core_case(kern(f"bundles/variants/{v}"), v, torch.float8_e4m3fn, size, (128, 256), programs=sms)
        errors[v] = case["check"]()
        impls[v] = case["ours"]
    rounds = {k: [] for k in impls}
    for r in range(3):
        for k in bench.rotated(list(impls), r):
            rounds[k].append(bench.time_ms(impls[k], 20))
    best = min(statistics.median(rounds[k]) for k in ("scaled_mm", "triton"))
    work = 2 * size ** 3
    print(f"| fp8 {size}^3 | ms | TFLOP/s | vs best peer | rel. error |")
    print("| --- | --- | --- | --- | --- |")
    for k, r in rounds.items():
        ms = statistics.median(r)
        err = f"{errors[k]:.1e}" if k in errors else ""
        print(f"| {k} | {ms:.4f} | {work / ms / 1e9:.0f} | {best / ms:.2f}x | {err} |", flush=True)
PY
timeout 300 python3 /tmp/fp8.py 2>&1 | tee "$out/fp8.txt"
# Attention with Q read by Q K^T from shared memory (wgmma's SS form, staged
# once before the loops) instead of held in registers (bundles/variants/ss_*,
# compiled with an experimental switch), and the previous block's P V
# before this block's softmax with 128-key blocks, which Q's registers made
# spill; each checked at seq 150 first.
for v in ss_attention_fwd ss_attention_overlap128; do
  for check in attention_fwd attention_causal_lse; do
    args=$(grep "^$check " bundles/checks.txt | cut -d' ' -f2-)
    echo "$v as $check: $(eval "timeout 60 $rt --bundle=bundles/variants/$v $args" 2>&1 | tail -1 | cut -c1-110)"
  done
done
args=$(grep "^attention_fwd_d64 " bundles/checks.txt | cut -d' ' -f2-)
echo "ss_attention_fwd_d64: $(eval "timeout 60 $rt --bundle=bundles/variants/ss_attention_fwd_d64 $args" 2>&1 | tail -1 | cut -c1-110)"
timeout 200 python3 bench/attention_variants.py --runtime build-rt/libBlockRuntimeC.so \
  now=bundles/attention_fwd:128 ss=bundles/variants/ss_attention_fwd:128 ss_overlap=bundles/variants/ss_attention_overlap128:128 \
  > "$out/ss-d128.txt" 2>&1
cat "$out/ss-d128.txt"
timeout 200 python3 bench/attention_variants.py --head-dim 64 --runtime build-rt/libBlockRuntimeC.so \
  now=bundles/attention_fwd_d64:128 ss=bundles/variants/ss_attention_fwd_d64:128 > "$out/ss-d64.txt" 2>&1
cat "$out/ss-d64.txt"
