//===- Passes.td - Transformations of block programs -------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_TD
#define BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def BlockKernelDefaults : Pass<"block-kernel-defaults", "::mlir::ModuleOp"> {
  let summary = "Give every kernel an explicit number of warps";
  let description = [{
    Sets `block.num_warps` on every kernel (`func.func` with `block.kernel`)
    that has none, so that later passes and the bundle manifest agree on the
    number of threads per program instance.

    With `chip` (e.g. `chip=sm_90a`), also sets the module's `block.target`
    when it has none, so that the layout passes know the chip
    (`getTargetChip`): block-to-ptx passes its own `chip` option.
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"4",
           "Warps per program instance for kernels that do not say">,
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip (sm_80, sm_90a, ...) to record as the module's "
           "block.target when it has none; none when empty">
  ];
}

def BlockLowerTensorDescriptors
    : Pass<"block-lower-tensor-descriptors", "::mlir::ModuleOp"> {
  let summary = "Lower tensor descriptors to masked pointer operations";
  let description = [{
    Rewrites each `block.desc_load` and `block.desc_store` into a
    `block.load` or `block.store` of the tile's pointers, masked to the
    elements inside the described tensor (a load reads zero elsewhere), and
    erases the `block.make_tensor_desc` ops. Element `j` of the tile at
    `indices` is at `base + sum_d (indices[d] + j[d]) * strides[d]`, inside
    when `0 <= indices[d] + j[d] < sizes[d]` for every `d` (one unsigned
    comparison per dimension). The offsets are of the descriptor's integer
    type; a constant innermost stride of 1 multiplies nothing, so the axis
    analysis sees the innermost dimension contiguous and the accesses
    vectorise as hand-written pointer code does.

    This is how descriptors run wherever the copy engine (TMA) does not
    take them. The descriptor of each access must be made in the same
    function (after inlining); one carried through a loop or a branch is
    refused.

    With `tma` (on a chip with wgmma), a tile the copy engine can bring to
    tensor-core products stays for blockgpu-pipeline-loops, which copies it
    with TMA into its ring of buffers. That is a `block.desc_load` of a
    rank-2 descriptor whose base, sizes and strides are kernel arguments or
    constants (the runtime encodes its tensor map from them at launch) and
    whose rows fill a swizzle's slab (a multiple of 32 bytes), either

    - in an `scf.for` that pipelines (`block.num_stages` not 1, and no
      write to global memory in its body, such as a persistent kernel's
      loop over the tiles it stores), every use of which is operand a or b
      of a wgmma `block.dot` there, as the tile lies or through a
      `block.trans` there: one copy, which every product reads from the
      same buffer, transposed through a view (attention's backward reads
      its Q tile both ways); or
    - outside such a loop, in the kernel's body or in loops around it,
      whose one use is operand a or b of a wgmma `block.dot` in the loop
      (attention's Q: blockgpu-specialize-warps or blockgpu-pipeline-loops
      copies it once each time its block runs).

    The copy engine writes a tile with its last dimension contiguous, so a
    transposed a and an untransposed b are read mn-major, which wgmma does
    for 16-bit types only: a tile of other types that a product would read
    so (an fp8 X^T as a) is loaded by pointers, as is a tile that anything
    but such products reads. A `block.desc_store` to such a
    descriptor of a tile computed from a product's accumulator (by
    elementwise operations, through the loops that carry it) stays too:
    blockgpu-materialize-shared-memory stages its tile in shared memory, and
    the copy engine stores it. Any other tile is stored directly, with
    vector stores: its layout is made for that, and it would go through
    shared memory first.

    ```mlir
    %d = block.make_tensor_desc %a, [%m, %k], [%k, %c1]
        : !block.ptr<bf16> -> !block.tensordesc<tensor<64x32xbf16>>
    %t = block.desc_load %d[%row, %col]
        : !block.tensordesc<tensor<64x32xbf16>> -> tensor<64x32xbf16>
    // becomes, for each dimension d, rows r = row + arange(64),
    // offsets r * k and the mask r <u m (and likewise for the columns),
    // broadcast to 64x32 and combined:
    %p = block.addptr %a, %offsets : !block.ptr<bf16>, tensor<64x32xi32>
    %t = block.load %p mask %inside other %zeros : tensor<64x32x!block.ptr<bf16>>
    ```
  }];
  let options = [
    Option<"tma", "tma", "bool", /*default=*/"false",
           "Leave the tiles the copy engine can bring to wgmma products in "
           "pipelined loops, and those it can store, for the copy engine">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::blockgpu::BlockGPUDialect"];
}

