// RUN: block-opt %s --convert-block-to-gpu | FileCheck %s

// The products with mma.sync accumulators, run on the CPU in lockstep for
// every thread (ldmatrix and mma.sync as the PTX ISA's fragment tables
// define them) against the exact products: bf16 and f16 into f32, f16 into
// f16, tf32, tf32x3 and i8, operands k- or m/n-major (ldmatrix, .trans, or shared
// loads where ldmatrix cannot read the fragment), warps repeating tiles.
// RUN: %python %S/Inputs/simulate_mma.py block-opt | FileCheck %s --check-prefix=SIM
// SIM-COUNT-7: ok
// SIM: failures: 0

// A warp (of 2 x 2) holds a 16 x 16 tile of the accumulator: two m16n8
// tiles. Its a fragment (16 x 16, k-major) is one ldmatrix.x4, its b
// fragment (16 x 16, n-major) one ldmatrix.x4.trans; then one mma.sync per
// n8 tile, bf16 pairs packed in i32.
#MMA = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 16]>
#AK = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>
#BN = #block.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]>
// CHECK-LABEL: gpu.func @bf16
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-COUNT-2: nvvm.mma.sync A[{{.+}}] B[{{.+}}] C[{{.+}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.mma.sync
// CHECK: gpu.return
func.func @bf16(%x: bf16, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<32x16xbf16, #AK>
  %b = block.splat %x : tensor<16x32xbf16, #BN>
  %z = arith.constant dense<0.0> : tensor<32x32xf32, #MMA>
  %d = block.dot %a, %b, %z : tensor<32x16xbf16, #AK>, tensor<16x32xbf16, #BN> -> tensor<32x32xf32, #MMA>
  %ps = block.splat %p : tensor<32x32x!block.ptr<f32>, #MMA>
  block.store %ps, %d : tensor<32x32x!block.ptr<f32>, #MMA>
  return
}

// tf32: each f32 goes into the instruction as it is (its bits, which the
// tensor cores truncate to tf32), with no conversion.
#MMA8 = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 8]>
#AK4 = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>
// CHECK-LABEL: gpu.func @tf32
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK: llvm.bitcast %{{.+}} : f32 to i32
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK: nvvm.mma.sync {{.+}}multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
func.func @tf32(%x: f32, %p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<32x8xf32, #AK4>
  %b = block.splat %x : tensor<8x32xf32, #AK4>
  %z = arith.constant dense<0.0> : tensor<32x32xf32, #MMA8>
  %d = block.dot %a, %b, %z precision = tf32 : tensor<32x8xf32, #AK4>, tensor<8x32xf32, #AK4> -> tensor<32x32xf32, #MMA8>
  %ps = block.splat %p : tensor<32x32x!block.ptr<f32>, #MMA8>
  block.store %ps, %d : tensor<32x32x!block.ptr<f32>, #MMA8>
  return
}

// i8 into i32: four bytes per register, wrapping sums.
#MMA32 = #block.mma<version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8, 32]>
#AK16 = #block.blocked<sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>
// CHECK-LABEL: gpu.func @i8
// CHECK: nvvm.mma.sync {{.+}}intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>{{.+}}multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
func.func @i8(%x: i8, %p: !block.ptr<i32>) attributes {block.kernel, block.num_warps = 4 : i32} {
  %a = block.splat %x : tensor<32x32xi8, #AK16>
  %b = block.splat %x : tensor<32x32xi8, #AK16>
  %z = arith.constant dense<0> : tensor<32x32xi32, #MMA32>
  %d = block.dot %a, %b, %z : tensor<32x32xi8, #AK16>, tensor<32x32xi8, #AK16> -> tensor<32x32xi32, #MMA32>
  %ps = block.splat %p : tensor<32x32x!block.ptr<i32>, #MMA32>
  block.store %ps, %d : tensor<32x32x!block.ptr<i32>, #MMA32>
  return
}
