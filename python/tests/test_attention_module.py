"""examples/pytorch/attention.py, flash attention for training in PyTorch,
and the kernels under it (examples/pytorch/attention_kernels.py).

- KernelsOnInterpreter (NumPy and block-run, no torch): the forward with
  the log-sum-exp, f16 and bf16, D 64 and 128, causal and not, at ragged
  seq, then the backward on its O and lse, against NumPy in float64; and
  every launch is a kernel attention_kernels.prepare() compiles, so that
  the cache it writes serves the GPU machine.
- ModuleOnGPU (torch with CUDA and the runtime library; skipped without):
  attention() forward and dQ, dK, dV against SDPA's math backend in
  float64, bf16 and f16, D 64 and 128, causal and not, ragged seq; inputs
  that are not contiguous; and 50 Adam steps of a two-layer model with
  MultiheadSelfAttention, whose losses follow the same model with SDPA.
  Without block-compile (the GPU machine) the kernels come from
  BLOCK_CACHE_DIR, written by `bench/attention_module.py --prepare DIR`.
- ModuleOnInterpreter (torch and block-run): the same forward and gradient
  checks on CPU tensors.
- Refusals (torch): clear errors naming the argument.

Tolerances, the largest error over the largest reference value: out 1e-2
(bf16) and 2e-3 (f16), gradients 2e-2 and 5e-3 (3 to 7 times what the
interpreter gives); losses within 0.5% of the first loss at every step (the
interpreter against attention written out in torch: 0.03%)."""

import copy
import os
import sys
import unittest

import helpers

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None
try:
    import torch
    import torch.nn.functional as F
except ImportError:
    torch = None

sys.path.insert(0, os.path.join(helpers.REPO, "examples", "pytorch"))

LIBRARY = os.environ.get("BLOCK_RUNTIME_LIBRARY")
#: dtype name -> (out tolerance, gradient tolerance).
TOLERANCE = {"bf16": (1e-2, 2e-2), "fp16": (2e-3, 5e-3)}


def relative_error(got, want):
    return float(abs(got - want).max() / (abs(want).max() + 1e-6))


def have_gpu():
    return (torch is not None and torch.cuda.is_available() and bool(LIBRARY)
            and os.path.exists(LIBRARY))


# -- the kernels on the interpreter, NumPy ------------------------------------

def to_bf16(x):
    """float32 values as NumPy bf16 (|V2, what block.jit reads as bf16),
    rounded to nearest."""
    bits = x.astype(np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16).view("V2")


def from_bf16(x):
    return (x.view(np.uint16).astype(np.uint32) << 16).view(np.float32)


