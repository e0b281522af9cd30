// Layer normalisation forward over rows of n <= 4096 columns, f16 in and out,
// statistics in f32:
//   out[r, :] = (x[r, :] - mean) * rsqrt(var + eps) * w + b
// One program instance per row: launch a grid of (rows).
func.func @layernorm(%x: !block.ptr<f16>, %w: !block.ptr<f16>, %b: !block.ptr<f16>,
                     %out: !block.ptr<f16>, %n: i32, %stride: i32, %eps: f32)
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %zero = arith.constant dense<0.0> : tensor<4096xf32>
  %row = block.program_id x
  %rowoff = arith.muli %row, %stride : i32
  %cols = block.arange 0, 4096 : tensor<4096xi32>
  %ns = block.splat %n : tensor<4096xi32>
  %mask = arith.cmpi slt, %cols, %ns : tensor<4096xi32>

  %xrow = block.addptr %x, %rowoff : !block.ptr<f16>, i32
  %xh = block.load %xrow[%cols] mask %mask : !block.ptr<f16>, tensor<4096xi32>
  %xf0 = arith.extf %xh : tensor<4096xf16> to tensor<4096xf32>
  %xf = arith.select %mask, %xf0, %zero : tensor<4096xi1>, tensor<4096xf32>

  %nf = arith.sitofp %n : i32 to f32
  %sum = block.reduce add %xf axis = 0 : (tensor<4096xf32>) -> f32
  %mean = arith.divf %sum, %nf : f32
  %means = block.splat %mean : tensor<4096xf32>
  %d0 = arith.subf %xf, %means : tensor<4096xf32>
  %d = arith.select %mask, %d0, %zero : tensor<4096xi1>, tensor<4096xf32>
  %d2 = arith.mulf %d, %d : tensor<4096xf32>
  %ssq = block.reduce add %d2 axis = 0 : (tensor<4096xf32>) -> f32
  %var = arith.divf %ssq, %nf : f32
  %ve = arith.addf %var, %eps : f32
  %rstd = math.rsqrt %ve : f32
  %rstds = block.splat %rstd : tensor<4096xf32>
  %norm = arith.mulf %d, %rstds : tensor<4096xf32>

  %wh = block.load %w[%cols] mask %mask : !block.ptr<f16>, tensor<4096xi32>
  %wf = arith.extf %wh : tensor<4096xf16> to tensor<4096xf32>
  %bh = block.load %b[%cols] mask %mask : !block.ptr<f16>, tensor<4096xi32>
  %bf = arith.extf %bh : tensor<4096xf16> to tensor<4096xf32>
  %scaled = arith.mulf %norm, %wf : tensor<4096xf32>
  %yf = arith.addf %scaled, %bf : tensor<4096xf32>
  %yh = arith.truncf %yf : tensor<4096xf32> to tensor<4096xf16>

  %orow = block.addptr %out, %rowoff : !block.ptr<f16>, i32
  block.store %orow[%cols], %yh mask %mask : !block.ptr<f16>, tensor<4096xi32>
  return
}
