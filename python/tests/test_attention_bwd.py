"""examples/python/attention_bwd.py on the interpreter against a NumPy
reference of attention's gradients (float64), causal or not, with a ragged
sequence length."""

import os
import sys
import unittest

import helpers


try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

sys.path.insert(0, os.path.join(helpers.REPO, "examples", "python"))


_have_interpreter = helpers.have_interpreter


def reference(q, k, v, do, scale, causal):
    """O, lse and the gradients, in float64."""
    q, k, v, do = (x.astype(np.float64) for x in (q, k, v, do))
    s = scale * q @ k.transpose(0, 2, 1)
    if causal:
        n = s.shape[-1]
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    lse = m + np.log(np.exp(s - m).sum(axis=-1, keepdims=True))
    p = np.exp(s - lse)
    o = p @ v
    dv = p.transpose(0, 2, 1) @ do
    dp = do @ v.transpose(0, 2, 1)
    ds = p * (dp - (do * o).sum(axis=-1, keepdims=True))
    return o, lse[..., 0], scale * ds @ k, scale * ds.transpose(0, 2, 1) @ q, dv


@unittest.skipUnless(_have_interpreter(), "no block-run (set BLOCK_COMPILE or BLOCK_RUN)")
class AttentionBackwardTest(unittest.TestCase):
    def run_case(self, heads, seq, head_dim, causal):
        import attention_bwd as ab
        for kernel in (ab.attention_bwd_delta, ab.attention_bwd_dkdv, ab.attention_bwd_dq):
            kernel.interpret = True
        rng = np.random.default_rng(seq + causal)
        q, k, v, do = (rng.standard_normal((heads, seq, head_dim)).astype(np.float16)
                       for _ in range(4))
        scale = head_dim ** -0.5
        o, lse, dq_ref, dk_ref, dv_ref = reference(q, k, v, do, scale, causal)
        o16, lse32 = o.astype(np.float16), lse.astype(np.float32)
        dq, dk, dv = (np.zeros_like(q) for _ in range(3))
        delta = np.zeros((heads, seq), np.float32)
        ab.attention_bwd(q, k, v, o16, do, lse32, scale, causal, dq, dk, dv, delta,
                         block_m=16, block_n=32, num_warps=4)
        np.testing.assert_allclose(delta, (do.astype(np.float64) * o16).sum(-1), rtol=1e-3,
                                   atol=1e-3)
        for got, want in ((dq, dq_ref), (dk, dk_ref), (dv, dv_ref)):
            err = np.abs(got.astype(np.float64) - want).max() / (np.abs(want).max() + 1e-6)
            self.assertLess(err, 2e-2)

    def test_non_causal_ragged(self):
        self.run_case(2, 50, 16, False)

    def test_causal_ragged(self):
        self.run_case(2, 50, 16, True)


if __name__ == "__main__":
    unittest.main()
