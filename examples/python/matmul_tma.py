"""Twin of examples/matmul_tma.mlir: c = a @ b for row-major bf16 a (M x K), b (K x N)
and c (M x N), f32 accumulation on the tensor cores, in 128 x 256 tiles of c
stepping through K 64 at a time, through tensor descriptors (zeros read past
the edges, nothing written there). Launch a 1-D grid of
cdiv(M, 128) * cdiv(N, 256) programs (Triton's grouped order, groups of 8
rows of tiles). N and K are multiples of 16."""

import block
import block.language as bl


@block.jit
def matmul_tma(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr,
               BLOCK_K: bl.constexpr, GROUP_M: bl.constexpr):
    a_desc = bl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BLOCK_M, BLOCK_K])
    b_desc = bl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BLOCK_K, BLOCK_N])
    c_desc = bl.make_tensor_descriptor(c_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
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
    offs_m = pid_m * BLOCK_M
    offs_n = pid_n * BLOCK_N
    acc = bl.zeros((BLOCK_M, BLOCK_N), dtype=bl.float32)
    for k in range(0, K, BLOCK_K):
        a = a_desc.load([offs_m, k])
        b = b_desc.load([k, offs_n])
        acc = bl.dot(a, b, acc)
    c_desc.store([offs_m, offs_n], acc.to(bl.bfloat16))


SIGNATURE = "*bf16:16,*bf16:16,*bf16:16,i32,i32:16,i32:16"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64, "GROUP_M": 8}
OPTIONS = {"num_warps": 8, "num_stages": 4}
