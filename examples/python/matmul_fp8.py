"""Twin of examples/matmul_fp8.mlir: c = a @ b for fp8 (e4m3) a (M x K,
row-major) and b given transposed, bt = b^T (N x K, row-major), into bf16 c
(M x N), f32 sums on the tensor cores (wgmma, sm_90a), in 128 x 256 tiles of
c stepping through K 128 at a time. A persistent grid as matmul_persistent:
launch as many programs as the GPU runs at once. N and K are multiples of
16."""

import block
import block.language as bl


@block.jit
def matmul_fp8(a_ptr, bt_ptr, c_ptr, M, N, K, BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr,
               BLOCK_K: bl.constexpr, GROUP_M: bl.constexpr):
    a_desc = bl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BLOCK_M, BLOCK_K])
    bt_desc = bl.make_tensor_descriptor(bt_ptr, [N, K], [K, 1], [BLOCK_N, BLOCK_K])
    c_desc = bl.make_tensor_descriptor(c_ptr, [M, N], [N, 1], [BLOCK_M, BLOCK_N])
    start = bl.program_id(0)
    num_programs = bl.num_programs(0)
    # Unsigned tile arithmetic, as the example's (sizes are never negative).
    num_pid_m = bl.cdiv(M.to(bl.uint32), BLOCK_M)
    num_pid_n = bl.cdiv(N.to(bl.uint32), BLOCK_N)
    num_tiles = num_pid_m * num_pid_n
    num_pid_in_group = GROUP_M * num_pid_n
    for tile in range(start, num_tiles, num_programs):
        group_id = tile // num_pid_in_group
        first_pid_m = group_id * GROUP_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
        pid_m = (first_pid_m + (tile % num_pid_in_group) % group_size_m).to(bl.int32)
        pid_n = ((tile % num_pid_in_group) // group_size_m).to(bl.int32)
        offs_m = pid_m * BLOCK_M
        offs_n = pid_n * BLOCK_N
        acc = bl.zeros((BLOCK_M, BLOCK_N), dtype=bl.float32)
        for k in range(0, K, BLOCK_K):
            a = a_desc.load([offs_m, k])
            bt = bt_desc.load([offs_n, k])
            acc = bl.dot(a, bl.trans(bt), acc)
        c_desc.store([offs_m, offs_n], acc.to(bl.bfloat16))


SIGNATURE = "*fp8e4nv:16,*fp8e4nv:16,*bf16:16,i32,i32:16,i32:16"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 128, "GROUP_M": 8}
OPTIONS = {"num_warps": 8, "num_stages": 4}
