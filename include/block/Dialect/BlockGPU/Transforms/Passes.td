//===- Passes.td - Passes on shared memory -----------------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_TRANSFORMS_PASSES_TD
#define BLOCK_DIALECT_BLOCKGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def BlockGPUAllocateSharedMemory
    : Pass<"blockgpu-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Give every shared buffer and every op's scratch an offset";
  let description = [{
    In each kernel, gives every `blockgpu.local_alloc` and every operation
    with scratch (SharedScratchOpInterface) a byte offset
    (`blockgpu.offset`) such that no two that are live at the same time
    overlap, each aligned as its layout or the operation asks (up to 1024
    bytes for the NVMMA swizzle). A buffer lives from its allocation to its
    last use, through `memdesc_index` views; used in a loop it does not
    start in, it lives to the end of that loop. Scratch lives while its
    operation runs. The slots a `blockgpu.await_turn` with `after` values
    stores into (16 bytes a consumer warp) live through the whole kernel,
    so that nothing else shares their bytes. Larger and earlier allocations
    are placed first, each at the lowest offset that fits.

    The kernel's total goes to `blockgpu.shared_memory` (and from there to
    the bundle's manifest). A kernel that needs more than `max-bytes` (by
    default what its chip allows a CTA) is refused, with the largest users
    named.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"0",
           "Shared memory one program instance may use, in bytes (0: what "
           "the module's block.target chip allows, 227 KiB where none is "
           "set)">,
  ];
  let dependentDialects = ["::mlir::blockgpu::BlockGPUDialect"];
}

def BlockGPUMaterializeSharedMemory
    : Pass<"blockgpu-materialize-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Spell out in blockgpu ops the trips block ops make through "
                "shared memory";
  let description = [{
    Rewrites the block operations whose lowering moves data through shared
    memory into blockgpu operations, so that allocation, barriers and a
    pipeliner see every buffer:

    - a `block.convert_layout` that is no register relabel becomes a buffer
      written in the source layout and read in the result's
      (`local_alloc` + `local_load`); a `block.reshape` that moves data
      becomes a reshape that moves none followed by such a conversion (a
      `block.trans` never moves data: its verifier says so);
    - a `block.dot` stages both operands in buffers and becomes
      `blockgpu.dot`, for the FMA path or, with an mma.sync accumulator
      (`#block.mma` version 2), for ldmatrix; with a wgmma accumulator, in
      the NVMMA layout its descriptors read. A tile block-lower-tensor-
      descriptors left for the copy engine has one buffer, as the copy
      engine writes it, made before the first product of its block that
      reads it: every product there reads that buffer, a transposed
      operand (`block.trans` of the tile) through a `blockgpu.memdesc_trans`
      view of it.

    A conversion's buffer keeps its tensor row-major, the FMA product's
    operands with k in rows (`a` transposed, so that a step of k reads one
    row), swizzled so that the lanes of one access meet different banks:
    offset bits above a 128-byte line that the reading lanes vary are XORed
    into the bits within it above the access width. An mma.sync operand is
    kept with its rows along the dimension its loads hold consecutive, in
    `#blockgpu.swizzled` 16-byte groups that put any eight consecutive rows
    on different banks. The barriers they need are
    blockgpu-insert-barriers'.
  }];
  let dependentDialects = ["::mlir::blockgpu::BlockGPUDialect"];
}

