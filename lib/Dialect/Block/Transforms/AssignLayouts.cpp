//===- AssignLayouts.cpp - Give every tensor of a kernel a layout ---------===//
//
// Memory operations are the anchors: each gets the blocked layout that lets a
// thread move up to 16 bytes per access and a warp cover contiguous memory
// (from the axis info of its pointers). The layouts spread from the anchors
// over the relations the operations impose (identical for elementwise
// operations, a slice across reduce, and across trans, expand_dims,
// broadcast and reshape what the layout algebra derives: LayoutUtils);
// tensors no anchor reaches get a default. Where two layouts meet,
// block.convert_layout moves the tensor from one to the other.
//
// Anchors of higher rank go first, so that the rows and columns of a tile
// become slices of the tile's layout, and a lower-rank access keeps such a
// slice when it serves the access as well as its own layout would.
//
//===----------------------------------------------------------------------===//

#include "LayoutUtils.h"

#include "block/Dialect/BlockGPU/IR/BlockGPUOps.h"

#include "block/Analysis/AxisInfo.h"
#include "block/Dialect/Block/IR/BlockOps.h"
#include "block/Dialect/Block/Transforms/DotLayouts.h"
#include "block/Dialect/Block/Transforms/Passes.h"
#include "block/Layout/TensorLayouts.h"
#include "block/Support/Remarks.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::block {
#define GEN_PASS_DEF_BLOCKASSIGNLAYOUTS
#include "block/Dialect/Block/Transforms/Passes.h.inc"

namespace {

/// Says which instruction `dot` runs on (`mma`, or FMA where null) and, on
/// a lesser one, `whyNot` a better one.
void remarkProduct(DotOp dot, MmaLayoutAttr mma, StringRef whyNot) {
  Location loc = dot.getLoc();
  if (mma && mma.isWgmma()) {
    ArrayRef<unsigned> shape = mma.getInstrShape();
    remark::passed(loc, remarks::opts("Wgmma", remarks::kDot, dot))
        << llvm::formatv("product on wgmma m64n{0}k{1}", shape[1], shape[2])
               .str();
    return;
  }
  std::string what = mma ? llvm::formatv("product on mma.sync m16n8k{0}",
                                         mma.getInstrShape()[2])
                               .str()
                         : std::string("product on FMA (no tensor cores)");
  remark::detail::InFlightRemark missed = remark::missed(
      loc, remarks::opts(mma ? "MmaSync" : "Fma", remarks::kDot, dot));
  missed << what << remark::reason("{0}", whyNot.str());
  // Exact f32 products have a fix the user may accept.
  if (!mma && getElementTypeOrSelf(dot.getA().getType()).isF32() &&
      dot.getPrecision() == DotPrecision::ieee)
    missed << remark::suggest("precision = tf32 (tl.dot's input_precision), "
                              "where its rounding is acceptable");
}

/// How the layout of `to` follows from the layout of the value the edge
/// leaves.
enum class Relation {
  Same,    // identical
  Slice,   // `to` is the slice at `axis` of the other (block.reduce)
  Parent,  // the other is the slice at `axis` of `to`
  Result,  // `to` is the result of the shape operation `op` of the other
  Operand, // `to` is the operand of the shape operation `op` of the other
};

struct Edge {
  Value to;
  Relation relation;
  unsigned axis = 0;
  /// The block.trans, block.expand_dims, block.broadcast or block.reshape
  /// of a Result or Operand edge.
  Operation *op = nullptr;

