import sys
s = open(sys.argv[1]).read()
old = "  %m0_block = block.program_id x\n"
assert old in s
new = """  // Causal programs take their query blocks last to first: the longest
  // programs start first, and the grid ends on short ones.
  %is_causal = arith.cmpi ne, %causal, %c0 : i32
  %pid_x = block.program_id x
  %q_blocks = block.num_programs x
  %last_q_block = arith.subi %q_blocks, %c1 : i32
  %reversed = arith.subi %last_q_block, %pid_x : i32
  %m0_block = arith.select %is_causal, %reversed, %pid_x : i32
"""
s = s.replace(old, new)
s = s.replace("  %is_causal = arith.cmpi ne, %causal, %c0 : i32\n  %whole_blocks", "  %whole_blocks")
open(sys.argv[2], 'w').write(s)
