// block-to-ptx options: the target (attached once, with chip and features),
// the number of warps of kernels that do not say, the LLVM optimisation
// level, and PTX text or a cubin.
// RUN: block-opt %s --block-to-ptx | FileCheck %s --check-prefix=DEFAULT
// RUN: block-opt %s '--block-to-ptx=chip=sm_80 features=+ptx81 num-warps=2 opt-level=0' | FileCheck %s --check-prefix=CUSTOM
// RUN: block-opt %s --block-to-ptx --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPELINE --implicit-check-not=nvvm-attach-target

// DEFAULT: gpu.binary @block_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">
// DEFAULT-SAME: assembly = "
// DEFAULT-SAME: .version 8.0
// DEFAULT-SAME: .target sm_90a
// DEFAULT-SAME: .maxntid 128, 1, 1

// CUSTOM: gpu.binary @block_kernels [#gpu.object<#nvvm.target<O = 0, chip = "sm_80", features = "+ptx81">
// CUSTOM-SAME: .version 8.1
// CUSTOM-SAME: .target sm_80
// CUSTOM-SAME: .maxntid 64, 1, 1

// The chip reaches the module as block.target before the layout passes.
// PIPELINE: block-kernel-defaults{chip=sm_90a num-warps=4}
// PIPELINE: block-assign-layouts
// PIPELINE: block-remove-layout-conversions
// PIPELINE: blockgpu-materialize-shared-memory
// PIPELINE: blockgpu-allocate-shared-memory
// PIPELINE: blockgpu-insert-barriers
// PIPELINE: convert-block-to-gpu
// PIPELINE: gpu.module(
// PIPELINE: convert-nvvm-to-llvm
// PIPELINE: convert-gpu-to-nvvm{{.*}}index-bitwidth=32
// PIPELINE: convert-arith-to-llvm{index-bitwidth=32}
// PIPELINE: convert-cf-to-llvm{index-bitwidth=32}
// PIPELINE: reconcile-unrealized-casts
// PIPELINE: nvvm-attach-target{O=3 chip=sm_90a
// PIPELINE-SAME: features=+ptx80
// PIPELINE: gpu-module-to-binary{format=isa

func.func @scale(%x: !block.ptr<f32> {block.alignment = 16}, %n: i32 {block.divisibility = 16})
    attributes {block.kernel} {
  %pid = block.program_id x
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %r = block.arange 0, 256 : tensor<256xi32>
  %starts = block.splat %start : tensor<256xi32>
  %offs = arith.addi %starts, %r : tensor<256xi32>
  %ns = block.splat %n : tensor<256xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  %xs = block.splat %x : tensor<256x!block.ptr<f32>>
  %xp = block.addptr %xs, %offs : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %v = block.load %xp mask %m : tensor<256x!block.ptr<f32>>
  %w = arith.mulf %v, %v : tensor<256xf32>
  block.store %xp, %w mask %m : tensor<256x!block.ptr<f32>>
  return
}