def BlockVersionOnSigns : Pass<"block-version-on-signs", "::mlir::ModuleOp"> {
  let summary = "Version a kernel on the signs of the scalars its index "
                "remainders divide";
  let description = [{
    Signed division and remainder (`arith.divsi`, `arith.remsi`) keep the
    aligned runs of a contiguous dividend only when it is non-negative:
    `(s + arange) % n` is contiguous in runs of 16 when `n` is a multiple of
    16 and `s >= 0`, and not otherwise (rounding towards zero breaks a run
    that starts at a negative multiple of `n`). Triton's tutorial matmul
    wraps its columns so, with `s = pid_n * BLOCK_N` and `pid_n` from signed
    arithmetic whose sign no analysis can know.

    For each such tensor division or remainder whose result reaches an
    address or a mask, and whose runs a non-negative dividend would keep,
    this pass finds the scalars of the kernel's body that the dividend's
    sign hangs on (through `arith.addi`, `arith.muli`, splats, broadcasts
    and `block.arange`'s base), and runs the rest of the kernel after the
    last of them twice, under `scf.if` on all of them being non-negative:
    the `then` copy reads each scalar as `arith.maxsi(s, 0)` (equal to it
    there), which the axis analysis knows is non-negative, and the `else`
    copy is the original. Launches that stay in bounds take the first.

    ```mlir
    %s = arith.muli %pid_n, %c128 : i32
    ... (the rest of the kernel)
    // becomes
    %s = arith.muli %pid_n, %c128 : i32
    %nonneg = arith.cmpi sge, %s, %c0 : i32
    scf.if %nonneg {
      %s0 = arith.maxsi %s, %c0 : i32
      ... (the rest, reading %s0)
    } else {
      ... (the rest)
    } {block.versioned_on_signs}
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def BlockSplitLoops : Pass<"block-split-loops", "::mlir::ModuleOp"> {
  let summary = "Split loops where a branch on the induction variable turns";
  let description = [{
    A loop whose body branches on whether the induction variable has
    reached a bound the loop does not change (`scf.if` on
    `arith.cmpi sge|sgt|slt|sle` of the induction variable and a value
    defined outside the loop) runs as two loops: the iterations before the
    first one that takes the `iv >= bound` side, with the other side
    inlined, then the rest, with that side inlined. The loops carry the
    values the loop carried (the second starts from the first's results)
    and keep its attributes (`block.num_stages`, `block.warp_specialize`).

    This is the loop shape of Triton's and FlashAttention's kernels written
    by hand (the unmasked key blocks, then the masked ones): no test per
    iteration, and no branch between a product and the code that reads its
    result, which the loops' pipelining and warp specialization then take
    as two loops of the same tiles. Loops compared unsigned
    (`unsignedCmp`) and branches deeper than the loop's body stay as they
    are; a loop splits at its first such branch.

    ```mlir
    %r = scf.for %i = %lb to %ub step %s iter_args(%x = %init) -> f32 : i32 {
      %masked = arith.cmpi sge, %i, %bound : i32
      %y = scf.if %masked -> f32 { ... } else { ... }
      ...
    }
    // becomes, with %split = min(%ub, %lb + ceildiv(clamp(%bound, %lb, %ub) - %lb, %s) * %s):
    %r0 = scf.for %i = %lb to %split step %s iter_args(%x = %init) -> f32 : i32 {
      ... (the else side) ...
    }
    %r = scf.for %i = %split to %ub step %s iter_args(%x = %r0) -> f32 : i32 {
      ... (the then side) ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def BlockAssignLayouts : Pass<"block-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Give every tensor of a kernel a distributed layout";
  let description = [{
    Chooses a `#block.blocked` or `#block.slice` layout for every tensor in
    every kernel, so that memory accesses are vectorised and coalesced:

    - each load, store and atomic (the anchors) gets a blocked layout from
      the axis info of its pointers: the most contiguous dimension fastest
      (`order`), each thread holding a vector of up to 16 bytes along it
      (`sizePerThread`, as far as contiguity, alignment and the mask's
      constancy allow, and no more than its share of the elements), the 32
      lanes of a warp and then the `block.num_warps` warps (default 4)
      along it;
    - the layouts spread to the other tensors: identical through
      elementwise operations, `block.broadcast` and control flow, a slice
      across `block.expand_dims` and `block.reduce`, a permutation across
      `block.trans`; anchors of higher rank go first, so that rows and
      columns of a tile become slices of the tile's layout;
    - where two layouts meet, a `block.convert_layout` moves the tensor.

    Afterwards: every tensor has a layout; the tensors of an elementwise
    operation, a memory operation or a cast share one; `block.expand_dims`
    takes the slice of its result's layout; `block.reduce` gives the slice
    of its operand's; `block.trans` gives the permutation of its operand's
    blocked layout; control flow forwards values of identical types. Layouts
    the program already has stay.

    The accumulator of a `block.dot` gets a tensor-core layout
    (`#block.mma`) where the module's chip (`block.target`) has an
    instruction for its element types and shape (`chooseDotAccumulatorLayout`:
    wgmma on sm_90a for f16 and bf16 into f32, and for i8 into i32, fp8
    into f32 and f32 with `precision = tf32` where both operands are loaded
    k-contiguous, with M a multiple of 64; mma.sync on sm_80 and later for
    f16, bf16, i8, and f32 with `precision = tf32` or `tf32x3`), up to
    version `max-mma-version` (3: wgmma;
    2: mma.sync; 0: the FMA path only), and otherwise a blocked layout in
    which each thread holds a tile of rows by up to 4 columns, for the FMA
    path.
  }];
  let options = [
    Option<"maxMmaVersion", "max-mma-version", "unsigned", /*default=*/"3",
           "The highest #block.mma version a product's accumulator may get "
           "(0: none, 2: mma.sync, 3: wgmma)">
  ];
  let dependentDialects = ["::mlir::block::BlockDialect"];
}

def BlockRemoveLayoutConversions
    : Pass<"block-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove needless block.convert_layout operations";
  let description = [{
    Folds conversions to the same layout and chains of conversions, and
    instead of converting a tensor that is cheap to compute again (constants,
    `block.splat`, `block.arange`, and elementwise and shape operations on
    them), computes it again in the layout the conversion asks for.
    Conversions of the result of an elementwise or shape operation move to
    its operands when that does not add conversions (they then often meet
    and fold, or reach a cheap tensor), and conversions of a broadcast move
    before it, where the tensor is smaller. A `block.dot` reads the source
    of a conversion in front of its `a` or `b` (it stages them in shared
    memory from any layout), except an `a` converted into the fragments of
    its tensor-core instruction, which it then reads from registers.
    A tensor an `scf.for` carries, converts to one layout where it uses it
    and advances by a step defined outside the loop (tile pointers, as
    Triton's tutorials write loops) is carried in that layout: the initial
    value is converted before the loop, the step computed in the layout,
    and the result converted back after the loop where it is used.
  }];
  let dependentDialects = ["::mlir::block::BlockDialect"];
}

def BlockPipelineDotOperands
    : Pass<"block-pipeline-dot-operands", "::mlir::ModuleOp"> {
  let summary = "Load the operands of a loop's block.dot one iteration ahead";
  let description = [{
    In an `scf.for` of a kernel whose body loads tiles used only as operands
    `a` or `b` of `block.dot`, issues the loads of the next iteration before
    the products of this one and carries the tiles in `iter_args`, so that
    their latency hides behind the product instead of stalling it. The loads
    for the first iteration move before the loop, their masks also false
    where the loop runs no iteration. In the last iteration, which has no
    next one, the loads read the last iteration's tiles again (valid
    addresses, since the loop loads them), which leaves the program's masks
    as they are: a mask on every access cost the H200 matmul 2.5%.

    A loop whose products run on tensor cores (the module's chip has an
    instruction for them, and the loop's `block.num_stages` is not 1) is
    left to blockgpu-pipeline-loops, which brings their operands through
    shared memory.

    A load moves only when the operations computing its pointer, mask and
    `other` from the induction variable are free of effects and read no
    loop-carried value, the load is not volatile, and nothing in the loop
    writes memory (which the earlier load could otherwise miss).

    ```mlir
    %r = scf.for %k = %lb to %ub step %s iter_args(%acc = %zero) -> ... {
      %a = block.load %pa(%k) ...
      %d = block.dot %a, %b, %acc ...
      scf.yield %d
    }
    // becomes
    %a0 = block.load %pa(%lb) mask (%lb < %ub) ...
    %last = %lb + (%ub - %lb - 1) / %s * %s
    %r:2 = scf.for %k = %lb to %ub step %s
        iter_args(%acc = %zero, %a = %a0) -> ... {
      %next = arith.select (%k + %s < %ub), %k + %s, %last
      %an = block.load %pa(%next) ...
      %d = block.dot %a, %b, %acc ...
      scf.yield %d, %an
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::block::BlockDialect"];
}

#endif // BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_TD
