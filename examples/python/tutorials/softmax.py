"""Triton's tutorial 02, fused softmax (python/tutorials/02-fused-softmax.py),
ported to Block: the kernel is the tutorial's, with the imports and the
decorator changed to Block's.

Adapted (host only): the tutorial sizes its persistent grid from the compiled
kernel's register count (`softmax_kernel.warmup(...).n_regs`) and the
device's properties (`triton.runtime.driver`); Block's bundles do not report
registers, so softmax() takes `num_programs` (the bench passes Triton's) and
otherwise assumes 32 registers a thread.
The kernels are the Triton authors' (MIT license), as the tutorial writes them.
"""

try:
    import torch
except ImportError:  # the kernel alone runs without torch (interpreter, NumPy)
    torch = None

import block
import block.language as tl


@block.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols, BLOCK_SIZE: tl.constexpr,
                   num_stages: tl.constexpr):
    # starting row of the program
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        # The stride represents how much we need to increase the pointer to advance 1 row
        row_start_ptr = input_ptr + row_idx * input_row_stride
        # The block size is the next power of two greater than n_cols, so we can fit each
        # row in a single block
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        # Load the row into SRAM, using a mask since BLOCK_SIZE may be > than n_cols
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
        # Subtract maximum for numerical stability
        row_minus_max = row - tl.max(row, axis=0)
        # Note that exponentiation in Triton is fast but approximate (i.e., think __expf in CUDA)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        # Write back output to DRAM
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        output_ptrs = output_row_start_ptr + col_offsets
        tl.store(output_ptrs, softmax_output, mask=mask)


def next_power_of_2(n):
    return 1 << (n - 1).bit_length()


def softmax(x, num_programs=None):
    n_rows, n_cols = x.shape
    BLOCK_SIZE = next_power_of_2(n_cols)
    num_warps = 8
    properties = torch.cuda.get_device_properties(x.device)
    num_stages = 4 if getattr(properties, 'shared_memory_per_block_optin', 0) > 200000 else 2
    y = torch.empty_like(x)
    if num_programs is None:  # adapted: no register count (see above), 32 assumed
        occupancy = getattr(properties, 'regs_per_multiprocessor', 65536) // (32 * properties.warp_size * num_warps)
        num_programs = properties.multi_processor_count * occupancy
    num_programs = min(num_programs, n_rows)
    softmax_kernel[(num_programs, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=BLOCK_SIZE,
                                         num_stages=num_stages, num_warps=num_warps)
    return y
