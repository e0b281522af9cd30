"""Flash attention for training in PyTorch, with Block kernels both ways.

    o = attention(q, k, v, causal=False, sm_scale=None)

takes what `torch.nn.functional.scaled_dot_product_attention(q, k, v,
is_causal=causal, scale=sm_scale)` takes for self-attention: q, k and v of
one shape [batch, heads, seq, head_dim], bf16 or f16, head_dim 64 or 128,
any seq, on a CUDA device; the scale defaults to 1 / sqrt(head_dim). It is a
`torch.autograd.Function`: the forward (examples/python/attention_fwd*.py)
keeps q, k, v, o and the rows' log-sum-exp, the backward runs the three
kernels of examples/python/attention_bwd.py. `MultiheadSelfAttention` is a
layer (qkv and out projections around it) to drop into a model.

The kernels are compiled at their first launch by block-compile ($BLOCK_COMPILE)
and cached in $BLOCK_CACHE_DIR; on a machine without block-compile, the
cache `bench/attention_module.py --prepare DIR` wrote serves them. With
attention_kernels.interpret() they run on block-run with CPU tensors.
"""

import math
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attention_kernels as kernels  # noqa: E402

DTYPES = (torch.bfloat16, torch.float16)


def _check(q, k, v, causal, sm_scale):
    """Refuses what the kernels do not take, naming the argument."""
    if not isinstance(causal, bool):
        raise TypeError(f"attention: causal must be a bool, got {type(causal).__name__}")
    if sm_scale is not None and (isinstance(sm_scale, bool) or
                                 not isinstance(sm_scale, (int, float))):
        raise TypeError(f"attention: sm_scale must be a number or None, got "
                        f"{type(sm_scale).__name__}")
    if sm_scale is not None and not (math.isfinite(sm_scale) and sm_scale > 0):
        raise ValueError(f"attention: sm_scale must be positive and finite, got {sm_scale}")
    for name, x in (("q", q), ("k", k), ("v", v)):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"attention: {name} must be a torch.Tensor, got {type(x).__name__}")
        if x.dtype not in DTYPES:
            raise TypeError(f"attention: {name} is {x.dtype}; the kernels take torch.bfloat16 "
                            f"or torch.float16 (cast it, or run under torch.autocast)")
    if k.dtype != q.dtype or v.dtype != q.dtype:
        raise TypeError(f"attention: q, k and v must have one dtype, got {q.dtype}, "
                        f"{k.dtype} and {v.dtype}")
    if q.dim() != 4:
        raise ValueError(f"attention: q must be [batch, heads, seq, head_dim], got shape "
                         f"{tuple(q.shape)}")
    for name, x in (("k", k), ("v", v)):
        if x.shape != q.shape:
            raise ValueError(f"attention: {name} must have q's shape {tuple(q.shape)} "
                             f"(self-attention, a key and value head per query head), got "
                             f"{tuple(x.shape)}")
        if x.device != q.device:
            raise ValueError(f"attention: {name} is on {x.device}, q on {q.device}")
    batch, heads, seq, head_dim = q.shape
    if head_dim not in kernels.HEAD_DIMS:
        raise ValueError(f"attention: q's head_dim (last dimension) must be 64 or 128, got "
                         f"{head_dim}")
    if batch * heads * seq == 0:
        raise ValueError(f"attention: q of shape {tuple(q.shape)} is empty")
    if q.numel() >= 2**31:
        raise ValueError(f"attention: q of shape {tuple(q.shape)} has 2^31 elements or more "
                         f"(the kernels index with 32-bit integers)")
    if q.device.type != "cuda" and not (q.device.type == "cpu" and kernels.interpreting()):
        raise ValueError(f"attention: q is on {q.device}; the kernels run on a CUDA device "
                         f"(CPU tensors only on block-run: attention_kernels.interpret())")


def _rows(x):
    """x as the kernels read it: [batch * heads, seq, head_dim], contiguous,
    starting on 16 bytes (TMA's alignment)."""
    x = x.contiguous()
    if x.data_ptr() % 16:
        x = x.clone()
    return x.view(-1, x.shape[-2], x.shape[-1])


_sm_counts = {}


def _programs(device):
    """The persistent D64 forward's grid: one program per SM."""
    if device.type != "cuda":
        return None
    index = device.index if device.index is not None else torch.cuda.current_device()
    if index not in _sm_counts:
        _sm_counts[index] = torch.cuda.get_device_properties(index).multi_processor_count
    return _sm_counts[index]


