// A rank-3 descriptor over a batch of matrices, its 1 x 16 x 16 tiles read
// and written as 16 x 16 matrices (block.desc_load and block.desc_store
// leave out the tile's leading 1), on the interpreter against NumPy: program
// b reads the tile at [b, -3, 5] of batch 3 x 10 x 13 (across the top and
// right edges; the fourth program's batch is outside, all zeros), writes it
// whole to a 4 x 16 x 16 buffer and across the edges of a 3 x 10 x 13 one
// (nothing written outside, the fourth program nothing at all). The batch
// stride is the product of the sizes, as a user writes it. Run as written,
// after block-lower-tensor-descriptors (masked pointer operations) and after
// canonicalisation of the same kernel written with block.reshape (folded
// into the accesses), which must agree.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/x.npy --dtype=float32 --count=390 --seed=11
// RUN: block-opt %s --block-lower-tensor-descriptors -o %t/lowered.mlir
// RUN: block-opt %s --canonicalize -o %t/folded.mlir
// RUN: FileCheck %s --input-file=%t/folded.mlir --check-prefix=FOLDED
// RUN: %python %S/Inputs/reference.py expect %t/e_tile.npy \
// RUN:   'np.pad(x.reshape(3, 10, 13), ((0, 1), (3, 16), (0, 16)))[:, 0:16, 5:21].reshape(-1)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py expect %t/e_y.npy \
// RUN:   'np.pad(t.reshape(4, 16, 16)[:3], ((0, 0), (0, 0), (1, 0)))[:, 1:11, 0:13].reshape(-1)' t=%t/e_tile.npy
// RUN: for f in %s %t/lowered.mlir %t/folded.mlir; do \
// RUN:   for k in batched batched_reshaped; do \
// RUN:     block-run $f --kernel=$k --grid=4 --arg=ptr:f32:390:file=%t/x.npy \
// RUN:       --arg=ptr:f32:1024:zeros --arg=ptr:f32:390:zeros --arg=i32:3 --arg=i32:10 --arg=i32:13 \
// RUN:       --arg=i32:-3 --arg=i32:5 --out=1:%t/tile.npy --out=2:%t/y.npy || exit 1; \
// RUN:     %python %S/Inputs/reference.py compare %t/tile.npy %t/e_tile.npy --exact || exit 1; \
// RUN:     %python %S/Inputs/reference.py compare %t/y.npy %t/e_y.npy --exact || exit 1; \
// RUN:   done; \
// RUN: done

// FOLDED-LABEL: func.func @batched_reshaped
// FOLDED-NOT: block.reshape
// FOLDED: block.desc_load %{{.+}} : !block.tensordesc<tensor<1x16x16xf32>> -> tensor<16x16xf32>
// FOLDED-NOT: block.reshape
// FOLDED: block.desc_store %{{.+}} : !block.tensordesc<tensor<1x16x16xf32>>, tensor<16x16xf32>

func.func @batched(%x: !block.ptr<f32>, %tile: !block.ptr<f32>, %y: !block.ptr<f32>,
                   %b: i32, %m: i32, %n: i32, %r: i32, %c: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %batch = block.program_id x
  %mn = arith.muli %m, %n : i32
  %dx = block.make_tensor_desc %x, [%b, %m, %n], [%mn, %n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16x16xf32>>
  %t = block.desc_load %dx[%batch, %r, %c] : !block.tensordesc<tensor<1x16x16xf32>> -> tensor<16x16xf32>
  %dt = block.make_tensor_desc %tile, [%c4, %c16, %c16], [256, 16, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16x16xf32>>
  block.desc_store %dt[%batch, %c0, %c0], %t : !block.tensordesc<tensor<1x16x16xf32>>, tensor<16x16xf32>
  %dy = block.make_tensor_desc %y, [%b, %m, %n], [%mn, %n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16x16xf32>>
  %r2 = arith.addi %r, %c2 : i32
  %c2b = arith.subi %c, %c4 : i32
  block.desc_store %dy[%batch, %r2, %c2b], %t : !block.tensordesc<tensor<1x16x16xf32>>, tensor<16x16xf32>
  return
}

func.func @batched_reshaped(%x: !block.ptr<f32>, %tile: !block.ptr<f32>, %y: !block.ptr<f32>,
                            %b: i32, %m: i32, %n: i32, %r: i32, %c: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %batch = block.program_id x
  %mn = arith.muli %m, %n : i32
  %dx = block.make_tensor_desc %x, [%b, %m, %n], [%mn, %n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16x16xf32>>
  %t3 = block.desc_load %dx[%batch, %r, %c] : !block.tensordesc<tensor<1x16x16xf32>> -> tensor<1x16x16xf32>
  %t = block.reshape %t3 : tensor<1x16x16xf32> -> tensor<16x16xf32>
  // Adding +0.0 (exact, not folded) keeps the two reshapes apart.
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %t0 = arith.addf %t, %zero : tensor<16x16xf32>
  %dt = block.make_tensor_desc %tile, [%c4, %c16, %c16], [256, 16, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16x16xf32>>
  %back = block.reshape %t0 : tensor<16x16xf32> -> tensor<1x16x16xf32>
  block.desc_store %dt[%batch, %c0, %c0], %back : !block.tensordesc<tensor<1x16x16xf32>>, tensor<1x16x16xf32>
  %dy = block.make_tensor_desc %y, [%b, %m, %n], [%mn, %n, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16x16xf32>>
  %r2 = arith.addi %r, %c2 : i32
  %c2b = arith.subi %c, %c4 : i32
  block.desc_store %dy[%batch, %r2, %c2b], %back : !block.tensordesc<tensor<1x16x16xf32>>, tensor<1x16x16xf32>
  return
}
