"""Twin of examples/matmul_int8.mlir: c = a @ b for i8 a (M x K, row-major)
and b given transposed, bt = b^T (N x K, row-major), into i32 c (M x N,
row-major), summed in i32 on the tensor cores, in 128 x 256 tiles of c
stepping through K 128 at a time. Launch a 1-D grid of
cdiv(M, 128) * cdiv(N, 256) programs (Triton's grouped order). N and K are
multiples of 16."""

import block
import block.language as bl


@block.jit
def matmul_int8(a_ptr, bt_ptr, c_ptr, M, N, K, BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr,
                BLOCK_K: bl.constexpr, GROUP_M: bl.constexpr):
    # Triton's grouped tile order, in unsigned arithmetic as the example
    # computes it (sizes are never negative).
    pid = bl.program_id(0).to(bl.uint32)
    num_pid_m = bl.cdiv(M.to(bl.uint32), BLOCK_M)
    num_pid_n = bl.cdiv(N.to(bl.uint32), BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = (first_pid_m + (pid % num_pid_in_group) % group_size_m).to(bl.int32)
    pid_n = ((pid % num_pid_in_group) // group_size_m).to(bl.int32)

    offs_m = pid_m * BLOCK_M + bl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + bl.arange(0, BLOCK_N)
    mask_m = offs_m < M
    mask_n = offs_n < N
    acc = bl.zeros((BLOCK_M, BLOCK_N), dtype=bl.int32)
    for k in range(0, K, BLOCK_K):
        offs_k = k + bl.arange(0, BLOCK_K)
        mask_k = offs_k < K
        a = bl.load(a_ptr + ((offs_m * K)[:, None] + offs_k[None, :]),
                    mask=mask_m[:, None] & mask_k[None, :], other=0)
        # b[kk, j] = bt[j, kk], at j * K + kk.
        b = bl.load(bt_ptr + (offs_k[:, None] + (offs_n * K)[None, :]),
                    mask=mask_k[:, None] & mask_n[None, :], other=0)
        acc = bl.dot(a, b, acc)
    c_ptrs = c_ptr + ((offs_m * N)[:, None] + offs_n[None, :])
    bl.store(c_ptrs, acc, mask=mask_m[:, None] & mask_n[None, :])


SIGNATURE = "*i8:16,*i8:16,*i32:16,i32,i32:16,i32:16"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 128, "GROUP_M": 8}
OPTIONS = {"num_warps": 8, "num_stages": 4}
