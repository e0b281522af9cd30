"""Inputs and NumPy references for the interpreter tests.

  reference.py <example> --dir=D [sizes]   writes D/<input>.npy and
                                           D/expected.npy for an example
  reference.py random OUT --dtype=T --count=N [--low=L --high=H] [--seed=S]
                                           writes random values
  reference.py expect OUT EXPR [NAME=IN.npy ...]
                                           writes EXPR, a NumPy expression
                                           of the named arrays (np, f32,
                                           tree_reduce, sequential_scan and
                                           to_bfloat16 are in scope)
  reference.py compare GOT EXPECTED [--rtol=R] [--atol=A] [--exact]
                                           exits 1 unless GOT matches

The references are computed here, independently of the interpreter, in
float64 unless the operation is exact in the kernel's type.
"""

import argparse
import math
import sys

import numpy as np


def rng(seed):
    return np.random.default_rng(seed)


def save(directory, name, array):
    np.save(f"{directory}/{name}.npy", np.ascontiguousarray(array).reshape(-1))


def vector_add(args):
    g = rng(1)
    n, size = args.n, args.size or args.n
    x = g.uniform(-1, 1, size).astype(np.float32)
    y = g.uniform(-1, 1, size).astype(np.float32)
    out = np.full(size, -7.0, np.float32)  # Lanes beyond n keep it.
    out[:n] = x[:n] + y[:n]  # Exact: one f32 rounding, as in the kernel.
    save(args.dir, "x", x)
    save(args.dir, "y", y)
    save(args.dir, "expected", out)


def fused_bias_relu(args):
    g = rng(2)
    m, n = args.m, args.n
    x = g.uniform(-1, 1, (m, n)).astype(np.float32)
    w = g.uniform(-1, 1, n).astype(np.float32)
    b = g.uniform(-1, 1, n).astype(np.float32)
    # One fma: the product is exact in f64, and so is the sum for these
    # magnitudes, rounded once to f32.
    fma = (x.astype(np.float64) * w + b).astype(np.float32)
    out = np.maximum(fma, np.float32(0))
    for name, array in [("x", x), ("w", w), ("b", b), ("expected", out)]:
        save(args.dir, name, array)


def softmax(args):
    g = rng(3)
    rows, n, stride = args.rows, args.n, args.stride or args.n
    x = g.normal(0, 3, (rows, stride)).astype(np.float32)
    v = x[:, :n].astype(np.float64)
    e = np.exp(v - v.max(axis=1, keepdims=True))
    out = np.zeros((rows, stride))
    out[:, :n] = e / e.sum(axis=1, keepdims=True)
    save(args.dir, "x", x)
    save(args.dir, "expected", out)


def layernorm(args):
    g = rng(4)
    rows, n, stride = args.rows, args.n, args.stride or args.n
    x = g.normal(1, 2, (rows, stride)).astype(np.float16)
    w = g.uniform(0.5, 1.5, n).astype(np.float16)
    b = g.uniform(-1, 1, n).astype(np.float16)
    v = x[:, :n].astype(np.float64)
    mean = v.mean(axis=1, keepdims=True)
    var = ((v - mean) ** 2).mean(axis=1, keepdims=True)
    y = (v - mean) / np.sqrt(var + args.eps) * w.astype(np.float64) + b
    out = np.zeros((rows, stride), np.float16)
    out[:, :n] = y.astype(np.float16)
    for name, array in [("x", x), ("w", w), ("b", b), ("expected", out)]:
        save(args.dir, name, array)


