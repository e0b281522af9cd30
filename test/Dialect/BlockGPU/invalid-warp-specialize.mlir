// RUN: block-opt %s -split-input-file -verify-diagnostics

// The rules of blockgpu.warp_specialize.

func.func @partial_warpgroup() {
  // expected-error @+1 {{splits whole warpgroups, but has 8 consumer and 2 producer warps}}
  blockgpu.warp_specialize warps(8, 2) registers(232, 40) {
  } producer {
  }
  return
}

// -----

func.func @other_warps() attributes {block.kernel, block.num_warps = 4 : i32} {
  // expected-error @+1 {{has 8 consumer warps, but its kernel's layouts are for 4}}
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
  } producer {
  }
  return
}

// -----

func.func @odd_budget() {
  // expected-error @+1 {{gives 230 registers per thread; setmaxnreg takes a multiple of 8 from 24 to 256}}
  blockgpu.warp_specialize warps(8, 4) registers(230, 40) {
  } producer {
  }
  return
}

// -----

func.func @tiny_budget() {
  // expected-error @+1 {{gives 16 registers per thread; setmaxnreg takes a multiple of 8 from 24 to 256}}
  blockgpu.warp_specialize warps(8, 4) registers(232, 16) {
  } producer {
  }
  return
}

// -----

func.func @over_budget() {
  // expected-error @+1 {{gives its threads 66560 registers, more than the 64512 its 384 threads start with}}
  blockgpu.warp_specialize warps(8, 4) registers(240, 40) {
  } producer {
  }
  return
}

// -----

func.func @producer_tensor() {
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
  } producer {
    // expected-error @+1 {{makes a tensor inside a warp_specialize producer, whose warps hold no tensors}}
    %zeros = arith.constant dense<0.0> : tensor<128xf32>
  }
  return
}

// -----

func.func @producer_barrier() {
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
  } producer {
    // expected-error @+1 {{synchronises the CTA inside a warp_specialize producer, whose warps synchronise through mbarriers only}}
    gpu.barrier
  }
  return
}

// -----

func.func @turn_outside() {
  // expected-error @+1 {{'blockgpu.await_turn' op takes a turn among the consumer warpgroups of a blockgpu.warp_specialize, but is not in its consumer region}}
  blockgpu.await_turn
  return
}

// -----

func.func @turn_in_producer() {
  blockgpu.warp_specialize warps(8, 4) registers(232, 40) {
  } producer {
    // expected-error @+1 {{'blockgpu.pass_turn' op takes a turn among the consumer warpgroups of a blockgpu.warp_specialize, but is not in its consumer region}}
    blockgpu.pass_turn
  }
  return
}

// -----

func.func @turn_alone() {
  blockgpu.warp_specialize warps(4, 4) registers(240, 40) {
    // expected-error @+1 {{'blockgpu.await_turn' op takes a turn among two or more consumer warpgroups, but the consumers are one warpgroup (4 warps)}}
    blockgpu.await_turn
  } producer {
  }
  return
}

// -----

func.func @too_many_threads() attributes {block.kernel, block.num_warps = 32 : i32} {
  // expected-error @+1 {{runs 1152 threads, more than the 1024 a CTA may have}}
  blockgpu.warp_specialize warps(32, 4) registers(40, 24) {
  } producer {
  }
  return
}
