// The math functions on the interpreter against NumPy's float64 results:
// f32 through libm's float functions, within 2 ulps (these are not correctly
// rounded, on the host or on the GPU); f64 within 1e-15. The inputs are
// exact in each type, so both compute the same functions.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t/f32 %t/f64
// RUN: %python %S/Inputs/reference.py math_functions --dir=%t/f32 --dtype=float32
// RUN: block-run %s --kernel=math_f32 --grid=1 --arg=ptr:f32:256:file=%t/f32/x.npy \
// RUN:   --arg=ptr:f32:256:file=%t/f32/y.npy --arg=ptr:f32:6656:zeros --out=2:%t/f32/out.npy
// RUN: %python %S/Inputs/reference.py compare %t/f32/out.npy %t/f32/expected.npy --rtol=2.4e-7 --atol=1e-37
// RUN: %python %S/Inputs/reference.py math_functions --dir=%t/f64 --dtype=float64
// RUN: block-run %s --kernel=math_f64 --grid=1 --arg=ptr:f64:256:file=%t/f64/x.npy \
// RUN:   --arg=ptr:f64:256:file=%t/f64/y.npy --arg=ptr:f64:6656:zeros --out=2:%t/f64/out.npy
// RUN: %python %S/Inputs/reference.py compare %t/f64/out.npy %t/f64/expected.npy --rtol=1e-15 --atol=1e-300

func.func @math_f32(%px: !block.ptr<f32>, %py: !block.ptr<f32>, %out: !block.ptr<f32>)
    attributes {block.kernel} {
  %r = block.arange 0, 256 : tensor<256xi32>
  %one = arith.constant dense<1.0> : tensor<256xf32>
  %half = arith.constant dense<0.5> : tensor<256xf32>
  %xs = block.splat %px : tensor<256x!block.ptr<f32>>
  %xp = block.addptr %xs, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %x = block.load %xp : tensor<256x!block.ptr<f32>>
  %ys = block.splat %py : tensor<256x!block.ptr<f32>>
  %yp = block.addptr %ys, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %y = block.load %yp : tensor<256x!block.ptr<f32>>
  %z = arith.addf %x, %one : tensor<256xf32>
  %w = arith.mulf %y, %half : tensor<256xf32>
  %outs = block.splat %out : tensor<256x!block.ptr<f32>>
  %out0 = block.addptr %outs, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %step = arith.constant dense<256> : tensor<256xi32>
  %exp = math.exp %x : tensor<256xf32>
  block.store %out0, %exp : tensor<256x!block.ptr<f32>>
  %exp2 = math.exp2 %x : tensor<256xf32>
  %atexp2 = block.addptr %out0, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atexp2, %exp2 : tensor<256x!block.ptr<f32>>
  %expm1 = math.expm1 %y : tensor<256xf32>
  %atexpm1 = block.addptr %atexp2, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atexpm1, %expm1 : tensor<256x!block.ptr<f32>>
  %log = math.log %x : tensor<256xf32>
  %atlog = block.addptr %atexpm1, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atlog, %log : tensor<256x!block.ptr<f32>>
  %log2 = math.log2 %x : tensor<256xf32>
  %atlog2 = block.addptr %atlog, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atlog2, %log2 : tensor<256x!block.ptr<f32>>
  %log10 = math.log10 %x : tensor<256xf32>
  %atlog10 = block.addptr %atlog2, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atlog10, %log10 : tensor<256x!block.ptr<f32>>
  %log1p = math.log1p %x : tensor<256xf32>
  %atlog1p = block.addptr %atlog10, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atlog1p, %log1p : tensor<256x!block.ptr<f32>>
  %sqrt = math.sqrt %x : tensor<256xf32>
  %atsqrt = block.addptr %atlog1p, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atsqrt, %sqrt : tensor<256x!block.ptr<f32>>
  %rsqrt = math.rsqrt %x : tensor<256xf32>
  %atrsqrt = block.addptr %atsqrt, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atrsqrt, %rsqrt : tensor<256x!block.ptr<f32>>
  %cbrt = math.cbrt %y : tensor<256xf32>
  %atcbrt = block.addptr %atrsqrt, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atcbrt, %cbrt : tensor<256x!block.ptr<f32>>
  %sin = math.sin %y : tensor<256xf32>
  %atsin = block.addptr %atcbrt, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atsin, %sin : tensor<256x!block.ptr<f32>>
  %cos = math.cos %y : tensor<256xf32>
  %atcos = block.addptr %atsin, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atcos, %cos : tensor<256x!block.ptr<f32>>
  %tan = math.tan %y : tensor<256xf32>
  %attan = block.addptr %atcos, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %attan, %tan : tensor<256x!block.ptr<f32>>
  %asin = math.asin %y : tensor<256xf32>
  %atasin = block.addptr %attan, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atasin, %asin : tensor<256x!block.ptr<f32>>
  %acos = math.acos %y : tensor<256xf32>
  %atacos = block.addptr %atasin, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atacos, %acos : tensor<256x!block.ptr<f32>>
  %atan = math.atan %y : tensor<256xf32>
  %atatan = block.addptr %atacos, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atatan, %atan : tensor<256x!block.ptr<f32>>
  %sinh = math.sinh %y : tensor<256xf32>
  %atsinh = block.addptr %atatan, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atsinh, %sinh : tensor<256x!block.ptr<f32>>
  %cosh = math.cosh %y : tensor<256xf32>
  %atcosh = block.addptr %atsinh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atcosh, %cosh : tensor<256x!block.ptr<f32>>
  %tanh = math.tanh %y : tensor<256xf32>
  %attanh = block.addptr %atcosh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %attanh, %tanh : tensor<256x!block.ptr<f32>>
  %asinh = math.asinh %y : tensor<256xf32>
  %atasinh = block.addptr %attanh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atasinh, %asinh : tensor<256x!block.ptr<f32>>
  %acosh = math.acosh %z : tensor<256xf32>
  %atacosh = block.addptr %atasinh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atacosh, %acosh : tensor<256x!block.ptr<f32>>
  %atanh = math.atanh %w : tensor<256xf32>
  %atatanh = block.addptr %atacosh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atatanh, %atanh : tensor<256x!block.ptr<f32>>
  %erf = math.erf %y : tensor<256xf32>
  %aterf = block.addptr %atatanh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %aterf, %erf : tensor<256x!block.ptr<f32>>
  %erfc = math.erfc %y : tensor<256xf32>
  %aterfc = block.addptr %aterf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %aterfc, %erfc : tensor<256x!block.ptr<f32>>
  %powf = math.powf %x, %y : tensor<256xf32>
  %atpowf = block.addptr %aterfc, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atpowf, %powf : tensor<256x!block.ptr<f32>>
  %atan2 = math.atan2 %y, %x : tensor<256xf32>
  %atatan2 = block.addptr %atpowf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atatan2, %atan2 : tensor<256x!block.ptr<f32>>
  return
}

