"""A weight-only int4 GEMV as a user writes it (test/Target/PTX/int4-gemv.test)."""
import block
import block.language as bl


@block.jit
def int4_gemv(w_ptr, x_ptr, scale_ptr, y_ptr, N, K, BLOCK_N: bl.constexpr, BLOCK_K: bl.constexpr,
              GROUP: bl.constexpr):
    # y[n] = sum_k dequant(w[n, k]) * x[k]; w packed two int4 per byte along K
    # (low nibble first), one f16 scale per row and group of GROUP columns.
    pid = bl.program_id(0)
    rows = pid * BLOCK_N + bl.arange(0, BLOCK_N)
    acc = bl.zeros((BLOCK_N, ), dtype=bl.float32)
    for k0 in range(0, K, BLOCK_K):
        cols = k0 // 2 + bl.arange(0, BLOCK_K // 2)
        packed = bl.load(w_ptr + rows[:, None] * (K // 2) + cols[None, :])
        lo = (packed << 4).to(bl.int8) >> 4
        hi = packed >> 4
        w = bl.interleave(lo, hi).to(bl.float16)
        xk = bl.load(x_ptr + k0 + bl.arange(0, BLOCK_K)).to(bl.float16)
        prod = (w * xk[None, :]).to(bl.float32)
        groups = bl.reshape(prod, (BLOCK_N, BLOCK_K // GROUP, GROUP))
        partial = bl.sum(groups, axis=2)
        g = k0 // GROUP + bl.arange(0, BLOCK_K // GROUP)
        s = bl.load(scale_ptr + rows[:, None] * (K // GROUP) + g[None, :]).to(bl.float32)
        acc += bl.sum(partial * s, axis=1)
    bl.store(y_ptr + rows, acc.to(bl.float16))
