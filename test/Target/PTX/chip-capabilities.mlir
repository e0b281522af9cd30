// What a program needs of the chip is checked before any pass runs
// (block-kernel-defaults, the first of block-to-ptx): each of these aborted
// LLVM ("Cannot select: intrinsic ...", "unsupported library call
// operation") when compiled for a chip without the instruction. On a chip
// that has it, each compiles.
// RUN: block-opt %s -split-input-file '--block-to-ptx=chip=sm_80' -verify-diagnostics -o /dev/null
// RUN: block-opt %s -split-input-file '--block-to-ptx=chip=sm_90a' -o /dev/null

#shared = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @warp_specialize() attributes {block.kernel, block.num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<128xf32>
  %a = blockgpu.local_alloc : !blockgpu.memdesc<128xf32, #shared, mutable>
  // expected-error @+1 {{'blockgpu.warp_specialize' op needs setmaxnreg (a producer warpgroup's register budget), which sm_80 lacks: compile for sm_90a or later}}
  blockgpu.warp_specialize warps(4, 4) registers(232, 40) {
    blockgpu.local_store %t, %a : tensor<128xf32> -> !blockgpu.memdesc<128xf32, #shared, mutable>
  } producer {
  }
  return
}

// -----

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
func.func @mbarrier() attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<1x1x1xi64, #bar, mutable>
  %bar = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<1x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  // expected-error @+1 {{'blockgpu.init_barrier' op needs mbarriers with transaction counts, which sm_80 lacks: compile for sm_90 or later}}
  blockgpu.init_barrier %bar, 1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// -----

func.func @fence() attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{'blockgpu.fence_async_shared' op needs fence.proxy.async, which sm_80 lacks: compile for sm_90 or later}}
  blockgpu.fence_async_shared
  return
}

// -----

// Any explicit rounding mode to bf16, even to_nearest_even; without one, or
// to f16, sm_80 converts.
func.func @truncf_rounding(%x: !block.ptr<f32>, %o: !block.ptr<bf16>, %h: !block.ptr<f16>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 128 : tensor<128xi32>
  %v = block.load %x[%r] : !block.ptr<f32>, tensor<128xi32>
  %plain = arith.truncf %v : tensor<128xf32> to tensor<128xbf16>
  block.store %o[%r], %plain : !block.ptr<bf16>, tensor<128xi32>
  %half = arith.truncf %v to_nearest_away : tensor<128xf32> to tensor<128xf16>
  block.store %h[%r], %half : !block.ptr<f16>, tensor<128xi32>
  // expected-error @+1 {{'arith.truncf' op needs a conversion to bf16 with a rounding mode, which sm_80 lacks: compile for sm_90 or later}}
  %t = arith.truncf %v to_nearest_away : tensor<128xf32> to tensor<128xbf16>
  block.store %o[%r], %t : !block.ptr<bf16>, tensor<128xi32>
  return
}
