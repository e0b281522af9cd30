// RUN: block-opt %s -blockgpu-allocate-shared-memory -split-input-file | FileCheck %s
// RUN: block-opt %s -blockgpu-allocate-shared-memory=max-bytes=4096 -split-input-file -verify-diagnostics -o /dev/null

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
#nvmma = #blockgpu.nvmma<swizzle = 32>

// Buffers live at the same time do not overlap, the NVMMA buffer is
// 1024-aligned, and a buffer allocated after another's last use reuses its
// bytes. Larger buffers are placed first.
// CHECK-LABEL: func.func @buffers
// CHECK-SAME: blockgpu.shared_memory = 1280 : i64
func.func @buffers() attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<128xf32>
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<128xf32
  %a = blockgpu.local_alloc : !blockgpu.memdesc<128xf32, #shared, mutable>
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 1024 : i64} : !blockgpu.memdesc<8x16xbf16
  %n = blockgpu.local_alloc : !blockgpu.memdesc<8x16xbf16, #nvmma, mutable>
  blockgpu.local_store %t, %a : tensor<128xf32> -> !blockgpu.memdesc<128xf32, #shared, mutable>
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<64xf32
  %c = blockgpu.local_alloc : !blockgpu.memdesc<64xf32, #shared, mutable>
  %x = blockgpu.local_load %n : !blockgpu.memdesc<8x16xbf16, #nvmma, mutable> -> tensor<8x16xbf16>
  %y = blockgpu.local_load %c : !blockgpu.memdesc<64xf32, #shared, mutable> -> tensor<64xf32>
  return
}

// -----

// Stages of one allocation (memdesc_index views) keep it live.
// CHECK-LABEL: func.func @views
func.func @views() attributes {block.kernel, block.num_warps = 4 : i32} {
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 0 : i64} : !blockgpu.memdesc<2x256xf32
  %b = blockgpu.local_alloc : !blockgpu.memdesc<2x256xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 2048 : i64} : !blockgpu.memdesc<64xf32
  %c = blockgpu.local_alloc : !blockgpu.memdesc<64xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
  %y = blockgpu.local_load %c : !blockgpu.memdesc<64xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable> -> tensor<64xf32>
  %c1 = arith.constant 1 : i32
  %b1 = blockgpu.memdesc_index %b[%c1] : !blockgpu.memdesc<2x256xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable> -> !blockgpu.memdesc<256xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
  %z = blockgpu.local_load %b1 : !blockgpu.memdesc<256xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable> -> tensor<256xf32>
  return
}

// -----

#blocked = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// A buffer used in a loop it is allocated outside of lives through the
// whole loop: the reduction's scratch inside the loop, after the buffer's
// last use, still may not take its bytes.
// CHECK-LABEL: func.func @loop
func.func @loop(%n: i32) attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<512xf32, #blocked>
  // CHECK: blockgpu.local_alloc {blockgpu.offset = 0 : i64}
  %a = blockgpu.local_alloc : !blockgpu.memdesc<512xf32, #shared, mutable>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    blockgpu.local_store %t, %a : tensor<512xf32, #blocked> -> !blockgpu.memdesc<512xf32, #shared, mutable>
    // CHECK: block.reduce add %{{.*}} axis = 0 {blockgpu.offset = 2048 : i64}
    %s = block.reduce %t axis = 0 : (tensor<512xf32, #blocked>) -> f32 {
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      block.yield %r : f32
    }
  }
  return
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// With max-bytes=4096 the kernel is refused, its largest buffers named.
// expected-error @+1 {{'func.func' op needs 8192 bytes of shared memory, more than the 4096 bytes a program instance may use}}
func.func @too_much() attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-note @+1 {{4096 bytes here (blockgpu.local_alloc)}}
  %a = blockgpu.local_alloc : !blockgpu.memdesc<1024xf32, #shared, mutable>
  // expected-note @+1 {{4096 bytes here (blockgpu.local_alloc)}}
  %b = blockgpu.local_alloc : !blockgpu.memdesc<1024xf32, #shared, mutable>
  %x = blockgpu.local_load %a : !blockgpu.memdesc<1024xf32, #shared, mutable> -> tensor<1024xf32>
  %y = blockgpu.local_load %b : !blockgpu.memdesc<1024xf32, #shared, mutable> -> tensor<1024xf32>
  return
}
