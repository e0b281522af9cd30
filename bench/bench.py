"""Block vs PyTorch eager vs Triton on the H200: correctness and speed.

Runs every example bundle at a large size on buffers that all three share,
checks ours against PyTorch, times the three with CUDA events (median of many
runs after warm-up, inputs larger than L2, several rounds for the spread),
and prints a table: case, implementation, ms, GB/s or TFLOP/s, ratio to the
best peer, and for memory-bound cases the share of the bandwidth of a copy
of the same bytes and of a 2 GiB copy. Writes the table as Markdown and JSON
too.

  python3 bench/bench.py --bundles bundles --runtime build-rt/libBlockRuntimeC.so --out $OUT
"""
import argparse
import re
import json
import os
import statistics
import sys

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import block  # noqa: E402
import triton_kernels as tk  # noqa: E402


def time_ms(fn, reps, warmup=5):
    """Median milliseconds of `fn` over `reps` runs, timed with CUDA events."""
    for _ in range(warmup):
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


class Missing:
    """A kernel whose bundle is absent: preparing it works, running it fails."""

    def __init__(self, why):
        self.why = why

    def prepare(self, *args):
        def fail():
            raise RuntimeError(self.why)
        return fail


def rotated(items, k):
    """items starting at its (k // 2)-th (mod len), backwards in odd rounds:
    each round times the implementations in another order, so that none
    always runs first, nor always right after the same one (whose power
    draw sets the clocks it starts at)."""
    start = (k // 2) % len(items)
    order = items[start:] + items[:start]
    return order[::-1] if k % 2 else order


def same_size_copy_ms(nbytes, reps, rounds):
    """Median ms of a device copy that reads and writes as many bytes as a
    memory-bound case: the bandwidth that case can reach at its size."""
    src = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    return statistics.median(time_ms(lambda: dst.copy_(src), reps) for _ in range(rounds))


def rel_error(got, ref):
    got, ref = got.double(), ref.double()
    if not torch.isfinite(got).all():
        return float("inf")
    return ((got - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def with_tf32(fn):
    """fn run with cuBLAS's f32 products in tf32 (main() turns them off)."""
    def run():
        torch.backends.cuda.matmul.allow_tf32 = True
        try:
            return fn()
        finally:
            torch.backends.cuda.matmul.allow_tf32 = False
    return run


def tensor_core_case(kernel, example, dtype, size, tile, programs=None):
    """The case of a size^3 product on the tensor cores by `kernel` (one of
    the examples/matmul_{bf16,f16,tf32,int8,fp8}.mlir), c in a's type (i32
    for i8, bf16 for fp8 e4m3; these and tf32 with b given transposed, as
    the examples, torch._int_mm and torch._scaled_mm (unit scales) take
    it). tf32 products run as cuBLAS's and Triton's tf32; the check is the
    relative error against the float64 product of the inputs. `tile` is the
    example's tile of c (rows, columns), which sets the grid; a persistent
    kernel gets at most `programs` programs."""
    dev = "cuda"
    m = n = k = size
    if dtype == torch.int8:
        a = torch.randint(-128, 128, (m, k), dtype=dtype, device=dev)
        b = torch.randint(-128, 128, (n, k), dtype=dtype, device=dev)  # b^T
        c = torch.empty(m, n, dtype=torch.int32, device=dev)
        ref = lambda: a.double() @ b.double().t()
        peer = lambda: torch._int_mm(a, b.t())
        unit = "TOP/s"
    elif dtype == torch.float8_e4m3fn:
        a = torch.randn(m, k, device=dev).to(dtype)
        b = torch.randn(n, k, device=dev).to(dtype)  # b^T
        c = torch.empty(m, n, dtype=torch.bfloat16, device=dev)
        ref = lambda: a.float().double() @ b.float().double().t()
        one = torch.ones((), device=dev)
        peer = lambda: torch._scaled_mm(a, b.t(), scale_a=one, scale_b=one,
                                        out_dtype=torch.bfloat16)
        unit = "TFLOP/s"
    elif dtype == torch.float32:
        a = torch.randn(m, k, device=dev)
        b = torch.randn(n, k, device=dev)  # b^T
        c = torch.empty(m, n, device=dev)
        ref = lambda: a.double() @ b.double().t()
        peer = with_tf32(lambda: torch.matmul(a, b.t(), out=c))
        unit = "TFLOP/s"
    else:
        a = torch.randn(m, k, device=dev).to(dtype)
        b = torch.randn(k, n, device=dev).to(dtype)
        c = torch.empty(m, n, dtype=dtype, device=dev)
        ref = lambda: a.double() @ b.double()
        peer = lambda: torch.matmul(a, b, out=c)
        unit = "TFLOP/s"
    grid = -(-m // tile[0]) * -(-n // tile[1])
    if programs:
        grid = min(grid, programs)
    ours = kernel.prepare((grid,), a, b, c, m, n, k)
    return dict(name=f"{example}_{size}", work=2 * m * n * k, unit=unit,
                ours=ours, torch=peer,
                triton=lambda: tk.matmul_tc(a, b, c, b_t=dtype in (torch.int8, torch.float8_e4m3fn, torch.float32)),
                check=lambda: (ours(), rel_error(c, ref()))[1])


class AttentionProblem:
    """Attention forward on [batch * heads, seq, d] bf16 q, k, v, o and f32
    row log-sum-exp, as examples/attention_fwd.mlir takes them, with its
    peers on the same buffers: SDPA with each backend chosen explicitly and
    Triton's kernel of the same algorithm; 4 B H S^2 D flops, half causal."""

    def __init__(self, batch, heads, seq, d):
        self.batch, self.heads, self.seq, self.d = batch, heads, seq, d
        self.q, self.k, self.v = (torch.randn(batch * heads, seq, d, device="cuda",
                                              dtype=torch.bfloat16) for _ in range(3))
        self.o = torch.empty_like(self.q)
        self.lse = torch.empty(batch * heads, seq, device="cuda")
        self.scale = d ** -0.5

    def four(self, t):
        return t.view(self.batch, self.heads, self.seq, self.d)

    def sdpa(self, backend, causal, f32=False):
        q, k, v = ((t.float() if f32 else t) for t in (self.q, self.k, self.v))

        def run():
            with sdpa_kernel(backend):
                return torch.nn.functional.scaled_dot_product_attention(
                    self.four(q), self.four(k), self.four(v), is_causal=causal)
        return run

    def peers(self, causal):
        return {"sdpa_cudnn": self.sdpa(SDPBackend.CUDNN_ATTENTION, causal),
                "sdpa_flash": self.sdpa(SDPBackend.FLASH_ATTENTION, causal),
                "triton": lambda: tk.attention_fwd(self.q, self.k, self.v, self.o,
                                                   self.lse, self.scale, causal)}

    def grid(self, rows):
        """The grid of a kernel taking `rows` query rows a program."""
        return (-(-self.seq // rows), self.batch * self.heads)

    def kernel_args(self, causal):
        return (self.q, self.k, self.v, self.o, self.lse, self.batch * self.heads * self.seq, self.seq, self.scale,
                int(causal))

    def error(self, causal):
        """o's error against SDPA's math backend in f32."""
        return rel_error(self.four(self.o), self.sdpa(SDPBackend.MATH, causal, f32=True)())

    def work(self, causal):
        return 4 * self.batch * self.heads * self.seq ** 2 * self.d // (2 if causal else 1)

    def name(self, causal):
        return f"attention_fwd_d{self.d}{'_causal' if causal else ''}"


def cases(bundles, runtime, quick, before=None):
    """Each case: name, work (bytes or flops), unit, implementations, check.
    With `before` (another bundles directory), each of our kernels is also
    timed from there, as implementation "before", on the same buffers."""
    dev = "cuda"
    scale = 16 if quick else 1

    class Both:
        """Our kernel and, where `before` is given, its earlier build."""
        def __init__(self, name, kernel=None):
            self.kernels = [load_from(bundles, name, kernel)]
            if before and os.path.exists(os.path.join(before, name)):
                self.kernels.append(load_from(before, name, kernel))

        def prepare(self, *args):
            prepared = [k.prepare(*args) for k in self.kernels]
            ours = prepared[0]
            ours.before = prepared[1] if len(prepared) > 1 else None
            return ours

    def load_from(root, name, kernel=None):
        """The kernel `kernel` (default: `name`) of the bundle `name` of
        `root`, or a stand-in that says why it cannot run."""
        kernel = kernel or name
        manifest = os.path.join(root, name, kernel + ".json")
        if not os.path.exists(manifest):
            return Missing(f"no bundle {manifest}")
        return runtime.load(manifest).kernel(kernel)

    load = Both

    # Vector add of 2^28 f32.
    n = (1 << 28) // scale
    x, y = torch.randn(n, device=dev), torch.randn(n, device=dev)
    out = torch.empty_like(x)
    k = load("vector_add").prepare(((n + 1023) // 1024,), x, y, out, n)
    yield dict(name="vector_add", work=3 * 4 * n, unit="GB/s",
               ours=k, torch=lambda: torch.add(x, y, out=out),
               triton=lambda: tk.vector_add(x, y, out),
               check=lambda: (k(), rel_error(out, x + y))[1])

    # relu(x * w + b), x 16384 x 8192 f32.
    m, n = 16384 // scale, 8192
    xb = torch.randn(m, n, device=dev)
    w, b = torch.randn(n, device=dev), torch.randn(n, device=dev)
    ob = torch.empty_like(xb)
    kb = load("fused_bias_relu").prepare(((n + 511) // 512, (m + 7) // 8), xb, w, b, ob, m, n)
    yield dict(name="fused_bias_relu", work=2 * 4 * m * n, unit="GB/s",
               ours=kb, torch=lambda: torch.relu(xb * w + b),
               triton=lambda: tk.fused_bias_relu(xb, w, b, ob),
               check=lambda: (kb(), rel_error(ob, torch.relu(xb * w + b)))[1])

    # Softmax over rows of 32768 x 4096 f32.
    rows, n = 32768 // scale, 4096
    xs = torch.randn(rows, n, device=dev)
    os_ = torch.empty_like(xs)
    ks = load("softmax").prepare((rows,), xs, os_, n, n)
    yield dict(name="softmax", work=2 * 4 * rows * n, unit="GB/s",
               ours=ks, torch=lambda: torch.softmax(xs, dim=1),
               triton=lambda: tk.softmax(xs, os_),
               check=lambda: (ks(), rel_error(os_, torch.softmax(xs.double(), dim=1)))[1])

    # Layernorm forward over rows of 32768 x 4096 f16.
    rows, n = 32768 // scale, 4096
    xl = torch.randn(rows, n, device=dev, dtype=torch.float16)
    wl = torch.randn(n, device=dev, dtype=torch.float16)
    bl = torch.randn(n, device=dev, dtype=torch.float16)
    ol = torch.empty_like(xl)
    eps = 1e-5
    kl = load("layernorm").prepare((rows,), xl, wl, bl, ol, n, n, eps)
    ln = lambda: torch.nn.functional.layer_norm(xl, (n,), wl, bl, eps)
    yield dict(name="layernorm", work=2 * 2 * rows * n, unit="GB/s",
               ours=kl, torch=ln, triton=lambda: tk.layernorm(xl, wl, bl, ol, eps),
               check=lambda: (kl(), rel_error(ol, torch.nn.functional.layer_norm(
                   xl.float(), (n,), wl.float(), bl.float(), eps)))[1])

    # Transpose of 16384 x 16384 f32.
    m = n = 16384 // (4 if quick else 1)
    xt = torch.randn(m, n, device=dev)
    ot = torch.empty(n, m, device=dev)
    kt = load("transpose").prepare(((n + 63) // 64, (m + 63) // 64), xt, ot, m, n)
    yield dict(name="transpose", work=2 * 4 * m * n, unit="GB/s",
               ours=kt, torch=lambda: ot.copy_(xt.t()),
               triton=lambda: tk.transpose(xt, ot),
               check=lambda: (kt(), rel_error(ot, xt.t()))[1])

    # Dequantisation of 8192 x 8192 int8 with an f32 scale per group of 128
    # columns of a row, to bf16 (issue 23): bytes read and written.
    rows, cols, group = 8192 // scale, 8192, 128
    wq = torch.randint(-128, 128, (rows, cols), dtype=torch.int8, device=dev)
    sq = torch.rand(rows, cols // group, device=dev)
    oq = torch.empty(rows, cols, dtype=torch.bfloat16, device=dev)
    kq = load("dequant").prepare(((cols + 511) // 512, (rows + 15) // 16), wq, sq, oq, rows, cols)
    dq = lambda: (wq.float() * sq.repeat_interleave(group, dim=1)).to(torch.bfloat16)
    yield dict(name="dequant", work=(1 + 2) * rows * cols + 4 * sq.numel(), unit="GB/s",
               ours=kq, torch=dq, triton=lambda: tk.dequant(wq, sq, oq),
               check=lambda: (kq(), rel_error(oq, dq()))[1])

    # Matmul 4096^3 f32 on the FMA path (exact f32 products).
    m = n = kk = 4096 // (4 if quick else 1)
    a, bm = torch.randn(m, kk, device=dev), torch.randn(kk, n, device=dev)
    c = torch.empty(m, n, device=dev)
    km = load("matmul").prepare(((n + 127) // 128, (m + 127) // 128), a, bm, c, m, n, kk)
    yield dict(name="matmul_f32", work=2 * m * n * kk, unit="TFLOP/s",
               ours=km, torch=lambda: torch.matmul(a, bm, out=c),
               triton=lambda: tk.matmul(a, bm, c),
               check=lambda: (km(), rel_error(c, a.double() @ bm.double()))[1])

    # Tensor cores (issue 18): the bf16, f16, tf32 and i8 examples and the
    # bf16 one written with tensor descriptors (issue 19) (grouped
    # 1-D grids of their tiles) against cuBLAS and Triton's tensor-core
    # kernel (tk.matmul_tc), at 4096^3 and 8192^3.
    for example, dtype, tile in (("matmul_bf16", torch.bfloat16, (128, 256)),
                                 ("matmul_f16", torch.float16, (128, 256)),
                                 ("matmul_tf32", torch.float32, (128, 256)),
                                 ("matmul_int8", torch.int8, (128, 256)),
                                 ("matmul_tma", torch.bfloat16, (128, 256))):
        for size in (4096, 8192):
            yield tensor_core_case(load(example), example, dtype, size // (4 if quick else 1), tile)
    # The fp8 example is persistent (descriptors, one program per SM).
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    for size in (4096, 8192):
        yield tensor_core_case(load("matmul_fp8"), "matmul_fp8", torch.float8_e4m3fn,
                               size // (4 if quick else 1), (128, 256), programs=sms)
    # The bf16 example on mma.sync (compiled for sm_80; bench/kernels.txt).
    for size in (4096, 8192):
        yield tensor_core_case(load("matmul_bf16_mma_sync", "matmul_bf16"), "matmul_bf16_mma_sync",
                               torch.bfloat16, size // (4 if quick else 1), (128, 256))
    # The descriptor example (its bundle copies its tiles by TMA on
    # sm_90a) with cp.async copies from pointers instead (--tma=false,
    # bench/kernels.txt's matmul_tma_pointers), and with a producer
    # warpgroup (--warp-specialize; matmul_tma_ws).
    for bundle in ("matmul_tma_pointers", "matmul_tma_ws"):
        for size in (4096, 8192):
            yield tensor_core_case(load(bundle, "matmul_tma"), bundle, torch.bfloat16,
                                   size // (4 if quick else 1), (128, 256))
    # The persistent example: one program per SM walking the tiles, with
    # TMA copies, cp.async copies and a producer warpgroup.
    for bundle in ("matmul_persistent", "matmul_persistent_pointers", "matmul_persistent_ws"):
        for size in (4096, 8192):
            yield tensor_core_case(load(bundle, "matmul_persistent"), bundle, torch.bfloat16,
                                   size // (4 if quick else 1), (128, 256), programs=sms)

    # Attention forward (issue 20): B4 H32 S4096, D 128 and 64, bf16,
    # non-causal and causal, against SDPA with each backend chosen
    # explicitly and Triton's kernel of the same algorithm; 4 B H S^2 D
    # flops, half causal.
    # attention_fwd_d64 is persistent: one program per SM.
    for d, example in ((128, "attention_fwd"), (64, "attention_fwd_d64")):
        problem = AttentionProblem(4, 32, 4096 // (4 if quick else 1), d)
        grid = (sms,) if d == 64 else problem.grid(128)
        for causal in (False, True):
            ka = load(example).prepare(grid, *problem.kernel_args(causal))
            yield {"name": problem.name(causal), "work": problem.work(causal),
                   "unit": "TFLOP/s", "ours": ka, **problem.peers(causal),
                   "check": lambda k=ka, c=causal, p=problem: (k(), p.error(c))[1]}

    # The ceiling: a 2 GiB device-to-device copy.
    src = torch.empty((1 << 31) // scale, dtype=torch.uint8, device=dev)
    dst = torch.empty_like(src)
    yield dict(name="copy_2GiB", work=2 * src.numel(), unit="GB/s",
               torch=lambda: dst.copy_(src))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bundles", required=True)
    p.add_argument("--runtime", required=True)
    p.add_argument("--out", default=".", help="folder for bench.md and bench.json (made if missing)")
    p.add_argument("--reps", type=int, default=50)
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--before", help="bundles of another build, timed as 'before' "
                   "(scripts/make-before-bundles.sh COMMIT writes bundles/before)")
    p.add_argument("--only", help="time only the cases whose name matches this regex")
    args = p.parse_args()
    # Made before the timing, so that a folder that cannot be made fails
    # the run at once, not after it.
    os.makedirs(args.out, exist_ok=True)
    torch.backends.cuda.matmul.allow_tf32 = False
    runtime = block.Runtime(args.runtime)
    torch.cuda.init()

    results = []
    for case in cases(args.bundles, runtime, args.quick, args.before):
        if args.only and not re.search(args.only, case["name"]):
            continue
        if getattr(case.get("ours"), "before", None) is not None:
            case["before"] = case["ours"].before
        impls = [i for i in case if i not in ("name", "work", "unit", "check")]
        err = None
        if "check" in case:
            try:
                err = case["check"]()
            except Exception as e:  # report, keep benchmarking the others
                print(f"{case['name']}: ours failed: {e}", file=sys.stderr)
                impls.remove("ours")
        for i in list(impls):
            try:
                time_ms(case[i], 1, warmup=1)
            except Exception as e:  # report, keep benchmarking the others
                print(f"{case['name']}: {i} failed: {e}", file=sys.stderr)
                impls.remove(i)
        rounds = {i: [] for i in impls}
        for r in range(args.rounds):
            for i in rotated(impls, r):
                rounds[i].append(time_ms(case[i], args.reps))
        print(case["name"], " ".join(f"{i} {statistics.median(rounds[i]):.4f} ms" for i in impls),
              "" if err is None else f"rel. error {err:.1e}", flush=True)
        copy_ms = None
        if case["unit"] == "GB/s" and "ours" in impls:
            copy_ms = same_size_copy_ms(case["work"] // 2, args.reps, args.rounds)
        for i in impls:
            ms = statistics.median(rounds[i])
            rate = case["work"] / ms / 1e6 if case["unit"] == "GB/s" else case["work"] / ms / 1e9
            results.append(dict(case=case["name"], impl=i, ms=ms, min_ms=min(rounds[i]),
                                max_ms=max(rounds[i]), rate=rate, unit=case["unit"],
                                rel_error=err if i == "ours" else None,
                                copy_fraction=copy_ms / ms if copy_ms and i == "ours" else None))
        torch.cuda.empty_cache()

    best_peer = {}
    for r in results:
        if r["impl"] not in ("ours", "before"):
            best_peer[r["case"]] = min(best_peer.get(r["case"], float("inf")), r["ms"])
    big_copy = next((r["rate"] for r in results if r["case"] == "copy_2GiB"), None)
    lines = ["| case | impl | ms (median) | spread of rounds | rate | vs best peer "
             "| of copy: same bytes, 2 GiB | rel. error |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in results:
        ratio = best_peer[r["case"]] / r["ms"] if r["case"] in best_peer else float("nan")
        r["speedup_vs_best_peer"] = ratio
        err = "" if r["rel_error"] is None else f"{r['rel_error']:.1e}"
        copy = ""
        if r["copy_fraction"] is not None:
            copy = f"{100 * r['copy_fraction']:.1f}%"
            if big_copy:
                copy += f", {100 * r['rate'] / big_copy:.1f}%"
        lines.append(f"| {r['case']} | {r['impl']} | {r['ms']:.4f} | {r['min_ms']:.4f}-{r['max_ms']:.4f} "
                     f"| {r['rate']:.1f} {r['unit']} | {ratio:.2f}x | {copy} | {err} |")
    table = "\n".join(lines)
    with open(os.path.join(args.out, "bench.md"), "w") as f:
        f.write(table + "\n")
    with open(os.path.join(args.out, "bench.json"), "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), torch=torch.__version__,
                       results=results), f, indent=1)
    print(table)


if __name__ == "__main__":
    main()
