"""Each attention bundle (argv: head dim, then dirs) launched back to back
for about 3 s, non-causal: ms a launch, with nvidia-smi sampling clocks
and power beside it (the job starts the sampler)."""
import glob, json, sys, time
import torch
sys.path.insert(0, "bench")
sys.path.insert(0, "python")
import block
from bench import AttentionProblem
runtime = block.Runtime("build-rt/libBlockRuntimeC.so")
problem = AttentionProblem(4, 32, 4096, int(sys.argv[1]))
for d in sys.argv[2:]:
    (manifest,) = glob.glob(d + "/*.json")
    name = json.load(open(manifest))["kernels"][0]["name"]
    launch = runtime.load(manifest).kernel(name).prepare(problem.grid(128), *problem.kernel_args(False))
    for _ in range(3):
        launch()
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True); end = torch.cuda.Event(enable_timing=True)
    t0 = time.time(); n = 0
    print(f"{time.time():.2f} start {d}", flush=True)
    start.record()
    while time.time() - t0 < 3:
        for _ in range(50):
            launch()
        n += 50
        torch.cuda.synchronize()
    end.record(); torch.cuda.synchronize()
    print(f"{time.time():.2f} {d}: {start.elapsed_time(end) / n:.4f} ms a launch over {n}", flush=True)
    time.sleep(1)