func.func @math_f64(%px: !block.ptr<f64>, %py: !block.ptr<f64>, %out: !block.ptr<f64>)
    attributes {block.kernel} {
  %r = block.arange 0, 256 : tensor<256xi32>
  %one = arith.constant dense<1.0> : tensor<256xf64>
  %half = arith.constant dense<0.5> : tensor<256xf64>
  %xs = block.splat %px : tensor<256x!block.ptr<f64>>
  %xp = block.addptr %xs, %r : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  %x = block.load %xp : tensor<256x!block.ptr<f64>>
  %ys = block.splat %py : tensor<256x!block.ptr<f64>>
  %yp = block.addptr %ys, %r : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  %y = block.load %yp : tensor<256x!block.ptr<f64>>
  %z = arith.addf %x, %one : tensor<256xf64>
  %w = arith.mulf %y, %half : tensor<256xf64>
  %outs = block.splat %out : tensor<256x!block.ptr<f64>>
  %out0 = block.addptr %outs, %r : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  %step = arith.constant dense<256> : tensor<256xi32>
  %exp = math.exp %x : tensor<256xf64>
  block.store %out0, %exp : tensor<256x!block.ptr<f64>>
  %exp2 = math.exp2 %x : tensor<256xf64>
  %atexp2 = block.addptr %out0, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atexp2, %exp2 : tensor<256x!block.ptr<f64>>
  %expm1 = math.expm1 %y : tensor<256xf64>
  %atexpm1 = block.addptr %atexp2, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atexpm1, %expm1 : tensor<256x!block.ptr<f64>>
  %log = math.log %x : tensor<256xf64>
  %atlog = block.addptr %atexpm1, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atlog, %log : tensor<256x!block.ptr<f64>>
  %log2 = math.log2 %x : tensor<256xf64>
  %atlog2 = block.addptr %atlog, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atlog2, %log2 : tensor<256x!block.ptr<f64>>
  %log10 = math.log10 %x : tensor<256xf64>
  %atlog10 = block.addptr %atlog2, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atlog10, %log10 : tensor<256x!block.ptr<f64>>
  %log1p = math.log1p %x : tensor<256xf64>
  %atlog1p = block.addptr %atlog10, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atlog1p, %log1p : tensor<256x!block.ptr<f64>>
  %sqrt = math.sqrt %x : tensor<256xf64>
  %atsqrt = block.addptr %atlog1p, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atsqrt, %sqrt : tensor<256x!block.ptr<f64>>
  %rsqrt = math.rsqrt %x : tensor<256xf64>
  %atrsqrt = block.addptr %atsqrt, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atrsqrt, %rsqrt : tensor<256x!block.ptr<f64>>
  %cbrt = math.cbrt %y : tensor<256xf64>
  %atcbrt = block.addptr %atrsqrt, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atcbrt, %cbrt : tensor<256x!block.ptr<f64>>
  %sin = math.sin %y : tensor<256xf64>
  %atsin = block.addptr %atcbrt, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atsin, %sin : tensor<256x!block.ptr<f64>>
  %cos = math.cos %y : tensor<256xf64>
  %atcos = block.addptr %atsin, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atcos, %cos : tensor<256x!block.ptr<f64>>
  %tan = math.tan %y : tensor<256xf64>
  %attan = block.addptr %atcos, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %attan, %tan : tensor<256x!block.ptr<f64>>
  %asin = math.asin %y : tensor<256xf64>
  %atasin = block.addptr %attan, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atasin, %asin : tensor<256x!block.ptr<f64>>
  %acos = math.acos %y : tensor<256xf64>
  %atacos = block.addptr %atasin, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atacos, %acos : tensor<256x!block.ptr<f64>>
  %atan = math.atan %y : tensor<256xf64>
  %atatan = block.addptr %atacos, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atatan, %atan : tensor<256x!block.ptr<f64>>
  %sinh = math.sinh %y : tensor<256xf64>
  %atsinh = block.addptr %atatan, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atsinh, %sinh : tensor<256x!block.ptr<f64>>
  %cosh = math.cosh %y : tensor<256xf64>
  %atcosh = block.addptr %atsinh, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atcosh, %cosh : tensor<256x!block.ptr<f64>>
  %tanh = math.tanh %y : tensor<256xf64>
  %attanh = block.addptr %atcosh, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %attanh, %tanh : tensor<256x!block.ptr<f64>>
  %asinh = math.asinh %y : tensor<256xf64>
  %atasinh = block.addptr %attanh, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atasinh, %asinh : tensor<256x!block.ptr<f64>>
  %acosh = math.acosh %z : tensor<256xf64>
  %atacosh = block.addptr %atasinh, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atacosh, %acosh : tensor<256x!block.ptr<f64>>
  %atanh = math.atanh %w : tensor<256xf64>
  %atatanh = block.addptr %atacosh, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atatanh, %atanh : tensor<256x!block.ptr<f64>>
  %erf = math.erf %y : tensor<256xf64>
  %aterf = block.addptr %atatanh, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %aterf, %erf : tensor<256x!block.ptr<f64>>
  %erfc = math.erfc %y : tensor<256xf64>
  %aterfc = block.addptr %aterf, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %aterfc, %erfc : tensor<256x!block.ptr<f64>>
  %powf = math.powf %x, %y : tensor<256xf64>
  %atpowf = block.addptr %aterfc, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atpowf, %powf : tensor<256x!block.ptr<f64>>
  %atan2 = math.atan2 %y, %x : tensor<256xf64>
  %atatan2 = block.addptr %atpowf, %step : tensor<256x!block.ptr<f64>>, tensor<256xi32>
  block.store %atatan2, %atan2 : tensor<256x!block.ptr<f64>>
  return
}