  bool crossesTrans() const { return isa_and_nonnull<TransOp>(op); }
};

static bool isTensor(Value value) {
  return isa<RankedTensorType>(value.getType());
}

/// Operations whose tensor operands and results all have one layout.
static bool hasOneLayout(Operation *op) {
  return op->hasTrait<::mlir::OpTrait::Elementwise>() ||
         isa<AddPtrOp, LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp, BitcastOp,
             PtrToIntOp, IntToPtrOp, ScanOp, blockgpu::AsyncCopyOp>(op);
}

/// Operations that accept any layouts, or whose tensors are only results.
static bool isLayoutFree(Operation *op) {
  return isa<ConvertLayoutOp, PrintOp, AssertOp, SplatOp, ArangeOp,
             arith::ConstantOp, blockgpu::LocalAllocOp, blockgpu::LocalStoreOp,
             blockgpu::LocalLoadOp, DescLoadOp, DescStoreOp>(op) ||
         op->hasTrait<::mlir::OpTrait::ConstantLike>() ||
         isa<RegionBranchTerminatorOpInterface>(op);
}

static bool isMemoryOp(Operation *op) {
  return isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(op);
}

/// A forwarded operand of region control flow and the value it becomes.
struct Forward {
  OpOperand *operand;
  Value input;
};

/// The control-flow edges of a region-holding operation: from its operands
/// into its regions, and from its regions' terminators into its regions or
/// its results.
static SmallVector<Forward> getForwards(RegionBranchOpInterface branch) {
  SmallVector<Forward> forwards;
  auto add = [&](Operation *from, OperandRange operands, ValueRange inputs) {
    if (operands.empty())
      return;
    unsigned begin = operands.getBeginOperandIndex();
    for (auto [i, input] : llvm::enumerate(inputs))
      if (i < operands.size())
        forwards.push_back({&from->getOpOperand(begin + i), input});
  };
  SmallVector<RegionSuccessor> successors;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  for (RegionSuccessor &successor : successors)
    add(branch, branch.getEntrySuccessorOperands(successor),
        successor.getSuccessorInputs());
  for (Region &region : branch->getRegions())
    for (Block &block : region) {
      auto terminator = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(
          block.empty() ? nullptr : &block.back());
      if (!terminator)
        continue;
      successors.clear();
      branch.getSuccessorRegions(RegionBranchPoint(terminator), successors);
      for (RegionSuccessor &successor : successors)
        add(terminator, terminator.getSuccessorOperands(successor),
            successor.getSuccessorInputs());
    }
  return forwards;
}

/// The branch operands of `op` and the block arguments they become.
static SmallVector<Forward> getForwards(BranchOpInterface branch) {
  SmallVector<Forward> forwards;
  for (unsigned s = 0, e = branch->getNumSuccessors(); s < e; ++s) {
    SuccessorOperands operands = branch.getSuccessorOperands(s);
    OperandRange forwarded = operands.getForwardedOperands();
    Block *successor = branch->getSuccessor(s);
    unsigned produced = operands.getProducedOperandCount();
    if (forwarded.empty())
      continue;
    for (unsigned i = 0, n = forwarded.size(); i < n; ++i)
      forwards.push_back(
          {&branch->getOpOperand(forwarded.getBeginOperandIndex() + i),
           successor->getArgument(produced + i)});
  }
  return forwards;
}

/// Refuses a call left in a kernel: layouts, and the lowering, need every
/// call inlined, which the inliner (run by block-to-ptx) does unless the
/// callee has no body or the call is recursive.
static LogicalResult emitNotInlined(CallOpInterface call) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
  InFlightDiagnostic diag = call->emitOpError();
  if (!callee || callee.isExternal())
    diag << "calls a function without a body";
  else
    diag << "calls @" << callee.getName()
         << ", which was not inlined (the inliner, which block-to-ptx runs, "
            "leaves recursive calls)";
  return diag << ": a kernel compiles only with every call inlined";
}

/// Assigns layouts to the tensors of one kernel.
class LayoutAssignment {
public:
  LayoutAssignment(func::FuncOp kernel, const AxisInfoAnalysis &axisInfo,
                   unsigned numWarps, unsigned maxMmaVersion)
      : kernel(kernel), axisInfo(axisInfo), numWarps(numWarps),
        maxMmaVersion(maxMmaVersion), context(kernel.getContext()) {}

  LogicalResult run() {
    if (failed(collectRelations()))
      return failure();
    if (values.empty())
      return success();
    assignLayouts();
    return materialize();
  }

private:
  //===--------------------------------------------------------------------===//
  // The relations between layouts
  //===--------------------------------------------------------------------===//

  void addEdge(Value from, Value to, Relation relation, unsigned axis = 0,
               Operation *op = nullptr) {
    edges[from].push_back({to, relation, axis, op});
  }
  ArrayRef<Edge> getEdges(Value value) const {
    auto it = edges.find(value);
    return it == edges.end() ? ArrayRef<Edge>() : ArrayRef<Edge>(it->second);
  }
  void relateSame(Value a, Value b) {
    addEdge(a, b, Relation::Same);
    addEdge(b, a, Relation::Same);
  }
  void relateSlice(Value slice, Value parent, unsigned axis) {
    addEdge(parent, slice, Relation::Slice, axis);
    addEdge(slice, parent, Relation::Parent, axis);
  }

