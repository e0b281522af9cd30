//===- GlobalAccess.h - Predicated vector accesses of global memory -*- C++ -*-===//

#ifndef LIB_CONVERSION_BLOCKTOGPU_GLOBALACCESS_H
#define LIB_CONVERSION_BLOCKTOGPU_GLOBALACCESS_H

#include "block/Dialect/Block/IR/BlockDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::block {

/// How a global access uses the caches.
struct CacheHints {
  std::optional<CacheModifier> cache;
  std::optional<EvictionPolicy> evict;
  bool isVolatile = false;

  bool isDefault() const {
    return !cache && (!evict || *evict == EvictionPolicy::evict_normal) &&
           !isVolatile;
  }
};

/// Loads `width` consecutive elements of `elementType` at global `ptr` in one
/// access (width * size <= 16 bytes, and the address aligned to it), only
/// where `predicate` (may be null) holds; elsewhere the results are
/// undefined.
SmallVector<Value> emitGlobalLoad(OpBuilder &b, Location loc, Value ptr,
                                  Type elementType, unsigned width,
                                  Value predicate, const CacheHints &hints);

/// Stores `values` (consecutive elements) at global `ptr` in one access, only
/// where `predicate` (may be null) holds.
void emitGlobalStore(OpBuilder &b, Location loc, Value ptr, ValueRange values,
                     Value predicate, const CacheHints &hints);

/// `ptx` as nvvm.inline_ptx that reads `operands` ({$r0}, {$r1}, ...) and
/// writes results of `resultTypes` ({$w0}, ...), executed only where
/// `predicate` (may be null) holds; elsewhere the results are undefined.
NVVM::InlinePtxOp createPredicatedPtx(OpBuilder &b, Location loc,
                                      TypeRange resultTypes, const Twine &ptx,
                                      ValueRange operands, Value predicate);

} // namespace mlir::block

#endif // LIB_CONVERSION_BLOCKTOGPU_GLOBALACCESS_H
