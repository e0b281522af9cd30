// The largest element of each row of n bf16 values (rows 128 apart), read
// and written as scalars: out[row] = max(x[row, 0:n]), -inf for an empty row.
// A bf16 or f16 constant written in hexadecimal is the type's own bits:
// -inf is 0xFF80 in bf16 and 0xFC00 in f16 (f32's 0xFF800000 is refused as
// out of range). +inf is 0x7F80 / 0x7C00, a quiet NaN 0x7FC0 / 0x7E00, the
// largest finite value 0x7F7F / 0x7BFF.
func.func @row_max(%x: !block.ptr<bf16>, %out: !block.ptr<bf16>, %n: i32, %scale: !block.ptr<bf16>)
    attributes {block.kernel, block.num_warps = 1 : i32} {
  %c128 = arith.constant 128 : i32
  %row = block.program_id x
  %start = arith.muli %row, %c128 : i32
  %columns = block.arange 0, 128 : tensor<128xi32>
  %ns = block.splat %n : tensor<128xi32>
  %inside = arith.cmpi slt, %columns, %ns : tensor<128xi32>
  %offsets = block.arange %start + 0, 128 : tensor<128xi32>
  %minus_inf = arith.constant dense<0xFF80> : tensor<128xbf16>
  %v = block.load %x[%offsets] mask %inside other %minus_inf : !block.ptr<bf16>, tensor<128xi32>
  %m = block.reduce maxnumf %v axis = 0 : (tensor<128xbf16>) -> bf16
  // A scalar load and a scalar store: one element, at a scalar pointer.
  %s = block.load %scale : !block.ptr<bf16>
  %scaled = arith.mulf %m, %s : bf16
  %dst = block.addptr %out, %row : !block.ptr<bf16>, i32
  block.store %dst, %scaled : !block.ptr<bf16>
  return
}
