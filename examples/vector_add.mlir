// out[i] = x[i] + y[i] for i < n, 1024 elements per program instance.
// Launch with a grid of ceil(n / 1024) program instances. The signature has
// no hints: block-compile also builds the kernel for 16-byte aligned
// pointers and n divisible by 16 (four floats an access), and the runtime
// launches that variant where the arguments allow it.
func.func @vector_add(%x: !block.ptr<f32>, %y: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c1024 = arith.constant 1024 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c1024 : i32
  %offsets = block.arange %start + 0, 1024 : tensor<1024xi32>
  %ns = block.splat %n : tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<1024xi32>

  %a = block.load %x[%offsets] mask %mask : !block.ptr<f32>, tensor<1024xi32>
  %b = block.load %y[%offsets] mask %mask : !block.ptr<f32>, tensor<1024xi32>
  %sum = arith.addf %a, %b : tensor<1024xf32>
  block.store %out[%offsets], %sum mask %mask : !block.ptr<f32>, tensor<1024xi32>
  return
}
