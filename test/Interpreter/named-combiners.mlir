// The named combiners on the interpreter against NumPy: argmax and argmin
// over rows with ties and NaNs (NumPy's rules: a NaN is the extreme of both,
// the first index wins), unsigned max, signed min, xor, and a running max.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/r.npy --dtype=float32 --count=128 --low=0 --high=1 --seed=4
// RUN: %python %S/Inputs/reference.py expect %t/x.npy 'np.where((np.arange(128) % 37 == 5) | (np.arange(128) == 10), f32(np.nan), np.round(r * f32(3))).astype(np.float32)' r=%t/r.npy
// RUN: %python %S/Inputs/reference.py random %t/ints.npy --dtype=int32 --count=128 --low=-1000 --high=1000 --seed=5
// RUN: block-run %s --grid=1 --arg=ptr:f32:128:file=%t/x.npy --arg=ptr:i32:128:file=%t/ints.npy \
// RUN:   --arg=ptr:f32:8:zeros --arg=ptr:i32:8:zeros --arg=ptr:i32:8:zeros --arg=ptr:i32:8:zeros \
// RUN:   --arg=ptr:i32:8:zeros --arg=ptr:i32:8:zeros --arg=ptr:i32:128:zeros \
// RUN:   --out=2:%t/maxval.npy --out=3:%t/maxidx.npy --out=4:%t/minidx.npy --out=5:%t/umax.npy \
// RUN:   --out=6:%t/smin.npy --out=7:%t/xor.npy --out=8:%t/cummax.npy

// RUN: %python %S/Inputs/reference.py expect %t/e_maxval.npy 'x.reshape(8, 16).max(axis=1)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/maxval.npy %t/e_maxval.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_maxidx.npy '(x.reshape(8, 16).argmax(axis=1) + 16 * np.arange(8)).astype(np.int32)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/maxidx.npy %t/e_maxidx.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_minidx.npy '(x.reshape(8, 16).argmin(axis=1) + 16 * np.arange(8)).astype(np.int32)' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/minidx.npy %t/e_minidx.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_umax.npy 'i.view(np.uint32).reshape(8, 16).max(axis=1).view(np.int32)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/umax.npy %t/e_umax.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_smin.npy 'i.reshape(8, 16).min(axis=1)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/smin.npy %t/e_smin.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_xor.npy 'np.bitwise_xor.reduce(i.reshape(8, 16), axis=1)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/xor.npy %t/e_xor.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_cummax.npy 'np.maximum.accumulate(i.reshape(8, 16), axis=1)' i=%t/ints.npy
// RUN: %python %S/Inputs/reference.py compare %t/cummax.npy %t/e_cummax.npy --exact

func.func @named(%x: !block.ptr<f32>, %ints: !block.ptr<i32>,
                 %maxval: !block.ptr<f32>, %maxidx: !block.ptr<i32>,
                 %minidx: !block.ptr<i32>, %umax: !block.ptr<i32>,
                 %smin: !block.ptr<i32>, %xor: !block.ptr<i32>,
                 %cummax: !block.ptr<i32>)
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
  %idx = block.reshape %r128 : tensor<128xi32> -> tensor<8x16xi32>
  %r8 = block.arange 0, 8 : tensor<8xi32>

  %mv, %mi = block.reduce argmax %xt, %idx axis = 1 : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  %p0 = block.splat %maxval : tensor<8x!block.ptr<f32>>
  %p1 = block.addptr %p0, %r8 : tensor<8x!block.ptr<f32>>, tensor<8xi32>
  block.store %p1, %mv : tensor<8x!block.ptr<f32>>
  %p2 = block.splat %maxidx : tensor<8x!block.ptr<i32>>
  %p3 = block.addptr %p2, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p3, %mi : tensor<8x!block.ptr<i32>>

  %nv, %ni = block.reduce argmin %xt, %idx axis = 1 : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  %p4 = block.splat %minidx : tensor<8x!block.ptr<i32>>
  %p5 = block.addptr %p4, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p5, %ni : tensor<8x!block.ptr<i32>>

  %um = block.reduce maxui %it axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  %p6 = block.splat %umax : tensor<8x!block.ptr<i32>>
  %p7 = block.addptr %p6, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p7, %um : tensor<8x!block.ptr<i32>>

  %sm = block.reduce minsi %it axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  %p8 = block.splat %smin : tensor<8x!block.ptr<i32>>
  %p9 = block.addptr %p8, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p9, %sm : tensor<8x!block.ptr<i32>>

  %xr = block.reduce xor %it axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  %p10 = block.splat %xor : tensor<8x!block.ptr<i32>>
  %p11 = block.addptr %p10, %r8 : tensor<8x!block.ptr<i32>>, tensor<8xi32>
  block.store %p11, %xr : tensor<8x!block.ptr<i32>>

  %cm = block.scan maxsi %it axis = 1 : (tensor<8x16xi32>) -> tensor<8x16xi32>
  %cmflat = block.reshape %cm : tensor<8x16xi32> -> tensor<128xi32>
  %p12 = block.splat %cummax : tensor<128x!block.ptr<i32>>
  %p13 = block.addptr %p12, %r128 : tensor<128x!block.ptr<i32>>, tensor<128xi32>
  block.store %p13, %cmflat : tensor<128x!block.ptr<i32>>
  return
}
