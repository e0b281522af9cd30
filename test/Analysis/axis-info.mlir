// RUN: block-opt %s -split-input-file -block-test-print-axis-info -verify-diagnostics -o /dev/null
// RUN: block-opt %s -split-input-file -block-test-print-axis-info=per-function -verify-diagnostics -o /dev/null

// Constants are exact: scalars, splats and dense tensors.
func.func @constants() {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant = 0}}
  %zero = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant = 12}}
  %twelve = arith.constant 12 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant = -8}}
  %neg = arith.constant -8 : i64
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 1}}
  %true = arith.constant true
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant = 48}}
  %idx = arith.constant 48 : index
  // expected-remark @below {{contiguity = [1, 1], divisibility = [2, 2], constancy = [4, 8], constant = 6}}
  %splat = arith.constant dense<6> : tensor<4x8xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [8], constancy = [1]}}
  %dense = arith.constant dense<[0, 1, 2, 3, 8, 9, 10, 11]> : tensor<8xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [4]}}
  %steps = arith.constant dense<[4, 4, 4, 4, 8, 8, 8, 8]> : tensor<8xi32>
  // expected-remark @below {{contiguity = [1, 2], divisibility = [1, 16], constancy = [1, 1]}}
  %grid = arith.constant dense<[[0, 1], [16, 17], [32, 33], [48, 49]]> : tensor<4x2xi32>
  %f = arith.constant dense<1.0> : tensor<8xf32>
  return
}

// -----

// Runs, splats and shape operations.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [8], constancy = [1]}}
func.func @shape_ops(%s: i32 {block.divisibility = 8}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %r64 = block.arange 64, 128 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [128]}}
  %sp = block.splat %s : tensor<128xi32>
  // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %e0 = block.expand_dims %r, 0 : tensor<128xi32> -> tensor<1x128xi32>
  // expected-remark @below {{contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %e1 = block.expand_dims %r, 1 : tensor<128xi32> -> tensor<128x1xi32>
  // expected-remark @below {{contiguity = [1, 128], divisibility = [1, 1073741824], constancy = [16, 1]}}
  %b0 = block.broadcast %e0 : tensor<1x128xi32> -> tensor<16x128xi32>
  // expected-remark @below {{contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 16]}}
  %b1 = block.broadcast %e1 : tensor<128x1xi32> -> tensor<128x16xi32>
  // expected-remark @below {{contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 16]}}
  %t = block.trans %b0 [1, 0] : tensor<16x128xi32> -> tensor<128x16xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 32], constancy = [1, 1]}}
  %rs = block.reshape %r : tensor<128xi32> -> tensor<4x32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %rm = block.reshape %b1 : tensor<128x16xi32> -> tensor<2048xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %cv = block.convert_layout %r : tensor<128xi32> -> tensor<128xi32>
  return
}

// -----

// Additions keep runs when one side is constant over them.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [1], constancy = [1]}}
func.func @add_sub(%n: i32 {block.divisibility = 16}, %m: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = block.splat %n : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %ms = block.splat %m : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %a = arith.addi %ns, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %b = arith.addi %r, %ms : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %c = arith.addi %r, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %d = arith.subi %a, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %e = arith.subi %ns, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %s = arith.addi %n, %c4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %t = arith.subi %n, %m : i32
  return
}

// -----

// A run plus a tensor constant over shorter groups is cut to those groups,
// and its divisibility to what holds at the starts of the shorter groups.
func.func @add_shorter_groups() {
  // expected-remark @below {{contiguity = [8], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 8 : tensor<8xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [4]}}
  %steps = arith.constant dense<[16, 16, 16, 16, 32, 32, 32, 32]> : tensor<8xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %a = arith.addi %r, %steps : tensor<8xi32>
  return
}

// -----

// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
func.func @mul_div_rem(%n: i32 {block.divisibility = 16}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 1}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 3}}
  %c3 = arith.constant 3 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant = 2}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = block.program_id x
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %start = arith.muli %pid, %c4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %nn = arith.muli %n, %start : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant = 1}}
  %ones = block.splat %c1 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128], constant = 4}}
  %fours = block.splat %c4 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant = 3}}
  %threes = block.splat %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = block.splat %n : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %same = arith.muli %r, %ones : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %scaled = arith.muli %r, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %q = arith.divui %r, %fours : tensor<128xi32>
  // Signed division keeps the groups of a non-negative dividend only.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %qs = arith.divsi %r, %fours : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %qn = arith.divui %scaled, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %qe = arith.divsi %scaled, %fours : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %m = arith.remui %r, %fours : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %ms = arith.remsi %r, %fours : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1], constancy = [1]}}
  %maybeNegative = arith.subi %r, %ones : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %qneg = arith.divsi %maybeNegative, %fours : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %mneg = arith.remsi %maybeNegative, %fours : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %m3 = arith.remui %r, %threes : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %pdiv = arith.divui %n, %c2 : i32
  return
}

