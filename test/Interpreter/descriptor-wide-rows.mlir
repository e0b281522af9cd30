// A descriptor of i32 sizes and strides whose row offset, row * stride,
// passes 2^31: rows of 2^30 elements, the tile at row 2 (offset 2^31). The
// base is moved back 2^31 elements so that row 2 is the buffer. The lowering
// multiplied in i32, which wrapped to -2^31 (2^32 elements before the
// buffer); its offsets are i64 now, and the lowered kernel reads what the
// interpreter reads from the source.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: block-run %s --grid=1 --arg=ptr:f32:16:iota --arg=ptr:f32:16:const=-1 --arg=i32:1073741824 --out=1:%t/src.npy
// RUN: %python -c "import numpy, sys; sys.exit(0 if (numpy.load('%t/src.npy') == numpy.arange(16)).all() else 1)"
// RUN: block-opt %s --block-lower-tensor-descriptors -o %t/lowered.mlir
// RUN: block-run %t/lowered.mlir --grid=1 --arg=ptr:f32:16:iota --arg=ptr:f32:16:const=-1 --arg=i32:1073741824 --ref=1:%t/src.npy --atol=0 --rtol=0
func.func @k(%a: !block.ptr<f32>, %o: !block.ptr<f32>, %s: i32) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %back = arith.constant -2147483648 : i64
  %base = block.addptr %a, %back : !block.ptr<f32>, i64
  %d = block.make_tensor_desc %base, [%c4, %c16], [%s, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<1x16xf32>>
  %t = block.desc_load %d[%c2, %c0] : !block.tensordesc<tensor<1x16xf32>> -> tensor<1x16xf32>
  %r = block.reshape %t : tensor<1x16xf32> -> tensor<16xf32>
  %i = block.arange 0, 16 : tensor<16xi32>
  block.store %o[%i], %r : !block.ptr<f32>, tensor<16xi32>
  return
}
