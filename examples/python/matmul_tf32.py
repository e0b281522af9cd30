"""Twin of examples/matmul_tf32.mlir: c = a @ b for f32 a (M x K, row-major)
and b given transposed, bt = b^T (N x K, row-major), into f32 c, with the
operands read as tf32 on the tensor cores (Triton's default input_precision
for f32) and f32 sums, in 128 x 256 tiles of c stepping through K 32 at a
time. Launch a 1-D grid of cdiv(M, 128) * cdiv(N, 256) programs (Triton's
grouped order). N and K are multiples of 16."""

import block
import block.language as bl


@block.jit
def matmul_tf32(a_ptr, bt_ptr, c_ptr, M, N, K, BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr,
                BLOCK_K: bl.constexpr, GROUP_M: bl.constexpr):
    a_desc = bl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BLOCK_M, BLOCK_K])
    bt_desc = bl.make_tensor_descriptor(bt_ptr, [N, K], [K, 1], [BLOCK_N, BLOCK_K])
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
        bt = bt_desc.load([offs_n, k])
        acc = bl.dot(a, bl.trans(bt), acc)
    c_desc.store([offs_m, offs_n], acc)


SIGNATURE = "*fp32:16,*fp32:16,*fp32:16,i32,i32:16,i32:16"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 32, "GROUP_M": 8}
OPTIONS = {"num_warps": 8, "num_stages": 4}
