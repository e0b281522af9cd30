// out = x reversed within each program's 256 elements, through a scratch
// buffer in global memory: each thread reads back elements that other
// threads of its program stored. gpu.barrier between the stores and the
// loads makes the stores visible to the whole CTA; without it a thread may
// read the scratch before another thread's store has reached it.
func.func @reverse(%x: !block.ptr<f32>, %scratch: !block.ptr<f32>, %out: !block.ptr<f32>)
    attributes {block.kernel, block.num_warps = 4 : i32} {
  %c256 = arith.constant 256 : i32
  %pid = block.program_id x
  %start = arith.muli %pid, %c256 : i32
  %offsets = block.arange %start + 0, 256 : tensor<256xi32>
  %v = block.load %x[%offsets] : !block.ptr<f32>, tensor<256xi32>
  block.store %scratch[%offsets], %v : !block.ptr<f32>, tensor<256xi32>
  gpu.barrier
  %last = block.splat %start : tensor<256xi32>
  %iota = block.arange 0, 256 : tensor<256xi32>
  %c255 = arith.constant dense<255> : tensor<256xi32>
  %back = arith.subi %c255, %iota : tensor<256xi32>
  %reversed = arith.addi %last, %back : tensor<256xi32>
  %r = block.load %scratch[%reversed] : !block.ptr<f32>, tensor<256xi32>
  block.store %out[%offsets], %r : !block.ptr<f32>, tensor<256xi32>
  return
}
