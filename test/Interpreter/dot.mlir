// block.dot for each operand type against NumPy: f16 x f16 into f32 and
// into f16, i8 x i8 into i32 (wrapping) and f64. Small integers make every
// float sum exact, so all results are bit-exact.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/a.npy --dtype=float16 --count=512 --low=-8 --high=8 --seed=14
// RUN: %python %S/Inputs/reference.py expect %t/ah.npy 'np.round(a)' a=%t/a.npy
// RUN: %python %S/Inputs/reference.py random %t/b.npy --dtype=float16 --count=512 --low=-8 --high=8 --seed=15
// RUN: %python %S/Inputs/reference.py expect %t/bh.npy 'np.round(b)' b=%t/b.npy
// RUN: %python %S/Inputs/reference.py random %t/ai.npy --dtype=int8 --count=512 --low=-128 --high=127 --seed=16
// RUN: %python %S/Inputs/reference.py random %t/bi.npy --dtype=int8 --count=512 --low=-128 --high=127 --seed=17
// RUN: %python %S/Inputs/reference.py random %t/ad.npy --dtype=float64 --count=512 --seed=18
// RUN: %python %S/Inputs/reference.py random %t/bd.npy --dtype=float64 --count=512 --seed=19
// RUN: block-run %s --grid=1 --arg=ptr:f16:512:file=%t/ah.npy --arg=ptr:f16:512:file=%t/bh.npy \
// RUN:   --arg=ptr:i8:512:file=%t/ai.npy --arg=ptr:i8:512:file=%t/bi.npy \
// RUN:   --arg=ptr:f64:512:file=%t/ad.npy --arg=ptr:f64:512:file=%t/bd.npy \
// RUN:   --arg=ptr:f32:256:zeros --arg=ptr:f16:256:zeros --arg=ptr:i32:256:zeros --arg=ptr:f64:256:zeros \
// RUN:   --out=6:%t/c32.npy --out=7:%t/c16.npy --out=8:%t/ci.npy --out=9:%t/cd.npy
// The accumulators start at 1 (f32, f16) and 100000 (i32).
// RUN: %python %S/Inputs/reference.py expect %t/e32.npy '(a.reshape(16, 32).astype(np.float64) @ b.reshape(32, 16) + 1).astype(np.float32)' a=%t/ah.npy b=%t/bh.npy
// RUN: %python %S/Inputs/reference.py compare %t/c32.npy %t/e32.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e16.npy '(a.reshape(16, 32).astype(np.float64) @ b.reshape(32, 16) + 1).astype(np.float16)' a=%t/ah.npy b=%t/bh.npy
// RUN: %python %S/Inputs/reference.py compare %t/c16.npy %t/e16.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/ei.npy '(a.reshape(16, 32).astype(np.int32) @ b.reshape(32, 16).astype(np.int32) + 100000)' a=%t/ai.npy b=%t/bi.npy
// RUN: %python %S/Inputs/reference.py compare %t/ci.npy %t/ei.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/ed.npy 'a.reshape(16, 32) @ b.reshape(32, 16)' a=%t/ad.npy b=%t/bd.npy
// RUN: %python %S/Inputs/reference.py compare %t/cd.npy %t/ed.npy --rtol=1e-14 --atol=1e-14

