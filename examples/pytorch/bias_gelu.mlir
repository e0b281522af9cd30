// Bias + GELU (the exact, erf form PyTorch uses by default), forward and
// backward, for a row-major M x N f32 input x and a bias b of N:
//   forward:  z = x + b[col];  y = z * Phi(z),  Phi(z) = (1 + erf(z / sqrt 2)) / 2
//   backward: dz = dy * (Phi(z) + z * phi(z)),  phi(z) = exp(-z^2 / 2) / sqrt(2 pi)
//             dx = dz;  db[col] = sum over rows of dz
// The backward kernel writes dx and, per tile of 32 rows, the column sums of
// dz into dbp[tile row, col]; summing dbp's ceil(M / 32) rows gives db
// (bias_gelu.py does it with torch.sum).

// One program instance per 8 x 512 tile: launch (ceil(N / 512), ceil(M / 8)).
func.func @bias_gelu_fwd(%x: !block.ptr<f32> {block.alignment = 16},
                         %b: !block.ptr<f32> {block.alignment = 16},
                         %y: !block.ptr<f32> {block.alignment = 16},
                         %m: i32, %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c8 = arith.constant 8 : i32
  %c512 = arith.constant 512 : i32
  %half = arith.constant dense<0.5> : tensor<8x512xf32>
  %one = arith.constant dense<1.0> : tensor<8x512xf32>
  %rsqrt2 = arith.constant dense<0.70710678118654752> : tensor<8x512xf32>
  %pn = block.program_id x
  %pm = block.program_id y

  // Columns of this tile and the masked load of b.
  %col0 = arith.muli %pn, %c512 : i32
  %cr = block.arange 0, 512 : tensor<512xi32>
  %col0s = block.splat %col0 : tensor<512xi32>
  %cols = arith.addi %col0s, %cr : tensor<512xi32>
  %ns = block.splat %n : tensor<512xi32>
  %colmask = arith.cmpi slt, %cols, %ns : tensor<512xi32>
  %bp = block.addptr %b, %cols : !block.ptr<f32>, tensor<512xi32>
  %bv = block.load %bp mask %colmask : tensor<512x!block.ptr<f32>>

  // Rows of this tile.
  %row0 = arith.muli %pm, %c8 : i32
  %rr = block.arange 0, 8 : tensor<8xi32>
  %row0s = block.splat %row0 : tensor<8xi32>
  %rows = arith.addi %row0s, %rr : tensor<8xi32>
  %ms = block.splat %m : tensor<8xi32>
  %rowmask = arith.cmpi slt, %rows, %ms : tensor<8xi32>

  // offsets[r, c] = rows[r] * n + cols[c], and the mask of both.
  %ns8 = block.splat %n : tensor<8xi32>
  %rowoff = arith.muli %rows, %ns8 : tensor<8xi32>
  %ro = block.broadcast %rowoff dims [0] : tensor<8xi32> -> tensor<8x512xi32>
  %co = block.broadcast %cols dims [1] : tensor<512xi32> -> tensor<8x512xi32>
  %offs = arith.addi %ro, %co : tensor<8x512xi32>
  %rm = block.broadcast %rowmask dims [0] : tensor<8xi1> -> tensor<8x512xi1>
  %cm = block.broadcast %colmask dims [1] : tensor<512xi1> -> tensor<8x512xi1>
  %mask = arith.andi %rm, %cm : tensor<8x512xi1>

  %xp = block.addptr %x, %offs : !block.ptr<f32>, tensor<8x512xi32>
  %xv = block.load %xp mask %mask : tensor<8x512x!block.ptr<f32>>

  // z = x + b; y = z * (1 + erf(z / sqrt 2)) / 2
  %bt = block.broadcast %bv dims [1] : tensor<512xf32> -> tensor<8x512xf32>
  %z = arith.addf %xv, %bt : tensor<8x512xf32>
  %zs = arith.mulf %z, %rsqrt2 : tensor<8x512xf32>
  %erf = math.erf %zs : tensor<8x512xf32>
  %erf1 = arith.addf %erf, %one : tensor<8x512xf32>
  %cdf = arith.mulf %erf1, %half : tensor<8x512xf32>
  %out = arith.mulf %z, %cdf : tensor<8x512xf32>

  %yp = block.addptr %y, %offs : !block.ptr<f32>, tensor<8x512xi32>
  block.store %yp, %out mask %mask : tensor<8x512x!block.ptr<f32>>
  return
}

