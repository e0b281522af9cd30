// A loop that branches on its induction variable reaching %bound: the
// else side multiplies and adds into a, the then side adds into b, so that
// the results tell which iterations took which side, in which order.
func.func @k(%out: !block.ptr<f32>, %lb: i32, %ub: i32, %step: i32, %bound: i32)
    attributes {block.kernel} {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %zero, %b = %zero) -> (f32, f32) : i32 {
    %past = arith.cmpi sge, %i, %bound : i32
    %x = arith.sitofp %i : i32 to f32
    %a2, %b2 = scf.if %past -> (f32, f32) {
      %nb = arith.addf %b, %x : f32
      scf.yield %a, %nb : f32, f32
    } else {
      %t = arith.mulf %a, %x : f32
      %na = arith.addf %t, %x : f32
      scf.yield %na, %b : f32, f32
    }
    scf.yield %a2, %b2 : f32, f32
  }
  block.store %out, %r#0 : !block.ptr<f32>
  %out1 = block.addptr %out, %c1 : !block.ptr<f32>, i32
  block.store %out1, %r#1 : !block.ptr<f32>
  return
}
