"""Pins each turn's bar.sync after the softmax in attention PTX (an
experiment, session 18): before every `bar.sync %rN, 256` that follows the
softmax's row sums (the add after each row's last butterfly shuffle), a
volatile shared store of those sums to a per-thread slot, which ptxas can
neither drop nor move past the barrier. argv: in.ptx out.ptx"""
import re, sys
lines = open(sys.argv[1]).read().split('\n')
out, pinned = [], 0
add = re.compile(r'\tadd\.rn\.f32 \t(%r\d+), (%r\d+), (%r\d+);')
for i, line in enumerate(lines):
    if line.startswith('.extern .shared'):
        out.append(line)
        out.append('.shared .align 8 .b8 pin_scratch[2048];')
        continue
    if re.match(r'\tbar\.sync \t%r\d+, 256;', line):
        found = []
        for j in range(i - 1, max(i - 600, 3), -1):
            if lines[j].startswith('$L__') or 'wgmma.mma_async' in lines[j]:
                break
            m = add.match(lines[j])
            if m and re.match(r'\tshfl\.sync\.bfly\.b32 \t%s, %s, 2, 31, -1;'
                              % (m.group(3), m.group(2)), lines[j - 1]):
                found.append(m.group(1))
            if len(found) == 2:
                break
        sums = tuple(reversed(found)) if len(found) == 2 else None
        if sums:
            pinned += 1
            out += ['\t{', '\t.reg .b32 pt, pa;', '\tmov.u32 pt, %tid.x;',
                    '\tmov.u32 pa, pin_scratch;', '\tmad.lo.u32 pa, pt, 8, pa;',
                    '\tst.volatile.shared.v2.f32 [pa], {%s, %s};' % sums, '\t}']
    out.append(line)
open(sys.argv[2], 'w').write('\n'.join(out))
print(sys.argv[1], 'pinned', pinned)
