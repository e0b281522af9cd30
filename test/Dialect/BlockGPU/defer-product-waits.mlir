// RUN: block-opt %s -blockgpu-defer-product-waits -split-input-file | FileCheck %s

// A wgmma product waits for itself just before the first operation that
// needs it done: here, the use of its result after the second product, so
// the first waits while the second may still run (pendings 1), and the
// second before its own use.
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#NV = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @two_products
// CHECK: %[[S:.+]] = blockgpu.dot %arg0, %arg1, %arg2 async
// CHECK: %[[O:.+]] = blockgpu.dot %arg0, %arg1, %arg3 async
// CHECK: %[[SD:.+]] = blockgpu.dot_wait %[[S]] {pendings = 1 : i32}
// CHECK: %[[X:.+]] = math.exp2 %[[SD]]
// CHECK: %[[OD:.+]] = blockgpu.dot_wait %[[O]] {pendings = 0 : i32}
// CHECK: arith.addf %[[OD]], %[[X]]
func.func @two_products(%a: !blockgpu.memdesc<64x64xbf16, #NV>, %b: !blockgpu.memdesc<64x64xbf16, #NV>, %s0: tensor<64x64xf32, #WG>, %o0: tensor<64x64xf32, #WG>) -> tensor<64x64xf32, #WG> {
  %s = blockgpu.dot %a, %b, %s0 : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %o = blockgpu.dot %a, %b, %o0 : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %x = math.exp2 %s : tensor<64x64xf32, #WG>
  %r = arith.addf %o, %x : tensor<64x64xf32, #WG>
  return %r : tensor<64x64xf32, #WG>
}

// -----

// A product whose result the next operation uses stays as it is; one
// followed by a write to shared memory (which could be a buffer the product
// reads) waits before it.
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#NV = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @stays
// CHECK: %[[S:.+]] = blockgpu.dot %arg0, %arg1, %arg2 :
// CHECK-NEXT: math.exp2 %[[S]]
// CHECK: %[[T:.+]] = blockgpu.dot %arg0, %arg1, %arg2 async
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[TD:.+]] = blockgpu.dot_wait %[[T]] {pendings = 0 : i32}
// CHECK-NEXT: blockgpu.local_alloc
func.func @stays(%a: !blockgpu.memdesc<64x64xbf16, #NV>, %b: !blockgpu.memdesc<64x64xbf16, #NV>, %c: tensor<64x64xf32, #WG>, %v: tensor<64x64xbf16, #WG>) -> (tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>, !blockgpu.memdesc<64x64xbf16, #NV>) {
  %s = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %x = math.exp2 %s : tensor<64x64xf32, #WG>
  %t = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %one = arith.constant 1.0 : f32
  %buf = blockgpu.local_alloc %v : tensor<64x64xbf16, #WG> -> !blockgpu.memdesc<64x64xbf16, #NV>
  return %x, %t, %buf : tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>, !blockgpu.memdesc<64x64xbf16, #NV>
}

// -----

// An arrival on an mbarrier hands buffers back to the warps that refill
// them (a warp-specialized consumer's release): a product reading them
// waits before it.
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#NV = #blockgpu.nvmma<swizzle = 128>
#BAR = #blockgpu.swizzled<vec = 1, perPhase = 1, maxPhase = 1>
// CHECK-LABEL: func.func @released
// CHECK: %[[S:.+]] = blockgpu.dot %arg0, %arg1, %arg2 async
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[SD:.+]] = blockgpu.dot_wait %[[S]] {pendings = 0 : i32}
// CHECK-NEXT: blockgpu.arrive_barrier %arg3
// CHECK-NEXT: return %[[SD]]
func.func @released(%a: !blockgpu.memdesc<64x64xbf16, #NV>, %b: !blockgpu.memdesc<64x64xbf16, #NV>, %c: tensor<64x64xf32, #WG>, %empty: !blockgpu.memdesc<1x1xi64, #BAR, mutable>) -> tensor<64x64xf32, #WG> {
  %s = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %one = arith.constant 1.0 : f32
  blockgpu.arrive_barrier %empty : !blockgpu.memdesc<1x1xi64, #BAR, mutable>
  return %s : tensor<64x64xf32, #WG>
}

// -----

// In a loop, a deferred product accumulating into an iteration argument
// that starts at zero starts from nothing: the first iteration's product
// does not read it (use_acc, a loop-carried i1), and zero iterations give
// the zeros.
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#NV = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @from_nothing
// CHECK-DAG: %[[ZEROS:.+]] = arith.constant dense<0.000000e+00>
// CHECK-DAG: %[[NO:.+]] = arith.constant false
// CHECK: %[[NOTHING:.+]] = blockgpu.poison
// CHECK: %[[LOOP:.+]]:2 = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[NOTHING]], %[[USE:.+]] = %[[NO]])
// CHECK: %[[O:.+]] = blockgpu.dot %arg0, %arg1, %[[ACC]] use_acc %[[USE]] async
// CHECK: math.exp2
// CHECK: blockgpu.dot_wait %[[O]] {pendings = 0 : i32}
// CHECK: %[[YES:.+]] = arith.constant true
// CHECK: scf.yield %{{.+}}, %[[YES]]
// CHECK: %[[R:.+]] = scf.if %[[LOOP]]#1
// CHECK-NEXT: scf.yield %[[LOOP]]#0
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZEROS]]
// CHECK: return %[[R]]
func.func @from_nothing(%a: !blockgpu.memdesc<64x64xbf16, #NV>, %b: !blockgpu.memdesc<64x64xbf16, #NV>, %x: tensor<64x64xf32, #WG>, %n: i32) -> tensor<64x64xf32, #WG> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zeros = arith.constant dense<0.0> : tensor<64x64xf32, #WG>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zeros) -> (tensor<64x64xf32, #WG>) : i32 {
    %o = blockgpu.dot %a, %b, %acc : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
    %e = math.exp2 %x : tensor<64x64xf32, #WG>
    %next = arith.mulf %o, %e : tensor<64x64xf32, #WG>
    scf.yield %next : tensor<64x64xf32, #WG>
  }
  return %r : tensor<64x64xf32, #WG>
}

// -----

// A block that already keeps a product in flight (blockgpu-pipeline-loops)
// is left alone: its waits count that product.
#WG = #block.mma<version = 3, warpsPerCTA = [4, 1], instrShape = [64, 64, 16]>
#NV = #blockgpu.nvmma<swizzle = 128>
// CHECK-LABEL: func.func @in_flight
// CHECK: blockgpu.dot %arg0, %arg1, %arg2 async
// CHECK: blockgpu.dot %arg0, %arg1, %arg2 :
// CHECK-NOT: blockgpu.dot_wait
func.func @in_flight(%a: !blockgpu.memdesc<64x64xbf16, #NV>, %b: !blockgpu.memdesc<64x64xbf16, #NV>, %c: tensor<64x64xf32, #WG>) -> (tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>) {
  %s = blockgpu.dot %a, %b, %c async : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %t = blockgpu.dot %a, %b, %c : !blockgpu.memdesc<64x64xbf16, #NV>, !blockgpu.memdesc<64x64xbf16, #NV> -> tensor<64x64xf32, #WG>
  %y = math.exp2 %c : tensor<64x64xf32, #WG>
  %x = arith.addf %t, %y : tensor<64x64xf32, #WG>
  return %s, %x : tensor<64x64xf32, #WG>, tensor<64x64xf32, #WG>
}
