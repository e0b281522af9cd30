"""Triton's tutorials ported to Block (examples/python/tutorials/: 01 vector
add, 02 fused softmax, 03 matmul, 05 layer norm forward and backward, 06
fused attention forward) on the CPU interpreter, at small sizes, against
NumPy; and the front-end rules the ports needed. No torch, no GPU: runs need
BLOCK_COMPILE (block-run beside it) or BLOCK_RUN, else they are skipped."""

import math
import os
import sys
import unittest

import helpers

import block
import block.language as bl

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

TUTORIALS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                         "python", "tutorials")
sys.path.insert(0, os.path.abspath(TUTORIALS))

import fused_attention  # noqa: E402
import layer_norm  # noqa: E402
import matmul  # noqa: E402
import softmax  # noqa: E402
import vector_add  # noqa: E402


_have_interpreter = helpers.have_interpreter


needs_interpreter = unittest.skipUnless(_have_interpreter(),
                                        "no block-run (set BLOCK_COMPILE or BLOCK_RUN)")

_saved_env = None


def setUpModule():
    # The ports are plain @block.jit kernels: the interpreter runs them.
    global _saved_env
    _saved_env = os.environ.get("BLOCK_INTERPRET")
    os.environ["BLOCK_INTERPRET"] = "1"


def tearDownModule():
    if _saved_env is None:
        os.environ.pop("BLOCK_INTERPRET", None)
    else:
        os.environ["BLOCK_INTERPRET"] = _saved_env


def rng(seed=0):
    return np.random.default_rng(seed)


