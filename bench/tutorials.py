"""Triton's tutorials (examples/python/tutorials/: 01 vector add, 02 fused
softmax, 03 matmul, 05 layer norm, 06 fused attention forward) ported to
Block, and kernels written as users write them (examples/python/
batched_matmul.py: a batched GEMM through rank-3 descriptors), against the
same kernels run by Triton (and torch where it has the operation), on the
same buffers in one process: correctness against torch first, then the median of CUDA-event
timings (inputs larger than L2, the two alternated over rounds). Triton's
versions are the port files with `block` -> `triton` (the kernels are the
tutorials'; see each file's docstring for the host-side adaptations); the
attention baseline uses the tutorial's host-side TensorDescriptors.

The GPU machine has no MLIR, so the Block kernels are compiled on the CPU
machine first, every specialization this script launches (each autotune
config included):

  python3 bench/tutorials.py --prepare bundles/tutorials --compiler build/bin/block-compile
  python3 bench/tutorials.py --precompiled bundles/tutorials --out OUT   # GPU

Prints a markdown table (ours/Triton time: below 1 is faster) and writes it
to OUT/tutorials.md. Each row runs on its own: a failure prints its error and
the next row runs."""
import argparse
import concurrent.futures
import functools
import importlib.util
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TUTORIALS = os.path.join(ROOT, "examples", "python", "tutorials")
# Not bench/ itself: its inspect.py would shadow the standard library's.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != HERE]
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, TUTORIALS)

FILES = ["vector_add", "softmax", "matmul", "layer_norm", "fused_attention"]
# Written as a user writes them, beside the tutorials.
USER_FORMS = ["batched_matmul"]
# After the tutorials: examples/python's twins of the .mlir examples share
# some of their names.
sys.path.append(os.path.join(ROOT, "examples", "python"))
CHIP = "sm_90a"

# The sizes (all larger than L2).
ADD_N = 2 ** 26
SOFTMAX = [(4096, 4096), (4096, 12288)]
MATMUL = 4096
LAYERNORM = (4096, 8192)
ATTENTION = [(4, 32, 4096, 64), (4, 32, 4096, 128)]
BMM = [(16, 2048, 2048, 2048), (64, 1024, 1024, 128)]


