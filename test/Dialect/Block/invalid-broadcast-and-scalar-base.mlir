// RUN: block-opt %s -split-input-file -verify-diagnostics

// The rules of a broadcast from a lower rank and of addptr's operands.

func.func @no_dims(%x: tensor<128xf32>) {
  // expected-error @+1 {{operand 'tensor<128xf32>' and result 'tensor<64x128xf32>' must have the same rank, or dims must name the result dimensions of the operand's}}
  %0 = block.broadcast %x : tensor<128xf32> -> tensor<64x128xf32>
  return
}

// -----

func.func @dims_same_rank(%x: tensor<1x128xf32>) {
  // expected-error @+1 {{dims names where a lower-rank operand goes, but the operand 'tensor<1x128xf32>' has the rank of the result 'tensor<64x128xf32>' or more}}
  %0 = block.broadcast %x dims [0, 1] : tensor<1x128xf32> -> tensor<64x128xf32>
  return
}

// -----

func.func @dims_count(%x: tensor<128xf32>) {
  // expected-error @+1 {{dims has 2 entries, but the operand has rank 1}}
  %0 = block.broadcast %x dims [0, 1] : tensor<128xf32> -> tensor<8x64x128xf32>
  return
}

// -----

func.func @dims_order(%x: tensor<8x8xf32>) {
  // expected-error @+1 {{dims must be increasing result dimensions in [0, 3)}}
  %0 = block.broadcast %x dims [2, 0] : tensor<8x8xf32> -> tensor<8x4x8xf32>
  return
}

// -----

func.func @dims_range(%x: tensor<128xf32>) {
  // expected-error @+1 {{dims must be increasing result dimensions in [0, 2)}}
  %0 = block.broadcast %x dims [2] : tensor<128xf32> -> tensor<64x128xf32>
  return
}

// -----

func.func @dims_size(%x: tensor<128xf32>) {
  // expected-error @+1 {{operand dimension 0 (128) must be 1 or the size of result dimension 0 (64)}}
  %0 = block.broadcast %x dims [0] : tensor<128xf32> -> tensor<64x128xf32>
  return
}

// -----

#L = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#M = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
func.func @dims_layouts(%x: tensor<128xf32, #L>) {
  // expected-error @+1 {{a broadcast from a lower rank takes no layouts: canonicalisation expands it to block.expand_dims and block.broadcast first}}
  %0 = block.broadcast %x dims [1] : tensor<128xf32, #L> -> tensor<64x128xf32, #M>
  return
}

// -----

func.func @offsets_of_another_shape(%p: tensor<64x!block.ptr<f32>>, %offs: tensor<128xi32>) {
  // expected-error @+1 {{pointer ('tensor<64x!block.ptr<f32>>') and offset ('tensor<128xi32>') must have the same shape}}
  %0 = "block.addptr"(%p, %offs) : (tensor<64x!block.ptr<f32>>, tensor<128xi32>) -> tensor<64x!block.ptr<f32>>
  return
}

// -----

func.func @scalar_base_result(%p: !block.ptr<f32>, %offs: tensor<128xi32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<128x!block.ptr<f32>>' are incompatible with return type(s) of operation '!block.ptr<f32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "block.addptr"(%p, %offs) : (!block.ptr<f32>, tensor<128xi32>) -> !block.ptr<f32>
  return
}

// -----

func.func @arange_base_not_i32(%b: i64) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = block.arange %b + 0, 16 : tensor<16xi32>
  return
}