  LogicalResult collectRelations() {
    WalkResult result = kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (failed(addValue(arg)))
              return WalkResult::interrupt();
      for (Value result : op->getResults())
        if (failed(addValue(result)))
          return WalkResult::interrupt();
      if (failed(relate(op)))
        return WalkResult::interrupt();
      if (isMemoryOp(op) && isTensor(getAccessedPointers(op)))
        memoryOps.push_back(op);
      if (auto tile = dyn_cast<DescLoadOp>(op))
        tileLoads.push_back(tile);
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  LogicalResult addValue(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return success();
    values.push_back(value);
    if (!type.getEncoding())
      return success();
    auto layout = dyn_cast<DistributedLayoutAttr>(type.getEncoding());
    if (!layout)
      return emitError(value.getLoc())
             << "block-assign-layouts: tensor type " << Type(type)
             << " has an encoding that is no distributed layout";
    if (layout.getNumWarps() != numWarps)
      return emitError(value.getLoc())
             << "block-assign-layouts: tensor type " << Type(type)
             << " spreads over " << layout.getNumWarps()
             << " warps, but the kernel has " << numWarps;
    // A layout the program already has stays.
    layouts[value] = layout;
    fixed.insert(value);
    return success();
  }

  LogicalResult relate(Operation *op) {
    if (auto call = dyn_cast<CallOpInterface>(op))
      return emitNotInlined(call);
    auto tensors = [](ValueRange range) {
      return llvm::filter_to_vector(range, isTensor);
    };
    if (hasOneLayout(op)) {
      SmallVector<Value> all = tensors(op->getOperands());
      llvm::append_range(all, tensors(op->getResults()));
      for (unsigned i = 1; i < all.size(); ++i)
        relateSame(all[0], all[i]);
      return success();
    }
    if (isa<TransOp, ExpandDimsOp, BroadcastOp, ReshapeOp, JoinOp, SplitOp>(
            op)) {
      addEdge(op->getOperand(0), op->getResult(0), Relation::Result, 0, op);
      addEdge(op->getResult(0), op->getOperand(0), Relation::Operand, 0, op);
      // A join's operands, a split's results, have one layout.
      if (isa<JoinOp>(op))
        relateSame(op->getOperand(0), op->getOperand(1));
      if (isa<SplitOp>(op))
        relateSame(op->getResult(0), op->getResult(1));
      return success();
    }
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      for (Value src : reduce.getSrcs().drop_front())
        relateSame(reduce.getSrcs().front(), src);
      for (Value result : tensors(reduce.getResults()))
        relateSlice(result, reduce.getSrcs().front(), reduce.getAxis());
      return success();
    }
    if (auto dot = dyn_cast<DotOp>(op)) {
      relateSame(dot.getAcc(), dot.getResult());
      return success();
    }
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
      for (Forward forward : getForwards(branch))
        if (isTensor(forward.input))
          relateSame(forward.operand->get(), forward.input);
      return success();
    }
    if (auto branch = dyn_cast<BranchOpInterface>(op)) {
      for (Forward forward : getForwards(branch))
        if (isTensor(forward.input))
          relateSame(forward.operand->get(), forward.input);
      return success();
    }
    if (isLayoutFree(op) || (llvm::none_of(op->getOperands(), isTensor) &&
                             llvm::none_of(op->getResults(), isTensor)))
      return success();
    return op->emitOpError()
           << "block-assign-layouts does not know how '" << op->getName()
           << "' relates the layouts of its tensors";
  }

  static DistributedLayoutAttr infer(const Edge &edge,
                                     DistributedLayoutAttr from) {
    switch (edge.relation) {
    case Relation::Same:
      return from;
    case Relation::Slice:
      return SliceLayoutAttr::get(from.getContext(), edge.axis, from);
    case Relation::Parent: {
      auto slice = dyn_cast<SliceLayoutAttr>(from);
      return slice && slice.getDim() == edge.axis ? slice.getParent() : nullptr;
    }
    case Relation::Result:
      return getResultLayout(edge.op, from);
    case Relation::Operand:
      return getOperandLayout(edge.op, from);
    }
    llvm_unreachable("unknown relation");
  }

  /// Whether `layout` would spread `value` over more threads than a
  /// dimension of more than one element has, although the tensor has an
  /// element for every thread: a layout made for a larger tensor (the
  /// accumulator of a product, reaching its operand tiles through the index
  /// vectors they share), which would compute and load every element
  /// several times. Dimensions of one element are broadcast; their copies
  /// are meant.
  /// Layouts spread from a tensor-core accumulator (`fromMma`) are judged by
  /// the algebra: a lane or warp that adds no element replicates (such as
  /// the accumulator's, reaching an operand tile through a broadcast row
  /// index).
  bool replicatesNeedlessly(Value value, DistributedLayoutAttr layout,
                            bool fromMma) const {
    std::optional<BlockedParams> params = getBlockedParams(layout);
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getNumElements() < int64_t(32) * numWarps)
      return false;
    if (fromMma) {
      LinearLayout linear = layout.toLinearLayout(type.getShape());
      return linear.getFreeVariableMask(kLane) != 0 ||
             linear.getFreeVariableMask(kWarp) != 0;
    }
    if (!params)
      return false;
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      if (size > 1 && int64_t(params->sizePerThread[d]) *
                              params->threadsPerWarp[d] *
                              params->warpsPerCTA[d] >
                          size)
        return true;
    return false;
  }

  /// Gives `value` `layout` and spreads it, nearest tensors first, to every
  /// tensor it determines that has no layout yet and that it would not
  /// replicate needlessly. A transposition is where layouts change anyway:
  /// only `acrossTrans` crosses it.
  void seed(Value value, DistributedLayoutAttr layout,
            bool acrossTrans = false) {
    if (layouts.count(value))
      return;
    layouts[value] = layout;
    spread(value, acrossTrans);
  }

  /// Spreads the layout `value` has as seed() does.
  void spread(Value value, bool acrossTrans = false) {
    bool fromMma = isa<MmaLayoutAttr>(layouts.lookup(value));
    SmallVector<Value> queue{value};
    for (size_t next = 0; next < queue.size(); ++next) {
      Value from = queue[next];
      DistributedLayoutAttr fromLayout = layouts.lookup(from);
      for (const Edge &edge : getEdges(from)) {
        if (layouts.count(edge.to) || (edge.crossesTrans() && !acrossTrans))
          continue;
        DistributedLayoutAttr inferred = infer(edge, fromLayout);
        if (inferred && !replicatesNeedlessly(edge.to, inferred, fromMma)) {
          layouts[edge.to] = inferred;
          queue.push_back(edge.to);
        }
      }
    }
  }

  /// Gives the unassigned side of each block.trans with one assigned side
  /// the permuted layout.
  void seedAcrossTransposes() {
    for (Value value : values)
      if (!layouts.count(value))
        for (const Edge &edge : getEdges(value))
          if (edge.crossesTrans())
            if (DistributedLayoutAttr from = layouts.lookup(edge.to)) {
              Edge back = edge;
              back.relation = edge.relation == Relation::Result
                                  ? Relation::Operand
                                  : Relation::Result;
              if (DistributedLayoutAttr inferred = infer(back, from)) {
                seed(value, inferred, /*acrossTrans=*/true);
                break;
              }
            }
  }

  //===--------------------------------------------------------------------===//
  // Choosing layouts
  //===--------------------------------------------------------------------===//

  /// The layout that serves memory operation `op` best: the most contiguous
  /// dimension fastest, a vector access per thread, lanes and then warps
  /// along the contiguous dimension.
  BlockedLayoutAttr getPreferredLayout(Operation *op) {
    Value ptr = getAccessedPointers(op);
    auto type = cast<RankedTensorType>(ptr.getType());
    unsigned rank = type.getRank();
    SmallVector<unsigned> order;
    for (unsigned d = rank; d > 0; --d)
      order.push_back(d - 1);
    if (const AxisInfo *info = axisInfo.getAxisInfo(ptr))
      llvm::stable_sort(order, [&](unsigned a, unsigned b) {
        return info->getContiguity(a) > info->getContiguity(b);
      });
    SmallVector<unsigned> sizePerThread(rank, 1);
    // No thread holds more than its share, so that no thread holds copies.
    int64_t share =
        std::max<int64_t>(1, type.getNumElements() / (int64_t(32) * numWarps));
    if (!isa<AtomicRMWOp, AtomicCASOp>(op))
      sizePerThread[order[0]] =
          axisInfo.getVectorWidth(ptr, getAccessMask(op), unsigned(share), order[0]);
    return buildBlockedLayout(context, type.getShape(), sizePerThread, order,
                              numWarps);
  }

  /// The layout of a tile the copy engine loads: as a load of rows that are
  /// contiguous in memory would get, 16 bytes per thread along them, so
  /// that its shared buffer keeps them contiguous.
  BlockedLayoutAttr getTileLayout(RankedTensorType type) {
    unsigned rank = type.getRank();
    SmallVector<unsigned> order, sizePerThread(rank, 1);
    for (unsigned d = rank; d > 0; --d)
      order.push_back(d - 1);
    int64_t share =
        std::max<int64_t>(1, type.getNumElements() / (int64_t(32) * numWarps));
    sizePerThread[rank - 1] = unsigned(std::min<int64_t>(
        {128 / std::max(8u, type.getElementTypeBitWidth()),
         type.getShape().back(), share}));
    return buildBlockedLayout(context, type.getShape(), sizePerThread, order,
                              numWarps);
  }

  /// The layout of a product's accumulator: each thread holds a tile of up
  /// to 4 consecutive columns and as many rows as its share leaves, so that
  /// every step of k loads one element of a per row and one vector of b
  /// for the whole tile.
  BlockedLayoutAttr getAccumulatorLayout(RankedTensorType type) {
    ArrayRef<int64_t> shape = type.getShape();
    int64_t share =
        std::max<int64_t>(1, type.getNumElements() / (int64_t(32) * numWarps));
    unsigned columns = unsigned(std::min<int64_t>({4, shape[1], share}));
    unsigned rows = unsigned(std::min<int64_t>(shape[0], share / columns));
    return buildBlockedLayout(context, shape, {rows, columns}, {1, 0},
                              numWarps);
  }

  /// Elements per access and contiguous elements per warp row of `op` under
  /// `layout`.
  std::pair<unsigned, int64_t> measureAccess(Operation *op, Attribute layout) {
    std::optional<BlockedParams> params = getBlockedParams(layout);
    if (!params)
      return {0, 0};
    Value ptr = getAccessedPointers(op);
    unsigned fastest = params->order.front();
    unsigned perThread = params->sizePerThread[fastest];
    unsigned vector =
        isa<AtomicRMWOp, AtomicCASOp>(op)
            ? 1
            : axisInfo.getVectorWidth(ptr, getAccessMask(op), perThread, fastest);
    const AxisInfo *info = axisInfo.getAxisInfo(ptr);
    int64_t contiguity = info ? info->getContiguity(fastest) : 1;
    int64_t chunk = std::min<int64_t>(
        contiguity, int64_t(perThread) * params->threadsPerWarp[fastest]);
    return {vector, chunk};
  }

  /// The tensors a memory operation accesses with its layout.
  static SmallVector<Value> getAccessedTensors(Operation *op) {
    SmallVector<Value> accessed{getAccessedPointers(op)};
    for (Value value : op->getOperands())
      if (isTensor(value) && value != accessed.front())
        accessed.push_back(value);
    for (Value value : op->getResults())
      if (isTensor(value))
        accessed.push_back(value);
    return accessed;
  }

  void assignMemoryOp(Operation *op, BlockedLayoutAttr preferred) {
    SmallVector<Value> accessed = getAccessedTensors(op);
    DistributedLayoutAttr chosen = preferred;
    auto fixedValue = llvm::find_if(
        accessed, [&](Value value) { return fixed.contains(value); });
    auto assigned = llvm::find_if(
        accessed, [&](Value value) { return layouts.count(value); });
    if (fixedValue != accessed.end()) {
      chosen = layouts.lookup(*fixedValue);
    } else if (assigned != accessed.end()) {
      // Keep the layout the tensors already have if it is as good.
      DistributedLayoutAttr existing = layouts.lookup(*assigned);
      auto [vector, chunk] = measureAccess(op, existing);
      auto [bestVector, bestChunk] = measureAccess(op, preferred);
      if (vector >= bestVector && chunk >= bestChunk &&
          existing.getNumWarps() == numWarps)
        chosen = existing;
    }
    memoryLayouts[op] = chosen;
    for (Value value : accessed)
      seed(value, chosen);
  }

  void assignLayouts() {
    // Seeds: the layouts the program already has, then by decreasing rank
    // the anchors of that rank, the far sides of transpositions, tiles
    // lifted from the anchors of the rank below, and defaults.
    for (Value value : values)
      if (fixed.contains(value)) {
        DistributedLayoutAttr layout = layouts.lookup(value);
        layouts.erase(value);
        seed(value, layout, /*acrossTrans=*/true);
      }

    // Then the accumulators of products, whose layout decides how much
    // each operand element loaded from shared memory is reused.
    // Every product's result gets its own first, so that products that
    // share an accumulator's initial value (one zero constant) keep the
    // layout their path needs; the value converts where they meet.
    SmallVector<Value> products;
    kernel.walk([&](DotOp dot) {
      if (layouts.count(dot.getResult()))
        return;
      std::string whyNot;
      MmaLayoutAttr mma = chooseDotAccumulatorLayout(
          dot, maxMmaVersion, remarks::enabled(context) ? &whyNot : nullptr);
      remarkProduct(dot, mma, whyNot);
      layouts[dot.getResult()] =
          mma ? DistributedLayoutAttr(mma)
              : DistributedLayoutAttr(getAccumulatorLayout(dot.getType()));
      products.push_back(dot.getResult());
    });
    for (Value product : products)
      spread(product);

    auto rankOf = [](Value value) {
      return cast<RankedTensorType>(value.getType()).getRank();
    };
    SmallVector<std::pair<Operation *, BlockedLayoutAttr>> anchors;
    for (Operation *op : memoryOps)
      anchors.push_back({op, getPreferredLayout(op)});
    llvm::stable_sort(anchors, [&](const auto &a, const auto &b) {
      auto ta = cast<RankedTensorType>(getAccessedPointers(a.first).getType());
      auto tb = cast<RankedTensorType>(getAccessedPointers(b.first).getType());
      return std::make_pair(ta.getRank(), ta.getNumElements()) >
             std::make_pair(tb.getRank(), tb.getNumElements());
    });

    // The preferred layout of the first anchor reached through identical
    // layouts, for lifting lower-rank anchors into tiles.
    DenseMap<Value, BlockedLayoutAttr> anchorOfComponent;
    for (auto [op, preferred] : anchors) {
      SmallVector<Value> worklist{getAccessedPointers(op)};
      while (!worklist.empty()) {
        Value value = worklist.pop_back_val();
        if (!anchorOfComponent.try_emplace(value, preferred).second)
          continue;
        for (const Edge &edge : getEdges(value))
          if (edge.relation == Relation::Same ||
              isa_and_nonnull<BroadcastOp>(edge.op))
            worklist.push_back(edge.to);
      }
    }

    int64_t maxRank = 0;
    for (Value value : values)
      maxRank = std::max(maxRank, rankOf(value));
    for (int64_t rank = maxRank; rank >= 1; --rank) {
      for (auto [op, preferred] : anchors)
        if (rankOf(getAccessedPointers(op)) == rank)
          assignMemoryOp(op, preferred);
      for (DescLoadOp tile : tileLoads)
        if (rankOf(tile.getResult()) == rank)
          seed(tile.getResult(), getTileLayout(tile.getType()));
      seedAcrossTransposes();
      for (Value value : values) {
        auto expand = value.getDefiningOp<ExpandDimsOp>();
        if (rankOf(value) != rank || layouts.count(value) || !expand)
          continue;
        if (BlockedLayoutAttr below = anchorOfComponent.lookup(expand.getSrc()))
          seed(value, insertDimension(below, expand.getAxis()));
      }
      for (Value value : values)
        if (rankOf(value) == rank && !layouts.count(value))
          seed(value,
               getDefaultBlockedLayout(
                   context, cast<RankedTensorType>(value.getType()).getShape(),
                   numWarps));
    }
  }

  //===--------------------------------------------------------------------===//
  // Rewriting the types
  //===--------------------------------------------------------------------===//

  /// The layouts of the results of `op` that its operands' layouts fix, in
  /// the order of `op`'s tensor results (null where free).
  SmallVector<DistributedLayoutAttr> getFixedResultLayouts(Operation *op) {
    SmallVector<DistributedLayoutAttr> fixedLayouts;
    DistributedLayoutAttr common;
    if (hasOneLayout(op) || isa<DotOp>(op))
      common = getCommonLayout(op);
    for (Value result : op->getResults()) {
      if (!isTensor(result))
        continue;
      DistributedLayoutAttr layout = common;
      if (auto reduce = dyn_cast<ReduceOp>(op))
        layout = SliceLayoutAttr::get(context, reduce.getAxis(),
                                      layouts.lookup(reduce.getSrcs().front()));
      if (auto trans = dyn_cast<TransOp>(op))
        layout = getResultLayout(trans, getTransSourceLayout(trans));
      if (isa<JoinOp, SplitOp>(op))
        if (DistributedLayoutAttr source = getPairSourceLayout(op))
          layout = getResultLayout(op, source);
      fixedLayouts.push_back(layout);
    }
    return fixedLayouts;
  }

  /// The one layout of an operation whose tensors share it.
  DistributedLayoutAttr getCommonLayout(Operation *op) {
    if (DistributedLayoutAttr memory = memoryLayouts.lookup(op))
      return memory;
    for (Value result : op->getResults())
      if (isTensor(result))
        return layouts.lookup(result);
    for (Value operand : op->getOperands())
      if (isTensor(operand))
        return layouts.lookup(operand);
    return nullptr;
  }

  /// The layout block.trans permutes: its source's, else the one its result
  /// asks for, else a default. (The source of a trans of a trans may have
  /// no layout yet.)
  DistributedLayoutAttr getTransSourceLayout(TransOp trans) {
    if (DistributedLayoutAttr layout = layouts.lookup(trans.getSrc()))
      return layout;
    if (DistributedLayoutAttr layout = layouts.lookup(trans.getResult()))
      return getOperandLayout(trans, layout);
    return getDefaultBlockedLayout(
        context, cast<RankedTensorType>(trans.getSrc().getType()).getShape(),
        numWarps);
  }

  /// The layout a block.join's operands or a block.split's operand takes,
  /// from which its results' follows: the operand's own, unless a split's
  /// spreads pairs over threads; then the pairs of the split's results
  /// (null where none of them has a layout yet).
  DistributedLayoutAttr getPairSourceLayout(Operation *op) {
    Value src = op->getOperand(0);
    DistributedLayoutAttr layout = layouts.lookup(src);
    auto split = dyn_cast<SplitOp>(op);
    if (!split)
      return layout;
    auto type = cast<RankedTensorType>(src.getType());
    if (layout && isHeldByRegisters(layout.toLinearLayout(type.getShape()),
                                    type.getRank() - 1))
      return layout;
    DistributedLayoutAttr lhs = layouts.lookup(split.getLhs());
    return lhs ? getOperandLayout(split, lhs) : layout;
  }

  /// The layout `operand` must have.
  DistributedLayoutAttr getRequiredLayout(OpOperand &operand) {
    Operation *op = operand.getOwner();
    if (hasOneLayout(op))
      return getCommonLayout(op);
    if (isa<JoinOp, SplitOp>(op))
      return getPairSourceLayout(op);
    if (auto dot = dyn_cast<DotOp>(op))
      return &operand == &dot.getAccMutable() ? getCommonLayout(op) : nullptr;
    // Called once every result has its type: a shape operation's operand
    // follows from its result. (The operand of a trans may be a conversion
    // made just before, which `layouts` does not know; a trans of a trans
    // got a result layout that was no permutation of its operand's, found
    // by block-fuzz-opt.)
    // An operand of which each thread already holds the required elements
    // in its registers keeps its layout (their verifiers read layouts
    // through the algebra), as does any operand of a reshape that requires
    // none.
    if (isa<TransOp, ExpandDimsOp, BroadcastOp, ReshapeOp>(op)) {
      DistributedLayoutAttr required =
          getOperandLayout(op, getLayout(op->getResult(0)));
      DistributedLayoutAttr current = getLayout(operand.get());
      auto type = cast<RankedTensorType>(operand.get().getType());
      return !required || (current && isRegisterRelabel(current, required,
                                                        type.getShape()))
                 ? current
                 : required;
    }
    if (auto reduce = dyn_cast<ReduceOp>(op))
      return layouts.lookup(reduce.getSrcs().front());
    return forwardedLayouts.lookup(&operand);
  }

  /// Region control flow forwards an operand to values that must all have
  /// its type (scf.for forwards its init to the iteration argument and, for
  /// no iterations, to the result): the block argument's layout wins.
  void collectForwardedLayouts(Operation *op) {
    SmallVector<Forward> forwards;
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
      forwards = getForwards(branch);
    else if (auto branch = dyn_cast<BranchOpInterface>(op))
      forwards = getForwards(branch);
    for (Forward forward : forwards) {
      if (!isTensor(forward.input))
        continue;
      DistributedLayoutAttr &layout = forwardedLayouts[forward.operand];
      if (!layout || isa<BlockArgument>(forward.input))
        layout = layouts.lookup(forward.input);
    }
    for (Forward forward : forwards) {
      if (!isTensor(forward.input) || !isa<OpResult>(forward.input))
        continue;
      DistributedLayoutAttr layout = forwardedLayouts.lookup(forward.operand);
      if (layout != layouts.lookup(forward.input))
        resultLayouts[forward.input] = layout;
    }
  }

  LogicalResult retype(Value value, DistributedLayoutAttr layout) {
    Type type = withLayout(value.getType(), layout);
    if (auto constant = value.getDefiningOp<arith::ConstantOp>()) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense)
        return constant.emitOpError()
               << "block-assign-layouts cannot give a layout to a tensor "
                  "constant that is not dense";
      constant.setValueAttr(dense.reshape(cast<ShapedType>(type)));
    }
    value.setType(type);
    return success();
  }

  LogicalResult materialize() {
    // The layout of each result as its operation fixes it, where that
    // differs from the layout its users were given.
    kernel.walk([&](Operation *op) {
      collectForwardedLayouts(op);
      SmallVector<DistributedLayoutAttr> fixedLayouts =
          getFixedResultLayouts(op);
      unsigned i = 0;
      for (Value result : op->getResults()) {
        if (!isTensor(result))
          continue;
        DistributedLayoutAttr layout = fixedLayouts[i++];
        DistributedLayoutAttr current = layouts.lookup(result);
        // A layout written another way (#block.linear for a slice) stays.
        ArrayRef<int64_t> shape =
            cast<RankedTensorType>(result.getType()).getShape();
        if (layout && layout != current &&
            !(current && current.toLinearLayout(shape) ==
                             layout.toLinearLayout(shape)))
          resultLayouts[result] = layout;
      }
    });

    for (Value value : values) {
      DistributedLayoutAttr layout = resultLayouts.lookup(value);
      if (failed(retype(value, layout ? layout : layouts.lookup(value))))
        return failure();
    }

    OpBuilder builder(context);
    // One conversion per value and layout, right after the value, so that
    // it dominates every use that needs it.
    DenseMap<std::pair<Value, Attribute>, Value> conversions;
    auto convert = [&](Value value, DistributedLayoutAttr layout) {
      Value &converted = conversions[{value, layout}];
      if (!converted) {
        builder.setInsertionPointAfterValue(value);
        converted =
            ConvertLayoutOp::create(builder, value.getLoc(),
                                    withLayout(value.getType(), layout), value);
      }
      return converted;
    };
    // Results whose operation fixed another layout than their users want.
    for (Value value : values)
      if (resultLayouts.count(value)) {
        Value converted = convert(value, layouts.lookup(value));
        value.replaceAllUsesExcept(converted, converted.getDefiningOp());
      }
    // Operands of another layout than their operation requires.
    SmallVector<std::pair<OpOperand *, DistributedLayoutAttr>> mismatched;
    kernel.walk([&](Operation *op) {
      if (isa<ConvertLayoutOp>(op))
        return;
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isTensor(operand.get()))
          continue;
        DistributedLayoutAttr required = getRequiredLayout(operand);
        if (required && required != getLayout(operand.get()))
          mismatched.push_back({&operand, required});
      }
    });
    for (auto [operand, required] : mismatched)
      operand->set(convert(operand->get(), required));
    return success();
  }

  func::FuncOp kernel;
  const AxisInfoAnalysis &axisInfo;
  unsigned numWarps;
  unsigned maxMmaVersion;
  MLIRContext *context;

  /// Every tensor of the kernel, in program order.
  SmallVector<Value> values;
  SmallVector<Operation *> memoryOps;
  /// Tiles of tensor descriptors that the copy engine loads (the others are
  /// pointer loads by now).
  SmallVector<DescLoadOp> tileLoads;
  DenseMap<Value, SmallVector<Edge, 4>> edges;
  DenseMap<Value, DistributedLayoutAttr> layouts;
  DenseSet<Value> fixed;
  DenseMap<Operation *, DistributedLayoutAttr> memoryLayouts;
  DenseMap<Value, DistributedLayoutAttr> resultLayouts;
  DenseMap<OpOperand *, DistributedLayoutAttr> forwardedLayouts;
};

struct BlockAssignLayoutsPass
    : impl::BlockAssignLayoutsBase<BlockAssignLayoutsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxMmaVersion != 0 && maxMmaVersion != 2 && maxMmaVersion != 3) {
      // At the location alone: an op's diagnostic would print the module.
      emitError(getOperation().getLoc())
          << "block-assign-layouts: max-mma-version="
          << maxMmaVersion.getValue()
          << " must be 0 (the FMA path only), 2 (mma.sync) or 3 (wgmma)";
      return signalPassFailure();
    }
    // The layouts are those of the core operations.
    RewritePatternSet shortForms(&getContext());
    populateShortFormPatterns(shortForms);
    walkAndApplyPatterns(getOperation(), std::move(shortForms));
    AxisInfoAnalysis axisInfo(getOperation());
    for (func::FuncOp kernel : getKernels(getOperation())) {
      unsigned numWarps = 4;
      if (auto attr = kernel->getAttrOfType<IntegerAttr>(
              BlockDialect::getNumWarpsAttrName()))
        numWarps = attr.getInt();
      if (failed(
              LayoutAssignment(kernel, axisInfo, numWarps, maxMmaVersion).run()))
        return signalPassFailure();
    }
  }
};
} // namespace
} // namespace mlir::block
