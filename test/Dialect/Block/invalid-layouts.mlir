// RUN: block-opt %s -split-input-file -verify-diagnostics

// The layout rules of the operations, where both sides have layouts.

#tile = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#other = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @expand_dims_not_a_slice(%x: tensor<128xf32, #block.slice<dim = 1, parent = #tile>>) {
  // expected-error @+1 {{operand layout #block.slice<dim = 1, parent = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> must be the slice of the result layout at the new axis, #block.slice<dim = 0, parent = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>}}
  %e = block.expand_dims %x, 0 : tensor<128xf32, #block.slice<dim = 1, parent = #tile>> -> tensor<1x128xf32, #tile>
  return
}

// -----

#tile = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// The layouts' kinds do not matter, where they put elements does: with 4
// elements per thread #row would be #tile's slice for this shape.
#row = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @expand_dims_blocked_operand(%x: tensor<128xf32, #row>) {
  // expected-error @+1 {{must be the slice of the result layout at the new axis}}
  %e = block.expand_dims %x, 0 : tensor<128xf32, #row> -> tensor<1x128xf32, #tile>
  return
}

// -----

#tile = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#other = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @broadcast_changes_layout(%x: tensor<1x128xf32, #tile>) {
  // expected-error @+1 {{operand layout #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]> and result layout #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]> must be the same}}
  %b = block.broadcast %x : tensor<1x128xf32, #tile> -> tensor<8x128xf32, #other>
  return
}

// -----

#tile = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @trans_not_a_permutation(%x: tensor<32x32xf32, #tile>) {
  // expected-error @+1 {{result layout #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]> must be the operand layout permuted by the order, #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>}}
  %t = block.trans %x [1, 0] : tensor<32x32xf32, #tile> -> tensor<32x32xf32, #tile>
  return
}

// -----

#a = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @addptr_offsets_elsewhere(%p: tensor<128x!block.ptr<f32>, #a>, %o: tensor<128xi32, #b>) {
  // expected-error @+1 {{pointer layout #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> and offset layout #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]> must be the same}}
  %q = block.addptr %p, %o : tensor<128x!block.ptr<f32>, #a>, tensor<128xi32, #b>
  return
}

// -----

#tile = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#other = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @reduce_result_not_a_slice(%x: tensor<8x128xf32, #tile>) {
  // expected-error @+1 {{result #0 has type 'tensor<8xf32, #block.slice<dim = 1, parent = #block.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>', but reducing 'tensor<8x128xf32, #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>' along axis 1 gives 'tensor<8xf32, #block.slice<dim = 1, parent = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>'}}
  %r = block.reduce %x axis = 1 : (tensor<8x128xf32, #tile>) -> tensor<8xf32, #block.slice<dim = 1, parent = #other>> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  return
}

// -----

#a = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @reduce_operands_elsewhere(%x: tensor<128xf32, #a>, %i: tensor<128xi32, #b>) {
  // expected-error @+1 {{operand #1 has type 'tensor<128xi32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>', but all operands must have the layout of operand #0}}
  %m, %j = block.reduce %x, %i axis = 0 : (tensor<128xf32, #a>, tensor<128xi32, #b>) -> (f32, i32) {
  ^bb0(%v: f32, %vi: i32, %w: f32, %wi: i32):
    %gt = arith.cmpf ogt, %v, %w : f32
    %r = arith.select %gt, %v, %w : f32
    %ri = arith.select %gt, %vi, %wi : i32
    block.yield %r, %ri : f32, i32
  }
  return
}

// -----

#a = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @scan_operands_elsewhere(%x: tensor<128xi32, #a>, %y: tensor<128xi32, #b>) {
  // expected-error @+1 {{operand #1 has type 'tensor<128xi32, #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>', but all operands must have the layout of operand #0}}
  %s, %t = block.scan %x, %y axis = 0 : (tensor<128xi32, #a>, tensor<128xi32, #b>) -> (tensor<128xi32, #a>, tensor<128xi32, #b>) {
  ^bb0(%p: i32, %q: i32, %u: i32, %v: i32):
    %pu = arith.addi %p, %u : i32
    %qv = arith.addi %q, %v : i32
    block.yield %pu, %qv : i32, i32
  }
  return
}
