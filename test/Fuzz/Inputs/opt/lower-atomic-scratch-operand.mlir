

// Atomics move one element per access.
// CHECK: #[[$L:.+]] = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @atomic(
// CHECK: block.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %{{.*}} : tensor<1024x!block.ptr<f32>, #[[$L]]>
func.func @atomic(%x: !block.ptr<f32> {block.alignment = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %xs = block.splat %x : tensor<1024x!block.ptr<f32>>
  %xp = block.addptr %xs, %range : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  %ones = arith.constant dense<1.0> : tensor<1024xf32>
  %old = block.atomic_rmw fadd, relaxed, gpu, %xp, %ones : tensor<1024x!block.ptr<f32>>
  return
}

