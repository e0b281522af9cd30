// RUN: block-opt %s -blockgpu-materialize-shared-memory | FileCheck %s

// The buffers' layouts: row-major, with the offset bits above a 128-byte line
// that the reading lanes vary XORed into the line's bits above the access
// width.
// CHECK-DAG: #[[ROWS:.+]] = #blockgpu.linear<offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 4], [8, 8], [16, 16]]>
// CHECK-DAG: #[[FLAT:.+]] = #blockgpu.linear<offset = {{\[\[}}1], [2], [4], [8], [16], [32], [64], [128], [256], [512]]>
// CHECK-DAG: #[[A:.+]] = #blockgpu.linear<offset = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [0, 2], [1, 4]]>
// CHECK-DAG: #[[RESHAPED:.+]] = #block.linear<register = {{\[\[}}1], [2], [512]], lane = {{.+}}>
// CHECK-DAG: #[[B:.+]] = #blockgpu.linear<offset = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 4], [4, 0]]>

#ROW = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#COL = #block.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#V = #block.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#W = #block.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#S = #block.slice<dim = 0, parent = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>

// A conversion that moves data goes through a buffer written in the source
// layout and read in the result's (the barriers are
// blockgpu-insert-barriers'); one that relabels registers or shuffles within
// warps stays.
// CHECK-LABEL: func.func @convert
// CHECK-NEXT: %[[BUF:.+]] = blockgpu.local_alloc %{{.+}} : tensor<32x32xf32, #{{.+}}> -> !blockgpu.memdesc<32x32xf32, #[[ROWS]]>
// CHECK-NEXT: %{{.+}} = blockgpu.local_load %[[BUF]] : !blockgpu.memdesc<32x32xf32, #[[ROWS]]> -> tensor<32x32xf32, #{{.+}}>
// CHECK-NEXT: block.convert_layout %{{.+}} : tensor<512xi32, #{{.+}}> -> tensor<512xi32, #{{.+}}>
func.func @convert(%x: tensor<32x32xf32, #ROW>, %v: tensor<512xi32, #V>) -> (tensor<32x32xf32, #COL>, tensor<512xi32, #S>) {
  %y = block.convert_layout %x : tensor<32x32xf32, #ROW> -> tensor<32x32xf32, #COL>
  %w = block.convert_layout %v : tensor<512xi32, #V> -> tensor<512xi32, #S>
  return %y, %w : tensor<32x32xf32, #COL>, tensor<512xi32, #S>
}

// A reshape that moves data: the reshape each thread can do in its
// registers, then a conversion. One that moves none stays.
// CHECK-LABEL: func.func @reshape
// CHECK-NEXT: %[[R:.+]] = block.reshape %{{.+}} : tensor<32x32xf32, #{{.+}}> -> tensor<1024xf32, #[[RESHAPED]]>
// CHECK-NEXT: %[[BUF:.+]] = blockgpu.local_alloc %[[R]] : tensor<1024xf32, #[[RESHAPED]]> -> !blockgpu.memdesc<1024xf32, #[[FLAT]]>
// CHECK-NEXT: blockgpu.local_load %[[BUF]] : !blockgpu.memdesc<1024xf32, #[[FLAT]]> -> tensor<1024xf32, #{{.+}}>
// CHECK-NEXT: block.reshape %{{.+}} : tensor<32x32xf32, #{{.+}}> -> tensor<1024xf32, #{{.+}}>
func.func @reshape(%x: tensor<32x32xf32, #ROW>) -> (tensor<1024xf32, #W>, tensor<1024xf32, #V>) {
  %r = block.reshape %x : tensor<32x32xf32, #ROW> -> tensor<1024xf32, #W>
  %s = block.reshape %x : tensor<32x32xf32, #ROW> -> tensor<1024xf32, #V>
  return %r, %s : tensor<1024xf32, #W>, tensor<1024xf32, #V>
}

// The FMA product: a transposed (k in rows of m) and b row-major in buffers,
// each swizzled within the rows of one chunk of k, then blockgpu.dot.
#L = #block.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#AL = #block.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>
// CHECK-LABEL: func.func @dot
// CHECK-NEXT: %[[SA:.+]] = blockgpu.local_alloc %{{.+}} : tensor<16x8xf16, #{{.+}}> -> !blockgpu.memdesc<16x8xf16, #[[A]]>
// CHECK-NEXT: %[[SB:.+]] = blockgpu.local_alloc %{{.+}} : tensor<8x32xf16, #{{.+}}> -> !blockgpu.memdesc<8x32xf16, #[[B]]>
// CHECK-NEXT: blockgpu.dot %[[SA]], %[[SB]], %{{.+}} : !blockgpu.memdesc<16x8xf16, #[[A]]>, !blockgpu.memdesc<8x32xf16, #[[B]]> -> tensor<16x32xf32, #{{.+}}>
// CHECK-NOT: block.dot
func.func @dot(%a: tensor<16x8xf16, #AL>, %b: tensor<8x32xf16, #L>, %acc: tensor<16x32xf32, #L>) -> tensor<16x32xf32, #L> {
  %d = block.dot %a, %b, %acc : tensor<16x8xf16, #AL>, tensor<8x32xf16, #L> -> tensor<16x32xf32, #L>
  return %d : tensor<16x32xf32, #L>
}

// Tensors without distributed layouts are left to the layout contract.
// CHECK-LABEL: func.func @no_layout
// CHECK-NEXT: block.dot
func.func @no_layout(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %acc: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = block.dot %a, %b, %acc : tensor<16x8xf32>, tensor<8x32xf32> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}

