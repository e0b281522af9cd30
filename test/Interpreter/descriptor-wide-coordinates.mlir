// A descriptor of i64 sizes (2^32 elements) read at coordinate 2^31 - 8 with
// a tile of 16: elements 8..15 lie at positions 2^31..2^31 + 7, inside the
// sizes. The lowering computed coordinate + index in i32, where they wrapped
// negative and read as outside (zeros); it computes them in i64 now, and
// the lowered kernel reads what the interpreter reads from the source. The
// base is moved back 2^31 - 8 elements so that the tile is the buffer.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: block-run %s --grid=1 --arg=ptr:f32:16:iota --arg=ptr:f32:16:const=-1 --arg=i64:4294967296 --arg=i32:2147483640 --out=1:%t/src.npy
// RUN: %python -c "import numpy, sys; sys.exit(0 if (numpy.load('%t/src.npy') == numpy.arange(16)).all() else 1)"
// RUN: block-opt %s --block-lower-tensor-descriptors -o %t/lowered.mlir
// RUN: block-run %t/lowered.mlir --grid=1 --arg=ptr:f32:16:iota --arg=ptr:f32:16:const=-1 --arg=i64:4294967296 --arg=i32:2147483640 --ref=1:%t/src.npy --atol=0 --rtol=0
func.func @k(%a: !block.ptr<f32>, %o: !block.ptr<f32>, %n: i64, %i: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %one = arith.constant 1 : i64
  %back = arith.constant -2147483640 : i64
  %base = block.addptr %a, %back : !block.ptr<f32>, i64
  %d = block.make_tensor_desc %base, [%n], [%one] : !block.ptr<f32>, i64 -> !block.tensordesc<tensor<16xf32>>
  %t = block.desc_load %d[%i] : !block.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  %r = block.arange 0, 16 : tensor<16xi32>
  block.store %o[%r], %t : !block.ptr<f32>, tensor<16xi32>
  return
}
