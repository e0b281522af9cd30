// c = a * b for row-major a (M x K), b (K x N), c (M x N), f32, in 64 x 64
// tiles of c, stepping through K 32 at a time. Launch a grid of
// (ceil(N / 64), ceil(M / 64)). N and K are multiples of 16 (as Triton
// specialises them), so that rows of a and b start on 16-byte boundaries
// and the tiles load in vectors; M is any size.
func.func @matmul(%a: !block.ptr<f32> {block.alignment = 16},
                  %b: !block.ptr<f32> {block.alignment = 16},
                  %c: !block.ptr<f32> {block.alignment = 16},
                  %m: i32,
                  %n: i32 {block.divisibility = 16},
                  %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf32>
  %bzero = arith.constant dense<0.0> : tensor<32x64xf32>
  %pn = block.program_id x
  %pm = block.program_id y
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %r32 = block.arange 0, 32 : tensor<32xi32>
  %row0 = arith.muli %pm, %c64 : i32
  %col0 = arith.muli %pn, %c64 : i32
  %row0s = block.splat %row0 : tensor<64xi32>
  %col0s = block.splat %col0 : tensor<64xi32>
  %rows = arith.addi %row0s, %r64 : tensor<64xi32>
  %cols = arith.addi %col0s, %r64 : tensor<64xi32>
  %ms = block.splat %m : tensor<64xi32>
  %ns = block.splat %n : tensor<64xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<64xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<64xi32>
  %rowok2 = block.expand_dims %rowok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %colok2 = block.expand_dims %colok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  // a[rows, kk] at rows * k + kk; b[kk, cols] at kk * n + cols.
  %ks = block.splat %k : tensor<64xi32>
  %arow = arith.muli %rows, %ks : tensor<64xi32>
  %arow2 = block.expand_dims %arow, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %arowb = block.broadcast %arow2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %arowokb = block.broadcast %rowok2 : tensor<64x1xi1> -> tensor<64x32xi1>
  %bcol2 = block.expand_dims %cols, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %bcolb = block.broadcast %bcol2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %bcolokb = block.broadcast %colok2 : tensor<1x64xi1> -> tensor<32x64xi1>
  %abase = block.splat %a : tensor<64x32x!block.ptr<f32>>
  %bbase = block.splat %b : tensor<32x64x!block.ptr<f32>>
  %kbound = block.splat %k : tensor<32xi32>
  %nk = block.splat %n : tensor<32xi32>

  %acc = scf.for %k0 = %c0 to %k step %c32 iter_args(%sum = %zero) -> (tensor<64x64xf32>) : i32 {
    %k0s = block.splat %k0 : tensor<32xi32>
    %kk = arith.addi %k0s, %r32 : tensor<32xi32>
    %kok = arith.cmpi slt, %kk, %kbound : tensor<32xi32>
    // a tile (64 x 32): columns kk.
    %kkc = block.expand_dims %kk, 0 : tensor<32xi32> -> tensor<1x32xi32>
    %kkcb = block.broadcast %kkc : tensor<1x32xi32> -> tensor<64x32xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<64x32xi32>
    %kokc = block.expand_dims %kok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %kokcb = block.broadcast %kokc : tensor<1x32xi1> -> tensor<64x32xi1>
    %amask = arith.andi %arowokb, %kokcb : tensor<64x32xi1>
    %ap = block.addptr %abase, %aoff : tensor<64x32x!block.ptr<f32>>, tensor<64x32xi32>
    %at = block.load %ap mask %amask other %azero : tensor<64x32x!block.ptr<f32>>
    // b tile (32 x 64): rows kk.
    %kkn = arith.muli %kk, %nk : tensor<32xi32>
    %kkr = block.expand_dims %kkn, 1 : tensor<32xi32> -> tensor<32x1xi32>
    %kkrb = block.broadcast %kkr : tensor<32x1xi32> -> tensor<32x64xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<32x64xi32>
    %kokr = block.expand_dims %kok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %kokrb = block.broadcast %kokr : tensor<32x1xi1> -> tensor<32x64xi1>
    %bmask = arith.andi %kokrb, %bcolokb : tensor<32x64xi1>
    %bp = block.addptr %bbase, %boff : tensor<32x64x!block.ptr<f32>>, tensor<32x64xi32>
    %bt = block.load %bp mask %bmask other %bzero : tensor<32x64x!block.ptr<f32>>
    %next = block.dot %at, %bt, %sum : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }

  %crow = arith.muli %rows, %ns : tensor<64xi32>
  %crow2 = block.expand_dims %crow, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %crowb = block.broadcast %crow2 : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccolb = block.broadcast %bcol2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<64x64xi32>
  %crowokb = block.broadcast %rowok2 : tensor<64x1xi1> -> tensor<64x64xi1>
  %ccolokb = block.broadcast %colok2 : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %crowokb, %ccolokb : tensor<64x64xi1>
  %cbase = block.splat %c : tensor<64x64x!block.ptr<f32>>
  %cp = block.addptr %cbase, %coff : tensor<64x64x!block.ptr<f32>>, tensor<64x64xi32>
  block.store %cp, %acc mask %cmask : tensor<64x64x!block.ptr<f32>>
  return
}