def bias_gelu(args):
    """examples/pytorch/bias_gelu.mlir: y = gelu(x + b), and its backward
    dx = dy * gelu'(x + b) with the column sums of dx per tile of 32 rows."""
    g = rng(7)
    m, n = args.m, args.n
    x = g.normal(0, 2, (m, n)).astype(np.float32)
    b = g.uniform(-1, 1, n).astype(np.float32)
    dy = g.normal(0, 1, (m, n)).astype(np.float32)
    z = x.astype(np.float64) + b  # One f32 rounding in the kernel: within 1 ulp.
    cdf = (1 + np.vectorize(math.erf)(z / math.sqrt(2))) / 2
    pdf = np.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    dx = dy * (cdf + z * pdf)
    tiles = -(-m // 32)
    dbp = np.pad(dx, ((0, tiles * 32 - m), (0, 0))).reshape(tiles, 32, n).sum(axis=1)
    for name, array in [("x", x), ("b", b), ("dy", dy), ("y", z * cdf),
                        ("dx", dx), ("dbp", dbp)]:
        save(args.dir, name, array)


def transpose(args):
    g = rng(5)
    x = g.uniform(-1, 1, (args.m, args.n)).astype(np.float32)
    save(args.dir, "x", x)
    save(args.dir, "expected", x.T)


def matmul(args):
    """a (m x k) and b (k x n) in --dtype (float32, float16, bfloat16, tf32:
    float32 inputs that the kernel truncates to tf32, or int8, float8_e4m3fn
    or float8_e5m2; b saved transposed, as bt, for tf32 and the 8-bit
    types), and their product: exact in int32 for int8, else in float64 of
    the inputs the kernel multiplies, with the product of the untruncated
    tf32 inputs as expected_ieee."""
    g = rng(6)
    if args.dtype.startswith("float8"):
        # Bit patterns of values of magnitude at most 2, b saved transposed.
        values = float8_values(args.dtype)
        allowed = np.flatnonzero(np.abs(values) <= 2)
        a = allowed[g.integers(0, allowed.size, (args.m, args.k))]
        b = allowed[g.integers(0, allowed.size, (args.k, args.n))]
        save_float8(args.dir, "a", a, args.dtype)
        save_float8(args.dir, "bt", b.T, args.dtype)
        save(args.dir, "expected", product64(values[a], values[b]))
        return
    if args.dtype == "int8":
        a = g.integers(-128, 128, (args.m, args.k)).astype(np.int8)
        b = g.integers(-128, 128, (args.k, args.n)).astype(np.int8)
        save(args.dir, "a", a)
        save(args.dir, "bt", b.T)
        product = a.astype(np.int64) @ b.astype(np.int64)
        save(args.dir, "expected", product.astype(np.int32))
        return
    a = g.uniform(-1, 1, (args.m, args.k)).astype(np.float32)
    b = g.uniform(-1, 1, (args.k, args.n)).astype(np.float32)
    if args.dtype == "bfloat16":
        a, b = to_bfloat16(a), to_bfloat16(b)
        save(args.dir, "a", bfloat16_bits(a))
        save(args.dir, "b", bfloat16_bits(b))
    else:
        if args.dtype != "tf32":
            a, b = a.astype(args.dtype), b.astype(args.dtype)
        save(args.dir, "a", a)
        if args.dtype == "tf32":
            save(args.dir, "bt", b.T)
        else:
            save(args.dir, "b", b)
    if args.dtype == "tf32":
        save(args.dir, "expected_ieee", product64(a, b))
        a, b = to_tf32(a), to_tf32(b)
    save(args.dir, "expected", product64(a, b))


def attention(args):
    """q, k, v ([heads, seq, head_dim] in --dtype: bfloat16 or float16,
    normal values so that the softmax has peaks) and, in float64 of those
    inputs, expected = softmax(q k^T / sqrt(head_dim)) v (causal: key j <=
    query i) and expected_lse, the rows' natural log-sum-exp."""
    g = rng(7)
    shape = (args.heads, args.seq, args.head_dim)
    q, k, v = (g.normal(0, 1, shape).astype(np.float32) for _ in range(3))
    if args.dtype == "bfloat16":
        q, k, v = to_bfloat16(q), to_bfloat16(k), to_bfloat16(v)
        saved = bfloat16_bits
    else:
        q, k, v = q.astype(args.dtype), k.astype(args.dtype), v.astype(args.dtype)
        saved = np.asarray
    for name, array in [("q", q), ("k", k), ("v", v)]:
        save(args.dir, name, saved(array))
    s = np.einsum("hid,hjd->hij", q.astype(np.float64), k.astype(np.float64))
    s /= math.sqrt(args.head_dim)
    if args.causal:
        s = np.where(np.tri(args.seq, dtype=bool), s, -np.inf)
    m = s.max(axis=2, keepdims=True)
    e = np.exp(s - m)
    total = e.sum(axis=2, keepdims=True)
    save(args.dir, "expected", (e / total) @ v.astype(np.float64))
    save(args.dir, "expected_lse", (m + np.log(total)).astype(np.float32))


def dequant(args):
    """examples/dequant.mlir: int8 w [rows, cols], f32 scale [rows,
    cols / group] and out = bf16(f32(w) * scale[r, c / group]): one f32
    product and one rounding to bf16, as in the kernel, so bit-exact."""
    g = rng(8)
    rows, cols = args.rows, args.cols
    w = g.integers(-128, 128, (rows, cols)).astype(np.int8)
    scale = g.uniform(1e-3, 1e-1, (rows, cols // args.group)).astype(np.float32)
    out = to_bfloat16(w.astype(np.float32) * np.repeat(scale, args.group, axis=1))
    for name, array in [("w", w), ("scale", scale), ("expected", out)]:
        save(args.dir, name, array)


def product64(a, b):
    return a.astype(np.float64) @ b.astype(np.float64)


def integers(args):
    """The ops of arith-integers.mlir on i32 values away from the edges
    arith leaves undefined (arith-edges.mlir has those)."""
    g = rng(9)
    special = [0, 1, -1, 2, -2, 2**31 - 1, -2**31 + 1, 12345, -12345]
    a = np.concatenate([special * 2, g.integers(-2**31 + 1, 2**31, 256 - 18)])
    b = np.concatenate([special[1:] + special[1:][::-1],
                        g.integers(-2**31 + 1, 2**31, 256 - 16)])
    b[b == 0] = 7
    a, b = a.astype(np.int32), b.astype(np.int32)
    ua, ub, s = a.view(np.uint32), b.view(np.uint32), b & 31
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    results = [
        a + b, a - b, a * b,
        np.fix(wide_a / wide_b),        # divsi truncates.
        np.fmod(a, b),                  # remsi takes the dividend's sign.
        wide_a // wide_b, -(-wide_a // wide_b),
        ua // ub, ua % ub, -(-ua.astype(np.int64) // ub),
        a & b, a | b, a ^ b,
        ua << s.astype(np.uint32), a >> s, ua >> s.astype(np.uint32),
        np.maximum(a, b), np.minimum(a, b),
        np.maximum(ua, ub), np.minimum(ua, ub),
        np.abs(a), [bin(v).count("1") for v in ua],
        a < b, ua < ub, a >= b,
        a.astype(np.int8), np.where(a < b, a, b),
    ]
    expected = np.concatenate(
        [np.asarray(r).astype(np.int64).astype(np.uint32).view(np.int32)
         for r in results])
    save(args.dir, "a", a)
    save(args.dir, "b", b)
    save(args.dir, "expected", expected)


def to_bfloat16(x):
    """f32 -> bf16 (as the f32 it widens to), rounding to nearest even."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    rounded = np.where(np.isnan(x), ((u >> 16) | 0x40) << 16, rounded)
    return rounded.astype(np.uint32).view(np.float32)


def to_tf32(x):
    """f32 -> tf32 (as the f32 it is), 10 bits of mantissa, truncated as the
    tensor cores read f32 data: the 13 dropped bits cleared. Infinities and
    NaNs stay."""
    x = np.asarray(x, np.float32)
    truncated = (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)
    return np.where(np.isfinite(x), truncated, x)


def bfloat16_bits(x):
    """bf16 values (f32 that to_bfloat16 rounded) as the 2-byte void dtype
    block-run reads and writes for bf16."""
    bits = (np.asarray(x, np.float32).view(np.uint32) >> 16).astype("<u2")
    return bits.view("V2")


def float8_values(kind):
    """The value of each bit pattern 0..255 of float8_e4m3fn or float8_e5m2
    (NaN and infinity patterns included as if finite: callers avoid them)."""
    man, bias = {"float8_e4m3fn": (3, 7), "float8_e5m2": (2, 15)}[kind]
    bits = np.arange(256)
    e = (bits & 0x7F) >> man
    m = bits & ((1 << man) - 1)
    magnitude = np.where(e == 0, m * 2.0 ** (1 - bias - man),
                         ((1 << man) + m) * 2.0 ** (e - bias - man))
    return np.where(bits & 0x80, -magnitude, magnitude)


def save_float8(directory, name, bits, kind):
    """8-bit float bit patterns as an .npy file of dtype `kind` (ml_dtypes'
    name, which block-run reads; NumPy has no 8-bit floats)."""
    data = np.ascontiguousarray(bits, dtype=np.uint8).reshape(-1)
    header = f"{{'descr': '{kind}', 'fortran_order': False, 'shape': ({data.size},), }}"
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(f"{directory}/{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little"))
        f.write(header.encode("latin1") + data.tobytes())


def load(path):
    """An .npy array, bf16 ones (void, 2 bytes) widened to float32."""
    array = np.load(path)
    if array.dtype == np.dtype("V2"):
        return (array.view("<u2").astype(np.uint32) << 16).view(np.float32)
    return array


def floats(args):
    """The ops of arith-floats.mlir: IEEE results in f32, f16 and bf16."""
    g = rng(10)
    f = np.float32
    special = np.array([0, -0.0, np.inf, -np.inf, np.nan, 1, -1, 1e-45, 3.4e38,
                        0.5, 2.5, -2.5, 1.5, 0.49999997, 65504, 65520, 1e-8,
                        3e-39], f)
    magnitude = f(10) ** g.uniform(-5, 5, 256 - special.size).astype(f)
    a = np.concatenate([special, g.uniform(-1, 1, magnitude.size).astype(f) *
                        magnitude])
    b = (g.choice([-1, 1], 256) * g.uniform(0.1, 1, 256) *
         10 ** g.uniform(-3, 3, 256)).astype(f)
    i = g.integers(-2**31, 2**31, 256).astype(np.int32)
    long_a = a.astype(np.longdouble)  # Holds a * b + a exactly.
    half_a, half_b = a.astype(np.float16), b.astype(np.float16)
    bf_a, bf_b = to_bfloat16(a), to_bfloat16(b)
    with np.errstate(all="ignore"):
        results = [
            a + b, a - b, a * b, a / b, np.fmod(a, b), -a,
            np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b),
            np.sqrt(a), np.abs(a), np.floor(a), np.ceil(a), np.trunc(a),
            np.rint(a),
            np.copysign(np.floor(np.abs(a.astype(np.float64)) + 0.5), a),
            np.copysign(a, b), long_a * b + long_a,
            a < b, a != b, ~np.isnan(a) & ~np.isnan(b),
            (a == b) | np.isnan(a) | np.isnan(b),
            i, np.trunc(b * f(1000)).astype(np.int32),
            half_a + half_b, half_a * half_b, half_a / half_b, half_a,
            bf_a, to_bfloat16(bf_a + bf_b),
        ]
    expected = np.concatenate([np.asarray(r).astype(f) for r in results])
    save(args.dir, "a", a)
    save(args.dir, "b", b)
    save(args.dir, "i", i)
    save(args.dir, "expected", expected)


def math_functions(args):
    """The functions of math-functions.mlir in float64, on x in [0.1, 4)
    and y in [-1, 1) rounded to --dtype."""
    g = rng(13)
    dtype = np.dtype(args.dtype)
    x = g.uniform(0.1, 4, 256).astype(dtype)
    y = g.uniform(-1, 1, 256).astype(dtype)
    save(args.dir, "x", x)
    save(args.dir, "y", y)
    x, y = x.astype(np.float64), y.astype(np.float64)
    erf, erfc = np.vectorize(math.erf), np.vectorize(math.erfc)
    results = [
        np.exp(x), np.exp2(x), np.expm1(y), np.log(x), np.log2(x),
        np.log10(x), np.log1p(x), np.sqrt(x), 1 / np.sqrt(x), np.cbrt(y),
        np.sin(y), np.cos(y), np.tan(y), np.arcsin(y), np.arccos(y),
        np.arctan(y), np.sinh(y), np.cosh(y), np.tanh(y), np.arcsinh(y),
        np.arccosh((x + 1).astype(dtype)), np.arctanh(y / 2), erf(y), erfc(y),
        np.power(x, y), np.arctan2(y, x),
    ]
    save(args.dir, "expected", np.concatenate(results))


def random(args):
    g = rng(args.seed)
    dtype = np.dtype(args.dtype)
    if dtype.kind == "f":
        values = g.uniform(args.low, args.high, args.count)
    else:
        values = g.integers(int(args.low), int(args.high), args.count,
                            endpoint=True)
    np.save(args.out, values.astype(dtype))


def tree_reduce(x, axis, combine):
    """The interpreter's documented order: pairs (0, 1), (2, 3), ... along
    `axis`, then pairs of those, with the lower index first."""
    x = np.moveaxis(np.asarray(x), axis, 0)
    while x.shape[0] > 1:
        x = combine(x[0::2], x[1::2])
    return x[0]


def sequential_scan(x, axis, combine):
    """The interpreter's scan: result[i] = combine(result[i - 1], x[i])."""
    x = np.moveaxis(np.array(x), axis, 0)
    for i in range(1, x.shape[0]):
        x[i] = combine(x[i - 1], x[i])
    return np.moveaxis(x, 0, axis)


def expect(args):
    scope = {"np": np, "f32": np.float32, "tree_reduce": tree_reduce,
             "sequential_scan": sequential_scan, "to_bfloat16": to_bfloat16}
    for binding in args.inputs:
        name, path = binding.split("=", 1)
        scope[name] = np.load(path)
    np.save(args.out, np.asarray(eval(args.expr, scope)).reshape(-1))


def compare(args):
    got, expected = load(args.got), load(args.expected)
    if got.shape != expected.shape:
        sys.exit(f"shape {got.shape} differs from the reference's {expected.shape}")
    if args.exact:  # Bit for bit, but any NaN matches any NaN.
        same = got.view(np.uint8).reshape(got.size, -1) == \
            expected.astype(got.dtype).view(np.uint8).reshape(got.size, -1)
        same = same.all(axis=1)
        if got.dtype.kind == "f":
            same |= np.isnan(got) & np.isnan(expected)
        bad = np.flatnonzero(~same)
    else:
        g, e = got.astype(np.float64), expected.astype(np.float64)
        bad = np.flatnonzero(~np.isclose(g, e, rtol=args.rtol, atol=args.atol))
    if bad.size:
        first = bad[:5]
        sys.exit(f"{bad.size} of {got.size} elements differ, first at "
                 f"{first.tolist()}: got {got[first].tolist()}, expected "
                 f"{expected[first].tolist()}")
    print(f"match: {got.size} elements")


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    examples = {
        "vector_add": (vector_add, ["n", "size"]),
        "fused_bias_relu": (fused_bias_relu, ["m", "n"]),
        "softmax": (softmax, ["rows", "n", "stride"]),
        "layernorm": (layernorm, ["rows", "n", "stride"]),
        "bias_gelu": (bias_gelu, ["m", "n"]),
        "transpose": (transpose, ["m", "n"]),
        "matmul": (matmul, ["m", "n", "k"]),
        "attention": (attention, ["heads", "seq", "causal", "head_dim"]),
        "dequant": (dequant, ["rows", "cols", "group"]),
        "integers": (integers, []),
        "floats": (floats, []),
        "math_functions": (math_functions, []),
    }
    for name, (function, sizes) in examples.items():
        p = sub.add_parser(name)
        p.set_defaults(function=function)
        p.add_argument("--dir", required=True)
        for size in sizes:
            p.add_argument(f"--{size}", type=int, default=0)
        p.add_argument("--eps", type=float, default=1e-5)
        p.add_argument("--dtype", default="float32")
    p = sub.add_parser("random")
    p.set_defaults(function=random)
    p.add_argument("out")
    p.add_argument("--dtype", required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--low", type=float, default=-1.0)
    p.add_argument("--high", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("expect")
    p.set_defaults(function=expect)
    p.add_argument("out")
    p.add_argument("expr")
    p.add_argument("inputs", nargs="*")
    p = sub.add_parser("compare")
    p.set_defaults(function=compare)
    p.add_argument("got")
    p.add_argument("expected")
    p.add_argument("--rtol", type=float, default=0.0)
    p.add_argument("--atol", type=float, default=0.0)
    p.add_argument("--exact", action="store_true")
    args = parser.parse_args()
    args.function(args)


if __name__ == "__main__":
    main()
