//===- BlockGPUDialect.td - Shared memory below the block level -*- tablegen -*-===//
//
// The GPU-level layer under block programs: values in shared memory with a
// layout, a lifetime and asynchronous producers. Users never write it; the
// compiler's passes make shared memory explicit in it after layouts are
// assigned, so that allocation, synchronisation and pipelining see it.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUDIALECT_TD
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def BlockGPU_Dialect : Dialect {
  let name = "blockgpu";
  let cppNamespace = "::mlir::blockgpu";
  let summary = "Shared memory and asynchronous copies below block programs";
  let description = [{
    Shared memory of one program instance, made explicit after layouts are
    assigned (docs/design.md, "Shared memory"). A buffer is a memory
    descriptor, `!blockgpu.memdesc<shape x type, #shared-layout[, mutable]>`:
    buffers are mutable, so they are not SSA tensors. Shared layouts
    (`#blockgpu.swizzled`, `#blockgpu.nvmma`) say where each element lives,
    as a linear layout from `offset` to the tensor index. Ops allocate
    buffers, store distributed tensors into them and load them back in any
    distributed layout, select one stage of a multi-buffered allocation, and
    copy global memory to shared memory asynchronously (cp.async) with
    commit groups and waits.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::block::BlockDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    /// The attribute that block-allocate-shared-memory puts on each
    /// buffer and on each operation with scratch: its byte offset.
    static constexpr ::llvm::StringLiteral getOffsetAttrName() {
      return "blockgpu.offset";
    }
    /// The kernel attribute with the shared memory it needs, in bytes.
    static constexpr ::llvm::StringLiteral getSharedMemoryAttrName() {
      return "blockgpu.shared_memory";
    }
  }];
}

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUDIALECT_TD
