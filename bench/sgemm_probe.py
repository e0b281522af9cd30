"""What a cp.async pipeline buys the f32 matmul, measured before building it
into the compiler: a hand-written CUDA kernel with operand tiles copied to
shared memory by cp.async a few steps ahead (one barrier per step), at the
example's problem (4096^3 f32, no TF32), next to cuBLAS and bench.py's Triton
peer on the same buffers. The kernel is a probe of the structure, not
something we ship (docs/performance.md, 2026-12-04: it does not pay, so the
lowering does not emit it).

On the GPU machine (CuPy compiles the kernel with NVRTC):
  python3 bench/sgemm_probe.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import bench  # noqa: E402

# Tiles of BM x BN of c over 256 threads (16 x 16), each thread BM / 16 x 8
# elements of c in runs of 4 rows 64 apart and two runs of 4 columns 64
# apart. b's tile stays as in global memory, copied in 16-byte chunks; a's is
# stored transposed (k-major, as our lowering stages it), copied element by
# element (4-byte cp.async), with its runs of 4 rows swizzled by k so that the
# lanes that write a column of k fall on different banks. Per step of k a
# thread reads BM / 64 + 2 vectors for BM / 2 FMAs. m, n and k must be
# multiples of the tile (the probe runs 4096^3 only).
SOURCE = r"""
template <int BM, int BK, int STAGES>
__global__ void __launch_bounds__(256, 256 / BM)
sgemm(const float *__restrict__ A, const float *__restrict__ B,
      float *__restrict__ C, int M, int N, int K) {
  constexpr int BN = 128, RM = BM / 16;  // rows of c per thread
  extern __shared__ __align__(16) float smem[];
  float *As = smem;                       // [STAGES][BK][BM], rows swizzled
  float *Bs = smem + STAGES * BM * BK;    // [STAGES][BK][BN]
  const int tid = threadIdx.x;
  const int tx = tid % 16, ty = tid / 16;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  const float *Ablk = A + (size_t)row0 * K;
  const float *Bblk = B + col0;

  auto swz = [](int k, int row) { return row ^ ((k % 8) * 4); };
  auto issue = [&](int stage, int kt) {
    const int k0 = kt * BK;
    for (int i = tid; i < BM * BK; i += 256) {
      int r = i / BK, kk = i % BK;
      const float *g = Ablk + (size_t)r * K + k0 + kk;
      unsigned s = (unsigned)__cvta_generic_to_shared(
          As + stage * BM * BK + kk * BM + swz(kk, r));
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s), "l"(g));
    }
    for (int i = tid; i < BK * BN / 4; i += 256) {
      int r = i / (BN / 4), ch = i % (BN / 4);
      const float *g = Bblk + (size_t)(k0 + r) * N + ch * 4;
      unsigned s = (unsigned)__cvta_generic_to_shared(
          Bs + stage * BK * BN + r * BN + ch * 4);
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(g));
    }
  };

  float acc[RM][8] = {};
  const int KT = K / BK;
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < KT) issue(s, s);
    asm volatile("cp.async.commit_group;");
  }
  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group %0;" :: "n"(STAGES - 2));
    __syncthreads();
    // The stage written next was last read in step kt - 1, which every
    // thread has left at the barrier above.
    int next = kt + STAGES - 1;
    if (next < KT) issue(next % STAGES, next);
    asm volatile("cp.async.commit_group;");
    const float *as = As + (kt % STAGES) * BM * BK;
    const float *bs = Bs + (kt % STAGES) * BK * BN;
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
      float a[RM];
#pragma unroll
      for (int q = 0; q < RM / 4; ++q) {
        float4 v = *(const float4 *)(as + kk * BM + swz(kk, q * 64 + ty * 4));
        a[4 * q] = v.x; a[4 * q + 1] = v.y; a[4 * q + 2] = v.z; a[4 * q + 3] = v.w;
      }
      float4 b0 = *(const float4 *)(bs + kk * BN + tx * 4);
      float4 b1 = *(const float4 *)(bs + kk * BN + 64 + tx * 4);
      float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < RM; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
          acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
  }
#pragma unroll
  for (int i = 0; i < RM; ++i) {
    int r = row0 + (i / 4) * 64 + ty * 4 + i % 4;
    float *c = C + (size_t)r * N + col0;
    *(float4 *)(c + tx * 4) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *(float4 *)(c + 64 + tx * 4) = make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}
"""

# BM, BK, stages: at 128 rows two CTAs per SM; at 256, cuBLAS's tiling
# (256 x 128 x 8 in 3 stages, 8 warps, one CTA per SM).
VARIANTS = [(128, 16, 2), (128, 32, 3)] + [(256, bk, st) for bk in (8, 16) for st in (2, 3, 4)]


def main():
    bench.time_cuda_probes(SOURCE, [
        (f"sgemm<{bm}, {bk}, {st}>", f"probe {bm}x128x{bk} s{st}", bm, 128,
         st * (bm + 128) * bk * 4) for bm, bk, st in VARIANTS])


if __name__ == "__main__":
    main()
