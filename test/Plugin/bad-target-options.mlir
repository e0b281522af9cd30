// REQUIRES: mlir-opt
// In stock mlir-opt-22 the plugin's block-to-ptx checks its options as
// block-opt does: an empty or unknown chip is an error, not a crash in
// LLVM.
// RUN: not %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --load-pass-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --pass-pipeline='builtin.module(block-to-ptx{chip=})' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --load-pass-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --pass-pipeline='builtin.module(block-to-ptx{chip=sm_100a features=+ptx80})' 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: %mlir-opt %s --load-dialect-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --load-pass-plugin=%block_lib_dir/BlockPlugin.so \
// RUN:   --pass-pipeline='builtin.module(block-to-ptx{chip=sm_100a})' | FileCheck %s --check-prefix=SM100A

// EMPTY: error: block-to-ptx: chip='' is not a supported chip; supported: sm_50,
// OLD: error: block-to-ptx: features=+ptx80 is too old for sm_100a, which needs +ptx86 or later
// SM100A: .version 8.6
// SM100A-SAME: .target sm_100a

func.func @k(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %c = arith.constant 1.0 : f32
  block.store %p, %c : !block.ptr<f32>
  return
}
