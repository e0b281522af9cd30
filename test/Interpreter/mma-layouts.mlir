// Layouts do not change what a program computes: the interpreter runs a
// product whose operands, accumulator, row sums and the conversion of the
// accumulator into the next product's A operand carry #block.mma and
// #block.dot_operand layouts, and gets NumPy's results.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/a.npy --dtype=float16 --count=512 --low=-8 --high=8 --seed=24
// RUN: %python %S/Inputs/reference.py expect %t/ah.npy 'np.round(a)' a=%t/a.npy
// RUN: %python %S/Inputs/reference.py random %t/b.npy --dtype=float16 --count=512 --low=-8 --high=8 --seed=25
// RUN: %python %S/Inputs/reference.py expect %t/bh.npy 'np.round(b)' b=%t/b.npy
// RUN: block-run %s --grid=1 --arg=ptr:f16:512:file=%t/ah.npy --arg=ptr:f16:512:file=%t/bh.npy \
// RUN:   --arg=ptr:f32:256:zeros --arg=ptr:f32:16:zeros --arg=ptr:f16:256:zeros \
// RUN:   --out=2:%t/d.npy --out=3:%t/r.npy --out=4:%t/p.npy
// RUN: %python %S/Inputs/reference.py expect %t/ed.npy '(a.reshape(16, 32).astype(np.float64) @ b.reshape(32, 16) + 1).astype(np.float32)' a=%t/ah.npy b=%t/bh.npy
// RUN: %python %S/Inputs/reference.py compare %t/d.npy %t/ed.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/er.npy '(a.reshape(16, 32).astype(np.float64) @ b.reshape(32, 16) + 1).sum(axis=1).astype(np.float32)' a=%t/ah.npy b=%t/bh.npy
// RUN: %python %S/Inputs/reference.py compare %t/r.npy %t/er.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/ep.npy '(a.reshape(16, 32).astype(np.float64) @ b.reshape(32, 16) + 1).astype(np.float16)' a=%t/ah.npy b=%t/bh.npy
// RUN: %python %S/Inputs/reference.py compare %t/p.npy %t/ep.npy --exact

#mma = #block.mma<version = 2, warpsPerCTA = [1, 1], instrShape = [16, 8, 16]>
#a = #block.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b = #block.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#row = #block.slice<dim = 1, parent = #mma>

func.func @mma(%ap: !block.ptr<f16>, %bp: !block.ptr<f16>, %dp: !block.ptr<f32>,
               %rp: !block.ptr<f32>, %pp: !block.ptr<f16>)
    attributes {block.kernel, block.num_warps = 1 : i32} {
  %r512 = block.arange 0, 512 : tensor<512xi32>
  %r256 = block.arange 0, 256 : tensor<256xi32>
  %r16 = block.arange 0, 16 : tensor<16xi32, #row>
  %as = block.splat %ap : tensor<512x!block.ptr<f16>>
  %aa = block.addptr %as, %r512 : tensor<512x!block.ptr<f16>>, tensor<512xi32>
  %av = block.load %aa : tensor<512x!block.ptr<f16>>
  %a = block.reshape %av : tensor<512xf16> -> tensor<16x32xf16, #a>
  %bs = block.splat %bp : tensor<512x!block.ptr<f16>>
  %ba = block.addptr %bs, %r512 : tensor<512x!block.ptr<f16>>, tensor<512xi32>
  %bv = block.load %ba : tensor<512x!block.ptr<f16>>
  %b = block.reshape %bv : tensor<512xf16> -> tensor<32x16xf16, #b>
  %one = arith.constant dense<1.0> : tensor<16x16xf32, #mma>
  %d = block.dot %a, %b, %one : tensor<16x32xf16, #a>, tensor<32x16xf16, #b> -> tensor<16x16xf32, #mma>
  %df = block.reshape %d : tensor<16x16xf32, #mma> -> tensor<256xf32>
  %ds = block.splat %dp : tensor<256x!block.ptr<f32>>
  %da = block.addptr %ds, %r256 : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %da, %df : tensor<256x!block.ptr<f32>>
  %sum = block.reduce %d axis = 1 : (tensor<16x16xf32, #mma>) -> tensor<16xf32, #row> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    block.yield %s : f32
  }
  %rs = block.splat %rp : tensor<16x!block.ptr<f32>, #row>
  %ra = block.addptr %rs, %r16 : tensor<16x!block.ptr<f32>, #row>, tensor<16xi32, #row>
  block.store %ra, %sum : tensor<16x!block.ptr<f32>, #row>
  // The accumulator, rounded to f16, as the next product's A operand.
  %h = arith.truncf %d : tensor<16x16xf32, #mma> to tensor<16x16xf16, #mma>
  %p = block.convert_layout %h : tensor<16x16xf16, #mma> -> tensor<16x16xf16, #a>
  %pf = block.reshape %p : tensor<16x16xf16, #a> -> tensor<256xf16>
  %ps = block.splat %pp : tensor<256x!block.ptr<f16>>
  %pa = block.addptr %ps, %r256 : tensor<256x!block.ptr<f16>>, tensor<256xi32>
  block.store %pa, %pf : tensor<256x!block.ptr<f16>>
  return
}
