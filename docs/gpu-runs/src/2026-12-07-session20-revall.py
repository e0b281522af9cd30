import sys
s = open(sys.argv[1]).read()
old = "  %m0_block = block.program_id x\n"
assert old in s
new = """  %pid_x = block.program_id x
  %q_blocks = block.num_programs x
  %last_q_block = arith.subi %q_blocks, %c1 : i32
  %m0_block = arith.subi %last_q_block, %pid_x : i32
"""
open(sys.argv[2], 'w').write(s.replace(old, new))
