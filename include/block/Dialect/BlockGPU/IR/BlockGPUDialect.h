//===- BlockGPUDialect.h - Shared memory below block programs ---*- C++ -*-===//

#ifndef BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUDIALECT_H
#define BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUDIALECT_H

#include "block/Dialect/Block/IR/BlockDialect.h"
#include "block/Layout/LinearLayout.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "block/Dialect/BlockGPU/IR/BlockGPUDialect.h.inc"

#include "block/Dialect/BlockGPU/IR/SharedLayoutInterface.h.inc"

#define GET_ATTRDEF_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "block/Dialect/BlockGPU/IR/BlockGPUTypes.h.inc"

namespace mlir::blockgpu {

/// The resource of shared-memory effects.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// The resource of mbarrier operations: they synchronise through the
/// barrier's state, not through the bytes blockgpu-insert-barriers orders.
struct MBarriers : public SideEffects::Resource::Base<MBarriers> {
  StringRef getName() final { return "<MBarriers>"; }
};

/// The resource of the turns consumer warpgroups take (await_turn,
/// pass_turn): named barriers, apart from shared memory and mbarriers.
struct WarpGroupTurns : public SideEffects::Resource::Base<WarpGroupTurns> {
  StringRef getName() final { return "<WarpGroupTurns>"; }
};

} // namespace mlir::blockgpu

#endif // BLOCK_DIALECT_BLOCKGPU_IR_BLOCKGPUDIALECT_H
