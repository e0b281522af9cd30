//===- DebugOpToGPU.cpp - block.print and block.assert --------------------===//
//
// Each element is printed (or checked) once, by the thread that owns it,
// with the program id and its index; a scalar by thread 0.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::block;

/// The printf conversion of `value` and the value it prints (vprintf takes
/// 32-bit integers, 64-bit integers and doubles).
static std::pair<std::string, Value> formatValue(OpBuilder &b, Location loc,
                                                 Value value, bool hex) {
  Type type = value.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return {"0x%llx", LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value)};
  if (auto floatType = dyn_cast<FloatType>(type)) {
    if (floatType.getWidth() < 32)
      value = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    return {"%f", value};
  }
  unsigned width = type.getIntOrFloatBitWidth();
  if (width == 64)
    return {hex ? "0x%llx" : "%lld", value};
  if (width < 32)
    value = hex || width == 1
                ? Value(arith::ExtUIOp::create(b, loc, b.getI32Type(), value))
                : Value(arith::ExtSIOp::create(b, loc, b.getI32Type(), value));
  return {hex ? "0x%x" : "%d", value};
}

/// `pid (x, y, z)` and its arguments.
static std::string formatProgramId(OpBuilder &b, Location loc,
                                   SmallVectorImpl<Value> &args) {
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    args.push_back(arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(), gpu::BlockIdOp::create(b, loc, dim)));
  return "pid (%d, %d, %d)";
}

/// ` idx (i, j)` and its arguments, for a tensor element.
static std::string formatIndex(ArrayRef<Value> index,
                               SmallVectorImpl<Value> &args) {
  std::string format = " idx (";
  for (auto [d, value] : llvm::enumerate(index)) {
    format += d ? ", %d" : "%d";
    args.push_back(value);
  }
  return format + ")";
}

/// Printf strings are C strings: a literal '%' must be doubled.
static std::string escapePercent(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  return escaped;
}

/// Runs `body` for every element (first copy) the current thread owns, with
/// the element's index; for a scalar, once in thread 0.
static void forEachOwnedElement(
    OpBuilder &b, Location loc, Type type, ValueRange values,
    function_ref<void(OpBuilder &, Location, Value, ArrayRef<Value>)> body) {
  std::optional<TensorDistribution> dist = getDistributionOf(type);
  Value owner = emitIsOwner(b, loc, dist);
  SmallVector<Value> threadIndex;
  if (dist)
    threadIndex = dist->emitThreadIndex(b, loc, emitThreadIds(b, loc));
  auto emitOwned = [&](function_ref<void(OpBuilder &, Location)> emit) {
    if (!owner)
      return emit(b, loc);
    scf::IfOp::create(b, loc, owner, [&](OpBuilder &then, Location thenLoc) {
      emit(then, thenLoc);
      scf::YieldOp::create(then, thenLoc);
    });
  };
  emitOwned([&](OpBuilder &ob, Location oloc) {
    for (auto [reg, value] : llvm::enumerate(values)) {
      if (dist && !dist->isFirstCopy(reg))
        continue;
      SmallVector<Value> index;
      if (dist)
        index = dist->emitElementIndex(ob, oloc, threadIndex, reg);
      body(ob, oloc, value, index);
    }
  });
}

namespace {
struct PrintOpToGPU : OpConversionPattern<PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string prefix = escapePercent(op.getPrefix());
    if (op.getArgs().empty()) {
      scf::IfOp::create(rewriter, loc, emitIsFirstThread(rewriter, loc),
                        [&](OpBuilder &b, Location thenLoc) {
                          SmallVector<Value> args;
                          std::string format = formatProgramId(b, thenLoc, args);
                          gpu::PrintfOp::create(b, thenLoc,
                                                format + " " + prefix + "\n",
                                                args);
                          scf::YieldOp::create(b, thenLoc);
                        });
      rewriter.eraseOp(op);
      return success();
    }
    bool several = op.getArgs().size() > 1;
    for (auto [k, arg, values] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      forEachOwnedElement(
          rewriter, loc, arg.getType(), values,
          [&](OpBuilder &b, Location printLoc, Value value,
              ArrayRef<Value> index) {
            SmallVector<Value> args;
            std::string format = formatProgramId(b, printLoc, args);
            if (!index.empty())
              format += formatIndex(index, args);
            if (several)
              format += " (operand " + std::to_string(k) + ")";
            auto [conversion, printed] =
                formatValue(b, printLoc, value, op.getHex());
            args.push_back(printed);
            gpu::PrintfOp::create(b, printLoc,
                                  format + " " + prefix + conversion + "\n",
                                  args);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// A false element prints the message with its location, program id and
/// index, then traps, which ends the kernel with an error.
struct AssertOpToGPU : OpConversionPattern<AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string where;
    if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
      where = (fileLoc.getFilename().getValue() + ":" +
               Twine(fileLoc.getLine()) + ": ")
                  .str();
    std::string message = escapePercent(where + op.getMessage().str());
    forEachOwnedElement(
        rewriter, loc, op.getCondition().getType(), adaptor.getCondition(),
        [&](OpBuilder &b, Location assertLoc, Value ok, ArrayRef<Value> index) {
          Value failed = arith::XOrIOp::create(
              b, assertLoc, ok, arith::ConstantIntOp::create(b, assertLoc, 1, 1));
          scf::IfOp::create(b, assertLoc, failed,
                            [&](OpBuilder &then, Location thenLoc) {
                              SmallVector<Value> args;
                              std::string format =
                                  formatProgramId(then, thenLoc, args);
                              if (!index.empty())
                                format += formatIndex(index, args);
                              gpu::PrintfOp::create(
                                  then, thenLoc,
                                  format + " block.assert failed: " + message +
                                      "\n",
                                  args);
                              LLVM::Trap::create(then, thenLoc);
                              scf::YieldOp::create(then, thenLoc);
                            });
        });
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::block::populateDebugOpToGPUPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<PrintOpToGPU, AssertOpToGPU>(converter, patterns.getContext());
}