func.func @dots(%ah: !block.ptr<f16>, %bh: !block.ptr<f16>, %ai: !block.ptr<i8>,
                %bi: !block.ptr<i8>, %ad: !block.ptr<f64>, %bd: !block.ptr<f64>,
                %c32: !block.ptr<f32>, %c16: !block.ptr<f16>, %ci: !block.ptr<i32>,
                %cd: !block.ptr<f64>) attributes {block.kernel} {
  %r512 = block.arange 0, 512 : tensor<512xi32>
  %r256 = block.arange 0, 256 : tensor<256xi32>

  %ahs = block.splat %ah : tensor<512x!block.ptr<f16>>
  %ahp = block.addptr %ahs, %r512 : tensor<512x!block.ptr<f16>>, tensor<512xi32>
  %ahv = block.load %ahp : tensor<512x!block.ptr<f16>>
  %ha = block.reshape %ahv : tensor<512xf16> -> tensor<16x32xf16>
  %bhs = block.splat %bh : tensor<512x!block.ptr<f16>>
  %bhp = block.addptr %bhs, %r512 : tensor<512x!block.ptr<f16>>, tensor<512xi32>
  %bhv = block.load %bhp : tensor<512x!block.ptr<f16>>
  %hb = block.reshape %bhv : tensor<512xf16> -> tensor<32x16xf16>
  %one32 = arith.constant dense<1.0> : tensor<16x16xf32>
  %d32 = block.dot %ha, %hb, %one32 : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x16xf32>
  %f32 = block.reshape %d32 : tensor<16x16xf32> -> tensor<256xf32>
  %s32 = block.splat %c32 : tensor<256x!block.ptr<f32>>
  %p32 = block.addptr %s32, %r256 : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %p32, %f32 : tensor<256x!block.ptr<f32>>
  %one16 = arith.constant dense<1.0> : tensor<16x16xf16>
  %d16 = block.dot %ha, %hb, %one16 : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x16xf16>
  %f16 = block.reshape %d16 : tensor<16x16xf16> -> tensor<256xf16>
  %s16 = block.splat %c16 : tensor<256x!block.ptr<f16>>
  %p16 = block.addptr %s16, %r256 : tensor<256x!block.ptr<f16>>, tensor<256xi32>
  block.store %p16, %f16 : tensor<256x!block.ptr<f16>>

  %ais = block.splat %ai : tensor<512x!block.ptr<i8>>
  %aip = block.addptr %ais, %r512 : tensor<512x!block.ptr<i8>>, tensor<512xi32>
  %aiv = block.load %aip : tensor<512x!block.ptr<i8>>
  %ia = block.reshape %aiv : tensor<512xi8> -> tensor<16x32xi8>
  %bis = block.splat %bi : tensor<512x!block.ptr<i8>>
  %bip = block.addptr %bis, %r512 : tensor<512x!block.ptr<i8>>, tensor<512xi32>
  %biv = block.load %bip : tensor<512x!block.ptr<i8>>
  %ib = block.reshape %biv : tensor<512xi8> -> tensor<32x16xi8>
  %base = arith.constant dense<100000> : tensor<16x16xi32>
  %di = block.dot %ia, %ib, %base : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xi32>
  %fi = block.reshape %di : tensor<16x16xi32> -> tensor<256xi32>
  %si = block.splat %ci : tensor<256x!block.ptr<i32>>
  %pi = block.addptr %si, %r256 : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %pi, %fi : tensor<256x!block.ptr<i32>>

  %ads = block.splat %ad : tensor<512x!block.ptr<f64>>
  %adp = block.addptr %ads, %r512 : tensor<512x!block.ptr<f64>>, tensor<512xi32>
  %adv = block.load %adp : tensor<512x!block.ptr<f64>>
  %da = block.reshape %adv : tensor<512xf64> -> tensor<16x32xf64>
  %bds = block.splat %bd : tensor<512x!block.ptr<f64>>
  %bdp = block.addptr %bds, %r512 : tensor<512x!block.ptr<f64>>, tensor<512xi32>
  %bdv = block.load %bdp : tensor<512x!block.ptr<f64>>
  %db = block.reshape %bdv : tensor<512xf64> -> tensor<32x16xf64>
  %zero = arith.constant dense<0.0> : tensor<16x16xf64>
  %dd = block.dot %da, %db, %zero : tensor<16x32xf64>, tensor<32x16xf64> -> tensor<16x16xf64>
  %fd = block.reshape %dd : tensor<16x16xf64> -> tensor<256xf64>
  %sd = block.splat %cd : tensor<256x!block.ptr<f64>>
  %pd = block.addptr %sd, %r256 : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %pd, %fd : tensor<256x!block.ptr<f64>>
  return
}
