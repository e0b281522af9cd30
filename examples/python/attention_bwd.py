"""Flash attention's backward pass, the gradients of attention_fwd (Q, K, V,
O and dO laid out [heads, seq, HEAD_DIM] row-major, `rows` = heads * seq;
`lse` the forward's natural log-sum-exp, f32 [heads, seq]):

  P  = exp(scale * Q K^T - lse)        (recomputed, never stored)
  dV = P^T dO
  dP = dO V^T,  delta = rowsum(dO * O),  dS = P * (dP - delta)
  dQ = scale * dS K,  dK = scale * dS^T Q

Three kernels: `attention_bwd_delta` (grid (cdiv(seq, BLOCK), heads))
computes delta; `attention_bwd_dkdv` (grid (cdiv(seq, BLOCK_N), heads))
keeps a block of keys and values and walks the query blocks that see it;
`attention_bwd_dq` (grid (cdiv(seq, BLOCK_M), heads)) keeps a block of
queries and walks the key blocks it sees. With `CAUSAL`, query i sees keys
j <= i. Tiles are read through tensor descriptors over all heads' rows (TMA
on sm_90a); rows past a head's `seq` are masked out of every product and
not stored, so any seq works. Same algorithm as FlashAttention-2's backward
(and Triton's tutorial 06), dQ in its own pass rather than by atomics.
"""

import block
import block.language as bl

LOG2E = bl.constexpr(1.4426950408889634)


@block.jit
def attention_bwd_delta(o_ptr, do_ptr, delta_ptr, rows, seq,
                        BLOCK: bl.constexpr, HEAD_DIM: bl.constexpr):
    head = bl.program_id(1)
    offs_m = bl.program_id(0) * BLOCK + bl.arange(0, BLOCK)
    offs_d = bl.arange(0, HEAD_DIM)
    in_seq = offs_m < seq
    offs = (head * seq + offs_m)[:, None] * HEAD_DIM + offs_d[None, :]
    o = bl.load(o_ptr + offs, mask=in_seq[:, None], other=0.0).to(bl.float32)
    do = bl.load(do_ptr + offs, mask=in_seq[:, None], other=0.0).to(bl.float32)
    bl.store(delta_ptr + head * seq + offs_m, bl.sum(o * do, axis=1), mask=in_seq)


