// block.scan on the interpreter against NumPy: inclusive scans along both
// axes, forward and reverse, batched and one lane at a time, and a float
// scan, which is sequential and so bit-exact with np.cumsum.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/ints.npy --dtype=int32 --count=128 --low=-1000 --high=1000 --seed=4
// RUN: %python %S/Inputs/reference.py random %t/x.npy --dtype=float32 --count=128 --seed=5
// RUN: block-run %s --grid=1 --arg=ptr:i32:128:file=%t/ints.npy --arg=ptr:f32:128:file=%t/x.npy \
// RUN:   --arg=ptr:i32:128:zeros --arg=ptr:i32:128:zeros --arg=ptr:i32:128:zeros --arg=ptr:f32:128:zeros \
// RUN:   --arg=ptr:f32:128:zeros --arg=ptr:f32:128:zeros \
// RUN:   --out=2:%t/down.npy --out=3:%t/leftward.npy --out=4:%t/runmax.npy --out=5:%t/cumsum.npy \
// RUN:   --out=6:%t/decay.npy --out=7:%t/updecay.npy

// RUN: %python %S/Inputs/reference.py expect %t/e_down.npy 'np.cumsum(i.reshape(8, 16), axis=0, dtype=np.int32)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/down.npy %t/e_down.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_leftward.npy 'np.cumsum(i.reshape(8, 16)[:, ::-1], axis=1, dtype=np.int32)[:, ::-1]' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/leftward.npy %t/e_leftward.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_runmax.npy 'np.maximum.accumulate(i.reshape(8, 16), axis=1)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/runmax.npy %t/e_runmax.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_cumsum.npy 'np.cumsum(x, dtype=np.float32)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/cumsum.npy %t/e_cumsum.npy --exact
// Combiners that are not commutative show the argument order.
// RUN: %python %S/Inputs/reference.py expect %t/e_decay.npy 'sequential_scan(x.reshape(8, 16), 1, lambda a, b: a * f32(0.5) + b)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/decay.npy %t/e_decay.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_updecay.npy 'sequential_scan(x.reshape(8, 16)[::-1], 0, lambda a, b: a * f32(0.5) + b)[::-1]' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/updecay.npy %t/e_updecay.npy --exact

func.func @scan(%ints: !block.ptr<i32>, %x: !block.ptr<f32>,
                %down: !block.ptr<i32>, %leftward: !block.ptr<i32>,
                %runmax: !block.ptr<i32>, %cumsum: !block.ptr<f32>,
                %decay: !block.ptr<f32>, %updecay: !block.ptr<f32>)
    attributes {block.kernel} {
  %r = block.arange 0, 128 : tensor<128xi32>
  %is = block.splat %ints : tensor<128x!block.ptr<i32>>
  %ip = block.addptr %is, %r : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  %iflat = block.load %ip : tensor<128x!block.ptr<i32>>
  %it = block.reshape %iflat : tensor<128xi32> -> tensor<8x16xi32>

  %s0 = block.scan %it axis = 0 : (tensor<8x16xi32>) -> tensor<8x16xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    block.yield %s : i32
  }
  %f0 = block.reshape %s0 : tensor<8x16xi32> -> tensor<128xi32>
  %d0 = block.splat %down : tensor<128x!block.ptr<i32>>
  %d1 = block.addptr %d0, %r : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %d1, %f0 : tensor<128x!block.ptr<i32>>

  %s1 = block.scan %it axis = 1 reverse : (tensor<8x16xi32>) -> tensor<8x16xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    block.yield %s : i32
  }
  %f1 = block.reshape %s1 : tensor<8x16xi32> -> tensor<128xi32>
  %l0 = block.splat %leftward : tensor<128x!block.ptr<i32>>
  %l1 = block.addptr %l0, %r : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %l1, %f1 : tensor<128x!block.ptr<i32>>

  // Control flow in the combiner: one lane at a time.
  %s2 = block.scan %it axis = 1 : (tensor<8x16xi32>) -> tensor<8x16xi32> {
  ^bb0(%a: i32, %b: i32):
    %gt = arith.cmpi sgt, %a, %b : i32
    %m = scf.if %gt -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %b : i32
    }
    block.yield %m : i32
  }
  %f2 = block.reshape %s2 : tensor<8x16xi32> -> tensor<128xi32>
  %m0 = block.splat %runmax : tensor<128x!block.ptr<i32>>
  %m1 = block.addptr %m0, %r : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %m1, %f2 : tensor<128x!block.ptr<i32>>

  %xs = block.splat %x : tensor<128x!block.ptr<f32>>
  %xp = block.addptr %xs, %r : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  %xv = block.load %xp : tensor<128x!block.ptr<f32>>
  %c = block.scan %xv axis = 0 : (tensor<128xf32>) -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    block.yield %s : f32
  }
  %c0 = block.splat %cumsum : tensor<128x!block.ptr<f32>>
  %c1 = block.addptr %c0, %r : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  block.store %c1, %c : tensor<128x!block.ptr<f32>>

  %xt = block.reshape %xv : tensor<128xf32> -> tensor<8x16xf32>
  %d = block.scan %xt axis = 1 : (tensor<8x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%a: f32, %b: f32):
    %h = arith.constant 0.5 : f32
    %scaled = arith.mulf %a, %h : f32
    %s = arith.addf %scaled, %b : f32
    block.yield %s : f32
  }
  %df = block.reshape %d : tensor<8x16xf32> -> tensor<128xf32>
  %e0 = block.splat %decay : tensor<128x!block.ptr<f32>>
  %e1 = block.addptr %e0, %r : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  block.store %e1, %df : tensor<128x!block.ptr<f32>>
  %u = block.scan %xt axis = 0 reverse : (tensor<8x16xf32>) -> tensor<8x16xf32> {
  ^bb0(%a: f32, %b: f32):
    %h = arith.constant 0.5 : f32
    %scaled = arith.mulf %a, %h : f32
    %s = arith.addf %scaled, %b : f32
    block.yield %s : f32
  }
  %uf = block.reshape %u : tensor<8x16xf32> -> tensor<128xf32>
  %u0 = block.splat %updecay : tensor<128x!block.ptr<f32>>
  %u1 = block.addptr %u0, %r : tensor<128x!block.ptr<f32>>, tensor<128xi32>
  block.store %u1, %uf : tensor<128x!block.ptr<f32>>
  return
}
