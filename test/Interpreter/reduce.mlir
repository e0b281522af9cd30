// block.reduce on the interpreter against NumPy: sums along both axes in
// the documented tree order (bit-exact for floats whose magnitudes span 16
// decades, where the order shows), max, argmax with two operands, and
// combiners that run batched and that run one pair at a time.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/mantissa.npy --dtype=float32 --count=128 --seed=1
// RUN: %python %S/Inputs/reference.py random %t/exponent.npy --dtype=float32 --count=128 --low=-8 --high=8 --seed=2
// RUN: %python %S/Inputs/reference.py expect %t/x.npy 'm * f32(10) ** e' m=%t/mantissa.npy e=%t/exponent.npy
// RUN: %python %S/Inputs/reference.py random %t/ints.npy --dtype=int32 --count=128 --low=-1000 --high=1000 --seed=3
// RUN: block-run %s --grid=1 --arg=ptr:f32:128:file=%t/x.npy --arg=ptr:i32:128:file=%t/ints.npy \
// RUN:   --arg=ptr:f32:8:zeros --arg=ptr:f32:16:zeros --arg=ptr:f32:8:zeros --arg=ptr:i32:8:zeros \
// RUN:   --arg=ptr:i32:16:zeros --arg=ptr:i32:8:zeros --arg=ptr:f32:1:zeros --arg=f32:0.5 \
// RUN:   --arg=ptr:f32:16:zeros \
// RUN:   --out=2:%t/rowsum.npy --out=3:%t/colmax.npy --out=4:%t/best.npy --out=5:%t/where.npy \
// RUN:   --out=6:%t/colsum.npy --out=7:%t/rowmax.npy --out=8:%t/decay.npy --out=10:%t/coldecay.npy

// RUN: %python %S/Inputs/reference.py expect %t/e_rowsum.npy 'tree_reduce(x.reshape(8, 16), 1, lambda a, b: a + b)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/rowsum.npy %t/e_rowsum.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_colmax.npy 'x.reshape(8, 16).max(axis=0)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/colmax.npy %t/e_colmax.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_best.npy 'x.reshape(8, 16).max(axis=1)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/best.npy %t/e_best.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_where.npy 'x.reshape(8, 16).argmax(axis=1).astype(np.int32)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/where.npy %t/e_where.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_colsum.npy 'i.reshape(8, 16).sum(axis=0).astype(np.int32)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/colsum.npy %t/e_colsum.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_rowmax.npy 'i.reshape(8, 16).max(axis=1)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/rowmax.npy %t/e_rowmax.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_decay.npy 'tree_reduce(x, 0, lambda a, b: a * f32(0.5) + b)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/decay.npy %t/e_decay.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_coldecay.npy 'tree_reduce(x.reshape(8, 16), 0, lambda a, b: a * f32(0.5) + b)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/coldecay.npy %t/e_coldecay.npy --exact