// -----

// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
func.func @bitwise_and_shifts(%n: i32 {block.divisibility = 16}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 3}}
  %c3 = arith.constant 3 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant = 2}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128], constant = 3}}
  %masks = block.splat %c3 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [128], constant = 2}}
  %twos = block.splat %c2 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = block.splat %n : tensor<128xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1]}}
  %low = arith.andi %r, %masks : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %cleared = arith.andi %ns, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %or = arith.ori %ns, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %xor = arith.xori %ns, %masks : tensor<128xi32>
  // What constant propagation folds is a constant, whatever the operands.
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [128], constant = 0}}
  %zero = arith.xori %ns, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1]}}
  %shl = arith.shli %r, %twos : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %shr = arith.shrui %r, %twos : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %sar = arith.shrsi %r, %twos : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %min = arith.minsi %r, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %max = arith.maxui %ns, %ns : tensor<128xi32>
  return
}

// -----

// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
func.func @casts(%n: i32 {block.divisibility = 16}) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 128 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = block.splat %n : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %a = arith.addi %ns, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %ext = arith.extsi %a : tensor<128xi32> to tensor<128xi64>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %zext = arith.extui %a : tensor<128xi32> to tensor<128xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %tr = arith.trunci %a : tensor<128xi32> to tensor<128xi16>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %tr4 = arith.trunci %a : tensor<128xi32> to tensor<128xi4>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %ix = arith.index_cast %n : i32 to index
  return
}

// -----

// Comparisons of a run with a value are uniform over aligned groups: this is
// the constancy of masks.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [1], constancy = [1]}}
// expected-remark @below {{arg #2: contiguity = [1], divisibility = [1], constancy = [1]}}
func.func @compare_and_select(%n: i32 {block.divisibility = 16}, %m: i32,
                              %c: i1) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = block.program_id x
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant = 256}}
  %c256 = arith.constant 256 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1]}}
  %start = arith.muli %pid, %c256 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [256]}}
  %starts = block.splat %start : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 256 : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [256], constancy = [1]}}
  %offs = arith.addi %starts, %r : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256]}}
  %ns = block.splat %n : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [256]}}
  %ms = block.splat %m : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %lt = arith.cmpi slt, %offs, %ns : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %ge = arith.cmpi uge, %offs, %ns : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %gt = arith.cmpi sgt, %ns, %offs : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %le = arith.cmpi sle, %offs, %ns : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %eq = arith.cmpi eq, %offs, %ns : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %unhinted = arith.cmpi slt, %offs, %ms : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %sel = arith.select %lt, %offs, %ns : tensor<256xi1>, tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [256], constancy = [1]}}
  %sels = arith.select %c, %offs, %r : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %selt = arith.select %c, %n, %m : i32
  return
}

// -----

// Pointers count divisibility in bytes: the alignment hint, or the natural
// alignment of the pointee.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [4], constancy = [1]}}
// expected-remark @below {{arg #2: contiguity = [1], divisibility = [8], constancy = [1]}}
func.func @pointers(%p: !block.ptr<f16> {block.alignment = 16},
                    %q: !block.ptr<f32>, %n: i32 {block.divisibility = 8}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant = 3}}
  %c3 = arith.constant 3 : i32
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %prow = block.addptr %p, %n : !block.ptr<f16>, i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %podd = block.addptr %p, %c3 : !block.ptr<f16>, i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ps = block.splat %prow : tensor<64x!block.ptr<f16>>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %pp = block.addptr %ps, %r : tensor<64x!block.ptr<f16>>, tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [64]}}
  %qs = block.splat %q : tensor<64x!block.ptr<f32>>
  // expected-remark @below {{contiguity = [64], divisibility = [4], constancy = [1]}}
  %qp = block.addptr %qs, %r : tensor<64x!block.ptr<f32>>, tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %bytes = block.bitcast %pp : tensor<64x!block.ptr<f16>> -> tensor<64x!block.ptr<i8>>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %halves = block.bitcast %pp : tensor<64x!block.ptr<f16>> -> tensor<64x!block.ptr<i16>>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %addr = block.ptr_to_int %pp : tensor<64x!block.ptr<f16>>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
  %back = block.int_to_ptr %addr : tensor<64x!block.ptr<f16>>
  // expected-remark @below {{vector width = 8}}
  %v = block.load %pp : tensor<64x!block.ptr<f16>>
  // expected-remark @below {{contiguity = [64], divisibility = [4], constancy = [1]}}
  %ip = block.bitcast %qp : tensor<64x!block.ptr<f32>> -> tensor<64x!block.ptr<i32>>
  // expected-remark @below {{vector width = 1}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %iv = block.load %ip : tensor<64x!block.ptr<i32>>
  return
}

