// Loads and stores of a scalar base at a tensor of offsets, and an arange
// from a dynamic base, on the interpreter against NumPy: as written and
// after canonicalisation (which expands them to splat, addptr and addi).
// The size is ragged: the last program instance is partly masked off.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/x.npy --dtype=float32 --count=1000 --seed=11
// RUN: %python %S/Inputs/reference.py random %t/y.npy --dtype=float32 --count=1000 --seed=12
// RUN: block-run %s --grid=4 --arg=ptr:f32:1000:file=%t/x.npy --arg=ptr:f32:1000:file=%t/y.npy \
// RUN:   --arg=ptr:f32:1000:zeros --arg=i32:1000 --out=2:%t/out.npy
// RUN: block-opt %s --canonicalize -o %t/canonical.mlir
// RUN: FileCheck %s --input-file=%t/canonical.mlir
// RUN: block-run %t/canonical.mlir --grid=4 --arg=ptr:f32:1000:file=%t/x.npy --arg=ptr:f32:1000:file=%t/y.npy \
// RUN:   --arg=ptr:f32:1000:zeros --arg=i32:1000 --out=2:%t/c_out.npy
// RUN: %python %S/Inputs/reference.py expect %t/expected.npy 'x * 2 + y' x=%t/x.npy y=%t/y.npy
// RUN: %python %S/Inputs/reference.py compare %t/out.npy %t/expected.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/c_out.npy %t/expected.npy --exact

// CHECK-NOT: + 0,
// CHECK-NOT: ]

func.func @twice_plus(%x: !block.ptr<f32>, %y: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i32)
    attributes {block.kernel} {
  %c256 = arith.constant 256 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c256 : i32
  %offsets = block.arange %start + 0, 256 : tensor<256xi32>
  %ns = block.splat %n : tensor<256xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<256xi32>
  %a = block.load %x[%offsets] mask %mask : !block.ptr<f32>, tensor<256xi32>
  %b = block.load %y[%offsets] mask %mask : !block.ptr<f32>, tensor<256xi32>
  %twice = arith.addf %a, %a : tensor<256xf32>
  %sum = arith.addf %twice, %b : tensor<256xf32>
  block.store %out[%offsets], %sum mask %mask : !block.ptr<f32>, tensor<256xi32>
  return
}