func.func @reduce(%x: !block.ptr<f32>, %ints: !block.ptr<i32>,
                  %rowsum: !block.ptr<f32>, %colmax: !block.ptr<f32>,
                  %best: !block.ptr<f32>, %where: !block.ptr<i32>,
                  %colsum: !block.ptr<i32>, %rowmax: !block.ptr<i32>,
                  %decay: !block.ptr<f32>, %half: f32,
                  %coldecay: !block.ptr<f32>)
    attributes {block.kernel} {
  %r128 = block.arange 0, 128 : tensor<128xi32>
  %xs = block.splat %x : tensor<128x!block.ptr<f32>>
  %xp = block.addptr %xs, %r128 : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %xflat = block.load %xp : tensor<128x!block.ptr<f32>>
  %xt = block.reshape %xflat : tensor<128xf32> -> tensor<8x16xf32>
  %is = block.splat %ints : tensor<128x!block.ptr<i32>>
  %ip = block.addptr %is, %r128 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  %iflat = block.load %ip : tensor<128x!block.ptr<i32>>
  %it = block.reshape %iflat : tensor<128xi32> -> tensor<8x16xi32>
  %r8 = block.arange 0, 8 : tensor<8xi32>
  %r16 = block.arange 0, 16 : tensor<16xi32>

  %sum = block.reduce %xt axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  %p0 = block.splat %rowsum : tensor<8x!block.ptr<f32>>
  %p1 = block.addptr %p0, %r8 : tensor<8x!block.ptr<f32>>, tensor<8xi32>
  block.store %p1, %sum : tensor<8x!block.ptr<f32>>

  %max = block.reduce %xt axis = 0 : (tensor<8x16xf32>) -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    block.yield %m : f32
  }
  %p2 = block.splat %colmax : tensor<16x!block.ptr<f32>>
  %p3 = block.addptr %p2, %r16 : tensor<16x!block.ptr<f32>>, tensor<16xi32>
  block.store %p3, %max : tensor<16x!block.ptr<f32>>

  // argmax: on ties the lower index (always the first argument) wins.
  %r16e = block.expand_dims %r16, 0 : tensor<16xi32> -> tensor<1x16xi32>
  %idx = block.broadcast %r16e : tensor<1x16xi32> -> tensor<8x16xi32>
  %bv, %bi = block.reduce %xt, %idx axis = 1
      : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bj: i32):
    %ge = arith.cmpf oge, %a, %b : f32
    %v = arith.select %ge, %a, %b : f32
    %j = arith.select %ge, %ai, %bj : i32
    block.yield %v, %j : f32, i32
  }
  %p4 = block.splat %best : tensor<8x!block.ptr<f32>>
  %p5 = block.addptr %p4, %r8 : tensor<8x!block.ptr<f32>>, tensor<8xi32>
  block.store %p5, %bv : tensor<8x!block.ptr<f32>>
  %p6 = block.splat %where : tensor<8x!block.ptr<i32>>
  %p7 = block.addptr %p6, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p7, %bi : tensor<8x!block.ptr<i32>>

  %isum = block.reduce %it axis = 0 : (tensor<8x16xi32>) -> tensor<16xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    block.yield %s : i32
  }
  %p8 = block.splat %colsum : tensor<16x!block.ptr<i32>>
  %p9 = block.addptr %p8, %r16 : tensor<16x!block.ptr<i32>>, tensor<16xi32>
  block.store %p9, %isum : tensor<16x!block.ptr<i32>>

  // A combiner with control flow runs one pair at a time.
  %imax = block.reduce %it axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    %gt = arith.cmpi sgt, %a, %b : i32
    %m = scf.if %gt -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %b : i32
    }
    block.yield %m : i32
  }
  %p10 = block.splat %rowmax : tensor<8x!block.ptr<i32>>
  %p11 = block.addptr %p10, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p11, %imax : tensor<8x!block.ptr<i32>>

  // So does one that reads a value from outside it; this one is not
  // associative, so the result shows the order.
  %d = block.reduce %xflat axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %scaled = arith.mulf %a, %half : f32
    %s = arith.addf %scaled, %b : f32
    block.yield %s : f32
  }
  block.store %decay, %d : !block.ptr<f32>

  // The same, batched: the constant is the combiner's own.
  %cd = block.reduce %xt axis = 0 : (tensor<8x16xf32>) -> tensor<16xf32> {
  ^bb0(%a: f32, %b: f32):
    %h = arith.constant 0.5 : f32
    %scaled = arith.mulf %a, %h : f32
    %s = arith.addf %scaled, %b : f32
    block.yield %s : f32
  }
  %p12 = block.splat %coldecay : tensor<16x!block.ptr<f32>>
  %p13 = block.addptr %p12, %r16 : tensor<16x!block.ptr<f32>>, tensor<16xi32>
  block.store %p13, %cd : tensor<16x!block.ptr<f32>>
  return
}
