"""Hand-written Triton kernels: the peers our kernels are measured against.

Each does the same job as the example of the same name, with the block sizes
a Triton user would pick for an H200. Each wrapper returns the compiled
kernel (for bench/inspect.py).
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
    # 64 x 64 with 8 warps: Triton's fastest of the tilings in
    # bench/transpose_tiles.py on the H200 (docs/performance.md).
    m, n = x.shape
    return _transpose[(triton.cdiv(n, 64), triton.cdiv(m, 64))](x, out, m, n, B=64, num_warps=8)


@triton.jit
def _matmul(a, b, c, m, n, k, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rows = tl.program_id(1) * BM + tl.arange(0, BM)
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, k, BK):
        kk = k0 + tl.arange(0, BK)
        at = tl.load(a + rows[:, None] * k + kk[None, :], mask=(rows[:, None] < m) & (kk[None, :] < k), other=0.0)
        bt = tl.load(b + kk[:, None] * n + cols[None, :], mask=(kk[:, None] < k) & (cols[None, :] < n), other=0.0)
        acc = tl.dot(at, bt, acc, input_precision="ieee")
    tl.store(c + rows[:, None] * n + cols[None, :], acc, mask=(rows[:, None] < m) & (cols[None, :] < n))


def matmul(a, b, c, tile=(64, 64, 16), num_warps=4, num_stages=4):
    m, k = a.shape
    n = b.shape[1]
    bm, bn, bk = tile
    return _matmul[(triton.cdiv(n, bn), triton.cdiv(m, bm))](
        a, b, c, m, n, k, BM=bm, BN=bn, BK=bk, num_warps=num_warps, num_stages=num_stages)
