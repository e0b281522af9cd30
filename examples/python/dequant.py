"""Twin of examples/dequant.mlir: out[r, c] = bf16(float(w[r, c]) *
scale[r, c / 128]) for a rows x cols row-major int8 w, its rows x (cols /
128) row-major f32 scales (one per group of 128 columns; cols a multiple of
128) and a rows x cols row-major bf16 out, in 16 x 512 tiles. Launch a grid
of (cdiv(cols, 512), cdiv(rows, 16))."""

import block
import block.language as bl


@block.jit
def dequant(w_ptr, scale_ptr, out_ptr, rows, cols, BLOCK_M: bl.constexpr,
            BLOCK_N: bl.constexpr, GROUP: bl.constexpr):
    pid_n = bl.program_id(0)
    pid_m = bl.program_id(1)
    r = (pid_m * BLOCK_M + bl.arange(0, BLOCK_M))[:, None]
    c = (pid_n * BLOCK_N + bl.arange(0, BLOCK_N))[None, :]
    mask = (r < rows) & (c < cols)
    # w[r, c] and out[r, c] are element r * cols + c; scale[r, c / 128] is
    # element (r * cols + c) / 128 of its matrix (unsigned, as in the example).
    offs = r * cols + c
    w = bl.load(w_ptr + offs, mask=mask)
    scale = bl.load(scale_ptr + offs.to(bl.uint32) // GROUP, mask=mask)
    y = w.to(bl.float32) * scale
    bl.store(out_ptr + offs, y.to(bl.bfloat16), mask=mask)


SIGNATURE = "*i8,*fp32,*bf16,i32,i32"
CONSTEXPRS = {"BLOCK_M": 16, "BLOCK_N": 512, "GROUP": 128}
OPTIONS = {"num_warps": 4}
