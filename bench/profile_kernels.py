"""What the GPU compilers made of each case: registers, spills, PTX, SASS.

For every case of bench.py, writes into --out:
  triton-<case>.ptx / .sass and ours-<case>.sass (cuobjdump of the carried
  cubin), and prints one line per kernel with registers and spills, so that a
  gap in the table can be traced to the code that causes it.

  python3 bench/profile_kernels.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $OUT
"""
import argparse
import os
import re
import subprocess
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import bench  # noqa: E402
import block  # noqa: E402


def sass(cubin_path):
    """cuobjdump's SASS and resource usage of one cubin."""
    dump = subprocess.run(["cuobjdump", "-sass", "-res-usage", cubin_path],
                          capture_output=True, text=True)
    return dump.stdout + dump.stderr


def resources(dump):
    m = re.search(r"REG:(\d+) STACK:(\d+) SHARED:(\d+)", dump)
    return dict(zip(("regs", "stack", "shared"), map(int, m.groups()))) if m else {}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bundles", required=True)
    p.add_argument("--runtime", required=True)
    p.add_argument("--out", default=".")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    runtime = block.Runtime(args.runtime)
    for case in bench.cases(args.bundles, runtime, quick=True):
        name = case["name"]
        cubin = os.path.join(args.bundles, name, name + ".cubin")
        if os.path.exists(cubin):
            dump = sass(cubin)
            with open(os.path.join(args.out, f"ours-{name}.sass"), "w") as f:
                f.write(dump)
            print(f"{name:16} ours   {resources(dump)}")
        if "triton" in case:
            kernel = case["triton"]()
            torch.cuda.synchronize()
            with open(os.path.join(args.out, f"triton-{name}.ptx"), "w") as f:
                f.write(kernel.asm["ptx"])
            path = os.path.join(args.out, f"triton-{name}.cubin")
            with open(path, "wb") as f:
                f.write(kernel.asm["cubin"])
            dump = sass(path)
            os.remove(path)
            with open(os.path.join(args.out, f"triton-{name}.sass"), "w") as f:
                f.write(dump)
            print(f"{name:16} triton {resources(dump)} n_regs={kernel.n_regs} "
                  f"n_spills={kernel.n_spills}")
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
