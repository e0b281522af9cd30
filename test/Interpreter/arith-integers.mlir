// Integer arith and math ops on the interpreter against NumPy, bit-exact:
// wrapping add / sub / mul, the signed and unsigned divisions and
// remainders, bit ops, shifts, min / max, abs, ctpop, compares, trunc and
// select, on i32 values from 0 and +-1 to +-(2^31 - 1).
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py integers --dir=%t
// RUN: block-run %s --grid=1 --arg=ptr:i32:256:file=%t/a.npy --arg=ptr:i32:256:file=%t/b.npy \
// RUN:   --arg=ptr:i32:6912:zeros --out=2:%t/out.npy
// RUN: %python %S/Inputs/reference.py compare %t/out.npy %t/expected.npy --exact

func.func @integers(%pa: !block.ptr<i32>, %pb: !block.ptr<i32>, %out: !block.ptr<i32>)
    attributes {block.kernel} {
  %r = block.arange 0, 256 : tensor<256xi32>
  %c31 = arith.constant dense<31> : tensor<256xi32>
  %as = block.splat %pa : tensor<256x!block.ptr<i32>>
  %ap = block.addptr %as, %r : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  %a = block.load %ap : tensor<256x!block.ptr<i32>>
  %bs = block.splat %pb : tensor<256x!block.ptr<i32>>
  %bp = block.addptr %bs, %r : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  %b = block.load %bp : tensor<256x!block.ptr<i32>>
  %s = arith.andi %b, %c31 : tensor<256xi32>
  %outs = block.splat %out : tensor<256x!block.ptr<i32>>
  %out0 = block.addptr %outs, %r : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  %step = arith.constant dense<256> : tensor<256xi32>
  %addi = arith.addi %a, %b : tensor<256xi32>
  block.store %out0, %addi : tensor<256x!block.ptr<i32>>
  %subi = arith.subi %a, %b : tensor<256xi32>
  %atsubi = block.addptr %out0, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atsubi, %subi : tensor<256x!block.ptr<i32>>
  %muli = arith.muli %a, %b : tensor<256xi32>
  %atmuli = block.addptr %atsubi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atmuli, %muli : tensor<256x!block.ptr<i32>>
  %divsi = arith.divsi %a, %b : tensor<256xi32>
  %atdivsi = block.addptr %atmuli, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atdivsi, %divsi : tensor<256x!block.ptr<i32>>
  %remsi = arith.remsi %a, %b : tensor<256xi32>
  %atremsi = block.addptr %atdivsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atremsi, %remsi : tensor<256x!block.ptr<i32>>
  %floordivsi = arith.floordivsi %a, %b : tensor<256xi32>
  %atfloordivsi = block.addptr %atremsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atfloordivsi, %floordivsi : tensor<256x!block.ptr<i32>>
  %ceildivsi = arith.ceildivsi %a, %b : tensor<256xi32>
  %atceildivsi = block.addptr %atfloordivsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atceildivsi, %ceildivsi : tensor<256x!block.ptr<i32>>
  %divui = arith.divui %a, %b : tensor<256xi32>
  %atdivui = block.addptr %atceildivsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atdivui, %divui : tensor<256x!block.ptr<i32>>
  %remui = arith.remui %a, %b : tensor<256xi32>
  %atremui = block.addptr %atdivui, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atremui, %remui : tensor<256x!block.ptr<i32>>
  %ceildivui = arith.ceildivui %a, %b : tensor<256xi32>
  %atceildivui = block.addptr %atremui, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atceildivui, %ceildivui : tensor<256x!block.ptr<i32>>
  %andi = arith.andi %a, %b : tensor<256xi32>
  %atandi = block.addptr %atceildivui, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atandi, %andi : tensor<256x!block.ptr<i32>>
  %ori = arith.ori %a, %b : tensor<256xi32>
  %atori = block.addptr %atandi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atori, %ori : tensor<256x!block.ptr<i32>>
  %xori = arith.xori %a, %b : tensor<256xi32>
  %atxori = block.addptr %atori, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atxori, %xori : tensor<256x!block.ptr<i32>>
  %shli = arith.shli %a, %s : tensor<256xi32>
  %atshli = block.addptr %atxori, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atshli, %shli : tensor<256x!block.ptr<i32>>
  %shrsi = arith.shrsi %a, %s : tensor<256xi32>
  %atshrsi = block.addptr %atshli, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atshrsi, %shrsi : tensor<256x!block.ptr<i32>>
  %shrui = arith.shrui %a, %s : tensor<256xi32>
  %atshrui = block.addptr %atshrsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atshrui, %shrui : tensor<256x!block.ptr<i32>>
  %maxsi = arith.maxsi %a, %b : tensor<256xi32>
  %atmaxsi = block.addptr %atshrui, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atmaxsi, %maxsi : tensor<256x!block.ptr<i32>>
  %minsi = arith.minsi %a, %b : tensor<256xi32>
  %atminsi = block.addptr %atmaxsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atminsi, %minsi : tensor<256x!block.ptr<i32>>
  %maxui = arith.maxui %a, %b : tensor<256xi32>
  %atmaxui = block.addptr %atminsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atmaxui, %maxui : tensor<256x!block.ptr<i32>>
  %minui = arith.minui %a, %b : tensor<256xi32>
  %atminui = block.addptr %atmaxui, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atminui, %minui : tensor<256x!block.ptr<i32>>
  %absi = math.absi %a : tensor<256xi32>
  %atabsi = block.addptr %atminui, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atabsi, %absi : tensor<256x!block.ptr<i32>>
  %ctpop = math.ctpop %a : tensor<256xi32>
  %atctpop = block.addptr %atabsi, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atctpop, %ctpop : tensor<256x!block.ptr<i32>>
  %slt1 = arith.cmpi slt, %a, %b : tensor<256xi32>
  %slt = arith.extui %slt1 : tensor<256xi1> to tensor<256xi32>
  %atslt = block.addptr %atctpop, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atslt, %slt : tensor<256x!block.ptr<i32>>
  %ult1 = arith.cmpi ult, %a, %b : tensor<256xi32>
  %ult = arith.extui %ult1 : tensor<256xi1> to tensor<256xi32>
  %atult = block.addptr %atslt, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atult, %ult : tensor<256x!block.ptr<i32>>
  %sge1 = arith.cmpi sge, %a, %b : tensor<256xi32>
  %sge = arith.extui %sge1 : tensor<256xi1> to tensor<256xi32>
  %atsge = block.addptr %atult, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atsge, %sge : tensor<256x!block.ptr<i32>>
  %trunc81 = arith.trunci %a : tensor<256xi32> to tensor<256xi8>
  %trunc8 = arith.extsi %trunc81 : tensor<256xi8> to tensor<256xi32>
  %attrunc8 = block.addptr %atsge, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %attrunc8, %trunc8 : tensor<256x!block.ptr<i32>>
  %select1 = arith.cmpi slt, %a, %b : tensor<256xi32>
  %select = arith.select %select1, %a, %b : tensor<256xi1>, tensor<256xi32>
  %atselect = block.addptr %attrunc8, %step : tensor<256x!block.ptr<i32>>, tensor<256xi32>
  block.store %atselect, %select : tensor<256x!block.ptr<i32>>
  return
}