@block.jit
def attention_bwd_dkdv(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dk_ptr, dv_ptr,
                       rows, seq, scale, CAUSAL: bl.constexpr, BLOCK_M: bl.constexpr,
                       BLOCK_N: bl.constexpr, HEAD_DIM: bl.constexpr,
                       STAGES: bl.constexpr = 2, WARP_SPECIALIZE: bl.constexpr = False):
    dtype = q_ptr.dtype.element_ty
    head = bl.program_id(1)
    start_n = bl.program_id(0) * BLOCK_N
    first = head * seq
    q_desc = bl.make_tensor_descriptor(q_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    do_desc = bl.make_tensor_descriptor(do_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    kv_desc_k = bl.make_tensor_descriptor(k_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    kv_desc_v = bl.make_tensor_descriptor(v_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    k = kv_desc_k.load([first + start_n, 0])
    v = kv_desc_v.load([first + start_n, 0])
    offs_n = start_n + bl.arange(0, BLOCK_N)
    dk = bl.zeros((BLOCK_N, HEAD_DIM), dtype=bl.float32)
    dv = bl.zeros((BLOCK_N, HEAD_DIM), dtype=bl.float32)
    qk_scale = scale * LOG2E
    lo = (start_n // BLOCK_M) * BLOCK_M if CAUSAL else 0
    for start_m in bl.range(lo, seq, BLOCK_M, num_stages=STAGES,
                            warp_specialize=WARP_SPECIALIZE):
        q = q_desc.load([first + start_m, 0])
        do = do_desc.load([first + start_m, 0])
        offs_m = start_m + bl.arange(0, BLOCK_M)
        in_seq = offs_m < seq
        lse = bl.load(lse_ptr + first + offs_m, mask=in_seq, other=float("inf"))
        delta = bl.load(delta_ptr + first + offs_m, mask=in_seq, other=0.0)
        # P^T: keys along rows, queries along columns.
        p_t = bl.exp2(bl.dot(k, bl.trans(q)) * qk_scale - (lse * LOG2E)[None, :])
        keep = in_seq[None, :] & (offs_n[:, None] < seq)
        if CAUSAL:
            keep = keep & (offs_m[None, :] >= offs_n[:, None])
        p_t = bl.where(keep, p_t, 0.0)
        dv = bl.dot(p_t.to(dtype), do, dv)
        dp_t = bl.dot(v, bl.trans(do))
        ds_t = p_t * (dp_t - delta[None, :])
        dk = bl.dot(ds_t.to(dtype), q, dk)
    offs_d = bl.arange(0, HEAD_DIM)
    offs = (first + offs_n)[:, None] * HEAD_DIM + offs_d[None, :]
    in_seq_n = (offs_n < seq)[:, None]
    bl.store(dv_ptr + offs, dv.to(dtype), mask=in_seq_n)
    bl.store(dk_ptr + offs, (dk * scale).to(dtype), mask=in_seq_n)


@block.jit
def attention_bwd_dq(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dq_ptr,
                     rows, seq, scale, CAUSAL: bl.constexpr, BLOCK_M: bl.constexpr,
                     BLOCK_N: bl.constexpr, HEAD_DIM: bl.constexpr,
                     STAGES: bl.constexpr = 2, WARP_SPECIALIZE: bl.constexpr = False):
    dtype = q_ptr.dtype.element_ty
    head = bl.program_id(1)
    start_m = bl.program_id(0) * BLOCK_M
    first = head * seq
    q_desc = bl.make_tensor_descriptor(q_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    do_desc = bl.make_tensor_descriptor(do_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    k_desc = bl.make_tensor_descriptor(k_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    v_desc = bl.make_tensor_descriptor(v_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    q = q_desc.load([first + start_m, 0])
    do = do_desc.load([first + start_m, 0])
    offs_m = start_m + bl.arange(0, BLOCK_M)
    in_seq = offs_m < seq
    lse = bl.load(lse_ptr + first + offs_m, mask=in_seq, other=float("inf"))
    delta = bl.load(delta_ptr + first + offs_m, mask=in_seq, other=0.0)
    dq = bl.zeros((BLOCK_M, HEAD_DIM), dtype=bl.float32)
    qk_scale = scale * LOG2E
    hi = bl.minimum(start_m + BLOCK_M, seq) if CAUSAL else seq
    for start_n in bl.range(0, hi, BLOCK_N, num_stages=STAGES,
                            warp_specialize=WARP_SPECIALIZE):
        k = k_desc.load([first + start_n, 0])
        v = v_desc.load([first + start_n, 0])
        offs_n = start_n + bl.arange(0, BLOCK_N)
        p = bl.exp2(bl.dot(q, bl.trans(k)) * qk_scale - (lse * LOG2E)[:, None])
        keep = in_seq[:, None] & (offs_n[None, :] < seq)
        if CAUSAL:
            keep = keep & (offs_m[:, None] >= offs_n[None, :])
        p = bl.where(keep, p, 0.0)
        dp = bl.dot(do, bl.trans(v))
        ds = p * (dp - delta[:, None])
        dq = bl.dot(ds.to(dtype), k, dq)
    offs_d = bl.arange(0, HEAD_DIM)
    offs = (first + offs_m)[:, None] * HEAD_DIM + offs_d[None, :]
    bl.store(dq_ptr + offs, (dq * scale).to(dtype), mask=in_seq[:, None])


def attention_bwd(q, k, v, o, do, lse, scale, causal, dq, dk, dv, delta,
                  block_m=64, block_n=128, num_warps=8):
    """Launches the three kernels on [heads, seq, head_dim] tensors (torch
    on the GPU, or NumPy arrays / torch CPU tensors in interpreter mode);
    `delta` is f32 [heads, seq] scratch."""
    heads, seq, head_dim = q.shape
    rows = heads * seq
    attention_bwd_delta[(block.cdiv(seq, block_m), heads)](
        o, do, delta, rows, seq, BLOCK=block_m, HEAD_DIM=head_dim, num_warps=4)
    attention_bwd_dkdv[(block.cdiv(seq, block_n), heads)](
        q, k, v, do, lse, delta, dk, dv, rows, seq, scale, CAUSAL=causal,
        BLOCK_M=block_m, BLOCK_N=block_n, HEAD_DIM=head_dim, num_warps=num_warps)
    attention_bwd_dq[(block.cdiv(seq, block_n), heads)](
        q, k, v, do, lse, delta, dq, rows, seq, scale, CAUSAL=causal,
        BLOCK_M=block_n, BLOCK_N=block_m, HEAD_DIM=head_dim, num_warps=num_warps)
