"""Twin of examples/layernorm.mlir: layer normalisation forward over rows of
n <= 4096 columns, f16 in and out, statistics in f32:
out[r, :] = (x[r, :] - mean) * rsqrt(var + eps) * w + b. One program per
row: launch a grid of (rows,)."""

import block
import block.language as bl


@block.jit
def layernorm(x_ptr, w_ptr, b_ptr, out_ptr, n_cols, stride, eps, BLOCK: bl.constexpr):
    row = bl.program_id(0)
    cols = bl.arange(0, BLOCK)
    mask = cols < n_cols
    x = bl.load(x_ptr + row * stride + cols, mask=mask).to(bl.float32)
    x = bl.where(mask, x, 0.0)
    mean = bl.sum(x, axis=0) / n_cols
    d = bl.where(mask, x - mean, 0.0)
    var = bl.sum(d * d, axis=0) / n_cols
    rstd = bl.rsqrt(var + eps)
    w = bl.load(w_ptr + cols, mask=mask).to(bl.float32)
    b = bl.load(b_ptr + cols, mask=mask).to(bl.float32)
    y = d * rstd * w + b
    bl.store(out_ptr + row * stride + cols, y.to(bl.float16), mask=mask)


SIGNATURE = "*fp16,*fp16,*fp16,*fp16,i32,i32,fp32"
CONSTEXPRS = {"BLOCK": 4096}
OPTIONS = {"num_warps": 8}
