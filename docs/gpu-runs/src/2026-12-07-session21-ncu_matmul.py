"""One launch of a persistent matmul bundle for ncu (argv: bundle dir,
size): size^3 bf16, a grid of one program per SM, as bench.py's
tensor_core_case launches matmul_persistent."""
import glob, json, sys
import torch
sys.path.insert(0, "python")
import block
runtime = block.Runtime("build-rt/libBlockRuntimeC.so")
(manifest,) = glob.glob(sys.argv[1] + "/*.json")
name = json.load(open(manifest))["kernels"][0]["name"]
kernel = runtime.load(manifest).kernel(name)
size = int(sys.argv[2])
a = torch.randn(size, size, device="cuda").to(torch.bfloat16)
b = torch.randn(size, size, device="cuda").to(torch.bfloat16)
c = torch.empty(size, size, dtype=torch.bfloat16, device="cuda")
programs = torch.cuda.get_device_properties(0).multi_processor_count
kernel.prepare((programs,), a, b, c, size, size, size)()
torch.cuda.synchronize()
