// The PTX version follows the chip when features are not given: the lowest
// the chip takes, at least 8.0 (sm_100a needs 8.6, sm_120 8.7). A kernel
// with a reduction (warp shuffles) compiles for each chip of the table's
// families, without extra flags.
// RUN: block-opt %s '--block-to-ptx=chip=sm_100a' | FileCheck %s --check-prefix=SM100A
// RUN: block-opt %s '--block-to-ptx=chip=sm_120' | FileCheck %s --check-prefix=SM120
// RUN: block-opt %s '--block-to-ptx=chip=sm_80' | FileCheck %s --check-prefix=SM80
// RUN: block-opt %s '--block-to-ptx=chip=sm_50 features=+ptx60' | FileCheck %s --check-prefix=SM50
// RUN: block-opt %s '--block-to-ptx=chip=sm_121f' | FileCheck %s --check-prefix=SM121F
// RUN: block-opt %s '--block-to-ptx=chip=sm_110a' | FileCheck %s --check-prefix=SM110A
// RUN: rm -rf %t && block-compile %s -o %t --chip=sm_120 --no-cubin
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/target-defaults.json

// SM100A: #nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">
// SM100A-SAME: .version 8.6
// SM100A-SAME: .target sm_100a
// SM120: #nvvm.target<O = 3, chip = "sm_120", features = "+ptx87">
// SM120-SAME: .version 8.7
// SM120-SAME: .target sm_120
// SM80: #nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// SM80-SAME: .version 8.0
// SM50: features = "+ptx60"
// SM50-SAME: .version 6.0
// SM50-SAME: .target sm_50
// SM50-SAME: shfl.sync.bfly
// SM121F: features = "+ptx88"
// SM121F-SAME: .target sm_121f
// SM110A: features = "+ptx90"
// SM110A-SAME: .target sm_110a

// MANIFEST:      "chip": "sm_120",
// MANIFEST-NEXT: "features": "+ptx87"

func.func @r(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 32 : tensor<32xi32>
  %ps = block.splat %p : tensor<32x!block.ptr<f32>>
  %a = block.addptr %ps, %r : tensor<32x!block.ptr<f32>>, tensor<32xi32>
  %x = block.load %a : tensor<32x!block.ptr<f32>>
  %s = block.reduce %x axis = 0 : (tensor<32xf32>) -> f32 {
  ^bb0(%u: f32, %v: f32):
    %w = arith.addf %u, %v : f32
    block.yield %w : f32
  }
  block.store %p, %s : !block.ptr<f32>
  return
}
