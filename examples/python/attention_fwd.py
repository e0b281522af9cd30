"""Twin of examples/attention_fwd.mlir: flash-attention forward for a head
dimension of 128, O = softmax(Q K^T * scale) V for Q, K, V and O laid out
[heads, seq, 128] (`rows` = heads * seq), bf16 (the example's type) or f16,
and the rows' log-sum-exp lse[h, i] (f32 [heads, seq], natural log: what
attention_bwd.py takes). With `causal` nonzero query i sees keys j <= i.
Launch a grid of (cdiv(seq, 128), heads). The query blocks are taken last
to first; key blocks before the diagonal (causal) or all whole ones need no
mask."""

import block
import block.language as bl


@block.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, o_ptr, lse_ptr, rows, seq, scale, causal,
                  BLOCK_M: bl.constexpr, BLOCK_N: bl.constexpr, HEAD_DIM: bl.constexpr):
    dtype = o_ptr.dtype.element_ty
    m0 = (bl.num_programs(0) - 1 - bl.program_id(0)) * BLOCK_M
    head = bl.program_id(1)
    q_desc = bl.make_tensor_descriptor(q_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    k_desc = bl.make_tensor_descriptor(k_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    v_desc = bl.make_tensor_descriptor(v_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    o_head = o_ptr + head * (seq * HEAD_DIM)
    o_desc = bl.make_tensor_descriptor(o_head, [seq, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    head_row = head * seq
    q = q_desc.load([head_row + m0, 0])
    qk_scale = scale * 1.44269504  # log2(e)

    is_causal = causal != 0
    unmasked = m0 if is_causal else seq & -BLOCK_N
    end = min(m0 + BLOCK_M, seq) if is_causal else seq
    offs_m = m0 + bl.arange(0, BLOCK_M)
    last_key = bl.where(is_causal, bl.minimum(offs_m, seq - 1), seq - 1)

    acc = bl.zeros((BLOCK_M, HEAD_DIM), dtype=bl.float32)
    m_i = bl.full((BLOCK_M,), float("-inf"), dtype=bl.float32)
    l_i = bl.zeros((BLOCK_M,), dtype=bl.float32)
    for n0 in bl.range(0, end, BLOCK_N, warp_specialize=True):
        key_row = head_row + n0
        kt = k_desc.load([key_row, 0])
        s = bl.dot(q, bl.trans(kt))
        if n0 >= unmasked:
            cols = bl.arange(0, BLOCK_N)
            s = bl.where(cols[None, :] <= (last_key - n0)[:, None], s, float("-inf"))
        m_new = bl.maximum(m_i, bl.max(s, axis=1) * qk_scale,
                           propagate_nan=bl.PropagateNan.ALL)
        alpha = bl.exp2(m_i - m_new)
        p = bl.exp2(bl.fma(s, qk_scale, (-m_new)[:, None]))
        l_new = l_i * alpha + bl.sum(p, axis=1)
        acc = acc * alpha[:, None]
        v = v_desc.load([key_row, 0])
        acc = bl.dot(p.to(dtype), v, acc)
        m_i = m_new
        l_i = l_new

    out = bl.fdiv(acc, l_i[:, None])
    o_desc.store([m0, 0], out.to(dtype))
    lse = (m_i + bl.log2(l_i)) * 0.693147181  # ln(2)
    bl.store(lse_ptr + head_row + offs_m, lse, mask=offs_m < seq)


SIGNATURE = "*bf16:16,*bf16:16,*bf16:16,*bf16:16,*fp32:16,i32,i32,fp32,i32"
CONSTEXPRS = {"BLOCK_M": 128, "BLOCK_N": 128, "HEAD_DIM": 128}
OPTIONS = {"num_warps": 8, "num_stages": 4}
