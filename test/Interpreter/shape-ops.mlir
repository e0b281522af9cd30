// Program ids, grid sizes and the shape ops on 3-D tensors against NumPy.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: block-run %s --kernel=grid_ids --grid=2,3,4 --arg=ptr:i32:144:zeros --out=0:%t/ids.npy
// RUN: %python %S/Inputs/reference.py expect %t/e_ids.npy \
// RUN:   'np.array([[x, y, z, 2, 3, 4] for z in range(4) for y in range(3) for x in range(2)], np.int32)'
// RUN: %python %S/Inputs/reference.py compare %t/ids.npy %t/e_ids.npy --exact
// RUN: block-run %s --kernel=shapes --grid=1 --arg=ptr:i32:64:iota --arg=ptr:i32:64:zeros \
// RUN:   --arg=ptr:i32:16:zeros --arg=ptr:i32:64:zeros --out=1:%t/t.npy --out=2:%t/r.npy --out=3:%t/b.npy
// RUN: %python %S/Inputs/reference.py expect %t/e_t.npy 'np.arange(64, dtype=np.int32).reshape(2, 4, 8).transpose(2, 0, 1)'
// RUN: %python %S/Inputs/reference.py compare %t/t.npy %t/e_t.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_r.npy 'np.arange(64, dtype=np.int32).reshape(2, 4, 8).sum(axis=1)'
// RUN: %python %S/Inputs/reference.py compare %t/r.npy %t/e_r.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_b.npy \
// RUN:   'np.broadcast_to(np.arange(64, dtype=np.int32).reshape(2, 4, 8).sum(axis=1)[:, None, :], (2, 4, 8)) * 2'
// RUN: %python %S/Inputs/reference.py compare %t/b.npy %t/e_b.npy --exact

func.func @grid_ids(%out: !block.ptr<i32>) attributes {block.kernel} {
  %c6 = arith.constant 6 : i32
  %x = block.program_id x
  %y = block.program_id y
  %z = block.program_id z
  %nx = block.num_programs x
  %ny = block.num_programs y
  %nz = block.num_programs z
  %zy = arith.muli %z, %ny : i32
  %zyy = arith.addi %zy, %y : i32
  %zyyx = arith.muli %zyy, %nx : i32
  %linear = arith.addi %zyyx, %x : i32
  %at = arith.muli %linear, %c6 : i32
  %p = block.addptr %out, %at : !block.ptr<i32>, i32
  %c1 = arith.constant 1 : i32
  block.store %p, %x : !block.ptr<i32>
  %p1 = block.addptr %p, %c1 : !block.ptr<i32>, i32
  block.store %p1, %y : !block.ptr<i32>
  %p2 = block.addptr %p1, %c1 : !block.ptr<i32>, i32
  block.store %p2, %z : !block.ptr<i32>
  %p3 = block.addptr %p2, %c1 : !block.ptr<i32>, i32
  block.store %p3, %nx : !block.ptr<i32>
  %p4 = block.addptr %p3, %c1 : !block.ptr<i32>, i32
  block.store %p4, %ny : !block.ptr<i32>
  %p5 = block.addptr %p4, %c1 : !block.ptr<i32>, i32
  block.store %p5, %nz : !block.ptr<i32>
  return
}

func.func @shapes(%in: !block.ptr<i32>, %t: !block.ptr<i32>, %r: !block.ptr<i32>,
                  %b: !block.ptr<i32>) attributes {block.kernel} {
  %r64 = block.arange 0, 64 : tensor<64xi32>
  %r16 = block.arange 0, 16 : tensor<16xi32>
  %ins = block.splat %in : tensor<64x!block.ptr<i32>>
  %inp = block.addptr %ins, %r64 : tensor<64x!block.ptr<i32>>, tensor<64xi32>
  %flat = block.load %inp : tensor<64x!block.ptr<i32>>
  %x = block.reshape %flat : tensor<64xi32> -> tensor<2x4x8xi32>

  %xt = block.trans %x [2, 0, 1] : tensor<2x4x8xi32> -> tensor<8x2x4xi32>
  %tf = block.reshape %xt : tensor<8x2x4xi32> -> tensor<64xi32>
  %ts = block.splat %t : tensor<64x!block.ptr<i32>>
  %tp = block.addptr %ts, %r64 : tensor<64x!block.ptr<i32>>, tensor<64xi32>
  block.store %tp, %tf : tensor<64x!block.ptr<i32>>

  %sum = block.reduce %x axis = 1 : (tensor<2x4x8xi32>) -> tensor<2x8xi32> {
  ^bb0(%a: i32, %c: i32):
    %s = arith.addi %a, %c : i32
    block.yield %s : i32
  }
  %sf = block.reshape %sum : tensor<2x8xi32> -> tensor<16xi32>
  %rs = block.splat %r : tensor<16x!block.ptr<i32>>
  %rp = block.addptr %rs, %r16 : tensor<16x!block.ptr<i32>>, tensor<16xi32>
  block.store %rp, %sf : tensor<16x!block.ptr<i32>>

  %e = block.expand_dims %sum, 1 : tensor<2x8xi32> -> tensor<2x1x8xi32>
  %bc = block.broadcast %e : tensor<2x1x8xi32> -> tensor<2x4x8xi32>
  %twice = arith.addi %bc, %bc : tensor<2x4x8xi32>
  %bf = block.reshape %twice : tensor<2x4x8xi32> -> tensor<64xi32>
  %bs = block.splat %b : tensor<64x!block.ptr<i32>>
  %bp = block.addptr %bs, %r64 : tensor<64x!block.ptr<i32>>, tensor<64xi32>
  block.store %bp, %bf : tensor<64x!block.ptr<i32>>
  return
}
