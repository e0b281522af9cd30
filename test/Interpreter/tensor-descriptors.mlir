// Tensor descriptors on the interpreter against NumPy: a 16 x 16 tile read
// across the top and right edges of a 10 x 13 matrix (elements outside read
// zero), written whole to a 16 x 16 buffer and across the edges of a 10 x 13
// one (elements outside are not written); a 1-D descriptor with i64 sizes
// read past its end. Run as written and after block-lower-tensor-descriptors
// (masked pointer operations), which must agree.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/x.npy --dtype=float32 --count=130 --seed=7
// RUN: block-opt %s --block-lower-tensor-descriptors -o %t/lowered.mlir
// RUN: block-run %s --kernel=tiles --grid=1 --arg=ptr:f32:130:file=%t/x.npy \
// RUN:   --arg=ptr:f32:256:zeros --arg=ptr:f32:130:zeros --arg=i32:10 --arg=i32:13 --arg=i32:-3 --arg=i32:5 \
// RUN:   --out=1:%t/tile.npy --out=2:%t/y.npy
// RUN: block-run %t/lowered.mlir --kernel=tiles --grid=1 --arg=ptr:f32:130:file=%t/x.npy \
// RUN:   --arg=ptr:f32:256:zeros --arg=ptr:f32:130:zeros --arg=i32:10 --arg=i32:13 --arg=i32:-3 --arg=i32:5 \
// RUN:   --out=1:%t/l_tile.npy --out=2:%t/l_y.npy
// RUN: %python %S/Inputs/reference.py expect %t/e_tile.npy \
// RUN:   'np.pad(x.reshape(10, 13), ((3, 16), (0, 16)))[0:16, 5:21].reshape(-1)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py expect %t/e_y.npy \
// RUN:   'np.pad(t.reshape(16, 16), ((0, 0), (1, 0)))[1:11, 0:13].reshape(-1)' t=%t/e_tile.npy
// RUN: %python %S/Inputs/reference.py compare %t/tile.npy %t/e_tile.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/l_tile.npy %t/e_tile.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/y.npy %t/e_y.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/l_y.npy %t/e_y.npy --exact
//
// RUN: block-run %s --kernel=vector_i64 --grid=1 --arg=ptr:f32:130:file=%t/x.npy \
// RUN:   --arg=ptr:f32:32:zeros --arg=i64:130 --out=1:%t/v.npy
// RUN: block-run %t/lowered.mlir --kernel=vector_i64 --grid=1 --arg=ptr:f32:130:file=%t/x.npy \
// RUN:   --arg=ptr:f32:32:zeros --arg=i64:130 --out=1:%t/l_v.npy
// RUN: %python %S/Inputs/reference.py expect %t/e_v.npy 'np.pad(x[120:], (0, 22))' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/v.npy %t/e_v.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/l_v.npy %t/e_v.npy --exact
//
// The tile buffer's strides are written as integers (16, 1).
//
// What the descriptor promises is checked when it is made: sizes and
// strides not negative, the innermost stride 1, whether a launch gives it
// or the kernel computes it. A launch that gives another innermost stride
// is refused before the run, as the runtime refuses it (the manifest says
// "equals": 1); --ignore-assumptions lets it reach the descriptor. An
// element inside the described tensor but outside the buffer stops the run
// as a pointer access does.
// RUN: not block-run %s --kernel=strided --grid=1 --arg=ptr:f32:130:zeros --arg=i32:3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNIT
// UNIT: block-run: error: launch of 'strided' refused: argument 1 ('s', i32) value 3 is not 1, as the kernel was compiled to assume (--ignore-assumptions runs it anyway)
// RUN: not block-run %s --kernel=strided --grid=1 --arg=ptr:f32:130:zeros --arg=i32:3 --ignore-assumptions 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STRIDE
// STRIDE: tensor-descriptors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: block.make_tensor_desc in program (0, 0, 0): the innermost stride is 3, but it must be 1
// RUN: not block-run %s --kernel=computed --grid=1 --arg=ptr:f32:130:zeros --arg=i32:3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STRIDE
// RUN: not block-run %s --kernel=computed --grid=1 --arg=ptr:f32:130:zeros --arg=i32:-1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: block.make_tensor_desc in program (0, 0, 0): size 0 is -1, but it must not be negative
// RUN: not block-run %s --kernel=tiles --grid=1 --arg=ptr:f32:130:file=%t/x.npy \
// RUN:   --arg=ptr:f32:256:zeros --arg=ptr:f32:130:zeros --arg=i32:11 --arg=i32:13 --arg=i32:0 --arg=i32:0 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BUFFER
// BUFFER: error: out-of-bounds block.desc_load in program (0, 0, 0) at element [10, 0]

func.func @tiles(%x: !block.ptr<f32>, %tile: !block.ptr<f32>, %y: !block.ptr<f32>,
                 %m: i32, %n: i32, %r: i32, %c: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %dx = block.make_tensor_desc %x, [%m, %n], [%n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<16x16xf32>>
  %t = block.desc_load %dx[%r, %c] : !block.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
  %dt = block.make_tensor_desc %tile, [%c16, %c16], [16, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<16x16xf32>>
  block.desc_store %dt[%c0, %c0], %t : !block.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  %dy = block.make_tensor_desc %y, [%m, %n], [%n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<16x16xf32>>
  %r2 = arith.addi %r, %c2 : i32
  %c2b = arith.subi %c, %c4 : i32
  block.desc_store %dy[%r2, %c2b], %t : !block.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  return
}

func.func @vector_i64(%x: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i64) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c120 = arith.constant 120 : i32
  %one = arith.constant 1 : i64
  %c32 = arith.constant 32 : i64
  %dx = block.make_tensor_desc %x, [%n], [%one] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<32xf32>>
  %v = block.desc_load %dx[%c120] : !block.tensordesc<tensor<32xf32>> -> tensor<32xf32>
  %dout = block.make_tensor_desc %out, [%c32], [%one] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<32xf32>>
  block.desc_store %dout[%c0], %v : !block.tensordesc<tensor<32xf32>>, tensor<32xf32>
  return
}

func.func @strided(%x: !block.ptr<f32>, %s: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %d = block.make_tensor_desc %x, [%s, %c4], [%c4, %s] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  %v = block.desc_load %d[%c0, %c0] : !block.tensordesc<tensor<4x4xf32>> -> tensor<4x4xf32>
  return
}

func.func @computed(%x: !block.ptr<f32>, %s: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %inner = arith.muli %s, %c1 : i32
  %d = block.make_tensor_desc %x, [%s, %c4], [%c4, %inner] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  %v = block.desc_load %d[%c0, %c0] : !block.tensordesc<tensor<4x4xf32>> -> tensor<4x4xf32>
  return
}
