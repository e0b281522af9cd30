//===- BlockMutator.h - Structure-aware mutation of block programs -*- C++ -*-===//
//
// A libFuzzer custom mutator for block programs. Most of the time it parses
// the input and changes the program in IR space (operands rewired to other
// values of the type, arith/math ops swapped for their siblings, reductions,
// scans, shape round trips and constants inserted, attributes and hints
// changed, masks added or dropped, ops cloned or erased) or in text space
// (a power-of-two size scaled throughout, an element type replaced
// throughout, a layout attached to every tensor of one shape), and prints the
// result: mutants mostly stay valid programs and reach the lowering. The rest
// of the time, and for inputs that do not parse, it falls back to
// libFuzzer's byte mutations (which use the -dict= dictionary).
//
// BLOCK_FUZZ_BYTES_ONLY=1 in the environment turns the IR mutations off.
//
//===----------------------------------------------------------------------===//

#ifndef BLOCK_FUZZ_BLOCKMUTATOR_H
#define BLOCK_FUZZ_BLOCKMUTATOR_H

#include <cstddef>
#include <cstdint>

namespace blockfuzz {

/// The body of LLVMFuzzerCustomMutator.
size_t mutateBlockProgram(uint8_t *data, size_t size, size_t maxSize,
                          unsigned seed);

} // namespace blockfuzz

#endif // BLOCK_FUZZ_BLOCKMUTATOR_H
