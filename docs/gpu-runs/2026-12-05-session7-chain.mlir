// Debug kernels for 128-key attention blocks (BN=128).
// s = q k^T (128 x N), with q 128x128 and k N x 128.
func.func @qk(%q: !block.ptr<bf16> {block.alignment = 16}, %k: !block.ptr<bf16> {block.alignment = 16},
              %s: !block.ptr<f32> {block.alignment = 16}) attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %cN = arith.constant NN : i32
  %dq = block.make_tensor_desc %q, [%c128, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x128xbf16>>
  %dk = block.make_tensor_desc %k, [%cN, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<NNx128xbf16>>
  %ds = block.make_tensor_desc %s, [%c128, %cN], [%cN, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128xNNxf32>>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<128x128xbf16>> -> tensor<128x128xbf16>
  %kt = block.desc_load %dk[%c0, %c0] : !block.tensordesc<tensor<NNx128xbf16>> -> tensor<NNx128xbf16>
  %ktt = block.trans %kt [1, 0] : tensor<NNx128xbf16> -> tensor<128xNNxbf16>
  %zero = arith.constant dense<0.0> : tensor<128xNNxf32>
  %st = block.dot %qt, %ktt, %zero : tensor<128x128xbf16>, tensor<128xNNxbf16> -> tensor<128xNNxf32>
  block.desc_store %ds[%c0, %c0], %st : !block.tensordesc<tensor<128xNNxf32>>, tensor<128xNNxf32>
  return
}

// m = rowmax(q k^T), l = rowsum(q k^T).
func.func @qk_rows(%q: !block.ptr<bf16> {block.alignment = 16}, %k: !block.ptr<bf16> {block.alignment = 16},
              %m: !block.ptr<f32> {block.alignment = 16}, %l: !block.ptr<f32> {block.alignment = 16}) attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %cN = arith.constant NN : i32
  %dq = block.make_tensor_desc %q, [%c128, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x128xbf16>>
  %dk = block.make_tensor_desc %k, [%cN, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<NNx128xbf16>>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<128x128xbf16>> -> tensor<128x128xbf16>
  %kt = block.desc_load %dk[%c0, %c0] : !block.tensordesc<tensor<NNx128xbf16>> -> tensor<NNx128xbf16>
  %ktt = block.trans %kt [1, 0] : tensor<NNx128xbf16> -> tensor<128xNNxbf16>
  %zero = arith.constant dense<0.0> : tensor<128xNNxf32>
  %st = block.dot %qt, %ktt, %zero : tensor<128x128xbf16>, tensor<128xNNxbf16> -> tensor<128xNNxf32>
  %mx = block.reduce maxnumf %st axis = 1 : (tensor<128xNNxf32>) -> tensor<128xf32>
  %sm = block.reduce add %st axis = 1 : (tensor<128xNNxf32>) -> tensor<128xf32>
  %rows = block.arange 0, 128 : tensor<128xi32>
  %mp = block.addptr %m, %rows : !block.ptr<f32>, tensor<128xi32>
  %lp = block.addptr %l, %rows : !block.ptr<f32>, tensor<128xi32>
  block.store %mp, %mx : tensor<128x!block.ptr<f32>>
  block.store %lp, %sm : tensor<128x!block.ptr<f32>>
  return
}

// o = bf16(q k^T) v, with v N x 128.
func.func @chain(%q: !block.ptr<bf16> {block.alignment = 16}, %k: !block.ptr<bf16> {block.alignment = 16},
              %v: !block.ptr<bf16> {block.alignment = 16}, %o: !block.ptr<f32> {block.alignment = 16}) attributes {block.kernel, block.num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %cN = arith.constant NN : i32
  %dq = block.make_tensor_desc %q, [%c128, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x128xbf16>>
  %dk = block.make_tensor_desc %k, [%cN, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<NNx128xbf16>>
  %dv = block.make_tensor_desc %v, [%cN, %c128], [%c128, %c1] : !block.ptr<bf16> -> !block.tensordesc<tensor<NNx128xbf16>>
  %do = block.make_tensor_desc %o, [%c128, %c128], [%c128, %c1] : !block.ptr<f32> -> !block.tensordesc<tensor<128x128xf32>>
  %qt = block.desc_load %dq[%c0, %c0] : !block.tensordesc<tensor<128x128xbf16>> -> tensor<128x128xbf16>
  %kt = block.desc_load %dk[%c0, %c0] : !block.tensordesc<tensor<NNx128xbf16>> -> tensor<NNx128xbf16>
  %ktt = block.trans %kt [1, 0] : tensor<NNx128xbf16> -> tensor<128xNNxbf16>
  %zero = arith.constant dense<0.0> : tensor<128xNNxf32>
  %st = block.dot %qt, %ktt, %zero : tensor<128x128xbf16>, tensor<128xNNxbf16> -> tensor<128xNNxf32>
  %pb = arith.truncf %st : tensor<128xNNxf32> to tensor<128xNNxbf16>
  %vt = block.desc_load %dv[%c0, %c0] : !block.tensordesc<tensor<NNx128xbf16>> -> tensor<NNx128xbf16>
  %zo = arith.constant dense<0.0> : tensor<128x128xf32>
  %ot = block.dot %pb, %vt, %zo : tensor<128xNNxbf16>, tensor<NNx128xbf16> -> tensor<128x128xf32>
  block.desc_store %do[%c0, %c0], %ot : !block.tensordesc<tensor<128x128xf32>>, tensor<128x128xf32>
  return
}
