"""Persistent snake-order form of an attention example (argv: in, out): the
examples as of session 20 (query blocks last to first), session 19's
snake.py otherwise."""
import sys
s = open(sys.argv[1]).read()
head = '''  %pid_x = block.program_id x
  %q_blocks = block.num_programs x
  %last_q_block = arith.subi %q_blocks, %c1 : i32
  %m0_block = arith.subi %last_q_block, %pid_x : i32
  %m0 = arith.muli %m0_block, %c128 : i32
  %head = block.program_id y
'''
if head not in s:
    sys.exit(f'{sys.argv[1]}: not the non-persistent example')
pre, rest = s.split(head)
body, post = rest.rsplit('  return\n', 1)
loop = '''  %pid = block.program_id x
  %programs = block.num_programs x
  %heads = arith.divui %rows, %seq : i32
  %qblocks = arith.ceildivui %seq, %c128 : i32
  %tiles = arith.muli %qblocks, %heads : i32
  %last_qblock = arith.subi %qblocks, %c1 : i32
  scf.for %tile = %pid to %tiles step %programs : i32 {
    %head = arith.divui %tile, %qblocks : i32
    %forward = arith.remui %tile, %qblocks : i32
    %backward = arith.subi %last_qblock, %forward : i32
    %parity = arith.andi %head, %c1 : i32
    %odd_head = arith.cmpi ne, %parity, %c0 : i32
    %m0_block = arith.select %odd_head, %forward, %backward : i32
    %m0 = arith.muli %m0_block, %c128 : i32
'''
body = ''.join(('  ' + l if l.strip() else l) for l in body.splitlines(True))
open(sys.argv[2], 'w').write(pre + loop + body + '  }\n  return\n' + post)