class FlashAttention(torch.autograd.Function):
    """softmax(sm_scale * q k^T) v, Block's kernels forward and backward.
    Call it through attention(), which checks the arguments."""

    @staticmethod
    def forward(ctx, q, k, v, causal, sm_scale):
        q3, k3, v3 = _rows(q), _rows(k), _rows(v)
        o = torch.empty(q.shape, device=q.device, dtype=q.dtype)
        lse = torch.empty(q3.shape[:2], device=q.device, dtype=torch.float32)
        kernels.forward(q3, k3, v3, o.view(q3.shape), lse, sm_scale, causal,
                        _programs(q.device))
        ctx.save_for_backward(q3, k3, v3, o, lse)
        ctx.causal, ctx.sm_scale = causal, sm_scale
        return o

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, do):
        q3, k3, v3, o, lse = ctx.saved_tensors
        dq, dk, dv = (torch.empty(o.shape, device=o.device, dtype=o.dtype) for _ in range(3))
        delta = torch.empty_like(lse)
        kernels.backward(q3, k3, v3, o.view(q3.shape), _rows(do.to(o.dtype)), lse,
                         ctx.sm_scale, ctx.causal, dq.view(q3.shape), dk.view(q3.shape),
                         dv.view(q3.shape), delta)
        return dq, dk, dv, None, None


def attention(q, k, v, causal=False, sm_scale=None):
    """Self-attention of q, k, v [batch, heads, seq, head_dim] (bf16 or
    f16, head_dim 64 or 128), differentiable in all three: what
    F.scaled_dot_product_attention(q, k, v, is_causal=causal,
    scale=sm_scale) computes. Non-contiguous inputs are copied."""
    _check(q, k, v, causal, sm_scale)
    scale = float(sm_scale) if sm_scale is not None else q.shape[-1] ** -0.5
    return FlashAttention.apply(q, k, v, causal, scale)


def sdpa(q, k, v, causal=False, sm_scale=None):
    """PyTorch's scaled_dot_product_attention with attention()'s
    signature, for MultiheadSelfAttention(..., attention_fn=sdpa)."""
    return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale)


class MultiheadSelfAttention(torch.nn.Module):
    """Multi-head self-attention over x [batch, seq, embed_dim]: a qkv
    projection, `attention_fn` per head (num_heads heads of embed_dim /
    num_heads, 64 or 128 with Block's attention), causal or not, and an out
    projection. `attention_fn` is any function with attention()'s
    signature (sdpa for PyTorch's)."""

    def __init__(self, embed_dim, num_heads, causal=False, bias=True, attention_fn=attention,
                 device=None, dtype=None):
        super().__init__()
        for name, value in (("embed_dim", embed_dim), ("num_heads", num_heads)):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"MultiheadSelfAttention: {name} must be a positive int, "
                                 f"got {value!r}")
        if embed_dim % num_heads:
            raise ValueError(f"MultiheadSelfAttention: embed_dim {embed_dim} is not a "
                             f"multiple of num_heads {num_heads}")
        head_dim = embed_dim // num_heads
        if attention_fn is attention and head_dim not in kernels.HEAD_DIMS:
            raise ValueError(f"MultiheadSelfAttention: embed_dim / num_heads = {head_dim}; "
                             f"Block's attention takes heads of 64 or 128")
        self.embed_dim, self.num_heads, self.head_dim = embed_dim, num_heads, head_dim
        self.causal = causal
        self.attention_fn = attention_fn
        self.qkv = torch.nn.Linear(embed_dim, 3 * embed_dim, bias=bias, device=device,
                                   dtype=dtype)
        self.out = torch.nn.Linear(embed_dim, embed_dim, bias=bias, device=device, dtype=dtype)

    def forward(self, x):
        if x.dim() != 3 or x.shape[-1] != self.embed_dim:
            raise ValueError(f"MultiheadSelfAttention: x must be [batch, seq, "
                             f"{self.embed_dim}], got shape {tuple(x.shape)}")
        batch, seq, _ = x.shape
        q, k, v = self.qkv(x).view(batch, seq, 3, self.num_heads, self.head_dim) \
            .permute(2, 0, 3, 1, 4).unbind(0)
        o = self.attention_fn(q, k, v, causal=self.causal)
        return self.out(o.transpose(1, 2).reshape(batch, seq, self.embed_dim))

    def extra_repr(self):
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, "
                f"causal={self.causal}")
