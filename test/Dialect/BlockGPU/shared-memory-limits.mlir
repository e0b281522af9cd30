// RUN: block-opt %s -split-input-file -blockgpu-pipeline-loops | FileCheck %s
// RUN: block-opt %s -split-input-file -blockgpu-allocate-shared-memory -verify-diagnostics -o /dev/null

// The chip bounds the rings: four stages of a 128 x 128 bf16 tile (32 KiB
// each) are asked for, sm_86 holds 99 KiB a CTA, so the ring has three
// buffers and the copies go two iterations ahead.
#A = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#MMA = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#S = #blockgpu.swizzled<vec = 8, perPhase = 1, maxPhase = 8>
// CHECK-LABEL: func.func @clamped
// CHECK: blockgpu.local_alloc : !blockgpu.memdesc<3x128x128xbf16, #{{.+}}, mutable>
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %c0_i32{{.*}}, %{{.+}} = %c2_i32{{.*}})
// CHECK-NEXT: blockgpu.async_wait {num = 1 : i32}
module attributes {block.target = "sm_86"} {
func.func @clamped(%p: !block.ptr<bf16>, %n: i32) attributes {block.kernel, block.num_warps = 4 : i32, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #MMA>
  %acc = scf.for %k = %c0 to %n step %c128 iter_args(%s = %zero) -> (tensor<128x128xf32, #MMA>) : i32 {
    %pk = block.addptr %p, %k : !block.ptr<bf16>, i32
    %ptrs = block.splat %pk : tensor<128x128x!block.ptr<bf16>, #A>
    %t = block.load %ptrs : tensor<128x128x!block.ptr<bf16>, #A>
    %buf = blockgpu.local_alloc %t : tensor<128x128xbf16, #A> -> !blockgpu.memdesc<128x128xbf16, #S>
    %d = blockgpu.dot %buf, %buf, %s : !blockgpu.memdesc<128x128xbf16, #S>, !blockgpu.memdesc<128x128xbf16, #S> -> tensor<128x128xf32, #MMA>
    scf.yield %d : tensor<128x128xf32, #MMA>
  }
  return
}
}

// -----

// The allocator's limit is the chip's too: 192 KiB fit sm_90a's 227 KiB
// but not sm_80's 163 KiB.
#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// CHECK-LABEL: func.func @fits
module attributes {block.target = "sm_90a"} {
func.func @fits() attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = blockgpu.local_alloc : !blockgpu.memdesc<32768xf32, #shared, mutable>
  %b = blockgpu.local_alloc : !blockgpu.memdesc<16384xf32, #shared, mutable>
  %x = blockgpu.local_load %a : !blockgpu.memdesc<32768xf32, #shared, mutable> -> tensor<32768xf32>
  %y = blockgpu.local_load %b : !blockgpu.memdesc<16384xf32, #shared, mutable> -> tensor<16384xf32>
  return
}
}

// -----

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// CHECK-LABEL: func.func @too_much
module attributes {block.target = "sm_80"} {
// expected-error @+1 {{'func.func' op needs 196608 bytes of shared memory, more than the 166912 bytes a program instance may use}}
func.func @too_much() attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-note @+1 {{131072 bytes here (blockgpu.local_alloc)}}
  %a = blockgpu.local_alloc : !blockgpu.memdesc<32768xf32, #shared, mutable>
  // expected-note @+1 {{65536 bytes here (blockgpu.local_alloc)}}
  %b = blockgpu.local_alloc : !blockgpu.memdesc<16384xf32, #shared, mutable>
  %x = blockgpu.local_load %a : !blockgpu.memdesc<32768xf32, #shared, mutable> -> tensor<32768xf32>
  %y = blockgpu.local_load %b : !blockgpu.memdesc<16384xf32, #shared, mutable> -> tensor<16384xf32>
  return
}
}
