// out[r, :] = softmax(in[r, :]) over rows of n <= 4096 columns of a row-major
// matrix with row stride `stride` (in elements). One program instance per row:
// launch a grid of (rows). 16 warps (8 elements a thread) beat 8 and 4 on the
// H200, as they do for Triton (docs/performance.md). The division may go
// through the reciprocal of the sum (fastmath<arcp>: one rcp.rn and a multiply
// per element, within 1.5 ulp), as softmax kernels usually do; Triton's `/` is
// div.full.f32 (2 ulp).
func.func @softmax(%in: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i32, %stride: i32)
    attributes {block.kernel, block.num_warps = 16 : i32} {
  %ninf = arith.constant dense<0xFF800000> : tensor<4096xf32>
  %row = block.program_id x
  %rowoff = arith.muli %row, %stride : i32
  %cols = block.arange 0, 4096 : tensor<4096xi32>
  %ns = block.splat %n : tensor<4096xi32>
  %mask = arith.cmpi slt, %cols, %ns : tensor<4096xi32>

  %inrow = block.addptr %in, %rowoff : !block.ptr<f32>, i32
  %x = block.load %inrow[%cols] mask %mask other %ninf : !block.ptr<f32>, tensor<4096xi32>

  %max = block.reduce maxnumf %x axis = 0 : (tensor<4096xf32>) -> f32
  %maxs = block.splat %max : tensor<4096xf32>
  %shifted = arith.subf %x, %maxs : tensor<4096xf32>
  %e = math.exp %shifted : tensor<4096xf32>
  %sum = block.reduce add %e axis = 0 : (tensor<4096xf32>) -> f32
  %sums = block.splat %sum : tensor<4096xf32>
  %y = arith.divf %e, %sums fastmath<arcp> : tensor<4096xf32>

  %outrow = block.addptr %out, %rowoff : !block.ptr<f32>, i32
  block.store %outrow[%cols], %y mask %mask : !block.ptr<f32>, tensor<4096xi32>
  return
}
