"""Twin of examples/fused_bias_relu.mlir: out[m, n] = relu(x[m, n] * w[n] +
b[n]) for a row-major M x N x, in 8 x 512 tiles. Launch a grid of
(cdiv(N, 512), cdiv(M, 8)); the descriptors read zeros past the edges and
write nothing there."""

import block
import block.language as bl


@block.jit
def fused_bias_relu(x_ptr, w_ptr, b_ptr, out_ptr, M, N,
                    BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr):
    x_desc = bl.make_tensor_descriptor(x_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
    w_desc = bl.make_tensor_descriptor(w_ptr, [N], [1], [BLOCK_N])
    b_desc = bl.make_tensor_descriptor(b_ptr, [N], [1], [BLOCK_N])
    out_desc = bl.make_tensor_descriptor(out_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
    pid_n = bl.program_id(0)
    pid_m = bl.program_id(1)
    row0 = pid_m * BLOCK_M
    col0 = pid_n * BLOCK_N
    x = x_desc.load([row0, col0])
    w = w_desc.load([col0])
    b = b_desc.load([col0])
    y = bl.fma(x, w[None, :], b[None, :])
    # relu as the example computes it: NaN stays NaN (arith.maximumf).
    y = bl.maximum(y, 0.0, propagate_nan=bl.PropagateNan.ALL)
    out_desc.store([row0, col0], y)


SIGNATURE = "*fp32,*fp32,*fp32,*fp32,i32,i32"
CONSTEXPRS = {"BLOCK_M": 8, "BLOCK_N": 512}
OPTIONS = {"num_warps": 4}
