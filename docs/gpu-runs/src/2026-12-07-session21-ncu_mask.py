"""One non-causal and one causal launch of an attention bundle (argv: bundle
dir, head dim[, "persistent": one program per SM]), for ncu."""
import glob, sys
import torch
sys.path.insert(0, "bench")
sys.path.insert(0, "python")
import block
from bench import AttentionProblem
runtime = block.Runtime("build-rt/libBlockRuntimeC.so")
problem = AttentionProblem(4, 32, 4096, int(sys.argv[2]))
(manifest,) = glob.glob(sys.argv[1] + "/*.json")
import json
name = json.load(open(manifest))["kernels"][0]["name"]
kernel = runtime.load(manifest).kernel(name)
for causal in (False, True):
    grid = (torch.cuda.get_device_properties(0).multi_processor_count, 1) if sys.argv[3:] == ["persistent"] else problem.grid(128)
    kernel.prepare(grid, *problem.kernel_args(causal))()
    torch.cuda.synchronize()
