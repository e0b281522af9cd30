"""The kernels behind attention.py, without torch: flash attention's forward
with the log-sum-exp (examples/python/attention_fwd.py for a head dimension
of 128, attention_fwd_d64.py for 64) and its backward
(examples/python/attention_bwd.py), launched on [heads, seq, head_dim]
tensors, bf16 or f16, contiguous (`heads` is batch x heads): torch tensors on
the GPU, or, with `interpret()`, NumPy arrays or torch CPU tensors on
block-run.

`specializations()` lists every kernel these launches compile (the same
signatures, constexprs and options), and `prepare(cache)` compiles them into
a cache a GPU machine without block-compile reads (BLOCK_CACHE_DIR)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The package of this repository, installed or not, and the kernels.
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "python"))

import block  # noqa: E402
import attention_bwd  # noqa: E402
import attention_fwd  # noqa: E402
import attention_fwd_d64  # noqa: E402

#: head_dim -> (the forward kernel, its constexprs and options: the twins').
FORWARD = {
    128: (attention_fwd.attention_fwd,
          dict(attention_fwd.CONSTEXPRS, **attention_fwd.OPTIONS)),
    64: (attention_fwd_d64.attention_fwd_d64,
         dict(attention_fwd_d64.CONSTEXPRS, **attention_fwd_d64.OPTIONS)),
}
HEAD_DIMS = tuple(sorted(FORWARD))
DTYPES = ("bf16", "fp16")
#: The backward's tiles (attention_bwd's defaults, as bench/attention_bwd.py).
BWD_BLOCK_M, BWD_BLOCK_N, BWD_WARPS = 64, 128, 8
KERNELS = (attention_fwd.attention_fwd, attention_fwd_d64.attention_fwd_d64,
           attention_bwd.attention_bwd_delta, attention_bwd.attention_bwd_dkdv,
           attention_bwd.attention_bwd_dq)


def interpret(on=True):
    """Runs every kernel on block-run (host memory) rather than the GPU."""
    for kernel in KERNELS:
        kernel.interpret = on


def interpreting():
    """Whether the kernels run on block-run (interpret(), or BLOCK_INTERPRET=1)."""
    return all(kernel._interpreting() for kernel in KERNELS)


def forward(q, k, v, o, lse, scale, causal, programs=None):
    """O = softmax(scale * Q K^T) V into `o` and the rows' natural
    log-sum-exp into `lse` (f32 [heads, seq]); query i sees keys j <= i with
    `causal`. `programs` bounds the persistent D64 kernel's grid (one per
    SM is best; default one per tile)."""
    heads, seq, head_dim = q.shape
    kernel, config = FORWARD[head_dim]
    blocks = block.cdiv(seq, config["BLOCK_M"])
    if head_dim == 64:
        grid = (min(programs or heads * blocks, heads * blocks),)
    else:
        grid = (blocks, heads)
    kernel[grid](q, k, v, o, lse, heads * seq, seq, scale, int(causal), **config)


def backward(q, k, v, o, do, lse, scale, causal, dq, dk, dv, delta):
    """dQ, dK, dV of forward()'s O for the gradient `do`; `delta` is f32
    [heads, seq] scratch."""
    attention_bwd.attention_bwd(q, k, v, o, do, lse, scale, causal, dq, dk, dv, delta,
                                block_m=BWD_BLOCK_M, block_n=BWD_BLOCK_N,
                                num_warps=BWD_WARPS)


def specializations():
    """(kernel, signature, constexprs and options) of every compiled kernel
    forward() and backward() launch, bf16 and f16, D 64 and 128, causal
    and not (seq, the number of heads and the scale are run-time values)."""
    for dtype in DTYPES:
        t = "*" + dtype
        for head_dim in HEAD_DIMS:
            kernel, config = FORWARD[head_dim]
            yield kernel, f"{t},{t},{t},{t},*fp32,i32,i32,fp32,i32", config
            yield (attention_bwd.attention_bwd_delta, f"{t},{t},*fp32,i32,i32",
                   dict(BLOCK=BWD_BLOCK_M, HEAD_DIM=head_dim, num_warps=4))
            for causal in (False, True):
                common = dict(CAUSAL=causal, HEAD_DIM=head_dim, num_warps=BWD_WARPS)
                yield (attention_bwd.attention_bwd_dkdv,
                       f"{t},{t},{t},{t},*fp32,*fp32,{t},{t},i32,i32,fp32",
                       dict(common, BLOCK_M=BWD_BLOCK_M, BLOCK_N=BWD_BLOCK_N))
                yield (attention_bwd.attention_bwd_dq,
                       f"{t},{t},{t},{t},*fp32,*fp32,{t},i32,i32,fp32",
                       dict(common, BLOCK_M=BWD_BLOCK_N, BLOCK_N=BWD_BLOCK_M))


def prepare(cache, chip="sm_90a"):
    """Compiles every specialization into the block.compile cache `cache`
    (block-compile is $BLOCK_COMPILE or on PATH)."""
    os.environ["BLOCK_CACHE_DIR"] = os.path.abspath(cache)
    for kernel, signature, config in specializations():
        kernel.compile(signature, chip=chip, **config)
        described = ", ".join(f"{k}={v}" for k, v in config.items())
        print(f"compiled {kernel.__name__} ({signature}; {described})")
