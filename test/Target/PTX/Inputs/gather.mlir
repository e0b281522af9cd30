// out[i] = x[i * stride] for i < n, each program over two blocks of 1024:
// contiguous, hence vector loads, only where stride is 1.
func.func @gather(%x: !block.ptr<f32> {block.alignment = 16},
                  %out: !block.ptr<f32> {block.alignment = 16},
                  %stride: i32, %n: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %pid = block.program_id x
  %first = arith.muli %pid, %c2048 : i32
  %last = arith.addi %first, %c2048 : i32
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %ns = block.splat %n : tensor<1024xi32>
  %strides = block.splat %stride : tensor<1024xi32>
  scf.for %start = %first to %last step %c1024 : i32 {
    %starts = block.splat %start : tensor<1024xi32>
    %i = arith.addi %starts, %range : tensor<1024xi32>
    %mask = arith.cmpi slt, %i, %ns : tensor<1024xi32>
    %offsets = arith.muli %i, %strides : tensor<1024xi32>
    %xp = block.addptr %x, %offsets : !block.ptr<f32>, tensor<1024xi32>
    %v = block.load %xp mask %mask : tensor<1024x!block.ptr<f32>>
    %op = block.addptr %out, %i : !block.ptr<f32>, tensor<1024xi32>
    block.store %op, %v mask %mask : tensor<1024x!block.ptr<f32>>
  }
  return
}
