// mbarriers keep their phases: a wait returns once the phase of its parity
// has completed. One thread cannot complete a phase it waits for, and the
// partitions of a warp_specialize run in two threads, so a protocol that
// would hang on the GPU stops the run with an error instead.

// RUN: block-run %s --kernel=handshake --grid=2 | FileCheck %s --check-prefix=HANDSHAKE
// RUN: not block-run %s --kernel=unarmed --grid=1 2>&1 | FileCheck %s --check-prefix=UNARMED
// RUN: not block-run %s --kernel=second_phase --grid=1 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: not block-run %s --kernel=extra_arrivals --grid=1 2>&1 | FileCheck %s --check-prefix=EXTRA

#bar = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>

// The producer waits for a fresh barrier's previous parity, 1, which counts
// as complete, then its four warps arrive; the consumers wait for that
// phase and print. (A consumer's wait for parity 1 could come after the
// arrival, when phase 1 is the one in progress: a hang, as on the GPU.)
// HANDSHAKE: pid (0, 0, 0) phase 0 complete
// HANDSHAKE: pid (1, 0, 0) phase 0 complete
func.func @handshake() attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<1x1x1xi64, #bar, mutable>
  %bar = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<1x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.init_barrier %bar, 4 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.warp_specialize warps(4, 4) registers(232, 40) {
    blockgpu.wait_barrier %bar, %c0 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
    block.print "phase 0 complete"
  } producer {
    blockgpu.wait_barrier %bar, %c1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
    blockgpu.arrive_barrier %bar : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  }
  return
}

// UNARMED: error: blockgpu.wait_barrier in program (0, 0, 0): waits for the phase of parity 0 of an mbarrier that nothing running completes (on the GPU, a hang)
func.func @unarmed() attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<1x1x1xi64, #bar, mutable>
  %bar = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<1x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.init_barrier %bar, 1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.wait_barrier %bar, %c0 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}

// The producer completes one phase; the consumers wait for a second.
// SECOND: error: blockgpu.wait_barrier in program (0, 0, 0): waits for the phase of parity 1 of an mbarrier that nothing running completes (on the GPU, a hang)
func.func @second_phase() attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<1x1x1xi64, #bar, mutable>
  %bar = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<1x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.init_barrier %bar, 4 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.warp_specialize warps(4, 4) registers(232, 40) {
    blockgpu.wait_barrier %bar, %c0 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
    blockgpu.wait_barrier %bar, %c1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  } producer {
    blockgpu.arrive_barrier %bar : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  }
  return
}

// EXTRA: error: blockgpu.arrive_barrier in program (0, 0, 0): 4 arrivals on an mbarrier whose phase waits for 1 more
func.func @extra_arrivals() attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %bars = blockgpu.local_alloc : !blockgpu.memdesc<1x1x1xi64, #bar, mutable>
  %bar = blockgpu.memdesc_index %bars[%c0] : !blockgpu.memdesc<1x1x1xi64, #bar, mutable> -> !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.init_barrier %bar, 1 : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  blockgpu.arrive_barrier %bar : !blockgpu.memdesc<1x1xi64, #bar, mutable>
  return
}