// -----

// The induction variable is a multiple of what divides the bounds and step;
// loop-carried values keep what holds on every iteration.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [1], constancy = [1]}}
func.func @loops(%p: !block.ptr<f32> {block.alignment = 16}, %n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant = 16}}
  %c16 = arith.constant 16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant = 64}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant = 2}}
  %c2 = arith.constant 2 : index
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant = 8}}
  %c8 = arith.constant 8 : index
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant = 10}}
  %c10 = arith.constant 10 : index
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 64 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ps = block.splat %p : tensor<64x!block.ptr<f32>>
  // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %p0 = block.addptr %ps, %r : tensor<64x!block.ptr<f32>>, tensor<64xi32>
  // expected-remark @below {{arg #0: contiguity = [1], divisibility = [64], constancy = [1]}}
  // expected-remark @below {{arg #1: contiguity = [64], divisibility = [16], constancy = [1]}}
  // expected-remark @below {{arg #2: contiguity = [1], divisibility = [1], constancy = [1]}}
  // expected-remark @below {{result #0: contiguity = [64], divisibility = [16], constancy = [1]}}
  // expected-remark @below {{result #1: contiguity = [1], divisibility = [1], constancy = [1]}}
  %res:2 = scf.for %i = %c0 to %n step %c64 iter_args(%ptrs = %p0, %acc = %r) -> (tensor<64x!block.ptr<f32>>, tensor<64xi32>) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [64]}}
    %is = block.splat %i : tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1]}}
    %offs = arith.addi %is, %r : tensor<64xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [64], constant = 16}}
    %sixteens = block.splat %c16 : tensor<64xi32>
    // expected-remark @below {{contiguity = [64], divisibility = [16], constancy = [1]}}
    %next = block.addptr %ptrs, %sixteens : tensor<64x!block.ptr<f32>>, tensor<64xi32>
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %acc2 = arith.addi %acc, %offs : tensor<64xi32>
    scf.yield %next, %acc2 : tensor<64x!block.ptr<f32>>, tensor<64xi32>
  }
  // expected-remark @below {{arg #0: contiguity = [1], divisibility = [2], constancy = [1]}}
  scf.for %j = %c2 to %c10 step %c8 {
    // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1]}}
    %jj = arith.addi %j, %c8 : index
  }
  return
}

// -----

// expected-remark @below {{arg #0: contiguity = [1], divisibility = [1], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [32], constancy = [1]}}
func.func @branches(%c: i1, %n: i32 {block.divisibility = 32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1], constant = 64}}
  %c64 = arith.constant 64 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant = 16}}
  %c16 = arith.constant 16 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [1]}}
  %x = scf.if %c -> i32 {
    scf.yield %c64 : i32
  } else {
    // expected-remark @below {{contiguity = [1], divisibility = [512], constancy = [1]}}
    %y = arith.muli %n, %c16 : i32
    scf.yield %y : i32
  }
  // expected-remark @below {{region #0 arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
  // expected-remark @below {{region #1 arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %w = scf.while (%a = %c64) : (i32) -> i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
    %more = arith.cmpi slt, %a, %n : i32
    scf.condition(%more) %a : i32
  } do {
  ^bb0(%b: i32):
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1]}}
    %b2 = arith.addi %b, %c16 : i32
    scf.yield %b2 : i32
  }
  return
}

// -----

