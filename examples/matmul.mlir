// c = a * b for row-major a (M x K), b (K x N), c (M x N), f32, in 128 x 128
// tiles of c, stepping through K 16 at a time. Launch a grid of
// (ceil(N / 128), ceil(M / 128)). N and K are multiples of 16 (as Triton
// specialises them), so that rows of a and b start on 16-byte boundaries
// and the tiles load in vectors; M is any size.
func.func @matmul(%a: !block.ptr<f32> {block.alignment = 16},
                  %b: !block.ptr<f32> {block.alignment = 16},
                  %c: !block.ptr<f32> {block.alignment = 16},
                  %m: i32,
                  %n: i32 {block.divisibility = 16},
                  %k: i32 {block.divisibility = 16})
    attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %azero = arith.constant dense<0.0> : tensor<128x16xf32>
  %bzero = arith.constant dense<0.0> : tensor<16x128xf32>
  %pn = block.program_id x
  %pm = block.program_id y
  %row0 = arith.muli %pm, %c128 : i32
  %col0 = arith.muli %pn, %c128 : i32
  %rows = block.arange %row0 + 0, 128 : tensor<128xi32>
  %cols = block.arange %col0 + 0, 128 : tensor<128xi32>
  %ms = block.splat %m : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %rowok = arith.cmpi slt, %rows, %ms : tensor<128xi32>
  %colok = arith.cmpi slt, %cols, %ns : tensor<128xi32>
  // a[rows, kk] at rows * k + kk; b[kk, cols] at kk * n + cols.
  %ks = block.splat %k : tensor<128xi32>
  %arow = arith.muli %rows, %ks : tensor<128xi32>
  %arowb = block.broadcast %arow dims [0] : tensor<128xi32> -> tensor<128x16xi32>
  %arowokb = block.broadcast %rowok dims [0] : tensor<128xi1> -> tensor<128x16xi1>
  %bcolb = block.broadcast %cols dims [1] : tensor<128xi32> -> tensor<16x128xi32>
  %bcolokb = block.broadcast %colok dims [1] : tensor<128xi1> -> tensor<16x128xi1>
  %abase = block.splat %a : tensor<128x16x!block.ptr<f32>>
  %bbase = block.splat %b : tensor<16x128x!block.ptr<f32>>
  %kbound = block.splat %k : tensor<16xi32>
  %nk = block.splat %n : tensor<16xi32>

  %acc = scf.for %k0 = %c0 to %k step %c16 iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %kk = block.arange %k0 + 0, 16 : tensor<16xi32>
    %kok = arith.cmpi slt, %kk, %kbound : tensor<16xi32>
    // a tile (128 x 16): columns kk.
    %kkcb = block.broadcast %kk dims [1] : tensor<16xi32> -> tensor<128x16xi32>
    %aoff = arith.addi %arowb, %kkcb : tensor<128x16xi32>
    %kokcb = block.broadcast %kok dims [1] : tensor<16xi1> -> tensor<128x16xi1>
    %amask = arith.andi %arowokb, %kokcb : tensor<128x16xi1>
    %ap = block.addptr %abase, %aoff : tensor<128x16x!block.ptr<f32>>, tensor<128x16xi32>
    %at = block.load %ap mask %amask other %azero : tensor<128x16x!block.ptr<f32>>
    // b tile (16 x 128): rows kk.
    %kkn = arith.muli %kk, %nk : tensor<16xi32>
    %kkrb = block.broadcast %kkn dims [0] : tensor<16xi32> -> tensor<16x128xi32>
    %boff = arith.addi %kkrb, %bcolb : tensor<16x128xi32>
    %kokrb = block.broadcast %kok dims [0] : tensor<16xi1> -> tensor<16x128xi1>
    %bmask = arith.andi %kokrb, %bcolokb : tensor<16x128xi1>
    %bp = block.addptr %bbase, %boff : tensor<16x128x!block.ptr<f32>>, tensor<16x128xi32>
    %bt = block.load %bp mask %bmask other %bzero : tensor<16x128x!block.ptr<f32>>
    %next = block.dot %at, %bt, %sum : tensor<128x16xf32>, tensor<16x128xf32> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }

  %crow = arith.muli %rows, %ns : tensor<128xi32>
  %crowb = block.broadcast %crow dims [0] : tensor<128xi32> -> tensor<128x128xi32>
  %ccolb = block.broadcast %cols dims [1] : tensor<128xi32> -> tensor<128x128xi32>
  %coff = arith.addi %crowb, %ccolb : tensor<128x128xi32>
  %crowokb = block.broadcast %rowok dims [0] : tensor<128xi1> -> tensor<128x128xi1>
  %ccolokb = block.broadcast %colok dims [1] : tensor<128xi1> -> tensor<128x128xi1>
  %cmask = arith.andi %crowokb, %ccolokb : tensor<128x128xi1>
  block.store %c[%coff], %acc mask %cmask : !block.ptr<f32>, tensor<128x128xi32>
  return
}
