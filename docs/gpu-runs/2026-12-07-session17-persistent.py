"""Writes a persistent form of an attention example (argv: example .mlir,
tile rows 128) to stdout: one program per SM walks (query block, head)
tiles in groups of 4 heads, heads innermost within a group, causal query
blocks heaviest first (each program then gets every length once: the grid
of 132 steps 4 tiles past a group of 4 x 32); Q by the example's per-head
descriptor, O by TMA over all rows where the tile is whole, else by the
per-head descriptor (pointer stores, bounded)."""
import re, sys
src = open(sys.argv[1]).read()
start = src.index("  // This program's head and query rows")
end = src.index("  return\n}")
head, body, tail = src[:start], src[start:end], src[end:]
tile = re.search(r"tensor<128x(\d+)xbf16>> -> tensor<128x\d+xbf16>\n", body)
d = tile.group(1)
# Program ids become the tile's coordinates.
body = body.replace("  %m0_block = block.program_id x\n", "")
body = body.replace("  %head = block.program_id y\n", "")
# O: the example's store by the per-head descriptor, under a choice.
store = re.search(r"  block\.desc_store %do\[%m0, %c0\], %out_b : (.*)\n", body)
body = body.replace(store.group(0), f"""  %m_next = arith.addi %m0, %c128 : i32
  %whole_tile = arith.cmpi sle, %m_next, %seq : i32
  scf.if %whole_tile {{
    %q_row0 = arith.addi %head_row, %m0 : i32
    %do_all = block.make_tensor_desc %o, [%rows, %head_dim], [%head_dim, 1] : !block.ptr<bf16> -> !block.tensordesc<tensor<128x{d}xbf16>>
    block.desc_store %do_all[%q_row0, %c0], %out_b : {store.group(1)}
  }} else {{
    block.desc_store %do[%m0, %c0], %out_b : {store.group(1)}
  }}
""")
body = "".join("  " + line if line.strip() else line for line in body.splitlines(True))
loop = """  %pid = block.program_id x
  %programs = block.num_programs x
  %heads = arith.divui %rows, %seq : i32
  %qblocks = arith.ceildivui %seq, %c128 : i32
  %tiles = arith.muli %qblocks, %heads : i32
  %c4 = arith.constant 4 : i32
  %group_tiles = arith.muli %qblocks, %c4 : i32
  %last_block = arith.subi %qblocks, %c1 : i32
  %causal_order = arith.cmpi ne, %causal, %c0 : i32
  scf.for %tile = %pid to %tiles step %programs : i32 {
    %group = arith.divui %tile, %group_tiles : i32
    %in_group = arith.remui %tile, %group_tiles : i32
    %first_head = arith.muli %group, %c4 : i32
    %heads_left = arith.subi %heads, %first_head : i32
    %group_heads = arith.minui %heads_left, %c4 : i32
    %level = arith.divui %in_group, %group_heads : i32
    %head_in_group = arith.remui %in_group, %group_heads : i32
    %head = arith.addi %first_head, %head_in_group : i32
    %heaviest_first = arith.subi %last_block, %level : i32
    %m0_block = arith.select %causal_order, %heaviest_first, %level : i32
"""
print(head + loop + body + "  }\n" + tail, end="")
