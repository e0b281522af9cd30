// Where arith leaves results undefined, the interpreter does what the GPU's
// instructions do (docs/interpreter.md), and never traps.
// RUN: block-run %s --grid=1 | FileCheck %s

func.func @edges() attributes {block.kernel} {
  %zero = arith.constant 0 : i32
  %seven = arith.constant 7 : i32
  %minus1 = arith.constant -1 : i32
  %min = arith.constant -2147483648 : i32
  %c32 = arith.constant 32 : i32
  %c33 = arith.constant 33 : i32
  %one = arith.constant 1 : i32
  %minus8 = arith.constant -8 : i32

  // CHECK: divsi by 0: -1
  %d0 = arith.divsi %seven, %zero : i32
  block.print "divsi by 0: " %d0 : i32
  // CHECK: divui by 0: 0xffffffff
  %d1 = arith.divui %seven, %zero : i32
  block.print "divui by 0: " hex %d1 : i32
  // CHECK: remsi by 0: 7
  %d2 = arith.remsi %seven, %zero : i32
  block.print "remsi by 0: " %d2 : i32
  // CHECK: remui by 0: 7
  %d3 = arith.remui %seven, %zero : i32
  block.print "remui by 0: " %d3 : i32
  // CHECK: min / -1: -2147483648
  %d4 = arith.divsi %min, %minus1 : i32
  block.print "min / -1: " %d4 : i32
  // CHECK: min % -1: 0
  %d5 = arith.remsi %min, %minus1 : i32
  block.print "min % -1: " %d5 : i32
  // CHECK: floordivsi min / -1: -2147483648
  %d6 = arith.floordivsi %min, %minus1 : i32
  block.print "floordivsi min / -1: " %d6 : i32
  // CHECK: shli by 32: 0
  %s0 = arith.shli %one, %c32 : i32
  block.print "shli by 32: " %s0 : i32
  // CHECK: shrsi by 33: -1
  %s1 = arith.shrsi %minus8, %c33 : i32
  block.print "shrsi by 33: " %s1 : i32
  // CHECK: shrui by 32: 0
  %s2 = arith.shrui %minus8, %c32 : i32
  block.print "shrui by 32: " %s2 : i32

  %nan = arith.constant 0x7FC00000 : f32
  %big = arith.constant 1.0e10 : f32
  %negbig = arith.constant -1.0e10 : f32
  %neg = arith.constant -3.5 : f32
  %f5e9 = arith.constant 5.0e9 : f32
  // CHECK: fptosi nan: 0
  %c0 = arith.fptosi %nan : f32 to i32
  block.print "fptosi nan: " %c0 : i32
  // CHECK: fptosi 1e10: 2147483647
  %c1 = arith.fptosi %big : f32 to i32
  block.print "fptosi 1e10: " %c1 : i32
  // CHECK: fptosi -1e10: -2147483648
  %c2 = arith.fptosi %negbig : f32 to i32
  block.print "fptosi -1e10: " %c2 : i32
  // CHECK: fptosi -3.5: -3
  %c3 = arith.fptosi %neg : f32 to i32
  block.print "fptosi -3.5: " %c3 : i32
  // CHECK: fptoui -3.5: 0
  %c4 = arith.fptoui %neg : f32 to i32
  block.print "fptoui -3.5: " %c4 : i32
  // CHECK: fptoui 5e9: 0xffffffff
  %c5 = arith.fptoui %f5e9 : f32 to i32
  block.print "fptoui 5e9: " hex %c5 : i32

  %fone = arith.constant 1.0 : f32
  %pzero = arith.constant 0.0 : f32
  %nzero = arith.constant -0.0 : f32
  // CHECK: maximumf nan, 1: nan
  %m0 = arith.maximumf %nan, %fone : f32
  block.print "maximumf nan, 1: " %m0 : f32
  // CHECK: maxnumf nan, 1: 1
  %m1 = arith.maxnumf %nan, %fone : f32
  block.print "maxnumf nan, 1: " %m1 : f32
  // CHECK: minnumf 1, nan: 1
  %m2 = arith.minnumf %fone, %nan : f32
  block.print "minnumf 1, nan: " %m2 : f32
  // CHECK: maximumf -0, 0: 0
  %m3 = arith.maximumf %nzero, %pzero : f32
  block.print "maximumf -0, 0: " %m3 : f32
  // CHECK: minimumf 0, -0: -0
  %m4 = arith.minimumf %pzero, %nzero : f32
  block.print "minimumf 0, -0: " %m4 : f32
  // CHECK: maxnumf -0, 0: 0
  %m5 = arith.maxnumf %nzero, %pzero : f32
  block.print "maxnumf -0, 0: " %m5 : f32

  // Narrowing rounds to nearest even and overflows to infinity.
  %f65519 = arith.constant 65519.0 : f32
  %f65520 = arith.constant 65520.0 : f32
  // CHECK: truncf 65519: 65504
  %h0 = arith.truncf %f65519 : f32 to f16
  block.print "truncf 65519: " %h0 : f16
  // CHECK: truncf 65520: inf
  %h1 = arith.truncf %f65520 : f32 to f16
  block.print "truncf 65520: " %h1 : f16
  // 2^62 + 2^54 + 1 lies just above a bf16 tie, which a rounding through
  // f32 (where it is the tie itself) would round down to 0x5e80.
  %i62 = arith.constant 4629700416936869889 : i64
  // CHECK: sitofp 2^62+2^54+1 to bf16: 0x5e81
  %b0 = arith.sitofp %i62 : i64 to bf16
  block.print "sitofp 2^62+2^54+1 to bf16: " hex %b0 : bf16
  // CHECK: sitofp 2^62+2^54+1 to f32: 0x5e808000
  %b1 = arith.sitofp %i62 : i64 to f32
  block.print "sitofp 2^62+2^54+1 to f32: " hex %b1 : f32
  // CHECK: uitofp -1 to f16: inf
  %b2 = arith.uitofp %minus1 : i32 to f16
  block.print "uitofp -1 to f16: " %b2 : f16
  return
}
