"""Twin of examples/matmul.mlir: c = a @ b for row-major f32 a (M x K),
b (K x N), c (M x N), in 128 x 128 tiles of c stepping through K 16 at a
time, with IEEE f32 products (the FMA path). Launch a grid of
(cdiv(N, 128), cdiv(M, 128)). N and K are multiples of 16 (the signature's
hints), M is any size."""

import block
import block.language as bl


@block.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K,
           BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr, BLOCK_K: bl.constexpr):
    pid_n = bl.program_id(0)
    pid_m = bl.program_id(1)
    offs_m = pid_m * BLOCK_M + bl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + bl.arange(0, BLOCK_N)
    mask_m = offs_m < M
    mask_n = offs_n < N
    acc = bl.zeros((BLOCK_M, BLOCK_N), dtype=bl.float32)
    for k in range(0, K, BLOCK_K):
        offs_k = k + bl.arange(0, BLOCK_K)
        mask_k = offs_k < K
        a = bl.load(a_ptr + ((offs_m * K)[:, None] + offs_k[None, :]),
                    mask=mask_m[:, None] & mask_k[None, :], other=0.0)
        b = bl.load(b_ptr + ((offs_k * N)[:, None] + offs_n[None, :]),
                    mask=mask_k[:, None] & mask_n[None, :], other=0.0)
        acc = bl.dot(a, b, acc, input_precision="ieee")
    c_ptrs = c_ptr + ((offs_m * N)[:, None] + offs_n[None, :])
    bl.store(c_ptrs, acc, mask=mask_m[:, None] & mask_n[None, :])


SIGNATURE = "*fp32:16,*fp32:16,*fp32:16,i32,i32:16,i32:16"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 16}
OPTIONS = {"num_warps": 8}
