#!/usr/bin/env bash
# Session 11, call 8: ncu of the D128 attention example, non-causal then
# causal (one launch each).
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/out}
cuda_root=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
cmake -G Ninja -S runtime -B build-rt -DCMAKE_BUILD_TYPE=Release -DCUDAToolkit_ROOT="$cuda_root" > /dev/null 2>&1 && ninja -C build-rt > /dev/null 2>&1 || { echo "runtime build failed"; exit 1; }
timeout 300 ncu --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats --section LaunchStats --section Occupancy \
  --metrics smsp__pcsamp_warps_issue_stalled_barrier,smsp__pcsamp_warps_issue_stalled_membar,smsp__pcsamp_warps_issue_stalled_long_scoreboard,smsp__pcsamp_warps_issue_stalled_wait,smsp__pcsamp_warps_issue_stalled_math_pipe_throttle,smsp__pcsamp_warps_issue_stalled_dispatch_stall,smsp__pcsamp_warps_issue_stalled_sleeping,sm__cycles_active.avg,smsp__inst_executed.sum,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active \
  -k regex:^attention_fwd --launch-count 2 python3 bundles/ncu_attention.py > "$out/ncu-attention.txt" 2>&1 || echo "ncu failed"
grep -E "==PROF==|Duration|Issue Slots|Warp Cycles Per Issued|pcsamp|cycles_active|inst_executed|gmma|No Eligible|Active Warps|Eligible Warps|Executed Instructions  " "$out/ncu-attention.txt" | head -60
