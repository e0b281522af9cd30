// block.dot's precision on f32 operands against NumPy. tf32 truncates each
// operand to 10 bits of mantissa (as the tensor cores read f32 data); its
// result then differs from ieee's by about 1e-3 relatively, and from the
// product of operands rounded to nearest by about as much (the inputs are
// positive, so truncation's error does not cancel), far above the f32
// summation error the comparisons allow (rtol 2e-6). tf32x3 sums three tf32
// products per step (its parts rounded to nearest) and comes within that of
// the exact product.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/a.npy --dtype=float32 --count=512 --low=1 --high=2 --seed=21
// RUN: %python %S/Inputs/reference.py random %t/b.npy --dtype=float32 --count=512 --low=1 --high=2 --seed=22
// RUN: block-run %s --grid=1 --arg=ptr:f32:512:file=%t/a.npy --arg=ptr:f32:512:file=%t/b.npy \
// RUN:   --arg=ptr:f32:256:zeros --arg=ptr:f32:256:zeros --arg=ptr:f32:256:zeros \
// RUN:   --out=2:%t/ieee.npy --out=3:%t/tf32.npy --out=4:%t/tf32x3.npy
// RUN: %python %S/Inputs/reference.py expect %t/exact.npy 'a.reshape(16, 32).astype(np.float64) @ b.reshape(32, 16)' a=%t/a.npy b=%t/b.npy
// RUN: %python %S/Inputs/reference.py compare %t/ieee.npy %t/exact.npy --rtol=2e-6 --atol=0
// RUN: %python %S/Inputs/reference.py compare %t/tf32x3.npy %t/exact.npy --rtol=2e-6 --atol=0
// RUN: %python %S/Inputs/reference.py expect %t/truncated.npy 'np.float64((a.reshape(16, 32).view(np.uint32) & 0xFFFFE000).view(np.float32)) @ (b.reshape(32, 16).view(np.uint32) & 0xFFFFE000).view(np.float32)' a=%t/a.npy b=%t/b.npy
// RUN: %python %S/Inputs/reference.py expect %t/rounded.npy 'np.float64(((a.reshape(16, 32).view(np.uint32) + 0x1000) & 0xFFFFE000).view(np.float32)) @ ((b.reshape(32, 16).view(np.uint32) + 0x1000) & 0xFFFFE000).view(np.float32)' a=%t/a.npy b=%t/b.npy
// RUN: %python %S/Inputs/reference.py compare %t/tf32.npy %t/truncated.npy --rtol=2e-6 --atol=0
// RUN: not %python %S/Inputs/reference.py compare %t/tf32.npy %t/rounded.npy --rtol=2e-6 --atol=0
// RUN: not %python %S/Inputs/reference.py compare %t/tf32.npy %t/exact.npy --rtol=2e-6 --atol=0

func.func @products(%pa: !block.ptr<f32>, %pb: !block.ptr<f32>, %pi: !block.ptr<f32>,
                    %pt: !block.ptr<f32>, %p3: !block.ptr<f32>) attributes {block.kernel} {
  %r512 = block.arange 0, 512 : tensor<512xi32>
  %r256 = block.arange 0, 256 : tensor<256xi32>
  %as = block.splat %pa : tensor<512x!block.ptr<f32>>
  %ap = block.addptr %as, %r512 : tensor<512x!block.ptr<f32>>, tensor<512xi32>
  %av = block.load %ap : tensor<512x!block.ptr<f32>>
  %a = block.reshape %av : tensor<512xf32> -> tensor<16x32xf32>
  %bs = block.splat %pb : tensor<512x!block.ptr<f32>>
  %bp = block.addptr %bs, %r512 : tensor<512x!block.ptr<f32>>, tensor<512xi32>
  %bv = block.load %bp : tensor<512x!block.ptr<f32>>
  %b = block.reshape %bv : tensor<512xf32> -> tensor<32x16xf32>
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %di = block.dot %a, %b, %zero : tensor<16x32xf32>, tensor<32x16xf32> -> tensor<16x16xf32>
  %dt = block.dot %a, %b, %zero precision = tf32 : tensor<16x32xf32>, tensor<32x16xf32> -> tensor<16x16xf32>
  %d3 = block.dot %a, %b, %zero precision = tf32x3 : tensor<16x32xf32>, tensor<32x16xf32> -> tensor<16x16xf32>
  %fi = block.reshape %di : tensor<16x16xf32> -> tensor<256xf32>
  %ft = block.reshape %dt : tensor<16x16xf32> -> tensor<256xf32>
  %f3 = block.reshape %d3 : tensor<16x16xf32> -> tensor<256xf32>
  %si = block.splat %pi : tensor<256x!block.ptr<f32>>
  %qi = block.addptr %si, %r256 : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %qi, %fi : tensor<256x!block.ptr<f32>>
  %st = block.splat %pt : tensor<256x!block.ptr<f32>>
  %qt = block.addptr %st, %r256 : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %qt, %ft : tensor<256x!block.ptr<f32>>
  %s3 = block.splat %p3 : tensor<256x!block.ptr<f32>>
  %q3 = block.addptr %s3, %r256 : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %q3, %f3 : tensor<256x!block.ptr<f32>>
  return
}
