#!/usr/bin/env bash
# Prepares session 16's GPU job (2026-12-06-session16-gpu1.sh) from the
# project root, in two steps:
#   bash docs/gpu-runs/2026-12-06-session16-prepare.sh base
#       at a commit without the two changes (main as session 16 left it):
#       keeps this compiler's attention bundles as the base;
#   git revert --no-edit 5934fa5 && ninja -C build
#   bash docs/gpu-runs/2026-12-06-session16-prepare.sh new
#       bundles of every example with the changes, the base put back, the
#       variants compiled, the job and its helpers under bundles/.
# Then run `bash bundles/job16.sh` on the GPU, carrying bundles/.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=docs/gpu-runs
keep=${KEEP:-/tmp/session16-base}
case ${1:-} in
  base)
    bash scripts/make-bundles.sh > /dev/null
    rm -rf "$keep" && mkdir -p "$keep"
    cp -r bundles/attention_fwd bundles/attention_fwd_d64 "$keep/" ;;
  new)
    [ -d "$keep/attention_fwd" ] || { echo "run the base step first" >&2; exit 1; }
    bash scripts/make-bundles.sh > /dev/null
    mkdir -p bundles/base bundles/variants
    cp -r "$keep"/* bundles/base/
    build/bin/block-compile $runs/src/2026-12-06-session16-attention_fwd-reversed-causal.mlir -o bundles/variants/rev128
    # The same reversal in the D64 example.
    python3 - "$runs/src/2026-12-06-session16-attention_fwd-reversed-causal.mlir" > /tmp/rev64.mlir <<'PY'
import re, sys
d128 = open(sys.argv[1]).read()
d64 = open("examples/attention_fwd_d64.mlir").read()
start = d128.index("  // Causal programs take")
end = d128.index("%m0_block = arith.select")
block = d128[start:d128.index("\n", end) + 1]
d64 = d64.replace("  %is_causal = arith.cmpi ne, %causal, %c0 : i32\n", "")
print(d64.replace("  %m0_block = block.program_id x\n", block), end="")
PY
    build/bin/block-compile /tmp/rev64.mlir -o bundles/variants/rev64
    build/bin/block-compile $runs/src/2026-12-06-session16-persistent-attention.mlir -o bundles/variants/persistent
    cp $runs/2026-12-06-session16-gpu1.sh bundles/job16.sh
    cp $runs/2026-12-06-session16-persist.py bundles/persist.py
    cp $runs/2026-12-06-session16-ncu_mask.py bundles/ncu_mask.py
    du -sh bundles ;;
  *) echo "usage: $0 base|new" >&2; exit 1 ;;
esac
