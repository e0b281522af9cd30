"""One non-causal and one causal launch of the D128 attention example, for ncu."""
import glob, json, os, sys
import torch
sys.path.insert(0, "bench")
sys.path.insert(0, "python")
import block
from bench import AttentionProblem
runtime = block.Runtime("build-rt/libBlockRuntimeC.so")
problem = AttentionProblem(4, 32, 4096, 128)
(manifest,) = glob.glob("bundles/attention_fwd/*.json")
kernel = runtime.load(manifest).kernel("attention_fwd")
for causal in (False, True):
    kernel.prepare(problem.grid(128), *problem.kernel_args(causal))()
    torch.cuda.synchronize()
