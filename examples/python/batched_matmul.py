"""Batched matrix multiplication as a user writes it: c[i] = a[i] @ b[i] for
a batch of row-major f16 matrices a (B x M x K), b (B x K x N) and
c (B x M x N), through rank-3 tensor descriptors whose 1 x BLOCK_M x BLOCK_K
tiles are reshaped to the matrices the product takes (f32 accumulation on
the tensor cores). The batch stride is the product of the sizes, computed
in the kernel. Launch a grid of (cdiv(M, BLOCK_M), cdiv(N, BLOCK_N), B)
programs. Only in Python: the compiler reads the reshaped tiles as they
lie (block.desc_load leaves out the leading 1) and copies them by TMA,
the runtime computing the batch strides at launch."""

try:
    import torch
except ImportError:  # the kernel alone runs without torch (interpreter, NumPy)
    torch = None

import block
import block.language as bl


@block.jit
def batched_matmul(a_ptr, b_ptr, c_ptr, B, M, N, K, BLOCK_M: bl.constexpr,
                   BLOCK_N: bl.constexpr, BLOCK_K: bl.constexpr):
    a_desc = bl.make_tensor_descriptor(a_ptr, [B, M, K], [M * K, K, 1], [1, BLOCK_M, BLOCK_K])
    b_desc = bl.make_tensor_descriptor(b_ptr, [B, K, N], [K * N, N, 1], [1, BLOCK_K, BLOCK_N])
    c_desc = bl.make_tensor_descriptor(c_ptr, [B, M, N], [M * N, N, 1], [1, BLOCK_M, BLOCK_N])
    offs_m = bl.program_id(0) * BLOCK_M
    offs_n = bl.program_id(1) * BLOCK_N
    batch = bl.program_id(2)
    acc = bl.zeros((BLOCK_M, BLOCK_N), dtype=bl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([batch, offs_m, k]).reshape(BLOCK_M, BLOCK_K)
        b = b_desc.load([batch, k, offs_n]).reshape(BLOCK_K, BLOCK_N)
        acc = bl.dot(a, b, acc)
    c = acc.to(bl.float16).reshape(1, BLOCK_M, BLOCK_N)
    c_desc.store([batch, offs_m, offs_n], c)


SIGNATURE = "*fp16:16,*fp16:16,*fp16:16,i32,i32:16,i32:16,i32:16"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}
OPTIONS = {"num_warps": 8, "num_stages": 4}


def bmm(a, b):
    """a @ b for contiguous f16 torch tensors of shapes (B, M, K) and (B, K, N)
    (the rows a multiple of 16 bytes, as tensor maps need)."""
    batch, M, K = a.shape
    N = b.shape[2]
    c = torch.empty((batch, M, N), device=a.device, dtype=torch.float16)
    grid = (block.cdiv(M, CONSTEXPRS["BLOCK_M"]), block.cdiv(N, CONSTEXPRS["BLOCK_N"]), batch)
    batched_matmul[grid](a, b, c, batch, M, N, K, **CONSTEXPRS, **OPTIONS)
    return c
