"""Twin of examples/softmax.mlir: out[r, :] = softmax(in[r, :]) over rows of
n <= 4096 columns with row stride `stride`. One program per row: launch a
grid of (rows,)."""

import block
import block.language as bl


@block.jit
def softmax(in_ptr, out_ptr, n_cols, stride, BLOCK: bl.constexpr):
    row = bl.program_id(0)
    cols = bl.arange(0, BLOCK)
    mask = cols < n_cols
    x = bl.load(in_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    num = bl.exp(x - bl.max(x, axis=0))
    den = bl.sum(num, axis=0)
    # bl.fdiv (ieee_rounding=False, Triton's default) may divide through the
    # reciprocal, as the example does (fastmath<arcp>).
    y = bl.fdiv(num, den)
    bl.store(out_ptr + row * stride + cols, y, mask=mask)


SIGNATURE = "*fp32,*fp32,i32,i32"
CONSTEXPRS = {"BLOCK": 4096}
OPTIONS = {"num_warps": 16}