def load_port(name, backend):
    """The port module, for Block (imported) or for Triton (its text with
    block's names changed to triton's, loaded from a copy)."""
    if backend == "block":
        return __import__(name)
    folder = os.path.dirname(TUTORIALS) if name in USER_FORMS else TUTORIALS
    with open(os.path.join(folder, f"{name}.py"), encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"^import block$", "import triton", text, flags=re.M)
    text = re.sub(r"^import block\.language as (\w+)$", r"import triton.language as \1", text,
                  flags=re.M)
    text = re.sub(r"\bblock\.(jit|autotune|Config|cdiv)\b", r"triton.\1", text)
    path = os.path.join(tempfile.mkdtemp(prefix="tutorials-triton-"), f"triton_{name}.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location(f"triton_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------
# The specializations the GPU run launches, compiled on the CPU machine
# ---------------------------------------------------------------------------

def specs():
    """(kernel, signature, constexprs and options) of every Block launch
    below (the autotuners' configs all)."""
    import batched_matmul as bmm
    import fused_attention as fa
    import layer_norm as ln
    import matmul as mm
    import softmax as sm
    import vector_add as va
    out = [(va.add_kernel, "*fp32,*fp32,*fp32,i32", dict(BLOCK_SIZE=1024))]
    for _, cols in SOFTMAX:
        for stages in (2, 4):  # 4 where the GPU has over 200 kB of shared memory
            out.append((sm.softmax_kernel, "*fp32,*fp32,i32,i32,i32,i32",
                        dict(BLOCK_SIZE=sm.next_power_of_2(cols), num_stages=stages, num_warps=8)))
    for c in mm.matmul_kernel.configs:
        out.append((mm.matmul_kernel.fn, "*fp16,*fp16,*fp16" + ",i32" * 9,
                    dict(c.all_kwargs(), ACTIVATION="")))
    M, N = LAYERNORM
    block_size = min(65536 // 2, ln.next_power_of_2(N))
    warps = min(max(block_size // 256, 1), 8)
    out.append((ln._layer_norm_fwd_fused, "*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,i32,i32,fp32",
                dict(BLOCK_SIZE=block_size, num_warps=warps)))
    group = 64 if N > 8192 else 96 if N > 4096 else 128 if N > 1024 else 256
    out.append((ln._layer_norm_bwd_dx_fused, "*fp16,*fp16,*fp16,*fp16,*fp16,*fp16,*fp32,*fp32,*i32,i32,i32",
                dict(BLOCK_SIZE_N=block_size, GROUP_SIZE_M=group, num_warps=warps)))
    out.append((ln._layer_norm_bwd_dwdb, "*fp16,*fp16,*fp16,*fp16,i32,i32",
                dict(BLOCK_SIZE_M=32, BLOCK_SIZE_N=128)))
    for _, _, n_ctx, d in ATTENTION:
        for stage in (1, 3):
            args = dict(N_CTX=n_ctx, STAGE=stage)
            for c in fa.prune_invalid_configs(fa.configs, {}, **args):
                if c.kwargs["BLOCK_N"] > d:
                    continue  # the kernel's static_assert(BLOCK_N <= HEAD_DIM)
                if c.kwargs["BLOCK_M"] * c.kwargs["BLOCK_N"] < 128 * 128 and c.num_warps == 8:
                    continue  # keep() on Hopper (the H100 and H200 this runs on)
                out.append((fa._attn_fwd.fn, "fp32,*fp32,i32,i32,*fp16,*fp16,*fp16,*fp16,i32",
                            dict(c.all_kwargs(), HEAD_DIM=d, FP8_OUTPUT=False, STAGE=stage,
                                 warp_specialize=False, IS_HOPPER=True)))
    out.append((bmm.batched_matmul, "*fp16,*fp16,*fp16,i32,i32,i32,i32",
                dict(bmm.CONSTEXPRS, **bmm.OPTIONS)))
    return out


def precompiled_module():
    spec = importlib.util.spec_from_file_location(
        "precompiled_compile", os.path.join(HERE, "precompiled_compile.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prepare(directory, compiler, only=()):
    pc = precompiled_module()
    os.makedirs(directory, exist_ok=True)
    # Entries are keyed by source: a new compiler starts them over.
    from block._compile import compiler_identity
    identity = compiler_identity(os.path.abspath(compiler))
    stamp = os.path.join(directory, "compiler.txt")
    if not os.path.isfile(stamp) or open(stamp, encoding="utf-8").read() != identity:
        for old in os.listdir(directory):
            if old.endswith(".tar.xz"):
                os.remove(os.path.join(directory, old))
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(identity)
    jobs = {}
    for kernel, signature, kwargs in specs():
        source = os.path.splitext(os.path.basename(kernel.filename))[0]
        if only and not any(o in source for o in only):
            continue
        text = kernel.emit(signature, **kwargs)
        options = [f"--chip={CHIP}"]
        jobs.setdefault(pc.key(text, kernel.__name__, options), (kernel.__name__, text, options))

    def build(item):
        key, (name, text, options) = item
        entry = os.path.join(directory, f"{key}.tar.xz")
        if os.path.isfile(entry):
            return name, None
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, f"{name}.mlir")
            with open(src, "w", encoding="utf-8") as f:
                f.write(text)
            for attempt in range(5):  # the compiler may be relinked under us: wait and retry
                try:
                    done = subprocess.run([compiler, src, "-o", os.path.join(tmp, "out"), *options],
                                          capture_output=True, text=True)
                    break
                except OSError as e:
                    if attempt == 4:
                        return name, [f"{compiler}: {e}"]
                    time.sleep(10)
            if done.returncode != 0:
                return name, (done.stderr or done.stdout).strip().splitlines()[:3]
            # xz: the PTX and cubins of ~100 specializations fit the carry.
            with tarfile.open(entry + ".tmp", "w:xz") as tar:
                tar.add(os.path.join(tmp, "out"), arcname=".")
            os.replace(entry + ".tmp", entry)
        return name, None

    start = time.time()
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        for name, error in pool.map(build, jobs.items()):
            if error:
                failed += 1
                print(f"prepare: {name} failed: {' | '.join(error)}")
    print(f"prepare: {len(jobs)} specializations in {directory} ({failed} failed, "
          f"{time.time() - start:.0f} s)")
    return 1 if failed else 0


# ---------------------------------------------------------------------------
# The GPU run
# ---------------------------------------------------------------------------

def time_ms(fn, reps=20):
    import torch
    fn()
    torch.cuda.synchronize()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(reps)]
    for s, e in zip(starts, ends):
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in zip(starts, ends))


def compare(ours, theirs, rounds=3, reps=20):
    """Median ms of each, alternating which runs first."""
    a, b = [], []
    for r in range(rounds):
        for fn, acc in ((ours, a), (theirs, b))[::(-1 if r % 2 else 1)]:
            acc.append(time_ms(fn, reps))
    return statistics.median(a), statistics.median(b)


def check(name, got, ref, atol, rtol=0.0):
    import torch
    got, ref = got.float(), ref.float()
    if not torch.allclose(got, ref, atol=atol, rtol=rtol):
        err = (got - ref).abs().max().item()
        raise AssertionError(f"{name}: max |error| {err:.3g} over atol {atol} rtol {rtol}")


def rows(B, T, only):
    """(case, ours, theirs, check, work) generators, built lazily so that a
    failure stays in its row. work: (bytes moved or flops, 'GB/s'|'TFLOP/s')."""
    import torch
    torch.manual_seed(0)
    dev = "cuda"

    def want(tag):
        return not only or any(o in tag for o in only)

    if want("vector_add"):
        def add_row():
            x = torch.rand(ADD_N, device=dev)
            y = torch.rand(ADD_N, device=dev)
            check("ours", B["vector_add"].add(x, y), x + y, 0)
            check("triton", T["vector_add"].add(x, y), x + y, 0)
            return (lambda: B["vector_add"].add(x, y), lambda: T["vector_add"].add(x, y),
                    (3 * 4 * ADD_N, "GB/s"))
        yield f"01 vector add f32 n=2^26", add_row

    for M, N in SOFTMAX:
        if not want("softmax"):
            break

        def softmax_row(M=M, N=N):
            x = torch.randn(M, N, device=dev)
            programs, theirs = triton_softmax(T["softmax"], x)
            ours = lambda: B["softmax"].softmax(x, num_programs=programs)
            check("ours", ours(), torch.softmax(x, axis=1), 1e-6, 1e-4)
            check("triton", theirs(), torch.softmax(x, axis=1), 1e-6, 1e-4)
            return ours, theirs, (2 * 4 * M * N, "GB/s")
        yield f"02 softmax f32 {M}x{N}", softmax_row

    if want("matmul"):
        S = MATMUL
        mm_b, mm_t = B["matmul"], T["matmul"]
        cache = {}

        def operands():
            if not cache:
                cache["a"] = torch.randn((S, S), device=dev, dtype=torch.float16)
                cache["b"] = torch.randn((S, S), device=dev, dtype=torch.float16)
                cache["ref"] = torch.matmul(cache["a"], cache["b"])
            return cache["a"], cache["b"], cache["ref"]

        def launch(kernel, c_tensor, a, b, config):
            grid = (math.ceil(S / config.kwargs["BLOCK_SIZE_M"]) *
                    math.ceil(S / config.kwargs["BLOCK_SIZE_N"]), )
            kernel[grid](a, b, c_tensor, S, S, S, a.stride(0), a.stride(1), b.stride(0),
                         b.stride(1), c_tensor.stride(0), c_tensor.stride(1), ACTIVATION="",
                         **config.kwargs, num_warps=config.num_warps, num_stages=config.num_stages)

        for i, (cb, ct) in enumerate(zip(mm_b.matmul_kernel.configs, mm_t.matmul_kernel.configs)):
            def config_row(cb=cb, ct=ct):
                a, b, ref = operands()
                c1, c2 = torch.empty_like(ref), torch.empty_like(ref)
                ours = lambda: launch(mm_b.matmul_kernel.fn, c1, a, b, cb)
                theirs = lambda: launch(mm_t.matmul_kernel.fn, c2, a, b, ct)
                ours(); theirs()
                check("ours", c1, ref, 1e-1, 1e-2)
                check("triton", c2, ref, 1e-1, 1e-2)
                return ours, theirs, (2 * S ** 3, "TFLOP/s")
            k = cb.kwargs
            yield (f"03 matmul f16 {S}^3 {k['BLOCK_SIZE_M']}x{k['BLOCK_SIZE_N']}x{k['BLOCK_SIZE_K']}"
                   f" w{cb.num_warps} s{cb.num_stages}"), config_row

        def tuned_row():
            a, b, ref = operands()
            check("ours", mm_b.matmul(a, b), ref, 1e-1, 1e-2)
            check("triton", mm_t.matmul(a, b), ref, 1e-1, 1e-2)
            return lambda: mm_b.matmul(a, b), lambda: mm_t.matmul(a, b), (2 * S ** 3, "TFLOP/s")
        yield f"03 matmul f16 {S}^3 autotuned", tuned_row

    if want("layer_norm"):
        M, N = LAYERNORM
        data = {}

        def inputs():
            if not data:
                w = torch.rand(N, dtype=torch.float16, device=dev, requires_grad=True)
                b = torch.rand(N, dtype=torch.float16, device=dev, requires_grad=True)
                x = (-2.3 + 0.5 * torch.randn(M, N, dtype=torch.float16, device=dev)).requires_grad_()
                dy = .1 * torch.randn_like(x)
                y = torch.nn.functional.layer_norm(x, (N, ), w, b, 1e-5)
                y.backward(dy)
                data.update(x=x.detach(), w=w.detach(), b=b.detach(), dy=dy, y=y.detach(),
                            grads=(x.grad, w.grad, b.grad))
            return data

        def fwd_row():
            d = inputs()
            for name, mod in (("ours", B["layer_norm"]), ("triton", T["layer_norm"])):
                check(name, mod.layer_norm_fwd(d["x"], d["w"], d["b"], 1e-5)[0], d["y"], 1e-2)
            return (lambda: B["layer_norm"].layer_norm_fwd(d["x"], d["w"], d["b"], 1e-5),
                    lambda: T["layer_norm"].layer_norm_fwd(d["x"], d["w"], d["b"], 1e-5),
                    (2 * 2 * M * N, "GB/s"))
        yield f"05 layer norm fwd f16 {M}x{N}", fwd_row

        def bwd_row():
            d = inputs()
            calls = []
            for name, mod in (("ours", B["layer_norm"]), ("triton", T["layer_norm"])):
                _, saved = mod.layer_norm_fwd(d["x"], d["w"], d["b"], 1e-5)
                got = mod.layer_norm_bwd(d["dy"], d["x"], d["w"], saved)
                for what, g, r in zip(("dx", "dw", "db"), got, d["grads"]):
                    # dw/db: sums of 4096 rows in f16 partial buffers.
                    check(f"{name} {what}", g, r, 1e-2 if what == "dx" else 0.5, 1e-2)
                calls.append(lambda mod=mod, saved=saved: mod.layer_norm_bwd(d["dy"], d["x"], d["w"], saved))
            return calls[0], calls[1], (3 * 2 * M * N, "GB/s")
        yield f"05 layer norm bwd f16 {M}x{N}", bwd_row

    for Z, H, S, D in ATTENTION:
        for causal in (False, True):
            if not want("attention"):
                break

            def attention_row(Z=Z, H=H, S=S, D=D, causal=causal):
                q, k, v = (torch.randn((Z, H, S, D), dtype=torch.float16, device=dev) * 0.5
                           for _ in range(3))
                sm_scale = 1 / math.sqrt(D)
                ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                                       scale=sm_scale)
                ours = lambda: B["fused_attention"].attention(q, k, v, causal, sm_scale)
                theirs = lambda: triton_attention(T["fused_attention"], q, k, v, causal, sm_scale)
                check("ours", ours(), ref, 1e-2)
                check("triton", theirs(), ref, 1e-2)
                flops = 4 * Z * H * S * S * D * (0.5 if causal else 1)
                return ours, theirs, (flops, "TFLOP/s")
            yield (f"06 attention fwd f16 Z{Z} H{H} S{S} D{D}" + (" causal" if causal else "")), attention_row

    for Z, M, N, K in BMM:
        if not want("batched_matmul"):
            break

        def bmm_operands(Z=Z, M=M, N=N, K=K):
            a = torch.randn((Z, M, K), device=dev, dtype=torch.float16)
            b = torch.randn((Z, K, N), device=dev, dtype=torch.float16)
            return a, b, torch.bmm(a, b)

        def bmm_row(against_torch, operands=bmm_operands, Z=Z, M=M, N=N, K=K):
            import triton
            # Triton makes device-side descriptors in a global scratch buffer.
            triton.set_allocator(lambda size, align, stream: torch.empty(
                size, dtype=torch.int8, device=dev))
            a, b, ref = operands()
            ours = lambda: B["batched_matmul"].bmm(a, b)
            theirs = (lambda: torch.bmm(a, b)) if against_torch else (
                lambda: T["batched_matmul"].bmm(a, b))
            check("ours", ours(), ref, 1e-1, 1e-2)
            check("theirs", theirs(), ref, 1e-1, 1e-2)
            return ours, theirs, (2 * Z * M * N * K, "TFLOP/s")
        for against_torch in (False, True):
            yield (f"user batched matmul f16 {Z}x{M}x{N}x{K} rank-3 descriptors"
                   + (" (vs torch.bmm)" if against_torch else "")), \
                functools.partial(bmm_row, against_torch)


def triton_softmax(mod, x):
    """The tutorial's softmax() host code: the persistent grid from the
    compiled kernel's registers and shared memory."""
    import torch
    import triton
    from triton.runtime import driver
    n_rows, n_cols = x.shape
    properties = driver.active.utils.get_device_properties(x.device.index or 0)
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 8
    num_stages = 4 if properties["max_shared_mem"] > 200000 else 2
    y = torch.empty_like(x)
    kernel = mod.softmax_kernel.warmup(y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                       num_stages=num_stages, num_warps=num_warps, grid=(1, ))
    kernel._init_handles()
    occupancy = properties["max_num_regs"] // (kernel.n_regs * properties["warpSize"] * num_warps)
    occupancy = min(occupancy, properties["max_shared_mem"] // max(kernel.metadata.shared, 1))
    num_programs = min(properties["multiprocessor_count"] * occupancy, n_rows)

    def run():
        kernel[(num_programs, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE, num_stages)
        return y
    return num_programs, run


def triton_attention(mod, q, k, v, causal, sm_scale):
    """The tutorial's _attention.forward on Hopper without warp
    specialization: host-side TensorDescriptors, block shapes set per config
    by its pre-hook."""
    import torch
    import triton
    from triton.tools.tensor_descriptor import TensorDescriptor
    if not getattr(mod, "_hooked", False):
        def pre_hook(nargs):
            BM, BN, HD = nargs["BLOCK_M"], nargs["BLOCK_N"], nargs["HEAD_DIM"]
            nargs["desc_q"].block_shape = [BM, HD]
            nargs["desc_v"].block_shape = [BN, HD]
            nargs["desc_k"].block_shape = [BN, HD]
            nargs["desc_o"].block_shape = [BM, HD]
        for c in mod._attn_fwd.configs:
            c.pre_hook = pre_hook
        mod._hooked = True
    D = q.shape[-1]
    o = torch.empty_like(q)
    M = torch.empty((q.shape[0], q.shape[1], q.shape[2]), device=q.device, dtype=torch.float32)
    y_dim = q.shape[0] * q.shape[1] * q.shape[2]
    desc = lambda t: TensorDescriptor(t, shape=[y_dim, D], strides=[D, 1], block_shape=[1, 1])
    grid = lambda META: (triton.cdiv(q.shape[2], META["BLOCK_M"]), q.shape[0] * q.shape[1], 1)
    mod._attn_fwd[grid](sm_scale, M, q.shape[0], q.shape[1], desc(q), desc(k), desc(v), desc(o),
                        N_CTX=q.shape[2], HEAD_DIM=D, FP8_OUTPUT=False, STAGE=3 if causal else 1,
                        warp_specialize=False, IS_HOPPER=mod.is_hopper())
    return o


def run(args):
    import torch
    if args.precompiled:
        os.environ["BLOCK_COMPILE"] = os.path.join(HERE, "precompiled_compile.py")
        os.environ["BLOCK_PRECOMPILED"] = os.path.abspath(args.precompiled)
        os.environ.setdefault("BLOCK_CACHE_DIR", tempfile.mkdtemp(prefix="tutorials-cache-"))
    B, T = {}, {}
    for name in FILES + USER_FORMS:
        for backend, table in (("block", B), ("triton", T)):
            try:
                table[name] = load_port(name, backend)
            except Exception as e:  # a port that does not load fails its rows only
                print(f"loading {name} for {backend} failed: {type(e).__name__}: {e}")
    device = torch.cuda.get_device_name()
    lines = [f"Triton's tutorials: Block's port vs Triton {__import__('triton').__version__} "
             f"on {device} (median ms of CUDA events; ratio = ours / Triton, below 1 is faster)",
             "", "| case | ours ms | Triton ms | ratio | ours | Triton |", "| --- | --- | --- | --- | --- | --- |"]
    print("\n".join(lines), flush=True)
    failures = 0
    for case, make in rows(B, T, args.only):
        try:
            ours, theirs, (work, unit) = make()
            a, b = compare(ours, theirs)
            scale = 1e-9 if unit == "GB/s" else 1e-12
            line = (f"| {case} | {a:.4f} | {b:.4f} | {a / b:.2f} | {work * scale / (a * 1e-3):.0f} {unit} "
                    f"| {work * scale / (b * 1e-3):.0f} {unit} |")
        except Exception as e:
            failures += 1
            first = (str(e).strip().splitlines() or [type(e).__name__])[0][:200]
            line = f"| {case} | failed | | | {type(e).__name__}: {first} | |"
            traceback.print_exc(limit=3)
        lines.append(line)
        print(line, flush=True)
        torch.cuda.empty_cache()
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "tutorials.md"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--prepare", metavar="DIR", help="compile every specialization into DIR (CPU machine)")
    p.add_argument("--compiler", default=os.environ.get("BLOCK_COMPILE", os.path.join(ROOT, "build", "bin", "block-compile")))
    p.add_argument("--precompiled", metavar="DIR", help="the --prepare directory (GPU machine without block-compile)")
    p.add_argument("--out", help="directory for tutorials.md")
    p.add_argument("--only", nargs="*", default=[], help="cases whose name (with --prepare, the tutorial file's) contains one of these")
    args = p.parse_args()
    if args.prepare:
        return prepare(args.prepare, args.compiler, args.only)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
