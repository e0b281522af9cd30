"""Twin of examples/transpose.mlir: out = transpose(in) for a row-major
M x N `in` and N x M `out`, in 64 x 64 tiles. Launch a grid of
(cdiv(N, 64), cdiv(M, 64))."""

import block
import block.language as bl


@block.jit
def transpose(in_ptr, out_ptr, M, N, BLOCK: bl.constexpr):
    in_desc = bl.make_tensor_descriptor(in_ptr, [M, N], [N, 1], [BLOCK, BLOCK])
    out_desc = bl.make_tensor_descriptor(out_ptr, [N, M], [M, 1], [BLOCK, BLOCK])
    pid_n = bl.program_id(0)
    pid_m = bl.program_id(1)
    row0 = pid_m * BLOCK
    col0 = pid_n * BLOCK
    tile = in_desc.load([row0, col0])
    out_desc.store([col0, row0], bl.trans(tile))


SIGNATURE = "*fp32,*fp32,i32,i32"
CONSTEXPRS = {"BLOCK": 64}
OPTIONS = {"num_warps": 8}
