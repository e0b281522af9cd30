// Flash-attention forward for one head dimension of 64 in bf16: the program
// of attention_fwd.mlir (which explains it) with 64 in the tiles, taking the
// same arguments with Q, K, V and O laid out [heads, seq, 64], its keys in
// blocks of 128 alike (a 128 x 128 S leaves the registers to keep P V in
// flight into the next block, and a causal query block masks one key block
// only). Unlike it, the program is persistent: launch any number of
// programs on a 1-D grid (one per SM is best); each walks the (query block,
// head) tiles from its index, a grid's width apart. The copy engine then
// fetches a tile's Q, K and V while the program finishes the tile before,
// which with D = 64 (Q read into registers once a tile, its buffer free at
// once) hides the first copies' latency; with D = 128 Q stays in shared
// memory through the tile, and the fetch could not start early.
func.func @attention_fwd_d64(%q: !block.ptr<bf16> {block.alignment = 16}, %k: !block.ptr<bf16> {block.alignment = 16},
                             %v: !block.ptr<bf16> {block.alignment = 16}, %o: !block.ptr<bf16> {block.alignment = 16},
                             %lse: !block.ptr<f32> {block.alignment = 16}, %rows: i32, %seq: i32, %scale: f32, %causal: i32)
    attributes {block.kernel, block.num_warps = 8 : i32, block.num_stages = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %head_dim = arith.constant 64 : i32
  %whole = arith.constant -128 : i32
  %log2e = arith.constant 1.44269504 : f32
  %ln2 = arith.constant 0.693147181 : f32
  %zero_s = arith.constant dense<0.0> : tensor<128x128xf32>
  %zero_o = arith.constant dense<0.0> : tensor<128x64xf32>
  %zero_l = arith.constant dense<0.0> : tensor<128xf32>
  %ninf_m = arith.constant dense<0xFF800000> : tensor<128xf32>
  %ninf_s = arith.constant dense<0xFF800000> : tensor<128x128xf32>

  // The tiles: query blocks of 128 rows of every head, in a snake order
  // (even heads' blocks last to first, odd heads' first to last), so that
  // the causal lengths a program meets, a grid's width apart, even out.
  %pid = block.program_id x
  %programs = block.num_programs x
  %heads = arith.divui %rows, %seq : i32
  %q_blocks = arith.ceildivui %seq, %c128 : i32
  %tiles = arith.muli %q_blocks, %heads : i32
  %last_q_block = arith.subi %q_blocks, %c1 : i32
  scf.for %tile = %pid to %tiles step %programs : i32 {
    // This tile's head and query rows [m0, m0 + 128).
    %head = arith.divui %tile, %q_blocks : i32
    %forward = arith.remui %tile, %q_blocks : i32
    %backward = arith.subi %last_q_block, %forward : i32
    %parity = arith.andi %head, %c1 : i32
    %odd_head = arith.cmpi ne, %parity, %c0 : i32
    %m0_block = arith.select %odd_head, %forward, %backward : i32
    %m0 = arith.muli %m0_block, %c128 : i32
    %head_size = arith.muli %seq, %head_dim : i32
    %head_off = arith.muli %head, %head_size : i32
    %oh = block.addptr %o, %head_off : !block.ptr<bf16>, i32
    // Q, K and V of all heads as one [rows, 64] matrix each, described by
    // the arguments alone, so that the copy engine can fetch their tiles
    // (Q's once a tile, before its key blocks). Query rows past this head's end
    // read the next head's first rows, whose outputs are not stored (O is
    // described per head); a key block past it reads the next head's first
    // keys, which the mask hides (their scores are -inf, their weights 0).
    %dq = block.make_tensor_desc %q, [%rows, %head_dim], [%head_dim, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
    %dk = block.make_tensor_desc %k, [%rows, %head_dim], [%head_dim, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
    %dv = block.make_tensor_desc %v, [%rows, %head_dim], [%head_dim, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
    %head_row = arith.muli %head, %seq : i32
    %do = block.make_tensor_desc %oh, [%seq, %head_dim], [%head_dim, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x64xbf16>>
    %q_row = arith.addi %head_row, %m0 : i32
    %qt = block.desc_load %dq[%q_row, %c0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
    %qk_scale = arith.mulf %scale, %log2e : f32

    // Key blocks [0, unmasked) need no mask: those below the diagonal
    // (causal) or all whole blocks; [unmasked, end) are masked.
    %is_causal = arith.cmpi ne, %causal, %c0 : i32
    %whole_blocks = arith.andi %seq, %whole : i32
    %unmasked = arith.select %is_causal, %m0, %whole_blocks : i32
    %m_end = arith.addi %m0, %c128 : i32
    %diagonal_end = arith.minsi %m_end, %seq : i32
    %end = arith.select %is_causal, %diagonal_end, %seq : i32
    %q_rows = block.arange %m0 + 0, 128 : tensor<128xi32>
    // The last key each query row sees: itself (causal) or the sequence's last.
    %seq_last = arith.subi %seq, %c1 : i32
    %seq_lasts = block.splat %seq_last : tensor<128xi32>
    %diagonal = arith.minsi %q_rows, %seq_lasts : tensor<128xi32>
    %last_key = arith.select %is_causal, %diagonal, %seq_lasts : tensor<128xi32>

    %acc, %m_i, %l_i = scf.for %n0 = %c0 to %end step %c128
        iter_args(%acc_i = %zero_o, %m_run = %ninf_m, %l_run = %zero_l)
        -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>) : i32 {
      %key_row = arith.addi %head_row, %n0 : i32
      %kt = block.desc_load %dk[%key_row, %c0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
      %ktt = block.trans %kt [1, 0] : tensor<128x64xbf16> -> tensor<64x128xbf16>
      %s_all = block.dot %qt, %ktt, %zero_s : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
      %needs_mask = arith.cmpi sge, %n0, %unmasked : i32
      %s = scf.if %needs_mask -> tensor<128x128xf32> {
        // Column j of the block is key n0 + j: kept where j <= last_key - n0.
        %n0s = block.splat %n0 : tensor<128xi32>
        %last_col = arith.subi %last_key, %n0s : tensor<128xi32>
        %last_col_b = block.broadcast %last_col dims [0] : tensor<128xi32> -> tensor<128x128xi32>
        %cols_1d = block.arange 0, 128 : tensor<128xi32>
        %cols = block.broadcast %cols_1d dims [1] : tensor<128xi32> -> tensor<128x128xi32>
        %keep = arith.cmpi sle, %cols, %last_col_b : tensor<128x128xi32>
        %masked = arith.select %keep, %s_all, %ninf_s : tensor<128x128xi1>, tensor<128x128xf32>
        scf.yield %masked : tensor<128x128xf32>
      } else {
        scf.yield %s_all : tensor<128x128xf32>
      }

      // Online softmax in base 2: m_new = max(m, rowmax(s) * scale * log2e),
      // p = exp2(s * scale * log2e - m_new), l = l * alpha + rowsum(p). The
      // exponentials may flush subnormals to zero (afn: one instruction
      // each), which no bf16 weight could hold anyway.
      %s_max = block.reduce maxnumf %s axis = 1 : (tensor<128x128xf32>) -> tensor<128xf32>
      %qk_scales_m = block.splat %qk_scale : tensor<128xf32>
      %s_max_scaled = arith.mulf %s_max, %qk_scales_m : tensor<128xf32>
      %m_new = arith.maximumf %m_run, %s_max_scaled : tensor<128xf32>
      %m_diff = arith.subf %m_run, %m_new : tensor<128xf32>
      %alpha = math.exp2 %m_diff fastmath<afn> : tensor<128xf32>
      %qk_scales = block.splat %qk_scale : tensor<128x128xf32>
      %neg_m = arith.negf %m_new : tensor<128xf32>
      %neg_m_b = block.broadcast %neg_m dims [0] : tensor<128xf32> -> tensor<128x128xf32>
      %x = math.fma %s, %qk_scales, %neg_m_b : tensor<128x128xf32>
      %p = math.exp2 %x fastmath<afn> : tensor<128x128xf32>
      %p_sum = block.reduce add %p axis = 1 : (tensor<128x128xf32>) -> tensor<128xf32>
      %l_kept = arith.mulf %l_run, %alpha : tensor<128xf32>
      %l_new = arith.addf %l_kept, %p_sum : tensor<128xf32>

      // O = O * alpha + P V, with P rounded to bf16 as flash attention does.
      %alpha_b = block.broadcast %alpha dims [0] : tensor<128xf32> -> tensor<128x64xf32>
      %acc_kept = arith.mulf %acc_i, %alpha_b : tensor<128x64xf32>
      %vt = block.desc_load %dv[%key_row, %c0] : !block.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
      %pb = arith.truncf %p : tensor<128x128xf32> to tensor<128x128xbf16>
      %acc_new = block.dot %pb, %vt, %acc_kept : tensor<128x128xbf16>, tensor<128x64xbf16> -> tensor<128x64xf32>
      scf.yield %acc_new, %m_new, %l_new : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>
    } {block.warp_specialize = true}

    // O = acc / l (a multiply by each row's reciprocal: `arcp`), and
    // lse = (m + log2 l) * ln 2 for the rows in the sequence.
    %l_b = block.broadcast %l_i dims [0] : tensor<128xf32> -> tensor<128x64xf32>
    %out = arith.divf %acc, %l_b fastmath<arcp> : tensor<128x64xf32>
    %out_b = arith.truncf %out : tensor<128x64xf32> to tensor<128x64xbf16>
    block.desc_store %do[%m0, %c0], %out_b : !block.tensordesc<tensor<128x64xbf16>>, tensor<128x64xbf16>
    %log_l = math.log2 %l_i : tensor<128xf32>
    %lse2 = arith.addf %m_i, %log_l : tensor<128xf32>
    %ln2s = block.splat %ln2 : tensor<128xf32>
    %lse_rows = arith.mulf %lse2, %ln2s : tensor<128xf32>
    %lse_h = block.addptr %lse, %head_row : !block.ptr<f32>, i32
    %seq_rows = block.splat %seq : tensor<128xi32>
    %row_in = arith.cmpi slt, %q_rows, %seq_rows : tensor<128xi32>
    block.store %lse_h[%q_rows], %lse_rows mask %row_in : !block.ptr<f32>, tensor<128xi32>
  }
  return
}