// One program instance per 32 x 128 tile: launch (ceil(N / 128), ceil(M / 32));
// dbp holds ceil(M / 32) rows of N.
func.func @bias_gelu_bwd(%dy: !block.ptr<f32> {block.alignment = 16},
                         %x: !block.ptr<f32> {block.alignment = 16},
                         %b: !block.ptr<f32> {block.alignment = 16},
                         %dx: !block.ptr<f32> {block.alignment = 16},
                         %dbp: !block.ptr<f32> {block.alignment = 16},
                         %m: i32, %n: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c32 = arith.constant 32 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<32x128xf32>
  %half = arith.constant dense<0.5> : tensor<32x128xf32>
  %mhalf = arith.constant dense<-0.5> : tensor<32x128xf32>
  %one = arith.constant dense<1.0> : tensor<32x128xf32>
  %rsqrt2 = arith.constant dense<0.70710678118654752> : tensor<32x128xf32>
  %rsqrt2pi = arith.constant dense<0.39894228040143268> : tensor<32x128xf32>
  %pn = block.program_id x
  %pm = block.program_id y

  %col0 = arith.muli %pn, %c128 : i32
  %cr = block.arange 0, 128 : tensor<128xi32>
  %col0s = block.splat %col0 : tensor<128xi32>
  %cols = arith.addi %col0s, %cr : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %colmask = arith.cmpi slt, %cols, %ns : tensor<128xi32>
  %bp = block.addptr %b, %cols : !block.ptr<f32>, tensor<128xi32>
  %bv = block.load %bp mask %colmask : tensor<128x!block.ptr<f32>>

  %row0 = arith.muli %pm, %c32 : i32
  %rr = block.arange 0, 32 : tensor<32xi32>
  %row0s = block.splat %row0 : tensor<32xi32>
  %rows = arith.addi %row0s, %rr : tensor<32xi32>
  %ms = block.splat %m : tensor<32xi32>
  %rowmask = arith.cmpi slt, %rows, %ms : tensor<32xi32>

  %ns32 = block.splat %n : tensor<32xi32>
  %rowoff = arith.muli %rows, %ns32 : tensor<32xi32>
  %ro = block.broadcast %rowoff dims [0] : tensor<32xi32> -> tensor<32x128xi32>
  %co = block.broadcast %cols dims [1] : tensor<128xi32> -> tensor<32x128xi32>
  %offs = arith.addi %ro, %co : tensor<32x128xi32>
  %rm = block.broadcast %rowmask dims [0] : tensor<32xi1> -> tensor<32x128xi1>
  %cm = block.broadcast %colmask dims [1] : tensor<128xi1> -> tensor<32x128xi1>
  %mask = arith.andi %rm, %cm : tensor<32x128xi1>

  %xp = block.addptr %x, %offs : !block.ptr<f32>, tensor<32x128xi32>
  %xv = block.load %xp mask %mask other %zero : tensor<32x128x!block.ptr<f32>>
  %dyp = block.addptr %dy, %offs : !block.ptr<f32>, tensor<32x128xi32>
  %dyv = block.load %dyp mask %mask other %zero : tensor<32x128x!block.ptr<f32>>

  // dz = dy * (Phi(z) + z * phi(z)); masked lanes have dy = 0, so dz = 0.
  %bt = block.broadcast %bv dims [1] : tensor<128xf32> -> tensor<32x128xf32>
  %z = arith.addf %xv, %bt : tensor<32x128xf32>
  %zs = arith.mulf %z, %rsqrt2 : tensor<32x128xf32>
  %erf = math.erf %zs : tensor<32x128xf32>
  %erf1 = arith.addf %erf, %one : tensor<32x128xf32>
  %cdf = arith.mulf %erf1, %half : tensor<32x128xf32>
  %z2 = arith.mulf %z, %z : tensor<32x128xf32>
  %e0 = arith.mulf %z2, %mhalf : tensor<32x128xf32>
  %e = math.exp %e0 : tensor<32x128xf32>
  %pdf = arith.mulf %e, %rsqrt2pi : tensor<32x128xf32>
  %zpdf = arith.mulf %z, %pdf : tensor<32x128xf32>
  %slope = arith.addf %cdf, %zpdf : tensor<32x128xf32>
  %dz0 = arith.mulf %dyv, %slope : tensor<32x128xf32>
  %dz = arith.select %mask, %dz0, %zero : tensor<32x128xi1>, tensor<32x128xf32>

  %dxp = block.addptr %dx, %offs : !block.ptr<f32>, tensor<32x128xi32>
  block.store %dxp, %dz mask %mask : tensor<32x128x!block.ptr<f32>>

  // dbp[pm, cols] = the column sums of this tile's dz.
  %colsum = block.reduce add %dz axis = 0 : (tensor<32x128xf32>) -> tensor<128xf32>
  %poff = arith.muli %pm, %n : i32
  %prow = block.addptr %dbp, %poff : !block.ptr<f32>, i32
  %pp = block.addptr %prow, %cols : !block.ptr<f32>, tensor<128xi32>
  block.store %pp, %colsum mask %colmask : tensor<128x!block.ptr<f32>>
  return
}
