// RUN: block-opt %s -split-input-file -verify-diagnostics

// The rules of !block.tensordesc, block.make_tensor_desc, block.desc_load and
// block.desc_store.

// expected-error @+1 {{the tile of a tensor descriptor has no layout}}
func.func @tile_with_layout(%d: !block.tensordesc<tensor<4xf32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>>)

// -----

// expected-error @+1 {{the tile of a tensor descriptor has rank 1 to 5, but 'tensor<2x2x2x2x2x2xf32>' has rank 6}}
func.func @rank_six(%d: !block.tensordesc<tensor<2x2x2x2x2x2xf32>>)

// -----

// expected-error @+1 {{the tile of a tensor descriptor holds i8/i16/i32/i64, f16, bf16, f32, f64, f8E4M3FN or f8E5M2, not 'i1'}}
func.func @bool_tile(%d: !block.tensordesc<tensor<8xi1>>)

// -----

// expected-error @+1 {{not 'index'}}
func.func @index_tile(%d: !block.tensordesc<tensor<8xindex>>)

// -----

// expected-error @+1 {{the tile has type 'tensor<6xf32>', but every dimension of a block tensor must be a power of two}}
func.func @ragged_tile(%d: !block.tensordesc<tensor<6xf32>>)

// -----

func.func @count(%a: !block.ptr<f32>, %m: i32) {
  // expected-error @+1 {{takes one size and one stride per dimension of its rank-2 tile, but has 1 sizes and 1 strides}}
  %d = block.make_tensor_desc %a, [%m], [%m] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  return
}

// -----

func.func @mixed_types(%a: !block.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{takes sizes and strides of one integer type, but has both 'i32' and 'i64'}}
  %d = "block.make_tensor_desc"(%a, %m, %s) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_strides = array<i64: -9223372036854775808>}> : (!block.ptr<f32>, i32, i64) -> !block.tensordesc<tensor<4xf32>>
  return
}

// -----

func.func @wrong_base(%a: !block.ptr<f16>, %m: i32) {
  // expected-error @+1 {{base points to the tile's element type}}
  %d = block.make_tensor_desc %a, [%m], [%m] : !block.ptr<f16> -> !block.tensordesc<tensor<4xf32>>
  return
}

// -----

func.func @negative_size(%a: !block.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %m = arith.constant -4 : i32
  // expected-error @+1 {{size 0 is -4, but sizes and strides are not negative}}
  %d = block.make_tensor_desc %a, [%m], [%c1] : !block.ptr<f32> -> !block.tensordesc<tensor<4xf32>>
  return
}

// -----

func.func @strided_inner(%a: !block.ptr<f32>, %m: i32) {
  %c2 = arith.constant 2 : i32
  // expected-error @+1 {{has an innermost stride of 2, but it must be 1 (the innermost dimension is contiguous)}}
  %d = block.make_tensor_desc %a, [%m, %m], [%m, %c2] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  return
}

// -----

func.func @static_strided_inner(%a: !block.ptr<f32>, %m: i32) {
  // expected-error @+1 {{has an innermost stride of 4, but it must be 1 (the innermost dimension is contiguous)}}
  %d = block.make_tensor_desc %a, [%m, %m], [%m, 4] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  return
}

// -----

