// A kernel may call helper functions written with block ops (a reduction's
// combiner region included): the dialect lets the inliner inline them, and
// block-to-ptx compiles the kernel as if written in one piece. The
// interpreter runs the calls as they are and gets the same numbers.
// RUN: block-opt %s --inline | FileCheck %s --check-prefix=INLINE
// RUN: block-opt %s --block-to-ptx --block-print-ptx -o /dev/null | FileCheck %s --check-prefix=PTX
// RUN: block-run %s --grid=1 --arg=ptr:f32:128:iota --arg=ptr:f32:1:zeros | FileCheck %s --check-prefix=INTERP
// A recursive helper cannot be inlined, and the kernel is refused saying so.
// RUN: sed 's/@sum_tile(%%y)/@recursive(%%y)/' %s | not block-opt --block-to-ptx 2>&1 | FileCheck %s --check-prefix=RECURSIVE

// INLINE-NOT: func.call
// INLINE-LABEL: func.func @k(
// INLINE: block.load
// INLINE: block.reduce add
// INLINE-NOT: func.call
// PTX: .visible .entry k(
// PTX: shfl.sync.bfly
// INTERP: pid (0, 0, 0) sum = 16256
// RECURSIVE: error: 'func.call' op calls @recursive, which was not inlined

func.func private @load_tile(%p: !block.ptr<f32>) -> tensor<128xf32> {
  %r = block.arange 0, 128 : tensor<128xi32>
  %ps = block.splat %p : tensor<128x!block.ptr<f32>>
  %a = block.addptr %ps, %r : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %x = block.load %a : tensor<128x!block.ptr<f32>>
  return %x : tensor<128xf32>
}

func.func private @sum_tile(%x: tensor<128xf32>) -> f32 {
  %s = block.reduce %x axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%u: f32, %v: f32):
    %w = arith.addf %u, %v : f32
    block.yield %w : f32
  }
  return %s : f32
}

func.func private @recursive(%x: tensor<128xf32>) -> f32 {
  %s = func.call @recursive(%x) : (tensor<128xf32>) -> f32
  return %s : f32
}

func.func @k(%p: !block.ptr<f32>, %out: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %x = func.call @load_tile(%p) : (!block.ptr<f32>) -> tensor<128xf32>
  %y = arith.addf %x, %x : tensor<128xf32>
  %s = func.call @sum_tile(%y) : (tensor<128xf32>) -> f32
  block.print "sum = " %s : f32
  block.store %out, %s : !block.ptr<f32>
  return
}
