// Kernels that take fp8 scalars and store them (fp8-scalar-argument.test).
func.func @k(%o: !block.ptr<f8E4M3FN>, %s: f8E4M3FN, %p: !block.ptr<f8E5M2>, %t: f8E5M2) attributes {block.kernel, block.num_warps = 1 : i32} {
  block.store %o, %s : !block.ptr<f8E4M3FN>
  block.store %p, %t : !block.ptr<f8E5M2>
  return
}
