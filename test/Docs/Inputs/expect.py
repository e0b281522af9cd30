"""Checks what the examples of docs/examples computed on the interpreter
against NumPy: expect.py <example> <files and sizes...>; exit 1 on a
mismatch, saying where."""

import struct
import sys

import numpy as np


def reverse(x, out):
    want = np.load(x).reshape(-1, 256)[:, ::-1].ravel()
    return np.array_equal(np.load(out), want)


def window_softmax(x, out, n, window):
    n, window = int(n), int(window)
    s = np.load(x).astype(np.float64).reshape(-1, n)
    rows, cols = np.indices(s.shape)
    valid = (cols <= rows) & (cols > rows - window)
    e = np.where(valid, np.exp(s - np.where(valid, s, -np.inf).max(1, initial=-np.inf,
                                                                    keepdims=True)), 0)
    with np.errstate(invalid="ignore"):
        want = np.nan_to_num(e / e.sum(1, keepdims=True))
    got = np.load(out).reshape(-1, n)
    return not np.isnan(got).any() and np.allclose(got, want, rtol=1e-5, atol=1e-7)


def bf16_words(path, count):
    """The last `count` bf16 values of a .npy file, as their bits (NumPy has
    no bf16)."""
    with open(path, "rb") as f:
        data = f.read()[-2 * count:]
    return " ".join(f"{w:#06x}" for w in struct.unpack(f"<{count}H", data))


if __name__ == "__main__":
    name, args = sys.argv[1], sys.argv[2:]
    if name == "bf16":
        print(bf16_words(args[0], int(args[1])))
        sys.exit(0)
    ok = {"reverse": reverse, "window_softmax": window_softmax}[name](*args)
    print(name, "matches NumPy" if ok else "DIFFERS from NumPy")
    sys.exit(0 if ok else 1)