// Vector widths: min(contiguity, alignment / element size, 16 bytes, the
// thread's elements) and the mask's constancy.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #1: contiguity = [1], divisibility = [16], constancy = [1]}}
// expected-remark @below {{arg #2: contiguity = [1], divisibility = [4], constancy = [1]}}
// expected-remark @below {{arg #3: contiguity = [1], divisibility = [4], constancy = [1]}}
// expected-remark @below {{arg #4: contiguity = [1], divisibility = [4], constancy = [1]}}
// expected-remark @below {{arg #5: contiguity = [1], divisibility = [1], constancy = [1]}}
func.func @vector_width(%f32: !block.ptr<f32> {block.alignment = 16},
                        %f16: !block.ptr<f16> {block.alignment = 16},
                        %i8: !block.ptr<i8> {block.alignment = 4},
                        %plain: !block.ptr<f32>,
                        %n: i32 {block.divisibility = 4}, %m: i32) {
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 256 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256]}}
  %ns = block.splat %n : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [256]}}
  %ms = block.splat %m : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4]}}
  %pn = arith.cmpi slt, %r, %ns : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pm = arith.cmpi slt, %r, %ms : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256]}}
  %a = block.splat %f32 : tensor<256x!block.ptr<f32>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1]}}
  %ap = block.addptr %a, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  // expected-remark @below {{vector width = 4}}
  %av = block.load %ap : tensor<256x!block.ptr<f32>>
  // expected-remark @below {{vector width = 4}}
  block.store %ap, %av mask %pn : tensor<256x!block.ptr<f32>>
  // expected-remark @below {{vector width = 1}}
  block.store %ap, %av mask %pm : tensor<256x!block.ptr<f32>>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256]}}
  %h = block.splat %f16 : tensor<256x!block.ptr<f16>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1]}}
  %hp = block.addptr %h, %r : tensor<256x!block.ptr<f16>>, tensor<256xi32>
  // expected-remark @below {{vector width = 8}}
  %hv = block.load %hp : tensor<256x!block.ptr<f16>>
  // expected-remark @below {{vector width = 4}}
  %hm = block.load %hp mask %pn : tensor<256x!block.ptr<f16>>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256]}}
  %b = block.splat %i8 : tensor<256x!block.ptr<i8>>
  // expected-remark @below {{contiguity = [256], divisibility = [4], constancy = [1]}}
  %bp = block.addptr %b, %r : tensor<256x!block.ptr<i8>>, tensor<256xi32>
  // expected-remark @below {{vector width = 4}}
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %bv = block.load %bp : tensor<256x!block.ptr<i8>>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256]}}
  %p = block.splat %plain : tensor<256x!block.ptr<f32>>
  // expected-remark @below {{contiguity = [256], divisibility = [4], constancy = [1]}}
  %pp = block.addptr %p, %r : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  // expected-remark @below {{vector width = 1}}
  %pv = block.load %pp : tensor<256x!block.ptr<f32>>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [256]}}
  %rm = block.addptr %a, %ms : tensor<256x!block.ptr<f32>>, tensor<256xi32>
  // expected-remark @below {{vector width = 1}}
  %rv = block.load %rm : tensor<256x!block.ptr<f32>>
  return
}

// -----

// The layout's order names the fastest dimension, and its sizePerThread the
// elements one thread holds along it.
#rows = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
func.func @vector_width_layouts(%x: !block.ptr<f32> {block.alignment = 16}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 64 : tensor<64xi32, #block.slice<dim = 0, parent = #rows>>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]}}
  %e = block.expand_dims %r, 0 : tensor<64xi32, #block.slice<dim = 0, parent = #rows>> -> tensor<1x64xi32, #rows>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [64, 1]}}
  %offs = block.broadcast %e : tensor<1x64xi32, #rows> -> tensor<64x64xi32, #rows>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 64]}}
  %xs = block.splat %x : tensor<64x64x!block.ptr<f32>, #rows>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [4, 16], constancy = [64, 1]}}
  %xp = block.addptr %xs, %offs : tensor<64x64x!block.ptr<f32>, #rows>, tensor<64x64xi32, #rows>
  // expected-remark @below {{vector width = 2}}
  %v = block.load %xp : tensor<64x64x!block.ptr<f32>, #rows>
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %c = block.arange 0, 64 : tensor<64xi32, #block.slice<dim = 1, parent = #cols>>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1]}}
  %ce = block.expand_dims %c, 1 : tensor<64xi32, #block.slice<dim = 1, parent = #cols>> -> tensor<64x1xi32, #cols>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 64]}}
  %coffs = block.broadcast %ce : tensor<64x1xi32, #cols> -> tensor<64x64xi32, #cols>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 64]}}
  %cs = block.splat %x : tensor<64x64x!block.ptr<f32>, #cols>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [16, 4], constancy = [1, 64]}}
  %cp = block.addptr %cs, %coffs : tensor<64x64x!block.ptr<f32>, #cols>, tensor<64x64xi32, #cols>
  // expected-remark @below {{vector width = 4}}
  %cv = block.load %cp : tensor<64x64x!block.ptr<f32>, #cols>
  return
}

// -----

// Offsets wrapped around a size (`(pid * 32 + arange) % m`): program ids and
// ranges are non-negative, so the remainder keeps runs as long as m's
// divisibility.
// expected-remark @below {{arg #0: contiguity = [1], divisibility = [16], constancy = [1]}}
func.func @wrapped_offsets(%m: i32 {block.divisibility = 16}) {
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1], constant = 32}}
  %c32 = arith.constant 32 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = block.program_id x
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [1]}}
  %start = arith.muli %pid, %c32 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [32], constancy = [32]}}
  %starts = block.splat %start : tensor<32xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %r = block.arange 0, 32 : tensor<32xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [32], constancy = [1]}}
  %offs = arith.addi %starts, %r : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [32]}}
  %ms = block.splat %m : tensor<32xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1]}}
  %wrapped = arith.remsi %offs, %ms : tensor<32xi32>
  return
}
