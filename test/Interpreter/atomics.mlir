// Atomics on the interpreter: instances run one at a time in grid order and
// the lanes of one in row-major order, so even float sums and the old
// values returned are deterministic; checked against NumPy.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reference.py random %t/keys.npy --dtype=int32 --count=256 --low=0 --high=15 --seed=7
// RUN: %python %S/Inputs/reference.py random %t/x.npy --dtype=float32 --count=256 --seed=8
// RUN: block-run %s --grid=4 --arg=ptr:i32:256:file=%t/keys.npy --arg=ptr:f32:256:file=%t/x.npy \
// RUN:   --arg=ptr:i32:16:zeros --arg=ptr:f32:1:zeros --arg=ptr:i32:1:const=-1 --arg=ptr:i32:4:zeros \
// RUN:   --arg=ptr:i32:1:zeros --arg=ptr:i32:4:zeros --arg=ptr:i32:256:zeros --arg=ptr:i32:1:const=-5 \
// RUN:   --out=2:%t/bins.npy --out=3:%t/total.npy --out=4:%t/last.npy --out=5:%t/olds.npy \
// RUN:   --out=6:%t/counter.npy --out=7:%t/seen.npy --out=8:%t/before.npy --out=9:%t/max.npy

// RUN: %python %S/Inputs/reference.py expect %t/e_bins.npy 'np.bincount(k, minlength=16).astype(np.int32)' k=%t/keys.npy
// RUN: %python %S/Inputs/reference.py compare %t/bins.npy %t/e_bins.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_total.npy 'np.cumsum(x, dtype=np.float32)[-1:]' x=%t/x.npy
// RUN: %python %S/Inputs/reference.py compare %t/total.npy %t/e_total.npy --exact
// xchg: each instance swaps in its id and gets its predecessor's.
// RUN: %python %S/Inputs/reference.py expect %t/e_olds.npy 'np.array([-1, 0, 1, 2], np.int32)'
// RUN: %python %S/Inputs/reference.py compare %t/olds.npy %t/e_olds.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_last.npy 'np.array([3], np.int32)'
// RUN: %python %S/Inputs/reference.py compare %t/last.npy %t/e_last.npy --exact
// cas(counter, pid, pid + 1) succeeds for every instance, in order.
// RUN: %python %S/Inputs/reference.py expect %t/e_counter.npy 'np.array([4], np.int32)'
// RUN: %python %S/Inputs/reference.py compare %t/counter.npy %t/e_counter.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_seen.npy 'np.arange(4, dtype=np.int32)'
// RUN: %python %S/Inputs/reference.py compare %t/seen.npy %t/e_seen.npy --exact
// The old values the even lanes get: the key's count over the earlier
// instances and the earlier even lanes of this one (the odd lanes add
// after them); 0 for the masked-off odd lanes.
// RUN: %python %S/Inputs/reference.py expect %t/e_before.npy \
// RUN:   'np.array([(k[:i - i % 64] == k[i]).sum() + (k[i - i % 64:i:2] == k[i]).sum() if i % 2 == 0 else 0 for i in range(256)], np.int32)' k=%t/keys.npy
// RUN: %python %S/Inputs/reference.py compare %t/before.npy %t/e_before.npy --exact
// RUN: %python %S/Inputs/reference.py expect %t/e_max.npy 'np.array([max(k.max(), -5)], np.int32)' k=%t/keys.npy
// RUN: %python %S/Inputs/reference.py compare %t/max.npy %t/e_max.npy --exact

func.func @atomics(%keys: !block.ptr<i32>, %x: !block.ptr<f32>,
                   %bins: !block.ptr<i32>, %total: !block.ptr<f32>,
                   %last: !block.ptr<i32>, %olds: !block.ptr<i32>,
                   %counter: !block.ptr<i32>, %seen: !block.ptr<i32>,
                   %before: !block.ptr<i32>, %max: !block.ptr<i32>)
    attributes {block.kernel} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant dense<2> : tensor<64xi32>
  %c0 = arith.constant dense<0> : tensor<64xi32>
  %c64 = arith.constant 64 : i32
  %ones = arith.constant dense<1> : tensor<64xi32>
  %pid = block.program_id x
  %start = arith.muli %pid, %c64 : i32
  %starts = block.splat %start : tensor<64xi32>
  %range = block.arange 0, 64 : tensor<64xi32>
  %offsets = arith.addi %starts, %range : tensor<64xi32>

  // A histogram of the keys, the even lanes first, then the odd ones.
  %kb = block.splat %keys : tensor<64x!block.ptr<i32>>
  %kp = block.addptr %kb, %offsets : tensor<64x!block.ptr<i32>>, tensor<64xi32>
  %k = block.load %kp : tensor<64x!block.ptr<i32>>
  %bb = block.splat %bins : tensor<64x!block.ptr<i32>>
  %bp = block.addptr %bb, %k : tensor<64x!block.ptr<i32>>, tensor<64xi32>
  %parity = arith.remsi %range, %c2 : tensor<64xi32>
  %even = arith.cmpi eq, %parity, %c0 : tensor<64xi32>
  %odd = arith.cmpi ne, %parity, %c0 : tensor<64xi32>
  %old = block.atomic_rmw add, relaxed, gpu, %bp, %ones mask %even : tensor<64x!block.ptr<i32>>
  // (The odd lanes address the bins in the short form.)
  %unused = block.atomic_rmw add, relaxed, gpu, %bins[%k], %ones mask %odd : !block.ptr<i32>, tensor<64xi32>
  %ob = block.splat %before : tensor<64x!block.ptr<i32>>
  %op = block.addptr %ob, %offsets : tensor<64x!block.ptr<i32>>, tensor<64xi32>
  block.store %op, %old : tensor<64x!block.ptr<i32>>
  %mx = block.splat %max : tensor<64x!block.ptr<i32>>
  %prevmax = block.atomic_rmw max, relaxed, gpu, %mx, %k : tensor<64x!block.ptr<i32>>

  // A float sum in the documented order.
  %xb = block.splat %x : tensor<64x!block.ptr<f32>>
  %xp = block.addptr %xb, %offsets : tensor<64x!block.ptr<f32>>, tensor<64xi32>
  %xv = block.load %xp : tensor<64x!block.ptr<f32>>
  %tb = block.splat %total : tensor<64x!block.ptr<f32>>
  %prevtotal = block.atomic_rmw fadd, relaxed, gpu, %tb, %xv : tensor<64x!block.ptr<f32>>

  %prev = block.atomic_rmw xchg, acq_rel, gpu, %last, %pid : !block.ptr<i32>
  %slot = block.addptr %olds, %pid : !block.ptr<i32>, i32
  block.store %slot, %prev : !block.ptr<i32>

  %next = arith.addi %pid, %c1 : i32
  %was = block.atomic_cas acq_rel, gpu, %counter, %pid, %next : !block.ptr<i32>
  %seenslot = block.addptr %seen, %pid : !block.ptr<i32>, i32
  block.store %seenslot, %was : !block.ptr<i32>
  return
}
