// Softmax of each row of x (n columns, rows n apart) over a sliding window:
// row r takes columns j with r - window < j <= r; out is 0 at the others.
// Columns are read 64 at a time, keeping the running maximum m and sum l
// (an online softmax). A block with no column in the window reads only
// -inf: its maximum is -inf, and while m is -inf too, exp(x - m) would be
// exp(-inf - -inf) = NaN. The maximum subtracted is 0 instead while it is
// -inf (exp(-inf - 0) = 0), and a row with no column at all (window = 0)
// divides by 1 instead of its sum 0.
func.func @window_softmax(%x: !block.ptr<f32>, %out: !block.ptr<f32>, %n: i32, %window: i32)
    attributes {block.kernel, block.num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %minus_inf = arith.constant 0xFF800000 : f32
  %minus_infs = arith.constant dense<0xFF800000> : tensor<64xf32>
  %row = block.program_id x
  %start = arith.muli %row, %n : i32
  %x_row = block.addptr %x, %start : !block.ptr<f32>, i32
  %out_row = block.addptr %out, %start : !block.ptr<f32>, i32
  %after = arith.subi %row, %window : i32
  %ns = block.splat %n : tensor<64xi32>
  %rows = block.splat %row : tensor<64xi32>
  %afters = block.splat %after : tensor<64xi32>
  %ml:2 = scf.for %c = %c0 to %n step %c64 iter_args(%m = %minus_inf, %l = %zero) -> (f32, f32) : i32 {
    %columns = block.arange %c + 0, 64 : tensor<64xi32>
    %in_row = arith.cmpi slt, %columns, %ns : tensor<64xi32>
    %not_later = arith.cmpi sle, %columns, %rows : tensor<64xi32>
    %in_window = arith.cmpi sgt, %columns, %afters : tensor<64xi32>
    %a = arith.andi %in_row, %not_later : tensor<64xi1>
    %valid = arith.andi %a, %in_window : tensor<64xi1>
    %s = block.load %x_row[%columns] mask %valid other %minus_infs : !block.ptr<f32>, tensor<64xi32>
    %block_max = block.reduce maxnumf %s axis = 0 : (tensor<64xf32>) -> f32
    %m_new = arith.maxnumf %m, %block_max : f32
    // 0 where the maximum is still -inf, so that no -inf - -inf is made.
    %none = arith.cmpf oeq, %m_new, %minus_inf : f32
    %m_safe = arith.select %none, %zero, %m_new : f32
    %shift = arith.subf %m, %m_safe : f32
    %alpha = math.exp %shift : f32
    %m_safes = block.splat %m_safe : tensor<64xf32>
    %d = arith.subf %s, %m_safes : tensor<64xf32>
    %p = math.exp %d : tensor<64xf32>
    %sum = block.reduce add %p axis = 0 : (tensor<64xf32>) -> f32
    %kept = arith.mulf %l, %alpha : f32
    %l_new = arith.addf %kept, %sum : f32
    scf.yield %m_new, %l_new : f32, f32
  }
  %none = arith.cmpf oeq, %ml#0, %minus_inf : f32
  %m_safe = arith.select %none, %zero, %ml#0 : f32
  %empty = arith.cmpf oeq, %ml#1, %zero : f32
  %l_safe = arith.select %empty, %one, %ml#1 : f32
  %m_safes = block.splat %m_safe : tensor<64xf32>
  %l_safes = block.splat %l_safe : tensor<64xf32>
  scf.for %c = %c0 to %n step %c64 : i32 {
    %columns = block.arange %c + 0, 64 : tensor<64xi32>
    %in_row = arith.cmpi slt, %columns, %ns : tensor<64xi32>
    %not_later = arith.cmpi sle, %columns, %rows : tensor<64xi32>
    %in_window = arith.cmpi sgt, %columns, %afters : tensor<64xi32>
    %a = arith.andi %in_row, %not_later : tensor<64xi1>
    %valid = arith.andi %a, %in_window : tensor<64xi1>
    %s = block.load %x_row[%columns] mask %valid other %minus_infs : !block.ptr<f32>, tensor<64xi32>
    %d = arith.subf %s, %m_safes : tensor<64xf32>
    %p = math.exp %d : tensor<64xf32>
    %y = arith.divf %p, %l_safes : tensor<64xf32>
    block.store %out_row[%columns], %y mask %in_row : !block.ptr<f32>, tensor<64xi32>
  }
  return
}