func.func @static_negative_stride(%a: !block.ptr<f32>, %m: i32) {
  // expected-error @+1 {{stride 0 is -8, but sizes and strides are not negative}}
  %d = block.make_tensor_desc %a, [%m, %m], [-8, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  return
}

// -----

func.func @static_stride_count(%a: !block.ptr<f32>, %m: i32) {
  // expected-error @+1 {{takes one size and one stride per dimension of its rank-2 tile, but has 2 sizes and 1 strides}}
  %d = block.make_tensor_desc %a, [%m, %m], [1] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  return
}

// -----

func.func @static_strides_operands(%a: !block.ptr<f32>, %m: i32) {
  // expected-error @+1 {{expected 0 dynamic stride values}}
  %d = "block.make_tensor_desc"(%a, %m, %m, %m) <{operandSegmentSizes = array<i32: 1, 2, 1>, static_strides = array<i64: 4, 1>}> : (!block.ptr<f32>, i32, i32, i32) -> !block.tensordesc<tensor<4x4xf32>>
  return
}

// -----

func.func @load_coordinates(%d: !block.tensordesc<tensor<4x4xf32>>, %i: i32) {
  // expected-error @+1 {{takes one coordinate per dimension of its rank-2 tile, but has 1}}
  %t = block.desc_load %d[%i] : !block.tensordesc<tensor<4x4xf32>> -> tensor<4x4xf32>
  return
}

// -----

func.func @load_shape(%d: !block.tensordesc<tensor<4x4xf32>>, %i: i32) {
  // expected-error @+1 {{result 'tensor<4x8xf32>' does not have the element type and shape of the descriptor's tile 'tensor<4x4xf32>' (leading dimensions of size 1 may be left out)}}
  %t = block.desc_load %d[%i, %i] : !block.tensordesc<tensor<4x4xf32>> -> tensor<4x8xf32>
  return
}

// -----

// Only leading 1s of the tile may be left out: not a 1 after a dimension
// of another size, nor a dimension of another size.
func.func @load_drops_inner_unit(%d: !block.tensordesc<tensor<1x4x1xf32>>, %i: i32) {
  // expected-error @+1 {{result 'tensor<1x4xf32>' does not have the element type and shape of the descriptor's tile 'tensor<1x4x1xf32>'}}
  %t = block.desc_load %d[%i, %i, %i] : !block.tensordesc<tensor<1x4x1xf32>> -> tensor<1x4xf32>
  return
}

// -----

func.func @load_drops_non_unit(%d: !block.tensordesc<tensor<2x4x4xf32>>, %i: i32) {
  // expected-error @+1 {{result 'tensor<4x4xf32>' does not have the element type and shape of the descriptor's tile 'tensor<2x4x4xf32>'}}
  %t = block.desc_load %d[%i, %i, %i] : !block.tensordesc<tensor<2x4x4xf32>> -> tensor<4x4xf32>
  return
}

// -----

func.func @store_drops_non_unit(%d: !block.tensordesc<tensor<2x4xf32>>, %i: i32, %v: tensor<4xf32>) {
  // expected-error @+1 {{value 'tensor<4xf32>' does not have the element type and shape of the descriptor's tile 'tensor<2x4xf32>'}}
  block.desc_store %d[%i, %i], %v : !block.tensordesc<tensor<2x4xf32>>, tensor<4xf32>
  return
}

// -----

func.func @store_type(%d: !block.tensordesc<tensor<4xf32>>, %i: i32, %v: tensor<4xf16>) {
  // expected-error @+1 {{value 'tensor<4xf16>' does not have the element type and shape of the descriptor's tile 'tensor<4xf32>'}}
  block.desc_store %d[%i], %v : !block.tensordesc<tensor<4xf32>>, tensor<4xf16>
  return
}

// -----

func.func @store_coordinates(%d: !block.tensordesc<tensor<4xf32>>, %i: i32, %v: tensor<4xf32>) {
  // expected-error @+1 {{takes one coordinate per dimension of its rank-1 tile, but has 2}}
  block.desc_store %d[%i, %i], %v : !block.tensordesc<tensor<4xf32>>, tensor<4xf32>
  return
}

// -----

// A descriptor is not a kernel argument: a kernel makes its descriptors from
// the pointers and scalars a launch passes.
// expected-error @+1 {{kernel argument #0 has type '!block.tensordesc<tensor<4xf32>>', but a kernel takes only !block.ptr and scalars}}
func.func @kernel_argument(%d: !block.tensordesc<tensor<4xf32>>) attributes {block.kernel} {
  return
}

// -----

// A stride written as an integer must fit the sizes' type: 2^32 + 1 was
// truncated to 1 in i32 by the lowering.
func.func @static_stride_too_wide(%a: !block.ptr<f32>, %m: i32) {
  // expected-error @+1 {{'block.make_tensor_desc' op stride 0 is 4294967297, which does not fit the sizes' type 'i32'; give the sizes and strides as i64}}
  %d = block.make_tensor_desc %a, [%m, %m], [4294967297, 1] : !block.ptr<f32> -> !block.tensordesc<tensor<2x16xf32>>
  return
}
