# Kernels for the front end's FileCheck tests (test/Python/emit-*.test):
# one rule of emission each.
import block
import block.language as bl


@block.jit
def promote(h_ptr, i_ptr, u_ptr, out_ptr, N: bl.constexpr):
    offs = bl.arange(0, N)
    h = bl.load(h_ptr + offs)          # f16
    i = bl.load(i_ptr + offs)          # i32
    u = bl.load(u_ptr + offs)          # u32
    bl.store(out_ptr + offs, h * 2.0)  # a Python float beside f16 stays f16
    bl.store(out_ptr + offs, h + i)    # f16 with an integer: f16
    bl.store(out_ptr + offs, i / 3)    # integer division: f32
    bl.store(out_ptr + offs, (u // 3) + (u >> 1) + (u < i).to(bl.uint32))


@block.jit
def broadcast(x_ptr, out_ptr, M: bl.constexpr, N: bl.constexpr):
    rows = bl.arange(0, M)
    cols = bl.arange(0, N)
    x = bl.load(x_ptr + rows[:, None] * N + cols[None, :])
    bl.store(out_ptr + rows[:, None] * N + cols[None, :], x + bl.sum(x, axis=1)[:, None])


@block.jit
def control(x_ptr, n, flag, STEPS: bl.constexpr, SKIP: bl.constexpr):
    acc = bl.zeros((16,), dtype=bl.float32)
    for k in bl.range(0, n, 16, num_stages=3):
        acc += bl.load(x_ptr + k + bl.arange(0, 16))
    for s in bl.static_range(STEPS):
        acc = acc * 2.0
    if SKIP:
        acc = acc - 1.0
    if flag > 0:
        acc = acc + 1.0
    i = 0
    while i < n:
        i += 3
    bl.store(x_ptr + bl.arange(0, 16), acc + i)


@block.jit
def double(x):
    return x * 2


@block.jit
def calls(x_ptr):
    offs = bl.arange(0, 16)
    bl.store(x_ptr + offs, double(bl.load(x_ptr + offs)))


@block.jit
def too_large(x_ptr):
    bl.store(x_ptr + bl.arange(0, 2097152), 1.0)


@block.jit
def too_many_per_thread(x_ptr):
    offs = bl.arange(0, 65536)
    bl.store(x_ptr + offs, bl.load(x_ptr + offs) + 1.0)


@block.jit
def unsupported(x_ptr, n):
    for i in range(n):
        if i > 3:
            break
