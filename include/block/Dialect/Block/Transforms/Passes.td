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
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"4",
           "Warps per program instance for kernels that do not say">
  ];
}

#endif // BLOCK_DIALECT_BLOCK_TRANSFORMS_PASSES_TD
