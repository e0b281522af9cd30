"""Hand-written Triton kernels: the peers our kernels are measured against.

Each does the same job as the example of the same name, with the block sizes
a Triton user would pick for an H200. Each wrapper returns the compiled
kernel (for bench/profile_kernels.py).
"""
import torch
import triton
import triton.language as tl


@triton.jit
def _vector_add(x, y, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) + tl.load(y + offs, mask=mask), mask=mask)


def vector_add(x, y, out):
    n = x.numel()
    return _vector_add[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024, num_warps=4)


@triton.jit
def _bias_relu(x, w, b, out, m, n, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(1) * BM + tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    cmask = cols < n
    mask = (rows[:, None] < m) & cmask[None, :]
    offs = rows[:, None] * n + cols[None, :]
    wv = tl.load(w + cols, mask=cmask)
    bv = tl.load(b + cols, mask=cmask)
    xv = tl.load(x + offs, mask=mask)
    tl.store(out + offs, tl.maximum(xv * wv[None, :] + bv[None, :], 0.0), mask=mask)


def fused_bias_relu(x, w, b, out):
    m, n = x.shape
    return _bias_relu[(triton.cdiv(n, 512), triton.cdiv(m, 8))](x, w, b, out, m, n, BM=8, BN=512, num_warps=4)


@triton.jit
def _softmax(inp, out, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(inp + row * stride + cols, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out + row * stride + cols, e / tl.sum(e, axis=0), mask=mask)


def softmax(x, out):
    rows, n = x.shape
    # 16 warps: Triton's fastest of 4, 8, 16 and 32 here (docs/performance.md).
    return _softmax[(rows,)](x, out, n, x.stride(0), BLOCK=triton.next_power_of_2(n), num_warps=16)


@triton.jit
def _layernorm(x, w, b, out, n, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    xv = tl.load(x + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(xv, axis=0) / n
    d = tl.where(mask, xv - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / n + eps)
    wv = tl.load(w + cols, mask=mask).to(tl.float32)
    bv = tl.load(b + cols, mask=mask).to(tl.float32)
    tl.store(out + row * stride + cols, (d * rstd * wv + bv).to(tl.float16), mask=mask)


def layernorm(x, w, b, out, eps):
    rows, n = x.shape
    return _layernorm[(rows,)](x, w, b, out, n, x.stride(0), eps, BLOCK=triton.next_power_of_2(n), num_warps=8)


@triton.jit
def _transpose(inp, out, m, n, B: tl.constexpr):
    rows = tl.program_id(1) * B + tl.arange(0, B)
    cols = tl.program_id(0) * B + tl.arange(0, B)
    mask = (rows[:, None] < m) & (cols[None, :] < n)
    tile = tl.load(inp + rows[:, None] * n + cols[None, :], mask=mask)
    tl.store(out + cols[:, None] * m + rows[None, :], tl.trans(tile), mask=tl.trans(mask))


def transpose(x, out):
    # 64 x 64 with 8 warps: Triton's fastest tiling of this kernel on the
    # H200 (docs/performance.md).
    m, n = x.shape
    return _transpose[(triton.cdiv(n, 64), triton.cdiv(m, 64))](x, out, m, n, B=64, num_warps=8)


@triton.jit
def _dequant(w, scale, out, rows, cols, GROUP: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    r = tl.program_id(1) * BM + tl.arange(0, BM)
    c = tl.program_id(0) * BN + tl.arange(0, BN)
    mask = (r[:, None] < rows) & (c[None, :] < cols)
    offs = r[:, None] * cols + c[None, :]
    s = tl.load(scale + r[:, None] * (cols // GROUP) + c[None, :] // GROUP, mask=mask)
    wv = tl.load(w + offs, mask=mask)
    tl.store(out + offs, (wv.to(tl.float32) * s).to(tl.bfloat16), mask=mask)


def dequant(w, scale, out):
    """out = w * scale, scale[r, c // group] per group of columns (here 128),
    int8 in, bf16 out; 16 x 512 tiles, 4 warps (16 bytes of w a thread)."""
    rows, cols = w.shape
    grid = (triton.cdiv(cols, 512), triton.cdiv(rows, 16))
    return _dequant[grid](w, scale, out, rows, cols, GROUP=cols // scale.shape[1], BM=16, BN=512, num_warps=4)


@triton.jit
def _matmul(a, b, c, m, n, k, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
            GROUP: tl.constexpr = 0, B_T: tl.constexpr = False,
            PRECISION: tl.constexpr = "ieee"):
    # GROUP > 0: a 1-D grid walking the tiles of c in groups of GROUP rows of
    # tiles, column by column (as examples/matmul_bf16.mlir); else the 2-D
    # grid (columns, rows). B_T: b is given transposed (n x k, row-major).
    if GROUP:
        pid = tl.program_id(0)
        group_tiles = GROUP * tl.cdiv(n, BN)
        first_m = pid // group_tiles * GROUP
        group_m = tl.minimum(tl.cdiv(m, BM) - first_m, GROUP)
        pm = first_m + pid % group_tiles % group_m
        pn = pid % group_tiles // group_m
    else:
        pm = tl.program_id(1)
        pn = tl.program_id(0)
    rows = pm * BM + tl.arange(0, BM)
    cols = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.int32 if a.dtype.element_ty == tl.int8 else tl.float32)
    for k0 in range(0, k, BK):
        kk = k0 + tl.arange(0, BK)
        at = tl.load(a + rows[:, None] * k + kk[None, :], mask=(rows[:, None] < m) & (kk[None, :] < k), other=0.0)
        if B_T:
            boffs = cols[None, :] * k + kk[:, None]
        else:
            boffs = kk[:, None] * n + cols[None, :]
        bt = tl.load(b + boffs, mask=(kk[:, None] < k) & (cols[None, :] < n), other=0.0)
        acc = tl.dot(at, bt, acc, input_precision=PRECISION, out_dtype=acc.dtype)
    tl.store(c + rows[:, None] * n + cols[None, :], acc.to(c.dtype.element_ty),
             mask=(rows[:, None] < m) & (cols[None, :] < n))


def matmul(a, b, c, tile=(64, 64, 16), num_warps=4, num_stages=4, group=0,
           b_t=False, precision="ieee"):
    """c = a @ b, or a @ b.T with b_t; group > 0 launches the grouped 1-D
    grid. The defaults are the f32 peer (exact products on the FMA path)."""
    m, k = a.shape
    n = c.shape[1]
    bm, bn, bk = tile
    grid = (triton.cdiv(n, bn), triton.cdiv(m, bm))
    if group:
        grid = (grid[0] * grid[1],)
    return _matmul[grid](
        a, b, c, m, n, k, BM=bm, BN=bn, BK=bk, GROUP=group, B_T=b_t, PRECISION=precision,
        num_warps=num_warps, num_stages=num_stages)


def matmul_tc(a, b, c, b_t=False):
    """The tensor-core peer of examples/matmul_{bf16,f16,tf32,int8}.mlir:
    128 x 256 tiles in grouped order, 8 warps, 4 stages, BK such that a row
    of an operand tile is 128 bytes (64 bf16 / f16, 32 f32, 128 i8), so that
    each uses 192 KiB of shared memory. With bf16 this is the best pointer-
    based configuration measured on the H200 (678 TFLOP/s at 8192^3, issue
    18); f32 products run in tf32 (input_precision="tf32"), i8 ones into
    i32, with b transposed (b_t) as the int8, fp8 and tf32 examples take
    it."""
    precision = "tf32" if a.dtype == torch.float32 else None
    return matmul(a, b, c, tile=(128, 256, 128 // a.element_size()), num_warps=8,
                  num_stages=4, group=8, b_t=b_t, precision=precision)


@triton.jit
def _attention_fwd(q, k, v, o, lse, seq, qk_scale, CAUSAL: tl.constexpr, D: tl.constexpr,
                   BM: tl.constexpr, BN: tl.constexpr):
    # The algorithm of examples/attention_fwd.mlir: 128 query rows a
    # program, keys in blocks of BN, online softmax in base 2; key blocks
    # past the diagonal (causal) are not visited, only the diagonal ones
    # and the ragged last one are masked.
    m0 = tl.program_id(0) * BM
    head = tl.program_id(1).to(tl.int64) * seq * D
    rows = m0 + tl.arange(0, BM)
    cols = tl.arange(0, D)
    qt = tl.load(q + head + rows[:, None] * D + cols[None, :], mask=rows[:, None] < seq, other=0.0)
    acc = tl.zeros([BM, D], dtype=tl.float32)
    m_i = tl.full([BM], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BM], dtype=tl.float32)
    unmasked = m0 if CAUSAL else seq // BN * BN
    end = tl.minimum(m0 + BM, seq) if CAUSAL else seq
    for n0 in range(0, end, BN):
        keys = n0 + tl.arange(0, BN)
        kt = tl.load(k + head + keys[None, :] * D + cols[:, None], mask=keys[None, :] < seq, other=0.0)
        s = tl.dot(qt, kt)
        if n0 >= unmasked:
            keep = keys[None, :] < seq
            if CAUSAL:
                keep = keep & (keys[None, :] <= rows[:, None])
            s = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1) * qk_scale)
        p = tl.math.exp2(s * qk_scale - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        vt = tl.load(v + head + keys[:, None] * D + cols[None, :], mask=keys[:, None] < seq, other=0.0)
        acc = tl.dot(p.to(vt.dtype), vt, acc * alpha[:, None])
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o + head + rows[:, None] * D + cols[None, :], out.to(o.dtype.element_ty),
             mask=rows[:, None] < seq)
    tl.store(lse + tl.program_id(1).to(tl.int64) * seq + rows,
             (m_i + tl.math.log2(l_i)) * 0.6931471805599453, mask=rows < seq)


def attention_fwd(q, k, v, o, lse, scale, causal, block_n=64, num_warps=8, num_stages=3):
    """The peer of examples/attention_fwd.mlir: q, k, v, o [heads, seq, D],
    lse f32 [heads, seq]; 128 query rows a program, 8 warps."""
    heads, seq, d = q.shape
    grid = (triton.cdiv(seq, 128), heads)
    _attention_fwd[grid](q, k, v, o, lse, seq, scale * 1.4426950408889634, CAUSAL=causal, D=d,
                         BM=128, BN=block_n, num_warps=num_warps, num_stages=num_stages)
