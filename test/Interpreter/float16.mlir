// f16 and bf16 conversions on the interpreter against NumPy, bit-exact:
// every f16 bit pattern widened to f32 and narrowed back, and 65536 random
// f32 and f64 bit patterns (all magnitudes, subnormals, infinities, NaNs)
// narrowed to f16 and bf16, rounding to nearest even once.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/bits32.npy --dtype=int32 --count=65536 --low=-2147483648 --high=2147483647 --seed=11
// RUN: %python %S/Inputs/reference.py random %t/bits64.npy --dtype=int64 --count=65536 --low=-9.2e18 --high=9.2e18 --seed=12
// RUN: block-run %s --grid=64 --arg=ptr:i16:65536:iota --arg=ptr:i32:65536:file=%t/bits32.npy \
// RUN:   --arg=ptr:i64:65536:file=%t/bits64.npy --arg=ptr:f32:65536:zeros --arg=ptr:f16:65536:zeros \
// RUN:   --arg=ptr:f16:65536:zeros --arg=ptr:i16:65536:zeros --arg=ptr:f16:65536:zeros \
// RUN:   --out=3:%t/wide.npy --out=4:%t/back.npy --out=5:%t/half.npy --out=6:%t/bf16.npy --out=7:%t/half64.npy

// RUN: %python %S/Inputs/reference.py expect %t/e_wide.npy 'np.arange(65536, dtype=np.uint16).view(np.float16).astype(np.float32)'
// RUN: %python %S/Inputs/reference.py compare %t/wide.npy %t/e_wide.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_back.npy 'np.arange(65536, dtype=np.uint16).view(np.float16)'
// RUN: %python %S/Inputs/reference.py compare %t/back.npy %t/e_back.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_half.npy 'b.view(np.float32).astype(np.float16)' b=%t/bits32.npy
// RUN: %python %S/Inputs/reference.py compare %t/half.npy %t/e_half.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_bf16.npy \
// RUN:   '(to_bfloat16(b.view(np.float32)).view(np.uint32) >> 16).astype(np.uint16).view(np.int16)' b=%t/bits32.npy
// RUN: %python %S/Inputs/reference.py compare %t/bf16.npy %t/e_bf16.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_half64.npy 'b.view(np.float64).astype(np.float16)' b=%t/bits64.npy
// RUN: %python %S/Inputs/reference.py compare %t/half64.npy %t/e_half64.npy --exact

func.func @conversions(%patterns: !block.ptr<i16>, %bits32: !block.ptr<i32>,
                       %bits64: !block.ptr<i64>, %wide: !block.ptr<f32>,
                       %back: !block.ptr<f16>, %half: !block.ptr<f16>,
                       %bf16: !block.ptr<i16>, %half64: !block.ptr<f16>)
    attributes {block.kernel} {
  %c1024 = arith.constant 1024 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c1024 : i32
  %starts = block.splat %start : tensor<1024xi32>
  %range = block.arange 0, 1024 : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>

  %pb = block.splat %patterns : tensor<1024x!block.ptr<i16>>
  %pp = block.addptr %pb, %offsets : tensor<1024x!block.ptr<i16>>, tensor<1024xi32>
  %bits = block.load %pp : tensor<1024x!block.ptr<i16>>
  %h = block.bitcast %bits : tensor<1024xi16> -> tensor<1024xf16>
  %w = arith.extf %h : tensor<1024xf16> to tensor<1024xf32>
  %wb = block.splat %wide : tensor<1024x!block.ptr<f32>>
  %wp = block.addptr %wb, %offsets : tensor<1024x!block.ptr<f32>>, tensor<1024xi32>
  block.store %wp, %w : tensor<1024x!block.ptr<f32>>
  %h2 = arith.truncf %w : tensor<1024xf32> to tensor<1024xf16>
  %bb = block.splat %back : tensor<1024x!block.ptr<f16>>
  %bp = block.addptr %bb, %offsets : tensor<1024x!block.ptr<f16>>, tensor<1024xi32>
  block.store %bp, %h2 : tensor<1024x!block.ptr<f16>>

  %sb = block.splat %bits32 : tensor<1024x!block.ptr<i32>>
  %sp = block.addptr %sb, %offsets : tensor<1024x!block.ptr<i32>>, tensor<1024xi32>
  %s = block.load %sp : tensor<1024x!block.ptr<i32>>
  %f = block.bitcast %s : tensor<1024xi32> -> tensor<1024xf32>
  %fh = arith.truncf %f : tensor<1024xf32> to tensor<1024xf16>
  %hb = block.splat %half : tensor<1024x!block.ptr<f16>>
  %hp = block.addptr %hb, %offsets : tensor<1024x!block.ptr<f16>>, tensor<1024xi32>
  block.store %hp, %fh : tensor<1024x!block.ptr<f16>>
  %fb = arith.truncf %f : tensor<1024xf32> to tensor<1024xbf16>
  %fbi = block.bitcast %fb : tensor<1024xbf16> -> tensor<1024xi16>
  %ob = block.splat %bf16 : tensor<1024x!block.ptr<i16>>
  %op = block.addptr %ob, %offsets : tensor<1024x!block.ptr<i16>>, tensor<1024xi32>
  block.store %op, %fbi : tensor<1024x!block.ptr<i16>>

  %db = block.splat %bits64 : tensor<1024x!block.ptr<i64>>
  %dp = block.addptr %db, %offsets : tensor<1024x!block.ptr<i64>>, tensor<1024xi32>
  %d = block.load %dp : tensor<1024x!block.ptr<i64>>
  %df = block.bitcast %d : tensor<1024xi64> -> tensor<1024xf64>
  %dh = arith.truncf %df : tensor<1024xf64> to tensor<1024xf16>
  %eb = block.splat %half64 : tensor<1024x!block.ptr<f16>>
  %ep = block.addptr %eb, %offsets : tensor<1024x!block.ptr<f16>>, tensor<1024xi32>
  block.store %ep, %dh : tensor<1024x!block.ptr<f16>>
  return
}
