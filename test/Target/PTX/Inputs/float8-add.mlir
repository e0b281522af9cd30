func.func @add(%a: !block.ptr<f8E5M2>) attributes {block.kernel} {
  %r = block.arange 0, 128 : tensor<128xi32>
  %p = block.addptr %a, %r : !block.ptr<f8E5M2>, tensor<128xi32>
  %x = block.load %p : tensor<128x!block.ptr<f8E5M2>>
  %y = arith.addf %x, %x : tensor<128xf8E5M2>
  block.store %p, %y : tensor<128x!block.ptr<f8E5M2>>
  return
}
