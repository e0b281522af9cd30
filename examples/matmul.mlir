// c = a * b for row-major a (M x K), b (K x N), c (M x N), f32, in 32 x 32
// tiles of c, stepping through K 32 at a time. Launch a grid of
// (ceil(N / 32), ceil(M / 32)).
func.func @matmul(%a: !block.ptr<f32> {block.alignment = 16},
                  %b: !block.ptr<f32> {block.alignment = 16},
                  %c: !block.ptr<f32> {block.alignment = 16},
                  %m: i32, %n: i32, %k: i32)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %pn = block.program_id x
  %pm = block.program_id y
  %r = block.arange 0, 32 : tensor<32xi32>
  %row0 = arith.muli %pm, %c32 : i32
  %col0 = arith.muli %pn, %c32 : i32
  %row0s = block.splat %row0 : tensor<32xi32>
  %col0s = block.splat %col0 : tensor<32xi32>
  %rows = arith.addi %row0s, %r : tensor<32xi32>
  %cols = arith.addi %col0s, %r : tensor<32xi32>
  %ms = block.splat %m : tensor<32xi32>
  %ns = block.splat %n : tensor<32xi32>
  %ks = block.splat %k : tensor<32xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<32xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<32xi32>
  %rowok2 = block.expand_dims %rowok, 1 : tensor<32xi1> -> tensor<32x1xi1>
  %rowokb = block.broadcast %rowok2 : tensor<32x1xi1> -> tensor<32x32xi1>
  %colok2 = block.expand_dims %colok, 0 : tensor<32xi1> -> tensor<1x32xi1>
  %colokb = block.broadcast %colok2 : tensor<1x32xi1> -> tensor<32x32xi1>
  // a[rows, kk] at rows * k + kk; b[kk, cols] at kk * n + cols.
  %arow = arith.muli %rows, %ks : tensor<32xi32>
  %arow2 = block.expand_dims %arow, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %arowb = block.broadcast %arow2 : tensor<32x1xi32> -> tensor<32x32xi32>
  %bcol2 = block.expand_dims %cols, 0 : tensor<32xi32> -> tensor<1x32xi32>
  %bcolb = block.broadcast %bcol2 : tensor<1x32xi32> -> tensor<32x32xi32>
  %abase = block.splat %a : tensor<32x32x!block.ptr<f32>>
  %bbase = block.splat %b : tensor<32x32x!block.ptr<f32>>

  %acc = scf.for %k0 = %c0 to %k step %c32 iter_args(%sum = %zero) -> (tensor<32x32xf32>) : i32 {
    %k0s = block.splat %k0 : tensor<32xi32>
    %kk = arith.addi %k0s, %r : tensor<32xi32>
    %kok = arith.cmpi slt, %kk, %ks : tensor<32xi32>
    // a tile: columns kk.
    %kkc = block.expand_dims %kk, 0 : tensor<32xi32> -> tensor<1x32xi32>
    %kkcb = block.broadcast %kkc : tensor<1x32xi32> -> tensor<32x32xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<32x32xi32>
    %kokc = block.expand_dims %kok, 0 : tensor<32xi1> -> tensor<1x32xi1>
    %kokcb = block.broadcast %kokc : tensor<1x32xi1> -> tensor<32x32xi1>
    %amask = arith.andi %rowokb, %kokcb : tensor<32x32xi1>
    %ap = block.addptr %abase, %aoff : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
    %at = block.load %ap mask %amask other %zero : tensor<32x32x!block.ptr<f32>>
    // b tile: rows kk.
    %kkn = arith.muli %kk, %ns : tensor<32xi32>
    %kkr = block.expand_dims %kkn, 1 : tensor<32xi32> -> tensor<32x1xi32>
    %kkrb = block.broadcast %kkr : tensor<32x1xi32> -> tensor<32x32xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<32x32xi32>
    %kokr = block.expand_dims %kok, 1 : tensor<32xi1> -> tensor<32x1xi1>
    %kokrb = block.broadcast %kokr : tensor<32x1xi1> -> tensor<32x32xi1>
    %bmask = arith.andi %kokrb, %colokb : tensor<32x32xi1>
    %bp = block.addptr %bbase, %boff : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
    %bt = block.load %bp mask %bmask other %zero : tensor<32x32x!block.ptr<f32>>
    %next = block.dot %at, %bt, %sum : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
    scf.yield %next : tensor<32x32xf32>
  }

  %crow = arith.muli %rows, %ns : tensor<32xi32>
  %crow2 = block.expand_dims %crow, 1 : tensor<32xi32> -> tensor<32x1xi32>
  %crowb = block.broadcast %crow2 : tensor<32x1xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crowb, %bcolb : tensor<32x32xi32>
  %cmask = arith.andi %rowokb, %colokb : tensor<32x32xi1>
  %cbase = block.splat %c : tensor<32x32x!block.ptr<f32>>
  %cp = block.addptr %cbase, %coff : tensor<32x32x!block.ptr<f32>>, tensor<32x32xi32>
  block.store %cp, %acc mask %cmask : tensor<32x32x!block.ptr<f32>>
  return
}
