"""The Python front end: kernels written with block.language, emitted as
block-dialect text and run on the CPU interpreter (block-run) against NumPy.
Emission needs nothing native; runs need BLOCK_COMPILE (block-run beside
it) or BLOCK_RUN, else they are skipped."""

import inspect
import os
import unittest

import helpers

import block
import block.language as bl

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None


_have_interpreter = helpers.have_interpreter


needs_interpreter = unittest.skipUnless(_have_interpreter(),
                                        "no block-run (set BLOCK_COMPILE or BLOCK_RUN)")

THIS_FILE = os.path.abspath(__file__)


def line_of(fn, text):
    """The file line of the first source line of `fn` containing `text`."""
    lines, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    for i, line in enumerate(lines):
        if text in line:
            return first + i
    raise AssertionError(f"{text!r} not in {fn}")


def column_of(fn, text):
    """The 1-based column of `text` on its line of `fn`."""
    lines, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    return lines[line_of(fn, text) - first].index(text) + 1


# ---------------------------------------------------------------------------
# Kernels
# ---------------------------------------------------------------------------

@block.jit(interpret=True)
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: bl.constexpr):
    pid = bl.program_id(0)
    offs = pid * BLOCK + bl.arange(0, BLOCK)
    mask = offs < n
    x = bl.load(x_ptr + offs, mask=mask)
    y = bl.load(y_ptr + offs, mask=mask)
    bl.store(out_ptr + offs, x + y, mask=mask)


@block.jit(interpret=True)
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols,
                   BLOCK: bl.constexpr):
    start = bl.program_id(0)
    step = bl.num_programs(0)
    for row in bl.range(start, n_rows, step, num_stages=2):
        cols = bl.arange(0, BLOCK)
        mask = cols < n_cols
        x = bl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
        x = x - bl.max(x, axis=0)
        num = bl.exp(x)
        bl.store(out_ptr + row * out_stride + cols, num / bl.sum(num, axis=0), mask=mask)


