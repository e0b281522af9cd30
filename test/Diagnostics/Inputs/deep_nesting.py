"""Writes a kernel with scf.if nested N deep to stdout (N on the command line)."""
import sys

n = int(sys.argv[1])
print("func.func @deep(%p: !block.ptr<i32>, %n: i32) attributes {block.kernel, block.num_warps = 1 : i32} {")
print("  %c0 = arith.constant 0 : i32")
print("  %c = arith.cmpi sgt, %n, %c0 : i32")
for _ in range(n):
    print("  scf.if %c {")
print("  block.store %p, %n : !block.ptr<i32>")
for _ in range(n):
    print("  }")
print("  return")
print("}")