@unittest.skipUnless(helpers.have_interpreter(), "no block-run (set BLOCK_COMPILE or BLOCK_RUN)")
class KernelsOnInterpreter(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        import attention_kernels
        cls.ak = attention_kernels
        attention_kernels.interpret(True)

    @classmethod
    def tearDownClass(cls):
        cls.ak.interpret(None)

    def run_case(self, dtype, heads, seq, head_dim, causal):
        from test_attention_bwd import reference
        rng = np.random.default_rng(seq + head_dim + causal)
        inputs = [rng.standard_normal((heads, seq, head_dim)).astype(np.float32)
                  for _ in range(4)]
        if dtype == "bf16":
            q, k, v, do = (to_bf16(x) for x in inputs)
            values = from_bf16
        else:
            q, k, v, do = (x.astype(np.float16) for x in inputs)
            values = np.asarray
        scale = head_dim ** -0.5
        o_ref, lse_ref, dq_ref, dk_ref, dv_ref = reference(
            *(values(x) for x in (q, k, v, do)), scale, causal)
        o, dq, dk, dv = (np.zeros_like(q) for _ in range(4))
        lse, delta = (np.zeros((heads, seq), np.float32) for _ in range(2))
        # Fewer programs than tiles: the D64 kernel's persistent loop.
        self.ak.forward(q, k, v, o, lse, scale, causal, programs=3)
        out_tol, grad_tol = TOLERANCE[dtype]
        self.assertLess(relative_error(values(o), o_ref), out_tol)
        np.testing.assert_allclose(lse, lse_ref, rtol=1e-5, atol=1e-5)
        self.ak.backward(q, k, v, o, do, lse, scale, causal, dq, dk, dv, delta)
        for name, got, want in (("dq", dq, dq_ref), ("dk", dk, dk_ref), ("dv", dv, dv_ref)):
            self.assertLess(relative_error(values(got), want), grad_tol, name)

    def test_forward_and_backward(self):
        for dtype in self.ak.DTYPES:
            for head_dim, heads, seq in ((64, 3, 150), (128, 2, 77)):
                for causal in (False, True):
                    with self.subTest(dtype=dtype, head_dim=head_dim, causal=causal):
                        self.run_case(dtype, heads, seq, head_dim, causal)

    def test_prepare_covers_every_launch(self):
        """Each kernel launched above, as emitted for the launch, is one of
        specializations() (block.compile's cache finds an entry by the
        text without locations and comments)."""
        from block._compile import strip_locations

        def code(text):
            return "\n".join(line for line in strip_locations(text).splitlines()
                             if not line.lstrip().startswith("//"))
        self.test_forward_and_backward()
        prepared = {code(kernel.emit(signature, **config))
                    for kernel, signature, config in self.ak.specializations()}
        launched = {code(launcher.text): launcher.text.splitlines()[0]
                    for kernel in self.ak.KERNELS for launcher in kernel._cache.values()}
        # f16 and bf16: both forwards, delta, and dK/dV and dQ causal and not.
        self.assertEqual(len(launched), 2 * (2 + 2 + 2 * 2 * 2))
        for text, header in launched.items():
            self.assertIn(text, prepared, header)


# -- the PyTorch module -------------------------------------------------------------

def reference(q, k, v, do, causal, scale):
    """o, dq, dk, dv in float64, from SDPA's math backend (written out on a
    torch without SDPA)."""
    q, k, v = (x.detach().double().requires_grad_() for x in (q, k, v))
    if hasattr(F, "scaled_dot_product_attention"):
        from torch.nn.attention import SDPBackend, sdpa_kernel
        with sdpa_kernel(SDPBackend.MATH):
            o = F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
    else:
        s = scale * q @ k.transpose(-1, -2)
        if causal:
            n = s.shape[-1]
            s = s.masked_fill(~torch.ones(n, n, dtype=torch.bool, device=s.device).tril(),
                              float("-inf"))
        o = torch.softmax(s, dim=-1) @ v
    o.backward(do.double())
    return o.detach(), q.grad, k.grad, v.grad


class Checks:
    """The module's checks on `device` (set by the subclass)."""
    device = "cuda"
    #: (batch, heads, seq, head_dim): ragged seq.
    SHAPES = [(2, 3, 200, 64), (1, 2, 333, 128)]

    def check(self, batch, heads, seq, head_dim, causal, dtype, layout="bhsd"):
        import attention
        g = torch.Generator(device=self.device).manual_seed(seq + head_dim)
        if layout == "bhsd":
            q, k, v = (torch.randn(batch, heads, seq, head_dim, device=self.device, dtype=dtype,
                                   generator=g) for _ in range(3))
        else:  # [batch, seq, heads, head_dim] seen as [batch, heads, seq, head_dim]
            q, k, v = (torch.randn(batch, seq, heads, head_dim, device=self.device, dtype=dtype,
                                   generator=g).transpose(1, 2) for _ in range(3))
        do = torch.randn(batch, heads, seq, head_dim, device=self.device, dtype=dtype,
                         generator=g)
        scale = 0.1 if causal else None
        o_ref, dq_ref, dk_ref, dv_ref = reference(q, k, v, do, causal,
                                                  scale or head_dim ** -0.5)
        q, k, v = (x.detach().requires_grad_() for x in (q, k, v))
        o = attention.attention(q, k, v, causal=causal, sm_scale=scale)
        o.backward(do)
        out_tol, grad_tol = TOLERANCE["bf16" if dtype == torch.bfloat16 else "fp16"]
        self.assertEqual((o.shape, o.dtype), (q.shape, dtype))
        self.assertLess(relative_error(o.double(), o_ref), out_tol, "out")
        for name, x, want in (("dq", q, dq_ref), ("dk", k, dk_ref), ("dv", v, dv_ref)):
            self.assertEqual((x.grad.shape, x.grad.dtype), (x.shape, dtype))
            self.assertLess(relative_error(x.grad.double(), want), grad_tol, name)

    def test_matches_sdpa_math(self):
        for shape in self.SHAPES:
            for causal in (False, True):
                for dtype in (torch.bfloat16, torch.float16):
                    with self.subTest(shape=shape, causal=causal, dtype=dtype):
                        self.check(*shape, causal, dtype)

    def test_not_contiguous(self):
        """q, k, v and dO as views of [batch, seq, heads, head_dim]."""
        self.check(2, 2, 100, 64, True, torch.bfloat16, layout="bshd")


@unittest.skipUnless(have_gpu(), "no GPU: torch with CUDA and BLOCK_RUNTIME_LIBRARY are needed")
class ModuleOnGPU(Checks, unittest.TestCase):
    def test_training_matches_sdpa(self):
        """50 Adam steps of a two-layer model (pre-norm residual blocks of
        MultiheadSelfAttention, causal, and a linear head) under bf16
        autocast, from the same initial weights with our attention and with
        SDPA's: every step's loss within 0.5% of the first."""
        import attention

        class Model(torch.nn.Module):
            def __init__(self, embed=128, heads=2):
                super().__init__()
                self.norms = torch.nn.ModuleList(torch.nn.LayerNorm(embed) for _ in range(2))
                self.layers = torch.nn.ModuleList(
                    attention.MultiheadSelfAttention(embed, heads, causal=True)
                    for _ in range(2))
                self.head = torch.nn.Linear(embed, embed)

            def forward(self, x):
                for norm, layer in zip(self.norms, self.layers):
                    x = x + layer(norm(x))
                return self.head(x)

        def train(model, x, y, steps=50):
            optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
            losses = []
            for _ in range(steps):
                with torch.autocast("cuda", dtype=torch.bfloat16):
                    loss = F.mse_loss(model(x).float(), y)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                losses.append(loss.item())
            return losses

        torch.manual_seed(0)
        ours = Model().cuda()
        theirs = copy.deepcopy(ours)
        for layer in theirs.layers:
            layer.attention_fn = attention.sdpa
        x, y = torch.randn(2, 2, 200, 128, device="cuda").unbind(0)
        got, want = train(ours, x, y), train(theirs, x, y)
        self.assertLess(got[-1], 0.8 * got[0], f"our model did not learn: {got}")
        worst = max(abs(a - b) for a, b in zip(got, want)) / want[0]
        self.assertLess(worst, 5e-3, f"ours {got}\nSDPA's {want}")


@unittest.skipUnless(torch is not None and helpers.have_interpreter(),
                     "torch and block-run (BLOCK_COMPILE or BLOCK_RUN) are needed")
class ModuleOnInterpreter(Checks, unittest.TestCase):
    device = "cpu"
    SHAPES = [(1, 2, 90, 64), (1, 1, 70, 128)]

    @classmethod
    def setUpClass(cls):
        import attention_kernels
        attention_kernels.interpret(True)

    @classmethod
    def tearDownClass(cls):
        import attention_kernels
        attention_kernels.interpret(None)


@unittest.skipUnless(torch is not None, "torch is needed")
class Refusals(unittest.TestCase):
    def assert_refused(self, error, words, *args, **kwargs):
        import attention
        with self.assertRaises(error) as caught:
            attention.attention(*args, **kwargs)
        for word in words:
            self.assertIn(word, str(caught.exception))

    def test_refusals(self):
        def t(*shape, dtype=torch.bfloat16):
            return torch.zeros(*shape, dtype=dtype)
        q = t(1, 2, 8, 64)
        self.assert_refused(TypeError, ["q", "torch.float32"], t(1, 2, 8, 64, dtype=torch.float32),
                            q, q)
        self.assert_refused(TypeError, ["k must be a torch.Tensor"], q, 1.0, q)
        self.assert_refused(TypeError, ["one dtype"], q, q, t(1, 2, 8, 64, dtype=torch.float16))
        self.assert_refused(ValueError, ["v must have q's shape"], q, q, t(1, 2, 9, 64))
        self.assert_refused(ValueError, ["[batch, heads, seq, head_dim]"], t(2, 8, 64),
                            t(2, 8, 64), t(2, 8, 64))
        self.assert_refused(ValueError, ["head_dim", "64 or 128", "32"], t(1, 2, 8, 32),
                            t(1, 2, 8, 32), t(1, 2, 8, 32))
        self.assert_refused(ValueError, ["empty"], t(1, 0, 8, 64), t(1, 0, 8, 64),
                            t(1, 0, 8, 64))
        self.assert_refused(ValueError, ["sm_scale", "positive"], q, q, q, sm_scale=-1.0)
        self.assert_refused(TypeError, ["sm_scale"], q, q, q, sm_scale="0.1")
        self.assert_refused(TypeError, ["causal"], q, q, q, causal=1)
        import attention_kernels
        if not attention_kernels.interpreting():
            self.assert_refused(ValueError, ["q is on cpu", "CUDA"], q, q, q)

    def test_layer_refusals(self):
        import attention
        with self.assertRaisesRegex(ValueError, "embed_dim 100 is not a multiple of num_heads 3"):
            attention.MultiheadSelfAttention(100, 3)
        with self.assertRaisesRegex(ValueError, "heads of 64 or 128"):
            attention.MultiheadSelfAttention(96, 3)
        with self.assertRaisesRegex(ValueError, "num_heads must be a positive int"):
            attention.MultiheadSelfAttention(128, 0)
        layer = attention.MultiheadSelfAttention(128, 2)
        with self.assertRaisesRegex(ValueError, r"x must be \[batch, seq, 128\]"):
            layer(torch.zeros(2, 8, 64))


if __name__ == "__main__":
    unittest.main()