@block.jit(interpret=True)
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr,
                  BLOCK_K: bl.constexpr, GROUP_M: bl.constexpr):
    pid = bl.program_id(axis=0)
    num_pid_m = bl.cdiv(M, BLOCK_M)
    num_pid_n = bl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + bl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + bl.arange(0, BLOCK_N)) % N
    offs_k = bl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = bl.zeros((BLOCK_M, BLOCK_N), dtype=bl.float32)
    for k in range(0, bl.cdiv(K, BLOCK_K)):
        a = bl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = bl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = bl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + bl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + bl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    bl.store(c_ptrs, acc, mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@block.jit
def _argmax_combine(a, ai, b, bi):
    take_a = (a > b) | ((a == b) & (ai < bi))
    return bl.where(take_a, a, b), bl.where(take_a, ai, bi)


@block.jit
def _add_combine(a, b):
    return a + b


@block.jit(interpret=True)
def reductions_kernel(x_ptr, out_ptr, R: bl.constexpr, C: bl.constexpr):
    rows = bl.arange(0, R)
    cols = bl.arange(0, C)
    x = bl.load(x_ptr + rows[:, None] * C + cols[None, :])
    bl.store(out_ptr + cols, bl.sum(x, axis=0))
    bl.store(out_ptr + C + rows, bl.max(x, axis=1))
    bl.store(out_ptr + C + R + rows, bl.min(x, 1))
    bl.store(out_ptr + C + 2 * R + rows, bl.argmax(x, axis=1).to(bl.float32))
    value, index = bl.reduce((x, cols[None, :] + 0 * rows[:, None]), 1, _argmax_combine)
    bl.store(out_ptr + C + 3 * R + rows, index.to(bl.float32))
    bl.store(out_ptr + C + 4 * R + rows, bl.reduce(x, 1, _add_combine))
    bl.store(out_ptr + C + 5 * R + rows[:, None] * C + cols[None, :], bl.cumsum(x, axis=1))
    bl.store(out_ptr + C + 5 * R + R * C, bl.sum(x))


@block.jit(interpret=True)
def control_kernel(out_ptr, n, flag):
    # A while loop, a run-time if yielding values, and a static_range.
    i = 0
    total = 0
    while i < n:
        total += i
        i += 1
    if flag > 0:
        sign = 1
        value = total * 2
    else:
        sign = -1
        value = total
    bl.store(out_ptr, value * sign)
    acc = bl.zeros((4,), dtype=bl.int32)
    for j in bl.static_range(3):
        acc += j
    bl.store(out_ptr + 1 + bl.arange(0, 4), acc)


@block.jit
def _scale(x, factor: bl.constexpr):
    return x * factor


@block.jit(interpret=True)
def shapes_kernel(x_ptr, out_ptr, N: bl.constexpr):
    offs = bl.arange(0, N)
    x = bl.load(x_ptr + offs)
    pairs = bl.reshape(x, (N // 2, 2))
    lo, hi = bl.split(pairs)
    swapped = bl.interleave(hi, lo)
    bl.store(out_ptr + offs, swapped)
    m = x.reshape(4, N // 4)
    t = bl.trans(m)
    r = bl.arange(0, N // 4)
    c = bl.arange(0, 4)
    bl.store(out_ptr + N + r[:, None] * 4 + c[None, :], _scale(t, 2.0))
    bl.store(out_ptr + 2 * N + offs, bl.where(x > 0, bl.abs(x), bl.maximum(x, -1.0)))
    half = x.to(bl.float16).to(bl.float32)
    bl.store(out_ptr + 3 * N + offs, half)


@block.jit(interpret=True)
def descriptor_kernel(a_ptr, out_ptr, M, N, BM: bl.constexpr, BN: bl.constexpr):
    desc = bl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    out = bl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1],
                                    block_shape=[BM, BN])
    pm = bl.program_id(0)
    pn = bl.program_id(1)
    tile = desc.load([pm * BM, pn * BN])
    out.store([pm * BM, pn * BN], tile * 2.0)


@block.jit(interpret=True)
def batched_descriptor_kernel(a_ptr, out_ptr, B, M, N, BM: bl.constexpr, BN: bl.constexpr):
    # A batch's 1 x BM x BN tiles as BM x BN matrices, batch stride M * N.
    desc = bl.make_tensor_descriptor(a_ptr, [B, M, N], [M * N, N, 1], [1, BM, BN])
    out = bl.make_tensor_descriptor(out_ptr, [B, M, N], [M * N, N, 1], [1, BM, BN])
    pm = bl.program_id(0)
    pn = bl.program_id(1)
    b = bl.program_id(2)
    tile = desc.load([b, pm * BM, pn * BN]).reshape(BM, BN)
    out.store([b, pm * BM, pn * BN], bl.trans(bl.trans(tile) * 2.0).reshape(1, BM, BN))


@block.jit(interpret=True)
def atomic_kernel(counter_ptr, x_ptr, N: bl.constexpr):
    offs = bl.arange(0, N)
    x = bl.load(x_ptr + offs)
    bl.atomic_add(counter_ptr + offs * 0, x)
    bl.atomic_max(counter_ptr + 1, bl.max(x, axis=0))


@block.jit(interpret=True)
def early_return_kernel(out_ptr, n_tiles, flag):
    pid = bl.program_id(0)
    if pid >= n_tiles:
        return
    if flag == 0:
        bl.store(out_ptr + pid, -1)
        return
    else:
        value = pid * 10
    bl.store(out_ptr + pid, value)


@block.jit(interpret=True)
def unsigned_kernel(x_ptr, out_ptr, N: bl.constexpr):
    offs = bl.arange(0, N)
    x = bl.load(x_ptr + offs)
    bl.store(out_ptr + offs, (x // 3) + (x >> 1) + (x % 7))


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------

class EmitTest(unittest.TestCase):
    """What the front end writes (no tools needed)."""

    def test_vector_add_text(self):
        text = add_kernel.emit("*fp32,*fp32,*fp32,i32", BLOCK=1024)
        self.assertIn("func.func @add_kernel(%x_ptr: !block.ptr<f32>", text)
        self.assertIn("block.arange 0, 1024 : tensor<1024xi32>", text)
        self.assertIn("%mask = arith.cmpi slt, %offs,", text)
        self.assertIn("block.num_warps = 4 : i32", text)
        line = line_of(add_kernel, "bl.store(")
        self.assertRegex(text, rf'block.store .* loc\("{THIS_FILE}":{line}:5\)')

    def test_signature_hints_and_options(self):
        text = add_kernel.emit(["*fp16:16", "*fp16", "*fp16", "i32:16"], BLOCK=256,
                               num_warps=8, num_stages=3)
        self.assertIn("%x_ptr: !block.ptr<f16> {block.alignment = 16}", text)
        self.assertIn("%n: i32 {block.divisibility = 16}", text)
        self.assertIn("block.num_warps = 8 : i32, block.num_stages = 3 : i32", text)

    def test_loop_carried_values(self):
        text = matmul_kernel.emit("*fp32,*fp32,*fp32" + ",i32" * 9, BLOCK_M=32, BLOCK_N=32,
                                  BLOCK_K=16, GROUP_M=4)
        self.assertRegex(text, r"%acc_\d+, %a_ptrs_\d+, %b_ptrs_\d+ = scf.for %k = ")
        self.assertIn("iter_args(%acc_", text)
        self.assertIn("block.dot", text)
        self.assertIn("arith.minsi", text)  # Python's min of values, as in Triton

    def test_num_stages_on_loop(self):
        text = softmax_kernel.emit("*fp32,*fp32,i32,i32,i32,i32", BLOCK=128)
        self.assertIn("{block.num_stages = 2 : i32}", text)
        self.assertIn("block.reduce maxnumf", text)
        self.assertIn("arith.constant 0xFF800000 : f32", text)

    def test_helper_call_sites(self):
        text = shapes_kernel.emit("*fp32,*fp32", N=16)
        self.assertIn("loc(callsite(", text)

    def test_emit_module_cli(self):
        import io
        import contextlib
        from block import emit
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rc = emit.main([f"{THIS_FILE}:add_kernel", "-s", "*fp32,*fp32,*fp32,i32",
                            "-D", "BLOCK=64"])
        self.assertEqual(rc, 0)
        self.assertIn("block.arange 0, 64", out.getvalue())
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            rc = emit.main([f"{THIS_FILE}:add_kernel", "-s", "*fp32"])
        self.assertEqual(rc, 1)
        self.assertIn("the signature has 1 types for 4 parameters", err.getvalue())


class ErrorTest(unittest.TestCase):
    """Front-end errors are CompilationErrors at the user's line."""

    def assert_error_at(self, fn, text, message, *args, **kwargs):
        with self.assertRaises(block.CompilationError) as cm:
            fn.emit(*args, **kwargs)
        err = cm.exception
        self.assertIn(message, str(err))
        self.assertEqual(err.filename, THIS_FILE)
        self.assertEqual(err.lineno, line_of(fn, text))
        self.assertIn(text, str(err))  # the source line is shown
        self.assertIn("^", str(err))
        # The same as fields: SyntaxError's, and the one diagnostic.
        self.assertEqual(err.col, err.offset)
        self.assertEqual(err.diagnostics, (block.Diagnostic(THIS_FILE, err.lineno, err.col,
                                                            "error", err.msg),))
        self.assertEqual(err.kernel, fn.__name__)

    def test_return_in_loop(self):
        @block.jit
        def k(x_ptr, n):
            for i in range(n):
                if i > 2:
                    return
        self.assert_error_at(k, "return", "return inside a loop", "*fp32,i32")

    def test_break(self):
        @block.jit
        def k(x_ptr, n):
            for i in range(n):
                break
        self.assert_error_at(k, "break", "break is not supported", "*fp32,i32")

    def test_type_change_in_loop(self):
        @block.jit
        def k(x_ptr, n):
            acc = bl.zeros((16,), dtype=bl.int32)
            for i in range(n):
                acc = acc + 0.5
            bl.store(x_ptr + bl.arange(0, 16), acc)
        self.assert_error_at(k, "for i in range(n)", "'acc' changes type in the loop",
                             "*fp32,i32")

    def test_non_constexpr_global(self):
        self.assert_error_at(uses_global, "SCALE", "global 'SCALE'", "*fp32")

    def test_unknown_builtin_argument(self):
        @block.jit
        def k(x_ptr):
            bl.load(x_ptr, maskk=1)
        self.assert_error_at(k, "bl.load", "unexpected keyword argument 'maskk'", "*fp32")

    def test_shape_mismatch(self):
        @block.jit
        def k(x_ptr):
            a = bl.arange(0, 16) + bl.arange(0, 32)
        self.assert_error_at(k, "bl.arange(0, 16) + bl.arange(0, 32)",
                             "do not broadcast together", "*fp32")

    def test_type_error_fields(self):
        @block.jit
        def scaled(p):
            return p * 2

        @block.jit
        def k(x_ptr):
            bl.store(scaled(x_ptr), 1.0)
        with self.assertRaises(block.CompileError) as cm:
            k.emit("*fp32")
        err = cm.exception
        line = line_of(scaled, "p * 2")
        self.assertEqual((err.filename, err.lineno), (THIS_FILE, line))
        self.assertEqual(err.col, column_of(scaled, "p * 2"))
        diagnostic, = err.diagnostics
        self.assertEqual((diagnostic.file, diagnostic.line, diagnostic.column,
                          diagnostic.severity), (THIS_FILE, line, err.col, "error"))
        self.assertEqual(diagnostic.message, "'mul' of pointer<bl.float32> and bl.int32")
        self.assertEqual(err.kernel, "k")  # the kernel, not the helper it calls
        self.assertTrue(str(err).startswith(str(diagnostic) + "\n"))

    def test_launch_outside(self):
        with self.assertRaises(block.BlockError):
            add_kernel(1, 2, 3, 4)
        with self.assertRaises(block.BlockError):
            bl.program_id(0)


SCALE = 2.0


@block.jit
def uses_global(x_ptr):
    bl.store(x_ptr, SCALE)


@needs_interpreter
class InterpreterTest(unittest.TestCase):
    """Kernels run on block-run, checked against NumPy."""

    def test_vector_add(self):
        rng = np.random.default_rng(0)
        n = 1000
        x, y = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
        out = np.zeros(n, np.float32)
        add_kernel[(block.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
        np.testing.assert_array_equal(out, x + y)

    def test_grid_function(self):
        n = 300
        x, y = np.ones(n, np.float32), np.full(n, 2, np.float32)
        out = np.zeros(n, np.float32)
        add_kernel[lambda meta: (block.cdiv(meta["n"], meta["BLOCK"]),)](x, y, out, n,
                                                                         BLOCK=128)
        np.testing.assert_array_equal(out, 3)

    def test_softmax(self):
        rng = np.random.default_rng(1)
        x = rng.standard_normal((5, 100)).astype(np.float32)
        out = np.zeros_like(x)
        softmax_kernel[(2,)](out, x, x.shape[1], x.shape[1], x.shape[0], x.shape[1],
                             BLOCK=128)
        e = np.exp(x - x.max(axis=1, keepdims=True))
        np.testing.assert_allclose(out, e / e.sum(axis=1, keepdims=True), rtol=1e-5)

    def test_matmul(self):
        rng = np.random.default_rng(2)
        M, N, K = 40, 48, 50
        a = rng.standard_normal((M, K)).astype(np.float32)
        b = rng.standard_normal((K, N)).astype(np.float32)
        c = np.zeros((M, N), np.float32)
        grid = (block.cdiv(M, 16) * block.cdiv(N, 16),)
        matmul_kernel[grid](a, b, c, M, N, K, K, 1, N, 1, N, 1,
                            BLOCK_M=16, BLOCK_N=16, BLOCK_K=16, GROUP_M=2)
        np.testing.assert_allclose(c, a @ b, rtol=1e-4, atol=1e-4)

    def test_reductions(self):
        R, C = 4, 8
        rng = np.random.default_rng(3)
        x = rng.permutation(R * C).astype(np.float32).reshape(R, C)
        out = np.zeros(C + 5 * R + R * C + 1, np.float32)
        reductions_kernel[(1,)](x, out, R=R, C=C)
        np.testing.assert_allclose(out[:C], x.sum(axis=0))
        np.testing.assert_array_equal(out[C:C + R], x.max(axis=1))
        np.testing.assert_array_equal(out[C + R:C + 2 * R], x.min(axis=1))
        np.testing.assert_array_equal(out[C + 2 * R:C + 3 * R], x.argmax(axis=1))
        np.testing.assert_array_equal(out[C + 3 * R:C + 4 * R], x.argmax(axis=1))
        np.testing.assert_allclose(out[C + 4 * R:C + 5 * R], x.sum(axis=1))
        np.testing.assert_allclose(out[C + 5 * R:C + 5 * R + R * C].reshape(R, C),
                                   np.cumsum(x, axis=1))
        np.testing.assert_allclose(out[C + 5 * R + R * C], x.sum())

    def test_control_flow(self):
        out = np.zeros(5, np.int32)
        control_kernel[(1,)](out, 10, 1)
        self.assertEqual(out[0], 90)
        np.testing.assert_array_equal(out[1:], 3)
        control_kernel[(1,)](out, 10, 0)
        self.assertEqual(out[0], -45)

    def test_shapes(self):
        N = 16
        x = (np.arange(N, dtype=np.float32) - 5.5)
        out = np.zeros(4 * N, np.float32)
        shapes_kernel[(1,)](x, out, N=N)
        np.testing.assert_array_equal(out[:N], x.reshape(-1, 2)[:, ::-1].reshape(-1))
        np.testing.assert_array_equal(out[N:2 * N], (x.reshape(4, N // 4).T * 2).reshape(-1))
        np.testing.assert_array_equal(out[2 * N:3 * N], np.where(x > 0, np.abs(x),
                                                                 np.maximum(x, -1)))
        np.testing.assert_array_equal(out[3 * N:], x.astype(np.float16).astype(np.float32))

    def test_descriptor(self):
        M, N = 20, 24
        a = np.arange(M * N, dtype=np.float32).reshape(M, N)
        out = np.zeros_like(a)
        descriptor_kernel[(block.cdiv(M, 8), block.cdiv(N, 16))](a, out, M, N, BM=8, BN=16)
        np.testing.assert_array_equal(out, a * 2)

    def test_batched_descriptor(self):
        B, M, N = 3, 20, 24
        a = np.arange(B * M * N, dtype=np.float32).reshape(B, M, N)
        out = np.zeros_like(a)
        batched_descriptor_kernel[(block.cdiv(M, 8), block.cdiv(N, 16), B)](a, out, B, M, N,
                                                                           BM=8, BN=16)
        np.testing.assert_array_equal(out, a * 2)

    def test_atomics(self):
        x = np.arange(8, dtype=np.int32)
        counter = np.zeros(2, np.int32)
        atomic_kernel[(3,)](counter, x, N=8)
        self.assertEqual(counter[0], 3 * x.sum())
        self.assertEqual(counter[1], 7)

    def test_unsigned(self):
        x = np.array([0, 1, 2**31, 2**32 - 1] * 2, dtype=np.uint32)
        out = np.zeros_like(x)
        unsigned_kernel[(1,)](x, out, N=8)
        np.testing.assert_array_equal(out, (x // 3) + (x >> 1) + (x % 7))

    def test_early_return(self):
        out = np.zeros(6, np.int32)
        early_return_kernel[(6,)](out, 4, 1)
        np.testing.assert_array_equal(out, [0, 10, 20, 30, 0, 0])
        early_return_kernel[(6,)](out, 2, 0)
        np.testing.assert_array_equal(out, [-1, -1, 20, 30, 0, 0])

    def test_out_of_bounds_at_python_line(self):
        x = np.zeros(100, np.float32)
        y = np.zeros(100, np.float32)
        out = np.zeros(100, np.float32)
        with self.assertRaises(block.BlockError) as cm:
            add_kernel[(1,)](x, y, out, 1000, BLOCK=128)  # n past the buffers
        self.assertIn(f"{THIS_FILE}:{line_of(add_kernel, 'x = bl.load')}", str(cm.exception))


if __name__ == "__main__":
    unittest.main()


@unittest.skipUnless(os.environ.get("BLOCK_COMPILE"), "no BLOCK_COMPILE")
class CarriedCacheTest(unittest.TestCase):
    """A cache compiled on one machine serves a machine without
    block-compile, whatever path the kernel's file has there."""

    def test_compiled_elsewhere(self):
        import tempfile
        from block import _compile
        text = add_kernel.emit("*fp32,*fp32,*fp32,i32", BLOCK=128)
        moved = text.replace(THIS_FILE, "/elsewhere/test_frontend.py")
        with tempfile.TemporaryDirectory() as cache:
            saved = {k: os.environ.get(k) for k in ("BLOCK_CACHE_DIR", "BLOCK_COMPILE", "PATH")}
            os.environ["BLOCK_CACHE_DIR"] = cache
            try:
                built = _compile.compile(text, name="add_kernel", chip="sm_90a", cubin=False)
                os.environ["BLOCK_COMPILE"] = os.path.join(cache, "no-compiler-here")
                os.environ["PATH"] = cache
                found = _compile.compile(moved, name="add_kernel", chip="sm_90a", cubin=False)
                self.assertEqual(os.path.dirname(found.manifest_path),
                                 os.path.dirname(built.manifest_path))
                with self.assertRaises(block.CompileError):  # another kernel: not there
                    _compile.compile(moved.replace("1024", "512").replace("128", "256"),
                                     name="add_kernel", chip="sm_90a", cubin=False)
            finally:
                for k, v in saved.items():
                    if v is None:
                        os.environ.pop(k, None)
                    else:
                        os.environ[k] = v


# ---------------------------------------------------------------------------
# What the examples' Python twins (examples/python) needed of the front end
# ---------------------------------------------------------------------------

@block.jit(interpret=True)
def twins_fdiv_kernel(x_ptr, y_ptr, out_ptr, out2_ptr, N: bl.constexpr):
    offs = bl.arange(0, N)
    x = bl.load(x_ptr + offs)
    y = bl.load(y_ptr + offs)
    bl.store(out_ptr + offs, bl.fdiv(x, y))
    bl.store(out2_ptr + offs, bl.fdiv(x, y, ieee_rounding=True))


@block.jit(interpret=True)
def twins_cdiv_kernel(out_ptr, n, BLOCK: bl.constexpr):
    bl.store(out_ptr, bl.cdiv(n.to(bl.uint32), BLOCK).to(bl.int32))
    bl.store(out_ptr + 1, bl.cdiv(n, BLOCK))


@block.jit(interpret=True)
def twins_where_kernel(out_ptr, flag, N: bl.constexpr):
    offs = bl.arange(0, N)
    bl.store(out_ptr + offs, bl.where(flag != 0, offs, -offs))


class TwinsFrontendTest(unittest.TestCase):
    """bl.fdiv through the reciprocal, bl.cdiv of unsigned values as
    arith.ceildivui, bl.where with a scalar condition unsplat."""

    def test_fdiv_text(self):
        text = twins_fdiv_kernel.emit("*fp32,*fp32,*fp32,*fp32", N=16)
        self.assertRegex(text, r"arith.divf %x, %y fastmath<arcp> : tensor<16xf32>")
        self.assertRegex(text, r"arith.divf %x, %y : tensor<16xf32>")

    def test_cdiv_text(self):
        text = twins_cdiv_kernel.emit("*i32,i32", BLOCK=128)
        self.assertRegex(text, r"arith.ceildivui %n, %c128 : i32")
        self.assertIn("arith.divsi", text)  # signed: Triton's (n + 127) // 128

    def test_where_scalar_condition_text(self):
        text = twins_where_kernel.emit("*i32,i32", N=16)
        self.assertRegex(text, r"arith.select %ne, %offs, %\w+ : i1, tensor<16xi32>")
        self.assertNotIn("tensor<16xi1>", text)

    @needs_interpreter
    def test_run(self):
        x = np.linspace(1.0, 5.0, 16, dtype=np.float32)
        y = np.linspace(3.0, 0.5, 16, dtype=np.float32)
        out, out2 = np.zeros(16, np.float32), np.zeros(16, np.float32)
        twins_fdiv_kernel[(1,)](x, y, out, out2, N=16)
        np.testing.assert_allclose(out, x / y, rtol=1e-6)
        np.testing.assert_array_equal(out2, x / y)
        c = np.zeros(2, np.int32)
        twins_cdiv_kernel[(1,)](c, 300, BLOCK=128)
        self.assertEqual(list(c), [3, 3])
        w = np.zeros(16, np.int32)
        twins_where_kernel[(1,)](w, 0, N=16)
        self.assertEqual(list(w), [-i for i in range(16)])
        twins_where_kernel[(1,)](w, 1, N=16)
        self.assertEqual(list(w), list(range(16)))


@needs_interpreter
class LaunchTest(unittest.TestCase):
    """How a launch binds its arguments: positions, keywords, defaults,
    constexprs given either way, and refusals."""

    def test_keywords_and_positions_agree(self):
        n = 64
        x, y = np.arange(n, dtype=np.float32), np.ones(n, np.float32)
        for call in (lambda o: add_kernel[(1,)](x, y, o, n, 64),
                     lambda o: add_kernel[(1,)](x, y, out_ptr=o, n=n, BLOCK=64),
                     lambda o: add_kernel[(1,)](y_ptr=y, x_ptr=x, out_ptr=o, n=n, BLOCK=64)):
            out = np.zeros(n, np.float32)
            call(out)
            np.testing.assert_array_equal(out, x + y)

    def test_refusals(self):
        x = np.zeros(4, np.float32)
        with self.assertRaisesRegex(block.ArgumentError, "missing argument 'n'"):
            add_kernel[(1,)](x, x, x, BLOCK=4)
        with self.assertRaisesRegex(block.ArgumentError, "has no parameter 'nn'"):
            add_kernel[(1,)](x, x, x, nn=4, BLOCK=4)
        with self.assertRaisesRegex(block.ArgumentError, "takes 5 arguments, got 6"):
            add_kernel[(1,)](x, x, x, 4, 4, 4)
        with self.assertRaisesRegex(block.ArgumentError, "not a tensor or a number"):
            add_kernel[(1,)](x, x, "x", 4, BLOCK=4)
        with self.assertRaisesRegex(block.ArgumentError, "grid"):
            add_kernel[(1, 2, 3, 4)](x, x, x, 4, BLOCK=4)


@unittest.skipIf(np is None, "NumPy is not installed")
class ArgumentFieldsTest(unittest.TestCase):
    """A refused launch's ArgumentError names the kernel and the argument
    as fields; these are refused before a kernel is compiled for the call,
    so none has an index."""

    def test_fields(self):
        x = np.zeros(4, np.float32)
        cases = [(lambda: add_kernel[(1,)](x, x, "x", 4, BLOCK=4), "out_ptr"),
                 (lambda: add_kernel[(1,)](x, x, x, BLOCK=4), "n"),
                 (lambda: add_kernel[(1,)](x, x, x, nn=4, BLOCK=4), "nn"),
                 (lambda: add_kernel[(1,)](x, x, x, 2**70, BLOCK=4), "n"),
                 (lambda: add_kernel[(1,)](x, x, x, n=2**70, BLOCK=4), "n"),
                 (lambda: add_kernel[(1,)](x, x, x, 4, 4, 4), None)]
        for call, name in cases:
            with self.assertRaises(block.ArgumentError) as cm:
                call()
            err = cm.exception
            self.assertEqual((err.kernel, err.name, err.index), ("add_kernel", name, None),
                             str(err))


@block.autotune(configs=[block.Config({"BLOCK": 64}, num_warps=2),
                         block.Config({"BLOCK": 128}, num_warps=4)],
                key=["n"], prune_configs_by={
                    "early_config_prune": lambda configs, named, **kw:
                        [c for c in configs if c.kwargs["BLOCK"] >= named["n"] // 4]})
@block.jit(interpret=True)
def tuned_add(x_ptr, y_ptr, out_ptr, n, BLOCK: bl.constexpr):
    offs = bl.program_id(0) * BLOCK + bl.arange(0, BLOCK)
    bl.store(out_ptr + offs, bl.load(x_ptr + offs, mask=offs < n) + bl.load(y_ptr + offs, mask=offs < n),
             mask=offs < n)


@needs_interpreter
class AutotuneTest(unittest.TestCase):
    """In interpreter mode nothing is timed: the first config the pruning
    leaves runs, and the grid function sees its constexprs."""

    def test_pruned_first_config(self):
        n = 500
        x, y = np.arange(n, dtype=np.float32), np.ones(n, np.float32)
        out = np.zeros(n, np.float32)
        seen = []

        def grid(meta):
            seen.append(meta["BLOCK"])
            return (block.cdiv(meta["n"], meta["BLOCK"]),)
        tuned_add[grid](x, y, out, n)
        np.testing.assert_array_equal(out, x + 1)
        self.assertEqual(seen, [128])  # BLOCK 64 < 500 // 4 was pruned
        self.assertEqual(tuned_add.best_config.kwargs, {"BLOCK": 128})

    def test_emit_with_config(self):
        text = tuned_add.emit("*fp32,*fp32,*fp32,i32", config=tuned_add.configs[1])
        self.assertIn("block.arange 0, 128", text)
        self.assertIn("block.num_warps = 4 : i32", text)
