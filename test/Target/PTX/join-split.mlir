// REQUIRES: ptxas
// block.join and block.split through block-compile, assembled by ptxas for
// sm_90a and sm_80. With layouts that keep each pair in one thread, pairs
// are made and taken apart in registers: no shared memory, no barrier, no
// shuffle. Without layouts, block-assign-layouts chooses such layouts.
// RUN: rm -rf %t && block-compile %s -o %t/sm90 --no-cubin && block-compile %s -o %t/sm80 --chip=sm_80 --no-cubin
// RUN: %ptxas -arch=sm_90a %t/sm90/join-split.ptx -o %t/sm90.cubin
// RUN: %ptxas -arch=sm_80 %t/sm80/join-split.ptx -o %t/sm80.cubin
// RUN: FileCheck %s < %t/sm90/join-split.ptx
// RUN: block-opt %s --block-kernel-defaults --canonicalize --block-assign-layouts | FileCheck %s --check-prefix=LAYOUTS

// out[2i], out[2i + 1] = x[2i + 1], x[2i]: pairs loaded, split, joined the
// other way round and stored.
// CHECK-LABEL: .entry swap_pairs(
// CHECK-NOT: .shared
// CHECK-NOT: shfl.sync
// CHECK-NOT: bar.sync
// CHECK: ret;
#H = #block.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#P = #block.blocked<sizePerThread = [2, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @swap_pairs(%x: !block.ptr<f32>, %out: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %i = block.arange 0, 256 : tensor<256xi32, #H>
  %c2 = arith.constant dense<2> : tensor<256xi32, #H>
  %c1 = arith.constant dense<1> : tensor<256xi32, #H>
  %even = arith.muli %i, %c2 : tensor<256xi32, #H>
  %odd = arith.addi %even, %c1 : tensor<256xi32, #H>
  %offs = block.join %even, %odd : tensor<256xi32, #H> -> tensor<256x2xi32, #P>
  %xs = block.splat %x : tensor<256x2x!block.ptr<f32>, #P>
  %xp = block.addptr %xs, %offs : tensor<256x2x!block.ptr<f32>, #P>, tensor<256x2xi32, #P>
  %v = block.load %xp : tensor<256x2x!block.ptr<f32>, #P>
  %a, %b = block.split %v : tensor<256x2xf32, #P> -> tensor<256xf32, #H>
  %w = block.join %b, %a : tensor<256xf32, #H> -> tensor<256x2xf32, #P>
  %os = block.splat %out : tensor<256x2x!block.ptr<f32>, #P>
  %op = block.addptr %os, %offs : tensor<256x2x!block.ptr<f32>, #P>, tensor<256x2xi32, #P>
  block.store %op, %w : tensor<256x2x!block.ptr<f32>, #P>
  return
}

// (re, im) pairs of a complex vector times themselves, conjugated: the
// layouts block-assign-layouts chooses hold each pair in a thread, so that
// neither the split nor the join needs a conversion.
// CHECK-LABEL: .entry square_magnitudes(
// CHECK: ret;
// LAYOUTS-LABEL: func.func @square_magnitudes
// LAYOUTS-NOT: block.convert_layout
// LAYOUTS: block.split %{{.*}} : tensor<512x2xf32, #[[P:.*]]> -> tensor<512xf32, #[[H:.*]]>
// LAYOUTS-NOT: block.convert_layout
// LAYOUTS: block.join %{{.*}}, %{{.*}} : tensor<512xf32, #[[H]]> -> tensor<512x2xf32, #[[P]]>
// LAYOUTS-NOT: block.convert_layout
// LAYOUTS: return
func.func @square_magnitudes(%x: !block.ptr<f32> {block.alignment = 16},
                             %out: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %r = block.arange 0, 512 : tensor<512xi32>
  %two = arith.constant dense<2> : tensor<512xi32>
  %r2 = arith.muli %r, %two : tensor<512xi32>
  %rows = block.broadcast %r2 dims [0] : tensor<512xi32> -> tensor<512x2xi32>
  %j = block.arange 0, 2 : tensor<2xi32>
  %cols = block.broadcast %j dims [1] : tensor<2xi32> -> tensor<512x2xi32>
  %offs = arith.addi %rows, %cols : tensor<512x2xi32>
  %px = block.addptr %x, %offs : !block.ptr<f32>, tensor<512x2xi32>
  %p = block.load %px : tensor<512x2x!block.ptr<f32>>
  %re, %im = block.split %p : tensor<512x2xf32> -> tensor<512xf32>
  %rr = arith.mulf %re, %re : tensor<512xf32>
  %ii = arith.mulf %im, %im : tensor<512xf32>
  %m = arith.addf %rr, %ii : tensor<512xf32>
  %zero = arith.constant dense<0.0> : tensor<512xf32>
  %q = block.join %m, %zero : tensor<512xf32> -> tensor<512x2xf32>
  %po = block.addptr %out, %offs : !block.ptr<f32>, tensor<512x2xi32>
  block.store %po, %q : tensor<512x2x!block.ptr<f32>>
  return
}