@needs_interpreter
class TutorialTest(unittest.TestCase):
    def test_01_vector_add(self):
        r = rng(1)
        n = 1000
        x = r.random(n, dtype=np.float32)
        y = r.random(n, dtype=np.float32)
        out = np.zeros(n, np.float32)
        grid = lambda meta: (block.cdiv(n, meta['BLOCK_SIZE']), )
        vector_add.add_kernel[grid](x, y, out, n, BLOCK_SIZE=256)
        np.testing.assert_array_equal(out, x + y)

    def test_02_fused_softmax(self):
        # Fewer programs than rows: the persistent loop runs several rows each.
        r = rng(2)
        rows, cols = 37, 100
        x = r.standard_normal((rows, cols), dtype=np.float32)
        y = np.zeros_like(x)
        softmax.softmax_kernel[(8, 1, 1)](y, x, cols, cols, rows, cols, BLOCK_SIZE=128,
                                          num_stages=2, num_warps=8)
        e = np.exp(x - x.max(axis=1, keepdims=True))
        np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)

    def _matmul(self, M, N, K, activation):
        r = rng(3)
        a = r.standard_normal((M, K)).astype(np.float16)
        b = r.standard_normal((K, N)).astype(np.float16)
        c = np.zeros((M, N), np.float16)
        grid = lambda META: (block.cdiv(M, META['BLOCK_SIZE_M']) * block.cdiv(N, META['BLOCK_SIZE_N']), )
        matmul.matmul_kernel.fn[grid](a, b, c, M, N, K, K, 1, N, 1, N, 1, BLOCK_SIZE_M=32,
                                      BLOCK_SIZE_N=32, BLOCK_SIZE_K=32, GROUP_SIZE_M=8,
                                      ACTIVATION=activation, num_warps=4, num_stages=3)
        ref = a.astype(np.float32) @ b.astype(np.float32)
        if activation == "leaky_relu":
            ref = np.where(ref >= 0, ref, 0.01 * ref)
        np.testing.assert_allclose(c.astype(np.float32), ref.astype(np.float16).astype(np.float32),
                                   rtol=2e-3, atol=2e-3)

    def test_03_matmul(self):
        self._matmul(64, 64, 64, "")

    def test_03_matmul_edges_leaky_relu(self):
        # M, N, K not multiples of the tiles: the % M / % N wrap and the K mask.
        self._matmul(48, 40, 72, "leaky_relu")

    def test_03_matmul_configs(self):
        # The tutorial's CUDA configs, as the autotuner sees them.
        self.assertEqual(len(matmul.matmul_kernel.configs), 16)
        first = matmul.matmul_kernel.configs[0]
        self.assertEqual((first.kwargs["BLOCK_SIZE_M"], first.num_warps, first.num_stages),
                         (128, 8, 3))

    def test_05_layer_norm_forward_backward(self):
        r = rng(5)
        M, N, eps = 6, 200, 1e-5
        x = (-2.3 + 0.5 * r.standard_normal((M, N))).astype(np.float16)
        w = r.random(N).astype(np.float16)
        b = r.random(N).astype(np.float16)
        dy = (0.1 * r.standard_normal((M, N))).astype(np.float16)
        y = np.zeros_like(x)
        mean = np.zeros(M, np.float32)
        rstd = np.zeros(M, np.float32)
        # BLOCK_SIZE 64 < N: the three loops of the forward kernel run 4 times.
        layer_norm._layer_norm_fwd_fused[(M, )](x, y, w, b, mean, rstd, N, N, eps,
                                                BLOCK_SIZE=64, num_warps=1)
        xf, wf, bf, dyf = (v.astype(np.float32) for v in (x, w, b, dy))
        mu = xf.mean(axis=1)
        rs = 1 / np.sqrt(xf.var(axis=1) + eps)
        xhat = (xf - mu[:, None]) * rs[:, None]
        np.testing.assert_allclose(mean, mu, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(rstd, rs, rtol=1e-4)
        np.testing.assert_allclose(y.astype(np.float32), xhat * wf + bf, atol=1e-2)

        # Backward: 6 rows into GROUP_SIZE_M = 4 locked partial sums, then dw/db.
        G = 4
        locks = np.zeros(2 * G, np.int32)
        _dw = np.zeros((G, N), np.float16)
        _db = np.zeros((G, N), np.float16)
        dx = np.zeros_like(dy)
        dw = np.zeros(N, np.float16)
        db = np.zeros(N, np.float16)
        layer_norm._layer_norm_bwd_dx_fused[(M, )](dx, dy, _dw, _db, x, w, mean, rstd, locks, N,
                                                   N, BLOCK_SIZE_N=256, GROUP_SIZE_M=G,
                                                   num_warps=1)
        grid = lambda meta: (block.cdiv(N, meta['BLOCK_SIZE_N']), )
        layer_norm._layer_norm_bwd_dwdb[grid](_dw, _db, dw, db, min(G, M), N, BLOCK_SIZE_M=32,
                                              BLOCK_SIZE_N=128)
        wdy = wf * dyf
        c1 = (xhat * wdy).sum(axis=1, keepdims=True) / N
        c2 = wdy.sum(axis=1, keepdims=True) / N
        np.testing.assert_allclose(dx.astype(np.float32), (wdy - (xhat * c1 + c2)) * rs[:, None],
                                   atol=1e-2)
        np.testing.assert_allclose(dw.astype(np.float32), (dyf * xhat).sum(axis=0), atol=2e-2)
        np.testing.assert_allclose(db.astype(np.float32), dyf.sum(axis=0), atol=2e-2)
        np.testing.assert_array_equal(locks, np.r_[np.zeros(G), np.ones(G)].astype(np.int32))

    def _attention(self, causal):
        # Through the autotuner (in interpreter mode: the first config kept
        # by keep() and prune_invalid_configs(), BLOCK_M 64, BLOCK_N 32).
        r = rng(6)
        Z, H, N_CTX, D = 1, 1, 128, 32
        q, k, v = (r.standard_normal((Z, H, N_CTX, D)).astype(np.float16) for _ in range(3))
        o = np.zeros_like(q)
        M = np.zeros((Z, H, N_CTX), np.float32)
        sm_scale = 0.5
        grid = lambda META: (block.cdiv(N_CTX, META["BLOCK_M"]), Z * H, 1)
        fused_attention._attn_fwd[grid](sm_scale, M, Z, H, q, k, v, o, N_CTX=N_CTX, HEAD_DIM=D,
                                        FP8_OUTPUT=False, STAGE=3 if causal else 1,
                                        warp_specialize=False, IS_HOPPER=False)
        self.assertEqual(fused_attention._attn_fwd.best_config.kwargs, {"BLOCK_M": 64, "BLOCK_N": 32})
        qf, kf, vf = (t.astype(np.float32)[0, 0] for t in (q, k, v))
        s = qf @ kf.T * sm_scale
        if causal:
            s = np.where(np.tril(np.ones((N_CTX, N_CTX), bool)), s, -np.inf)
        p = np.exp(s - s.max(axis=1, keepdims=True))
        ref = (p / p.sum(axis=1, keepdims=True)) @ vf
        np.testing.assert_allclose(o[0, 0].astype(np.float32), ref, atol=1e-2)
        lse2 = (s.max(axis=1) + np.log(p.sum(axis=1))) / math.log(2)
        np.testing.assert_allclose(M[0, 0], lse2, rtol=1e-3, atol=1e-3)

    def test_06_fused_attention(self):
        self._attention(causal=False)

    def test_06_fused_attention_causal(self):
        self._attention(causal=True)


# ---------------------------------------------------------------------------
# Front-end rules the ports needed
# ---------------------------------------------------------------------------

@block.jit
def _helper_with_constexpr(x, offs: bl.constexpr, N: bl.constexpr):
    return x + offs * N


@block.jit
def _maybe_desc(desc_or_ptr, shape, strides, block_shape):
    if isinstance(desc_or_ptr, bl.tensor_descriptor):
        return desc_or_ptr
    return bl.make_tensor_descriptor(desc_or_ptr, shape, strides, block_shape)


@block.jit(interpret=True)
def rules_kernel(a_ptr, out_ptr, N: bl.constexpr):
    offs = bl.arange(0, N)
    a = bl.load(a_ptr + offs[:, None] * N + offs[None, :])
    # x.T, as Triton spells the transpose.
    bl.store(out_ptr + offs[:, None] * N + offs[None, :], a.T)
    # A run-time value given to a helper's constexpr parameter (Triton's
    # `offs_m: tl.constexpr` in the attention tutorial) stays a value.
    bl.store(out_ptr + N * N + offs, _helper_with_constexpr(offs.to(bl.float32), offs, 2))
    # isinstance of a run-time value is answered at emission.
    desc = _maybe_desc(a_ptr, [N, N], [N, 1], [N, N])
    same = _maybe_desc(desc, [N, N], [N, 1], [N, N])
    tile = same.load([0, 0])
    bl.store(out_ptr + 2 * N * N + offs[:, None] * N + offs[None, :], tile)
    # Two Python numbers in bl.where take one type (f32 here), as in Triton.
    bl.store(out_ptr + 3 * N * N + offs, bl.where(offs % 2 == 0, 0, -1.0e6))


class RulesTest(unittest.TestCase):
    def test_emitted(self):
        text = rules_kernel.emit("*fp32,*fp32", N=8)
        self.assertIn("block.trans", text)
        self.assertEqual(text.count("block.make_tensor_desc "), 1)

    @needs_interpreter
    def test_run(self):
        n = 8
        a = np.arange(n * n, dtype=np.float32).reshape(n, n)
        out = np.zeros(3 * n * n + n, np.float32)
        rules_kernel[(1, )](a, out, N=n)
        np.testing.assert_array_equal(out[:n * n].reshape(n, n), a.T)
        np.testing.assert_array_equal(out[n * n:n * n + n], np.arange(n) * 3.0)
        np.testing.assert_array_equal(out[2 * n * n:3 * n * n].reshape(n, n), a)
        np.testing.assert_array_equal(out[3 * n * n:], np.where(np.arange(n) % 2 == 0, 0, -1.0e6))


if __name__ == "__main__":
    unittest.main()
