"""Twin of examples/vector_add.mlir: out[i] = x[i] + y[i] for i < n, 1024
elements per program. Launch a grid of (cdiv(n, 1024),)."""

import block
import block.language as bl


@block.jit
def vector_add(x_ptr, y_ptr, out_ptr, n, BLOCK: bl.constexpr):
    pid = bl.program_id(0)
    offsets = pid * BLOCK + bl.arange(0, BLOCK)
    mask = offsets < n
    x = bl.load(x_ptr + offsets, mask=mask)
    y = bl.load(y_ptr + offsets, mask=mask)
    bl.store(out_ptr + offsets, x + y, mask=mask)


SIGNATURE = "*fp32,*fp32,*fp32,i32"
CONSTEXPRS = {"BLOCK": 1024}
OPTIONS = {"num_warps": 4}
