// block.join, block.split, block.interleave, a broadcast from a lower rank
// and addptr of a scalar base on the interpreter, against NumPy; run as
// written and after canonicalisation (which expands the short forms).
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/x.npy --dtype=float32 --count=128 --seed=6
// RUN: block-run %s --grid=1 --arg=ptr:f32:128:file=%t/x.npy --arg=ptr:f32:128:zeros \
// RUN:   --arg=ptr:f32:64:zeros --arg=ptr:f32:64:zeros --arg=ptr:f32:128:zeros --arg=ptr:i32:64:zeros \
// RUN:   --out=1:%t/joined.npy --out=2:%t/evens.npy --out=3:%t/odds.npy --out=4:%t/interleaved.npy \
// RUN:   --out=5:%t/grid.npy
// RUN: block-opt %s --canonicalize -o %t/canonical.mlir
// RUN: block-run %t/canonical.mlir --grid=1 --arg=ptr:f32:128:file=%t/x.npy --arg=ptr:f32:128:zeros \
// RUN:   --arg=ptr:f32:64:zeros --arg=ptr:f32:64:zeros --arg=ptr:f32:128:zeros --arg=ptr:i32:64:zeros \
// RUN:   --out=1:%t/c_joined.npy --out=2:%t/c_evens.npy --out=3:%t/c_odds.npy --out=4:%t/c_interleaved.npy \
// RUN:   --out=5:%t/c_grid.npy

// RUN: %python %S/Inputs/reference.py expect %t/e_joined.npy 'np.stack([x[:64], x[64:]], 1)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/joined.npy %t/e_joined.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/c_joined.npy %t/e_joined.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_evens.npy 'x[0::2]' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/evens.npy %t/e_evens.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/c_evens.npy %t/e_evens.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_odds.npy 'x[1::2]' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/odds.npy %t/e_odds.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/c_odds.npy %t/e_odds.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/interleaved.npy %t/e_joined.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/c_interleaved.npy %t/e_joined.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_grid.npy '(np.arange(4)[:, None] * 100 + np.arange(16)[None, :]).astype(np.int32)'
// RUN: %python %S/Inputs/reference.py compare %t/grid.npy %t/e_grid.npy --exact
// RUN: %python %S/Inputs/reference.py compare %t/c_grid.npy %t/e_grid.npy --exact

func.func @pairs(%x: !block.ptr<f32>, %joined: !block.ptr<f32>, %evens: !block.ptr<f32>,
                 %odds: !block.ptr<f32>, %interleaved: !block.ptr<f32>,
                 %grid: !block.ptr<i32>) attributes {block.kernel} {
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %r128 = block.arange 0, 128 : tensor<128xi32>
  %upper = block.arange 64, 128 : tensor<64xi32>
  %pa = block.addptr %x, %r64 : !block.ptr<f32>, tensor<64xi32>
  %a = block.load %pa : tensor<64x!block.ptr<f32>>
  %pb = block.addptr %x, %upper : !block.ptr<f32>, tensor<64xi32>
  %b = block.load %pb : tensor<64x!block.ptr<f32>>

  // (a[i], b[i]) pairs, row-major: a[0], b[0], a[1], ...
  %p = block.join %a, %b : tensor<64xf32> -> tensor<64x2xf32>
  %pflat = block.reshape %p : tensor<64x2xf32> -> tensor<128xf32>
  %pj = block.addptr %joined, %r128 : !block.ptr<f32>, tensor<128xi32>
  block.store %pj, %pflat : tensor<128x!block.ptr<f32>>

  // x as pairs: the even and the odd elements.
  %px = block.addptr %x, %r128 : !block.ptr<f32>, tensor<128xi32>
  %xs = block.load %px : tensor<128x!block.ptr<f32>>
  %xp = block.reshape %xs : tensor<128xf32> -> tensor<64x2xf32>
  %even, %odd = block.split %xp : tensor<64x2xf32> -> tensor<64xf32>
  %pe = block.addptr %evens, %r64 : !block.ptr<f32>, tensor<64xi32>
  block.store %pe, %even : tensor<64x!block.ptr<f32>>
  %po = block.addptr %odds, %r64 : !block.ptr<f32>, tensor<64xi32>
  block.store %po, %odd : tensor<64x!block.ptr<f32>>

  %i = block.interleave %a, %b : tensor<64xf32> -> tensor<128xf32>
  %pi = block.addptr %interleaved, %r128 : !block.ptr<f32>, tensor<128xi32>
  block.store %pi, %i : tensor<128x!block.ptr<f32>>

  // grid[r, c] = 100 r + c from a column and a row.
  %rows = block.arange 0, 4 : tensor<4xi32>
  %cols = block.arange 0, 16 : tensor<16xi32>
  %hundred = arith.constant dense<100> : tensor<4xi32>
  %rows100 = arith.muli %rows, %hundred : tensor<4xi32>
  %rb = block.broadcast %rows100 dims [0] : tensor<4xi32> -> tensor<4x16xi32>
  %cb = block.broadcast %cols dims [1] : tensor<16xi32> -> tensor<4x16xi32>
  %g = arith.addi %rb, %cb : tensor<4x16xi32>
  %gflat = block.reshape %g : tensor<4x16xi32> -> tensor<64xi32>
  %pg = block.addptr %grid, %r64 : !block.ptr<i32>, tensor<64xi32>
  block.store %pg, %gflat : tensor<64x!block.ptr<i32>>
  return
}
