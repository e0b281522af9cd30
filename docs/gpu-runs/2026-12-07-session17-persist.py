"""Session 17: a persistent attention bundle (one program per SM walking
tiles; argv: head dim, example bundle, persistent bundle) against the
example's one-program-per-tile grid and cuDNN's SDPA on the same buffers,
B4 H32 S4096 (seq a multiple of 128: the persistent variant stores O by TMA
over all rows, right only there)."""
import glob, json, sys
import torch
sys.path.insert(0, "bench")
sys.path.insert(0, "python")
import block
from bench import AttentionProblem, side_by_side
runtime = block.Runtime("build-rt/libBlockRuntimeC.so")
sms = torch.cuda.get_device_properties(0).multi_processor_count
problem = AttentionProblem(4, 32, 4096, int(sys.argv[1]))

def kernel(d):
    (manifest,) = glob.glob(d + "/*.json")
    return runtime.load(manifest).kernel(json.load(open(manifest))["kernels"][0]["name"])

example, persistent = kernel(sys.argv[2]), kernel(sys.argv[3])
for causal in (False, True):
    print(f"== D{sys.argv[1]} causal={causal} sms={sms}")
    impls = {"example": example.prepare(problem.grid(128), *problem.kernel_args(causal)),
             "persistent": persistent.prepare((sms, 1), *problem.kernel_args(causal)),
             "sdpa_cudnn": problem.peers(causal)["sdpa_cudnn"]}
    def check(fn, causal=causal):
        if fn is impls["sdpa_cudnn"]:
            return None
        problem.o.zero_()
        fn(); torch.cuda.synchronize()
        return problem.error(causal)
    side_by_side(impls, check, lambda ms: problem.work(causal) / ms / 1e9, "TFLOP/s", 3, 20)