def BlockGPUPipelineLoops
    : Pass<"blockgpu-pipeline-loops", "::mlir::ModuleOp"> {
  let summary = "Copy a loop's product operands num_stages - 1 iterations "
                "ahead into a ring of buffers";
  let description = [{
    In each `scf.for` of a kernel, after blockgpu-materialize-shared-memory:
    the loads whose tiles a `blockgpu.local_alloc` stages only for
    tensor-core products (`#block.mma` accumulators) of the same iteration
    become asynchronous copies (`blockgpu.async_copy`, cp.async on sm_80
    and later) into a ring of `block.num_stages` buffers (the innermost
    setting on the loop or the kernel; 3 by default; 1 leaves the loop as
    it is; fewer where the chip's shared memory does not hold that many):

    - before the loop, the copies of the first num_stages - 1 iterations,
      one commit group each;
    - at the top of iteration i, `async_wait` leaves at most num_stages - 2
      groups in flight, so that iteration i's copies are complete, and a
      `gpu.barrier` makes them visible to every thread and orders the reads
      of the buffer iteration i - 1 used before the copies of iteration
      i + num_stages - 1 overwrite it;
    - the products read buffer i mod num_stages (a `memdesc_index` of the
      ring).

    A wgmma product that accumulates into an iter_arg and yields to it
    alone stays in flight into the next iteration (`async`, then a
    `blockgpu.dot_wait` leaving one group pending; one for all after the
    loop). It still reads buffer i - 1 at the top of iteration i, so there
    the copies come after the product's wait and a second `gpu.barrier`
    (every warpgroup past its wait), at the end of the iteration. Tiles of
    tensor descriptors (TMA) complete on one mbarrier per buffer instead
    of commit groups.

    Copies are issued only for iterations the loop runs, so none is in
    flight after it (an `async_wait` of 0 follows the loop all the same).
    A load moves only where it is not volatile, reads zero where masked off
    (no `other`, or a zero), its pointers and mask are computed from the
    induction variable, values defined outside the loop and loop-carried
    pointers that each iteration advances by the same offsets (`scf.yield`
    of `block.addptr %p, %step`, as Triton's tutorials write their loops)
    by operations free of effects, and nothing in the loop writes memory
    other than shared memory.

    A tile staged outside the loops whose products read it (a
    `blockgpu.local_alloc` of a `block.desc_load` in the kernel's body or
    in loops only, read by products of nested loops or into registers, as
    attention's Q) is copied by TMA once each time its block runs, into a
    buffer with an mbarrier of its own, and every thread waits for the
    barrier's phase (the count of its block's runs so far, threaded
    through the loops around it, mod 2). blockgpu-specialize-warps gives
    such copies to its producer where it splits a kernel.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
}

def BlockGPUDeferProductWaits
    : Pass<"blockgpu-defer-product-waits", "::mlir::ModuleOp"> {
  let summary = "Let wgmma products run while the threads do independent "
                "work";
  let description = [{
    A wgmma product (`blockgpu.dot` with a `#block.mma` version 3
    accumulator) waits for itself where it is issued. After
    blockgpu-pipeline-loops, in a block with no `async` product yet, each
    such product becomes `async` and its wait a `blockgpu.dot_wait` just
    before the first operation of its block that uses its result, writes
    shared memory (the product may still read its buffers), holds another
    product or ends the block; `pendings` counts the async products issued
    in between. Where that is the next operation, the product stays as it
    is.

    Flash attention written with the product O += P V of the previous key
    block issued before this block's softmax gets the overlap FA3 describes
    (the tensor cores multiply while the threads exponentiate); measured on
    the H200 it does not pay yet while the warps are limited by issue and
    latency (docs/performance.md), and the example keeps the plain order.
    A deferred product's accumulator that starts at zero in its loop starts
    as nothing (`use_acc` false on the first iteration), as the pipeliner's
    product in flight does.
  }];
  let dependentDialects = ["::mlir::blockgpu::BlockGPUDialect"];
}

def BlockGPUSpecializeWarps
    : Pass<"blockgpu-specialize-warps", "::mlir::ModuleOp"> {
  let summary = "Give the TMA copies of a product loop to a producer warpgroup";
  let description = [{
    In each kernel, after blockgpu-materialize-shared-memory and before
    blockgpu-pipeline-loops: where exactly one `scf.for` stages only tiles
    of tensor descriptors (`block.desc_load`, left for TMA) for its wgmma
    products, and sits in the kernel's body or in loops only, the kernel's
    body becomes a `blockgpu.warp_specialize`:

    - the kernel's `block.num_warps` warps consume: per iteration they wait
      for the "full" mbarrier of ring buffer (count mod R) and multiply;
      with one product accumulating into an iter_arg, that product stays
      in flight and its buffer goes back (`arrive_barrier` on its "empty"
      mbarrier) once it has completed, in the next iteration; with two
      (attention's Q K^T, then O += P V into an iter_arg), the second
      stays in flight into the next iteration, which waits for it together
      with its own first product once it has issued that (a wait for the
      older alone, `wgmma.wait_group 1`, ptxas answers by serialising the
      products) and then hands the previous buffer back, where the
      operands and accumulators of both take at most 192 registers a
      thread (ptxas serialises the products where fewer are left for the
      work between them: D64 attention's 128 x 256 scores); otherwise the
      buffer goes back at the iteration's end;
    - one warpgroup more produces: a copy of the kernel pruned to the loops
      and coordinates, which per iteration waits for the buffer's "empty"
      phase, arms "full" with the bytes of the tiles and copies them
      (`tma_load`);
    - both count iterations with an i32 threaded through the enclosing
      loops, so the tiles of a persistent kernel share one ring of
      R = num_stages buffers (fewer where shared memory does not hold
      them), allocated at the kernel's start;
    - the producer keeps 24 registers per thread (setmaxnreg's least),
      the consumers take the rest of what the program instance starts
      with;
    - a tile copied once each time its block runs (see
      blockgpu-pipeline-loops: attention's Q) gets a buffer and a "full"
      mbarrier of its own: the producer arms and copies it where the
      kernel loads it, the consumers wait for it there. Where its block
      runs again (a persistent kernel's loop over tiles), the consumers
      hand it back on an "empty" mbarrier once its last reader has
      completed (after the wait for the products of the loops that read
      it, or right after a read into registers, the warp converged first),
      and the producer waits for that before the next copy: the next
      tile's Q is fetched while the consumers finish this one.

    A kernel whose producer would need anything but scalars, copies and
    mbarrier waits (a tensor, a barrier) is left as it is.

    Only loops that ask for it (`block.warp_specialize = true` on the loop
    or around it) are specialised, or, with `all`, every loop that does not
    refuse it (`false`).

    With `turns`, the consumer warpgroups of a loop of several products
    take turns at issuing them (`await_turn` before the loop and before
    the second product, `pass_turn` after the first and after the loop: a
    turn is one iteration's last products and the next one's first), as
    FA3's ping-pong does: one warpgroup's work between its turns (the
    softmax) runs while the other's products do. A loop whose consumers
    pass data through shared memory besides the rings takes no turns: the
    barriers that needs would fall inside a turn, where the warpgroup
    holding it cannot meet the others. The await before the second
    product names what the loop carries that the work between the turns
    computes (`after`: the softmax's row maximum and sum), so that the
    lowering keeps that work before the wait (ptxas would otherwise start
    the wait first and hold the turn through the softmax: 6% of attention's
    cycles, docs/performance.md). Consecutive loops of turns with
    only register work between them (attention's unmasked and masked key
    blocks, where no product stays in flight) share the turn across their
    change, as two iterations do. On by default (attention with 128-key
    blocks: +5% at D128, +12% at D64 on the H100; with 64-key blocks the
    turns cost more than they give, docs/performance.md).
  }];
  let options = [
    Option<"all", "all", "bool", /*default=*/"false",
           "Specialise the loops that do not say otherwise too">,
    Option<"turns", "turns", "bool", /*default=*/"true",
           "Make the consumer warpgroups of a loop of several products take "
           "turns at issuing them">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def BlockGPUInsertBarriers
    : Pass<"blockgpu-insert-barriers", "::mlir::ModuleOp"> {
  let summary = "Insert the barriers that conflicting shared accesses need";
  let description = [{
    In each kernel, after blockgpu-allocate-shared-memory: tracks the bytes
    of shared memory read and written since the last `gpu.barrier` and
    inserts one before an operation whose accesses conflict with them (a
    read after a write, a write after a read or a write), and nowhere else.

    An operation accesses the buffers its memory effects name (through
    `memdesc_index` views: the stage a constant index picks, the whole
    allocation otherwise), or, declaring no effects, the buffers it takes
    or makes; its scratch (SharedScratchOpInterface) it reads and writes,
    so the lowering of a scratch user needs no barrier before it, only
    between its own stores and loads. An `async_copy` writes when an
    `async_wait` completes it: until then its bytes are in flight, and a
    barrier orders them only after the wait. Loops (`scf.for`, `scf.while`)
    run to a fixed point, so a body waits for its previous iteration where
    it conflicts with it; a barrier the body needs only for what comes
    before the loop goes before the loop. `scf.if` joins its branches.
    Barriers already in the kernel are kept and order what is before them.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // BLOCK_DIALECT_BLOCKGPU_TRANSFORMS_PASSES_TD
