//===- BlockGPUOps.td - Shared-memory operations -----------*- tablegen -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_TD
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_TD

include "block/Dialect/BlockGPU/IR/BlockGPUTypes.td"
include "block/Dialect/Block/IR/BlockEnums.td"
include "block/Dialect/Block/IR/BlockTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def BlockGPU_SharedMemory : Resource<"::mlir::blockgpu::SharedMemory">;
def BlockGPU_MBarriers : Resource<"::mlir::blockgpu::MBarriers">;
def BlockGPU_WarpGroupTurns : Resource<"::mlir::blockgpu::WarpGroupTurns">;

class BlockGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<BlockGPU_Dialect, mnemonic, traits>;

def BlockGPU_MemDesc : Type<CPred<"::llvm::isa<::mlir::blockgpu::MemDescType>($_self)">,
    "shared-memory buffer", "::mlir::blockgpu::MemDescType">;

// The effects of the shared-memory operations are on the buffers they
// access, so that an analysis (blockgpu-insert-barriers) knows which bytes an
// operation touches without a list of operations.
def BlockGPU_LocalAllocOp : BlockGPU_Op<"local_alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "allocate a buffer in shared memory";
  let description = [{
    A buffer that lives from here to its last use. Without an operand the
    buffer is mutable and uninitialised; with a tensor it holds the tensor
    (written here) and is read-only. block-allocate-shared-memory gives it a byte offset
    (`blockgpu.offset`).

    ```mlir
    %buf = blockgpu.local_alloc : !blockgpu.memdesc<2x64x64xf32, #blockgpu.swizzled<vec = 4, perPhase = 1, maxPhase = 8>, mutable>
    %ro = blockgpu.local_alloc %tile : tensor<64x64xf32, #blocked> -> !blockgpu.memdesc<64x64xf32, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>>
    ```
  }];
  let arguments = (ins Optional<Block_Tensor>:$src);
  let results = (outs BlockGPU_MemDesc:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def BlockGPU_LocalStoreOp : BlockGPU_Op<"local_store"> {
  let summary = "store a distributed tensor into a buffer";
  let description = [{
    Every element of `src` goes to its place in `dst` (a mutable buffer of
    the same shape and element type); each element is written once, by one
    of the threads that hold it.

    ```mlir
    blockgpu.local_store %tile, %buf : tensor<64x64xf32, #blocked> -> !blockgpu.memdesc<64x64xf32, #shared, mutable>
    ```
  }];
  let arguments = (ins Block_Tensor:$src,
                       Arg<BlockGPU_MemDesc, "", [MemWrite<BlockGPU_SharedMemory>]>:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def BlockGPU_LocalLoadOp : BlockGPU_Op<"local_load"> {
  let summary = "load a buffer into a distributed tensor";
  let description = [{
    Each thread reads the elements its layout gives it.

    ```mlir
    %t = blockgpu.local_load %buf : !blockgpu.memdesc<64x64xf32, #shared, mutable> -> tensor<64x64xf32, #blocked>
    ```
  }];
  let arguments = (ins Arg<BlockGPU_MemDesc, "", [MemRead<BlockGPU_SharedMemory>]>:$src);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def BlockGPU_MemDescIndexOp : BlockGPU_Op<"memdesc_index", [Pure]> {
  let summary = "one stage of a multi-buffered allocation";
  let description = [{
    The buffer `src[index]`: the leading dimension dropped, the same layout
    and mutability. `index` must be in range (checked where it is a
    constant).

    ```mlir
    %stage = blockgpu.memdesc_index %buf[%i] : !blockgpu.memdesc<3x64x64xf32, #shared, mutable> -> !blockgpu.memdesc<64x64xf32, #shared, mutable>
    ```
  }];
  let arguments = (ins BlockGPU_MemDesc:$src, I32:$index);
  let results = (outs BlockGPU_MemDesc:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BlockGPU_MemDescTransOp : BlockGPU_Op<"memdesc_trans", [Pure]> {
  let summary = "a rank-2 buffer read with its dimensions swapped";
  let description = [{
    The bytes of `src`, indexed `[j, i]` where `src` is indexed `[i, j]`:
    the result's layout is the source's with the other dimension
    contiguous (`transposed` flipped for `#blockgpu.nvmma` and
    `#blockgpu.swizzled`, the bases' components swapped for
    `#blockgpu.linear`). A view writes nothing: a tile the copy engine
    brought as it lies in global memory (last dimension contiguous) is read
    in the other order, as attention's K tile is the k-major b of Q K^T.
    The view of a mutable buffer may be read-only.

    ```mlir
    %kt = blockgpu.memdesc_trans %k : !blockgpu.memdesc<64x128xbf16, #blockgpu.nvmma<swizzle = 128>, mutable> -> !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128, transposed = true>>
    ```
  }];
  let arguments = (ins BlockGPU_MemDesc:$src);
  let results = (outs BlockGPU_MemDesc:$result);
  let builders = [
    // The view of `src` with the same mutability.
    OpBuilder<(ins "::mlir::Value":$src)>
  ];
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def BlockGPU_AsyncCopyOp : BlockGPU_Op<"async_copy",
    [MemoryEffects<[MemRead]>,
     OptionalTypesMatchWith<"mask is i1 of the pointers' shape", "ptrs", "mask",
                            "::mlir::block::getBoolTypeLike($_self)">]> {
  let summary = "copy global memory to a buffer asynchronously (cp.async)";
  let description = [{
    Starts copying the elements `ptrs` point to into their places in `dst`
    (a mutable buffer of the pointers' shape and pointee type); masked-off
    elements are written as zero. The copy completes at an `async_wait`
    that covers its commit group.

    ```mlir
    %c = blockgpu.async_copy %ptrs, %stage mask %m : tensor<64x64x!block.ptr<f32>, #blocked> -> !blockgpu.memdesc<64x64xf32, #shared, mutable>
    ```
  }];
  let arguments = (ins Block_PtrTensor:$ptrs,
                       Arg<BlockGPU_MemDesc, "", [MemWrite<BlockGPU_SharedMemory>]>:$dst,
                       Optional<Block_BoolTensor>:$mask);
  let results = (outs BlockGPU_AsyncToken:$token);
  let assemblyFormat = [{
    $ptrs `,` $dst (`mask` $mask^)? attr-dict `:` type($ptrs) `->`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def BlockGPU_AsyncCommitGroupOp : BlockGPU_Op<"async_commit_group"> {
  let summary = "close a group of asynchronous copies";
  let description = [{
    The copies started since the last commit group (the `tokens`) form one
    group, which `async_wait` counts.

    ```mlir
    %g = blockgpu.async_commit_group tokens %c0, %c1
    ```
  }];
  let arguments = (ins Variadic<BlockGPU_AsyncToken>:$tokens);
  let results = (outs BlockGPU_AsyncToken:$token);
  // The keyword keeps a group without tokens from reading the next line's
  // result as one.
  let assemblyFormat = "(`tokens` $tokens^)? attr-dict";
}

def BlockGPU_AsyncWaitOp : BlockGPU_Op<"async_wait"> {
  let summary = "wait until at most `num` commit groups are in flight";
  let description = [{
    Completes this thread's asynchronous copies of all but the `num` most
    recent commit groups. Other threads see the copied data only after a
    barrier.

    ```mlir
    %w = blockgpu.async_wait %g {num = 1 : i32}
    ```
  }];
  let arguments = (ins Variadic<BlockGPU_AsyncToken>:$tokens,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$num);
  let results = (outs BlockGPU_AsyncToken:$token);
  let assemblyFormat = "$tokens attr-dict";
}

//===----------------------------------------------------------------------===//
// mbarriers and TMA
//===----------------------------------------------------------------------===//

// An mbarrier is a buffer of one i64 (`memdesc<1x1xi64>`, a stage of a ring
// `memdesc<Sx1x1xi64>`).
def BlockGPU_MBarrier : Type<CPred<
    "::llvm::isa<::mlir::blockgpu::MemDescType>($_self) && "
    "::llvm::cast<::mlir::blockgpu::MemDescType>($_self).getElementType().isInteger(64) && "
    "::llvm::cast<::mlir::blockgpu::MemDescType>($_self).getNumElements() == 1 && "
    "::llvm::cast<::mlir::blockgpu::MemDescType>($_self).getMutableMemory()">,
    "mbarrier (a mutable buffer of one i64)", "::mlir::blockgpu::MemDescType">;

def BlockGPU_InitBarrierOp : BlockGPU_Op<"init_barrier",
    [MemoryEffects<[MemWrite<BlockGPU_MBarriers>]>]> {
  let summary = "initialise an mbarrier";
  let description = [{
    Every thread of the program instance runs it; one initialises the
    barrier for `count` arrivals per phase, and the barrier is initialised
    for all of them when it returns (it synchronises the instance). The
    first phase has parity 0.

    ```mlir
    blockgpu.init_barrier %bar, 1 : !blockgpu.memdesc<1x1xi64, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
    ```
  }];
  let arguments = (ins BlockGPU_MBarrier:$barrier,
                       ConfinedAttr<I32Attr, [IntPositive]>:$count);
  let assemblyFormat = "$barrier `,` $count attr-dict `:` qualified(type($barrier))";
}

def BlockGPU_BarrierExpectOp : BlockGPU_Op<"barrier_expect",
    [MemoryEffects<[MemWrite<BlockGPU_MBarriers>]>]> {
  let summary = "arrive on an mbarrier, expecting the bytes of TMA copies";
  let description = [{
    One thread of the program instance (of a `warp_specialize` partition)
    arrives on the barrier and adds
    `bytes` to the transaction count its current phase waits for: the phase
    completes when the copies signalling it (`tma_load`) have delivered
    that many bytes.

    ```mlir
    blockgpu.barrier_expect %bar, 49152 : !blockgpu.memdesc<1x1xi64, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
    ```
  }];
  let arguments = (ins BlockGPU_MBarrier:$barrier,
                       ConfinedAttr<I32Attr, [IntPositive]>:$bytes);
  let assemblyFormat = "$barrier `,` $bytes attr-dict `:` qualified(type($barrier))";
}

def BlockGPU_TmaLoadOp : BlockGPU_Op<"tma_load",
    [MemoryEffects<[MemRead, MemWrite<BlockGPU_MBarriers>]>]> {
  let summary = "copy a descriptor's tile into a buffer with TMA";
  let description = [{
    One thread of the program instance (of a `warp_specialize` partition)
    starts copying the tile of `desc` at
    `indices` into `dst` (the tile's shape and element type, in an NVMMA
    layout that is not transposed: the copy engine writes slabs of the
    swizzle's width); elements outside the described tensor are written as
    zero. The copy signals `barrier` with its bytes, and its data is visible
    to a thread once that thread's `wait_barrier` sees the phase complete.

    ```mlir
    blockgpu.tma_load %desc[%row, %k], %stage, %bar : !block.tensordesc<tensor<128x64xbf16>>, !blockgpu.memdesc<128x64xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>, !blockgpu.memdesc<1x1xi64, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
    ```
  }];
  let arguments = (ins Block_TensorDesc:$desc, Variadic<I32>:$indices,
                       Arg<BlockGPU_MemDesc, "", [MemWrite<BlockGPU_SharedMemory>]>:$dst,
                       BlockGPU_MBarrier:$barrier);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $dst `,` $barrier attr-dict `:`
    qualified(type($desc)) `,` qualified(type($dst)) `,` qualified(type($barrier))
  }];
  let hasVerifier = 1;
}

def BlockGPU_TmaStoreOp : BlockGPU_Op<"tma_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "copy a buffer into a descriptor's tile with TMA";
  let description = [{
    One thread of the program instance (of a `warp_specialize` partition)
    copies `src` (the tile's shape and element type, in an NVMMA layout
    that is not transposed: the copy engine reads slabs of the swizzle's
    width) into the tile of `desc` at `indices`; elements outside the
    described tensor are not written. The copy reads `src` through the
    async proxy: its writers fence (`fence_async_shared`) before the
    barrier that hands it over, and the op returns once the copy has read
    it, so that the buffer may be written again after a barrier.

    ```mlir
    blockgpu.tma_store %desc[%row, %col], %buf : !block.tensordesc<tensor<128x256xbf16>>, !blockgpu.memdesc<128x256xbf16, #blockgpu.nvmma<swizzle = 128>, mutable>
    ```
  }];
  let arguments = (ins Block_TensorDesc:$desc, Variadic<I32>:$indices,
                       Arg<BlockGPU_MemDesc, "", [MemRead<BlockGPU_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

// Waiting also writes the barriers' resource: it acquires what the phase
// released, which must neither move nor vanish as an unused read would.
def BlockGPU_WaitBarrierOp : BlockGPU_Op<"wait_barrier",
    [MemoryEffects<[MemRead<BlockGPU_MBarriers>, MemWrite<BlockGPU_MBarriers>]>]> {
  let summary = "wait for a phase of an mbarrier to complete";
  let description = [{
    Returns once the barrier's phase of parity `phase` (0 or 1) has
    completed; what the copies signalling that phase wrote is then visible
    to this thread.

    ```mlir
    blockgpu.wait_barrier %bar, %parity : !blockgpu.memdesc<1x1xi64, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
    ```
  }];
  let arguments = (ins BlockGPU_MBarrier:$barrier, I32:$phase);
  let assemblyFormat = "$barrier `,` $phase attr-dict `:` qualified(type($barrier))";
}

def BlockGPU_ArriveBarrierOp : BlockGPU_Op<"arrive_barrier",
    [MemoryEffects<[MemWrite<BlockGPU_MBarriers>]>]> {
  let summary = "arrive on an mbarrier once per warp";
  let description = [{
    Each warp running it arrives on the barrier once, after everything it
    did before (a release: a warp that waits for the phase sees it done).
    A barrier initialised for the warps of a `warp_specialize` partition
    completes its phase when all of them have arrived: how consumers hand
    a buffer they no longer read back to the producer.

    One lane arrives for its warp. What the warp did before must be
    collective (a product's wait), or `converge` must be set: the warp's
    lanes then meet first, so that what each did on its own (a read of
    the buffer into its registers) comes before the arrival too.

    ```mlir
    blockgpu.arrive_barrier %bar : !blockgpu.memdesc<1x1xi64, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
    blockgpu.arrive_barrier %bar converge : !blockgpu.memdesc<1x1xi64, #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>, mutable>
    ```
  }];
  let arguments = (ins BlockGPU_MBarrier:$barrier, UnitAttr:$converge);
  let assemblyFormat =
      "$barrier (`converge` $converge^)? attr-dict `:` qualified(type($barrier))";
}

def BlockGPU_AwaitTurnOp : BlockGPU_Op<"await_turn",
    [MemoryEffects<[MemRead<BlockGPU_WarpGroupTurns>,
                    MemWrite<BlockGPU_WarpGroupTurns>]>]> {
  let summary = "wait for this warpgroup's turn";
  let description = [{
    The consumer warpgroups of a `warp_specialize` take turns, round robin
    from warpgroup 0: `await_turn` returns once the previous warpgroup has
    passed the turn (`pass_turn`). What a warpgroup does between the two,
    issuing its tensor-core products, the warpgroups do one after the
    other; the rest overlaps, so that one warpgroup's softmax runs while
    the other's products do (FA3's ping-pong). Every warpgroup must await
    and pass as many turns, in that order. The turns order progress only,
    not results: the interpreter, which runs the consumers as one
    program, runs them as nothing.

    `after` names values the warpgroup computed since its last turn that
    must be complete before it waits (the softmax's row statistics): the
    lowering makes the wait depend on them, one shared-memory store of
    their registers a warp into a slot of its own that nothing reads
    (`blockgpu.offset`, placed past every other allocation by
    blockgpu-allocate-shared-memory). ptxas moves register work across a
    `bar.sync` at will; without the dependence it may start the wait before
    the work, and the warpgroup would hold the turn through it.

    ```mlir
    blockgpu.await_turn
    %s = blockgpu.dot %q, %k, %zero : ...
    blockgpu.pass_turn
    ...
    blockgpu.await_turn after(%m_new, %l_new : tensor<128xf32, #rows>, tensor<128xf32, #rows>)
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$after);
  let assemblyFormat = "(`after` `(` $after^ `:` type($after) `)`)? attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Bytes of the slot of each warp (its `after` registers are stored
    /// there in turn, four at a time).
    static constexpr int64_t kSlotBytes = 16;
    /// Bytes of the slots of the consumer warps.
    int64_t getSlotsBytes();
  }];
}

def BlockGPU_PassTurnOp : BlockGPU_Op<"pass_turn",
    [MemoryEffects<[MemRead<BlockGPU_WarpGroupTurns>,
                    MemWrite<BlockGPU_WarpGroupTurns>]>]> {
  let summary = "pass the turn to the next warpgroup";
  let description = [{
    Ends this warpgroup's turn (see `await_turn`): the next warpgroup's
    `await_turn` may return. Does not wait.
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def BlockGPU_WarpSpecializeOp : BlockGPU_Op<"warp_specialize",
    [NoTerminator, SingleBlock, RecursiveMemoryEffects]> {
  let summary = "split a kernel's warps into consumers and a producer";
  let description = [{
    The first `consumer_warps` warps of the program instance run
    `consumer` (in a kernel, its `block.num_warps`, the warps its layouts
    are for); `producer_warps` more run `producer`, so the instance has
    `consumer_warps + producer_warps` warps. Both are whole warpgroups.
    Each partition first moves its register budget to its number of
    registers per thread (`setmaxnreg`; the budgets must fit the registers
    the instance starts with, an equal share of the SM's 64K), then runs
    its region; they synchronise through mbarriers only. A `gpu.barrier`
    in `consumer` synchronises the consumer warps alone. `producer` holds
    no tensors and no CTA barriers: it computes coordinates and issues
    copies (`barrier_expect` and `tma_load` by its first thread), waiting
    for buffers to come back.

    ```mlir
    blockgpu.warp_specialize warps(8, 4) registers(240, 24) {
      // products, epilogue
    } producer {
      // TMA copies into a ring
    }
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntPositive]>:$consumer_warps,
                       ConfinedAttr<I32Attr, [IntPositive]>:$producer_warps,
                       I32Attr:$consumer_registers,
                       I32Attr:$producer_registers);
  let regions = (region SizedRegion<1>:$consumer, SizedRegion<1>:$producer);
  let assemblyFormat = [{
    `warps` `(` $consumer_warps `,` $producer_warps `)`
    `registers` `(` $consumer_registers `,` $producer_registers `)`
    $consumer `producer` $producer attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The first thread of the producer partition.
    int64_t getProducerFirstThread() { return 32 * getConsumerWarps(); }
    /// The warp_specialize whose producer partition runs `op`, if any.
    static WarpSpecializeOp getProducerOf(Operation *op) {
      auto split = op->getParentOfType<WarpSpecializeOp>();
      return split && split.getProducer().isAncestor(op->getParentRegion())
                 ? split
                 : WarpSpecializeOp();
    }
    /// Threads of the program instance.
    int64_t getNumThreads() {
      return 32 * (getConsumerWarps() + getProducerWarps());
    }
    /// The registers per thread a program instance of `threads` threads
    /// starts with: an equal share of the SM's, a multiple of 8, at most
    /// 255 (what setmaxnreg budgets must fit).
    static int64_t getEntryRegisters(int64_t threads) {
      return std::min<int64_t>(64 * 1024 / threads, 255) / 8 * 8;
    }
  }];
}

def BlockGPU_FenceAsyncSharedOp : BlockGPU_Op<"fence_async_shared"> {
  let summary = "order this thread's shared-memory writes before async-proxy reads";
  let description = [{
    wgmma reads its operands through the async proxy, which does not see
    the generic proxy's writes (stores, and cp.async copies) in order. A
    thread that wrote a buffer a wgmma reads issues this fence after its
    writes completed (after `async_wait` for copies) and before the barrier
    that hands the buffer to the readers (`fence.proxy.async.shared::cta`).

    ```mlir
    blockgpu.fence_async_shared
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def BlockGPU_DotOp : BlockGPU_Op<"dot", [AllTypesMatch<["acc", "result"]>]> {
  let summary = "block.dot with its operands in shared memory";
  let description = [{
    `result = a * b + acc`, as `block.dot` (with its `precision`), for
    `a : MxK` and `b : KxN` in buffers: a product that reads its operands
    from shared memory where its instructions need them (the FMA path reads
    one step of k at a time, wgmma through descriptors). The operand and
    accumulator types follow `block.dot`'s rules. The buffers' layouts are
    the lowering's contract: whoever stages the operands
    (blockgpu-materialize-shared-memory, a pipeliner) chooses them for the
    path the accumulator's layout selects.

    With `use_acc` false the product ignores `acc` (`result = a * b`):
    a loop whose accumulator starts at zero passes false on its first
    iteration instead of materialising the zeros.

    A tensor-core product (wgmma or mma.sync) may take `a` in registers
    instead: a 16-bit tensor whose threads hold the instruction's A
    fragments (its layout relabels registers of `#block.dot_operand<0, acc
    layout, kWidth = 2>`), such as the rounded accumulator of an earlier
    product whose warps are all along M (P in attention's P V).

    An `async` product (wgmma accumulators only) returns while it still
    runs: its result may feed the accumulator of the next async product,
    and anything else reads it through a `blockgpu.dot_wait` that covers
    it. Its buffers must not be written until then.

    ```mlir
    %d = blockgpu.dot %a, %b, %acc : !blockgpu.memdesc<64x32xf32, #sa>, !blockgpu.memdesc<32x64xf32, #sb> -> tensor<64x64xf32, #blocked>
    ```
  }];
  let arguments = (ins
    Arg<AnyTypeOf<[BlockGPU_MemDesc, Block_Tensor]>, "",
        [MemRead<BlockGPU_SharedMemory>]>:$a,
    Arg<BlockGPU_MemDesc, "", [MemRead<BlockGPU_SharedMemory>]>:$b,
    Block_Tensor:$acc,
    Optional<I1>:$useAcc,
    DefaultValuedAttr<Block_DotPrecision,
                      "::mlir::block::DotPrecision::ieee">:$precision,
    UnitAttr:$async);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`use_acc` $useAcc^)? (`precision` `=` $precision^)?
    (`async` $async^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Steps of k the FMA path unrolls: its buffers' swizzles stay within
    /// a chunk of that many rows of k.
    static constexpr int64_t kFMAUnrolledSteps = 32;

    /// `a`'s buffer, or null where `a` is in registers (a tensor).
    MemDescType getABuffer() {
      return ::llvm::dyn_cast<MemDescType>(getA().getType());
    }
  }];
}

def BlockGPU_PoisonOp : BlockGPU_Op<"poison", [Pure]> {
  let summary = "a tensor whose elements are not defined";
  let description = [{
    A value no one reads before writing: the start of an accumulator whose
    first product does not read it (`use_acc` false). It costs no
    instruction; the interpreter gives zeros.

    ```mlir
    %acc = blockgpu.poison : tensor<128x256xf32, #mma>
    ```
  }];
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def BlockGPU_DotWaitOp : BlockGPU_Op<"dot_wait", [AllTypesMatch<["value", "result"]>]> {
  let summary = "wait until at most `pendings` async products are in flight";
  let description = [{
    Completes this warpgroup's `async` `blockgpu.dot` products but the
    `pendings` most recent, and returns `value`, an accumulator one of them
    writes, as they leave it: uses of the result come after the wait
    (`wgmma.wait_group` with the accumulator's registers tied through it).

    ```mlir
    %done = blockgpu.dot_wait %acc {pendings = 1 : i32} : tensor<128x256xf32, #mma>
    ```
  }];
  let arguments = (ins Block_Tensor:$value,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$pendings);
  let results = (outs Block_Tensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUOPS_TD
