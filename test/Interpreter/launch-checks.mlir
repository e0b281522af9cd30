// block-run refuses what the GPU runtime refuses: a launch that breaks what
// the kernel was compiled to assume (block.alignment, block.divisibility, a
// descriptor's unit stride) stops before the run, with the runtime's check
// and its words, naming the argument, the promise and what was passed.
// --ignore-assumptions runs it anyway, with a warning; it does not lift what
// no launch could run (the grid's limits).
// RUN: rm -rf %t && mkdir -p %t

// A launch that keeps every promise runs, and its result is right. Buffers
// are aligned as device buffers are (256 bytes), so 256 always holds.
// RUN: block-run %s --kernel=double --grid=2 --arg=ptr:f32:64:iota --arg=ptr:f32:64:zeros \
// RUN:   --arg=i32:48 --out=1:%t/y.npy 2>&1 | FileCheck %s --check-prefix=GOOD
// GOOD-NOT: warning
// GOOD: wrote argument 1 (64 x f32)
// RUN: %python %S/Inputs/reference.py expect %t/e_y.npy \
// RUN:   'np.concatenate([2 * np.arange(48), np.zeros(16)])'
// RUN: %python %S/Inputs/reference.py compare %t/y.npy %t/e_y.npy --exact

// Divisibility.
// RUN: not block-run %s --kernel=double --grid=2 --arg=ptr:f32:64:iota --arg=ptr:f32:64:zeros \
// RUN:   --arg=i32:40 --out=1:%t/d.npy 2>&1 | FileCheck %s --check-prefix=DIVISIBLE
// DIVISIBLE: block-run: error: launch of 'double' refused: argument 2 ('n', i32) value 40 is not divisible by 16, as the kernel was compiled to assume (--ignore-assumptions runs it anyway)
// Nothing ran, so nothing was written.
// RUN: test ! -e %t/d.npy
// RUN: block-run %s --kernel=double --grid=2 --arg=ptr:f32:64:iota --arg=ptr:f32:64:zeros \
// RUN:   --arg=i32:40 --out=1:%t/d.npy --ignore-assumptions 2>&1 | FileCheck %s --check-prefix=DIVISIBLE-RUNS
// DIVISIBLE-RUNS: block-run: warning: argument 2 ('n', i32) value 40 is not divisible by 16, as the kernel was compiled to assume; a launch of the compiled kernel is refused
// DIVISIBLE-RUNS: wrote argument 1 (64 x f32)
// RUN: %python %S/Inputs/reference.py expect %t/e_d.npy \
// RUN:   'np.concatenate([2 * np.arange(40), np.zeros(24)])'
// RUN: %python %S/Inputs/reference.py compare %t/d.npy %t/e_d.npy --exact

// Alignment: more than a device buffer is sure to have.
// RUN: not block-run %s --kernel=page_aligned --grid=1 --arg=ptr:f32:16:zeros 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALIGNED
// ALIGNED: block-run: error: launch of 'page_aligned' refused: argument 0 ('x', !block.ptr<f32>) address 0x{{[0-9a-f]+}} is not aligned to 4096 bytes, as the kernel was compiled to assume (--ignore-assumptions runs it anyway)
// RUN: block-run %s --kernel=page_aligned --grid=1 --arg=ptr:f32:16:zeros --ignore-assumptions \
// RUN:   --out=0:%t/p.npy 2>&1 | FileCheck %s --check-prefix=ALIGNED-RUNS
// ALIGNED-RUNS: block-run: warning: argument 0 ('x', !block.ptr<f32>) address 0x{{[0-9a-f]+}} is not aligned to 4096 bytes
// ALIGNED-RUNS: wrote argument 0 (16 x f32)

// A descriptor's innermost stride, given by the launch, is 1.
// RUN: not block-run %s --kernel=rows --grid=1 --arg=ptr:f32:16:zeros --arg=i32:2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNIT
// UNIT: block-run: error: launch of 'rows' refused: argument 1 ('inner', i32) value 2 is not 1, as the kernel was compiled to assume (--ignore-assumptions runs it anyway)
// RUN: block-run %s --kernel=rows --grid=1 --arg=ptr:f32:16:zeros --arg=i32:1 2>&1 \
// RUN:   | FileCheck %s --allow-empty --check-prefix=UNIT-OK
// UNIT-OK-NOT: error

// The grid's limits hold with or without the flag.
// RUN: not block-run %s --kernel=double --grid=1,1,65536 --arg=ptr:f32:64:iota --arg=ptr:f32:64:zeros \
// RUN:   --arg=i32:48 --ignore-assumptions 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: block-run: error: launch of 'double' refused: grid (1, 1, 65536) is invalid: z = 65536 is outside [1, 65535]
// GRID-NOT: ignore-assumptions

// y[i] = 2 x[i] for i < n, 32 elements per program instance.
func.func @double(%x: !block.ptr<f32> {block.alignment = 256},
                  %y: !block.ptr<f32> {block.alignment = 16},
                  %n: i32 {block.divisibility = 16}) attributes {block.kernel} {
  %c32 = arith.constant 32 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c32 : i32
  %offsets = block.arange %start + 0, 32 : tensor<32xi32>
  %ns = block.splat %n : tensor<32xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<32xi32>
  %v = block.load %x[%offsets] mask %mask : !block.ptr<f32>, tensor<32xi32>
  %twice = arith.addf %v, %v : tensor<32xf32>
  block.store %y[%offsets], %twice mask %mask : !block.ptr<f32>, tensor<32xi32>
  return
}

func.func @page_aligned(%x: !block.ptr<f32> {block.alignment = 4096}) attributes {block.kernel} {
  %ones = arith.constant dense<1.0> : tensor<16xf32>
  %offsets = block.arange 0, 16 : tensor<16xi32>
  block.store %x[%offsets], %ones : !block.ptr<f32>, tensor<16xi32>
  return
}

func.func @rows(%x: !block.ptr<f32>, %inner: i32) attributes {block.kernel} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %d = block.make_tensor_desc %x, [%c4, %c4], [%c4, %inner] : !block.ptr<f32> -> !block.tensordesc<tensor<4x4xf32>>
  %v = block.desc_load %d[%c0, %c0] : !block.tensordesc<tensor<4x4xf32>> -> tensor<4x4xf32>
  return
}
