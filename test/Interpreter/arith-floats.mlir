// Float arith and math ops on the interpreter against NumPy, bit-exact
// (NaNs match NaNs): the IEEE operations in f32, f16 and bf16, min / max
// with NaNs, rounding functions, fma, compares and conversions, on values
// from subnormals to infinities.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py floats --dir=%t
// RUN: block-run %s --grid=1 --arg=ptr:f32:256:file=%t/a.npy --arg=ptr:f32:256:file=%t/b.npy \
// RUN:   --arg=ptr:i32:256:file=%t/i.npy --arg=ptr:f32:7936:zeros --out=3:%t/out.npy
// RUN: %python %S/Inputs/reference.py compare %t/out.npy %t/expected.npy --exact

func.func @floats(%pa: !block.ptr<f32>, %pb: !block.ptr<f32>, %pi: !block.ptr<i32>,
                  %out: !block.ptr<f32>) attributes {block.kernel} {
  %r = block.arange 0, 256 : tensor<256xi32>
  %thousand = arith.constant dense<1000.0> : tensor<256xf32>
  %as = block.splat %pa : tensor<256x!block.ptr<f32>>
  %ap = block.addptr %as, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %a = block.load %ap : tensor<256x!block.ptr<f32>>
  %bs = block.splat %pb : tensor<256x!block.ptr<f32>>
  %bp = block.addptr %bs, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %b = block.load %bp : tensor<256x!block.ptr<f32>>
  %is = block.splat %pi : tensor<256x!block.ptr<i32>>
  %ip = block.addptr %is, %r : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  %i = block.load %ip : tensor<256x!block.ptr<i32>>
  %outs = block.splat %out : tensor<256x!block.ptr<f32>>
  %out0 = block.addptr %outs, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  %step = arith.constant dense<256> : tensor<256xi32>
  %ah = arith.truncf %a : tensor<256xf32> to tensor<256xf16>
  %bh = arith.truncf %b : tensor<256xf32> to tensor<256xf16>
  %abf = arith.truncf %a : tensor<256xf32> to tensor<256xbf16>
  %bbf = arith.truncf %b : tensor<256xf32> to tensor<256xbf16>
  %addf = arith.addf %a, %b : tensor<256xf32>
  block.store %out0, %addf : tensor<256x!block.ptr<f32>>
  %subf = arith.subf %a, %b : tensor<256xf32>
  %atsubf = block.addptr %out0, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atsubf, %subf : tensor<256x!block.ptr<f32>>
  %mulf = arith.mulf %a, %b : tensor<256xf32>
  %atmulf = block.addptr %atsubf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atmulf, %mulf : tensor<256x!block.ptr<f32>>
  %divf = arith.divf %a, %b : tensor<256xf32>
  %atdivf = block.addptr %atmulf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atdivf, %divf : tensor<256x!block.ptr<f32>>
  %remf = arith.remf %a, %b : tensor<256xf32>
  %atremf = block.addptr %atdivf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atremf, %remf : tensor<256x!block.ptr<f32>>
  %negf = arith.negf %a : tensor<256xf32>
  %atnegf = block.addptr %atremf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atnegf, %negf : tensor<256x!block.ptr<f32>>
  %maximumf = arith.maximumf %a, %b : tensor<256xf32>
  %atmaximumf = block.addptr %atnegf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atmaximumf, %maximumf : tensor<256x!block.ptr<f32>>
  %minimumf = arith.minimumf %a, %b : tensor<256xf32>
  %atminimumf = block.addptr %atmaximumf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atminimumf, %minimumf : tensor<256x!block.ptr<f32>>
  %maxnumf = arith.maxnumf %a, %b : tensor<256xf32>
  %atmaxnumf = block.addptr %atminimumf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atmaxnumf, %maxnumf : tensor<256x!block.ptr<f32>>
  %minnumf = arith.minnumf %a, %b : tensor<256xf32>
  %atminnumf = block.addptr %atmaxnumf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atminnumf, %minnumf : tensor<256x!block.ptr<f32>>
  %sqrt = math.sqrt %a : tensor<256xf32>
  %atsqrt = block.addptr %atminnumf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atsqrt, %sqrt : tensor<256x!block.ptr<f32>>
  %absf = math.absf %a : tensor<256xf32>
  %atabsf = block.addptr %atsqrt, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atabsf, %absf : tensor<256x!block.ptr<f32>>
  %floor = math.floor %a : tensor<256xf32>
  %atfloor = block.addptr %atabsf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atfloor, %floor : tensor<256x!block.ptr<f32>>
  %ceil = math.ceil %a : tensor<256xf32>
  %atceil = block.addptr %atfloor, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atceil, %ceil : tensor<256x!block.ptr<f32>>
  %trunc = math.trunc %a : tensor<256xf32>
  %attrunc = block.addptr %atceil, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %attrunc, %trunc : tensor<256x!block.ptr<f32>>
  %roundeven = math.roundeven %a : tensor<256xf32>
  %atroundeven = block.addptr %attrunc, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atroundeven, %roundeven : tensor<256x!block.ptr<f32>>
  %round = math.round %a : tensor<256xf32>
  %atround = block.addptr %atroundeven, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atround, %round : tensor<256x!block.ptr<f32>>
  %copysign = math.copysign %a, %b : tensor<256xf32>
  %atcopysign = block.addptr %atround, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atcopysign, %copysign : tensor<256x!block.ptr<f32>>
  %fma = math.fma %a, %b, %a : tensor<256xf32>
  %atfma = block.addptr %atcopysign, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atfma, %fma : tensor<256x!block.ptr<f32>>
  %olt1 = arith.cmpf olt, %a, %b : tensor<256xf32>
  %olt = arith.uitofp %olt1 : tensor<256xi1> to tensor<256xf32>
  %atolt = block.addptr %atfma, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atolt, %olt : tensor<256x!block.ptr<f32>>
  %une1 = arith.cmpf une, %a, %b : tensor<256xf32>
  %une = arith.uitofp %une1 : tensor<256xi1> to tensor<256xf32>
  %atune = block.addptr %atolt, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atune, %une : tensor<256x!block.ptr<f32>>
  %ord1 = arith.cmpf ord, %a, %b : tensor<256xf32>
  %ord = arith.uitofp %ord1 : tensor<256xi1> to tensor<256xf32>
  %atord = block.addptr %atune, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atord, %ord : tensor<256x!block.ptr<f32>>
  %ueq1 = arith.cmpf ueq, %a, %b : tensor<256xf32>
  %ueq = arith.uitofp %ueq1 : tensor<256xi1> to tensor<256xf32>
  %atueq = block.addptr %atord, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atueq, %ueq : tensor<256x!block.ptr<f32>>
  %sitofp = arith.sitofp %i : tensor<256xi32> to tensor<256xf32>
  %atsitofp = block.addptr %atueq, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atsitofp, %sitofp : tensor<256x!block.ptr<f32>>
  %fptosi1 = arith.mulf %b, %thousand : tensor<256xf32>
  %fptosi2 = arith.fptosi %fptosi1 : tensor<256xf32> to tensor<256xi32>
  %fptosi = arith.sitofp %fptosi2 : tensor<256xi32> to tensor<256xf32>
  %atfptosi = block.addptr %atsitofp, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atfptosi, %fptosi : tensor<256x!block.ptr<f32>>
  %addh1 = arith.addf %ah, %bh : tensor<256xf16>
  %addh = arith.extf %addh1 : tensor<256xf16> to tensor<256xf32>
  %ataddh = block.addptr %atfptosi, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %ataddh, %addh : tensor<256x!block.ptr<f32>>
  %mulh1 = arith.mulf %ah, %bh : tensor<256xf16>
  %mulh = arith.extf %mulh1 : tensor<256xf16> to tensor<256xf32>
  %atmulh = block.addptr %ataddh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atmulh, %mulh : tensor<256x!block.ptr<f32>>
  %divh1 = arith.divf %ah, %bh : tensor<256xf16>
  %divh = arith.extf %divh1 : tensor<256xf16> to tensor<256xf32>
  %atdivh = block.addptr %atmulh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %atdivh, %divh : tensor<256x!block.ptr<f32>>
  %tohalf = arith.extf %ah : tensor<256xf16> to tensor<256xf32>
  %attohalf = block.addptr %atdivh, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %attohalf, %tohalf : tensor<256x!block.ptr<f32>>
  %tobf16 = arith.extf %abf : tensor<256xbf16> to tensor<256xf32>
  %attobf16 = block.addptr %attohalf, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %attobf16, %tobf16 : tensor<256x!block.ptr<f32>>
  %addbf161 = arith.addf %abf, %bbf : tensor<256xbf16>
  %addbf16 = arith.extf %addbf161 : tensor<256xbf16> to tensor<256xf32>
  %ataddbf16 = block.addptr %attobf16, %step : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  block.store %ataddbf16, %addbf16 : tensor<256x!block.ptr<f32>>
  return
}
